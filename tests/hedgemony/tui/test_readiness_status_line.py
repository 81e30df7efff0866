"""The readiness worksheet's status line (the message under the sheet, where a refused
choice is explained) speaks to the U.S. player: it never lists what the White Cell may
do, such as injecting an event, which the engine's refusal names among all it allows."""

from __future__ import annotations

from textual.widgets import Static

from hedgemony_tui.games.hedgemony.engine.intents import SetReadiness
from hedgemony_tui.games.hedgemony.front.screens.readiness import ReadinessScreen
from tests.hedgemony.turn_helpers import bill_due
from tests.tui.tui_helpers import ScreenHarness, shown_text


async def test_a_refusal_before_the_bill_says_pay_first_and_names_no_inject():
    app = ScreenHarness(lambda: ReadinessScreen(bill_due()))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReadinessScreen)
        assert not screen.send(SetReadiness("US", "US-2", 50))  # lowering waits for the bill
        await pilot.pause()
        said = " ".join(shown_text(screen.query_one("#message", Static), 300).split())
    assert "pay this turn's bill first" in said, said
    assert "inject" not in said.lower() and "allowed now" not in said, said
