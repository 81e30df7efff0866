"""Red Signaling: each Red player picks three cards to display, at least one action and
one investment (ch. 3; erratum E8); when all have picked, all lay them face up at once
and the briefings follow in the turn's Red order.

The choice is sealed: every Red player still to pick owes it at the same time (the
pending decision names them all), and no one sees another's cards before all are down
(``view`` shows a player only its own signal until then; the journal says only who has
chosen). The last signal lays every signal down: a reveal, which undo does not cross.

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
    state = log(
        attrs.evolve(state, phase=Phase.SIGNALING), WHITE, "phase", f"Turn {state.turn}: {Phase.SIGNALING.title}"
    )
    return random_event_check(set_red_order(state, content))


def legal(state: GameState, content: Content) -> list[Intent]:
    """The signals of every Red player still to choose (a sealed choice owed by all at once)."""
    options: list[Intent] = []
    for player in state.queue:
        options += signal_options(content, player, state.settings.activation_markers)
    return options


def signal_options(content: Content, player: str, markers: bool) -> tuple[SignalCards, ...]:
    """Every signal ``player`` may lay down; it depends on the deck alone, so it is
    worked out once per content (``Content.signal_memo``)."""
    base = content.base or content
    key = (player, markers)
    known = base.signal_memo.get(key)
    if known is None:
        known = base.signal_memo[key] = tuple(_signals(content, player, markers))
    return known


def _signals(content: Content, player: str, markers: bool) -> list[SignalCards]:
    deck = content.deck(player)
    options: list[SignalCards] = []
    for trio in combinations(deck, 3):
        kinds = {card.kind for card in trio}
        if CardKind.ACTION in kinds and CardKind.INVESTMENT in kinds:
            ids = tuple(card.id for card in trio)
            if not markers:
                options.append(SignalCards(player, ids))
                continue
            subsets = chain.from_iterable(combinations(ids, k) for k in range(len(ids) + 1))
            options += [SignalCards(player, ids, marked) for marked in subsets]
    return options


def apply(state: GameState, content: Content, intent: Intent) -> Step:
    assert isinstance(intent, SignalCards)
    player = intent.player
    state = attrs.evolve(
        state, signals={**state.signals, player: intent.cards}, queue=tuple(p for p in state.queue if p != player)
    )
    # Sealed until all are in: the table hears only that the player has chosen; the
    # player's own line tells no one anything new (no undo barrier: a sealed choice may
    # be taken back until all are down).
    state = log(state, player, "signal", f"{player} has chosen its signals")
    state = log(
        state, player, "signal", f"{player} will signal: {_titles(content, intent.cards)}", visible_to=(player,)
    )
    if state.settings.activation_markers:
        state = attrs.evolve(state, activations={**state.activations, player: intent.activate})
        marked = ", ".join(intent.activate) or "none"
        state = log(state, player, "markers", f"{player} marks for activation: {marked}", visible_to=(player,))
    if state.queue:
        return state
    # All have chosen: the cards go down face up together, briefed in the turn's order.
    order = [p for p in state.red_order_turn if p in state.signals] + sorted(
        p for p in state.signals if p not in state.red_order_turn
    )
    for pid in order:
        state = log(state, pid, "reveal", f"{pid} signals: {_titles(content, state.signals[pid])}")
    return PhaseOver(state)


def _titles(content: Content, cards: tuple[str, ...]) -> str:
    return "; ".join(f"{c} ({content.card(c).title})" for c in cards)
