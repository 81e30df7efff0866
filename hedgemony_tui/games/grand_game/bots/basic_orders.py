"""The basic player's order sheet for a season: the lines it writes, in order, each legal
when written, in groups that leave the sheet clean (so it can always be handed in).

What it orders (issue 35): attacks where the engine's exact odds on the visible defenders
(terrain and crossings counted) reach its style's threshold, each from one territory with
the supplies there and a retreat to where it came from; Hold in a threatened city; a
fallback for other threatened ground; the units and supplies of quiet territories towards
the nearest threatened border (by rail when it reaches); aircraft over the air zone with the
most planned combats (bombing the richest enemy zone where it attacks nothing); fleets
engaging a weaker fleet they can see next to them, else patrolling where they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Union

from ..engine import map as M
from ..engine.board import Board
from ..engine.game_intents import (
    Bomb,
    Fallback,
    FleetStance,
    Fly,
    Intent,
    March,
    MoveRetreat,
    Rail,
    Sail,
    Stance,
)
from ..engine.game_orders import PERMITS, order_options, stayers, write
from ..engine.map_data import GameMap
from ..engine.orders import ENGAGE, HOLD, OrderSheet
from ..engine.orders_check import check_orders
from ..engine.sheet_edit import default_sheet
from .basic_read import Style, attack_chance, dangers, distances, enemy_units, fleet_power, land_worth

Send = tuple[str, str, str, str, int]
"""A wish to send ``count`` of a kind: (march or rail, from, to, kind, count); it becomes
one line for all that are left or one line per unit (the options offer 1 or all)."""
Wish = Union[Intent, Send]
Plan = tuple[tuple[Intent, ...], tuple[OrderSheet, ...]]


def place_of(intent: Intent) -> str:
    """The place whose focus a line is written under."""
    for field in ("frm", "territory", "place", "zone"):
        value = getattr(intent, field, None)
        if isinstance(value, str):
            return value
    return PERMITS


def orders_plan(
    m: GameMap,
    board: Board,
    seat: str,
    seats: Sequence[str],
    season: str,
    values: dict[str, int],
    style: Style,
    bombs: str | None = "",
) -> Plan:
    """The sheet's lines; ``bombs`` says whose zones its bombers may strike ("" any enemy's,
    a seat only that one's, None none)."""
    winter = season == "winter"
    groups = _land_groups(m, board, seat, winter, values, style)
    attacked = {w[2] for g in groups for w in g if isinstance(w, tuple) and board.owner(w[2]) != seat}
    threatened = {t for t, d in dangers(m, board, seat).items() if d}
    groups += _air_groups(m, board, seat, seats, attacked | threatened, attacked, values, bombs)
    groups += _fleet_groups(m, board, seat, seats)
    return _simulate(m, board, seat, seats, groups)


