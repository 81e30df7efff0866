"""Exact odds before a roll (engine/odds.py): each face previewed is the face rolled."""

import attrs

from hedgemony_tui.games.hedgemony.engine.game import pending
from hedgemony_tui.games.hedgemony.engine.intents import CommitForces, DoneCommitting, EndPhase, PlayCard
from hedgemony_tui.games.hedgemony.engine.odds import preview_after, roll_preview
from tests.hedgemony.turn_helpers import CONTENT, act, fresh, legal, roll, to_red_phase


def ir_09_awaiting_us():
    """IR-09 played in Iraq, Iran done committing: the U.S. is to respond."""
    state = to_red_phase(fresh())
    state = attrs.evolve(state, signals={**state.signals, "IR": ("IR-09", "IR-RD", "IR-PROC")})
    while state.queue[0] != "IR":
        state = act(state, EndPhase(state.queue[0]))
    state = attrs.evolve(state, players=tuple(attrs.evolve(p, rp=8) if p.id == "IR" else p for p in state.players))
    state = act(state, PlayCard("IR", "IR-09"))
    state = act(state, next(i for i in legal(state) if getattr(i, "location", "") == "iraq"))
    while pending(state, CONTENT).seat == "IR":
        state = act(state, legal(state)[-1])
    return state


def test_each_face_previewed_is_what_rolling_it_gives():
    state = ir_09_awaiting_us()
    us = next(s for s in state.stacks_of("US") if CommitForces("US", s.id, 1) in legal(state))
    state = act(act(state, CommitForces("US", us.id, 1)), DoneCommitting("US"))
    preview = roll_preview(state, CONTENT)
    assert preview is not None and preview.table == "rt-b" and len(preview.faces) == 10
    assert abs(sum(chance for _, chance in preview.chances()) - 1) < 1e-9
    for face in preview.faces:
        after = roll(state, face.face)
        record = next(e.roll for e in reversed(after.log) if e.roll)
        assert (record.total, record.result) == (face.total, face.result)
        assert {p.id: p.ip - q.ip for p, q in zip(after.players, state.players) if p.ip != q.ip} == face.ip
    # The preview changed nothing: the state still waits for the same die.
    assert state.roll_request is not None and roll_preview(state, CONTENT) == preview


def test_what_if_one_more_ff_moves_the_odds_toward_the_us():
    state = ir_09_awaiting_us()
    us = next(s for s in state.stacks_of("US") if s.ffs >= 2 and CommitForces("US", s.id, 2) in legal(state))
    none = preview_after(state, [DoneCommitting("US")], CONTENT)
    one = preview_after(state, [CommitForces("US", us.id, 1)], CONTENT)
    two = preview_after(state, [CommitForces("US", us.id, 2)], CONTENT)
    assert none and one and two
    # IR-09 gives +1 to the roll per U.S. FF (its figure); each FF shifts every face by one.
    assert [f.total for f in two.faces] == [f.total + 1 for f in one.faces]
    assert two.expected_ip("US") >= one.expected_ip("US")
    assert preview_after(state, [CommitForces("US", "no-such-stack", 1)], CONTENT) is None


def test_no_roll_pending_no_preview():
    assert roll_preview(fresh(), CONTENT) is None
