"""Escalation (issue 30, item 1): a contest runs round by round until a side stops.

Rulebook chapter 8, "How Force Capacity and Force Capability Affect Outcomes" (text
edition lines 866-868 and 978-984): the RT B ladder (Red 2, the U.S. 4, Red a third, the
U.S. two more for six) and the CRT A example (three Mod 2 FFs against two Mod 4)."""

from __future__ import annotations

import attrs
import pytest

from hedgemony_tui.games.hedgemony.engine import escalation
from hedgemony_tui.games.hedgemony.engine.contest import read_table
from hedgemony_tui.games.hedgemony.engine.game import pending
from hedgemony_tui.games.hedgemony.engine.intents import (
    ChooseLocation,
    CommitForces,
    DoneCommitting,
    EndPhase,
    PayReadiness,
    PlayCard,
)
from hedgemony_tui.games.hedgemony.engine.odds import preview_after, round_odds
from hedgemony_tui.games.hedgemony.engine.state import Stage
from hedgemony_tui.table.errors import IllegalIntent
from tests.hedgemony.turn_helpers import CONTENT, SIGNALS, act, fresh, last_roll, legal, roll, signal_all

# China signals both of the rulebook's example cards (gray zone on RT B, incursion on CRT A).
PRC_SIGNALS = {**SIGNALS, "PRC": ("PRC-01", "PRC-03", "PRC-28")}


def prc_phase(us_at_japan: tuple[int, int], prc_mod2: int = 5):
    """China to act in the Red phase; the U.S. stack in Japan set to ``(FFs, Mod Level)``
    (in theater, full readiness) and China's Mod 2 stack to ``prc_mod2`` FFs."""
    state = act(signal_all(fresh(), PRC_SIGNALS), PayReadiness("US"))
    state = act(act(act(state, EndPhase("US")), EndPhase("NATO")), EndPhase("RU"))
    assert state.queue[0] == "PRC"
    stacks = []
    for s in state.stacks:
        if s.owner == "US" and s.location == "japan":
            s = attrs.evolve(s, ffs=us_at_japan[0], mod=us_at_japan[1], readiness=100)
        elif s.owner == "PRC" and s.mod == 2:
            s = attrs.evolve(s, ffs=prc_mod2)
        stacks.append(s)
    return attrs.evolve(state, stacks=tuple(stacks))


def stack(state, owner, where=None, mod=None):
    return next(
        s for s in state.stacks_of(owner) if (where is None or s.location == where) and (mod is None or s.mod == mod)
    )


def column(state, table):
    return read_table(state, CONTENT, table)[0]


def test_ch8_rt_b_ladder_round_by_round():
    """Ch. 8 (lines 866-868): Red commits two FFs; the U.S. "must respond with at least
    four FFs"; Red can then "escalate and commit a third FF", back to parity; the U.S.
    "must commit an additional two FFs" (six in all). Each step through legal/apply,
    with the RT B column after each."""
    state = prc_phase(us_at_japan=(6, 3))
    state = act(state, PlayCard("PRC", "PRC-01"))  # gray zone pressure: RT B
    state = act(state, ChooseLocation("PRC", "taiwan"))
    china = stack(state, "PRC", "china", mod=1)
    # Round 1: Red 2, the U.S. 4 -> Blue advantage.
    state = act(state, CommitForces("PRC", china.id, 2))
    state = act(state, DoneCommitting("PRC"))
    state = act(state, CommitForces("US", stack(state, "US", "japan").id, 3))
    assert column(state, "rt-b") == "parity"  # three is not enough (3:2 rounds down to 1:1)
    state = act(state, CommitForces("US", stack(state, "US", "japan").id, 1))
    assert column(state, "rt-b") == "blue-advantage"
    state = act(state, DoneCommitting("US"))
    # Round 2: China is asked to escalate, not the die.
    decision = pending(state, CONTENT)
    assert (decision.seat, decision.kind, state.run.round) == ("PRC", Stage.COMMIT, 2)
    assert "escalate" in decision.prompt and state.roll_request is None
    assert DoneCommitting("PRC") in legal(state)
    state = act(state, CommitForces("PRC", stack(state, "PRC", "china", mod=1).id, 1))
    assert column(state, "rt-b") == "parity"  # 4 against 3: parity again
    state = act(state, DoneCommitting("PRC"))
    assert (pending(state, CONTENT).seat, state.run.stage) == ("US", Stage.RESPOND)
    state = act(state, CommitForces("US", stack(state, "US", "japan").id, 2))
    assert column(state, "rt-b") == "blue-advantage"  # six against three
    state = act(state, DoneCommitting("US"))
    # Round 3: China may escalate again; it stops, and the die decides.
    assert (pending(state, CONTENT).seat, state.run.round) == ("PRC", 3)
    state = act(state, DoneCommitting("PRC"))
    assert state.roll_request is not None
    assert [(s.round, s.initiator, s.ffs) for s in escalation.steps(state)] == [
        (1, True, (("PRC", 2),)),
        (1, False, (("US", 4),)),
        (2, True, (("PRC", 1),)),
        (2, False, (("US", 2),)),
    ]
    state = roll(state, 5)
    assert (last_roll(state).table, last_roll(state).column) == ("rt-b", "blue-advantage")


