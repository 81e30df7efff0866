"""Checking one seat's order sheet as it is written: every problem, in the player's words.

``check_orders(map, board, seat, sheet)`` returns one sentence per problem (an empty list is a
sheet that may be handed in). It judges the sheet against the public board only: the other
seats' sheets and the permissions written on them are sealed, so a rail move through another
seat's territory is not a problem here (it may be covered by a permission not yet seen); it is
:func:`rail_notes`'s warning, and :mod:`.movement` stops it where L342 says. The land part is
here, fleets, aircraft and permissions are in :mod:`.orders_check_sea_air`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable

from . import map as M
from .board import Board
from .map_check import rail_links
from .map_data import GameMap
from .orders import DEFENSIVE, HOLD, OFFENSIVE, RAIL, SCOUT, LandMove, LandOrders, OrderSheet, Permission
from .orders_check_sea_air import check_air, check_fleets, check_permissions, loaded_from
from .orders_words import name


def check_orders(m: GameMap, board: Board, seat: str, sheet: OrderSheet) -> list[str]:
    """Every problem with ``seat``'s ``sheet`` on ``board``, one sentence each."""
    if sheet.seat != seat:
        return [f"this sheet is written for {sheet.seat!r}, not for {seat!r}"]
    if seat not in board.seats:
        return [f"{seat!r} is not a seat at this table (seats: {', '.join(board.seats)})"]
    out: list[str] = []
    out += _check_land(m, board, seat, sheet)
    out += check_fleets(m, board, seat, sheet)
    out += check_air(m, board, seat, sheet)
    out += check_permissions(m, board, seat, sheet)
    return out


# -- land --------------------------------------------------------------------------------


def _check_land(m: GameMap, board: Board, seat: str, sheet: OrderSheet) -> list[str]:
    out: list[str] = []
    seen = Counter(o.territory for o in sheet.land)
    out += [
        f"{name(m, t)} has {n} order entries; write one, with several moves if units split"
        for t, n in seen.items()
        if n > 1
    ]
    # A territory that fleets load from but that has no entry is checked as a plain Defend.
    loading = {f.load_from for f in sheet.fleets if f.load_from is not None and not f.load.empty} - set(seen)
    entries = list(dict.fromkeys(sheet.land)) + [LandOrders(t) for t in sorted(loading)]
    for entry in entries:
        if entry.territory not in m.lands:
            if entry.territory not in loading:  # a bad loading place is named with its fleet
                out.append(f"{name(m, entry.territory)} is not a land territory of this map")
            continue
        out += _check_entry(m, board, seat, sheet, entry, written=entry.territory not in loading)
    return out


def _check_entry(
    m: GameMap, board: Board, seat: str, sheet: OrderSheet, entry: LandOrders, written: bool = True
) -> list[str]:
    here = entry.territory
    where = name(m, here)
    stack = board.at(here, seat)
    if written and stack.land_units + stack.supplies + stack.aircraft == 0:
        return [f"you have nothing in {where} to give orders to"]
    out: list[str] = []
    if entry.stance not in DEFENSIVE:
        out.append(f"{where}: {entry.stance!r} is not an order for units that stay; use screen, defend or hold")
    if entry.retreat is not None:
        if entry.stance == HOLD:
            out.append(f"{where}: units on Hold may not retreat (L359); remove the retreat to {name(m, entry.retreat)}")
        else:
            out += _check_retreat(m, board, seat, here, entry.retreat, f"{where}'s defenders")
    # Everything leaving the territory, by land, by rail or aboard ship, comes out of one stack.
    moves = entry.moves
    loads = loaded_from(sheet, here)
    for kind, have in (("infantry", stack.infantry), ("armor", stack.armor), ("supplies", stack.supplies)):
        used = sum(getattr(mv, kind) for mv in moves) + sum(getattr(c, kind) for c in loads)
        if used > have:
            noun = "supplies" if kind == "supplies" else kind
            out.append(f"{where} has {have} {noun}; the sheet moves {used}")
    for move in moves:
        out += _check_move(m, board, seat, here, move)
    return out


