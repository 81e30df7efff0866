"""One seat's sealed allocation of a year's GDP, checked as it is written (seed L129-L135;
designer's choices in ``rules/grand-game/economy.md``).

- L129: the year's GDP is spent in this allocation: none is carried to next year and
  none is bought, sold or traded. The checker asks for every point to be spent while
  anything the seat may buy still fits; a remainder nothing fits is lost, as L129 says.
- L131: politics is one of four levels, 0, 10, 20 or 30% of GDP (priced to the nearest
  whole point, halves up, and at least 1 for a level above 0); it yields Francs
  (``payoff.politics_income``) and needs no place.
- L132: development is bought for a named economic zone (here: one the seat controls,
  fully or partly) and costs more for each point bought this year (``economy``).
- L134: units and supplies are built at a city the seat holds; fleets at a port (L108).
  Prices are ``units.UNITS``.
- G-X5: repairing damage is bought per zone at a flat price; L263: aircraft set aside
  may be rebuilt at a city at the discount of ``air_combat.rebuild_cost``.
- L133's atomic research is not in the smallest version (spec section 2.7): it is named
  and refused.

:func:`check` prices every line and returns every problem in a player's words;
:func:`options` lists what may still be added (for the screens and the bots);
:func:`settle` applies a clean allocation at reconciliation (L150).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from fractions import Fraction

import attrs

from hedgemony_tui.games.grand_game.engine.air_combat import rebuild_cost
from hedgemony_tui.games.grand_game.engine.economy import (
    RULES,
    Economy,
    EconomyRules,
    controlled_zones,
    development_cost,
    gdp,
    round_gdp,
)
from hedgemony_tui.games.grand_game.engine.units import FLEETS, KINDS, UNITS

POLITICS = "politics"
DEVELOP = "develop"
REPAIR = "repair"
REBUILD = "rebuild-aircraft"
ATOMIC = "atomic-research"
POLITICS_LEVELS = (0, 10, 20, 30)
"""The political spending levels, in percent of GDP (L131)."""

LINE_ITEMS = (DEVELOP, REPAIR) + KINDS + (REBUILD,)
"""What a line of an allocation may buy; politics is the allocation's level, not a line."""


class AllocationError(ValueError):
    """An allocation that cannot be settled; the message lists every problem."""


@attrs.frozen
class Line:
    """``count`` of ``item`` at ``place`` (an economic zone for development and repair,
    a city or port for units, supplies and rebuilt aircraft)."""

    item: str
    place: str
    count: int = 1


@attrs.frozen
class Allocation:
    """One seat's sealed allocation for the year: its politics level and its lines."""

    seat: str
    politics: int = 0
    lines: tuple[Line, ...] = ()

    def adding(self, line: Line) -> Allocation:
        return attrs.evolve(self, lines=self.lines + (line,))

    def at_level(self, politics: int) -> Allocation:
        return attrs.evolve(self, politics=politics)


@attrs.frozen
class SeatBook:
    """What the checker knows of one seat this year, all plain data: its GDP, the zones it
    controls (full or partial) with their damage, the territories it holds, every city
    and port of the map, display names, and aircraft set aside last year (L263)."""

    seat: str
    gdp: int
    zones: Mapping[str, str]
    damage: Mapping[str, int]
    owned: frozenset[str]
    cities: frozenset[str]
    ports: frozenset[str]
    all_zones: frozenset[str] = frozenset()
    names: Mapping[str, str] = attrs.field(factory=dict)
    set_aside_aircraft: int = 0
    developed: Mapping[str, int] = attrs.field(factory=dict)
    """Development points each zone has had in earlier years (L132's rising price)."""
    bases: Mapping[str, int] = attrs.field(factory=dict)
    """Each zone's value on the map, before any development."""

    def name(self, place: str) -> str:
        return self.names.get(place, place)


def seat_book(
    seat: str,
    zone_lands: Mapping[str, Collection[str]],
    economy: Economy,
    owners: Mapping[str, str | None],
    cities: Collection[str],
    ports: Collection[str],
    names: Mapping[str, str] | None = None,
    set_aside_aircraft: int = 0,
) -> SeatBook:
    """The seat's book from the plain map inputs (zone -> lands, territory -> owner)."""
    zones = controlled_zones(seat, zone_lands, owners)
    return SeatBook(
        seat=seat,
        gdp=gdp(seat, zone_lands, economy, owners).gdp,
        zones=zones,
        damage={zone: economy.damage_on(zone) for zone in zones if economy.damage_on(zone)},
        owned=frozenset(t for t, owner in owners.items() if owner == seat),
        cities=frozenset(cities) | frozenset(ports),
        ports=frozenset(ports),
        all_zones=frozenset(zone_lands),
        names=dict(names or {}),
        set_aside_aircraft=set_aside_aircraft,
    )