def test_the_odds_after_each_round():
    """Ch. 8 (line 867): Red's third FF "restores the ratio to parity"; the worksheet's
    odds after each round are the engine's own roll previews on the forces of that round."""
    state = prc_phase(us_at_japan=(6, 3))
    state = act(act(state, PlayCard("PRC", "PRC-01")), ChooseLocation("PRC", "taiwan"))
    state = act(act(state, CommitForces("PRC", stack(state, "PRC", "china", mod=1).id, 2)), DoneCommitting("PRC"))
    state = act(act(state, CommitForces("US", stack(state, "US", "japan").id, 4)), DoneCommitting("US"))
    state = act(state, CommitForces("PRC", stack(state, "PRC", "china", mod=1).id, 1))
    odds = round_odds(state, CONTENT)
    assert [(r, side, p.column if p else None) for r, side, p in odds] == [
        (1, True, "red-advantage"),
        (1, False, "blue-advantage"),
        (2, True, "parity"),
    ]
    # The preview of stopping now agrees with the last line.
    now = preview_after(state, [DoneCommitting("PRC")], CONTENT)
    assert now is not None and now.column == "parity" and now.chances() == odds[-1][2].chances()


def test_ch8_crt_a_red_would_need_six_more():
    """Ch. 8 (lines 876, 978-983): three Mod 2 FFs (5 CFs) against two Mod 4 FFs (7 CFs) roll
    on 1:1; for 2:1 Red "would need to commit six more" Mod 2 FFs, nine in all, 14 CFs.
    Red escalates by six; the U.S. stops; the roll is on Red 2:1."""
    state = prc_phase(us_at_japan=(2, 4), prc_mod2=9)
    state = act(act(state, PlayCard("PRC", "PRC-03")), ChooseLocation("PRC", "taiwan"))
    mod2 = stack(state, "PRC", "china", mod=2)
    state = act(act(state, CommitForces("PRC", mod2.id, 3)), DoneCommitting("PRC"))
    state = act(act(state, CommitForces("US", stack(state, "US", "japan").id, 2)), DoneCommitting("US"))
    assert "Blue 7 CFs vs Red 5 CFs" in read_table(state, CONTENT, "crt-a")[1]
    assert column(state, "crt-a") == "1:1"
    five_more = preview_after(state, [CommitForces("PRC", stack(state, "PRC", "china", mod=2).id, 5)], CONTENT)
    assert five_more is not None and five_more.column == "1:1"  # eight Mod 2 FFs make 13 CFs: not enough
    state = act(state, CommitForces("PRC", stack(state, "PRC", "china", mod=2).id, 6))
    assert "Blue 7 CFs vs Red 14 CFs" in read_table(state, CONTENT, "crt-a")[1]
    assert column(state, "crt-a") == "red-2:1"
    state = act(state, DoneCommitting("PRC"))
    assert pending(state, CONTENT).seat == "US" and state.run.round == 2
    state = act(state, DoneCommitting("US"))  # the U.S. has nothing in theater left: it stops
    assert state.roll_request is not None
    state = roll(state, 5)
    assert last_roll(state).column == "red-2:1"


