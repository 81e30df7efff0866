"""The orders open to one territory, fleet group or aircraft group, for screens and bots.

The order sheet screen and the computer players pick from these lists; they never work out a
rule themselves. Every choice listed here passes :func:`.orders_check.check_orders` on its own
(unit counts and the sheet as a whole are the checker's). Rail destinations count only the
territories the seat holds: a permission written this season is sealed (L342).
"""

from __future__ import annotations

import attrs

from . import map as M
from .board import Board
from .map_data import GameMap
from .orders import DEFENSIVE, FLEET_ORDERS, HOLD, OFFENSIVE, SCOUT


@attrs.frozen
class LandChoices:
    """What units in one land territory may be ordered to do."""

    territory: str
    stances: tuple[str, ...]  # for the units that stay (L357-L359)
    retreats: tuple[str, ...]  # where the stayers may fall back (not on Hold)
    steps: tuple[str, ...]  # neighbouring land territories a move may go to (L330)
    attack_orders: tuple[str, ...]  # how moving units fight (L365-L367)
    rail: tuple[str, ...]  # where a rail move may end over the seat's own railways (L330)


@attrs.frozen
class FleetChoices:
    place: str
    orders: tuple[str, ...]  # hide, patrol, engage (L301)
    destinations: tuple[str, ...]  # seas and own ports it may sail to (L312; canals if open)
    ports_to_attack: tuple[str, ...]  # hostile ports on its sea (L315)
    load_from: tuple[str, ...]  # the port it is in (free), or coasts of its sea (a season, L348)
    unload_to: tuple[str, ...]  # coasts of its sea it may land on without sailing (L348)


@attrs.frozen
class AirChoices:
    place: str
    zones: tuple[str, ...]  # its base's air zone and the zones next to it (L221)
    landings: dict[str, tuple[str, ...]] = attrs.field(eq=False)  # per zone, where it may land (L221)


def land_choices(m: GameMap, board: Board, seat: str, territory: str) -> LandChoices:
    held = board.held_by(seat)
    near = M.land_neighbours(m, territory)
    retreats = tuple(t for t in near if t in held)
    return LandChoices(
        territory,
        DEFENSIVE,
        retreats,
        tuple(sorted(near)),
        OFFENSIVE,
        tuple(sorted(M.rail_reach(m, territory, held))),
    )


def retreats_for(m: GameMap, board: Board, seat: str, target: str, order: str) -> tuple[str, ...]:
    """Where units fighting in ``target`` under ``order`` may name as their retreat: a
    territory of the seat's next to it; none on Hold (L359). Scout must pick one (L365)."""
    if order == HOLD:
        return ()
    held = board.held_by(seat)
    return tuple(sorted(t for t in M.land_neighbours(m, target) if t in held))


def retreat_required(order: str) -> bool:
    return order == SCOUT


def fleet_choices(m: GameMap, board: Board, seat: str, place: str) -> FleetChoices:
    if place in m.lands:  # in port: the only move is out to a sea beside it (L312)
        return FleetChoices(place, FLEET_ORDERS, tuple(sorted(M.sea_neighbours(m, place))), (), (place,), ())
    owners = board.owners
    canals = [c.name for c in m.canals if M.canal_open(m, c, seat, owners, ())]
    ports = M.ports_on(m, place)
    own_ports = tuple(p for p in ports if owners.get(p) == seat)
    hostile = tuple(p for p in ports if owners.get(p) != seat)
    coasts = tuple(sorted(t for t in m.next_of(place) if t in m.lands))
    own_coasts = tuple(t for t in coasts if owners.get(t) == seat)
    return FleetChoices(
        place,
        FLEET_ORDERS,
        tuple(sorted(M.sea_moves(m, place, canals))) + tuple(sorted(own_ports)),
        tuple(sorted(hostile)),
        own_coasts,
        coasts,
    )


def shipping_targets(m: GameMap, board: Board, seat: str, sea: str) -> tuple[str, ...]:
    """The economic zones a fleet ending in ``sea`` may name for attack shipping (L318): those
    with a coast on it that are not wholly the seat's."""
    coast = set(m.next_of(sea))
    return tuple(
        sorted(
            z.id for z in m.zones.values() if coast & set(z.lands) and not all(board.owner(t) == seat for t in z.lands)
        )
    )


def air_choices(m: GameMap, board: Board, seat: str, place: str) -> AirChoices:
    home = M.air_zone_of(m, place)
    zones = tuple(sorted({home} | M.adjacent_air_zones(m, home)))
    landings = {}
    for zone in zones:
        reach = {zone} | M.adjacent_air_zones(m, zone)
        landings[zone] = tuple(
            sorted(
                t
                for z in reach
                for t in m.air_zones[z].territories
                if (t in m.lands and board.owner(t) == seat) or t in m.seas
            )
        )
    return AirChoices(place, zones, landings)
