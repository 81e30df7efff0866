"""``hedgemony balance``: many seeded computer games, and how each seat fares.

For each player seat: the share of games it won (the game's own outcome), and its mean
score at the end (Hedgemony: Influence Points), with the game's summary figures
averaged. Games are seeded ``--seed`` .. ``--seed + N - 1`` and played by the table's
one match loop, as ``simulate`` plays them.
"""

from __future__ import annotations

import argparse
from typing import Any

from rich import box
from rich.table import Table

from ..table import match
from ..table.contract import player_seats
from ..table.errors import RuleInputError
from ..table.host import TableHost
from ..table.registry import DEFAULT_GAME, get_rules
from ..table.seats import Seats
from ..table.session import Session
from .game_args import add_game_argument, add_scenario_argument, control_mode, new_state, options_from
from .parsing import option_assignment, seat_assignment, seat_policies

MAX_GAMES = 10_000
MAX_TURNS = 30
Result = tuple[dict[str, Any], Any]


def add_balance_parser(commands: Any) -> None:
    bal = commands.add_parser("balance", help="play N seeded computer games; win rate and mean figures per seat")
    add_game_argument(bal)
    bal.add_argument("--games", type=int, required=True, metavar="N", help="how many games")
    bal.add_argument("--seed", type=int, default=1, metavar="S", help="seed of the first game (default 1)")
    bal.add_argument("--policy", default="basic", help="how every seat chooses (default basic)")
    bal.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="SEAT=POLICY",
        type=seat_assignment,
        help="one seat's policy, e.g. --seat US=expert (repeatable)",
    )
    bal.add_argument("--turns", type=int, default=None, metavar="T", help="length of each game (the option turns)")
    bal.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        type=option_assignment,
        help="a game option (repeatable)",
    )
    add_scenario_argument(bal)
    bal.add_argument(
        "--white-cell",
        "--control",
        dest="control",
        default=None,
        metavar="MODE",
        help="the automated control seat's mode",
    )
    bal.add_argument("--json", action="store_true", help="print one JSON object")
    bal.set_defaults(handler=cmd_balance)


def cmd_balance(args: argparse.Namespace) -> Result:
    if not 1 <= args.games <= MAX_GAMES:
        raise RuleInputError(f"--games must be 1-{MAX_GAMES} (got {args.games})")
    if args.turns is not None and not 1 <= args.turns <= MAX_TURNS:
        raise RuleInputError(f"--turns must be 1-{MAX_TURNS} (got {args.turns})")
    rules = get_rules(args.game or DEFAULT_GAME)
    names = match.seat_policy_names(rules, args.policy, seat_policies((s.id for s in rules.seats()), args.seat))
    options = options_from(rules, args.option, args.turns, MAX_TURNS, args.scenario)
    mode = control_mode(rules, args.control, names)
    players = player_seats(rules)
    wins = dict.fromkeys(players, 0)
    figures: dict[str, dict[str, float]] = {p: {} for p in players}
    control = rules.info.control_seat
    seats = Seats.of_specs(rules.seats(), {**names, **({control: mode} if control and mode else {})})
    for seed in range(args.seed, args.seed + args.games):
        # The table host plays each game, as on the screens: every seat a computer.
        host = TableHost(rules, Session(rules, new_state(rules, seed, options)), seats)
        host.run()
        if host.stopped or not host.over:
            raise RuntimeError(f"game {seed} stopped: {host.stopped or rules.pending(host.state).prompt}")
        end = host.state
        outcome = rules.outcome(end)
        winners = outcome.winners if outcome else ()
        for p in players:
            wins[p] += p in winners
        for p, row in rules.summary(end).get("players", {}).items():
            if not isinstance(row, dict):  # a game without per-seat figures: win rates only
                continue
            for key, value in row.items():
                if isinstance(value, (int, float)) and p in figures:
                    figures[p][key] = figures[p].get(key, 0) + value
    n = args.games
    payload = {
        "game": rules.info.id,
        "games": n,
        "players": {
            p: {"win_rate": round(wins[p] / n, 4), **{f"mean_{k}": round(v / n, 2) for k, v in figures[p].items()}}
            for p in players
        },
    }
    keys = sorted({k for p in players for k in payload["players"][p] if k.startswith("mean_")})
    table = Table(
        title=f"{rules.info.title}: {n} games from seed {args.seed}", box=box.SIMPLE_HEAVY, title_style="bold"
    )
    for header in ("Seat", "Policy", "Win rate", *(k.removeprefix("mean_").upper() + " (mean)" for k in keys)):
        table.add_column(header, justify="left" if header in ("Seat", "Policy") else "right")
    for p in players:
        row = payload["players"][p]
        table.add_row(p, names[p], f"{row['win_rate']:.0%}", *(f"{row[k]:.1f}" for k in keys))
    return payload, table
