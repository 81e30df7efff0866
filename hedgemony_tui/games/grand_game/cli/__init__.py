"""The Grand Game's part of the ``hedgemony`` command: the facilitator's combat calculator
(``hedgemony calc --game grand-game combat land|multi|sea|air|bombing ...``)."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import RenderableType

from hedgemony_tui.table.errors import RuleInputError

from ..engine.air_combat import AirOrderError
from ..engine.air_deck import AirDeckError
from ..engine.land_deck import LandDeckError
from ..engine.land_forces import LandOrderError
from ..engine.map import MapError
from ..engine.sea_combat import SeaOrderError
from ..engine.sea_deck import SeaDeckError
from ..engine.units import UnitTableError
from .aar import aar_rolls_csv, aar_sections
from .calc import add_calc_parser
from .placemats import placemats

__all__ = ["aar_rolls_csv", "add_parsers", "aar_sections", "errors", "placemats", "run"]

Result = tuple[Any, RenderableType]


def add_parsers(commands: Any) -> None:
    add_calc_parser(commands)


def run(args: argparse.Namespace) -> Result:
    try:
        result: Result = args.handler(args)
    except (LandOrderError, SeaOrderError, AirOrderError) as error:
        # A force the rules refuse is bad input, not broken data: one line, exit status 2.
        raise RuleInputError(str(error)) from None
    return result


def errors() -> tuple[type[Exception], ...]:
    """The game's data errors (a deck, the unit table or the map that fails its checks)."""
    return (LandDeckError, SeaDeckError, AirDeckError, UnitTableError, MapError)
