"""Base values and card counts of a land combat, worked out once for the resolver and the
odds alike (seed L159, L196, L251-L257, L327, L357-L367; G-R1, G-X4).

For each side of a pair :func:`plan_pair` lists every term of its base value with its
source (units at their value, or at 1 without a supply; the defender's +1 per unit for a
city or port, a mountain and winter; tactical air) and every term of its card count (the
part fighting overland at its order's rate, each crossing part at its obstacle's rate,
the minimum of one card, Blitzkrieg's extra cards). Nothing here is random.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from hedgemony_tui.games.grand_game.engine.counts import counted
from hedgemony_tui.games.grand_game.engine.draws import cards_drawn
from hedgemony_tui.games.grand_game.engine.land_forces import (
    BLITZKRIEG,
    OBSTACLE_RATE,
    ORDER_RATE,
    LandForce,
    Terrain,
)
from hedgemony_tui.games.grand_game.engine.units import ARMOR, INFANTRY, UNITS

UNSUPPLIED_VALUE = 1
"""What a land unit without a supply fights at (G-X4, by analogy with fleets, L275)."""


@attrs.frozen
class Term:
    """One part of a side's base value, with where the rule comes from."""

    what: str
    points: int
    source: str

    def line(self) -> str:
        return f"{self.what}: {self.points:+d} ({self.source})"


@attrs.frozen
class CardTerm:
    """One part of a side's card count, with where the rule comes from."""

    what: str
    cards: int
    source: str

    def line(self) -> str:
        return f"{self.what}: {counted(self.cards, 'card')} ({self.source})"


@attrs.frozen
class SidePlan:
    """One side's base value and cards against one opponent, before any card is drawn."""

    side: str
    order: str
    defender: bool
    terms: tuple[Term, ...]
    card_terms: tuple[CardTerm, ...]
    supplies: int
    removed: int
    supplied_units: int
    supply_per_unit: int

    @property
    def base(self) -> int:
        return sum(term.points for term in self.terms)

    @property
    def cards(self) -> int:
        return sum(term.cards for term in self.card_terms)

    @property
    def available(self) -> int:
        """Supplies left to the side once the enemy's tactical air has taken its share (L257)."""
        return self.supplies - self.removed

    def lines(self) -> tuple[str, ...]:
        out = [f"{self.side} ({self.order}{', defending' if self.defender else ''}): base {self.base}"]
        out += ["  " + term.line() for term in self.terms]
        if self.removed:
            out.append(
                f"  enemy tactical air took {self.removed} of {counted(self.supplies, 'supply', 'supplies')} (L257)"
            )
        out.append(f"  draws {counted(self.cards, 'card')}")
        out += ["  " + term.line() for term in self.card_terms]
        return tuple(out)


def air_removals(forces: Sequence[LandForce]) -> dict[str, int]:
    """Supplies each side loses before the combat: one for every other side with tactical
    air over the territory (L257), never more than it has."""
    return {
        force.side: min(force.supplies, sum(1 for other in forces if other.side != force.side and other.tactical > 0))
        for force in forces
    }


def _groups(force: LandForce) -> list[tuple[str | None, str, int]]:
    """(obstacle or None, kind, count) for every group of the force, overland first."""
    out: list[tuple[str | None, str, int]] = [(None, ARMOR, force.armor), (None, INFANTRY, force.infantry)]
    for part in force.crossing:
        out += [(part.obstacle, ARMOR, part.armor), (part.obstacle, INFANTRY, part.infantry)]
    return [group for group in out if group[2] > 0]


def _value(kind: str, defender: bool) -> int:
    return UNITS[kind].defence if defender else UNITS[kind].attack


