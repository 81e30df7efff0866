"""A state's one turn in a stage (its goal as a contender, its nomination or pass, a speech
left unused) and a state made core ask for Enter a second time, as every other choice of
this game that cannot be taken back does; the question says nothing untrue about who
decides next; and a lone n after the result screens types nothing."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from hedgemony_tui.games.world_system.engine.intents import Declare, Nominate, Promote, Speak
from hedgemony_tui.games.world_system.front.parts import cannot_take_back, path
from hedgemony_tui.games.world_system.rules import RULES
from hedgemony_tui.shell.front import PHASE_END_GROUP
from hedgemony_tui.shell.widgets.decision import DecisionPanel
from tests.tui.tui_helpers import shown_text
from tests.world_system.test_front import app_on, play_until


def test_each_kind_of_cannot_take_back_turn_has_its_sentence_and_nothing_else_does():
    assert cannot_take_back(Declare("spain", "world-empire")) == cannot_take_back(Declare("spain", "world-economy"))
    assert cannot_take_back(Nominate("spain", "usa")) and cannot_take_back(Nominate("spain", ""))
    assert cannot_take_back(Speak("spain", "")) and not cannot_take_back(Speak("spain", "We trade"))


def test_a_pass_at_the_nominations_is_filed_with_the_nominations_not_the_end_of_the_phase():
    state = play_until(3, lambda s: s.stage == "nominations" and s.queue)
    seen = RULES.view(state, state.queue[0])
    groups = {path(seen, i, "x")[0] for i in RULES.legal(state)}
    assert groups == {"Nominate a rogue state"} and PHASE_END_GROUP not in groups


async def _ask(stage: str, pick) -> tuple[str, int, int]:
    """Take the first option ``pick`` finds at ``stage`` (a person at the first state owing
    it, not the last in the queue): the confirmation asked, and the journal's length after
    one Enter and after the second."""
    state = play_until(3, lambda s: s.stage == stage and len(s.queue) > 1)
    seat = state.queue[0]
    app = app_on(state, people=(seat,))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(6):
            await pilot.pause()
        panel = app.screen.query_one(DecisionPanel)
        choice = next(c for c in panel.choices if pick(c.intent))
        before = len(app.session.journal)
        panel._take(choice)
        await pilot.pause()
        asked = shown_text(panel.query_one("#decision-confirm", Static)) if panel.asking is not None else ""
        once = len(app.session.journal)
        panel._take(choice)
        for _ in range(3):
            await pilot.pause()
        return asked, once - before, len(app.session.journal) - before


@pytest.mark.parametrize(
    ("stage", "pick"),
    [
        ("declarations", lambda i: isinstance(i, Declare)),
        ("nominations", lambda i: isinstance(i, Nominate) and i.target),
        ("nominations", lambda i: isinstance(i, Nominate) and not i.target),
        ("speeches", lambda i: isinstance(i, Speak)),  # the only line of the list
        ("promotion", lambda i: isinstance(i, Promote)),  # the hegemon has another to make core after it
    ],
)
async def test_a_turn_of_ones_own_in_a_stage_asks_once_and_says_nothing_untrue(stage, pick):
    asked, after_one, after_two = await _ask(stage, pick)
    assert "Enter again to confirm" in asked
    assert "another seat" not in asked  # the next decision may well be this state's own vote
    assert after_one == 0 and after_two >= 1


async def test_a_lone_n_after_the_result_screens_neither_types_nor_moves_the_mark():
    """The revolution vote, just after n closed a result screen and the guard's moment
    passed: one more n (for a result that is not there) leaves the marked line, says so,
    and the next n is a letter again."""
    import time

    from textual.widgets import Input

    from hedgemony_tui.shell.screens.result_pause import ResultPause

    state = play_until(3, lambda s: s.stage == "revolution" and s.vote is not None and s.vote.waiting_on)
    seat = state.vote.waiting_on[0]
    app = app_on(state, people=(seat,))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(6):
            await pilot.pause()
        app.push_screen(ResultPause())
        await pilot.pause()
        await pilot.press("n")  # pages the result screen away
        await pilot.pause()
        panel = app.screen.query_one(DecisionPanel)
        listing = panel.query_one("#decision-options")
        marked = panel.enter_line()
        app.spill_guard = ("n", time.monotonic() - 1.0, 2.5)  # long after: the guard's moment is over
        await pilot.press("n")
        await pilot.pause()
        filt = panel.query_one("#decision-filter", Input)
        assert filt.value == "" and panel.enter_line() == marked and listing is not None
        said = shown_text(panel.query_one("#decision-count", Static))
        assert "no result to page" in said and "n again types it" in said
        await pilot.press("n")
        await pilot.pause()
        assert filt.value == "n"
