"""The parsers of ``hedgemony calc --game grand-game combat KIND``: a facilitator's
calculator for the Grand Game's combats (land, several sides on land, sea, air, bombing).

Each kind prints the cards each side draws and why (base values, orders, obstacles,
terrain, air), and the chance of each result before any card is drawn; ``--seed N``
also resolves one keyed draw, exactly as the game would with that seed and turn, and
shows its cards. ``--json`` prints the same as one JSON object. The commands are in
``calc_land`` and ``calc_sea_air``; the rules they apply are the engine's.
"""

from __future__ import annotations

import argparse
from typing import Any

from hedgemony_tui.cli.parsing import OneLineParser

from ..engine.land_forces import ADVANCE, DEFEND, DEFENSIVE, OBSTACLE_RATE, OFFENSIVE
from ..engine.multi_odds import DEFAULT_SAMPLES
from ..engine.sea_combat import PATROL, SEA_ORDERS
from . import notation
from .calc_land import cmd_land, cmd_multi, crossing_force, side_spec
from .calc_sea_air import cmd_air, cmd_bombing, cmd_sea

LAND_EXAMPLE = (
    "calc --game grand-game combat land --attack 3inf,1armor --order advance --defend 2inf --terrain mountain"
)


def _common(parser: argparse.ArgumentParser, place: str, default: str) -> None:
    """--seed, --turn, the place's name for the keyed draw, and --json."""
    parser.add_argument(
        f"--{place}",
        default=default,
        metavar="NAME",
        help=f"the {place}'s name, part of the draw's key (default {default})",
    )
    parser.add_argument(
        "--seed",
        type=notation.seed,
        default=None,
        metavar="N",
        help="also resolve one keyed draw with this seed and show it",
    )
    parser.add_argument("--turn", type=notation.turn, default=1, metavar="T", help="the turn of that draw (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _names(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--attacker", type=notation.name, default="attacker", metavar="NAME", help="the attacking side's name"
    )
    parser.add_argument(
        "--defender", type=notation.name, default="defender", metavar="NAME", help="the defending side's name"
    )


def _air(parser: argparse.ArgumentParser, prefix: str, whose: str) -> None:
    parser.add_argument(
        f"--{prefix}air",
        type=notation.units,
        default=0,
        metavar="N",
        help=f"{whose} air superiority in the zone (one side at most; default 0)",
    )
    parser.add_argument(
        f"--{prefix}tactical",
        type=notation.units,
        default=None,
        metavar="N",
        help=f"points of {whose} superiority given to tactical air (default: all of it, L251)",
    )


def _terrain(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--terrain",
        type=notation.terrain,
        action="append",
        default=[],
        metavar="MARKS",
        help="the territory's marks: city, port, mountain (comma-separated or repeated; default open ground)",
    )
    parser.add_argument("--winter", action="store_true", help="fought in winter (+1 to every defender, L327)")


def _land(commands: Any) -> None:
    land = commands.add_parser(
        "land",
        help="two sides in a land territory: cards, modifiers and the chance of each result",
        description="A land combat between an attacker and the territory's holder.",
        epilog=f"example: hedgemony {LAND_EXAMPLE}. Supplies default to full supply (one a unit, two under "
        "Blitzkrieg); --supplies 0 fights at 1 a unit (G-X4).",
    )
    land.add_argument(
        "--attack",
        type=notation.land_force,
        default=notation.land_force(""),
        metavar="FORCE",
        help="the attack's units fighting overland, e.g. 3inf,1armor",
    )
    for obstacle in OBSTACLE_RATE:
        land.add_argument(
            f"--{obstacle}",
            type=crossing_force,
            nargs="?",
            const="all",
            default=None,
            metavar="FORCE",
            help=f"the part of the attack crossing a {obstacle} (alone: all of --attack crosses it)",
        )
    land.add_argument("--order", choices=OFFENSIVE, default=ADVANCE, help="the attacker's order (default advance)")
    land.add_argument(
        "--supplies",
        type=notation.supplies,
        default=None,
        metavar="N",
        help="the attacker's supplies (default: full supply)",
    )
    land.add_argument(
        "--retreat",
        type=notation.name,
        default=None,
        metavar="PLACE",
        help="the attacker's retreat (Scout must name one)",
    )
    _air(land, "", "the attacker's")
    land.add_argument("--defend", type=notation.land_force, required=True, metavar="FORCE", help="the holder's units")
    land.add_argument(
        "--defend-order",
        "--stance",
        dest="defend_order",
        choices=DEFENSIVE,
        default=DEFEND,
        help="the holder's order (default defend)",
    )
    land.add_argument(
        "--defend-supplies",
        type=notation.supplies,
        default=None,
        metavar="N",
        help="the holder's supplies (default: full supply)",
    )
    land.add_argument(
        "--defend-retreat",
        type=notation.name,
        default=None,
        metavar="PLACE",
        help="where the holder retreats (not Hold)",
    )
    _air(land, "defend-", "the holder's")
    _terrain(land)
    _names(land)
    _common(land, "territory", "the territory")
    land.set_defaults(handler=cmd_land)


