"""Hex Encounters' part of the ``hedgemony`` command: the facilitator's combat calculator
(``hedgemony calc --game hex-encounters combat ...``)."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import RenderableType

Result = tuple[Any, RenderableType]


def add_parsers(commands: Any) -> None:
    from .calc import add_calc_parser

    add_calc_parser(commands)


def run(args: argparse.Namespace) -> Result:
    result: Result = args.handler(args)
    return result


def errors() -> tuple[type[Exception], ...]:
    from ..engine.data import HexDataError

    return (HexDataError,)
