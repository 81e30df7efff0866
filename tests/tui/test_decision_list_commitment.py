"""What a decision closes for good (``table.commitment``), headless, on the template
game (A then B add 1 or 2, or concede; B's move ends the turn) and on Gaming to the
Rescue: what asks, what does not, and that only the turn and phase already seen go back."""

from __future__ import annotations

from hedgemony_tui.games.rescue.engine.intents import EndTurn
from hedgemony_tui.games.rescue.rules import RULES as RESCUE
from hedgemony_tui.games.template.engine import Add, Concede
from hedgemony_tui.games.template.rules import RULES as COUNT
from hedgemony_tui.table.commitment import Commitment, commitment
from hedgemony_tui.table.match import next_choice, policies_for, seat_policy_names


def test_a_move_that_hands_on_within_the_turn_is_not_asked_for_and_the_turns_end_is():
    state = COUNT.setup(1, {})
    options = COUNT.legal(state)
    assert commitment(COUNT, state, "A", Add("A", 1), options) == Commitment("seat", False, 1, COUNT.turn_of(state)[1])
    after = COUNT.apply(state, Add("A", 1))
    options = COUNT.legal(after)
    made = commitment(COUNT, after, "B", Add("B", 2), options)
    assert made is not None and made.ends == "turn" and made.turn == 1
    ended = commitment(COUNT, after, "B", Concede("B"), options)
    assert ended is not None and ended.ends == "game"


def test_an_only_option_or_an_intent_not_offered_never_asks():
    state = COUNT.setup(1, {})
    assert commitment(COUNT, state, "A", Add("A", 1), [Add("A", 1)]) is None
    assert commitment(COUNT, state, "A", Add("A", 3), COUNT.legal(state)) is None


def test_rescues_end_of_the_turn_closes_the_seats_turn():
    state = RESCUE.setup(29, {})
    policies = policies_for(RESCUE, seat_policy_names(RESCUE, "basic"))
    for _ in range(300):
        decision = RESCUE.pending(state)
        if decision.kind == "turn":
            break
        seat, choice = next_choice(RESCUE, state, policies)  # type: ignore[misc]
        state = RESCUE.apply(state, choice.intent)
    seat = RESCUE.pending(state).seat
    options = [i for i in RESCUE.legal(state) if RESCUE.seat_of(i) == seat]
    made = commitment(RESCUE, state, seat, EndTurn(seat), options)
    assert made is not None and made.ends in ("seat", "turn", "phase")
    moves = [i for i in options if type(i).__name__ == "Move"]
    assert moves and commitment(RESCUE, state, seat, moves[0], options) is None  # undo takes a move back
