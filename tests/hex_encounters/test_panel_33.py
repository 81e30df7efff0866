"""The decision panel in Hex Encounters, from a newcomer's reports (issue 33):

* the reinforcement step (a reported stale "(2 left)"): each restore taken redraws the
  prompt with the points left, and the restore that ends the step asks first, naming that
  restore, with nothing logged until the second Enter;
* Ctrl+Z while the panel asks drops the question (nothing was taken), not the move before;
* an n pressed once too often while paging result screens does not land in the search."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from hedgemony_tui.games.hex_encounters.engine.intents import Heal
from tests.hex_encounters.helpers import hurt, position
from tests.hex_encounters.test_screens import _app, _board
from tests.tui.tui_helpers import SIZE


def _text(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def test_each_restore_redraws_the_points_left_and_the_last_asks_naming_it(tmp_path: Path):
    state = position({"B1": ("mech", "0505"), "B2": ("armor", "0506")}, phase="reinforce", seat="BLUE", rp=2)
    state = hurt(hurt(state, "B1", 2), "B2", 1)
    app = _app(state, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _board(pilot)
        screen = app.screen
        assert "(2 left)" in _text(screen, "#decision-prompt")
        await pilot.press("enter")  # restore B1 (the line marked first)
        await pilot.pause()
        assert "(1 left)" in _text(screen, "#decision-prompt")
        assert [type(e.intent) for e in app.session.journal] == [Heal]
        await pilot.press("enter")  # the last point: it ends the step, so it asks first
        await pilot.pause()
        question = _text(screen, "#decision-confirm")
        assert "Restore a cohesion to B1" in question and "Enter again" in question
        assert len(app.session.journal) == 1  # nothing taken yet
        await pilot.press("enter")
        await pilot.pause()
        assert len(app.session.journal) == 2
        assert "(1 left)" not in _text(screen, "#decision-prompt")


async def test_ctrl_z_while_asking_cancels_the_question_and_takes_nothing_back(tmp_path: Path):
    state = position({"B1": ("mech", "0505")}, phase="reinforce", seat="BLUE", rp=1)
    state = hurt(state, "B1", 1)
    app = _app(state, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _board(pilot)
        screen = app.screen
        await pilot.press("enter")  # the only restore ends the step: it asks
        await pilot.pause()
        assert "Enter again" in _text(screen, "#decision-confirm")
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.screen is screen and len(app.session.journal) == 0
        assert "cancelled" in " ".join(str(n.message) for n in app._notifications)
        assert "asking" not in screen.query_one("#decision-confirm", Static).classes
        await pilot.press("enter")  # asks again: the question was dropped, not answered
        await pilot.pause()
        assert len(app.session.journal) == 0 and "Enter again" in _text(screen, "#decision-confirm")


async def test_an_n_pressed_once_too_often_after_a_result_does_not_reach_the_search(tmp_path: Path):
    from textual.widgets import Input

    from hedgemony_tui.games.hex_encounters.engine.intents import Roll
    from hedgemony_tui.games.hex_encounters.front.result import CombatResult
    from hedgemony_tui.shell.screens.game import GameScreen
    from tests.hex_encounters.test_screens import _fighting

    app = _app(_fighting(), tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _board(pilot)
        app.choose(Roll("RED134"))
        await pilot.pause()
        assert isinstance(app.screen, CombatResult)
        await pilot.press("n", "n", "n")  # the first closes the result, the others spill
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.query_one("#decision-filter", Input).value == ""
        await pilot.pause(0.7)  # a moment later n is typing again
        app.screen.query_one("#decision-filter", Input).focus()
        await pilot.press("n")
        assert app.screen.query_one("#decision-filter", Input).value == "n"
