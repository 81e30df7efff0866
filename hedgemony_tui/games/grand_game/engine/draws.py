"""How many combat cards a force draws, and keyed shuffles of a deck.

Seed 002, General Combat (L196 of the seed's HTML): every force draws at least one
card, and one card for every five points of base value, so 10 draws two and 15 three.
The orders and obstacles change the five (Screen and Scout 10, Hold 3, Hide 7; a river
10, a canal 12, a shore 15 for the part of a force that crosses): reading G-R1 in
``rules/grand-game/README.md``.

Every shuffle is drawn from the game's seed and a name for what it is for (the season,
the territory, the side), as the table's dice are: the same seed and orders give the
same cards, and a combat added elsewhere does not reshuffle this one.
"""

from __future__ import annotations

from hedgemony_tui.table.dice import Rng

NORMAL_RATE = 5
"""Base points per card without an order or obstacle that changes it (L196)."""


def cards_drawn(base: int, rate: int = NORMAL_RATE, minimum: int = 1) -> int:
    """Cards drawn by a force of ``base`` points at one card per ``rate`` points, never
    fewer than ``minimum`` (``minimum=0`` for the part of a force that crosses an
    obstacle beside an overland part, which has already drawn its one)."""
    if rate < 1:
        raise ValueError("rate must be positive")
    return max(minimum, max(0, base) // rate)


def shuffled(size: int, rng: Rng, turn: int, name: str) -> tuple[tuple[int, ...], Rng]:
    """The order of a deck of ``size`` cards for the shuffle called ``name`` in ``turn``
    (a keyed Fisher-Yates: each swap is its own keyed draw), and the generator after it."""
    order = list(range(size))
    for i in range(size - 1, 0, -1):
        j, rng = rng.keyed_below(i + 1, turn, f"{name}/{i}")
        order[i], order[j] = order[j], order[i]
    return tuple(order), rng
