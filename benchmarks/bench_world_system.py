"""How the world-system game goes when the computer plays it, and whether the ``basic``
player beats ``random`` at every status.

    .venv/bin/python benchmarks/bench_world_system.py [--games N] [--seed S] [--option NAME=VALUE ...]

Plays N seeded games (default 200, seeds S .. S+N-1) with every state ``basic`` and the
moderator automated, through the table's one match loop (``table/match.py``), and
prints the share of each ending with its 95% Wilson interval (``table/stats.py``), how
many cycles the games last and who wins. Then, for each status group dealt at the start
(the hegemon, the two other core states, the semiperipheral states, the peripheral
states, the terrorist; the terrorist is counted in its own group only), it plays the same
seeds with that group's states ``random`` and the rest ``basic``, and compares the
group's states with themselves in the all-basic games: the win rate (seat-games, Wilson
interval) and a utility, the measure the basic player itself uses (``bots/outlook.py``): a
win shared by k states is worth 1/k (the revolution of eleven states: 1/11; a world-empire
or a world-economy's hegemony, won alone: 1), plus a small weight times the share of the
state's secondary goals met (``engine/ending.secondary_goals``), with the mean paired
difference per game and its 95% interval. The seed deals the statuses, so both arms start
every game from the same deal.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hedgemony_tui.games.world_system.engine.ending import secondary_goals
from hedgemony_tui.games.world_system.engine.moderator import ENDINGS
from hedgemony_tui.games.world_system.engine.world import Status, world
from hedgemony_tui.table import match
from hedgemony_tui.table.registry import get_rules
from hedgemony_tui.table.stats import rate_interval

GROUPS = ("hegemon", "other core", "semiperipheral", "peripheral", "terrorist")
SECONDARY_WEIGHT = 0.1
"""A state's utility: its share of a win (1/k for a win shared by k states), plus this much
times the share of its secondary goals met (a tiebreak, as in ``bots/outlook.py``)."""


def groups_of(start: Any) -> dict[str, tuple[str, ...]]:
    """The states dealt each status group (the terrorist in its own group only)."""

    def of(status: Status) -> tuple[str, ...]:
        return tuple(n.id for n in start.nations if n.start is status and not n.terrorist and n.id != start.hegemon)

    return {
        "hegemon": (start.hegemon,),
        "other core": of(Status.CORE),
        "semiperipheral": of(Status.SEMI),
        "peripheral": of(Status.PERIPHERAL),
        "terrorist": tuple(n.id for n in start.nations if n.terrorist),
    }


def play(seed: int, options: dict[str, object], random_seats: tuple[str, ...]) -> dict[str, Any]:
    """One game: ``random_seats`` random, the other states basic; its ending, length and
    each state's (won, utility)."""
    rules = get_rules("world-system")
    names = match.seat_policy_names(rules, "basic", dict.fromkeys(random_seats, "random"))
    policies = match.policies_for(rules, names)
    decisions = []
    end = match.play(
        rules,
        rules.setup(seed, options),
        policies,
        rules.control_bot("automated"),
        max_decisions=5_000,
        on_choice=lambda _state, seat, _choice: decisions.append(seat),
    )
    goals = secondary_goals(end)
    seats = {}
    for n in end.nations:
        met = [ok for _, ok in goals[n.id]]
        won = n.id in end.winners
        part = 1.0 / len(end.winners) if won else 0.0
        seats[n.id] = (won, part + SECONDARY_WEIGHT * (sum(met) / len(met) if met else 0.0))
    # The cycles played: a game that reaches the opening of the cycle after the last played them all.
    cycles = min(end.cycle, world().last_cycle)
    return {"ending": end.ending, "cycles": cycles, "seats": seats, "winners": end.winners, "decisions": len(decisions)}


def mean_interval(values: list[float]) -> tuple[float, float]:
    """A mean and the half-width of its 95% interval (normal approximation)."""
    mean = statistics.mean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("inf")
    return mean, half


def value(text: str) -> object:
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return int(text) if text.lstrip("-").isdigit() else text


