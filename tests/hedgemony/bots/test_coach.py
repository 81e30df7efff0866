"""The coach (``bots/coach.py``, ``rules.coach``): the expert's decision from the seat's
own view, its reason, and the seat's options by the worksheet's expected IP.

Along one seeded game (the U.S. played by ``basic``, as a learner might), at the U.S.'s
decisions and some of the others': the advice is the expert's own decision, legal in the
whole state, the same when other seats' secrets change, and a Blue phase with hundreds
of options is answered by measuring a few representatives, said in the advice's note.
"""

from __future__ import annotations

import pytest

from hedgemony_tui.games.hedgemony.bots.coach import MAX_ROWS, SMALL
from hedgemony_tui.games.hedgemony.bots.expert import ExpertPolicy
from hedgemony_tui.games.hedgemony.engine.intents import CommitForces, DoneCommitting, PlayCard
from hedgemony_tui.games.hedgemony.engine.state import GameState
from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.table import match
from hedgemony_tui.table.contract import Advice, coach_of

PLAYERS = ("US", "NATO", "RU", "PRC", "DPRK", "IR")


def _states(seed: int = 3, turns: int = 1, every: int = 1) -> list[tuple[GameState, str]]:
    """(state, seat) pairs along a seeded basic game: every decision a player owes."""
    policies = match.policies_for(RULES, dict.fromkeys(PLAYERS, "basic"))
    control = RULES.control_bot("random-events")
    state = RULES.setup(seed, {"turns": turns})
    found = []
    while not RULES.pending(state).over:
        decision = RULES.pending(state)
        found += [(state, seat) for seat in decision.seats if seat in PLAYERS]
        step = match.next_choice(RULES, state, policies, control)
        assert step is not None
        state = RULES.apply(state, step[1].intent)
    return found[::every]


@pytest.fixture(scope="module")
def along() -> list[tuple[GameState, str]]:
    states = _states()
    us = [(s, seat) for s, seat in states if seat == "US"]
    others = [(s, seat) for s, seat in states if seat != "US"]
    # Every U.S. decision of the first kinds met, and a spread of the other seats'.
    kinds: dict[str, int] = {}
    picked = []
    for s, seat in us:
        kind = RULES.pending(s).kind
        if kinds.get(kind, 0) < 3:
            kinds[kind] = kinds.get(kind, 0) + 1
            picked.append((s, seat))
    return picked + others[:: max(1, len(others) // 6)]


def test_rules_offer_the_coach() -> None:
    assert coach_of(RULES) is not None


@pytest.mark.slow
def test_the_hint_is_the_same_when_other_seats_secrets_change(along) -> None:
    checked = 0
    for state, seat in along:
        advice = RULES.coach(RULES.view(state, seat), seat)
        if advice is None:
            continue
        checked += 1
        for salt in (1, 2, 5):
            varied = RULES.vary_secrets(state, seat, salt)
            assert RULES.view(varied, seat) is not None
            again = RULES.coach(RULES.view(varied, seat), seat)
            assert again == advice, f"{seat} at {RULES.pending(state).prompt!r}, salt {salt}"
    assert checked >= 10


def test_the_advice_is_the_expert_s_legal_decision(along) -> None:
    for state, seat in along:
        view = RULES.view(state, seat)
        own = [o for o in RULES.legal(state) if RULES.seat_of(o) == seat]
        advice = RULES.coach(view, seat)
        assert isinstance(advice, Advice)
        assert advice.intent in own
        assert all(row.intent in own for row in advice.rows)
        assert advice.intent in [row.intent for row in advice.rows]
        assert advice.measure == "expected IP"
        # The expert itself, asked as a computer player is: the same decision, unless the
        # expert's pick reads lower on the worksheet than another option (then the reason
        # names it; its words are a learner's, test_coach_33c).
        made = ExpertPolicy().decide(view, own)
        assert (made.intent == advice.intent) != ("the expert's own pick" in advice.reason)


def test_a_big_decision_is_measured_by_representatives(along) -> None:
    big = [(s, seat) for s, seat in along if seat == "US" and len(RULES.legal(s)) > 200]
    assert big, "no Blue phase decision along the game"
    state, seat = big[0]
    advice = RULES.coach(RULES.view(state, seat), seat)
    assert advice is not None
    assert len(advice.rows) <= MAX_ROWS
    assert "options listed" in advice.note and "of " in advice.note
    # Each card the seat may play is among the rows once (one of each kind).
    cards = [row.intent.card for row in advice.rows if isinstance(row.intent, PlayCard)]
    assert len(cards) == len(set(cards))


def test_small_decisions_have_every_option_measured(along) -> None:
    small = [(s, seat) for s, seat in along if len([o for o in RULES.legal(s) if RULES.seat_of(o) == seat]) <= SMALL]
    assert small
    for state, seat in small:
        own = [o for o in RULES.legal(state) if RULES.seat_of(o) == seat]
        advice = RULES.coach(RULES.view(state, seat), seat)
        assert advice is not None and len(advice.rows) == len(own) and "options listed" not in advice.note


@pytest.mark.slow
def test_a_card_played_in_a_phase_has_no_made_up_figure() -> None:
    # At a U.S. Blue decision with an action card to play: no worksheet previews a card
    # played in a phase, so its row has no figure (not "+0.0"), and the note says why once.
    for state, seat in _states(seed=5, turns=1):
        plays = [o for o in RULES.legal(state) if isinstance(o, PlayCard) and RULES.seat_of(o) == seat == "US"]
        if not plays:
            continue
        advice = RULES.coach(RULES.view(state, seat), seat, include=tuple(plays))
        assert advice is not None
        assert all(advice.value_of(play) is None for play in plays)
        assert advice.note.count("No worksheet shows an expected IP") == 1
        return
    pytest.fail("the U.S. never had a card to play")


@pytest.mark.slow
def test_a_big_response_compares_each_stack_and_stopping() -> None:
    # A Red card the U.S. may answer with many stacks (seed 7): the expert's own steps per
    # stack are compared with stopping, and the others' expected IP is named.
    for state, seat in _states(seed=7, turns=1):
        own = [o for o in RULES.legal(state) if RULES.seat_of(o) == seat]
        if seat != "US" or len(own) <= SMALL or not any(isinstance(o, CommitForces) for o in own):
            continue
        advice = RULES.coach(RULES.view(state, seat), seat)
        assert advice is not None and len(advice.rows) <= SMALL
        stacks = {row.intent.stack for row in advice.rows if isinstance(row.intent, CommitForces)}
        assert len(stacks) >= 3
        assert any(isinstance(row.intent, DoneCommitting) for row in advice.rows)
        assert "per stack" in advice.note
        assert any(row.detail for row in advice.rows)  # the Red player's expected IP, beside the U.S.'s
        return
    pytest.fail("no big response of the U.S. along the game")
