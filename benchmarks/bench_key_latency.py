"""Key-to-screen latency: from a person's key to the next screen in which they can act.

A new Hedgemony game (fixed seed) with the U.S. a person, every other player the basic
computer player and the White Cell automated in its first mode (the new-game form's
seats for a newcomer), is played headless through the Textual app (``App.run_test``,
``build_app(saved, bot_delay=0)``) by keys, as a person would: the decision panel's
filter has the focus, ↓ moves to the line picked (the first one with ``--pick first``,
or a seeded-random one), Enter picks it or opens its step; a result screen over the
board is closed with **n**, any other screen (the phase's briefing) with Esc. Every key
is timed.

The clock starts when the key is sent and stops at the **last frame drawn** before the
app is idle again with the person able to act (the decision panel listing their options,
a result screen on top, or the end of the game): the time of each frame is read where
the compositor hands it to the (headless) driver, so waiting for idle costs nothing in
the figure. With ``bot_delay=0`` a decision's figure includes the computer players'
decisions that follow it, up to the person's next decision. Also reported: the first
frame after the key (the key's own redraw, before or among the computers' moves), the
keys that only move or open a step, the process's CPU time from the key to that last
frame (less bound to the machine's load than the wall time), and the computer players'
share, fitted over the decision keys as ``time = a + b * computer decisions`` (``b``:
per computer decision).

    .venv/bin/python benchmarks/bench_key_latency.py [--decisions 60] [--seed 1]
        [--pick first|random] [--turns 6] [--json [--samples]]

``--decisions 0`` times one full game turn instead (until the turn number changes).
Against another checkout of the code: ``cd CHECKOUT && PYTHONPATH=CHECKOUT
/path/to/.venv/bin/python /path/to/bench_key_latency.py`` (the first line printed says
which ``hedgemony_tui`` ran).

Figures only; nothing here asserts on time. Run it a few times: the machine is shared.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from typing import Any

os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")

SIZE = (120, 40)


def percentile(values: list[float], q: float) -> float:
    """The ``q`` percentile (0-100) by linear interpolation between closest ranks."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = (len(ordered) - 1) * q / 100
    low = int(k)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (k - low)


def new_game(seed: int, turns: int) -> Any:
    """A new Hedgemony game: the U.S. a person, the rest computer players (basic), the
    White Cell automated in its first mode."""
    from hedgemony_tui.games.hedgemony.rules import RULES
    from hedgemony_tui.table.saves import SavedGame
    from hedgemony_tui.table.seats import Seats

    kinds = {spec.id: ("basic" if not spec.control else RULES.control_modes()[0]) for spec in RULES.seats()}
    kinds["US"] = "human"
    state = RULES.setup(seed, {"turns": turns})
    return SavedGame(RULES, state, state, (), Seats.of_specs(RULES.seats(), kinds, None))


def journal_of(app: Any) -> Any:
    """The session's journal (the app's own, or its table host's), or None."""
    for path in (("session",), ("host", "session"), ("table_host", "session")):
        obj: Any = app
        try:
            for name in path:
                obj = getattr(obj, name)
            return obj.journal
        except AttributeError:
            continue
    return None


def is_result_screen(screen: Any) -> bool:
    """A result screen the game waits on (closed with n / Enter / Esc)."""
    try:
        from hedgemony_tui.shell.screens.result_pause import ResultPause

        if isinstance(screen, ResultPause):
            return True
    except ImportError:
        pass
    return type(screen).__name__.endswith("ResultScreen")


class Frames:
    """Times of the frames the app draws (wraps ``App._display`` on the instance)."""

    def __init__(self, app: Any) -> None:
        self.times: list[float] = []
        self.cpu: list[float] = []  # the process's CPU time at each frame
        original = app._display

        def display(screen: Any, renderable: Any) -> None:
            original(screen, renderable)
            if renderable is not None:
                self.times.append(time.perf_counter())
                self.cpu.append(time.process_time())

        app._display = display

    def after(self, start: float) -> list[float]:
        return [t for t in self.times if t >= start]

    def cpu_after(self, start: float) -> list[float]:
        return [c for t, c in zip(self.times, self.cpu) if t >= start]


