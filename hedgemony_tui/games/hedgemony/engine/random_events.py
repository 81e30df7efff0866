"""The optional random-events rule (ch. 3 and 7): each of the first three phases of a
turn opens with the White Cell's D10; below the scenario's chance an event card is drawn
at random from those not yet played and put in play."""

from __future__ import annotations

import attrs

from hedgemony_tui.table.dice import RollRecord

from .content import Content
from .ledger import log
from .play import why_not_injectable
from .runs import start
from .state import WHITE, GameState, RollPurpose, RollRequest


def random_event_check(state: GameState) -> GameState:
    """With random events on, each of the first three phases opens with the White Cell's
    D10: below ``random_event_chance`` an event is drawn at random."""
    if not state.settings.random_events:
        return state
    request = RollRequest(
        WHITE,
        # The phase is named: two checks a turn apart from each other read alike otherwise.
        f"does a random event happen as the {state.phase.title} phase opens? "
        f"(below {state.settings.random_event_chance})",
        RollPurpose.RANDOM_EVENT,
    )
    return attrs.evolve(state, roll_request=request)


def random_event_rolled(
    state: GameState, content: Content, request: RollRequest, face: int, physical: bool
) -> GameState:
    happens = face < state.settings.random_event_chance
    record = RollRecord(
        state.turn,
        WHITE,
        request.reason,
        face,
        table="random events",
        result="event" if happens else "no event",
        physical=physical,
    )
    state = log(
        state,
        WHITE,
        "roll",
        f"Random event check ({state.phase.title}): rolled {face}: {'an event' if happens else 'no event'}",
        roll=record,
    )
    state = attrs.evolve(state, roll_request=None)
    deck = [card for card in content.events() if why_not_injectable(state, card) is None]
    if not happens or not deck:
        return state
    # The draw from the shuffled deck uses the game's dice, uniformly among the cards
    # left, and is logged like a roll.
    index, rng = state.rng.keyed_below(len(deck), state.turn, f"event-draw/{state.phase.value}")
    state = attrs.evolve(state, rng=rng)
    card = deck[index]
    # A private event (one with a privacy roll) stays between its player and the White
    # Cell from the draw on (``runs.start``): the draw, which names the card, is theirs
    # alone, and the table reads only that someone got a private event. (How many cards
    # were left is not said in public either: it counts the private events already out.)
    owner = card.roller() if card.private_on is not None else ""
    state = log(
        state,
        WHITE,
        "roll",
        f"Drawn at random from {len(deck)} event cards: {card.id}",
        visible_to=(owner,) if owner else (),
        roll=RollRecord(
            state.turn,
            WHITE,
            f"a random event: one card among the {len(deck)} event cards left",
            index,
            table="event deck",
            result=card.id,
        ),
    )
    if owner:
        state = log(state, WHITE, "event", f"The White Cell draws a private event for {owner}")
    return start(state, content, WHITE, card)
