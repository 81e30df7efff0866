"""Red Signaling: each Red player, in the White Cell's order, lays three cards face up,
at least one action and one investment (ch. 3; erratum E8). Signals are public.

With the optional activation markers, each card also gets a face-down marker: the
player will have to play the "Yes" cards (when it can) and may not play the others.
"""

from __future__ import annotations

from itertools import chain, combinations

import attrs

from ..cards import CardKind
from ..content import Content
from ..intents import Intent, SignalCards
from ..ledger import log
from ..phase_end import PhaseOver, Step
from ..random_events import random_event_check
from ..red_order import set_red_order
from ..state import WHITE, GameState, Phase


def enter(state: GameState, content: Content) -> GameState:
    """A turn begins with its Red Signaling phase: the Red order, then the random-event check."""
    state = log(attrs.evolve(state, phase=Phase.SIGNALING), WHITE, "phase", f"Turn {state.turn}: {Phase.SIGNALING.title}")
    return random_event_check(set_red_order(state, content))


def legal(state: GameState, content: Content) -> list[Intent]:
    player = state.queue[0]
    deck = content.deck(player)
    options: list[Intent] = []
    for trio in combinations(deck, 3):
        kinds = {card.kind for card in trio}
        if CardKind.ACTION in kinds and CardKind.INVESTMENT in kinds:
            ids = tuple(card.id for card in trio)
            if not state.settings.activation_markers:
                options.append(SignalCards(player, ids))
                continue
            subsets = chain.from_iterable(combinations(ids, k) for k in range(len(ids) + 1))
            options += [SignalCards(player, ids, marked) for marked in subsets]
    return options


def apply(state: GameState, content: Content, intent: Intent) -> Step:
    assert isinstance(intent, SignalCards)
    state = attrs.evolve(state, signals={**state.signals, intent.player: intent.cards}, queue=state.queue[1:])
    titles = "; ".join(f"{c} ({content.card(c).title})" for c in intent.cards)
    state = log(state, intent.player, "signal", f"{intent.player} signals: {titles}")
    if state.settings.activation_markers:
        state = attrs.evolve(state, activations={**state.activations, intent.player: intent.activate})
        marked = ", ".join(intent.activate) or "none"
        state = log(state, intent.player, "markers", f"{intent.player} marks for activation: {marked}",
                    visible_to=(intent.player,))
    return state if state.queue else PhaseOver(state)
