"""The Grand Game's map as frozen records, read from ``data/grand-game/map.toml``.

The seed draws no map (seed 002, L53); the shipped one is the designer's "Continent"
(G-X1, ``rules/grand-game/map.md``). This module turns the TOML text into records and
notes every entry whose shape is wrong (a missing field, a word where a number belongs);
whether the records make a sound map (ids known, neighbours mutual, zones sized as L99
asks ...) is :mod:`.map_check`'s question, and the queries are :mod:`.map`'s.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import attrs

Cell = tuple[int, int]
"""A (column, row) on the drawing's grid; row 0 is the north edge."""

CITY, PORT = "city", "port"
CITY_KINDS = (CITY, PORT)
LARGE, SMALL = "large", "small"
FULL, PARTIAL, NONE = "full", "partial", "none"
PARTIAL_SHARE = 51
"""L99: partial control of an economic zone needs at least 51% of its land territories."""


@attrs.frozen
class Territory:
    """A land territory: who holds it when the game begins (its national border, L92),
    whether it has a city or a port (L107-L108) and a mountain (L110)."""

    id: str
    name: str
    country: str
    city: str  # "", "city" or "port"; a port is a city that also builds ships (L108)
    mountain: bool
    cells: tuple[Cell, ...]
    next: tuple[str, ...]

    @property
    def is_city(self) -> bool:
        return self.city in CITY_KINDS

    @property
    def is_port(self) -> bool:
        return self.city == PORT


@attrs.frozen
class SeaTerritory:
    """A sea territory: no one holds it, fleets share it (L269)."""

    id: str
    name: str
    cells: tuple[Cell, ...]
    next: tuple[str, ...]


@attrs.frozen
class AirZone:
    """An air zone (L90, L102): land and sea territories where one air battle is fought."""

    id: str
    name: str
    tag: str
    territories: tuple[str, ...]


@attrs.frozen
class EconomicZone:
    """An economic zone (L91, L99): land territories developed and counted together."""

    id: str
    name: str
    tag: str
    value: int  # starting GDP value, a draft for the economy (G-X5)
    lands: tuple[str, ...]


@attrs.frozen
class Country:
    id: str
    name: str
    letter: str  # drawn in every territory it holds, so owners read without colour
    size: str  # "large" or "small" (L96)
    capital: str
    start_zones: tuple[str, ...]


@attrs.frozen
class Railroad:
    """A line of neighbouring land territories a train runs through (L109, L330)."""

    name: str
    through: tuple[str, ...]


@attrs.frozen
class River:
    """A river as the edges it runs along, each between two land territories (L111)."""

    name: str
    edges: tuple[tuple[str, str], ...]


@attrs.frozen
class Canal:
    """A river edge between two land ``banks`` that ships may also pass from one of its
    ``seas`` to the other (L113)."""

    name: str
    banks: tuple[str, str]
    seas: tuple[str, str]


@attrs.frozen(eq=False)
class GameMap:
    name: str
    columns: int
    rows: int
    countries: Mapping[str, Country]
    air_zones: Mapping[str, AirZone]
    zones: Mapping[str, EconomicZone]
    lands: Mapping[str, Territory]
    seas: Mapping[str, SeaTerritory]
    railroads: tuple[Railroad, ...]
    rivers: tuple[River, ...]
    canals: tuple[Canal, ...]

    def places(self) -> tuple[Territory | SeaTerritory, ...]:
        """Every territory, land first, then sea."""
        return (*self.lands.values(), *self.seas.values())

    def cells_of(self, territory: str) -> tuple[Cell, ...]:
        place = self.lands.get(territory) or self.seas.get(territory)
        return place.cells if place else ()

    def name_of(self, territory: str) -> str:
        place = self.lands.get(territory) or self.seas.get(territory)
        return place.name if place else territory

    def next_of(self, territory: str) -> tuple[str, ...]:
        place = self.lands.get(territory) or self.seas.get(territory)
        return place.next if place else ()


def zone_control(m: GameMap, zone: str, player: str, owners: Mapping[str, str | None]) -> str:
    """``player``'s control of economic ``zone`` (L99): full with every land territory of
    it, partial with at least 51% of them, else none. ``owners`` maps a territory to who
    holds it now (missing or None: no one)."""
    lands = m.zones[zone].lands
    held = sum(1 for t in lands if owners.get(t) == player)
    if lands and held == len(lands):
        return FULL
    if lands and 100 * held >= PARTIAL_SHARE * len(lands):
        return PARTIAL
    return NONE


