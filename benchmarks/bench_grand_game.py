"""The Grand Game's balance benchmark (issue 35): seeded games of computer players, with
the figures that say whether any seat or strategy runs away with the game.

1. ``basic`` in every seat, the seed's random end (``turns=0``): per seat its win rate (a
   win shared by k seats counts 1/k), the mean and spread of its score (Francs per point of
   starting GDP) and of its Francs. Balanced when every seat wins 1/6 +/- 15 points.
2. One ``basic`` seat among five ``random`` ones, the basic seat rotated: basic's win rate
   (it should be well above 1/6).
3. One "politics only" seat, and apart one "military only" and one "defence first" seat
   (``basic`` buying its infantry before its development), among five ``basic``, rotated:
   how each one-sided strategy fares against the plain one.

Every game is played through ``RULES.apply`` one decision at a time, each player deciding
from its seat's view among its seat's legal options. Prints figures and seconds per game;
nothing asserts on time. Usage::

    python benchmarks/bench_grand_game.py [--games 200] [--jobs 1] [--seed 1] [--turns 0] [--only all|random|styles]
        [--set basic.threat_odds=7/10 economy.develop_growth=4 start.large.armor_at_capital=3 ...]

``--set`` tries other numbers without editing the code (the balance runs of
``rules/grand-game/economy.md`` name theirs): a field of a computer player's style
(``basic.``, ``politics-only.``, ``military-only.``, ``defence-first.``), of the economy's rules (``economy.``) or
of a size of country's starting forces (``start.large.``, ``start.small.``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from typing import Any

import attrs

from hedgemony_tui.games.grand_game.bots.basic import BasicPolicy
from hedgemony_tui.games.grand_game.bots.basic_read import BASIC, DEFENCE_FIRST, MILITARY_ONLY, POLITICS_ONLY
from hedgemony_tui.games.grand_game.bots.random_policy import RandomPolicy
from hedgemony_tui.games.grand_game.engine import economy, game_setup
from hedgemony_tui.games.grand_game.engine.game import legal_for, pending_seats
from hedgemony_tui.games.grand_game.engine.game_state import GrandState
from hedgemony_tui.games.grand_game.engine.game_year import score
from hedgemony_tui.games.grand_game.rules import RULES

SEATS = ("arvenne", "kesterland", "drovnia", "lusk", "pellia", "sorrel")
STYLES = {
    "basic": BASIC,
    "politics-only": POLITICS_ONLY,
    "military-only": MILITARY_ONLY,
    "defence-first": DEFENCE_FIRST,
}


class SettingError(ValueError):
    """A ``--set`` that names no known field or gives it a value of the wrong kind."""


def _value(kind: str, text: str) -> object:
    if kind == "bool" and text.lower() in ("true", "false", "1", "0"):
        return text.lower() in ("true", "1")
    try:
        return {"int": int, "Fraction": Fraction}[kind](text)
    except (KeyError, ValueError, ZeroDivisionError):
        words = {"int": "a whole number", "Fraction": "a number such as 7/10", "bool": "true or false"}
        raise SettingError(f"{text!r} is not {words.get(kind, kind)}") from None


def _evolved(record: Any, field: str, text: str, where: str) -> Any:
    fields = attrs.fields_dict(type(record))
    if field not in fields or field == "name":
        known = ", ".join(f for f in fields if f != "name")
        raise SettingError(f"{where} has no field {field!r} (its fields: {known})")
    return attrs.evolve(record, **{field: _value(str(fields[field].type), text)})


def apply_settings(settings: Sequence[str]) -> None:
    """Apply ``--set`` lines in this process (and in each worker, before its first game)."""
    for setting in settings:
        target, _, text = setting.partition("=")
        *path, field = target.split(".")
        where = ".".join(path)
        if not text or not path:
            raise SettingError(f"{setting!r}: write WHERE.FIELD=VALUE, e.g. basic.threat_odds=7/10")
        if where in STYLES:
            STYLES[where] = _evolved(STYLES[where], field, text, where)
        elif where == "economy":
            # The engine's functions take the economy's record as a default argument, bound
            # once: a what-if run changes that one record in place rather than every caller.
            changed = _evolved(economy.RULES, field, text, where)
            object.__setattr__(economy.RULES, field, getattr(changed, field))
        elif path[0] == "start" and len(path) == 2 and path[1] in game_setup.START:
            game_setup.START[path[1]] = _evolved(game_setup.START[path[1]], field, text, where)
        else:
            known = ", ".join([*STYLES, "economy", *(f"start.{size}" for size in game_setup.START)])
            raise SettingError(f"{setting!r}: {where!r} is none of {known}")


def _player(name: str) -> Any:
    return RandomPolicy() if name == "random" else BasicPolicy(STYLES[name])


def play(seed: int, lineup: Sequence[str], turns: int = 0) -> GrandState:
    """One game with ``lineup[i]`` (a style name or ``random``) in seat i, to its end."""
    players = {seat: _player(name) for seat, name in zip(SEATS, lineup, strict=True)}
    state = RULES.setup(seed, {"turns": turns})
    for _ in range(500_000):
        if state.over:
            return state
        seat = pending_seats(state)[0]
        options = legal_for(state, seat)
        intent = players[seat].decide(RULES.view(state, seat), options).intent
        state = RULES.apply(state, intent)
    raise RuntimeError(f"seed {seed}: no end after 500000 decisions")


Result = tuple[tuple[str, ...], dict[str, float], dict[str, float], dict[str, int], int, float]
"""(lineup, win share per seat, score per seat, Francs per seat, years, seconds)."""


def _one(job: tuple[int, tuple[str, ...], int]) -> Result:
    seed, lineup, turns = job
    start = time.perf_counter()
    state = play(seed, lineup, turns)
    seconds = time.perf_counter() - start
    scores = {s: score(state, s) for s in SEATS}
    best = max(scores.values())
    top = [s for s in SEATS if scores[s] == best]
    wins = {s: (1 / len(top) if s in top else 0.0) for s in SEATS}
    return lineup, wins, {s: float(v) for s, v in scores.items()}, dict(state.francs), state.turn, seconds


SETTINGS: list[str] = []
"""The run's ``--set`` lines, handed to every worker process."""


