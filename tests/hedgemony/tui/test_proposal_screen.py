"""The proposer's ruling sheet (README X9): the White Cell's ruling on a Blue free-play
action, read before anything is paid, then accepted or withdrawn by keys. Also that the
game offers it for the decision (the front's worksheets for ``ruling-answer``)."""

from __future__ import annotations

from hedgemony_tui.games.hedgemony.engine.game import legal_intents, pending
from hedgemony_tui.games.hedgemony.engine.intents import (
    AcceptRuling,
    EndInvestments,
    PayReadiness,
    ProposeAction,
    RuleAction,
    WithdrawProposal,
)
from hedgemony_tui.games.hedgemony.front.parts import WORKSHEETS
from hedgemony_tui.games.hedgemony.front.screens.proposal import RulingAnswerScreen
from tests.hedgemony.turn_helpers import CONTENT, act, fresh, signal_all
from tests.tui.tui_helpers import ScreenHarness, shown_text

SIZE = (100, 30)


def ruled():
    state = act(signal_all(fresh()), PayReadiness("US"))
    state = act(
        act(act(state, EndInvestments("US")), EndInvestments("NATO")),
        ProposeAction("US", "korean-peninsula", "Carrier group off Korea", "show-of-force"),
    )
    ruling = next(
        i
        for i in legal_intents(state, CONTENT)
        if isinstance(i, RuleAction) and i.table == "rt-b" and i.opponent == "DPRK"
    )
    return act(state, ruling)


async def test_the_ruling_is_read_and_accepted_by_enter():
    state = ruled()
    assert WORKSHEETS[pending(state, CONTENT).kind] == (("proposal", "RulingAnswerScreen"),)
    app = ScreenHarness(lambda: RulingAnswerScreen(state))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        terms = shown_text(app.screen.query_one("#terms"), 100)
        for words in ("RT B", "who may answer: DPRK", "Korean Peninsula", "cost: 1 RP", "Blue Major Gain", "+2 IP"):
            assert words in terms, words
        await pilot.press("enter")
        await pilot.pause()
    assert app.results == [AcceptRuling("US")]


async def test_withdraw_is_one_key_down():
    app = ScreenHarness(lambda: RulingAnswerScreen(ruled()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter")
        await pilot.pause()
    assert app.results == [WithdrawProposal("US")]
