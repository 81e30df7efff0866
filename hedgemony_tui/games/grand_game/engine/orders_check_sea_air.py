"""The order checker's fleet, aircraft and permission parts (see :mod:`.orders_check`).

Each function returns one sentence per problem, in the player's words, naming the seed line
the rule comes from; readings where the seed is silent are in ``rules/grand-game/orders.md``.
"""

from __future__ import annotations

from . import map as M
from .board import Board
from .counts import counted
from .map_check import rail_links
from .map_data import GameMap
from .orders import (
    CANAL,
    DEFENSIVE,
    FLEET_ORDERS,
    HEAVY_SUPPLIES,
    LIGHT_LAND_UNITS,
    LIGHT_SUPPLIES,
    OFFENSIVE,
    PERMISSIONS,
    RAIL,
    Cargo,
    FleetOrder,
    OrderSheet,
)
from .orders_words import name

KINDS = ("infantry", "armor", "supplies")


def loaded_from(sheet: OrderSheet, land: str) -> list[Cargo]:
    """What the sheet's fleets take aboard from ``land`` this season."""
    return [f.load for f in sheet.fleets if f.load_from == land and not f.load.empty]


def rail_aircraft(sheet: OrderSheet, land: str) -> int:
    """Aircraft the sheet sends crated by rail out of ``land`` (L345)."""
    return sum(mv.aircraft for o in sheet.land if o.territory == land for mv in o.moves)


# -- fleets ------------------------------------------------------------------------------


def check_fleets(m: GameMap, board: Board, seat: str, sheet: OrderSheet) -> list[str]:
    out: list[str] = []
    for group in sheet.fleets:
        out += _check_group(m, board, seat, group)
    places = {f.place for f in sheet.fleets} | {p for p in board.places_of(seat) if board.at(p, seat).fleets}
    for place in sorted(places):
        out += _check_place_totals(m, board, seat, sheet, place)
    return out


def _check_place_totals(m: GameMap, board: Board, seat: str, sheet: OrderSheet, place: str) -> list[str]:
    where, stack = name(m, place), board.at(place, seat)
    groups = [f for f in sheet.fleets if f.place == place]
    out = []
    for word, have, ordered in (
        ("light fleets", stack.light, sum(f.light for f in groups)),
        ("heavy fleets", stack.heavy, sum(f.heavy for f in groups)),
    ):
        if ordered > have:
            out.append(f"{where} has {have} {word}; the sheet orders {ordered}")
        elif ordered < have:
            out.append(f"{have - ordered} {word} in {where} have no order: every fleet stays or moves (L312)")
    if place in m.seas:
        # Units at sea ride the fleets there: every one of them is on exactly one group.
        for kind in KINDS:
            aboard, carried = getattr(stack, kind), sum(getattr(f.carry, kind) for f in groups)
            if carried > aboard:
                out.append(f"{where}: the fleets carry {carried} {kind} but {aboard} are aboard")
            elif carried < aboard:
                out.append(
                    f"{where}: {aboard - carried} {kind} aboard are on no fleet's order; say which fleet carries them"
                )
    return out


def _check_group(m: GameMap, board: Board, seat: str, f: FleetOrder) -> list[str]:
    where = name(m, f.place)
    if f.place not in m.seas and not (f.place in m.lands and m.lands[f.place].is_port):
        return [f"{where} is neither a sea territory nor a port: fleets are at sea or in a port (L312)"]
    if min(f.light, f.heavy) < 0 or f.light + f.heavy == 0:
        return [f"a fleet order in {where} must name at least one light or heavy fleet"]
    out: list[str] = []
    who = f"the fleet in {where}"
    if f.order not in FLEET_ORDERS:
        out.append(f"{who}: {f.order!r} is not a fleet order; use hide, patrol or engage (L301)")
    in_port = f.place in m.lands
    if f.to is not None:
        out += _check_sail(m, board, seat, f, who)
    if f.attack_port is not None:
        out += _check_port_attack(m, board, seat, f, who, in_port)
    if f.shipping is not None:
        out += _check_shipping(m, board, seat, f, who)
    out += _check_cargo(m, board, seat, f, who, in_port)
    return out