def run(jobs: list[tuple[int, tuple[str, ...], int]], workers: int) -> list[Result]:
    if workers <= 1:
        return [_one(job) for job in jobs]
    with ProcessPoolExecutor(workers, initializer=apply_settings, initargs=(tuple(SETTINGS),)) as pool:
        return list(pool.map(_one, jobs))


def _spread(values: list[float]) -> str:
    sd = statistics.pstdev(values) if len(values) > 1 else 0.0
    return f"{statistics.mean(values):6.2f} +/- {sd:5.2f}"


def all_basic(games: int, seed: int, turns: int, workers: int) -> list[Result]:
    results = run([(seed + i, ("basic",) * 6, turns) for i in range(games)], workers)
    print(f"\n== basic in every seat: {games} games (turns={turns or 'random end'}) ==")
    print(f"{'seat':<11} {'win rate':>8}   {'score (Francs / start GDP)':>26}   {'Francs':>16}")
    worst = 0.0
    for s in SEATS:
        rate = sum(r[1][s] for r in results) / games
        worst = max(worst, abs(rate - 1 / 6))
        print(
            f"{s:<11} {rate:8.1%}   {_spread([r[2][s] for r in results]):>26}   {_spread([r[3][s] for r in results]):>16}"
        )
    years = [r[4] for r in results]
    print(f"years: mean {statistics.mean(years):.1f}, {min(years)}-{max(years)}")
    verdict = "balanced" if worst <= 0.15 else "NOT balanced"
    print(f"largest distance from 1/6: {worst:.1%} ({verdict}: the target is 15 points)")
    return results


def one_among(
    games: int, seed: int, turns: int, workers: int, one: str, rest: str, label: str
) -> tuple[list[Result], float]:
    """``one`` in a seat rotated over the six, ``rest`` in the others."""
    lineups = [tuple(one if k == i % 6 else rest for k in range(6)) for i in range(games)]
    results = run([(seed + i, lineups[i], turns) for i in range(games)], workers)
    wins = sum(r[1][SEATS[i % 6]] for i, r in enumerate(results)) / games
    mine = [r[2][SEATS[i % 6]] for i, r in enumerate(results)]
    others = [v for i, r in enumerate(results) for s, v in r[2].items() if s != SEATS[i % 6]]
    print(f"\n== {label}: {games} games ==")
    print(f"{one} win rate {wins:.1%} (an even share is {1 / 6:.1%}); mean score {statistics.mean(mine):.2f};")
    print(f"the {rest} seats' mean score {statistics.mean(others):.2f}")
    return results, wins


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=200, help="games per part (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1)")
    parser.add_argument("--turns", type=int, default=0, help="years per game; 0 for the random end (default)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1: the cores are shared)")
    parser.add_argument("--only", choices=("all", "random", "styles"), help="run one part only")
    parser.add_argument("--set", nargs="*", default=[], metavar="WHERE.FIELD=VALUE", help="try other numbers")
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1 or args.turns < 0:
        parser.error("--games and --jobs must be 1 or more, --turns 0 or more")
    try:
        apply_settings(args.set)
    except SettingError as problem:
        parser.error(str(problem))
    SETTINGS[:] = args.set
    if args.set:
        print("with " + ", ".join(args.set))
    start = time.perf_counter()
    timed: list[Result] = []
    games, seed, turns, jobs = args.games, args.seed, args.turns, args.jobs

    def styles() -> list[Result]:
        out: list[Result] = []
        for style in ("politics-only", "military-only", "defence-first"):
            out += one_among(games, seed, turns, jobs, style, "basic", f"one {style} among five basic")[0]
        return out

    parts: dict[str, Callable[[], list[Result]]] = {
        "all": lambda: all_basic(games, seed, turns, jobs),
        "random": lambda: one_among(games, seed, turns, jobs, "basic", "random", "one basic among five random")[0],
        "styles": styles,
    }
    for name, part in parts.items():
        if args.only in (None, name):
            timed += part()
    wall = time.perf_counter() - start
    per_game = statistics.mean(r[5] for r in timed)
    print(f"\n{len(timed)} games in {wall:.0f} s wall time; {per_game:.2f} s per game (one process)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
