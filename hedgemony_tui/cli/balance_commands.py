"""``hedgemony balance``: many seeded bot games, and how each player fares.

For each player: the share of games it won by its own victory conditions (Table A.2 of
the scenario), and its mean Influence Points and Resource Points at the end. Games are
seeded 1..N after ``--seed`` (so ``--seed 100 --games 5`` plays seeds 100-104) and
played exactly as ``simulate`` plays them.
"""

from __future__ import annotations

import argparse
from typing import Any

from rich import box
from rich.table import Table

from hedgemony_tui.games.hedgemony.engine.content import content_for
from hedgemony_tui.table.errors import RuleInputError
from hedgemony_tui.games.hedgemony.engine.setup import new_game, settings_for
from .game_commands import POLICIES, WHITE_CELL_MODES, Result, play, seat_assignment, seat_policies

MAX_GAMES = 10_000


def add_balance_parser(commands: Any) -> None:
    bal = commands.add_parser("balance", help="play N seeded bot games; win rate, mean IP and RP per player")
    bal.add_argument("--games", type=int, required=True, metavar="N", help="how many games")
    bal.add_argument("--seed", type=int, default=1, metavar="S", help="seed of the first game (default 1)")
    bal.add_argument("--policy", choices=sorted(POLICIES), default="basic", help="how every seat chooses (default basic)")
    bal.add_argument("--seat", action="append", default=[], metavar="SEAT=POLICY", type=seat_assignment,
                     help="one seat's policy, e.g. --seat US=expert (repeatable)")
    bal.add_argument("--turns", type=int, default=None, metavar="T", help="length of each game (default: the scenario's)")
    bal.add_argument("--white-cell", choices=WHITE_CELL_MODES, default=None, help="the automated White Cell")
    bal.add_argument("--json", action="store_true", help="print one JSON object")
    bal.set_defaults(handler=cmd_balance)


def cmd_balance(args: argparse.Namespace) -> Result:
    if not 1 <= args.games <= MAX_GAMES:
        raise RuleInputError(f"--games must be 1-{MAX_GAMES} (got {args.games})")
    if args.turns is not None and not 1 <= args.turns <= 30:
        raise RuleInputError(f"--turns must be 1-30 (got {args.turns})")
    content = content_for("default")
    seats = dict(args.seat)
    names = seat_policies(args.policy, seats, content.scenario.player_ids)
    overrides = {} if args.turns is None else {"turns": args.turns}
    players = content.scenario.player_ids
    wins = {p: 0 for p in players}
    ip = {p: 0 for p in players}
    rp = {p: 0 for p in players}
    for seed in range(args.seed, args.seed + args.games):
        state = new_game(content, seed, settings_for(content, **overrides))
        end = play(state, None, args.policy, seats, args.white_cell)
        for p in end.players:
            wins[p.id] += p.id in end.winners
            ip[p.id] += p.ip
            rp[p.id] += p.rp
    n = args.games
    payload = {
        "games": n,
        "players": {
            p: {"win_rate": round(wins[p] / n, 4), "mean_ip": round(ip[p] / n, 2), "mean_rp": round(rp[p] / n, 2)}
            for p in players
        },
    }
    table = Table(title=f"{n} games from seed {args.seed}", box=box.SIMPLE_HEAVY, title_style="bold")
    for header in ("Player", "Policy", "Win rate", "Mean IP", "Mean RP"):
        table.add_column(header, justify="left" if header in ("Player", "Policy") else "right")
    for p in players:
        row = payload["players"][p]
        table.add_row(p, names[p], f"{row['win_rate']:.0%}", f"{row['mean_ip']:.1f}", f"{row['mean_rp']:.1f}")
    return payload, table
