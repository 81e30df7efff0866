"""How fast and how strong the computer players are.

    .venv/bin/python benchmarks/bench_bots.py [--games N] [--turns T] [--jobs J]
        [--players US,NATO,...] [--compare basic-random,expert-basic] [--expert-games M]
        [--others random|basic|expert] [--cache PATH] [--skip-speed] [--skip-strength]

Speed: milliseconds per decision of ``basic`` (target < 50 ms) and ``expert`` (target
< 1 s), and the time of a full 8-turn all-``basic`` game (target < 5 s).

Strength: for each comparison "A vs B" and each player P, N seeded games with P played
by A and N with P played by B, the other five seats played by ``--others`` in both
(default ``random``: cheap games, and the same opposition for every comparison). Games
of the two arms share their seeds, so they start from the same position and are
compared pair by pair. Printed per player:

* the win rate by P's victory conditions in each arm (a player who cannot win under any
  policy shows 0% in both, so also:)
* the mean victory margin (``judge.margin``: signed, in IP, positive when P's win
  condition holds) in each arm, and the mean paired difference with a 95% interval;
* the mean final IP in each arm;
* a paired sign test on the margin: pairs where A's margin is higher against pairs where
  B's is, with the two-sided p-value (exact binomial);
* a paired test on winning itself (McNemar's, exact): pairs that A won and B lost
  against pairs that B won and A lost, with its two-sided p-value.

"better?" says "yes" when the margin interval lies above zero, or when A wins
significantly more of the discordant pairs (p < 0.05) and the margin interval does not
lie below zero; "no" the other way round; "n.s." when the games do not tell. Winning is
what the victory conditions decide, so a policy that wins more often beats the other on
them even when its mean margin moves little (NATO: its margin is "Russia has not won",
which its own play barely moves on average, yet the expert wins more of the close
games); the margin is the measure for players who rarely win under either policy.

The arms of P played by ``basic`` are shared by the two comparisons, so "expert vs
basic" costs only the expert games. The game's dice are keyed by what each roll is for
(``engine.dice``), so the two games of a pair differ by the seat's play and what
follows from it, not by reshuffled dice: the paired differences are far less noisy
(NATO's margin: standard deviation 3.8 per pair, 8.4 with a running count).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hedgemony_tui.games.hedgemony.bots import get_policy
from hedgemony_tui.games.hedgemony.bots.judge import margin
from hedgemony_tui.games.hedgemony.engine.content import content_for
from hedgemony_tui.games.hedgemony.engine.setup import new_game, settings_for
from hedgemony_tui.games.hedgemony.sim import play
from hedgemony_tui.table import stats

PLAYERS = ("US", "NATO", "RU", "PRC", "DPRK", "IR")
Outcome = tuple[bool, float, int]  # (won, margin, final IP) of one seat


def one_game(job: tuple[int, int, str, str, str]) -> dict[str, Outcome]:
    """Every seat's outcome of one game: ``seat`` played by ``policy``, the rest by ``others``."""
    seed, turns, seat, policy, others = job
    content = content_for("default")
    state = new_game(content, seed, settings_for(content, turns=turns))
    seats = {} if policy == others else {seat: policy}
    end = play(state, None, others, seats, white="none")
    return {p: (p in end.winners, margin(content, end, p), end.player(p).ip) for p in PLAYERS}


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


def compare(player: str, strong: list[Outcome], weak: list[Outcome]) -> dict:
    """The paired statistics of one player's two arms (``hedgemony_tui.table.stats``)."""
    return stats.compare(strong, weak)


def header(strong: str, weak: str, games: int, turns: int, others: str = "random") -> None:
    print(
        f"\n{strong} vs {weak}: one seat {strong} or {weak}, the other five {others}; "
        f"{games} paired games of {turns} turns per player",
        flush=True,
    )
    print(
        f"{'player':<5} {'n':>4} {'win ' + weak[:3]:>8} {'win ' + strong[:3]:>8} {'marg ' + weak[:3]:>9} "
        f"{'marg ' + strong[:3]:>9} {'diff (95% CI)':>16} {'IP ' + weak[:3]:>7} {'IP ' + strong[:3]:>7} "
        f"{'sign +/-':>9} {'p':>7} {'wins +/-':>9} {'p':>7}  better?",
        flush=True,
    )


