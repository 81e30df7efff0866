"""Writing an order sheet one line at a time: the pure edits behind the order intents.

The checker (:mod:`.orders_check`) wants every fleet and every aircraft on the sheet, so a
seat starts each season from :func:`default_sheet`: its fleets in one group per place on
Patrol, staying, with whatever is aboard; its aircraft staying on the ground (L245); its land
units on Defend. Every edit returns a new sheet; none checks a rule (``legal`` offers only
what fits, and the checker has the last word before a sheet is handed in).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from .board import Board
from .map_data import GameMap
from .orders import (
    ADVANCE,
    SCOUT,
    AirOrder,
    AirTask,
    Cargo,
    FleetOrder,
    LandMove,
    LandOrders,
    OrderSheet,
    Permission,
)

CARGO_KINDS = ("infantry", "armor", "supplies")


def default_sheet(m: GameMap, board: Board, seat: str) -> OrderSheet:
    """Everything stays: fleets on Patrol with their cargo, aircraft out of the fight, land on Defend."""
    fleets = []
    air = []
    for place in board.places_of(seat):
        stack = board.at(place, seat)
        if stack.fleets:
            aboard = Cargo(stack.infantry, stack.armor, stack.supplies) if place in m.seas else Cargo()
            fleets.append(FleetOrder(place, stack.light, stack.heavy, carry=aboard))
        if stack.aircraft:
            air.append(AirOrder(place, stack.aircraft))
    return OrderSheet(seat, fleets=tuple(fleets), air=tuple(air))


# --- land ------------------------------------------------------------------------------


def _with_land(sheet: OrderSheet, entry: LandOrders) -> OrderSheet:
    rest = tuple(o for o in sheet.land if o.territory != entry.territory)
    keep = entry != LandOrders(entry.territory)
    land = tuple(sorted((*rest, entry) if keep else rest, key=lambda o: o.territory))
    return attrs.evolve(sheet, land=land)


def set_stance(sheet: OrderSheet, territory: str, stance: str) -> OrderSheet:
    entry = sheet.land_at(territory)
    retreat = None if stance == "hold" else entry.retreat
    return _with_land(sheet, attrs.evolve(entry, stance=stance, retreat=retreat))


def set_fallback(sheet: OrderSheet, territory: str, to: str) -> OrderSheet:
    return _with_land(sheet, attrs.evolve(sheet.land_at(territory), retreat=to or None))


def _edit_move(
    sheet: OrderSheet,
    frm: str,
    match: Callable[[LandMove], bool],
    make: LandMove,
    change: Callable[[LandMove], LandMove],
) -> OrderSheet:
    entry = sheet.land_at(frm)
    moves = list(entry.moves)
    index = next((i for i, mv in enumerate(moves) if match(mv)), None)
    if index is None:
        moves.append(change(make))
    else:
        moves[index] = change(moves[index])
    moves = [mv for mv in moves if mv.units + mv.supplies > 0]
    return _with_land(sheet, attrs.evolve(entry, moves=tuple(moves)))


def add_march(sheet: OrderSheet, frm: str, to: str, kind: str, count: int = 1) -> OrderSheet:
    """``count`` more ``kind`` on the step from ``frm`` to ``to`` (a new move goes in as Advance)."""
    return _edit_move(
        sheet,
        frm,
        lambda mv: mv.to == to and not mv.by_rail,
        LandMove(to, ADVANCE),
        lambda mv: attrs.evolve(mv, **{kind: getattr(mv, kind) + count}),
    )


def set_attack(sheet: OrderSheet, frm: str, to: str, order: str) -> OrderSheet:
    def change(mv: LandMove) -> LandMove:
        # Scout must name its retreat (L365): its start, which is the seat's, until changed.
        retreat = mv.retreat if mv.retreat is not None or order != SCOUT else frm
        return attrs.evolve(mv, order=order, retreat=retreat)

    return _edit_move(sheet, frm, lambda mv: mv.to == to and not mv.by_rail, LandMove(to), change)


def set_move_retreat(sheet: OrderSheet, frm: str, to: str, retreat: str) -> OrderSheet:
    return _edit_move(
        sheet,
        frm,
        lambda mv: mv.to == to and not mv.by_rail,
        LandMove(to),
        lambda mv: attrs.evolve(mv, retreat=retreat or None),
    )


def add_rail(sheet: OrderSheet, frm: str, route: tuple[str, ...], kind: str, count: int = 1) -> OrderSheet:
    """``count`` more ``kind`` on the rail move from ``frm`` along ``route`` (ending where it goes)."""
    to = route[-1]
    sheet = _edit_move(
        sheet,
        frm,
        lambda mv: mv.to == to and mv.by_rail,
        LandMove(to, rail=route),
        lambda mv: attrs.evolve(mv, **{kind: getattr(mv, kind) + count}),
    )
    if kind == "aircraft":  # a crated aircraft leaves its air group (L345)
        for _ in range(count):
            sheet = _air_group_less(sheet, frm)
    return sheet


def recall(sheet: OrderSheet, frm: str) -> OrderSheet:
    entry = sheet.land_at(frm)
    crated = sum(mv.aircraft for mv in entry.moves)
    sheet = _with_land(sheet, attrs.evolve(entry, moves=()))
    for _ in range(crated):
        sheet = _air_group_more(sheet, frm)
    return sheet


# --- fleets ----------------------------------------------------------------------------


def fleet_at(sheet: OrderSheet, place: str) -> FleetOrder | None:
    return next((f for f in sheet.fleets if f.place == place), None)


def edit_fleet(sheet: OrderSheet, place: str, change: Callable[[FleetOrder], FleetOrder]) -> OrderSheet:
    fleets = tuple(change(f) if f.place == place else f for f in sheet.fleets)
    return attrs.evolve(sheet, fleets=fleets)


def embark(sheet: OrderSheet, place: str, frm: str, kind: str, count: int = 1) -> OrderSheet:
    def change(f: FleetOrder) -> FleetOrder:
        load = attrs.evolve(f.load, **{kind: getattr(f.load, kind) + count})
        return attrs.evolve(f, load_from=frm, load=load)

    return edit_fleet(sheet, place, change)


def disembark(sheet: OrderSheet, place: str, to: str, kind: str, count: int = 1) -> OrderSheet:
    def change(f: FleetOrder) -> FleetOrder:
        unload = attrs.evolve(f.unload, **{kind: getattr(f.unload, kind) + count})
        return attrs.evolve(f, unload_to=to, unload=unload)

    return edit_fleet(sheet, place, change)


# --- aircraft --------------------------------------------------------------------------


def air_at(sheet: OrderSheet, place: str) -> AirOrder | None:
    return next((a for a in sheet.air if a.place == place), None)


def _air_group_less(sheet: OrderSheet, place: str) -> OrderSheet:
    out = []
    for a in sheet.air:
        if a.place == place:
            a = attrs.evolve(a, count=a.count - 1, landings=a.landings[: a.count - 1] if a.zone else ())
            if a.count == 0:
                continue
        out.append(a)
    return attrs.evolve(sheet, air=tuple(out))


def _air_group_more(sheet: OrderSheet, place: str) -> OrderSheet:
    group = air_at(sheet, place)
    if group is None:
        return attrs.evolve(sheet, air=tuple(sorted((*sheet.air, AirOrder(place, 1)), key=lambda a: a.place)))
    landings = group.landings + (group.landings[-1],) if group.zone and group.landings else group.landings
    bigger = attrs.evolve(group, count=group.count + 1, landings=landings)
    return attrs.evolve(sheet, air=tuple(bigger if a.place == place else a for a in sheet.air))


def fly(sheet: OrderSheet, place: str, zone: str, land: str) -> OrderSheet:
    def change(a: AirOrder) -> AirOrder:
        if not zone:
            return attrs.evolve(a, zone=None, landings=())
        return attrs.evolve(a, zone=zone, landings=(land,) * a.count)

    air = tuple(change(a) if a.place == place else a for a in sheet.air)
    sheet = attrs.evolve(sheet, air=air)
    flown = {a.zone for a in sheet.air if a.zone}
    # Air orders for a zone no aircraft of the seat flies over any more have nothing to use (L251).
    return attrs.evolve(sheet, air_tasks=tuple(t for t in sheet.air_tasks if t.zone in flown))


def add_bombing(sheet: OrderSheet, zone: str, target: str) -> OrderSheet:
    task = next((t for t in sheet.air_tasks if t.zone == zone), AirTask(zone))
    task = attrs.evolve(task, bombing=task.bombing + (target,))
    rest = tuple(t for t in sheet.air_tasks if t.zone != zone)
    return attrs.evolve(sheet, air_tasks=tuple(sorted((*rest, task), key=lambda t: t.zone)))


def clear_tasks(sheet: OrderSheet, zone: str) -> OrderSheet:
    return attrs.evolve(sheet, air_tasks=tuple(t for t in sheet.air_tasks if t.zone != zone))


# --- permissions -----------------------------------------------------------------------


def permit(sheet: OrderSheet, grantee: str, kind: str, give: bool) -> OrderSheet:
    rest = tuple(p for p in sheet.permissions if not (p.grantee == grantee and p.kind == kind))
    if give:
        rest = tuple(sorted((*rest, Permission(grantee, kind)), key=lambda p: (p.grantee, p.kind)))
    return attrs.evolve(sheet, permissions=rest)
