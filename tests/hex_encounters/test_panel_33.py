"""The decision panel in Hex Encounters, from a newcomer's reports (issue 33):

the reinforcement step (a reported stale "(2 left)"): each restore taken redraws the
prompt with the points left, and the restore that ends the step asks first, naming that
restore, with nothing logged until the second Enter. (Ctrl+Z while the panel asks, and an
n pressed once too often after a result: tests/tui/test_shellfix_33b.py.)"""

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