def test_ch8_crt_a_blue_needs_only_two_more():
    """Ch. 8 (line 984): Blue "would need to commit only two more FFs" (four in all, ten
    CFs or more) for 2:1 against Red. The U.S. adds them in its answer to Red's three."""
    state = prc_phase(us_at_japan=(4, 4))
    state = act(act(state, PlayCard("PRC", "PRC-03")), ChooseLocation("PRC", "taiwan"))
    state = act(act(state, CommitForces("PRC", stack(state, "PRC", "china", mod=2).id, 3)), DoneCommitting("PRC"))
    state = act(state, CommitForces("US", stack(state, "US", "japan").id, 2))
    assert column(state, "crt-a") == "1:1"
    state = act(state, CommitForces("US", stack(state, "US", "japan").id, 2))
    assert column(state, "crt-a") == "blue-2:1"


def test_a_side_that_stops_ends_the_contest():
    """Ch. 8 (lines 866-868): each side answers the other's commitment; when the initiator
    adds nothing to answer the responders, there is nothing left to answer and the die
    is rolled on the forces as they stand (the responders are not asked again)."""
    state = prc_phase(us_at_japan=(6, 3))
    state = act(act(state, PlayCard("PRC", "PRC-01")), ChooseLocation("PRC", "taiwan"))
    state = act(act(state, CommitForces("PRC", stack(state, "PRC", "china", mod=1).id, 2)), DoneCommitting("PRC"))
    state = act(act(state, CommitForces("US", stack(state, "US", "japan").id, 4)), DoneCommitting("US"))
    assert pending(state, CONTENT).seat == "PRC"
    state = act(state, DoneCommitting("PRC"))
    assert state.roll_request is not None and state.run.round == 1
    assert any("stops" in e.text for e in state.log[-3:])


def test_responders_that_add_nothing_end_the_contest():
    """Ch. 8 (line 868): the U.S. "must commit an additional two FFs" to answer Red's
    third; a U.S. that adds none leaves the ratio where Red's escalation put it, and
    the die is rolled: Red gets no further round."""
    state = prc_phase(us_at_japan=(6, 3))
    state = act(act(state, PlayCard("PRC", "PRC-01")), ChooseLocation("PRC", "taiwan"))
    state = act(act(state, CommitForces("PRC", stack(state, "PRC", "china", mod=1).id, 2)), DoneCommitting("PRC"))
    state = act(act(state, CommitForces("US", stack(state, "US", "japan").id, 4)), DoneCommitting("US"))
    state = act(act(state, CommitForces("PRC", stack(state, "PRC", "china", mod=1).id, 1)), DoneCommitting("PRC"))
    state = act(state, DoneCommitting("US"))
    assert state.roll_request is not None
    state = roll(state, 5)
    assert last_roll(state).column == "parity"


def test_no_escalation_when_no_one_answered():
    """Ch. 8: escalation answers an opponent's forces; an unanswered card goes straight to
    its unopposed reading (as before)."""
    state = prc_phase(us_at_japan=(6, 3))
    state = act(act(state, PlayCard("PRC", "PRC-01")), ChooseLocation("PRC", "taiwan"))
    state = act(act(state, CommitForces("PRC", stack(state, "PRC", "china", mod=1).id, 2)), DoneCommitting("PRC"))
    state = act(state, DoneCommitting("US"))
    assert state.roll_request is not None and state.run.round == 1


