"""The card intents a player may take from a set of cards, and applying them.

Shared by the Blue phase (any card of the deck) and the Red phase (the signaled ones).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeGuard, Union

from . import buying, runs
from .cards import Card
from .content import Content
from .intents import Intent, Modernize, PlayCard, Procure
from .play import card_cost, start_rolled_card, why_not_playable
from .state import GameState

CardIntent = Union[PlayCard, Modernize, Procure]
"""An intent that plays a card from the hand (a modernization and a procurement are cards too)."""


def card_plays(state: GameState, content: Content, player: str, cards: Iterable[Card]) -> list[CardIntent]:
    """Every way ``player`` may play one of ``cards`` now."""
    options: list[CardIntent] = []
    for card in cards:
        if why_not_playable(state, content, player, card) is not None:
            continue
        if card.resolution in ("modernize", "procure"):
            # A buy of forces: which FFs or how many at which Mod Levels (``buying.py``).
            plays = buying.modernize_plays if card.resolution == "modernize" else buying.procure_plays
            options += [i for i in plays(state, content, player, card) if isinstance(i, (Modernize, Procure))]
        elif card.max_units:
            room = state.player(player).rp - card_cost(state, content, player, card)
            options += [
                PlayCard(player, card.id, n) for n in range(1, card.max_units + 1) if n * card.unit_cost <= room
            ]
        else:
            options.append(PlayCard(player, card.id))
    return options


def card_intents(state: GameState, content: Content, player: str, cards: Iterable[Card]) -> list[Intent]:
    """``card_plays`` as a list of intents, for a phase to add its other options to."""
    return list(card_plays(state, content, player, cards))


def is_card_intent(intent: Intent) -> TypeGuard[CardIntent]:
    return isinstance(intent, (PlayCard, Modernize, Procure))


def apply_card_intent(state: GameState, content: Content, intent: CardIntent) -> GameState:
    card = content.card(intent.card)
    if isinstance(intent, Modernize):
        return buying.modernize(state, content, intent)
    if isinstance(intent, Procure):
        return buying.procure(state, content, intent)
    assert isinstance(intent, PlayCard)
    if card.resolution in ("tech", "upgrade"):
        return start_rolled_card(state, content, intent.player, card)
    return runs.start(state, content, intent.player, card, intent.units)