def row(player: str, r: dict) -> None:
    (w0, w1), (m0, m1), (i0, i1), (d, h), (up, down, p) = r["win"], r["margin"], r["ip"], r["diff"], r["sign"]
    won, lost, wp = r["wins"]
    print(
        f"{player:<5} {r['n']:>4} {w0:>8.0%} {w1:>8.0%} {m0:>9.1f} {m1:>9.1f} {d:>+7.2f} ±{h:<7.2f} "
        f"{i0:>7.1f} {i1:>7.1f} {up:>4}/{down:<4} {p:>7.2g} {won:>4}/{lost:<4} {wp:>7.2g}  {r['verdict']}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--turns", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--players", default=",".join(PLAYERS))
    parser.add_argument("--compare", default="basic-random,expert-basic")
    parser.add_argument(
        "--others",
        default="random",
        choices=("random", "basic", "expert"),
        help="policy of the five seats not under test",
    )
    parser.add_argument("--expert-games", type=int, default=None, help="games per player for expert (default --games)")
    parser.add_argument(
        "--cache",
        metavar="PATH",
        help="keep the arms' results in PATH (JSON) and reuse them; only for runs of the same code",
    )
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--skip-strength", action="store_true")
    args = parser.parse_args()
    if not args.skip_speed:
        for policy, target in (("basic", 50), ("expert", 1000)):
            mean, worst, count = timed_decisions(policy, 1, 2 if policy == "expert" else 8)
            print(
                f"{policy}: {mean:.1f} ms per decision (slowest {worst:.0f} ms, {count} decisions; "
                f"target < {target} ms)",
                flush=True,
            )
        content = content_for("default")
        start = time.perf_counter()
        play(new_game(content, 1, settings_for(content)), None, "basic", white="none")
        print(f"full 8-turn all-basic game: {time.perf_counter() - start:.2f} s (target < 5 s)", flush=True)
    if args.skip_strength:
        return
    players = [p.strip().upper() for p in args.players.split(",") if p.strip()]
    pairs = [tuple(c.split("-")) for c in args.compare.split(",") if c]
    cache: dict[tuple[str, str], list[dict[str, Outcome]]] = {}
    store = Path(args.cache) if args.cache else None
    if store is not None and store.exists():  # arms of an earlier run with the same --seed and --turns
        saved = json.loads(store.read_text())
        if (saved.get("seed"), saved.get("turns"), saved.get("others", "random")) == (
            args.seed,
            args.turns,
            args.others,
        ):
            cache = {
                tuple(k.split("/")): [{p: tuple(o) for p, o in g.items()} for g in v] for k, v in saved["arms"].items()
            }

    def save() -> None:
        if store is not None:
            arms = {"/".join(k): v for k, v in cache.items()}
            store.write_text(json.dumps({"seed": args.seed, "turns": args.turns, "others": args.others, "arms": arms}))

    with ProcessPoolExecutor(max_workers=args.jobs) as pool:

        def arm(player: str, policy: str, games: int) -> list[Outcome]:
            # games with every seat alike are the same whichever seat is watched: played once
            key = ("*" if policy == args.others else player, policy)
            seeds = range(args.seed, args.seed + games)
            have = cache.setdefault(key, [])
            if len(have) < games:
                have += pool.map(
                    one_game, [(s, args.turns, player, policy, args.others) for s in seeds[len(have) :]], chunksize=2
                )
                save()
            return [game[player] for game in have[:games]]

        for strong, weak in pairs:
            games = args.expert_games if strong == "expert" and args.expert_games else args.games
            header(strong, weak, games, args.turns, args.others)
            for p in players:
                row(p, compare(p, arm(p, strong, games), arm(p, weak, games)))


if __name__ == "__main__":
    main()
