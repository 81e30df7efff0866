"""Strategic bombing (seed L254): one d6 per point of air superiority given to it; a 4
does 1 point of economic damage, a 5 two, a 6 three, lower faces nothing. Only a side
holding superiority in the air zone bombs, whatever its surviving aircraft were told.

Each die is a keyed roll named for the air zone, the side, the economic zone and the
die, and is recorded with its face and what it needed.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import attrs

from hedgemony_tui.games.grand_game.engine.air_sea_cards import convolve
from hedgemony_tui.table.dice import Rng

DAMAGE_BY_FACE: Mapping[int, int] = {1: 0, 2: 0, 3: 0, 4: 1, 5: 2, 6: 3}
"""Economic damage of each face of a bombing die (L254)."""

LEAST_FACE = 4
"""The smallest face that does damage (L254)."""


@attrs.frozen
class BombDie:
    """One bombing die: where it fell, its face, and the damage the face does."""

    target: str
    face: int
    damage: int

    def describe(self, names: Mapping[str, str] | None = None) -> str:
        """The die in a line; ``names`` prints the economic zone by its name, not its id."""
        target = (names or {}).get(self.target, self.target)
        return f"{target}: rolled {self.face} (needs {LEAST_FACE}+: 4 -> 1, 5 -> 2, 6 -> 3) = {self.damage}"


@attrs.frozen
class Bombing:
    """A side's bombing from one air zone in one season."""

    side: str
    zone: str
    superiority: int
    dice: tuple[BombDie, ...]
    note: str = ""

    @property
    def damage(self) -> Mapping[str, int]:
        out: dict[str, int] = {}
        for die in self.dice:
            out[die.target] = out.get(die.target, 0) + die.damage
        return out

    def lines(self, names: Mapping[str, str] | None = None) -> tuple[str, ...]:
        return ((self.note,) if self.note else ()) + tuple(die.describe(names) for die in self.dice)


def strategic_bombing(
    side: str, zone: str, superiority: int, bombing: tuple[tuple[str, int], ...], rng: Rng, turn: int
) -> tuple[Bombing, Rng]:
    """Roll the bombing written for ``side`` in ``zone`` (pairs of economic zone and points,
    as :func:`air_combat.split_superiority` leaves them). Without superiority nothing is
    rolled (L254); never more dice than points of superiority."""
    if superiority <= 0:
        return Bombing(side, zone, 0, (), "no air superiority: no strategic bombing (L254)"), rng
    dice: list[BombDie] = []
    budget = superiority
    for target, points in bombing:
        for n in range(min(points, budget)):
            roll, rng = rng.keyed_below(6, turn, f"bomb/{zone}/{side}/{target}/{n + 1}")
            dice.append(BombDie(target, roll + 1, DAMAGE_BY_FACE[roll + 1]))
        budget -= min(points, budget)
    return Bombing(side, zone, superiority, tuple(dice)), rng


def bombing_odds(points: int) -> dict[int, Fraction]:
    """The exact chance of each total of economic damage from ``points`` bombing dice."""
    one: dict[int, Fraction] = {}
    for damage in DAMAGE_BY_FACE.values():
        one[damage] = one.get(damage, Fraction(0)) + Fraction(1, 6)
    out: dict[int, Fraction] = {0: Fraction(1)}
    for _ in range(max(0, points)):
        out = convolve(out, one)
    return dict(sorted(out.items()))
