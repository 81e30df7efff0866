"""The Grand Game's economy: control of economic zones, GDP, damage, development and
repair (seed L99, L132, L150, L254, L318; designer's choices G-X5 in
``rules/grand-game/economy.md``).

- L99: a seat has full control of an economic zone when it holds every land territory
  of it, partial control when it holds at least 51% of them, none otherwise.
- G-X5 (the seed gives no formula): a zone yields its value, less its damage, in full
  under full control and half under partial control; a seat's GDP is the sum of its
  yields, rounded once at the end to the nearest whole point, halves up.
- L254 (bombing) and L318 (attack shipping) do economic damage; damage lowers the zone's
  yield for whoever holds it until it is repaired (G-X5). A zone cannot lose more than
  its value.
- L132: development raises a zone's value by one a point and costs more the more of it a
  seat buys in one year (G-X5: the n-th point of a year costs ``2 + (n - 1)``).

The inputs are plain mappings (zone -> its land territories, territory -> owner); the
map itself lives in ``map*.py`` and is not imported here, so any map can be priced.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from fractions import Fraction
from types import MappingProxyType

import attrs

FULL = "full"
PARTIAL = "partial"
NONE = "none"
CONTROL_SHARE: Mapping[str, Fraction] = MappingProxyType(
    {FULL: Fraction(1), PARTIAL: Fraction(1, 2), NONE: Fraction(0)}
)
"""The share of a zone's yield each kind of control brings (G-X5)."""

PARTIAL_PERCENT = 51
"""Partial control needs at least this share of the zone's land territories (L99)."""


class EconomyError(ValueError):
    """Economic input that cannot be used; the message says what is wrong and what is allowed."""


@attrs.frozen
class EconomyRules:
    """The economy's designer's numbers (G-X5), in one record so the bots can tune them.

    ``develop_base`` is the price of a seat's first development point of a year and
    ``develop_step`` what each further point that year adds. Two more terms read L132 as a
    price that rises over the whole game, zone by zone (both 0 as shipped; the balance runs
    try them, ``rules/grand-game/economy.md``): ``develop_wear`` adds that much for each
    point the zone has had so far, and ``develop_growth`` adds 1 for each ``1/develop_growth``
    of the zone's map value it has gained (4: one more GDP a point per quarter). Points a
    zone "has had" count every earlier year and this year's earlier lines, whoever bought
    them. ``repair_cost`` is the price of repairing one point of damage (flat).
    """

    develop_base: int = 2
    develop_step: int = 1
    develop_wear: int = 0
    develop_growth: int = 0
    repair_cost: int = 1


RULES = EconomyRules()


