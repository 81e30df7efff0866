"""How often the computer players save Gameland in *Gaming to the Rescue!*.

    .venv/bin/python benchmarks/bench_rescue.py [--games N] [--seed S] [--option NAME=VALUE ...]

Plays N seeded games (default 200, seeds S .. S+N-1) with every seat ``basic``, and the
same seeds with every seat ``random``, through the table's one match loop
(``table/match.py``), as ``hedgemony balance --game rescue`` plays them. The dice are
keyed by what each roll is for, so the two arms start every game from the same crisis
dice and draw the same events while their play agrees. Prints for each arm: the rate of
"Gameland saved" with its 95% Wilson interval (``table/stats.py``), McNemar's exact
test on the paired games, the distribution of the game's length in cycles, the mean
Global Perception per actor, and the time taken.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hedgemony_tui.table import match
from hedgemony_tui.table.registry import get_rules
from hedgemony_tui.table.stats import rate_interval, sign_test


def arm(policy: str, seeds: range, options: dict[str, object]) -> list[tuple[bool, int, dict[str, int]]]:
    rules = get_rules("rescue")
    policies = match.policies_for(rules, match.seat_policy_names(rules, policy))
    games = []
    for seed in seeds:
        end = match.play(rules, rules.setup(seed, options), policies, max_decisions=20_000)
        games.append((end.result == "saved", end.cycle, {a.id: a.gp for a in end.actors}))
    return games


def value(text: str) -> object:
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return int(text) if text.lstrip("-").isdigit() else text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    options = {k: value(v) for k, _, v in (o.partition("=") for o in args.option)}
    seeds = range(args.seed, args.seed + args.games)
    results = {}
    for policy in ("basic", "random"):
        started = time.perf_counter()
        results[policy] = arm(policy, seeds, options)
        took = time.perf_counter() - started
        games = results[policy]
        saved = sum(g[0] for g in games)
        rate, low, high = rate_interval(saved, len(games))
        cycles = Counter(g[1] for g in games)
        gp = {seat: statistics.mean(g[2][seat] for g in games) for seat in ("USM", "HN", "HC")}
        print(
            f"{policy:>6}: Gameland saved {saved}/{len(games)} = {rate:.1%} (95% CI {low:.1%}-{high:.1%})"
            f"   {took:.1f} s ({1000 * took / len(games):.0f} ms a game)"
        )
        print(
            f"        cycles: mean {statistics.mean(g[1] for g in games):.1f}, median "
            f"{statistics.median(g[1] for g in games)}, " + " ".join(f"{c}:{n}" for c, n in sorted(cycles.items()))
        )
        print("        mean GP at the end: " + ", ".join(f"{s} {v:.2f}" for s, v in gp.items()))
    won = sum(b[0] and not r[0] for b, r in zip(results["basic"], results["random"]))
    lost = sum(r[0] and not b[0] for b, r in zip(results["basic"], results["random"]))
    print(
        f"paired: basic saved {won} games random lost, random saved {lost} basic lost; "
        f"McNemar exact p = {sign_test(won, lost):.2g}"
    )


if __name__ == "__main__":
    main()