def _check_move(m: GameMap, board: Board, seat: str, here: str, move: LandMove) -> list[str]:
    where, there = name(m, here), name(m, move.to)
    what = f"the move from {where} to {there}"
    out: list[str] = []
    if min(move.infantry, move.armor, move.supplies, move.aircraft) < 0:
        return [f"{what} moves a negative number of units"]
    if move.units + move.supplies == 0:
        return [f"{what} moves nothing; name the infantry, armor or supplies that go"]
    if move.order not in OFFENSIVE:
        out.append(f"{what}: {move.order!r} is not an order for moving units; use scout, advance or blitzkrieg")
    if move.to not in m.lands:
        return [*out, f"{what}: {there} is not a land territory (fleets carry units to sea)"]
    if move.by_rail:
        out += _check_rail(m, here, move)
    else:
        if move.to not in M.land_neighbours(m, here):
            out.append(f"{there} is not next to {where}; a move by land goes one territory a season (L330)")
        if move.aircraft:
            out.append(f"{what}: aircraft fly by air orders, or travel crated by rail (L345), not by road")
    if not move.by_rail and board.owner(move.to) != seat and move.infantry + move.armor == 0:
        out.append(f"{what}: {there} is not yours, so the move needs infantry or armor to take it (L371)")
    if move.order == SCOUT and move.retreat is None:
        out.append(f"{what}: a Scout must name its retreat territory in advance (L365)")
    if move.retreat is not None:
        out += _check_retreat(m, board, seat, move.to, move.retreat, what)
    return out


def _check_rail(m: GameMap, here: str, move: LandMove) -> list[str]:
    links = rail_links(m)
    if here not in links:
        return [f"{name(m, here)} is not on a railway: a rail move must start on the railway (L330)"]
    out: list[str] = []
    if move.rail[-1] != move.to:
        out.append(f"the rail route from {name(m, here)} must end at {name(m, move.to)}, where the move goes")
    route = (here, *move.rail)
    if len(set(route)) < len(route):
        out.append(f"the rail route from {name(m, here)} passes the same territory twice")
    for a, b in zip(route, route[1:]):
        if b not in links.get(a, frozenset()):
            out.append(f"{name(m, a)} to {name(m, b)} is not along a railway: a rail move stays on the line (L336)")
            break
    return out


def _check_retreat(m: GameMap, board: Board, seat: str, fought: str, retreat: str, who: str) -> list[str]:
    # Reading (orders.md): a retreat goes to a land territory next to where the fight is, that
    # the seat holds when it writes the order.
    if retreat not in m.lands:
        return [f"{who}: the retreat {name(m, retreat)} is not a land territory"]
    if retreat not in M.land_neighbours(m, fought):
        return [f"{who}: the retreat {name(m, retreat)} is not next to {name(m, fought)}"]
    if board.owner(retreat) != seat:
        return [f"{who}: the retreat {name(m, retreat)} is not yours; retreat into a territory you hold"]
    return []


# -- warnings on rail moves the seat cannot yet know to be covered -----------------------


def rail_notes(
    m: GameMap, board: Board, seat: str, sheet: OrderSheet, granted: Iterable[tuple[str, Permission]] = ()
) -> list[str]:
    """For each rail move through a territory the seat does not hold and no permission in
    ``granted`` ((writer, permission) pairs already known to the seat) covers, where L342
    will stop it: a warning, since a permission written this season is sealed."""
    usable = _usable(board, seat, granted)
    out = []
    for entry in sheet.land:
        for move in entry.moves:
            if not move.by_rail:
                continue
            for t in move.rail:
                if t not in usable:
                    stop = M.rail_stop(m, (entry.territory, *move.rail), board.held_by(seat))
                    out.append(
                        f"{name(m, t)} is not yours and no permission covers it: the move stops at {name(m, stop)}"
                    )
                    break
    return out


def _usable(board: Board, seat: str, granted: Iterable[tuple[str, Permission]]) -> Collection[str]:
    usable = set(board.held_by(seat))
    for writer, p in granted:
        if p.kind == RAIL and p.grantee == seat:
            usable |= {t for t in board.held_by(writer) if p.covers(t)}
    return usable


__all__ = ["check_orders", "name", "rail_notes"]