def development_cost(
    already: int, points: int, rules: EconomyRules = RULES, zone_had: int = 0, zone_base: int = 0
) -> int:
    """GDP for ``points`` more development in one zone when the seat has already bought
    ``already`` points this year and the zone, of map value ``zone_base``, has had
    ``zone_had`` points so far (L132: each costs more than the last; G-X5's curve)."""
    if already < 0 or points < 0 or zone_had < 0:
        raise EconomyError("development points must be 0 or more")
    return sum(
        rules.develop_base
        + rules.develop_step * (already + k)
        + rules.develop_wear * (zone_had + k)
        + (rules.develop_growth * (zone_had + k) // zone_base if zone_base else 0)
        for k in range(points)
    )


def control(lands: Collection[str], owners: Mapping[str, str | None], seat: str) -> str:
    """``seat``'s control of a zone whose land territories are ``lands`` (L99): full when it
    holds all of them, partial at 51% or more (counted exactly: 3 of 5, 4 of 6), else none."""
    if not lands:
        return NONE
    held = sum(1 for land in lands if owners.get(land) == seat)
    if held == len(lands):
        return FULL
    # Whole numbers only: held / total >= 51 / 100, so no rounding of the percentage.
    return PARTIAL if held * 100 >= PARTIAL_PERCENT * len(lands) else NONE


def controller(lands: Collection[str], owners: Mapping[str, str | None]) -> tuple[str | None, str]:
    """Who controls the zone and how: at most one owner can hold 51% or more."""
    for seat in sorted({owner for owner in (owners.get(land) for land in lands) if owner is not None}):
        kind = control(lands, owners, seat)
        if kind != NONE:
            return seat, kind
    return None, NONE


def round_gdp(total: Fraction) -> int:
    """A seat's GDP from the exact sum of its yields: the nearest whole point, halves up
    (G-X5: one rounding at the total, so two half zones of 5 give 5, not 4)."""
    return math.floor(total + Fraction(1, 2))


@attrs.frozen
class Economy:
    """The economic zones' state: each zone's value now (its map value plus development)
    and the damage on it not yet repaired. Damage never exceeds the value."""

    values: Mapping[str, int]
    damage: Mapping[str, int] = attrs.field(factory=dict)

    def __attrs_post_init__(self) -> None:
        problems = [
            f"{z}: value must be a whole number 0 or more, not {v!r}" for z, v in self.values.items() if _bad(v)
        ]
        for zone, points in self.damage.items():
            if zone not in self.values:
                problems.append(f"{zone}: damage on a zone that is not an economic zone")
            elif _bad(points) or points > self.values[zone]:
                problems.append(f"{zone}: damage must be a whole number from 0 to its value {self.values[zone]}")
        if problems:
            raise EconomyError("; ".join(problems))

    def damage_on(self, zone: str) -> int:
        return self.damage.get(zone, 0)

    def yield_value(self, zone: str) -> int:
        """What the zone gives under full control now: its value less its damage."""
        return self.values[zone] - self.damage_on(zone)

    def damaged(self, zone: str, points: int, source: str) -> tuple[Economy, DamageRecord]:
        """The economy after ``points`` of damage from ``source`` (bombing L254, shipping
        L318); damage beyond what the zone still yields is recorded as absorbed."""
        self._known(zone)
        if _bad(points):
            raise EconomyError(f"{zone}: damage must be a whole number 0 or more, not {points!r}")
        before = self.damage_on(zone)
        after = min(self.values[zone], before + points)
        record = DamageRecord(zone, source, points, after - before, self.values[zone] - after)
        return self._with_damage(zone, after), record

    def repaired(self, zone: str, points: int) -> Economy:
        """The economy after repairing up to ``points`` of the zone's damage."""
        self._known(zone)
        if _bad(points):
            raise EconomyError(f"{zone}: repair must be a whole number 0 or more, not {points!r}")
        return self._with_damage(zone, max(0, self.damage_on(zone) - points))

    def developed(self, zone: str, points: int) -> Economy:
        """The economy after ``points`` of development in the zone (L132: +1 value each)."""
        self._known(zone)
        if _bad(points):
            raise EconomyError(f"{zone}: development must be a whole number 0 or more, not {points!r}")
        return attrs.evolve(self, values={**self.values, zone: self.values[zone] + points})

    def _with_damage(self, zone: str, points: int) -> Economy:
        # Undamaged zones are left out, so two equal economies compare equal.
        damage = {z: d for z, d in self.damage.items() if z != zone}
        return attrs.evolve(self, damage={**damage, zone: points} if points else damage)

    def _known(self, zone: str) -> None:
        if zone not in self.values:
            allowed = ", ".join(sorted(self.values)) or "none"
            raise EconomyError(f"{zone} is not an economic zone (zones: {allowed})")


def _bad(number: object) -> bool:
    return isinstance(number, bool) or not isinstance(number, int) or number < 0


@attrs.frozen
class DamageRecord:
    """Damage done to a zone: from what, how much was rolled or dealt, how much took hold
    (a zone cannot go below nothing), and what the zone yields in full afterwards."""

    zone: str
    source: str
    dealt: int
    taken: int
    yield_after: int

    def describe(self, names: Mapping[str, str] | None = None) -> str:
        """The damage in a line; ``names`` prints the zone by its name, not its id."""
        extra = f" ({self.dealt - self.taken} beyond what it still yielded)" if self.dealt > self.taken else ""
        return (
            f"{(names or {}).get(self.zone, self.zone)}: {self.taken} damage from {self.source}{extra}; "
            f"it now yields {self.yield_after} in full until repaired"
        )


@attrs.frozen
class ZoneYield:
    """One zone's part of a seat's GDP, with every number that made it."""

    zone: str
    control: str
    value: int
    damage: int
    amount: Fraction

    def describe(self) -> str:
        share = {FULL: "full control: all", PARTIAL: "partial control: half", NONE: "no control: nothing"}
        amount = f"{float(self.amount):g}"
        return f"{self.zone}: value {self.value} - damage {self.damage}, {share[self.control]} = {amount}"


@attrs.frozen
class GdpReport:
    """A seat's GDP for the year: each zone it controls and the rounded total (G-X5)."""

    seat: str
    zones: tuple[ZoneYield, ...]
    exact: Fraction
    gdp: int

    def lines(self) -> tuple[str, ...]:
        out = tuple(z.describe() for z in self.zones)
        return out + (f"{self.seat}: GDP {self.gdp} (exact {float(self.exact):g}, rounded to nearest, halves up)",)


def gdp(
    seat: str, zone_lands: Mapping[str, Collection[str]], economy: Economy, owners: Mapping[str, str | None]
) -> GdpReport:
    """``seat``'s GDP from the zones it controls fully or partly (L99, G-X5).

    ``zone_lands`` gives each economic zone's land territories and ``owners`` each
    territory's holder (``None`` for nobody)."""
    yields: list[ZoneYield] = []
    for zone in sorted(zone_lands):
        if zone not in economy.values:
            raise EconomyError(f"{zone} has land territories but no value in the economy")
        kind = control(zone_lands[zone], owners, seat)
        if kind == NONE:
            continue
        amount = economy.yield_value(zone) * CONTROL_SHARE[kind]
        yields.append(ZoneYield(zone, kind, economy.values[zone], economy.damage_on(zone), amount))
    exact = sum((y.amount for y in yields), Fraction(0))
    return GdpReport(seat, tuple(yields), exact, round_gdp(exact))


def controlled_zones(
    seat: str, zone_lands: Mapping[str, Collection[str]], owners: Mapping[str, str | None]
) -> Mapping[str, str]:
    """The zones ``seat`` controls, fully or partly, and how (where it may develop and repair)."""
    out = {zone: control(lands, owners, seat) for zone, lands in zone_lands.items()}
    return {zone: kind for zone, kind in sorted(out.items()) if kind != NONE}
