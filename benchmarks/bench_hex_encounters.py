"""How the computer players of Hex Encounters fare, side by side.

    .venv/bin/python benchmarks/bench_hex_encounters.py [--games N] [--seed S] [--turns T]
        [--pairing basic:basic] [--seconds 180]

Plays N seeded games for each pairing (Red's policy against Blue's and Green's):
random vs random (the baseline), basic vs random, random vs basic, and basic vs basic.
Prints each pairing's win rate by side with its 95% Wilson interval
(``table.stats.rate_interval``), how the games ended, and the seconds per game.
"basic beats random" holds for a side when its win rate with ``basic`` exceeds its win
rate with ``random`` against the same opposition. The game's dice are keyed by what each
roll is for, so the pairings share their seeds' dice.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from hedgemony_tui.games.hex_encounters.rules import RULES
from hedgemony_tui.table import match
from hedgemony_tui.table.stats import rate_interval

PAIRINGS = (("random", "random"), ("basic", "random"), ("random", "basic"), ("basic", "basic"))


def play(seed: int, red: str, blue: str, turns: int) -> tuple[str, str]:
    names = {"RED134": red, "RED218": red, "BLUE": blue, "GREEN": blue}
    final = match.play(
        RULES, RULES.setup(seed, {"turns": turns}), match.policies_for(RULES, names), max_decisions=50_000
    )
    return final.winner, ending(final.why)


def ending(why: str) -> str:
    """How a game ended, as a kind ("Red off the east edge", "Red is broken", ...): the
    combat power that left is dropped, so the endings group."""
    return "Red off the east edge" if "off the east edge" in why else why.split(":")[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per pairing (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--turns", type=int, default=8, help="turns per game (default 8)")
    parser.add_argument(
        "--pairing",
        action="append",
        default=[],
        metavar="RED:BLUE",
        help="play only this pairing (repeatable), e.g. basic:basic",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=0.0,
        help="stop each pairing once this many seconds are spent (the games played are reported)",
    )
    args = parser.parse_args()
    pairings = [tuple(p.split(":", 1)) for p in args.pairing] or list(PAIRINGS)
    print(
        f"Hex Encounters: {args.games} games per pairing, seeds {args.seed}-{args.seed + args.games - 1}, "
        f"{args.turns} turns"
    )
    print(f"{'Red':>7} vs {'Blue':<7} {'Red wins':>9} {'95% interval':>15} {'Blue wins':>10} {'s/game':>7}  endings")
    for red, blue in pairings:
        start = time.perf_counter()
        results = []
        for seed in range(args.seed, args.seed + args.games):
            results.append(play(seed, red, blue, args.turns))
            if args.seconds and time.perf_counter() - start > args.seconds:
                break
        seconds = (time.perf_counter() - start) / len(results)
        red_wins = sum(1 for winner, _ in results if winner == "red")
        rate, low, high = rate_interval(red_wins, len(results))
        endings = Counter(why for _, why in results)
        print(
            f"{red:>7} vs {blue:<7} ({len(results)} games, seeds {args.seed}-{args.seed + len(results) - 1}) {rate:>9.0%} {f'{low:.0%}-{high:.0%}':>15} {1 - rate:>10.0%} {seconds:>7.1f}  "
            + "; ".join(f"{n}× {why}" for why, n in endings.most_common()),
            flush=True,
        )


if __name__ == "__main__":
    main()