def plan_side(force: LandForce, enemy: LandForce, terrain: Terrain, defender: bool, removed: int) -> SidePlan:
    """``force``'s base value and card count against ``enemy``; ``defender`` when it holds
    the territory; ``removed`` supplies taken by enemy tactical air beforehand."""
    per_unit = 2 if force.order == BLITZKRIEG else 1  # Blitzkrieg pays one more a unit (L367)
    left = (force.supplies - removed) // per_unit
    groups = _groups(force)
    # Supplies go where they add the most: the highest-valued units first, and among
    # equals to the part fighting overland, which draws cards at the better rate.
    order = sorted(range(len(groups)), key=lambda i: (-_value(groups[i][1], defender), i))
    supplied = [0] * len(groups)
    for i in order:
        supplied[i] = min(groups[i][2], left)
        left -= supplied[i]
    terms: list[Term] = []
    part_points: dict[str | None, int] = {}
    for (obstacle, kind, count), fed in zip(groups, supplied, strict=True):
        where = f" crossing the {obstacle}" if obstacle else ""
        value = _value(kind, defender)
        role = "defence" if defender else "attack"
        if fed:
            terms.append(Term(f"{fed} {kind}{where} at {role} {value}", fed * value, "units.toml, G-X2"))
        if count - fed:
            unfed = count - fed
            terms.append(Term(f"{unfed} {kind}{where} without supply at 1", unfed * UNSUPPLIED_VALUE, "G-X4"))
        part_points[obstacle] = part_points.get(obstacle, 0) + fed * value + (count - fed) * UNSUPPLIED_VALUE
    if defender:
        units = force.units
        for mark, source in terrain.bonuses():
            terms.append(Term(f"{mark}: +1 for each of {counted(units, 'defending unit')}", units, source))
            part_points[None] = part_points.get(None, 0) + units
    if force.tactical:
        terms.append(Term(f"tactical air +{force.tactical}", force.tactical, "L251, L257"))
        part_points[None] = part_points.get(None, 0) + force.tactical
    return SidePlan(
        force.side,
        force.order,
        defender,
        tuple(terms),
        _card_terms(force, enemy, part_points),
        force.supplies,
        removed,
        sum(supplied),
        per_unit,
    )


def _card_terms(force: LandForce, enemy: LandForce, part_points: Mapping[str | None, int]) -> tuple[CardTerm, ...]:
    rate = ORDER_RATE[force.order]
    out: list[CardTerm] = []
    overland = part_points.get(None, 0)
    if overland:
        out.append(
            CardTerm(f"{counted(overland, 'point')} at 1 card per {rate}", cards_drawn(overland, rate, 0), "L196, G-R1")
        )
    for obstacle, points in part_points.items():
        if obstacle is None:
            continue
        # An order that already draws more slowly keeps its own rate across an obstacle.
        slow = max(rate, OBSTACLE_RATE[obstacle])
        out.append(
            CardTerm(f"{counted(points, 'point')} across the {obstacle} at 1 per {slow}", points // slow, "L327, G-R1")
        )
    if sum(term.cards for term in out) < 1:
        out.append(CardTerm("every side draws at least one card", 1 - sum(t.cards for t in out), "L196"))
    if force.order == BLITZKRIEG and force.superiority > 0:
        pairs = min(force.all_armor, force.tactical)
        out.append(CardTerm(f"Blitzkrieg: {pairs} armor paired with tactical air points", pairs, "L367"))
    if enemy.order == BLITZKRIEG and enemy.superiority == 0 and force.tactical > 0:
        out.append(
            CardTerm(
                f"enemy Blitzkrieg without air superiority: +1 per our {counted(force.tactical, 'point')}",
                force.tactical,
                "L367",
            )
        )
    return tuple(out)


def plan_pair(
    first: LandForce, second: LandForce, terrain: Terrain, defender: str | None, removed: Mapping[str, int]
) -> tuple[SidePlan, SidePlan]:
    """Both sides' plans for the pair; ``defender`` names the side holding the territory."""
    return (
        plan_side(first, second, terrain, first.side == defender, removed.get(first.side, 0)),
        plan_side(second, first, terrain, second.side == defender, removed.get(second.side, 0)),
    )