def test_out_of_turn_commitments_are_refused_with_a_reason():
    """Ch. 8 (lines 866-868): the sides take turns; while China decides whether to
    escalate the U.S. may not commit, and after China stops it may not commit either."""
    state = prc_phase(us_at_japan=(6, 3))
    state = act(act(state, PlayCard("PRC", "PRC-01")), ChooseLocation("PRC", "taiwan"))
    state = act(act(state, CommitForces("PRC", stack(state, "PRC", "china", mod=1).id, 2)), DoneCommitting("PRC"))
    state = act(act(state, CommitForces("US", stack(state, "US", "japan").id, 4)), DoneCommitting("US"))
    before = state
    with pytest.raises(IllegalIntent) as refused:
        act(state, CommitForces("US", stack(state, "US", "japan").id, 1))
    assert "PRC" in str(refused.value)
    state = act(state, DoneCommitting("PRC"))
    with pytest.raises(IllegalIntent):
        act(state, CommitForces("PRC", stack(state, "PRC", "china", mod=1).id, 1))
    assert before.run.round == 2 and before.run.stage is Stage.COMMIT  # the refusals changed nothing


def _escalations(policy: str, seed: int, turns: int):
    """A whole game with computer players in every seat; the choices made in rounds after
    the first, and the final state."""
    from hedgemony_tui.games.hedgemony.engine.setup import new_game, settings_for
    from hedgemony_tui.games.hedgemony.sim import play

    seen = []

    def note(state, seat, choice):
        if state.run is not None and state.run.round > 1 and state.roll_request is None:
            seen.append((seat, state.run.stage, choice))

    end = play(new_game(CONTENT, seed, settings_for(CONTENT, turns=turns)), None, policy, on_choice=note)
    return seen, end


@pytest.mark.slow
def test_basic_bots_escalate_when_the_odds_pay_and_play_to_the_end():
    """Ch. 8 (lines 866-868): the bots take the initiator's escalation decision by the exact
    odds from their own view: on seed 2 Russia adds forces to RU-E08 in round 2, the U.S.
    answers or stops, and the game runs to its end."""
    seen, end = _escalations("basic", 2, 8)
    assert end.phase.value == "game-over"
    escalated = [
        (seat, choice)
        for seat, stage, choice in seen
        if stage is Stage.COMMIT and isinstance(choice.intent, CommitForces)
    ]
    assert escalated and all("escalates with" in choice.reason for _, choice in escalated)
    stopped = [
        choice for seat, stage, choice in seen if stage is Stage.COMMIT and isinstance(choice.intent, DoneCommitting)
    ]
    assert stopped and all("does not escalate" in c.reason or "declines" in c.reason for c in stopped)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2, 5])
def test_random_bots_escalate_and_reach_the_end_of_the_game(seed):
    """Ch. 8: whatever each side adds, each round adds an FF or ends the contest, so
    contests end and games finish (on these seeds a random initiator does escalate)."""
    seen, end = _escalations("random", seed, 8)
    assert any(stage is Stage.COMMIT and isinstance(c.intent, CommitForces) for _, stage, c in seen)
    assert end.phase.value == "game-over"


def test_a_journal_from_before_escalation_no_longer_replays():
    """Ch. 8 rounds and old saves: a journal written when the roll followed the responders
    at once holds no escalation decision, so it no longer replays; a version-8 save's
    upgrade therefore restarts such a journal at the saved state
    (tests/hedgemony/saves/test_hedgemony_v9_migration.py)."""
    from hedgemony_tui.games.hedgemony.engine.intents import RollDie

    state = prc_phase(us_at_japan=(6, 3))
    journal = [
        PlayCard("PRC", "PRC-01"),
        ChooseLocation("PRC", "taiwan"),
        CommitForces("PRC", stack(state, "PRC", "china", mod=1).id, 2),
        DoneCommitting("PRC"),
        CommitForces("US", stack(state, "US", "japan").id, 4),
        DoneCommitting("US"),
        RollDie("PRC"),
    ]
    with pytest.raises(IllegalIntent):  # its roll comes where China is asked to escalate
        for intent in journal:
            state = act(state, intent)
    assert escalation.is_escalation(state) and state.run is not None and state.run.actor == "PRC"
