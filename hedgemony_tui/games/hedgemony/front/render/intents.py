"""Intents in menu words: the engine's ``describe()`` with the card title or place name added."""

from __future__ import annotations


def intent_label(intent, content) -> str:
    words = intent.describe()
    card_id = getattr(intent, "card", None)
    if card_id and card_id in content.cards and not getattr(intent, "cards", None):
        card = content.card(card_id)
        words += f" — {card.title}"
    for attr in ("location", "to"):
        place = getattr(intent, attr, None)
        if isinstance(place, str) and place:
            try:
                words += f" ({content.scenario.board.location(place).name})"
            except Exception:  # not a board place (e.g. an AOR id): the id says enough
                pass
    return words


def touches(intent, location: str, stack_ids: set[str]) -> bool:
    """Whether an intent concerns a place or one of the stacks standing there."""
    if getattr(intent, "location", None) == location or getattr(intent, "to", None) == location:
        return True
    return getattr(intent, "stack", None) in stack_ids
