"""*Gaming to the Rescue!*'s part of the ``hedgemony`` command: ``check-map`` (a map
file's problems, every one) and ``need`` (what a crisis die costs each actor), and its
placemats for ``simulate`` and ``show`` (the map, the players, the crises), and its section
of the debrief pack (:mod:`.debrief`: where each actor's GP went)."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from ....table import tomlsafe
from ....table.files import read_user_file
from ....table.text import inert
from ..engine.actors import COLOURS, SEATS
from ..engine.board import MapError, default_board, map_problems
from ..engine.cards import CardError
from ..engine.reckon import requirement
from ..engine.state import Crisis, RescueState
from ..render.mapview import draw_map
from ..render.panels import side_panel
from .debrief import aar_sections

__all__ = ["aar_sections", "add_parsers", "errors", "placemats", "run"]

Result = tuple[Any, RenderableType] | tuple[Any, RenderableType, int]
EXIT_PROBLEMS = 2


def add_parsers(commands: Any) -> None:
    check = commands.add_parser("check-map", help="list every problem of a Gaming to the Rescue! map file")
    check.add_argument(
        "path",
        metavar="MAP",
        nargs="?",
        default=None,
        help="a map file like data/rescue/map.toml (default: the shipped map)",
    )
    check.add_argument("--json", action="store_true", help="print one JSON object")
    check.set_defaults(handler=cmd_check_map)
    need = commands.add_parser("need", help="what a crisis die costs each actor (discount, riot, minimum 1)")
    need.add_argument("colour", choices=COLOURS, help="the die's colour")
    need.add_argument("face", type=int, choices=range(1, 7), metavar="FACE", help="the die's face, 1-6")
    need.add_argument("--riot", action="store_true", help="a Riot Meeple is on the crisis")
    need.add_argument("--json", action="store_true", help="print one JSON object")
    need.set_defaults(handler=cmd_need)


def run(args: argparse.Namespace) -> Result:
    result: Result = args.handler(args)
    return result


def errors() -> tuple[type[Exception], ...]:
    return (MapError, CardError)


def cmd_check_map(args: argparse.Namespace) -> Result:
    if args.path is None:
        default_board()  # raises MapError, listing every problem, if the shipped map is broken
        found: list[str] = []
        where = "the shipped map"
    else:
        found, where = map_file_problems(args.path), inert(args.path)
    lines = [f"{where}: {p}" for p in found] or [f"{where}: no problems"]
    return {"map": where, "problems": found}, "\n".join(lines), EXIT_PROBLEMS if found else 0


def map_file_problems(name: str) -> list[str]:
    """Every problem of the map file ``name``, read as every command reads a file it is
    given: a regular file, at most ``MAX_BOARD_BYTES`` (a device such as /dev/zero is
    refused at once, never read to the end); refusals are one line (RuleInputError)."""
    data = read_user_file(name, tomlsafe.MAX_BOARD_BYTES, "map file")
    try:
        raw = tomlsafe.loads(data.decode("utf-8"), what="this map file", max_bytes=tomlsafe.MAX_BOARD_BYTES)
    except UnicodeDecodeError as exc:
        return [f"not UTF-8 text (byte {exc.start})"]
    except ValueError as exc:  # tomllib.TOMLDecodeError, tomlsafe.UnsafeToml
        return [f"not TOML: {exc}"]
    return map_problems(raw)


def cmd_need(args: argparse.Namespace) -> Result:
    crisis = Crisis(0, "", args.colour, args.face, args.riot)
    rows = {s: requirement(crisis, s) for s in SEATS}
    payload = {s: {"tokens": r.tokens, "resource": r.resource, "worksheet": r.worksheet()} for s, r in rows.items()}
    return payload, "\n".join(f"{s}: {r.worksheet()}" for s, r in rows.items())


def placemats(state: RescueState, payload: dict[str, Any]) -> RenderableType:
    title = f"Gaming to the Rescue! cycle {state.cycle}, {state.stage}"
    footer = Text(
        f"result: {('Gameland ' + state.result) if state.result else 'in play'}   "
        f"state hash {payload.get('state_hash', '')}"
    )
    return Group(Text(title, style="bold"), draw_map(state, default_board()), side_panel(state), footer)
