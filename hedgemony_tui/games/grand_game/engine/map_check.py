"""The map checker: every problem of a Grand Game map, named at once.

A map is data a designer edits by hand, so a mistake must be found when it is loaded,
never in the middle of a season. :func:`check_map` returns one line per problem (an
unknown id, a neighbour that does not list its neighbour back, a land territory in no or
two economic zones, a zone outside L99's 4-6, a port with no sea beside it, a railroad
through territories that do not touch, a river between a land and a sea, a canal that
joins no two seas, two territories drawn on one cell, a country of the wrong size, a part
of the map no one can reach ...); an empty list is a sound map. The limits a designer
may change are module constants, each with its source.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from types import MappingProxyType
from typing import TypeVar

from .map_data import LARGE, NONE, SMALL, Cell, GameMap, zone_control

Node = TypeVar("Node", bound=Hashable)

ZONE_SIZES = range(4, 7)
"""Land territories per economic zone (L99: four to six)."""
COUNTRY_SIZES = {SMALL: range(5, 9), LARGE: range(9, 19)}
"""L96: small countries hold 5-8 land territories, large ones 12-18; our smaller first map
lowers the large floor to 9 (G-X1, rules/grand-game/map.md)."""
LAND_LABEL, SEA_LABEL = 6, 9
"""Longest name drawn in a cell at 100 columns: a land cell keeps three places for its
city, mountain and railroad marks; a sea cell has the whole nine."""


def pieces(nodes: Iterable[Node], neighbours: Callable[[Node], Iterable[Node]]) -> list[set[Node]]:
    """The connected pieces of ``nodes`` under ``neighbours`` (only nodes in ``nodes`` count)."""
    left = set(nodes)
    out: list[set[Node]] = []
    while left:
        start = next(iter(left))
        seen, todo = {start}, [start]
        while todo:
            for other in neighbours(todo.pop()):
                if other in left and other not in seen:
                    seen.add(other)
                    todo.append(other)
        left -= seen
        out.append(seen)
    return out


def _names(ids: Iterable[str]) -> str:
    return ", ".join(sorted(ids))


def check_map(m: GameMap) -> list[str]:
    """Every problem of ``m``, one sentence each; empty when the map is sound."""
    problems: list[str] = []
    for part in (_ids, _adjacency, _zones, _air, _cities, _railroads, _rivers_and_canals, _drawing, _countries, _reach):
        problems.extend(part(m))
    return problems


def _ids(m: GameMap) -> list[str]:
    out = []
    clash = set(m.lands) & set(m.seas)
    if clash:
        out.append(f"ids used by both a land and a sea territory: {_names(clash)}")
    for kind, tags in (
        ("air zone", [a.tag for a in m.air_zones.values()]),
        ("zone", [z.tag for z in m.zones.values()]),
    ):
        twice = {t for t in tags if tags.count(t) > 1}
        if twice:
            out.append(f"{kind} tags used twice: {_names(twice)}")
    letters = [c.letter for c in m.countries.values()]
    for c in m.countries.values():
        if len(c.letter) != 1 or not c.letter.isupper():
            out.append(f"country {c.id}: letter must be one capital letter, not {c.letter!r}")
    twice = {x for x in letters if letters.count(x) > 1}
    if twice:
        out.append(f"country letters used twice: {_names(twice)} (each country needs its own, to read without colour)")
    for t in m.lands.values():
        if t.country not in m.countries:
            out.append(f"land {t.id}: country {t.country!r} is not a country of the map")
    return out


def _adjacency(m: GameMap) -> list[str]:
    out = []
    known = set(m.lands) | set(m.seas)
    for place in m.places():
        unknown = set(place.next) - known
        if unknown:
            out.append(f"{place.id}: next names unknown territories {_names(unknown)}")
        if place.id in place.next:
            out.append(f"{place.id}: lists itself as its own neighbour")
        for other in set(place.next) & known:
            if place.id not in m.next_of(other):
                out.append(f"{place.id} lists {other} as a neighbour but {other} does not list {place.id}")
    return out


def _zones(m: GameMap) -> list[str]:
    out = []
    seen: dict[str, list[str]] = {t: [] for t in m.lands}
    for z in m.zones.values():
        for t in z.lands:
            if t in m.seas:
                out.append(f"zone {z.id}: {t} is a sea territory; economic zones hold land only (L91)")
            elif t not in m.lands:
                out.append(f"zone {z.id}: {t} is not a territory of the map")
            else:
                seen[t].append(z.id)
        if len(z.lands) not in ZONE_SIZES:
            out.append(f"zone {z.id} holds {len(z.lands)} land territories; L99 allows 4 to 6")
        if len(pieces(z.lands, lambda t: m.next_of(t))) > 1:
            out.append(f"zone {z.id} is in pieces: its territories do not all touch")
    for t, zones in seen.items():
        if not zones:
            out.append(f"land {t} is in no economic zone (each land territory is in exactly one)")
        elif len(zones) > 1:
            out.append(f"land {t} is in {len(zones)} economic zones ({_names(zones)}); it may be in exactly one")
    return out


def _air(m: GameMap) -> list[str]:
    out = []
    seen: dict[str, list[str]] = {t: [] for t in [*m.lands, *m.seas]}
    for a in m.air_zones.values():
        for t in a.territories:
            if t not in seen:
                out.append(f"air zone {a.id}: {t} is not a territory of the map")
            else:
                seen[t].append(a.id)
        if not a.territories:
            out.append(f"air zone {a.id} covers no territory")
        elif len(pieces(a.territories, lambda t: m.next_of(t))) > 1:
            out.append(f"air zone {a.id} is in pieces: its territories do not all touch")
    for t, zones in seen.items():
        if len(zones) != 1:
            out.append(
                f"{t} is in {len(zones)} air zones ({_names(zones) or 'none'}); every territory is in exactly one"
            )
    return out


def _cities(m: GameMap) -> list[str]:
    out = []
    for t in m.lands.values():
        if t.is_port and not any(n in m.seas for n in t.next):
            out.append(f"port {t.id} has no sea territory beside it (a port houses ships, L108)")
    return out


def _railroads(m: GameMap) -> list[str]:
    out = []
    for rail in m.railroads:
        if len(rail.through) < 2:
            out.append(f"railroad {rail.name} runs through fewer than two territories")
        for t in rail.through:
            if t not in m.lands:
                out.append(f"railroad {rail.name}: {t} is not a land territory")
        if len(set(rail.through)) != len(rail.through):
            out.append(f"railroad {rail.name} passes a territory twice")
        for a, b in zip(rail.through, rail.through[1:]):
            if a in m.lands and b in m.lands and b not in m.lands[a].next:
                out.append(f"railroad {rail.name} runs from {a} to {b}, which do not touch")
    on_rail = {t for rail in m.railroads for t in rail.through if t in m.lands}
    links = rail_links(m)
    parts = pieces(on_rail, lambda t: links.get(t, ()))
    if len(parts) > 1:
        shown = "; ".join(_names(p) for p in parts)
        out.append(f"the railroads are not connected: {len(parts)} separate nets ({shown})")
    return out


_RAIL_LINKS: dict[int, tuple[GameMap, Mapping[str, frozenset[str]]]] = {}
"""The links of the last maps asked for, by identity: a map is frozen, and the orders'
checks ask for its links many times a season."""


def rail_links(m: GameMap) -> Mapping[str, frozenset[str]]:
    """Each rail territory's rail neighbours: the territories next to it along a line."""
    known = _RAIL_LINKS.get(id(m))
    if known is not None and known[0] is m:
        return known[1]
    if len(_RAIL_LINKS) > 16:
        _RAIL_LINKS.clear()
    links = _rail_links(m)
    _RAIL_LINKS[id(m)] = (m, links)
    return links


