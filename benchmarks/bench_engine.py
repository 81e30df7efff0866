"""Benchmark: whole headless games with the ``random`` policy in every seat.

Prints the time of a 10-turn game for several seeds, the decisions per second, and the
cost of one save (TOML) of the final state. Run: ``.venv/bin/python benchmarks/bench_engine.py``.
Figures only; nothing here asserts on time.
"""

from __future__ import annotations

import statistics
import sys
import time

from hedgemony_tui.games.hedgemony.engine.content import content_for
from hedgemony_tui.games.hedgemony.engine.setup import new_game, settings_for
from hedgemony_tui.games.hedgemony.sim import play
from hedgemony_tui.table.codec import to_toml_text


def main(seeds: int = 10) -> None:
    content = content_for("default")
    times, decisions = [], []
    for seed in range(1, seeds + 1):
        state = new_game(content, seed, settings_for(content, turns=10))
        start = time.perf_counter()
        end = play(state, None, "random")
        times.append(time.perf_counter() - start)
        decisions.append(end.decisions)
    start = time.perf_counter()
    text = to_toml_text(end, kind="hedgemony-save")
    save_time = time.perf_counter() - start
    print(f"10-turn all-random game, {seeds} seeds on Python {sys.version.split()[0]}:")
    print(f"  median {statistics.median(times):.3f} s, min {min(times):.3f} s, max {max(times):.3f} s")
    print(
        f"  decisions per game: median {statistics.median(decisions):.0f}; "
        f"{sum(decisions) / sum(times):.0f} decisions/s"
    )
    print(f"  one save of the final state: {save_time * 1000:.1f} ms, {len(text) / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