def _check_sail(m: GameMap, board: Board, seat: str, f: FleetOrder, who: str) -> list[str]:
    to = f.to or ""
    if f.place in m.lands:
        seas = M.sea_neighbours(m, f.place)
        if to not in seas:
            names = ", ".join(name(m, s) for s in seas)
            return [f"{who}: leaving the port takes the season's move (L312), so it can sail only to {names}"]
        return []
    if to in m.lands:
        if to not in M.ports_on(m, f.place):
            return [f"{who}: {name(m, to)} is not a port on {name(m, f.place)}"]
        if board.owner(to) != seat:
            return [f"{who}: {name(m, to)} is not your port; to strike at it, attack the port (L315)"]
        return []
    if to not in M.sea_moves(m, f.place, [c.name for c in m.canals]):
        return [
            f"{who}: {name(m, to)} is not next to {name(m, f.place)}; a fleet sails one sea territory a season (L312)"
        ]
    return []


def _check_port_attack(m: GameMap, board: Board, seat: str, f: FleetOrder, who: str, in_port: bool) -> list[str]:
    port = f.attack_port or ""
    if in_port:
        return [f"{who}: a port is attacked from the sea beside it; this fleet starts in a port"]
    out = []
    if f.to is not None:
        out.append(
            f"{who}: sailing into {name(m, port)} is the season's move (L312, L315); it cannot also sail to {name(m, f.to)}"
        )
    if port not in M.ports_on(m, f.place):
        out.append(f"{who}: {name(m, port)} is not a port on {name(m, f.place)}")
    elif board.owner(port) == seat:
        out.append(f"{who}: {name(m, port)} is your own port; only a hostile port can be attacked (L315)")
    if f.shipping is not None:
        out.append(f"{who}: a fleet attacking a port cannot also attack shipping; give the two to different fleets")
    return out


def _check_shipping(m: GameMap, board: Board, seat: str, f: FleetOrder, who: str) -> list[str]:
    end, zone = f.end, f.shipping or ""
    if end not in m.seas:
        return [f"{who}: shipping is attacked from a sea territory (L318), and the fleet ends in {name(m, end)}"]
    if zone not in m.zones:
        return [f"{who}: {zone!r} is not an economic zone of this map"]
    if not set(m.zones[zone].lands) & set(m.next_of(end)):
        return [f"{who}: {name(m, zone)} has no coast on {name(m, end)}; name a zone beside that sea (L318)"]
    if all(board.owner(t) == seat for t in m.zones[zone].lands):
        return [f"{who}: {name(m, zone)} is all yours; attack shipping damages an opponent's zone (L318)"]
    return []


def _check_cargo(m: GameMap, board: Board, seat: str, f: FleetOrder, who: str, in_port: bool) -> list[str]:
    out = []
    if min(getattr(c, k) for c in (f.carry, f.load, f.unload) for k in KINDS) < 0:
        return [f"{who}: cargo counts may not be negative"]
    if in_port and not f.carry.empty:
        out.append(f"{who}: in a port the units stand in the port itself; load them there (free, L348) instead")
    total = f.carry + f.load
    if total.units > LIGHT_LAND_UNITS * f.light:
        out.append(
            f"{who}: {counted(f.light, 'light fleet')} can carry at most "
            f"{counted(LIGHT_LAND_UNITS * f.light, 'land unit')} (L275); "
            f"the sheet has {total.units} aboard"
        )
    room = LIGHT_SUPPLIES * f.light + HEAVY_SUPPLIES * f.heavy
    if total.supplies > room:
        out.append(
            f"{who}: its fleets have room for {counted(room, 'supply', 'supplies')} (L275); "
            f"the sheet has {total.supplies} aboard"
        )
    coast_load = not f.load.empty and f.load_from != f.place
    if not f.load.empty:
        out += _check_load(m, board, seat, f, who, in_port)
    if not f.unload.empty:
        out += _check_unload(m, board, seat, f, who, coast_load)
    elif f.unload_to is not None:
        out.append(f"{who}: it unloads at {name(m, f.unload_to)} but names nothing to put ashore")
    return out