def _multi(commands: Any) -> None:
    multi = commands.add_parser(
        "multi",
        help="three or more sides in one land territory (L376): chance of each result",
        description="Every pair of sides fights at full strength; the side with survivors and the highest total "
        "occupies. The side with a Screen, Defend or Hold order is the holder.",
        epilog="example: --side blue=defend:4inf --side red=advance:3armor --side green=blitzkrieg:2armor:air=2. "
        "Extras after the force: supplies=N, air=N, tactical=N, retreat=PLACE, river=FORCE, canal=FORCE, shore=FORCE.",
    )
    multi.add_argument(
        "--side",
        type=side_spec,
        action="append",
        default=[],
        metavar="NAME=ORDER:FORCE[:EXTRA...]",
        help="one side (repeat for each, 2 to 6)",
    )
    multi.add_argument(
        "--samples",
        type=notation.samples,
        default=DEFAULT_SAMPLES,
        metavar="N",
        help=f"combats sampled when too many to count exactly (default {DEFAULT_SAMPLES})",
    )
    multi.add_argument(
        "--sample-seed", type=notation.seed, default=1, metavar="N", help="seed of that sampling (default 1)"
    )
    _terrain(multi)
    _common(multi, "territory", "the territory")
    multi.set_defaults(handler=cmd_multi)


def _sea(commands: Any) -> None:
    sea = commands.add_parser(
        "sea",
        help="two forces at sea (or a port attack): search, cards and fleets lost",
        epilog="example: --attack 2heavy,1light --order engage --defend 3light --defend-order hide --winter. "
        "Fleet kinds: light, loaded (a light fleet carrying cargo), heavy. Supplies default to one a fleet.",
    )
    sea.add_argument(
        "--attack", type=notation.sea_force, required=True, metavar="FLEETS", help="the first side's fleets"
    )
    sea.add_argument("--order", choices=SEA_ORDERS, default=PATROL, help="its order (default patrol)")
    sea.add_argument(
        "--supplies", type=notation.supplies, default=None, metavar="N", help="its supplies (default: one a fleet)"
    )
    _air(sea, "", "the first side's")
    sea.add_argument(
        "--defend", type=notation.sea_force, required=True, metavar="FLEETS", help="the other side's fleets"
    )
    sea.add_argument("--defend-order", choices=SEA_ORDERS, default=PATROL, help="its order (default patrol)")
    sea.add_argument(
        "--defend-supplies",
        type=notation.supplies,
        default=None,
        metavar="N",
        help="its supplies (default: one a fleet)",
    )
    _air(sea, "defend-", "the other side's")
    sea.add_argument("--winter", action="store_true", help="in winter (search finds on 3 or less, L272)")
    sea.add_argument("--port", action="store_true", help="the first side attacks the other's fleets in port (L315)")
    _names(sea)
    _common(sea, "place", "the sea")
    sea.set_defaults(handler=cmd_sea)


def _air_parsers(commands: Any) -> None:
    air = commands.add_parser(
        "air",
        help="an air battle: the chance of each superiority, and of bombing damage with it",
        epilog="example: --attack 5 --defend 3 --bomb 2",
    )
    air.add_argument("--attack", type=notation.units, required=True, metavar="N", help="the first side's aircraft")
    air.add_argument("--defend", type=notation.units, required=True, metavar="N", help="the other side's aircraft")
    air.add_argument(
        "--bomb",
        type=notation.units,
        default=0,
        metavar="POINTS",
        help="points of the first side's superiority written for strategic bombing (L251)",
    )
    air.add_argument(
        "--target",
        type=notation.name,
        default="target",
        metavar="ZONE",
        help="the economic zone bombed (the draw's key)",
    )
    _names(air)
    _common(air, "zone", "zone")
    air.set_defaults(handler=cmd_air)

    bombing = commands.add_parser(
        "bombing", help="strategic bombing dice: the chance of each total of damage", epilog="example: --dice 3"
    )
    bombing.add_argument("--dice", type=notation.dice, required=True, metavar="N", help="dice rolled (1 to 99)")
    bombing.add_argument(
        "--target",
        type=notation.name,
        default="target",
        metavar="ZONE",
        help="the economic zone bombed (the draw's key)",
    )
    _common(bombing, "zone", "zone")
    bombing.set_defaults(handler=cmd_bombing)


def add_calc_parser(subparsers: Any) -> None:
    calc = subparsers.add_parser(
        "calc",
        help="the combat calculator of the Grand Game",
        description="Cards, modifiers and exact odds of a Grand Game combat, for a facilitator.",
    )
    commands = calc.add_subparsers(dest="calc_command", metavar="COMMAND", parser_class=OneLineParser)
    commands.required = True
    combat = commands.add_parser(
        "combat",
        help="a combat's cards and the chance of each result",
        description="Choose the kind of combat: land, multi (three or more sides on land), sea, air, bombing.",
    )
    kinds = combat.add_subparsers(
        dest="combat_kind", metavar="KIND (land, multi, sea, air or bombing)", parser_class=OneLineParser
    )
    kinds.required = True
    _land(kinds)
    _multi(kinds)
    _sea(kinds)
    _air_parsers(kinds)