def _land_groups(
    m: GameMap, board: Board, seat: str, winter: bool, values: dict[str, int], style: Style
) -> list[list[Wish]]:
    held = board.held_by(seat)
    threat = dangers(m, board, seat)
    groups: list[list[Wish]] = []
    moving: set[str] = set()
    targets: set[str] = set()
    # Attacks, best first: the chance of taking it times what it is worth.
    offers: list[tuple[Fraction, str, str, int, int, int]] = []
    for frm in sorted(held):
        here = board.at(frm, seat)
        if not here.land_units:
            continue
        for to in M.land_neighbours(m, frm):
            if to in held:
                continue
            # Keep a garrison where other enemies could walk in; the one attacked cannot.
            others = threat.get(frm, 0) - enemy_units(board, seat, to)
            keep = 0 if others <= 0 else min(here.land_units, max(1, (others + 1) // 2))
            armor = min(here.armor, here.land_units - keep)
            infantry = here.land_units - keep - armor
            if armor + infantry <= 0:
                continue
            supplies = min(here.supplies, armor + infantry)
            if enemy_units(board, seat, to) == 0:
                chance, pays = Fraction(1), True
                infantry, armor, supplies = (1, 0, 0) if here.infantry and keep < here.land_units else (0, 1, 0)
            else:
                chance, lost, killed = attack_chance(m, board, seat, frm, to, infantry, armor, supplies, winter)
                pays = lost <= killed * style.exchange
            if chance >= style.attack_odds and pays:
                offers.append((chance * land_worth(m, values, to), frm, to, infantry, armor, supplies))
    for _, frm, to, infantry, armor, supplies in sorted(offers, key=lambda o: (-o[0], o[1], o[2])):
        if frm in moving or to in targets:
            continue
        moving.add(frm)
        targets.add(to)
        group: list[Wish] = [("march", frm, to, kind, n) for kind, n in (("armor", armor), ("infantry", infantry))]
        group += [("march", frm, to, "supplies", supplies)]
        group.append(MoveRetreat(seat, frm, to, frm))
        groups.append(group)
    # Stances: Hold a threatened city; elsewhere Defend with a fallback to the quietest neighbour.
    for land in sorted(held):
        if not threat.get(land) or not board.at(land, seat).land_units:
            continue
        if m.lands[land].city:
            groups.append([Stance(seat, land, HOLD)])
        else:
            back = [t for t in M.land_neighbours(m, land) if t in held]
            if back:
                groups.append([Fallback(seat, land, min(back, key=lambda t: (threat.get(t, 0), t)))])
    # Quiet territories send their units and supplies towards the nearest threatened border.
    front = [t for t, d in threat.items() if d]
    if front:
        far = distances(m, front, held)
        for land in sorted(held - moving):
            here = board.at(land, seat)
            if threat.get(land) or not (here.land_units or here.supplies) or land not in far:
                continue
            reach = M.rail_reach(m, land, held) & set(front)
            if reach:
                to, how = min(reach, key=lambda t: (-threat[t], t)), "rail"
            else:
                nearer = [t for t in M.land_neighbours(m, land) if far.get(t, 99) < far[land]]
                if not nearer:
                    continue
                to, how = min(nearer, key=lambda t: (far[t], t)), "march"
            # A city keeps one infantry (or armor) and a supply: a line can break behind it.
            keep = 1 if m.lands[land].city else 0
            infantry = here.infantry - (keep if here.infantry else 0)
            armor = here.armor - (keep if not here.infantry else 0)
            supplies = here.supplies - keep
            sends = (("armor", armor), ("infantry", infantry), ("supplies", supplies))
            shift: list[Wish] = [(how, land, to, kind, n) for kind, n in sends if n > 0]
            if shift:
                groups.append(shift)
    return groups


def _air_groups(
    m: GameMap,
    board: Board,
    seat: str,
    seats: Sequence[str],
    combats: set[str],
    attacked: set[str],
    values: dict[str, int],
    leader: str | None = "",
) -> list[list[Wish]]:
    """Aircraft over the air zone with the most planned combats, bombing the richest enemy
    zone there when they attack nothing; ``leader`` "": any enemy's, a seat: only its, None:
    no bombing."""
    groups: list[list[Wish]] = []
    sheet = default_sheet(m, board, seat)
    for a in sheet.air:
        options = [o for o in order_options(m, board, seat, sheet, seats, a.place) if isinstance(o, Fly) and o.zone]
        if not options:
            continue

        def busy(zone: str) -> int:
            return sum(1 for t in m.air_zones[zone].territories if t in combats)

        fly = min(options, key=lambda o: (-busy(o.zone), o.zone != M.air_zone_of(m, a.place), o.zone, o.land))
        if busy(fly.zone) == 0:
            continue
        group: list[Wish] = [fly]
        if leader is not None and not any(t in attacked for t in m.air_zones[fly.zone].territories):
            inside = set(m.air_zones[fly.zone].territories)
            # Only a zone it holds nothing of: damage is the zone's, whoever holds it (G-X5).
            enemy = [
                z.id for z in m.zones.values() if inside & set(z.lands) and all(board.owner(t) != seat for t in z.lands)
            ]
            if leader:
                # Damage hurts the country bombed, and helps every other as much as the bomber:
                # in a table of six a style may keep it for the one running away.
                enemy = [z for z in enemy if any(board.owner(t) == leader for t in m.zones[z].lands)]
            if enemy:
                target = max(sorted(enemy), key=lambda z: values.get(z, 0))
                group += [Bomb(seat, fly.zone, target)] * a.count
        groups.append(group)
    return groups


def _fleet_groups(m: GameMap, board: Board, seat: str, seats: Sequence[str]) -> list[list[Wish]]:
    groups: list[list[Wish]] = []
    sheet = default_sheet(m, board, seat)
    for f in sheet.fleets:
        mine = fleet_power(f.light, f.heavy)
        sails = [o for o in order_options(m, board, seat, sheet, seats, f.place) if isinstance(o, Sail) and o.to]
        for to in [f.place] + sorted(s.to for s in sails if s.to in m.seas):
            theirs = [fleet_power(board.at(to, o).light, board.at(to, o).heavy) for o in seats if o != seat]
            enemy = max(theirs, default=0)
            if 0 < enemy < mine:
                group: list[Wish] = [] if to == f.place else [Sail(seat, f.place, to)]
                groups.append([*group, FleetStance(seat, f.place, ENGAGE)])
                break
    return groups


def _expand(m: GameMap, board: Board, sheet: OrderSheet, wish: Wish) -> list[Intent] | None:
    """The next line for a wish (None when it is done)."""
    if not isinstance(wish, tuple):
        return [wish]
    how, frm, to, kind, count = wish
    left = getattr(stayers(m, board, sheet, frm), kind)
    n = min(count, left)
    if n <= 0:
        return None
    make = March if how == "march" else Rail
    return [make(sheet.seat, frm, to, kind, left if n == left else 1)]


def _simulate(
    m: GameMap, board: Board, seat: str, seats: Sequence[str], groups: list[list[Wish]]
) -> tuple[tuple[Intent, ...], tuple[OrderSheet, ...]]:
    """Write the groups on the default sheet, keeping each group only if every line of it
    is on offer when written and the sheet stays clean after it."""
    sheet = default_sheet(m, board, seat)
    lines: list[Intent] = []
    sheets: list[OrderSheet] = []
    for group in groups:
        start = sheet
        mine: list[Intent] = []
        before: list[OrderSheet] = []
        ok = True
        for wish in group:
            budget = wish[4] if isinstance(wish, tuple) else 1
            for _ in range(min(budget, 40)):
                step = _expand(m, board, sheet, wish)
                if not step:
                    break
                line = step[0]
                if line not in order_options(m, board, seat, sheet, seats, place_of(line)):
                    ok = False
                    break
                before.append(sheet)
                mine.append(line)
                sheet = write(m, board, sheet, line)
                if not isinstance(wish, tuple) or not isinstance(line, March | Rail) or line.count >= wish[4]:
                    break
                wish = (wish[0], wish[1], wish[2], wish[3], wish[4] - 1)
            if not ok:
                break
        if ok and mine and not check_orders(m, board, seat, sheet):
            lines += mine
            sheets += before
        else:
            sheet = start
    sheets.append(sheet)
    return tuple(lines), tuple(sheets)
