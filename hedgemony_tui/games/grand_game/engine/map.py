"""The Grand Game's map: loading it (checked) and the questions the rules ask of it.

The records are :mod:`.map_data`'s and the checker :mod:`.map_check`'s; this module loads
``data/grand-game/map.toml`` through both (:func:`load_map`, :func:`the_map`) and answers
what the season's rules will need: neighbours by land and by sea, coasts, which air zone,
economic zone and country a territory is in, the air zones an aircraft may reach (L221),
how far a train may go on the territories a player may use (L330-L342), whether a move
crosses a river or the canal (L327), whether a landing crosses a shore, who may pass the
canal (L113) and a player's control of an economic zone (L99).
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Mapping
from importlib.resources.abc import Traversable

from hedgemony_tui.table.resources import data_dir

from .map_check import check_map, rail_links
from .map_data import (
    FULL,
    NONE,
    PARTIAL,
    AirZone,
    Canal,
    Country,
    EconomicZone,
    GameMap,
    Railroad,
    River,
    SeaTerritory,
    Territory,
    parse_map,
    zone_control,
)

__all__ = [
    "FULL",
    "NONE",
    "PARTIAL",
    "AirZone",
    "Canal",
    "Country",
    "EconomicZone",
    "GameMap",
    "MapError",
    "Railroad",
    "River",
    "SeaTerritory",
    "Territory",
    "zone_control",
]

RIVER, CANAL = "river", "canal"


class MapError(ValueError):
    """A map file that cannot be played; the message names the file and every problem."""


def parse_checked(text: str, where: str = "map.toml") -> GameMap:
    """The map in ``text``, or one :class:`MapError` naming every problem in it."""
    try:
        game_map, problems = parse_map(text)
    except ValueError as error:
        raise MapError(f"{where}: {error}") from None
    problems += check_map(game_map)
    if problems:
        raise MapError(f"{where}: {len(problems)} problem(s): " + "; ".join(problems))
    return game_map


def load_map(path: Traversable | None = None) -> GameMap:
    """The shipped map (or the one at ``path``), checked."""
    path = path or data_dir("grand-game") / "map.toml"
    return parse_checked(path.read_text(encoding="utf-8"), str(path))


@functools.cache
def the_map() -> GameMap:
    """The shipped map, read once."""
    return load_map()


# -- neighbours and coasts ---------------------------------------------------------------


def land_neighbours(m: GameMap, territory: str) -> tuple[str, ...]:
    return tuple(t for t in m.next_of(territory) if t in m.lands)


def sea_neighbours(m: GameMap, territory: str) -> tuple[str, ...]:
    """The sea territories beside ``territory`` (its coast, or the next waters of a sea)."""
    return tuple(t for t in m.next_of(territory) if t in m.seas)


def coastal(m: GameMap, land: str) -> bool:
    """A land territory with a sea beside it: it has a shore (loading L348, landings L327)."""
    return bool(sea_neighbours(m, land))


def shores(m: GameMap) -> frozenset[tuple[str, str]]:
    """Every shore as (land, sea): every edge between a land and a sea territory (map.md)."""
    return frozenset((land, sea) for land in m.lands for sea in sea_neighbours(m, land))


def landing_crosses_shore(m: GameMap, sea: str, land: str) -> bool:
    """Whether units landing from ``sea`` into ``land`` cross a shoreline (L112, L327:
    that part of the attack draws one card per 15 points). Every land-sea edge is a shore,
    a port's included (map.md)."""
    return sea in m.seas and land in m.lands and sea in m.lands[land].next


# -- zones and countries -----------------------------------------------------------------


def air_zone_of(m: GameMap, territory: str) -> str:
    return next(a.id for a in m.air_zones.values() if territory in a.territories)


def zone_of(m: GameMap, land: str) -> str:
    """The economic zone of a land territory (L91)."""
    return next(z.id for z in m.zones.values() if land in z.lands)


def country_of(m: GameMap, land: str) -> str:
    """The country whose national border holds ``land`` when the game begins (L92)."""
    return m.lands[land].country


