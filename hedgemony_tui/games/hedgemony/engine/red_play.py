"""Which of its cards a Red player may play in its Red phase (ch. 3 and 13).

* Red plays only cards it signaled, in any order, and may stop at any time.
* If it plays more than one card, at least one is an Action and one an Investment: so
  once its cards so far are all of one kind, the next must be of the other kind (the
  two sentences of chapter 3 hold together this way; see erratum E8).
* Procure New Forces lies outside the per-turn card limits and costs (ch. 13): it may
  be played whether or not it was signaled, it takes no signal slot, it is neither
  counted in the mix nor charged the extra-card cost.
"""

from __future__ import annotations

from .cards import Card, CardKind
from .content import Content
from .state import GameState

KIND_WORDS = {CardKind.ACTION: "action", CardKind.INVESTMENT: "investment"}


def outside_limits(card: Card) -> bool:
    """Procure New Forces does not count against the per-turn card limits (ch. 13)."""
    return card.resolution == "procure"


def counted_plays(state: GameState, content: Content, player: str) -> list[Card]:
    """The cards ``player`` played this turn that count against the limits."""
    return [content.card(c) for c in state.played.get(player, ()) if not outside_limits(content.card(c))]


def why_not_red(state: GameState, content: Content, player: str, card: Card) -> str | None:
    """None if the Red phase's rules let ``player`` play ``card`` now, else why not."""
    if outside_limits(card):
        return None
    if card.id not in state.signals.get(player, ()):
        return f"{card.id} was not signaled this turn; Red plays only its signaled cards"
    if state.settings.activation_markers and card.id not in state.activations.get(player, ()):
        return f"{card.id} carries a No activation marker this turn"
    kinds = {c.kind for c in counted_plays(state, content, player)}
    if kinds == {card.kind}:
        other = CardKind.INVESTMENT if card.kind is CardKind.ACTION else CardKind.ACTION
        return (
            f"a Red player who plays more than one card plays at least one action and one investment "
            f"(ch. 3): {player}'s next card must be an {KIND_WORDS[other]}"
        )
    return None


def extra_card_cost(state: GameState, content: Content, player: str, card: Card) -> int:
    """What a Red card costs beyond its price: the pace rule's extra RPs once ``player``
    has played ``red_extra_after`` counted cards this turn (ch. 3); Procure never pays it."""
    if outside_limits(card):
        return 0
    earlier = counted_plays(state, content, player)
    return state.settings.red_extra_card_cost if len(earlier) >= state.settings.red_extra_after else 0
