"""A contest card from play to reset: PRC-03 (CRT A) and its unopposed branch."""

import pytest

from hedgemony_tui.games.hedgemony.engine.game import pending
from hedgemony_tui.games.hedgemony.engine.intents import (
    ChooseLocation,
    CommitForces,
    DoneCommitting,
    EndPhase,
    PlayCard,
)
from hedgemony_tui.table.errors import IllegalIntent
from tests.hedgemony.turn_helpers import CONTENT, act, fresh, legal, roll, to_red_phase


def prc_turn():
    state = to_red_phase(fresh())
    state = act(state, EndPhase("RU"))
    assert state.queue[0] == "PRC"
    return state


def start_incursion(state, commit_ffs=3):
    state = act(state, PlayCard("PRC", "PRC-03"))
    assert state.player("PRC").rp == 15 - 4
    assert {o.location for o in legal(state)} == {"south-china-sea", "southeast-asia", "taiwan"}
    state = act(state, ChooseLocation("PRC", "taiwan"))
    m3 = next(s for s in state.stacks_of("PRC") if s.mod == 3)
    return act(state, CommitForces("PRC", m3.id, commit_ffs))


def test_us_responds_and_crt_a_decides():
    state = start_incursion(prc_turn())
    state = act(state, DoneCommitting("PRC"))
    decision = pending(state, CONTENT)
    assert (decision.seat, decision.kind) == ("US", "respond")
    korea = next(s for s in state.stacks_of("US") if s.location == "korean-peninsula")
    assert CommitForces("US", korea.id, 2) in legal(state)
    state = act(state, CommitForces("US", korea.id, 2))
    state = act(state, DoneCommitting("US"))
    # Ch. 8: China may now escalate (tests/hedgemony/engine/test_escalation.py); it stops, and the die decides.
    assert (pending(state, CONTENT).seat, pending(state, CONTENT).kind) == ("PRC", "commit")
    state = act(state, DoneCommitting("PRC"))
    assert pending(state, CONTENT).kind == "roll"
    ip = {p.id: p.ip for p in state.players}
    state = roll(state, 6)
    record = state.log[[e.kind for e in state.log].index("roll", len(state.log) - 8)].roll
    # PRC 3xM3 = 7 CFs, U.S. 2xM3 = 5 CFs: 1:1. Best U.S. of C4ISR/IAMD 3 - best PRC of C4ISR/LRF 4 = -1.
    assert record.table == "crt-a" and record.column == "1:1"
    assert [t.value for t in record.modifiers] == [-1]
    assert record.total == 5 and record.result == "status-quo"
    assert {p.id: p.ip for p in state.players} == ip  # status quo: no IP change
    # Reset rules: half the committed FFs, rounded up, go home; U.S. readiness -10 for status quo.
    reset_prc = sum(s.ffs for s in state.stacks_of("PRC") if s.reset(1))
    reset_us = sum(s.ffs for s in state.stacks_of("US") if s.reset(1))
    assert (reset_prc, reset_us) == (2, 1)
    assert all(
        s.readiness == 90 for s in state.stacks_of("US") if s.location in ("taiwan", "korean-peninsula") and s.ffs <= 2
    )
    assert state.player("PRC").rp == 11 - 2  # 1 RP per reset FF
    assert state.run is None and state.roll_request is None


def test_unopposed_incursion_reads_rt_b_red_advantage():
    state = start_incursion(prc_turn())
    state = act(state, DoneCommitting("PRC"))
    state = act(state, DoneCommitting("US"))  # no forces: declines
    us_ip = state.player("US").ip
    state = roll(state, 0)
    assert state.player("US").ip == us_ip - 2 - 3  # unopposed -2, then Red Major Gain -3
    assert state.player("PRC").ip == 40 + 3
    assert not [s for s in state.stacks_of("PRC") if s.reset(1)]  # no one fought: no reset


def test_the_initiator_must_commit_forces_before_finishing():
    state = act(prc_turn(), PlayCard("PRC", "PRC-03"))
    state = act(state, ChooseLocation("PRC", "taiwan"))
    with pytest.raises(IllegalIntent):
        act(state, DoneCommitting("PRC"))


def test_on_play_effect_cuts_economic_rolls():
    state = start_incursion(prc_turn())
    effects = [e for e in state.effects if e.player == "PRC"]
    assert [(e.kind, e.family, e.value, e.first_turn, e.last_turn) for e in effects] == [
        ("roll", "economic-development", -3, 1, 2)
    ]


def test_us_may_buy_back_readiness_before_committing():
    from hedgemony_tui.games.hedgemony.engine.intents import BuyBack, PayReadiness, SetReadiness
    from tests.hedgemony.turn_helpers import signal_all

    state = act(signal_all(fresh()), PayReadiness("US"))
    korea = next(s for s in state.stacks_of("US") if s.location == "korean-peninsula")
    state = act(state, SetReadiness("US", korea.id, 70))
    state = act(act(state, EndPhase("US")), EndPhase("NATO"))
    state = act(state, EndPhase("RU"))
    state = start_incursion(state)
    state = act(state, DoneCommitting("PRC"))
    assert BuyBack("US", korea.id, 100) in legal(state)
    rp = state.player("US").rp
    state = act(state, BuyBack("US", korea.id, 100))
    assert state.player("US").rp == rp - 6  # OCONUS buy-back table, 2 FFs, +30%
    bought = state.stack(korea.id)
    assert bought.readiness == 100 and bought.bought_back_turn == 1
    state = act(state, CommitForces("US", korea.id, 2))
    state = act(state, DoneCommitting("US"))
    state = act(state, DoneCommitting("PRC"))  # no escalation (ch. 8)
    state = roll(state, 6)
    record = next(e.roll for e in reversed(state.log) if e.roll and e.roll.table == "crt-a")
    assert "Blue 3 CFs" in record.reason  # bought back this turn: the reactive table, 2xM3 -> 3 CFs
