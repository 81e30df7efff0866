"""Issue 33's leftovers in the shell, through the real app: an n pressed once too often
after the last result screen closes does not land in the decision list's search box, and
Ctrl+Z while a confirmation is pending cancels that confirmation (nothing taken, nothing
undone) and says so."""

from __future__ import annotations

import pytest
from textual.app import ComposeResult
from textual.widgets import Input, Static

from hedgemony_tui.shell.screens.result_pause import ResultPause
from tests.tui.test_decision_list_misfire import to_blue
from tests.tui.test_decision_panel import keys, newcomer_app
from tests.tui.tui_helpers import SIZE, settle


class _Result(ResultPause):
    """A result screen with one line, as a game's result screens are."""

    def compose(self) -> ComposeResult:
        yield Static("a roll and its odds")


@pytest.mark.slow
async def test_extra_n_after_the_last_result_screen_does_not_reach_the_search(tmp_path):
    app = newcomer_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        panel = await to_blue(pilot)
        for _ in range(2):
            app.push_screen(_Result())
        await pilot.pause()
        await pilot.press("n", "n", "n", "n")  # two screens, two presses too many
        await settle(pilot)
        assert not isinstance(app.screen, ResultPause)
        assert panel.query_one("#decision-filter", Input).value == ""


@pytest.mark.slow
async def test_ctrl_z_while_asking_cancels_the_confirmation(tmp_path):
    app = newcomer_app(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        panel = await to_blue(pilot)
        await pilot.press(*keys("end blue"), "enter")
        await settle(pilot)
        state, journal = app.host.state, len(app.session.journal)
        assert panel.asking is not None
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert panel.asking is None and app.host.state is state and len(app.session.journal) == journal
        said = [n.message for n in app._notifications]
        assert any("confirmation was cancelled" in m for m in said)
        assert not any("nothing to undo" in m.lower() for m in said)


@pytest.mark.slow
async def test_an_n_typed_inside_a_word_after_a_result_screen_is_kept(tmp_path):
    app = newcomer_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        panel = await to_blue(pilot)
        app.push_screen(_Result())
        await pilot.pause()
        await pilot.press("n", *keys("end"))  # closes the screen, then a word with an n in it
        await settle(pilot)
        assert panel.query_one("#decision-filter", Input).value == "end"
