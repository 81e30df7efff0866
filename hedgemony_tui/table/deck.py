"""Decks of cards with keyed shuffles: a draw pile, a discard pile, and pure moves on them.

A shuffle draws from the game's keyed dice (``Rng.keyed_below``) under a name for what
the shuffle is for ("event deck", "crisis cards"...), so the same seed and the same
name deal the same order on any machine, a different name deals an independent order,
and a shuffle added or skipped elsewhere in the turn does not change this one. The
generator that comes back has recorded the shuffle's rolls, so shuffling again under
the same name in the same turn (with that generator) deals a fresh order.

The top of the draw pile is its first element. Cards can be any value; the deck never
looks inside them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Generic, TypeVar, overload

import attrs

from hedgemony_tui.table.dice import Rng

C = TypeVar("C")


def _cards(cards: Iterable[C]) -> tuple[C, ...]:
    return tuple(cards)


@attrs.frozen
class Deck(Generic[C]):
    """A draw pile (top card first) and a discard pile (oldest discard first)."""

    pile: tuple[C, ...] = attrs.field(default=(), converter=_cards)
    discards: tuple[C, ...] = attrs.field(default=(), converter=_cards)


Reshuffle = tuple[Rng, int, str]
"""What a reshuffle needs: the generator, the turn, and the shuffle's name."""


def shuffle_cards(cards: Iterable[C], rng: Rng, turn: int, key: str) -> tuple[tuple[C, ...], Rng]:
    """The cards in a keyed random order, and the generator after the shuffle.

    Fisher–Yates from the bottom up: position ``i`` swaps with a uniform position in
    ``0..i``, drawn as the roll named ``"{key}/{i}"``. Each of the n! orders is equally
    likely, and naming each swap keeps the rolls of one shuffle apart from another's."""
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        j, rng = rng.keyed_below(i + 1, turn, f"{key}/{i}")
        out[i], out[j] = out[j], out[i]
    return tuple(out), rng


def shuffled(deck: Deck[C], rng: Rng, turn: int, key: str) -> tuple[Deck[C], Rng]:
    """The deck with its draw pile shuffled (the discards stay as they are)."""
    pile, rng = shuffle_cards(deck.pile, rng, turn, key)
    return Deck(pile, deck.discards), rng


def recycled(deck: Deck[C], rng: Rng, turn: int, key: str) -> tuple[Deck[C], Rng]:
    """The discards shuffled and put beneath what is left of the draw pile."""
    fresh, rng = shuffle_cards(deck.discards, rng, turn, key)
    return Deck(deck.pile + fresh, ()), rng


def discard(deck: Deck[C], cards: Iterable[C]) -> Deck[C]:
    """The deck with ``cards`` put on the discard pile, in the order given."""
    return Deck(deck.pile, deck.discards + tuple(cards))


def _cards_word(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


@overload
def draw(deck: Deck[C], n: int = 1) -> tuple[tuple[C, ...], Deck[C]]: ...


@overload
def draw(deck: Deck[C], n: int = 1, *, reshuffle_with: Reshuffle) -> tuple[tuple[C, ...], Deck[C], Rng]: ...


def draw(
    deck: Deck[C], n: int = 1, *, reshuffle_with: Reshuffle | None = None
) -> tuple[tuple[C, ...], Deck[C]] | tuple[tuple[C, ...], Deck[C], Rng]:
    """The top ``n`` cards and the deck without them.

    Without ``reshuffle_with`` there must be ``n`` cards in the draw pile. With it, when
    the pile runs out part-way, the discards are shuffled (keyed as given) into a new
    pile and the draw goes on; the cards already drawn are in hand, not in the discards,
    so they are not reshuffled. The pile is only reshuffled when a card is actually
    needed from it. A reshuffling draw also returns the generator, which has recorded
    the shuffle's rolls (unchanged when no reshuffle happened): keep it, or a second
    reshuffle under the same name in the same turn would deal the same order.

    Refuses with ``ValueError`` (and no change) when there are too few cards."""
    if n < 0:
        raise ValueError(f"cannot draw a negative number of cards ({n})")
    have, spare = len(deck.pile), len(deck.discards)
    if reshuffle_with is None:
        if n > have:
            hint = f" (and {spare} in the discards, which only a reshuffling draw uses)" if spare else ""
            raise ValueError(f"cannot draw {_cards_word(n)}: only {have} in the draw pile{hint}")
        return deck.pile[:n], Deck(deck.pile[n:], deck.discards)
    rng, turn, key = reshuffle_with
    if n > have + spare:
        raise ValueError(
            f"cannot draw {_cards_word(n)}: only {have} in the draw pile and {spare} in the discards to reshuffle"
        )
    if n <= have:
        return deck.pile[:n], Deck(deck.pile[n:], deck.discards), rng
    hand = deck.pile
    pile, rng = shuffle_cards(deck.discards, rng, turn, key)
    rest = n - have
    return hand + pile[:rest], Deck(pile[rest:], ()), rng