def adjacent_air_zones(m: GameMap, zone: str) -> frozenset[str]:
    """The air zones beside ``zone``: those with a territory next to one of its own. An
    aircraft fights over its base's zone or one of these, and lands in the zone it fought
    in or one beside that (L221)."""
    mine = set(m.air_zones[zone].territories)
    near = {n for t in mine for n in m.next_of(t)} - mine
    return frozenset(air_zone_of(m, t) for t in near)


def starting_owners(m: GameMap) -> Mapping[str, str]:
    """Who holds each land territory when the game begins: its national border (L92)."""
    return {t.id: t.country for t in m.lands.values()}


# -- rivers, canals, railroads -----------------------------------------------------------


def crossing(m: GameMap, a: str, b: str) -> str | None:
    """What a move or attack between neighbouring land territories ``a`` and ``b`` crosses:
    ``"canal"``, ``"river"`` or None (L111, L113, L327)."""
    edge = {a, b}
    if any(set(c.banks) == edge for c in m.canals):
        return CANAL
    if any(set(e) == edge for r in m.rivers for e in r.edges):
        return RIVER
    return None


def crosses_river(m: GameMap, a: str, b: str) -> bool:
    """Whether the edge between ``a`` and ``b`` carries a river or a canal (a canal gives the
    river's bonus too, L113)."""
    return crossing(m, a, b) is not None


def on_railroad(m: GameMap, land: str) -> bool:
    return land in rail_links(m)


def rail_reach(m: GameMap, start: str, usable: Collection[str]) -> frozenset[str]:
    """Where a unit starting on ``start`` may end a rail move (L330-L342): any rail
    territory joined to ``start`` along the lines through territories all in ``usable``
    (those the player controls or holds a written permission for). A unit not on a
    railroad goes nowhere by rail; the start itself is not a destination."""
    links = rail_links(m)
    if start not in links:
        return frozenset()
    seen, todo = {start}, [start]
    while todo:
        for other in links[todo.pop()]:
            if other in usable and other not in seen:
                seen.add(other)
                todo.append(other)
    return frozenset(seen - {start})


def rail_stop(m: GameMap, route: tuple[str, ...], usable: Collection[str]) -> str:
    """Where a rail order along ``route`` (start first) actually stops: the last territory
    before the first one the player may not use (L336: an enemy at D refusing leave stops
    a unit from B at C; L342: a permission that does not cover the whole order stops it at
    the last territory the player controls: pass only the controlled ones as ``usable``)."""
    links = rail_links(m)
    stop = route[0]
    for here, there in zip(route, route[1:]):
        if there not in links.get(here, frozenset()) or there not in usable:
            break
        stop = there
    return stop


def canal_open(m: GameMap, canal: Canal, player: str, owners: Mapping[str, str | None], leave: Collection[str]) -> bool:
    """Whether ``player``'s ships may pass ``canal`` (L113): it holds the canal, or has the
    leave of whoever does. The canal is held through its banks: each bank must be the
    player's own or held by someone in ``leave`` (players who wrote it a permission)."""
    return all(owners.get(bank) == player or owners.get(bank) in leave for bank in canal.banks)


def sea_moves(m: GameMap, sea: str, canals_open: Collection[str] = ()) -> frozenset[str]:
    """The sea territories a fleet in ``sea`` may sail to in one season (L312): its
    neighbours, and through each canal named in ``canals_open`` the sea at its other end."""
    out = set(sea_neighbours(m, sea))
    for canal in m.canals:
        if canal.name in canals_open and sea in canal.seas:
            out.update(s for s in canal.seas if s != sea)
    return frozenset(out)


def ports_on(m: GameMap, sea: str) -> tuple[str, ...]:
    """The ports a fleet in ``sea`` may sail into (L312)."""
    return tuple(t for t in m.next_of(sea) if t in m.lands and m.lands[t].is_port)


def control_of(m: GameMap, zone: str, owners: Mapping[str, str | None]) -> Mapping[str, str]:
    """Each holder's control of ``zone`` (L99), for the holders with any territory in it."""
    holders = {owners.get(t) for t in m.zones[zone].lands} - {None}
    return {h: zone_control(m, zone, h, owners) for h in sorted(h for h in holders if h is not None)}