async def play(args: argparse.Namespace) -> dict[str, Any]:
    from textual.widgets import Input, OptionList

    from hedgemony_tui.shell import build_app
    from hedgemony_tui.shell.widgets.decision import DecisionPanel

    rng = random.Random(args.seed)
    samples: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as saves:
        app = build_app(new_game(args.seed, args.turns), saves_dir=saves, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            frames = Frames(app)

            def panel() -> Any:
                found = app.screen.query(DecisionPanel)
                return found.first() if found else None

            def state_of() -> str:
                """What the person faces now: 'result' (a result screen), 'other' (another
                screen over the board, as the phase's briefing), 'decide' (the panel lists
                their options), 'over', or '' (not yet: the computers play)."""
                screen = app.screen
                if is_result_screen(screen):
                    return "result"
                if type(screen).__name__ == "EndGameScreen":
                    return "over"
                p = panel()
                if p is None:
                    return "other" if app.screen_stack[1:] else ""
                if p.options:
                    return "decide"
                try:
                    if app.rules.pending(app.state).over:
                        return "over"
                except Exception:
                    pass
                return ""

            async def settle(limit: float = 60.0) -> str:
                deadline = time.perf_counter() + limit
                while True:
                    await pilot.pause()
                    now = state_of()
                    if now:
                        # Idle until a pause draws nothing more (a footer redrawn after the
                        # panel, a layout after a focus change): its frames are the key's too.
                        for _ in range(10):
                            drawn = len(frames.times)
                            await pilot.pause()
                            if len(frames.times) == drawn:
                                break
                        return state_of()
                    if time.perf_counter() > deadline:
                        raise RuntimeError(f"stuck on {type(app.screen).__name__}")

            def no_blink() -> None:
                # The cursor's blink redraws twice a second: it would pass for a key's frame.
                for widget in app.screen.query(Input):
                    widget.cursor_blink = False

            async def timed(key: str, kind: str) -> dict[str, Any]:
                journal = journal_of(app)
                before_len = len(journal) if journal is not None else 0
                no_blink()
                start, start_cpu = time.perf_counter(), time.process_time()
                await pilot.press(key)
                outcome = await settle()
                drawn = frames.after(start)
                cpu = frames.cpu_after(start)
                journal = journal_of(app)
                new = list(journal)[before_len:] if journal is not None else []
                computers = sum(1 for e in new if getattr(e, "by", "person") != "person")
                sample = {
                    "key": key,
                    "kind": kind,
                    "then": outcome,
                    "ms": (drawn[-1] - start) * 1000 if drawn else float("nan"),
                    "first_ms": (drawn[0] - start) * 1000 if drawn else float("nan"),
                    "cpu_ms": (cpu[-1] - start_cpu) * 1000 if cpu else float("nan"),
                    "frames": len(drawn),
                    "decisions": len(new),
                    "computer": computers,
                }
                samples.append(sample)
                return sample

            def turn() -> Any:
                try:
                    return app.rules.turn_of(app.state)[0]
                except Exception:
                    return None

            state = await settle()
            first_turn = turn()
            decisions = 0
            guard = 0
            wanted = args.decisions or 10_000  # 0: one full turn
            while decisions < wanted and state != "over" and guard < wanted * 40:
                if not args.decisions and turn() != first_turn:
                    break
                guard += 1
                if state == "result":
                    state = (await timed("n", "result"))["then"]
                    continue
                p = panel()
                if state == "other" or p is None:
                    # Another screen over the board (the phase's briefing): Esc back to it.
                    state = (await timed("escape", "close"))["then"]
                    continue
                listing = p.query_one("#decision-options", OptionList)
                enabled = [
                    n
                    for n in range(listing.option_count)
                    if not listing.get_option_at_index(n).disabled and listing.get_option_at_index(n).id != "back"
                ]
                target = enabled[0] if args.pick == "first" or not enabled else rng.choice(enabled)
                start_at = listing.highlighted if listing.highlighted is not None else (enabled[0] if enabled else 0)
                downs = sum(1 for n in enabled if start_at < n <= target)
                for _ in range(downs):
                    await timed("down", "move")
                sample = await timed("enter", "pick")
                if sample["decisions"] or (journal_of(app) is None and sample["then"] != "decide"):
                    sample["kind"] = "decide"
                    decisions += 1
                else:
                    sample["kind"] = "open"  # a step opened (or nothing happened)
                state = sample["then"]
            app.exit()
    return summarise(samples, args)


def stats(values: list[float]) -> dict[str, float]:
    values = [v for v in values if v == v]
    if not values:
        return {"n": 0}
    return {
        "n": len(values),
        "median_ms": statistics.median(values),
        "p95_ms": percentile(values, 95),
        "max_ms": max(values),
        "mean_ms": statistics.fmean(values),
    }


def fit(samples: list[dict[str, Any]]) -> tuple[float, float] | None:
    """Least squares ``ms = a + b * computer`` over the decision keys."""
    xs = [s["computer"] for s in samples]
    ys = [s["ms"] for s in samples]
    if len(set(xs)) < 2:
        return None
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    return my - b * mx, b


def summarise(samples: list[dict[str, Any]], args: argparse.Namespace) -> dict[str, Any]:
    decide = [s for s in samples if s["kind"] == "decide"]
    result = [s for s in samples if s["kind"] in ("result", "close")]
    screens = decide + result  # every key that led to a new screen
    moves = [s for s in samples if s["kind"] in ("move", "open")]
    alone = [s for s in decide if s["computer"] == 0]
    line = fit(decide)
    computer = sum(s["computer"] for s in decide + result)
    out: dict[str, Any] = {
        "seed": args.seed,
        "pick": args.pick,
        "turns": args.turns,
        "python": sys.version.split()[0],
        "load": os.getloadavg(),
        "decisions_timed": len(decide),
        "result_keys_timed": len(result),
        "computer_decisions": computer,
        "key_to_next_screen": stats([s["ms"] for s in screens]),
        "key_to_next_screen_cpu": stats([s["cpu_ms"] for s in screens]),
        "decision_key": stats([s["ms"] for s in decide]),
        "decision_key_without_computers": stats([s["ms"] for s in alone]),
        "result_key": stats([s["ms"] for s in result]),
        "first_frame_after_key": stats([s["first_ms"] for s in screens]),
        "move_or_open_key": stats([s["ms"] for s in moves]),
        "per_computer_decision_ms": None if line is None else line[1],
        "fit_intercept_ms": None if line is None else line[0],
    }
    if args.samples:
        out["samples"] = samples
    return out


def show(out: dict[str, Any]) -> None:
    def row(name: str, s: dict[str, float]) -> str:
        if not s.get("n"):
            return f"  {name:<36} (none)"
        return (
            f"  {name:<36} n={s['n']:<4} median {s['median_ms']:7.1f} ms   p95 {s['p95_ms']:7.1f} ms"
            f"   max {s['max_ms']:7.1f} ms"
        )

    load = ", ".join(f"{x:.2f}" for x in out["load"])
    print(f"Hedgemony, seed {out['seed']}, pick {out['pick']}, Python {out['python']}, load average {load}")
    print(
        f"decisions timed: {out['decisions_timed']} (and {out['result_keys_timed']} result screens closed; "
        f"{out['computer_decisions']} computer decisions ran after them)"
    )
    print(row("key -> next screen (decide + result)", out["key_to_next_screen"]))
    print(row("  the same in CPU time (less load-bound)", out["key_to_next_screen_cpu"]))
    print(row("decision key -> person's next screen", out["decision_key"]))
    print(row("  of which with no computer move", out["decision_key_without_computers"]))
    print(row("result key (n) -> next screen", out["result_key"]))
    print(row("key -> first frame drawn", out["first_frame_after_key"]))
    print(row("move / open-a-step key -> frame", out["move_or_open_key"]))
    if out["per_computer_decision_ms"] is not None:
        print(
            f"  computer decisions: {out['per_computer_decision_ms']:.1f} ms each "
            f"(fit over decision keys: {out['fit_intercept_ms']:.1f} ms + that x computer decisions)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--decisions",
        type=int,
        default=60,
        help="the person's decisions to time (default 60; 0: until the first turn is over)",
    )
    parser.add_argument("--seed", type=int, default=1, help="the game's seed and the picks' (default 1)")
    parser.add_argument(
        "--pick",
        choices=("first", "random"),
        default="random",
        help="the first line of the panel, or a seeded-random one (default)",
    )
    parser.add_argument("--turns", type=int, default=6, help="the game's length in turns (default 6)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--samples", action="store_true", help="with --json: every key's figures too")
    args = parser.parse_args()
    out = asyncio.run(play(args))
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        import hedgemony_tui

        print(f"app: {os.path.dirname(hedgemony_tui.__file__)}")
        show(out)


if __name__ == "__main__":
    main()
