"""The table's time limit for writing (the seed's strict limit on allocations and orders, L138,
L144): set on the new-game form as ``minutes``, shown on the top line of the seat that owes
its answer, counting down; 0 shows nothing. The screen never hands anything in by itself."""

from __future__ import annotations

import tempfile
from typing import Any

from hedgemony_tui.games.grand_game.engine.game_state import GrandState
from hedgemony_tui.games.grand_game.front.board import GrandTop
from hedgemony_tui.games.grand_game.rules import RULES
from hedgemony_tui.shell.app import build_app
from hedgemony_tui.table.saves import SavedGame
from hedgemony_tui.table.seats import Seats
from tests.tui.tui_helpers import screen_text, settle


def _app(state: GrandState) -> Any:
    seats = Seats.of_specs(RULES.seats(), {s.id: "human" for s in RULES.seats()})
    return build_app(SavedGame(RULES, state, state, (), seats), saves_dir=tempfile.mkdtemp(), bot_delay=0)


async def test_a_time_limit_counts_down_on_the_top_line() -> None:
    state = RULES.setup(3, {"turns": 1, "minutes": 2})
    app = _app(state)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert "left of 2 min" in screen_text(app)
        top = app.screen.query_one(GrandTop)
        # Pretend the seat began writing long ago: the line says the time is up.
        top._started = {key: start - 600 for key, start in top._started.items()}
        top.refresh_view()
        await pilot.pause()
        assert "time is up: hand it in now" in screen_text(app)
        assert app.table.seen_state().phase == "allocate"  # nothing was handed in by the clock


async def test_no_limit_shows_no_clock() -> None:
    app = _app(RULES.setup(3, {"turns": 1}))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        shown = screen_text(app)
        assert "left of" not in shown and "time is up" not in shown
