"""The odds of a sea combat before the dice (seed L272-L315): the chance each side finds
the other, the chance they fight, and the casualties each side may expect, exactly.

A search finds on a face of at most its need, so with probability need/6 (L272); a force
that hides never finds (L304). Once they fight, the cards are fixed by the forces and the
orders (:func:`sea_combat.card_count`), and each casualty row sinks one fleet while the
target has any (every row names all three kinds), so a side's losses are the smaller of
the rows drawn against it and its fleets: the rows' exact distribution comes from the
deck (``air_sea_cards.sum_odds``).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import attrs

from hedgemony_tui.games.grand_game.engine.air_sea_cards import convolve, sum_odds
from hedgemony_tui.games.grand_game.engine.counts import counted
from hedgemony_tui.games.grand_game.engine.sea_combat import (
    ENGAGE,
    SeaForce,
    card_count,
    search_need,
)
from hedgemony_tui.games.grand_game.engine.sea_deck import SEA_DECK, SeaCard


@attrs.frozen
class SeaOdds:
    """What to expect of a sea combat between two forces, before any die or card."""

    sides: tuple[str, str]
    finds: tuple[Fraction, Fraction]
    fight: Fraction
    cards: tuple[int, int]
    expected_losses: tuple[Fraction, Fraction]

    def lines(self) -> tuple[str, ...]:
        out = [f"{side} finds the other: {float(p):.0%}" for side, p in zip(self.sides, self.finds, strict=True)]
        out.append(f"they fight: {float(self.fight):.0%}")
        out += [
            f"{side}: draws {counted(n, 'card')} if they fight; expected fleets lost {float(e):.2f}"
            for side, n, e in zip(self.sides, self.cards, self.expected_losses, strict=True)
        ]
        return tuple(out)


def _expected_losses(rows: dict[int, Fraction], fleets: int) -> Fraction:
    return sum((Fraction(min(n, fleets)) * p for n, p in rows.items()), Fraction(0))


def sea_odds(
    first: SeaForce, second: SeaForce, winter: bool = False, port: bool = False, deck: Sequence[SeaCard] = SEA_DECK
) -> SeaOdds:
    """The odds of :func:`sea_combat.sea_combat` between two forces (or, with ``port``, of
    :func:`sea_combat.port_attack` with ``first`` attacking ``second``'s port)."""
    if port:
        first, second = attrs.evolve(first, order=ENGAGE), attrs.evolve(second, order=ENGAGE)
    finds = []
    for force in (first, second):
        need = search_need(force, winter)
        finds.append(Fraction(1) if port else Fraction(need or 0, 6))
    fight = 1 - (1 - finds[0]) * (1 - finds[1])
    engage = port or ENGAGE in (first.order, second.order)
    counts = (card_count(first, second, engage, False).cards, card_count(second, first, engage, port).cards)
    rows = [len(card.rows) for card in deck]
    on_second = sum_odds(rows, counts[0])
    on_first = sum_odds(rows, counts[1])
    if port:
        on_first = convolve(on_first, sum_odds(rows, 1))  # the port's own card (L315)
    losses = (
        fight * _expected_losses(on_first, first.fleets),
        fight * _expected_losses(on_second, second.fleets),
    )
    return SeaOdds((first.side, second.side), (finds[0], finds[1]), fight, counts, losses)