def _rail_links(m: GameMap) -> Mapping[str, frozenset[str]]:
    links: dict[str, set[str]] = {}
    for rail in m.railroads:
        for a, b in zip(rail.through, rail.through[1:]):
            links.setdefault(a, set()).add(b)
            links.setdefault(b, set()).add(a)
    return MappingProxyType({t: frozenset(n) for t, n in links.items()})


def _rivers_and_canals(m: GameMap) -> list[str]:
    out = []
    seen: set[frozenset[str]] = set()

    def edge_ok(what: str, a: str, b: str) -> bool:
        if a not in m.lands or b not in m.lands:
            sea = [t for t in (a, b) if t in m.seas]
            why = f"{_names(sea)} is a sea territory" if sea else "not both are land territories of the map"
            out.append(f"{what} on {a}-{b}: {why}; a river or canal lies between two land territories")
            return False
        if b not in m.lands[a].next:
            out.append(f"{what} on {a}-{b}: the two territories do not touch")
            return False
        if frozenset((a, b)) in seen:
            out.append(f"{what} on {a}-{b}: that edge already carries a river or canal")
        seen.add(frozenset((a, b)))
        return True

    for river in m.rivers:
        if not river.edges:
            out.append(f"river {river.name} has no edges")
        for a, b in river.edges:
            edge_ok(f"river {river.name}", a, b)
    for canal in m.canals:
        edge_ok(f"canal {canal.name}", *canal.banks)
        first, second = canal.seas
        if first not in m.seas or second not in m.seas or first == second:
            out.append(f"canal {canal.name} must join two different sea territories, not {first!r} and {second!r}")
            continue
        for sea in canal.seas:
            if not any(sea in m.next_of(bank) for bank in canal.banks):
                out.append(f"canal {canal.name}: sea {sea} touches neither bank ({_names(canal.banks)})")
    return out


