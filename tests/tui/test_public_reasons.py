"""Computer players' reasons in the journal: a reason built from what every seat sees
(``Choice.public_reason``) is a line everyone reads; any other stays with the bot's seat
and the White Cell. A viewer's journal does not change when another seat's secrets do."""

from __future__ import annotations

import pytest

from hedgemony_tui.games.hedgemony.engine.state import Phase
from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.shell.notes import merge_rows
from hedgemony_tui.table import match
from hedgemony_tui.table.contract import Choice
from hedgemony_tui.table.public import PUBLIC
from tests.hedgemony.app_helpers import app_on, new_state
from tests.tui.tui_helpers import SIZE

SOLO = {"NATO": "basic", "RU": "basic", "PRC": "basic", "DPRK": "basic", "IR": "basic", "WHITE": "random-events"}
PLAYERS = [s.id for s in RULES.seats() if not s.control]


def test_the_choice_flag_is_off_unless_a_policy_sets_it():
    assert Choice("x", "why").public_reason is False


@pytest.mark.slow
def test_a_viewers_journal_lines_do_not_change_with_another_seats_secrets():
    """At every computer decision of a game, the reason a viewer would read is the same
    when the secrets that viewer may not see are changed (the dice's future, other
    players' hidden capabilities and points): for the same decision, the same public
    reason; a reason that is not public is not shown to the viewer at all. (A bot that
    decides otherwise because its own secrets changed shows that only as its decision.)"""
    policies = match.policies_for(RULES, {seat: "basic" if seat != "PRC" else "expert" for seat in PLAYERS})
    control = RULES.control_bot("none")
    state = new_state(seed=9, turns=1)
    checked = public = 0
    for _ in range(260):
        if RULES.pending(state).over or state.phase is Phase.OVER:
            break
        found = match.next_choice(RULES, state, policies, control)
        assert found is not None, "a computer seat owes this decision"
        seat, choice = found
        if seat in policies:
            public += choice.public_reason
            for viewer in ("US", "NATO"):
                if viewer == seat:
                    continue
                for salt in (1, 3):
                    varied = RULES.vary_secrets(state, viewer, salt)
                    own = [i for i in RULES.legal(varied) if RULES.seat_of(i) == seat]
                    again = policies[seat].decide(RULES.view(varied, seat), own)
                    if again.intent == choice.intent:
                        seen = choice.reason if choice.public_reason else None
                        assert (again.reason if again.public_reason else None) == seen, (seat, choice.reason)
                        checked += 1
        state = RULES.apply(state, choice.intent)
    assert checked and public


async def test_the_journal_shows_public_reasons_to_everyone_and_keeps_the_others_private(tmp_path):
    app = app_on(new_state(seed=11, turns=1), SOLO, saves_dir=tmp_path, bot_delay=0)
    app_pace = "none"
    async with app.run_test(size=SIZE) as pilot:
        app.set_pace(app_pace)
        await pilot.pause()
        rules = app.rules
        # Let the computers play up to the U.S. decision, then look at the notes.
        for _ in range(20):
            await pilot.pause()
        us = merge_rows(app.front.log_rows(rules.view(app.host.state, "US")), app.host.notes, "US", app.control_seat)
        nobody = merge_rows(
            app.front.log_rows(rules.view(app.host.state, PUBLIC)), app.host.notes, PUBLIC, app.control_seat
        )
        reasons = [n for n in app.host.notes if n.kind == "reason"]
        private = [n for n in app.host.notes if n.kind == "decision" and n.actor != "US"]
        assert all(not n.visible_to for n in reasons)
        assert all(n.visible_to for n in private)
        assert (
            {r.text for r in us if r.kind == "reason"}
            == {n.text for n in reasons}
            == {r.text for r in nobody if r.kind == "reason"}
        )
        assert not any(r.kind == "decision" and r.actor != "US" for r in us)
