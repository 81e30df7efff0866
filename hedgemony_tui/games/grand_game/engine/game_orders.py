"""What a seat may write on its order sheet now, and the sheet after each line.

:func:`order_options` lists the order intents open to a seat (from the public board, the
seat's own draft and :mod:`.orders_choices`); :func:`write` applies one to the draft with
:mod:`.sheet_edit`. The sheet may be handed in (``SealOrders``) only when
:func:`.orders_check.check_orders` finds nothing wrong with it; ```ClearOrders`` always brings
it back to the default sheet, which the checker accepts, so no sheet is a dead end.

The sheet is written place by place: with no focus the seat sees the places it may turn to
(``Focus``), and each line written returns it to the whole sheet. A seat handing in its orders
thus chooses among a dozen places, not among hundreds of lines at once.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

import attrs

from . import sheet_edit as E
from .board import Board
from .game_intents import (
    Attack,
    AttackPort,
    Bomb,
    ClearOrders,
    ClearTasks,
    Disembark,
    Embark,
    Fallback,
    FleetStance,
    Fly,
    Focus,
    Intent,
    March,
    MoveRetreat,
    Permit,
    Rail,
    Recall,
    Sail,
    SealOrders,
    Shipping,
    Stance,
)
from .map_check import rail_links
from .map_data import GameMap
from .orders import (
    CANAL,
    DEFENSIVE,
    HEAVY_SUPPLIES,
    HOLD,
    LIGHT_LAND_UNITS,
    LIGHT_SUPPLIES,
    OFFENSIVE,
    PRESENCE,
    RAIL,
    Cargo,
    FleetOrder,
    OrderSheet,
)
from .orders_check import check_orders
from .orders_choices import air_choices, fleet_choices, land_choices, retreats_for, shipping_targets
from .sheet_edit import default_sheet

LAND_KINDS = ("infantry", "armor", "supplies")


def stayers(m: GameMap, board: Board, sheet: OrderSheet, land: str) -> Cargo:
    """What of the seat's land units and supplies in ``land`` no line of the sheet moves yet."""
    stack = board.at(land, sheet.seat)
    moves = sheet.land_at(land).moves
    loads = [f.load for f in sheet.fleets if f.load_from == land]
    left = [
        getattr(stack, k) - sum(getattr(mv, k) for mv in moves) - sum(getattr(c, k) for c in loads) for k in LAND_KINDS
    ]
    return Cargo(*left)


def crated(sheet: OrderSheet, land: str) -> int:
    return sum(mv.aircraft for mv in sheet.land_at(land).moves)


def rail_route(m: GameMap, start: str, to: str, usable: frozenset[str]) -> tuple[str, ...]:
    """The shortest rail route from ``start`` to ``to`` through ``usable`` (start left out)."""
    links = rail_links(m)
    before: dict[str, str] = {start: start}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here == to:
            break
        for there in sorted(links.get(here, frozenset())):
            if there in usable and there not in before:
                before[there] = here
                todo.append(there)
    route = [to]
    while route[-1] != start:
        route.append(before[route[-1]])
    return tuple(reversed(route[:-1]))


PERMITS = "permits"
"""The focus under which a seat writes its permissions (G-R3)."""


