"""Dice whose whole state lives in the game state, and the record every roll leaves.

The generator is SplitMix64: a few lines of integer arithmetic, so the same seed and
the same decisions give the same rolls on any machine and any Python version
(``random.Random`` promises neither).

The game's dice are *keyed*: each roll is drawn from the seed and a name for the roll
(the turn, the card or purpose, the roller, and how many such rolls came before it in
the turn), not from a running count. So a decision that adds or skips a roll does not
move the faces of the others: whatever is rolled for the same thing shows the same
face. A facilitator replaying a session with one choice changed sees the same dice
elsewhere, and two games that differ in one seat's play differ by that play and what
follows from it, not by reshuffled dice (this is what lets the bots' benchmark compare
two policies on 200 games; see ``rules/hedgemony/README.md``). A roll is never
taken behind the players' backs: the engine asks for it as a pending decision, and
the White Cell may type a physical die's face instead (see ``phases``).
"""

from __future__ import annotations

import attrs

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _splitmix64(x: int) -> int:
    x = (x + _GOLDEN) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def _key_hash(key: str) -> int:
    """FNV-1a over the key's UTF-8 bytes: stable everywhere (``hash`` is salted)."""
    h = 0xCBF29CE484222325
    for byte in key.encode():
        h = ((h ^ byte) * 0x100000001B3) & _MASK
    return h


@attrs.frozen
class Rng:
    """A seed, how many numbers have been drawn from it, and the keyed rolls of this turn
    (``turn:name`` once per roll, to number repeats of the same name)."""

    seed: int
    draws: int = 0
    keys: tuple[str, ...] = ()

    def keyed_below(self, n: int, turn: int, name: str) -> tuple[int, Rng]:
        """A uniform whole number in 0..n-1 for the roll called ``name`` in ``turn``
        (its first, second... such roll of the turn) and the generator after it."""
        if n < 1:
            raise ValueError("n must be positive")
        prefix = f"{turn}:"
        kept = tuple(k for k in self.keys if k.startswith(prefix))  # earlier turns' names are done
        key = f"{turn}:{name}"
        base = _splitmix64(((self.seed * _GOLDEN) & _MASK) ^ _key_hash(f"{key}#{kept.count(key)}"))
        limit = (1 << 64) - ((1 << 64) % n)
        step = 0
        while True:
            value = _splitmix64((base + step) & _MASK)
            step += 1
            if value < limit:
                return value % n, Rng(self.seed, self.draws + 1, kept + (key,))

    def keyed_d10(self, turn: int, name: str) -> tuple[int, Rng]:
        return self.keyed_below(10, turn, name)

    def next_below(self, n: int) -> tuple[int, Rng]:
        """A uniform whole number in 0..n-1 and the generator after the draw: the n-th
        number of the seed's stream (the bots' seeded choices; the game's dice are keyed)."""
        if n < 1:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)  # reject the biased top slice
        draws = self.draws
        while True:
            value = _splitmix64((self.seed * _GOLDEN + draws) & _MASK)
            draws += 1
            if value < limit:
                return value % n, Rng(self.seed, draws, self.keys)


@attrs.frozen
class Term:
    """One modifier on a roll: where it comes from and its value."""

    label: str
    value: int


@attrs.frozen
class RollRecord:
    """Everything about one roll, as the journal and the resolution view show it."""

    turn: int
    roller: str  # the player (or WHITE) who rolled
    reason: str  # e.g. "PRC-03: Incursion, CRT A"
    raw: int
    modifiers: tuple[Term, ...] = ()
    table: str = ""  # e.g. "crt-a", "rt-b", "card", "budget", "proxy"
    column: str = ""
    row: str = ""  # the row read, e.g. "7" or "> 14"
    result: str = ""  # e.g. "blue-minor", "+1 next turn"
    physical: bool = False  # typed in from a real die by the White Cell

    @property
    def total(self) -> int:
        return self.raw + sum(term.value for term in self.modifiers)