def _drawing(m: GameMap) -> list[str]:
    out = []
    owner: dict[Cell, str] = {}
    for place in m.places():
        limit = LAND_LABEL if place.id in m.lands else SEA_LABEL
        if len(place.name) > limit:
            out.append(f"{place.id}: name {place.name!r} is longer than {limit} characters and does not fit its cell")
        for x, y in place.cells:
            if not (0 <= x < m.columns and 0 <= y < m.rows):
                out.append(f"{place.id}: cell [{x}, {y}] is outside the {m.columns} x {m.rows} grid")
            elif (x, y) in owner:
                out.append(f"{place.id} and {owner[(x, y)]} are both drawn on cell [{x}, {y}]")
            else:
                owner[(x, y)] = place.id
        if len(pieces(place.cells, _grid_next)) > 1:
            out.append(f"{place.id} is drawn in pieces: its cells do not touch")
    # The drawing must show exactly the data's borders: cells of two territories touch on
    # the grid exactly when the two are neighbours.
    touching: set[frozenset[str]] = set()
    for (x, y), here in owner.items():
        for other_cell in ((x + 1, y), (x, y + 1)):
            there = owner.get(other_cell)
            if there and there != here:
                touching.add(frozenset((here, there)))
    listed = {frozenset((p.id, n)) for p in m.places() for n in p.next if n != p.id}
    for pair in sorted(touching - listed, key=sorted):
        out.append(f"{' and '.join(sorted(pair))} are drawn touching but are not neighbours")
    for pair in sorted(listed - touching, key=sorted):
        if all(t in owner.values() for t in pair):
            out.append(f"{' and '.join(sorted(pair))} are neighbours but are not drawn touching")
    return out


def _grid_next(cell: Cell) -> list[Cell]:
    x, y = cell
    return [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]


def _countries(m: GameMap) -> list[str]:
    out = []
    holders = {t.id: t.country for t in m.lands.values()}
    for c in m.countries.values():
        held = [t for t in m.lands.values() if t.country == c.id]
        sizes = COUNTRY_SIZES.get(c.size)
        if sizes is None:
            out.append(f"country {c.id}: size must be large or small, not {c.size!r}")
        elif len(held) not in sizes:
            out.append(
                f"country {c.id} is {c.size} but holds {len(held)} land territories (allowed {sizes.start}-{sizes.stop - 1})"
            )
        capital = m.lands.get(c.capital)
        if capital is None or capital.country != c.id or not capital.is_city:
            out.append(f"country {c.id}: capital {c.capital!r} must be a city of its own")
        if not any(t.is_port for t in held):
            out.append(f"country {c.id} has no port, so it cannot build ships")
        unknown = set(c.start_zones) - set(m.zones)
        if unknown:
            out.append(f"country {c.id}: start_zones names unknown zones {_names(unknown)}")
        actual = {z for z in m.zones if zone_control(m, z, c.id, holders) != NONE}
        if not unknown and actual != set(c.start_zones):
            out.append(
                f"country {c.id}: start_zones lists {_names(c.start_zones) or 'none'} but its borders "
                f"give it full or partial control of {_names(actual) or 'none'}"
            )
    return out


def _reach(m: GameMap) -> list[str]:
    out = []
    everything = [*m.lands, *m.seas]
    parts = pieces(everything, lambda t: m.next_of(t))
    if len(parts) > 1:
        main = max(parts, key=len)
        cut = set(everything) - main
        out.append(f"territories no one can reach from the rest of the map: {_names(cut)}")
    canal_links: dict[str, set[str]] = {}
    for canal in m.canals:
        a, b = canal.seas
        canal_links.setdefault(a, set()).add(b)
        canal_links.setdefault(b, set()).add(a)
    sea_parts = pieces(m.seas, lambda s: [*m.next_of(s), *canal_links.get(s, ())])
    if len(sea_parts) > 1:
        shown = "; ".join(_names(p) for p in sea_parts)
        out.append(f"the seas are not one water even through the canals: {shown}")
    return out
