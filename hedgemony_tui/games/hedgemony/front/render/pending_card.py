"""The card a pending decision is about, drawn small beside the decision panel.

When the seat at the keyboard owes a decision on the card in play ("choose for
Combined exercise", "respond to ... with forces"), the side of the board shows that
card's own text — its kind and owner, id, cost, title and what it does, and for a
choice its options — in the words the card renderer (:mod:`..render.cards`) already
uses, so the learner need not open the hand (F3) to read it. Only a card the seat's
view holds on the table is drawn: a private card another seat plays is not in that view.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from ...engine.state import Stage
from ...render.card_words import BORDER, header
from ...render.cards import choice_section, cost_line


def card_in_question(seen: Any, content: Any) -> Any | None:
    """The card on the table in ``seen`` (a seat's view) that a decision is about, or None."""
    run = getattr(seen, "run", None)
    if run is None or not run.card or run.card not in content.cards:
        return None
    return content.card(run.card)


def pending_card(seen: Any, content: Any) -> RenderableType | None:
    """The card in play as a few lines: kind, id and cost, the title, its text, and its
    options while a choice on it is pending; None when no card is in play in ``seen``."""
    card = card_in_question(seen, content)
    if card is None:
        return None
    top = Text(f"{header(card)} · {card.id} · ", style=f"bold {BORDER[card.kind]}")
    top.append(cost_line(card), style="bold")
    parts: list[RenderableType] = [top, Text(card.title, style="bold"), Text(card.text)]
    if card.choice is not None and seen.run.stage is Stage.CHOOSE:
        parts.append(choice_section(card))
    return Group(*parts)