def _check_load(m: GameMap, board: Board, seat: str, f: FleetOrder, who: str, in_port: bool) -> list[str]:
    source = f.load_from
    if source is None:
        return [f"{who}: name the territory it loads from"]
    if source == f.place:
        return []  # loading in its own port is free (L348)
    if in_port:
        return [f"{who}: a fleet in a port loads only in that port"]
    if source not in M.land_neighbours(m, f.place) and source not in m.next_of(f.place):
        return [f"{who}: {name(m, source)} is not on the coast of {name(m, f.place)}"]
    if source not in m.lands:
        return [f"{who}: {name(m, source)} is not a land territory"]
    if f.to is not None:
        return [f"{who}: loading across a coast takes the fleet's whole season (L348); it cannot also sail"]
    return []


def _check_unload(m: GameMap, board: Board, seat: str, f: FleetOrder, who: str, coast_load: bool) -> list[str]:
    target = f.unload_to
    if target is None:
        return [f"{who}: name the land territory it unloads into"]
    out = []
    for kind in KINDS:
        if getattr(f.unload, kind) > getattr(f.carry, kind):
            out.append(
                f"{who}: it puts {getattr(f.unload, kind)} {kind} ashore but has {getattr(f.carry, kind)} aboard"
            )
    in_port_unload = f.to is not None and f.to == target and f.to in m.lands
    across_coast = f.to is None and f.place in m.seas and target in m.next_of(f.place) and target in m.lands
    if not (in_port_unload or across_coast):
        out.append(
            f"{who}: units go ashore in a port the fleet sails into, or across the coast of the sea where it "
            f"already is and stays (L348); {name(m, target)} is neither"
        )
    if across_coast and coast_load:
        out.append(f"{who}: loading and unloading across a coast each take the whole season (L348); do one")
    if f.landing not in OFFENSIVE:
        out.append(f"{who}: {f.landing!r} is not an order for landing units; use scout, advance or blitzkrieg")
    if board.owner(target) != seat and f.unload.units == 0 and target in m.lands:
        out.append(f"{who}: {name(m, target)} is not yours, so the landing needs infantry or armor (L371)")
    if f.landing_retreat is not None:
        r = f.landing_retreat
        if r not in M.land_neighbours(m, target) or board.owner(r) != seat:
            out.append(f"{who}: the retreat {name(m, r)} must be a territory of yours next to {name(m, target)}")
    return out


# -- aircraft ----------------------------------------------------------------------------


def check_air(m: GameMap, board: Board, seat: str, sheet: OrderSheet) -> list[str]:
    out: list[str] = []
    for order in sheet.air:
        where = name(m, order.place)
        if order.place not in m.lands and order.place not in m.seas:
            out.append(f"{where} is not a territory of this map")
            continue
        if order.count < 1:
            out.append(f"an air order in {where} must name at least one aircraft")
            continue
        out += _check_flight(m, board, seat, order.place, order.count, order.zone, order.landings)
    places = {a.place for a in sheet.air} | {p for p in board.places_of(seat) if board.at(p, seat).aircraft}
    for place in sorted(places):
        have = board.at(place, seat).aircraft
        ordered = sum(a.count for a in sheet.air if a.place == place) + rail_aircraft(sheet, place)
        if ordered > have:
            out.append(f"{name(m, place)} has {have} aircraft; the sheet orders {ordered}")
        elif ordered < have:
            out.append(
                f"{have - ordered} aircraft in {name(m, place)} have no order: assign them to an air zone "
                "or order them to stay as non-participants (L245)"
            )
    out += _check_sea_bases(m, sheet)
    out += _check_tasks(m, board, seat, sheet)
    return out


def _check_flight(
    m: GameMap, board: Board, seat: str, place: str, count: int, zone: str | None, landings: tuple[str, ...]
) -> list[str]:
    where = name(m, place)
    if zone is None:
        if landings:
            return [f"aircraft staying in {where} as non-participants need no landing places (L245)"]
        return []
    if zone not in m.air_zones:
        return [f"{zone!r} is not an air zone of this map"]
    home = M.air_zone_of(m, place)
    if zone != home and zone not in M.adjacent_air_zones(m, home):
        return [
            f"aircraft based in {where} fight over {name(m, home)} or a zone next to it (L221), not {name(m, zone)}"
        ]
    out = []
    if len(landings) != count:
        out.append(
            f"the {count} aircraft from {where} need {count} landing place(s), one each in priority order (L224); "
            f"the sheet names {len(landings)}"
        )
    reach = {zone} | M.adjacent_air_zones(m, zone)
    for spot in landings:
        if spot not in m.lands and spot not in m.seas:
            out.append(f"the landing place {spot!r} is not a territory of this map")
        elif M.air_zone_of(m, spot) not in reach:
            out.append(f"{name(m, spot)} is not in {name(m, zone)} or a zone next to it: aircraft land there (L221)")
        elif spot in m.lands and board.owner(spot) != seat:
            out.append(f"{name(m, spot)} is not yours: an aircraft landing where you do not hold is lost (L245)")
    return out


