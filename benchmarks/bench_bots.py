"""How fast and how strong the computer players are.

    .venv/bin/python benchmarks/bench_bots.py [--games N] [--turns T] [--jobs J] [--skip-strength]

Prints milliseconds per decision of ``basic`` (target < 50 ms) and ``expert`` (target
< 1 s), the time of a full 8-turn all-``basic`` game (target < 5 s), and a strength
table: over N seeded games (default 200), for each player, the win rate (by its
victory conditions) and mean final IP of

* a ``basic`` seat against a ``random`` seat in the same position, the other five
  seats ``random``;
* an ``expert`` seat against a ``basic`` seat in the same position, the other five
  seats ``basic``.

The games of one arm share their seeds with the other arm's, so the comparison is
paired. ``--jobs`` runs games in parallel processes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hedgemony_tui.bots import get_policy  # noqa: E402
from hedgemony_tui.cli.game_commands import play  # noqa: E402
from hedgemony_tui.engine.content import content_for  # noqa: E402
from hedgemony_tui.engine.setup import new_game, settings_for  # noqa: E402

PLAYERS = ("US", "NATO", "RU", "PRC", "DPRK", "IR")


def one_game(job: tuple[int, int, str, tuple[tuple[str, str], ...]]) -> tuple[tuple[str, ...], dict[str, int]]:
    seed, turns, policy, seats = job
    content = content_for("default")
    state = new_game(content, seed, settings_for(content, turns=turns))
    end = play(state, None, policy, dict(seats), white="none")
    return end.winners, {p.id: p.ip for p in end.players}


def timed_decisions(policy: str, seed: int, turns: int) -> tuple[float, float, int]:
    """(mean ms per decision of ``policy``, slowest ms, decisions) over one game it plays alone."""
    times: list[float] = []

    def make(name: str):
        bot = get_policy(name)
        if name != policy:
            return bot

        class Timed:
            def __init__(self) -> None:
                self.name = bot.name

            def decide(self, view, options):
                start = time.perf_counter()
                choice = bot.decide(view, options)
                times.append(time.perf_counter() - start)
                return choice

        return Timed()

    content = content_for("default")
    state = new_game(content, seed, settings_for(content, turns=turns))
    play(state, None, policy, white="none", make_policy=make)
    return 1000 * statistics.mean(times), 1000 * max(times), len(times)


def arm(pool, games: int, turns: int, base: str, seats: dict[str, str]) -> dict[str, tuple[float, float]]:
    jobs = [(seed, turns, base, tuple(sorted(seats.items()))) for seed in range(1, games + 1)]
    results = list(pool.map(one_game, jobs))
    out = {}
    for p in PLAYERS:
        wins = sum(1 for winners, _ in results if p in winners)
        out[p] = (wins / games, statistics.mean(ips[p] for _, ips in results))
    return out


def strength(pool, games: int, turns: int, strong: str, weak: str) -> None:
    print(f"\n{strong} vs {weak} (one seat changed, the other five {weak}; {games} games of {turns} turns each arm)")
    baseline = arm(pool, games, turns, weak, {})
    print(f"{'player':<6} {weak + ' win':>11} {strong + ' win':>11} {weak + ' IP':>10} {strong + ' IP':>10}  better?")
    for p in PLAYERS:
        tried = arm(pool, games, turns, weak, {p: strong})[p]
        base = baseline[p]
        verdict = "yes" if (tried[0], tried[1]) > (base[0], base[1]) else "no"
        print(f"{p:<6} {base[0]:>11.0%} {tried[0]:>11.0%} {base[1]:>10.1f} {tried[1]:>10.1f}  {verdict}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--turns", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--skip-strength", action="store_true")
    args = parser.parse_args()
    for policy, target in (("basic", 50), ("expert", 1000)):
        mean, worst, count = timed_decisions(policy, 1, 3 if policy == "expert" else 8)
        print(f"{policy}: {mean:.1f} ms per decision (slowest {worst:.0f} ms, {count} decisions; target < {target} ms)", flush=True)
    content = content_for("default")
    start = time.perf_counter()
    play(new_game(content, 1, settings_for(content)), None, "basic", white="none")
    print(f"full 8-turn all-basic game: {time.perf_counter() - start:.2f} s (target < 5 s)", flush=True)
    if args.skip_strength:
        return
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        strength(pool, args.games, args.turns, "basic", "random")
        strength(pool, args.games, args.turns, "expert", "basic")


if __name__ == "__main__":
    main()
