"""The live event pane under the board: the newest journal lines of the keyboard
holder's view, updated as play goes on, hidden and shown with Ctrl+L, and small enough
that the prompt, the board and the decision panel keep their room at 100×30."""

from __future__ import annotations

import pytest

from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.shell.notes import merge_rows
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.shell.widgets.events import ROWS, EventPane
from tests.hedgemony.app_helpers import app_on, human_app, new_state
from tests.tui.tui_helpers import shown_text

SOLO = {"NATO": "basic", "RU": "basic", "PRC": "basic", "DPRK": "basic", "IR": "basic", "WHITE": "none"}


async def _board(pilot, app) -> None:
    for _ in range(30):
        await pilot.pause()
        if isinstance(app.screen, GameScreen) and app.my_options():
            return
        if not isinstance(app.screen, GameScreen):
            await pilot.press("escape")  # a result or a briefing over the board
    raise AssertionError("the board never came back")


async def test_the_pane_shows_the_viewers_latest_lines_and_follows_play(tmp_path):
    app = app_on(new_state(seed=4, turns=1), SOLO, saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await _board(pilot, app)
        pane = app.screen.query_one(EventPane)
        text = shown_text(pane, width=96)
        rows = merge_rows(app.front.log_rows(RULES.view(app.host.state, "US")), app.host.notes, "US", app.control_seat)
        assert rows[-1].text[:30] in text.replace("\n", " ") or rows[-1].text[:20] in text
        # Nothing private to another seat: the Red players' own signal lines stay theirs.
        private = [e.text for e in app.host.state.log if e.visible_to and "US" not in e.visible_to]
        assert private and not any(line[:25] in text for line in private)
        # A decision later, the pane shows the newer lines.
        before = len(app.host.state.log)
        app.choose(next(i for i, _ in app.my_options()))
        await _board(pilot, app)
        assert len(app.host.state.log) > before
        rows = merge_rows(app.front.log_rows(RULES.view(app.host.state, "US")), app.host.notes, "US", app.control_seat)
        assert rows[-1].text[:20] in shown_text(pane, width=400)


@pytest.mark.slow
async def test_ctrl_l_hides_and_shows_the_pane_and_the_board_keeps_its_room_at_100x30(tmp_path):
    app = app_on(new_state(seed=4, turns=1), SOLO, saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await _board(pilot, app)
        screen = app.screen
        pane = screen.query_one(EventPane)
        assert pane.region.height == ROWS + 1  # its rows and a title line
        for selector in ("#decision-prompt", "#decision-options", "#map-area"):
            region = screen.query_one(selector).region
            assert region.height > 0 and region.width > 0, selector
        assert screen.query_one("#map-area").region.height >= 14
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert not pane.display or pane.region.height == 0
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert pane.region.height == ROWS + 1


async def test_while_the_keyboard_is_handed_over_the_pane_shows_no_line(tmp_path):
    from hedgemony_tui.shell.screens.handover import HandOverScreen

    app = human_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        board = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert board.query_one(EventPane).latest() == []
        await pilot.press("enter")
        await pilot.pause()
        lines = board.query_one(EventPane).latest()
        seat = app.viewer_seat()
        assert lines and all(not row.private or seat in ("RU",) for row in lines)