def _check_sea_bases(m: GameMap, sheet: OrderSheet) -> list[str]:
    """Aircraft at sea sit on heavy fleets, one each (L275): those that may land on or stay at
    a sea territory must fit on the heavy fleets the sheet leaves there."""
    out = []
    for sea in sorted(m.seas):
        wanting = sum(a.landings.count(sea) for a in sheet.air) + sum(
            a.count for a in sheet.air if a.place == sea and a.zone is None
        )
        heavy = sum(f.heavy for f in sheet.fleets if f.end == sea)
        if wanting > heavy:
            out.append(
                f"{name(m, sea)}: {wanting} aircraft may be based there but your heavy fleets there hold {heavy} (L275)"
            )
    return out


def _check_tasks(m: GameMap, board: Board, seat: str, sheet: OrderSheet) -> list[str]:
    out = []
    seen: set[str] = set()
    for task in sheet.air_tasks:
        if task.zone not in m.air_zones:
            out.append(f"{task.zone!r} is not an air zone of this map")
            continue
        zone = name(m, task.zone)
        if task.zone in seen:
            out.append(f"{zone} has two sets of air orders; write one (L251)")
        seen.add(task.zone)
        if not any(a.zone == task.zone for a in sheet.air):
            out.append(f"no aircraft of yours fights over {zone}, so its air orders have nothing to use (L251)")
        inside = set(m.air_zones[task.zone].territories)
        for ez in task.bombing:
            if ez not in m.zones:
                out.append(f"{zone}: {ez!r} is not an economic zone of this map")
            elif not inside & set(m.zones[ez].lands):
                out.append(f"{zone}: {name(m, ez)} lies outside this air zone; bomb a zone under it (L251)")
            elif all(board.owner(t) == seat for t in m.zones[ez].lands):
                out.append(f"{zone}: {name(m, ez)} is all yours; bombing is aimed at another seat's zone (L254)")
        if task.sea_target is not None and (task.sea_target not in m.seas or task.sea_target not in inside):
            out.append(
                f"{zone}: air power alone attacks a sea territory of this zone (L251); {name(m, task.sea_target)} is not one"
            )
    return out


# -- permissions -------------------------------------------------------------------------


def check_permissions(m: GameMap, board: Board, seat: str, sheet: OrderSheet) -> list[str]:
    out = []
    rail = rail_links(m)
    banks = {b for c in m.canals for b in c.banks}
    for p in sheet.permissions:
        if p.kind not in PERMISSIONS:
            out.append(f"{p.kind!r} is not a permission; write rail, presence or canal (L342, L351, L113)")
            continue
        if p.grantee == seat:
            out.append("a permission is written for another seat, not for yourself")
        elif p.grantee not in board.seats:
            out.append(f"{p.grantee!r} is not a seat at this table (seats: {', '.join(board.seats)})")
        if p.units is not None and p.units < 1:
            out.append(f"a {p.kind} permission for {p.grantee} must allow at least one unit, or leave the count open")
        for t in p.territories:
            if t not in m.lands:
                out.append(f"the {p.kind} permission names {name(m, t)}, which is not a land territory")
            elif board.owner(t) != seat:
                out.append(f"you may give leave only over your own territories; {name(m, t)} is not yours")
            elif p.kind == RAIL and t not in rail:
                out.append(f"the rail permission names {name(m, t)}, which has no railway")
            elif p.kind == CANAL and t not in banks:
                out.append(f"the canal permission names {name(m, t)}, which is not a canal bank")
        if p.kind == CANAL and not any(board.owner(b) == seat for b in banks):
            out.append("you hold no canal bank, so there is no canal of yours to open (L113)")
    return out


__all__ = ["DEFENSIVE", "check_air", "check_fleets", "check_permissions", "loaded_from", "rail_aircraft"]
