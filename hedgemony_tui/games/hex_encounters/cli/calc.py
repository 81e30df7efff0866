"""``hedgemony calc --game hex-encounters combat``: a combat's column and the exact chance
of each result, for a facilitator at a physical table.

Result names (who loses cohesion, and how many hexes that side retreats):
``attacker-loses-retreats-2``, ``attacker-loses-retreats-1``, ``attacker-loses``,
``both-lose``, ``defender-loses``, ``defender-loses-retreats-1``,
``defender-loses-retreats-2``. Shifts count in the attacker's favour when positive;
the terrain's shift (for the defender) is added by ``--terrain``."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from hedgemony_tui.cli.parsing import OneLineParser
from hedgemony_tui.table.errors import RuleInputError

from ..engine.combat import COLUMNS, clamp, column_chances, ratio_column, result_chances, result_name
from ..engine.data import TERRAINS, game_data

Result = tuple[dict[str, Any], RenderableType]


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number, not {text!r}") from None


def _power(text: str) -> int:
    value = _whole(text)
    if not 0 <= value <= 200:
        raise argparse.ArgumentTypeError(f"combat power is a whole number from 0 to 200, not {text!r}")
    return value


def add_calc_parser(subparsers: Any) -> None:
    calc = subparsers.add_parser(
        "calc",
        help="the combat calculator of Hex Encounters",
        description="Column and exact odds of a Hex Encounters combat.",
    )
    commands = calc.add_subparsers(dest="calc_command", metavar="COMMAND", parser_class=OneLineParser)
    commands.required = True
    combat = commands.add_parser(
        "combat",
        help="the CRT column and the chance of each result",
        epilog="results: attacker-loses-retreats-2 attacker-loses-retreats-1 attacker-loses both-lose "
        "defender-loses defender-loses-retreats-1 defender-loses-retreats-2",
    )
    combat.add_argument("--attack", type=_power, required=True, metavar="CP", help="the attackers' total combat power")
    combat.add_argument("--defend", type=_power, required=True, metavar="CP", help="the defenders' total combat power")
    combat.add_argument("--terrain", choices=TERRAINS, default="open", help="the attacked hex's terrain (default open)")
    combat.add_argument(
        "--shift",
        type=_whole,
        action="append",
        default=[],
        metavar="N",
        help="another column shift, + for the attacker, - for the defender (repeatable)",
    )
    combat.add_argument("--json", action="store_true", help="print one JSON object")
    combat.set_defaults(handler=cmd_combat)


def combat_odds(attack: int, defend: int, terrain: str = "open", shifts: tuple[int, ...] = ()) -> dict[str, Any]:
    """The calculator's answer as data (the JSON printed by ``--json``)."""
    tables = game_data().tables
    if terrain not in TERRAINS:
        raise RuleInputError(f"terrain is one of {', '.join(TERRAINS)}, not {terrain!r}")
    base = ratio_column(attack, defend)
    ground = -tables.terrain_shift[terrain]
    before = base + ground + sum(shifts)
    return {
        "attack": attack,
        "defend": defend,
        "terrain": terrain,
        "ratio_column": COLUMNS[base],
        "terrain_shift": ground,
        "shifts": list(shifts),
        "column": COLUMNS[clamp(before)],
        "columns": [
            {"column": COLUMNS[c], "result": result_name(tables, c), "chance": float(p), "fraction": str(p)}
            for c, p in column_chances(before)
        ],
        "results": [
            {"result": name, "chance": float(p), "fraction": str(p)} for name, p in result_chances(tables, before)
        ],
    }


def cmd_combat(args: argparse.Namespace) -> Result:
    payload = combat_odds(args.attack, args.defend, args.terrain, tuple(args.shift))
    table = Table(
        title=f"{args.attack} CP against {args.defend} CP in {args.terrain}: column {payload['column']} before the dice"
    )
    table.add_column("final column")
    table.add_column("result")
    table.add_column("chance", justify="right")
    for row in payload["columns"]:
        table.add_row(row["column"], row["result"], f"{row['fraction']} ({row['chance']:.1%})")
    before = ratio_column(args.attack, args.defend) + payload["terrain_shift"] + sum(args.shift)
    # X-H6: the shifts stop at the table's end; the dice then move on from there.
    stopped = f" (stopped at {payload['column']}, the table's end)" if before != clamp(before) else ""
    note = Text(
        f"ratio {payload['ratio_column']}, terrain {payload['terrain_shift']:+d}, "
        f"other shifts {sum(args.shift):+d}{stopped}; then each side's d4 in its favour (16 outcomes)"
    )
    return payload, Group(table, note)
