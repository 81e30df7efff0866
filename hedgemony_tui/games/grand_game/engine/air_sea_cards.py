"""Drawing from the air and sea decks, and the exact odds of what a draw adds up to.

Each side of an air or sea combat draws from its own freshly shuffled copy of the deck
(reading in ``rules/grand-game/air-sea.md``): the first card drawn is the top of a keyed
shuffle, the second the next, and a side that needs more cards than the deck holds
starts a second keyed shuffle of a fresh copy. So the odds of a draw are those of the
first ``k`` cards of a uniform shuffle (a hypergeometric draw), plus whole decks when
``k`` is larger than the deck: exact fractions, computed here once for every use
(air superiority, sea casualties).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import product
from math import comb

from hedgemony_tui.games.grand_game.engine.draws import shuffled
from hedgemony_tui.table.dice import Rng

Distribution = Mapping[int, Fraction]
"""A probability for each whole-number outcome; the probabilities sum to one."""


def draw_indices(deck_size: int, count: int, rng: Rng, turn: int, name: str) -> tuple[tuple[int, ...], Rng]:
    """The positions in the deck of ``count`` cards drawn by the draw called ``name``: the
    top of a keyed shuffle, and of a fresh shuffle (``name/deck2``...) each time one runs out."""
    if deck_size < 1:
        raise ValueError("a deck needs at least one card")
    drawn: list[int] = []
    copy = 1
    while len(drawn) < count:
        order, rng = shuffled(deck_size, rng, turn, name if copy == 1 else f"{name}/deck{copy}")
        drawn.extend(order[: count - len(drawn)])
        copy += 1
    return tuple(drawn), rng


def convolve(first: Distribution, second: Distribution) -> dict[int, Fraction]:
    """The distribution of the sum of two independent outcomes."""
    out: dict[int, Fraction] = {}
    for (a, p), (b, q) in product(first.items(), second.items()):
        out[a + b] = out.get(a + b, Fraction(0)) + p * q
    return out


def _partial_draw(values: Sequence[int], count: int) -> dict[int, Fraction]:
    """The sum of ``count`` cards (at most the deck) taken without replacement."""
    groups = sorted(Counter(values).items())
    total = comb(len(values), count)
    out: dict[int, Fraction] = {}
    # Every way of taking k_i cards of each value group, weighted by how many hands give it.
    for takes in product(*(range(min(n, count) + 1) for _, n in groups)):
        if sum(takes) != count:
            continue
        ways = 1
        for (_, n), k in zip(groups, takes, strict=True):
            ways *= comb(n, k)
        value = sum(v * k for (v, _), k in zip(groups, takes, strict=True))
        out[value] = out.get(value, Fraction(0)) + Fraction(ways, total)
    return out


def sum_odds(values: Sequence[int], count: int) -> dict[int, Fraction]:
    """The exact distribution of the total of ``count`` cards drawn as :func:`draw_indices`
    draws them from a deck whose cards carry ``values``."""
    if not values:
        raise ValueError("a deck needs at least one card")
    whole, rest = divmod(max(0, count), len(values))
    out: dict[int, Fraction] = {sum(values) * whole: Fraction(1)}
    return convolve(out, _partial_draw(values, rest))


def mean(distribution: Distribution) -> Fraction:
    """The expected value of a distribution."""
    return sum((Fraction(v) * p for v, p in distribution.items()), Fraction(0))