def politics_cost(gdp_points: int, level: int) -> int:
    """GDP spent on politics at ``level`` percent (L131): the nearest whole point, halves
    up, and at least 1 for a level above 0 when there is GDP (a level is never free)."""
    if level == 0 or gdp_points <= 0:
        return 0
    return max(1, round_gdp(Fraction(gdp_points * level, 100)))


@attrs.frozen
class PricedLine:
    """A line as checked: its price (0 when refused) and, if refused, why."""

    number: int
    line: Line
    cost: int
    problem: str = ""


@attrs.frozen
class _Tally:
    """What the clean lines so far have used: for prices that depend on earlier lines."""

    developed: int = 0
    rebuilt: int = 0
    repaired: Mapping[str, int] = attrs.field(factory=dict)
    zone_developed: Mapping[str, int] = attrs.field(factory=dict)

    def zone_had(self, book: SeatBook, zone: str) -> int:
        """The points ``zone`` has had before the next one: earlier years and earlier lines."""
        return book.developed.get(zone, 0) + self.zone_developed.get(zone, 0)


@attrs.frozen
class AllocationCheck:
    """An allocation checked against the seat's book: every line priced, what is left,
    what nothing can use (lost, L129), and every problem in words."""

    seat: str
    gdp: int
    politics: int
    politics_cost: int
    priced: tuple[PricedLine, ...]
    spent: int
    left: int
    lost: int
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.problems

    def lines(self) -> tuple[str, ...]:
        out = [f"{self.seat}: GDP {self.gdp}", f"politics {self.politics}% of GDP: {self.politics_cost}"]
        for p in self.priced:
            out.append(f"{p.number}. {_say(p.line)}: {p.cost}" + (f" - refused: {p.problem}" if p.problem else ""))
        out.append(f"spent {self.spent}, left {self.left}")
        if self.lost:
            out.append(f"{self.lost} GDP cannot buy anything you may buy: it is lost (L129)")
        return tuple(out) + self.problems


def _say(line: Line, book: SeatBook | None = None) -> str:
    place = book.name(line.place) if book else line.place
    return f"{line.count} {line.item} at {place}"


def _bad_count(count: object) -> bool:
    return isinstance(count, bool) or not isinstance(count, int) or count < 1


def _price(line: Line, book: SeatBook, tally: _Tally, rules: EconomyRules) -> tuple[int, str, _Tally]:
    """The price of one line given the clean lines before it, or the reason it is refused."""
    where = book.name(line.place)
    if _bad_count(line.count):
        return 0, f"the count must be a whole number, 1 or more, not {line.count!r}", tally
    if line.item == ATOMIC:
        return 0, "atomic research is not part of this version of the game (L133 is left out)", tally
    if line.item in (DEVELOP, REPAIR):
        if line.place not in book.zones:
            yours = ", ".join(book.name(z) for z in book.zones) or "none"
            what = "is not an economic zone" if book.all_zones and line.place not in book.all_zones else "is not one"
            return 0, f"you may {line.item} only an economic zone you control: {where} {what} (yours: {yours})", tally
        if line.item == DEVELOP:
            cost = development_cost(
                tally.developed, line.count, rules, tally.zone_had(book, line.place), book.bases.get(line.place, 0)
            )
            zones = {**tally.zone_developed, line.place: tally.zone_developed.get(line.place, 0) + line.count}
            return cost, "", attrs.evolve(tally, developed=tally.developed + line.count, zone_developed=zones)
        done = tally.repaired.get(line.place, 0)
        damage = book.damage.get(line.place, 0)
        if done + line.count > damage:
            return (
                0,
                f"{where} has {damage} damage, {done} already repaired here: repair at most {damage - done}",
                tally,
            )
        return (
            line.count * rules.repair_cost,
            "",
            attrs.evolve(tally, repaired={**tally.repaired, line.place: done + line.count}),
        )
    if line.item not in LINE_ITEMS:
        allowed = ", ".join(LINE_ITEMS)
        return 0, f"{line.item} is not something GDP buys (allowed: {allowed}; politics is a level)", tally
    if line.item in FLEETS and line.place not in book.ports:
        return 0, f"fleets are built at a port: {where} is not one", tally
    if line.place not in book.cities:
        return 0, f"units and supplies are built at a city: {where} is not one", tally
    if line.place not in book.owned:
        return 0, f"you may build only at a city you hold: {where} is not yours", tally
    if line.item == REBUILD:
        if tally.rebuilt + line.count > book.set_aside_aircraft:
            have = book.set_aside_aircraft - tally.rebuilt
            return 0, f"only {have} aircraft set aside are left to rebuild (L263)", tally
        cost = rebuild_cost(tally.rebuilt + line.count) - rebuild_cost(tally.rebuilt)
        return cost, "", attrs.evolve(tally, rebuilt=tally.rebuilt + line.count)
    return UNITS[line.item].cost * line.count, "", tally


