"""Scripted games of Gaming to the Rescue! for the tests: physical dice typed in, so
each test says exactly which crisis dice lie where."""

from __future__ import annotations

import attrs

from hedgemony_tui.games.rescue.engine.intents import DrawEvent, Roll
from hedgemony_tui.games.rescue.engine.state import RescueState
from hedgemony_tui.games.rescue.rules import RULES

# Crisis 1..6 as (colour, face): by default every colour twice, nothing above 3.
CALM = (("red", 2), ("blue", 1), ("green", 3), ("blue", 2), ("green", 1), ("red", 3))


def started(
    crises=CALM,
    *,
    initiative=(6, 4, 2),
    event: str = "E03",
    media: int = 1,
    options: dict[str, object] | None = None,
    stop_before_media: bool = False,
) -> RescueState:
    """A game at the first player's first turn: initiative rolled as given (USM, HN, HC),
    the crisis dice placed as given, ``event`` drawn first, the media die showing ``media``."""
    state = RULES.setup(1, {"physical_dice": True, **(options or {})})
    for seat, face in zip(("USM", "HN", "HC"), initiative):
        state = RULES.apply(state, Roll(seat, face))
    for colour, face in crises:
        seat = RULES.pending(state).seat
        state = RULES.apply(state, Roll(seat, face, colour))
    deck = (event, *[c for c in state.deck if c != event])
    state = attrs.evolve(state, deck=deck)
    state = RULES.apply(state, DrawEvent(state.drawer))
    if stop_before_media:
        return state
    return RULES.apply(state, Roll(state.drawer, media))


def place(state: RescueState, **hexes: str) -> RescueState:
    """The state with meeples moved by hand (USM="D-5")."""
    actors = tuple(attrs.evolve(a, hex=hexes.get(a.id, a.hex)) for a in state.actors)
    return attrs.evolve(state, actors=actors)


def give_tokens(state: RescueState, seat: str, **counts: int) -> RescueState:
    actors = tuple(
        attrs.evolve(a, tokens=attrs.evolve(a.tokens, **counts)) if a.id == seat else a for a in state.actors
    )
    return attrs.evolve(state, actors=actors)
