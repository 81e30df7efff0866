"""Hex Encounters' part of the ``hedgemony`` command: the facilitator's combat calculator
(``hedgemony calc --game hex-encounters combat ...``)."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import RenderableType

from ..engine.data import HexDataError
from .calc import add_calc_parser

Result = tuple[Any, RenderableType]


def add_parsers(commands: Any) -> None:
    add_calc_parser(commands)


def run(args: argparse.Namespace) -> Result:
    result: Result = args.handler(args)
    return result


def errors() -> tuple[type[Exception], ...]:
    return (HexDataError,)