def _price_all(allocation: Allocation, book: SeatBook, rules: EconomyRules) -> tuple[list[PricedLine], _Tally]:
    tally = _Tally()
    priced: list[PricedLine] = []
    for number, line in enumerate(allocation.lines, start=1):
        cost, problem, tally = _price(line, book, tally, rules)
        priced.append(PricedLine(number, line, cost, problem))
    return priced, tally


@attrs.frozen
class Option:
    """Something the seat may still add: the item, where, the price of one more (for a
    politics level: the change of price), and how many more fit in what is left."""

    item: str
    place: str | None
    cost: int
    most: int
    level: int | None = None

    def describe(self, book: SeatBook) -> str:
        if self.item == POLITICS:
            return f"politics at {self.level}% (change {self.cost:+d} GDP)"
        place = book.name(self.place or "")
        return f"{self.item} at {place}: {self.cost} GDP for one more, up to {self.most}"


def _options(
    allocation: Allocation, book: SeatBook, tally: _Tally, left: int, rules: EconomyRules
) -> tuple[Option, ...]:
    out: list[Option] = []
    current = politics_cost(book.gdp, allocation.politics) if allocation.politics in POLITICS_LEVELS else 0
    for level in POLITICS_LEVELS:
        change = politics_cost(book.gdp, level) - current
        if level != allocation.politics and change <= left:
            out.append(Option(POLITICS, None, change, 1, level))
    for zone in book.zones:
        most = 0
        had = tally.zone_had(book, zone)
        while development_cost(tally.developed, most + 1, rules, had, book.bases.get(zone, 0)) <= left:
            most += 1
        if most:
            out.append(
                Option(DEVELOP, zone, development_cost(tally.developed, 1, rules, had, book.bases.get(zone, 0)), most)
            )
        damage = book.damage.get(zone, 0) - tally.repaired.get(zone, 0)
        fit = min(damage, left // rules.repair_cost if rules.repair_cost else damage)
        if fit > 0:
            out.append(Option(REPAIR, zone, rules.repair_cost, fit))
    for city in sorted(book.cities & book.owned):
        for kind in KINDS:
            if kind in FLEETS and city not in book.ports:
                continue
            cost = UNITS[kind].cost
            most = left // cost if cost else 1
            if most:
                out.append(Option(kind, city, cost, most))
        rebuild_left = book.set_aside_aircraft - tally.rebuilt
        most = 0
        while most < rebuild_left and rebuild_cost(tally.rebuilt + most + 1) - rebuild_cost(tally.rebuilt) <= left:
            most += 1
        if most:
            cost = rebuild_cost(tally.rebuilt + 1) - rebuild_cost(tally.rebuilt)
            out.append(Option(REBUILD, city, cost, most))
    return tuple(out)


def check(allocation: Allocation, book: SeatBook, rules: EconomyRules = RULES) -> AllocationCheck:
    """Price the allocation and name every problem (an empty tuple means it may be sealed)."""
    problems: list[str] = []
    if allocation.seat != book.seat:
        problems.append(f"this allocation is for {allocation.seat}, but the book is {book.seat}'s")
    level = allocation.politics
    if isinstance(level, bool) or level not in POLITICS_LEVELS:
        problems.append(f"politics must be 0, 10, 20 or 30% of GDP (L131), not {level!r}%")
        p_cost = 0
    else:
        p_cost = politics_cost(book.gdp, level)
    priced, tally = _price_all(allocation, book, rules)
    problems += [f"line {p.number} ({_say(p.line, book)}): {p.problem}" for p in priced if p.problem]
    spent = p_cost + sum(p.cost for p in priced)
    left = book.gdp - spent
    lost = 0
    if left < 0:
        problems.append(f"{-left} GDP more than the {book.gdp} you have: take something off (no GDP is borrowed, L129)")
    elif left > 0:
        fits = [o for o in _options(allocation, book, tally, left, rules) if o.item != POLITICS and o.cost <= left]
        if fits:
            cheapest = min(fits, key=lambda o: o.cost)
            problems.append(
                f"{left} GDP left unspent: all of it must be spent this year (L129); "
                f"the cheapest thing left is {cheapest.describe(book)}"
            )
        else:
            lost = left
    return AllocationCheck(book.seat, book.gdp, level, p_cost, tuple(priced), spent, left, lost, tuple(problems))


def options(allocation: Allocation, book: SeatBook, rules: EconomyRules = RULES) -> tuple[Option, ...]:
    """Everything the seat may still add to ``allocation`` within the GDP left: politics
    levels it could switch to, development and repair per zone, units per city or port."""
    priced, tally = _price_all(allocation, book, rules)
    level_cost = politics_cost(book.gdp, allocation.politics) if allocation.politics in POLITICS_LEVELS else 0
    left = book.gdp - level_cost - sum(p.cost for p in priced)
    return _options(allocation, book, tally, max(0, left), rules)


def development_ladder(
    allocation: Allocation, book: SeatBook, zone: str, count: int, rules: EconomyRules = RULES
) -> tuple[int, ...]:
    """The prices of the next ``count`` development points in ``zone``, each if bought there
    after the ones before it (L132's rising price), given the lines written so far."""
    _, tally = _price_all(allocation, book, rules)
    had = tally.zone_had(book, zone)
    base = book.bases.get(zone, 0)
    return tuple(development_cost(tally.developed + k, 1, rules, had + k, base) for k in range(count))


@attrs.frozen
class Settlement:
    """What a sealed allocation delivers at reconciliation (L150): the politics spend (for
    Francs), the units to place as (kind, city, count) - rebuilt aircraft under the kind
    ``rebuild-aircraft``, so the table also takes them off the set-aside pool - the zones
    developed and repaired, and the GDP lost."""

    seat: str
    politics: int
    politics_spend: int
    builds: tuple[tuple[str, str, int], ...]
    developed: tuple[tuple[str, int], ...]
    repaired: tuple[tuple[str, int], ...]
    lost: int

    def lines(self) -> tuple[str, ...]:
        out = [f"{self.seat}: politics {self.politics}% ({self.politics_spend} GDP)"]
        out += [f"builds {count} {kind} at {place}" for kind, place, count in self.builds]
        out += [f"develops {zone} by {points}" for zone, points in self.developed]
        out += [f"repairs {points} damage in {zone}" for zone, points in self.repaired]
        if self.lost:
            out.append(f"{self.lost} GDP went unused and is lost (L129)")
        return tuple(out)


def settle(
    allocation: Allocation, book: SeatBook, economy: Economy, rules: EconomyRules = RULES
) -> tuple[Economy, Settlement]:
    """Apply a clean allocation at reconciliation: development and repair change the
    economy; units and the politics spend are returned for the table and the Francs.
    An allocation with any problem is refused whole, with every problem named."""
    result = check(allocation, book, rules)
    if not result.ok:
        raise AllocationError("; ".join(result.problems))
    builds: dict[tuple[str, str], int] = {}
    developed: dict[str, int] = {}
    repaired: dict[str, int] = {}
    for line in allocation.lines:
        if line.item == DEVELOP:
            developed[line.place] = developed.get(line.place, 0) + line.count
        elif line.item == REPAIR:
            repaired[line.place] = repaired.get(line.place, 0) + line.count
        else:
            builds[(line.item, line.place)] = builds.get((line.item, line.place), 0) + line.count
    for zone, points in developed.items():
        economy = economy.developed(zone, points)
    for zone, points in repaired.items():
        economy = economy.repaired(zone, points)
    settlement = Settlement(
        book.seat,
        allocation.politics,
        result.politics_cost,
        tuple((kind, place, count) for (kind, place), count in builds.items()),
        tuple(developed.items()),
        tuple(repaired.items()),
        result.lost,
    )
    return economy, settlement