def report_all_basic(games: list[dict[str, Any]], starts: list[Any], took: float, label: str = "all basic") -> None:
    """The endings with their intervals, the games' length and the win rate by status dealt."""
    n = len(games)
    print(f"{label}: {n} games, {took:.1f} s ({1000 * took / n:.0f} ms a game)")
    endings = Counter(g["ending"] for g in games)
    for ending in ENDINGS:
        rate, low, high = rate_interval(endings[ending], n)
        print(f"  {ending:<14} {endings[ending]:>4}/{n} = {rate:6.1%}  (95% CI {low:.1%}-{high:.1%})")
    by_cycle = Counter((g["ending"], g["cycles"]) for g in games)
    print("  ending and cycle: " + ", ".join(f"{e} in cycle {c}: {k}" for (e, c), k in sorted(by_cycle.items())))
    cycles = Counter(g["cycles"] for g in games)
    print(
        f"  cycles played: mean {statistics.mean(g['cycles'] for g in games):.2f}; "
        + ", ".join(f"{c}: {cycles[c]}" for c in sorted(cycles))
        + f"; decisions a game: mean {statistics.mean(g['decisions'] for g in games):.0f}"
    )
    wins: Counter[str] = Counter()
    sizes: Counter[str] = Counter()
    for game, start in zip(games, starts):
        for group, seats in groups_of(start).items():
            for seat in seats:
                sizes[group] += 1
                wins[group] += game["seats"][seat][0]
    print("  win rate by status dealt: " + ", ".join(f"{g} {wins[g] / sizes[g]:.0%}" for g in GROUPS if sizes[g]))


Pairing = tuple[dict[str, Any], dict[str, Any], tuple[str, ...]]
"""An all-basic game, the same deal with some states random, and those states."""


def compare(group: str, pairs: list[Pairing], context: str = "") -> None:
    """The states of each pairing under basic (the all-basic game) against random."""
    won = {"basic": 0, "random": 0}
    seat_games = 0
    utility: dict[str, list[float]] = {"basic": [], "random": []}
    diff_win: list[float] = []
    diff_utility: list[float] = []
    for b, r, seats in pairs:
        if not seats:
            continue
        seat_games += len(seats)
        won["basic"] += sum(b["seats"][s][0] for s in seats)
        won["random"] += sum(r["seats"][s][0] for s in seats)
        ub = statistics.mean(b["seats"][s][1] for s in seats)
        ur = statistics.mean(r["seats"][s][1] for s in seats)
        utility["basic"].append(ub)
        utility["random"].append(ur)
        diff_utility.append(ub - ur)
        diff_win.append(statistics.mean(float(b["seats"][s][0]) - float(r["seats"][s][0]) for s in seats))
    print(f"{group} ({seat_games} seat-games{', ' + context if context else ''}):")
    for arm in ("basic", "random"):
        rate, low, high = rate_interval(won[arm], seat_games)
        mean, half = mean_interval(utility[arm])
        print(f"  {arm:>6}: win {rate:6.1%} (95% CI {low:.1%}-{high:.1%}); utility {mean:.3f} +- {half:.3f}")
    dw, hw = mean_interval(diff_win)
    du, hu = mean_interval(diff_utility)
    # Judged on the utility, the measure the basic player plays for: a shared win counts
    # 1/k there, so a win rate may fall while the utility rises (a sole win for one state
    # in place of a revolution for eleven).
    if du - hu > 0:
        verdict = "basic better"
    elif du + hu < 0:
        verdict = "random better"
    else:
        verdict = "no clear difference"
    endings = Counter(r["ending"] for _, r, _ in pairs)
    print(
        f"  paired basic - random: win {dw:+.3f} +- {hw:.3f}; utility {du:+.3f} +- {hu:.3f}: {verdict}"
        f"  (endings with this group random: {dict(endings)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    options = {k: value(v) for k, _, v in (o.partition("=") for o in args.option)}
    rules = get_rules("world-system")
    seeds = range(args.seed, args.seed + args.games)
    starts = [rules.setup(seed, options) for seed in seeds]
    began = time.perf_counter()
    basic = [play(seed, options, ()) for seed in seeds]
    report_all_basic(basic, starts, time.perf_counter() - began)
    print()
    for group in GROUPS:
        pairs = []
        for seed, start, game in zip(seeds, starts, basic):
            seats = groups_of(start)[group]
            pairs.append((game, play(seed, options, seats), seats))
        compare(group, pairs)
    # The two contenders of cycle 1 random together may both declare a world-empire, which
    # hands one of them the game; a basic contender never gambles on it (see the README).
    # One at a time, each against a basic rival, is the comparison a single seat faces.
    pairs = []
    for seed, start, game in zip(seeds, starts, basic):
        for seat in groups_of(start)["other core"]:
            pairs.append((game, play(seed, options, (seat,)), (seat,)))
    compare("other core", pairs, "one at a time, the other basic")
    print(f"total {time.perf_counter() - began:.1f} s")


if __name__ == "__main__":
    main()