class _Reader:
    """Reads typed fields from the TOML tables, noting each wrong one instead of stopping."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def text(self, entry: Mapping[str, Any], field: str, where: str, default: str | None = None) -> str:
        value = entry.get(field, default)
        if not isinstance(value, str) or not value:
            self.problems.append(f"{where}: {field} must be a word, not {value!r}")
            return ""
        return value

    def number(self, entry: Mapping[str, Any], field: str, where: str, low: int = 0) -> int:
        value = entry.get(field)
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            self.problems.append(f"{where}: {field} must be a whole number {low} or more, not {value!r}")
            return low
        return value

    def words(self, entry: Mapping[str, Any], field: str, where: str) -> tuple[str, ...]:
        value = entry.get(field, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.problems.append(f"{where}: {field} must be a list of ids, not {value!r}")
            return ()
        return tuple(value)

    def cells(self, entry: Mapping[str, Any], where: str) -> tuple[Cell, ...]:
        value = entry.get("cells")
        ok = isinstance(value, list) and all(
            isinstance(c, list) and len(c) == 2 and all(isinstance(n, int) and not isinstance(n, bool) for n in c)
            for c in value
        )
        if not ok or not value:
            self.problems.append(f"{where}: cells must be a list of [column, row] pairs, not {value!r}")
            return ()
        return tuple((c[0], c[1]) for c in value)

    def pairs(self, entry: Mapping[str, Any], field: str, where: str) -> tuple[tuple[str, str], ...]:
        value: Any = entry.get(field)
        ok = isinstance(value, list) and all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(n, str) for n in p) for p in value
        )
        if not ok:
            self.problems.append(f"{where}: {field} must be a list of [id, id] pairs, not {value!r}")
            return ()
        return tuple((p[0], p[1]) for p in value)

    def pair(self, entry: Mapping[str, Any], field: str, where: str) -> tuple[str, str]:
        value = entry.get(field)
        if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value)):
            self.problems.append(f"{where}: {field} must be a pair of ids, not {value!r}")
            return ("", "")
        return (value[0], value[1])

    def tables(self, raw: Mapping[str, Any], name: str) -> list[tuple[str, Mapping[str, Any]]]:
        value = raw.get(name, [])
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            self.problems.append(f"[[{name}]] must be a list of tables")
            return []
        out = []
        for n, entry in enumerate(value, 1):
            label = entry.get("id", entry.get("name", f"#{n}"))
            out.append((f"[[{name}]] {label}", entry))
        return out


_FIELDS = {
    "country": {"id", "name", "letter", "size", "capital", "start_zones"},
    "air": {"id", "name", "tag", "territories"},
    "zone": {"id", "name", "tag", "value", "lands"},
    "land": {"id", "name", "country", "city", "mountain", "cells", "next"},
    "sea": {"id", "name", "cells", "next"},
    "railroad": {"name", "through"},
    "river": {"name", "edges"},
    "canal": {"name", "banks", "seas"},
}


def _keyed(items: list[Any], kind: str, problems: list[str]) -> Mapping[str, Any]:
    out: dict[str, Any] = {}
    for item in items:
        if item.id in out:
            problems.append(f"[[{kind}]] {item.id}: the id is used twice")
        out[item.id] = item
    return MappingProxyType(out)


def parse_map(text: str) -> tuple[GameMap, list[str]]:
    """The map's records from TOML text, and every problem of shape found on the way
    (entries with a wrong field are kept with an empty value, for the checker to see)."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"not valid TOML ({error})") from None
    r = _Reader()
    for name in sorted(set(raw) - set(_FIELDS) - {"map"}):
        r.problems.append(f"[{name}] is not a part of a map (allowed: map, {', '.join(_FIELDS)})")
    for kind, allowed in _FIELDS.items():
        for where, entry in r.tables(raw, kind):
            for extra in sorted(set(entry) - allowed):
                r.problems.append(f"{where}: {extra} is not a field (allowed: {', '.join(sorted(allowed))})")
    head = raw.get("map", {})
    head = head if isinstance(head, dict) else {}
    countries = [
        Country(
            r.text(e, "id", w),
            r.text(e, "name", w),
            r.text(e, "letter", w),
            r.text(e, "size", w),
            r.text(e, "capital", w),
            r.words(e, "start_zones", w),
        )
        for w, e in r.tables(raw, "country")
    ]
    airs = [
        AirZone(r.text(e, "id", w), r.text(e, "name", w), r.text(e, "tag", w), r.words(e, "territories", w))
        for w, e in r.tables(raw, "air")
    ]
    zones = [
        EconomicZone(
            r.text(e, "id", w),
            r.text(e, "name", w),
            r.text(e, "tag", w),
            r.number(e, "value", w),
            r.words(e, "lands", w),
        )
        for w, e in r.tables(raw, "zone")
    ]
    lands = []
    for w, e in r.tables(raw, "land"):
        city = e.get("city", "")
        if city not in ("",) + CITY_KINDS:
            r.problems.append(f"{w}: city must be one of {', '.join(CITY_KINDS)} (or left out), not {city!r}")
            city = ""
        mountain = e.get("mountain", False)
        if not isinstance(mountain, bool):
            r.problems.append(f"{w}: mountain must be true or false, not {mountain!r}")
            mountain = False
        lands.append(
            Territory(
                r.text(e, "id", w), r.text(e, "name", w), r.text(e, "country", w), city, mountain,
                r.cells(e, w), r.words(e, "next", w),
            )
        )  # fmt: skip
    seas = [
        SeaTerritory(r.text(e, "id", w), r.text(e, "name", w), r.cells(e, w), r.words(e, "next", w))
        for w, e in r.tables(raw, "sea")
    ]
    railroads = tuple(Railroad(r.text(e, "name", w), r.words(e, "through", w)) for w, e in r.tables(raw, "railroad"))
    rivers = tuple(River(r.text(e, "name", w), r.pairs(e, "edges", w)) for w, e in r.tables(raw, "river"))
    canals = tuple(
        Canal(r.text(e, "name", w), r.pair(e, "banks", w), r.pair(e, "seas", w)) for w, e in r.tables(raw, "canal")
    )
    game_map = GameMap(
        name=r.text(head, "name", "[map]", default="The Continent"),
        columns=r.number(head, "columns", "[map]", low=1),
        rows=r.number(head, "rows", "[map]", low=1),
        countries=_keyed(countries, "country", r.problems),
        air_zones=_keyed(airs, "air", r.problems),
        zones=_keyed(zones, "zone", r.problems),
        lands=_keyed(lands, "land", r.problems),
        seas=_keyed(seas, "sea", r.problems),
        railroads=railroads,
        rivers=rivers,
        canals=canals,
    )
    return game_map, r.problems
