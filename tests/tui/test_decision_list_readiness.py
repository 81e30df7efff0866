"""The readiness worksheet's Choice table answers the arrow keys (issue 33): the focus
starts on the stacks, → moves it to the choices, where ↑↓ move, and ← goes back."""

from __future__ import annotations

from textual.widgets import DataTable

from hedgemony_tui.games.hedgemony.engine.intents import SetReadiness
from hedgemony_tui.games.hedgemony.front.screens.readiness import ReadinessScreen
from tests.hedgemony.tui.test_worksheets_white_cell import paid
from tests.tui.tui_helpers import ScreenHarness


async def test_the_arrows_reach_and_move_in_the_choice_table():
    state = paid()
    app = ScreenHarness(lambda: ReadinessScreen(state))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        stacks = app.screen.query_one("#stacks", DataTable)
        choices = app.screen.query_one("#choices", DataTable)
        assert app.focused is stacks and choices.row_count > 2
        await pilot.press("right")
        await pilot.pause()
        assert app.focused is choices and choices.cursor_row == 0
        await pilot.press("down", "down", "up")
        await pilot.pause()
        assert choices.cursor_row == 1 and stacks.cursor_row == 0  # the choices moved, not the stacks
        await pilot.press("left")
        await pilot.pause()
        assert app.focused is stacks
        await pilot.press("right", "down", "enter")
        await pilot.pause()
    assert len(app.results) == 1 and isinstance(app.results[0], SetReadiness)