def counts(left: int) -> tuple[int, ...]:
    """How many to send at once: one, half (from four on), or all that are left. A line
    may be written again for more, so any number can be sent; half spares the person
    with eight supplies four picks of one (a newcomer found only "1" and "8")."""
    if left < 1:
        return ()
    return tuple(sorted({1, left // 2 if left >= 4 else 1, left}))


def places_to_order(m: GameMap, board: Board, seat: str, sheet: OrderSheet) -> list[str]:
    """Every place the sheet may turn to: the seat's land territories with something there, its
    fleets' and aircraft's places, the air zones its aircraft fly over (for bombing), permits."""
    places = []
    for place in board.places_of(seat):
        stack = board.at(place, seat)
        if place in m.lands and (stack.land_units or stack.supplies):
            places.append(place)
        elif stack.fleets or stack.aircraft:
            places.append(place)
    places += sorted({a.zone for a in sheet.air if a.zone})
    return places + [PERMITS]


def order_options(
    m: GameMap, board: Board, seat: str, sheet: OrderSheet, seats: Sequence[str], focus: str = ""
) -> list[Intent]:
    """The order intents open to ``seat``: with no focus, the places to turn to, starting
    again, and handing in a clean sheet; with a focus, the lines that place may take."""
    if not focus:
        # Only places where a line can be written: turning to one where nothing can (an armor
        # loaded aboard a fleet, its only unit) was a dead end for a person and a loop for the
        # random player, which came back to the same sheet and turned there again.
        places = places_to_order(m, board, seat, sheet)
        out: list[Intent] = [Focus(seat, p) for p in places if len(order_options(m, board, seat, sheet, seats, p)) > 1]
        if sheet != default_sheet(m, board, seat):
            out.append(ClearOrders(seat))
        if not check_orders(m, board, seat, sheet):
            out.append(SealOrders(seat))
        return out
    out = [Focus(seat, "")]
    if focus == PERMITS:
        for other in seats:
            if other == seat:
                continue
            given = {p.kind for p in sheet.permissions if p.grantee == other}
            banks = any(board.owner(b) == seat for c in m.canals for b in c.banks)
            kinds = [RAIL, PRESENCE] + ([CANAL] if banks else [])
            out += [Permit(seat, other, kind, kind not in given) for kind in kinds]
        return out
    if focus in m.air_zones:
        return out + _bombing_options(m, board, seat, sheet, focus)
    out += _land_options(m, board, seat, sheet, focus)
    out += _fleet_options(m, board, seat, sheet, focus)
    out += _air_options(m, board, seat, sheet, focus)
    return out


def _land_options(m: GameMap, board: Board, seat: str, sheet: OrderSheet, focus: str) -> list[Intent]:
    out: list[Intent] = []
    held = board.held_by(seat)
    for land in [focus]:
        if land not in m.lands:
            continue
        stack = board.at(land, seat)
        if not (stack.land_units or stack.supplies or stack.aircraft):
            continue
        choices = land_choices(m, board, seat, land)
        entry = sheet.land_at(land)
        left = stayers(m, board, sheet, land)
        if left.units and land in held:
            out += [Stance(seat, land, s) for s in DEFENSIVE if s != entry.stance]
            if entry.stance != HOLD:
                out += [Fallback(seat, land, t) for t in choices.retreats if t != entry.retreat]
                if entry.retreat is not None:
                    out.append(Fallback(seat, land, ""))
        for kind in LAND_KINDS:
            for n in counts(getattr(left, kind)):
                out += [March(seat, land, to, kind, n) for to in choices.steps]
                out += [Rail(seat, land, to, kind, n) for to in choices.rail]
        for n in counts(sum(a.count for a in sheet.air if a.place == land)):
            out += [Rail(seat, land, to, "aircraft", n) for to in choices.rail]
        for mv in entry.moves:
            if mv.by_rail or board.owner(mv.to) == seat or not mv.units:
                continue
            out += [Attack(seat, land, mv.to, o) for o in OFFENSIVE if o != mv.order]
            retreats = retreats_for(m, board, seat, mv.to, mv.order)
            out += [MoveRetreat(seat, land, mv.to, r) for r in retreats if r != mv.retreat]
            if mv.retreat is not None and mv.order != "scout":
                out.append(MoveRetreat(seat, land, mv.to, ""))
        if entry.moves:
            out.append(Recall(seat, land))
    return out


def _fleet_options(m: GameMap, board: Board, seat: str, sheet: OrderSheet, focus: str) -> list[Intent]:
    out: list[Intent] = []
    for f in (f for f in sheet.fleets if f.place == focus):
        choices = fleet_choices(m, board, seat, f.place)
        coast_load = not f.load.empty and f.load_from != f.place
        out += [FleetStance(seat, f.place, o) for o in choices.orders if o != f.order]
        if not coast_load and f.attack_port is None:
            out += [Sail(seat, f.place, to) for to in choices.destinations if to != f.to]
        if f.to is not None:
            out.append(Sail(seat, f.place, ""))
        if f.to is None and f.shipping is None and f.place in m.seas:
            out += [AttackPort(seat, f.place, p) for p in choices.ports_to_attack if p != f.attack_port]
        if f.attack_port is not None:
            out.append(AttackPort(seat, f.place, ""))
        if f.attack_port is None and f.end in m.seas:
            out += [Shipping(seat, f.place, z) for z in shipping_targets(m, board, seat, f.end) if z != f.shipping]
        if f.shipping is not None:
            out.append(Shipping(seat, f.place, ""))
        out += _cargo_options(m, board, seat, sheet, f)
    return out


def _cargo_options(m: GameMap, board: Board, seat: str, sheet: OrderSheet, f: FleetOrder) -> list[Intent]:
    out: list[Intent] = []
    total = f.carry + f.load
    room_units = LIGHT_LAND_UNITS * f.light - total.units
    room_supplies = LIGHT_SUPPLIES * f.light + HEAVY_SUPPLIES * f.heavy - total.supplies
    unloading_across = f.unload_to is not None and f.to is None
    sources = [f.place] if f.place in m.lands else [t for t in m.next_of(f.place) if board.owner(t) == seat]
    if f.load_from is not None:
        sources = [f.load_from]
    for src in sources:
        if src != f.place and (f.to is not None or unloading_across):
            continue  # loading over a coast takes the season (L348)
        left = stayers(m, board, sheet, src)
        for kind in LAND_KINDS:
            room = room_supplies if kind == "supplies" else room_units
            out += [Embark(seat, f.place, src, kind, n) for n in counts(min(room, getattr(left, kind)))]
    aboard = f.carry
    targets: list[str] = []
    if f.to is not None and f.to in m.lands:
        targets = [f.to]  # into the port it sails to
    elif f.to is None and f.place in m.seas and (f.load.empty or f.load_from == f.place):
        targets = sorted(t for t in m.next_of(f.place) if t in m.lands)
    if f.unload_to is not None:
        targets = [t for t in targets if t == f.unload_to]
    for to in targets:
        for kind in LAND_KINDS:
            out += [
                Disembark(seat, f.place, to, kind, n) for n in counts(getattr(aboard, kind) - getattr(f.unload, kind))
            ]
    return out


def _air_options(m: GameMap, board: Board, seat: str, sheet: OrderSheet, focus: str) -> list[Intent]:
    out: list[Intent] = []
    for a in (a for a in sheet.air if a.place == focus):
        choices = air_choices(m, board, seat, a.place)
        for zone in choices.zones:
            spots = [s for s in choices.landings.get(zone, ()) if s in m.lands]
            if not spots:
                continue
            home = a.place if a.place in spots else spots[0]
            if zone != a.zone:
                out.append(Fly(seat, a.place, zone, home))
            else:
                current = a.landings[0] if a.landings else home
                out += [Fly(seat, a.place, zone, s) for s in spots if s != current]
        if a.zone is not None:
            out.append(Fly(seat, a.place, "", ""))
    return out


def _bombing_options(m: GameMap, board: Board, seat: str, sheet: OrderSheet, focus: str) -> list[Intent]:
    out: list[Intent] = []
    flown: dict[str, int] = {}
    for a in sheet.air:
        if a.zone:
            flown[a.zone] = flown.get(a.zone, 0) + a.count
    for zone, count in sorted(flown.items()):
        if zone != focus:
            continue
        task = next((t for t in sheet.air_tasks if t.zone == zone), None)
        points = len(task.bombing) if task else 0
        if points < count:
            inside = set(m.air_zones[zone].territories)
            for ez in sorted(m.zones):
                lands = m.zones[ez].lands
                if inside & set(lands) and not all(board.owner(t) == seat for t in lands):
                    out.append(Bomb(seat, zone, ez))
        if task is not None:
            out.append(ClearTasks(seat, zone))
    return out


def write(m: GameMap, board: Board, sheet: OrderSheet, intent: Intent) -> OrderSheet:
    """The sheet with one order intent written on it (the intent is known to be legal)."""
    seat = sheet.seat
    if isinstance(intent, Stance):
        return E.set_stance(sheet, intent.territory, intent.stance)
    if isinstance(intent, Fallback):
        return E.set_fallback(sheet, intent.territory, intent.to)
    if isinstance(intent, March):
        return E.add_march(sheet, intent.frm, intent.to, intent.kind, intent.count)
    if isinstance(intent, Attack):
        return E.set_attack(sheet, intent.frm, intent.to, intent.order)
    if isinstance(intent, MoveRetreat):
        return E.set_move_retreat(sheet, intent.frm, intent.to, intent.retreat)
    if isinstance(intent, Rail):
        route = rail_route(m, intent.frm, intent.to, board.held_by(seat))
        return E.add_rail(sheet, intent.frm, route, intent.kind, intent.count)
    if isinstance(intent, Recall):
        return E.recall(sheet, intent.frm)
    if isinstance(intent, Sail):
        return E.edit_fleet(sheet, intent.place, lambda f: _sail(f, intent.to))
    if isinstance(intent, FleetStance):
        order = intent.order
        return E.edit_fleet(sheet, intent.place, lambda f: attrs.evolve(f, order=order))
    if isinstance(intent, AttackPort):
        port = intent.port or None
        return E.edit_fleet(sheet, intent.place, lambda f: attrs.evolve(f, attack_port=port))
    if isinstance(intent, Shipping):
        zone = intent.zone or None
        return E.edit_fleet(sheet, intent.place, lambda f: attrs.evolve(f, shipping=zone))
    if isinstance(intent, Embark):
        return E.embark(sheet, intent.place, intent.frm, intent.kind, intent.count)
    if isinstance(intent, Disembark):
        return E.disembark(sheet, intent.place, intent.to, intent.kind, intent.count)
    if isinstance(intent, Fly):
        return E.fly(sheet, intent.place, intent.zone, intent.land)
    if isinstance(intent, Bomb):
        return E.add_bombing(sheet, intent.zone, intent.target)
    if isinstance(intent, ClearTasks):
        return E.clear_tasks(sheet, intent.zone)
    if isinstance(intent, Permit):
        return E.permit(sheet, intent.grantee, intent.kind, intent.give)
    raise TypeError(f"not an order intent: {intent!r}")


def _sail(f: FleetOrder, to: str) -> FleetOrder:
    # A new course cancels a landing aimed at the old one and any shipping target it no longer faces.
    return attrs.evolve(f, to=to or None, unload_to=None, unload=Cargo(), shipping=None)
