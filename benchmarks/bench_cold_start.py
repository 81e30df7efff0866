"""Cold start: the time to the first screen of our app against a minimal Textual app.

Each run is a fresh Python process that imports the app (the table's shell,
``hedgemony_tui.shell``), starts it headless, waits for the title screen with its game
picker to be composed and shown, and exits; the wall time of the whole process is
measured from outside. Several runs each, interleaved; the medians and their ratio are
printed (target: our app within 1.3x of the minimal one).

    .venv/bin/python benchmarks/bench_cold_start.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

MINIMAL = """
from textual.app import App
from textual.widgets import Footer, Static

class Minimal(App):
    def compose(self):
        yield Static("Hello")
        yield Footer()

async def first_screen(pilot):
    await pilot.pause()
    pilot.app.exit()

Minimal().run(headless=True, size=(120, 40), auto_pilot=first_screen)
"""

OURS = """
import sys
from hedgemony_tui.shell import build_app

async def first_screen(pilot):
    await pilot.pause()
    assert type(pilot.app.screen).__name__ == "TitleScreen", pilot.app.screen
    assert pilot.app.screen.query_one("#game-picker").option_count >= 1
    pilot.app.exit()

build_app(saves_dir=sys.argv[1]).run(headless=True, size=(120, 40), auto_pilot=first_screen)
"""


def once(code: str, saves: str) -> float:
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-c", code, saves],
        check=True,
        env={**os.environ, "TEXTUAL_ANIMATIONS": "none"},
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as saves:
        once(MINIMAL, saves), once(OURS, saves)  # warm the file cache and bytecode for both
        minimal, ours = [], []
        for _ in range(args.runs):
            minimal.append(once(MINIMAL, saves))
            ours.append(once(OURS, saves))
    m, o = statistics.median(minimal), statistics.median(ours)
    print(f"minimal Textual app: median {m * 1000:.0f} ms over {args.runs} runs (min {min(minimal) * 1000:.0f})")
    print(f"table title:         median {o * 1000:.0f} ms over {args.runs} runs (min {min(ours) * 1000:.0f})")
    print(f"ratio: {o / m:.2f}x (target: within 1.3x)")


if __name__ == "__main__":
    main()
