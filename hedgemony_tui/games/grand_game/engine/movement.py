"""Carrying out every seat's orders for one season: rail first, then steps, landings and sailing.

:func:`rail_moves` resolves the rail moves of all seats before anything else (L336) on the
board as the season begins, so a line cut this season still carries them; a move whose
permissions do not cover the whole way stops at the last territory its seat holds (L342), and
aircraft sent by rail arrive crated and do not fight (L345). :func:`season_moves` then adds the
one-step land moves, the landings from ships and the fleets' sailing, and says what meets
where: for each land territory the forces there with their role (the defender is the holder or
a seat standing there by the holder's written leave, L351) and orders, which is the list of
land combats the resolver will run; for each sea territory the fleets in it; and each attack
on a port (L315). Nothing here fights: combat belongs to the land, air and sea resolvers.

Everything is a pure function of the map, the board and the sheets: the same input gives the
same result, whatever order the sheets come in. Readings are in ``rules/grand-game/orders.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import attrs

from . import map as M
from .board import Board
from .counts import counted
from .map_data import GameMap
from .orders import ADVANCE, CANAL, PRESENCE, RAIL, Cargo, FleetOrder, LandMove, OrderSheet, Permission
from .orders_words import name

DEFENDER, ATTACKER = "defender", "attacker"
STAY, STEP, BY_RAIL, BY_SEA = "stay", "step", "rail", "sea"
SHORE = "shore"


@attrs.frozen
class RailTrip:
    """One rail move as carried out: where it was ordered to and where it stopped, and why."""

    seat: str
    start: str
    ordered_to: str
    stop: str
    move: LandMove
    reason: str = ""  # empty when the move arrived

    @property
    def arrived(self) -> bool:
        return self.stop == self.ordered_to


@attrs.frozen
class Force:
    """One seat's units in a land territory after the moves, and how they got there.

    ``crossing`` is what the part crossed to arrive (river, canal or shore; None over open
    ground or for those who stayed): the attacker draws that part's cards at its own rate
    (L327). ``aircraft`` are crated ones that came by rail and may not fight (L345)."""

    seat: str
    role: str
    by: str
    came_from: str
    order: str
    infantry: int = 0
    armor: int = 0
    supplies: int = 0
    aircraft: int = 0
    crossing: str | None = None
    retreat: str | None = None

    @property
    def land_units(self) -> int:
        return self.infantry + self.armor


@attrs.frozen
class LandMeeting:
    """The forces in one land territory where some seat arrives or stands as an attacker."""

    territory: str
    owner: str | None
    forces: tuple[Force, ...]

    @property
    def attackers(self) -> tuple[Force, ...]:
        return tuple(f for f in self.forces if f.role == ATTACKER)

    @property
    def defenders(self) -> tuple[Force, ...]:
        return tuple(f for f in self.forces if f.role == DEFENDER)

    @property
    def attacking_seats(self) -> tuple[str, ...]:
        return tuple(sorted({f.seat for f in self.attackers}))

    @property
    def contested(self) -> bool:
        """A battle: attackers with land units meet defending land units, or each other."""
        if not any(f.land_units for f in self.attackers):
            return False
        return any(f.land_units for f in self.defenders) or len(self.attacking_seats) > 1


@attrs.frozen
class FleetThere:
    """One group of a seat's fleets where it ends the season's moves."""

    seat: str
    light: int
    heavy: int
    order: str
    came_from: str
    cargo: Cargo = Cargo()
    shipping: str | None = None


@attrs.frozen
class SeaMeeting:
    sea: str
    fleets: tuple[FleetThere, ...]

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(sorted({f.seat for f in self.fleets}))


@attrs.frozen
class PortAttack:
    """Fleets attacking a hostile port from the sea beside it (L315), and the port's fleets."""

    port: str
    owner: str | None
    from_sea: str
    attackers: tuple[FleetThere, ...]
    defenders: tuple[FleetThere, ...]


@attrs.frozen
class SeasonMoves:
    rail: tuple[RailTrip, ...]
    land: tuple[LandMeeting, ...]
    seas: tuple[SeaMeeting, ...]
    ports: tuple[PortAttack, ...]
    notes: tuple[str, ...]  # what did not go as written, in the players' words
    forces: tuple[tuple[str, Force], ...] = ()  # every land force where it ends the moves, met or not

    @property
    def combats(self) -> tuple[LandMeeting, ...]:
        return tuple(meet for meet in self.land if meet.contested)


# -- permissions --------------------------------------------------------------------------


def _granted(sheets: Iterable[OrderSheet]) -> list[tuple[str, Permission]]:
    """Every permission on the sheets, with its writer, in a fixed order."""
    return [(s.seat, p) for s in sorted(sheets, key=lambda s: s.seat) for p in s.permissions]


def _leave(
    granted: Sequence[tuple[str, Permission]], kind: str, writer: str | None, seat: str, territory: str
) -> list[int]:
    """Indexes of the permissions of ``kind`` that ``writer`` gave ``seat`` over ``territory``."""
    return [
        i
        for i, (w, p) in enumerate(granted)
        if w == writer and p.kind == kind and p.grantee == seat and p.covers(territory)
    ]


def _present_by_leave(
    granted: Sequence[tuple[str, Permission]], board: Board, seat: str, land: str, units: int
) -> bool:
    """L351: ``seat`` defends ``land`` with the holder's written leave, which must allow all
    of its ``units`` there (a limit too small covers none of them, as L342 has it for rail)."""
    owner = board.owner(land)
    limits = [granted[i][1].units for i in _leave(granted, PRESENCE, owner, seat, land)]
    return any(limit is None or limit >= units for limit in limits)


# -- rail ---------------------------------------------------------------------------------


def rail_moves(m: GameMap, board: Board, sheets: Iterable[OrderSheet]) -> tuple[RailTrip, ...]:
    """Every seat's rail moves, resolved on the board as the season begins (L336)."""
    sheets = sorted(sheets, key=lambda s: s.seat)
    granted = _granted(sheets)
    room = {i: p.units for i, (_, p) in enumerate(granted)}  # units each permission still allows
    trips = []
    for sheet in sheets:
        held = board.held_by(sheet.seat)
        for entry in sheet.land:
            for move in (mv for mv in entry.moves if mv.by_rail):
                trips.append(_one_trip(m, board, sheet.seat, entry.territory, move, held, granted, room))
    return tuple(trips)


def _one_trip(
    m: GameMap,
    board: Board,
    seat: str,
    start: str,
    move: LandMove,
    held: frozenset[str],
    granted: Sequence[tuple[str, Permission]],
    room: dict[int, int | None],
) -> RailTrip:
    route = (start, *move.rail)
    chosen: set[int] = set()
    for t in move.rail:
        if t in held:
            continue
        fits = [
            i for i in _leave(granted, RAIL, board.owner(t), seat, t) if room[i] is None or (room[i] or 0) >= move.units
        ]
        if not fits:
            # L342: a permission that does not take the whole order lets none of it through;
            # the units go as far as the territories the seat holds carry them.
            stop = M.rail_stop(m, route, held)
            some = _leave(granted, RAIL, board.owner(t), seat, t)
            why = (
                f"the permission over {name(m, t)} does not allow {counted(move.units, 'unit')}"
                if some
                else f"{name(m, t)} is not yours and no permission covers it"
            )
            return RailTrip(seat, start, move.to, stop, move, f"{why}: the move stops at {name(m, stop)}")
        chosen.add(fits[0])
    stop = M.rail_stop(m, route, held | set(move.rail))
    for i in chosen:
        if room[i] is not None:
            room[i] = (room[i] or 0) - move.units
    reason = "" if stop == move.to else f"the route leaves the railway: the move stops at {name(m, stop)}"
    return RailTrip(seat, start, move.to, stop, move, reason)


# -- the whole season's moves -------------------------------------------------------------


def season_moves(m: GameMap, board: Board, sheets: Iterable[OrderSheet]) -> SeasonMoves:
    """What meets where once every seat's orders have moved its units (no combat).

    The sheets are meant to have passed ``check_orders``; an unchecked one does not stop the
    season (its counts are taken as written), and a seat with no sheet stays where it is."""
    given = {s.seat: s for s in sheets}
    # A seat with no sheet still has its units on the map: they stay, on Defend.
    sheets = [given.get(seat, OrderSheet(seat)) for seat in sorted(set(board.seats) | set(given))]
    granted = _granted(sheets)
    trips = rail_moves(m, board, sheets)
    forces: list[tuple[str, Force]] = []
    notes = [f"{t.seat}: {t.reason}" for t in trips if t.reason]

    def role(seat: str, land: str, units: int) -> str:
        if board.owner(land) == seat or _present_by_leave(granted, board, seat, land, units):
            return DEFENDER
        return ATTACKER

    for sheet in sheets:
        seat = sheet.seat
        for land in (p for p in board.places_of(seat) if p in m.lands):
            stays = _stayers(board, sheet, land)
            if stays.units + stays.supplies:
                entry = sheet.land_at(land)
                r = role(seat, land, stays.units)
                # Units standing without leave on another's territory fight as attackers (orders.md).
                order = entry.stance if r == DEFENDER else ADVANCE
                forces.append(
                    (
                        land,
                        Force(
                            seat,
                            r,
                            STAY,
                            land,
                            order,
                            stays.infantry,
                            stays.armor,
                            stays.supplies,
                            retreat=entry.retreat,
                        ),
                    )
                )
            for move in sheet.land_at(land).moves:
                if move.by_rail:
                    continue
                r = role(seat, move.to, move.infantry + move.armor)
                forces.append((move.to, _arrival(seat, r, STEP, land, move, M.crossing(m, land, move.to))))
        for trip in (t for t in trips if t.seat == seat):
            r = role(seat, trip.stop, trip.move.infantry + trip.move.armor)
            arrival = attrs.evolve(_arrival(seat, r, BY_RAIL, trip.start, trip.move, None), aircraft=trip.move.aircraft)
            forces.append((trip.stop, arrival))
        for f in sheet.fleets:
            if f.unload_to is not None and not f.unload.empty:
                landing = LandMove(
                    f.unload_to,
                    f.landing,
                    f.unload.infantry,
                    f.unload.armor,
                    f.unload.supplies,
                    retreat=f.landing_retreat,
                )
                r = role(seat, f.unload_to, f.unload.units)
                forces.append((f.unload_to, _arrival(seat, r, BY_SEA, f.place, landing, SHORE)))
    meetings = _meetings(board, forces)
    seas, ports, sea_notes = _sail(m, board, sheets, granted)
    return SeasonMoves(trips, meetings, seas, ports, tuple(notes + sea_notes), tuple(forces))


def _arrival(seat: str, role: str, by: str, came_from: str, move: LandMove, crossing: str | None) -> Force:
    return Force(
        seat, role, by, came_from, move.order, move.infantry, move.armor, move.supplies,
        crossing=crossing, retreat=move.retreat,
    )  # fmt: skip


def _stayers(board: Board, sheet: OrderSheet, land: str) -> Cargo:
    """The seat's land units and supplies left in ``land`` after its moves and loadings."""
    stack = board.at(land, sheet.seat)
    moves = sheet.land_at(land).moves
    loads = [f.load for f in sheet.fleets if f.load_from == land]

    def left(kind: str) -> int:
        gone: int = sum(getattr(mv, kind) for mv in moves) + sum(getattr(c, kind) for c in loads)
        have: int = getattr(stack, kind)
        return max(0, have - gone)

    return Cargo(left("infantry"), left("armor"), left("supplies"))


def _meetings(board: Board, forces: list[tuple[str, Force]]) -> tuple[LandMeeting, ...]:
    by_place: dict[str, list[Force]] = {}
    for place, force in forces:
        by_place.setdefault(place, []).append(force)
    out = []
    for place in sorted(by_place):
        here = tuple(sorted(by_place[place], key=lambda f: (f.role != DEFENDER, f.seat, f.by, f.came_from)))
        if any(f.role == ATTACKER for f in here):
            out.append(LandMeeting(place, board.owner(place), here))
    return tuple(out)


# -- sea ----------------------------------------------------------------------------------


def _sail(
    m: GameMap, board: Board, sheets: Sequence[OrderSheet], granted: Sequence[tuple[str, Permission]]
) -> tuple[tuple[SeaMeeting, ...], tuple[PortAttack, ...], list[str]]:
    at_sea: dict[str, list[FleetThere]] = {}
    in_port: dict[str, list[FleetThere]] = {}
    attacks: dict[tuple[str, str], list[FleetThere]] = {}
    notes = []
    for sheet in sheets:
        for f in (*sheet.fleets, *_unordered_fleets(m, board, sheet)):
            end = f.end
            closed = _closed_canal(m, board, sheet.seat, f, granted)
            if closed:
                notes.append(
                    f"{sheet.seat}: the {closed} is not open to it, so its fleet stays in {name(m, f.place)} (L113)"
                )
                end = f.place
            cargo = f.carry + f.load
            cargo = Cargo(*(getattr(cargo, k) - getattr(f.unload, k) for k in ("infantry", "armor", "supplies")))
            there = FleetThere(sheet.seat, f.light, f.heavy, f.order, f.place, cargo, f.shipping)
            if f.attack_port is not None:
                attacks.setdefault((f.attack_port, f.place), []).append(there)
            elif end in m.seas:
                at_sea.setdefault(end, []).append(there)
            else:
                in_port.setdefault(end, []).append(there)
    seas = tuple(SeaMeeting(s, tuple(sorted(at_sea[s], key=_fleet_key))) for s in sorted(at_sea))
    ports = tuple(
        PortAttack(
            port,
            board.owner(port),
            sea,
            tuple(sorted(group, key=_fleet_key)),
            tuple(sorted((f for f in in_port.get(port, []) if f.seat == board.owner(port)), key=_fleet_key)),
        )
        for (port, sea), group in sorted(attacks.items())
    )
    return seas, ports, notes


def _unordered_fleets(m: GameMap, board: Board, sheet: OrderSheet) -> list[FleetOrder]:
    """Fleets the sheet gives no order (a seat that wrote none, or an unchecked sheet): they
    stay where they are, on Patrol, with whatever no ordered group carries (orders.md)."""
    out = []
    for place in board.places_of(sheet.seat):
        stack = board.at(place, sheet.seat)
        groups = [f for f in sheet.fleets if f.place == place]
        light = stack.light - sum(f.light for f in groups)
        heavy = stack.heavy - sum(f.heavy for f in groups)
        if max(light, heavy) <= 0:
            continue
        aboard = Cargo(stack.infantry, stack.armor, stack.supplies) if place in m.seas else Cargo()
        carried = Cargo(*(sum(getattr(f.carry, k) for f in groups) for k in ("infantry", "armor", "supplies")))
        left = Cargo(*(max(0, getattr(aboard, k) - getattr(carried, k)) for k in ("infantry", "armor", "supplies")))
        out.append(FleetOrder(place, max(0, light), max(0, heavy), carry=left))
    return out


def _fleet_key(f: FleetThere) -> tuple[str, str, int, int]:
    return (f.seat, f.came_from, f.light, f.heavy)


def _closed_canal(m: GameMap, board: Board, seat: str, f: FleetOrder, granted: Sequence[tuple[str, Permission]]) -> str:
    """The name of the canal a sea move needs and may not pass (L113), or ""."""
    if f.to is None or f.place not in m.seas or f.to not in m.seas or f.to in M.sea_neighbours(m, f.place):
        return ""
    for canal in m.canals:
        if {f.place, f.to} == set(canal.seas):
            leave = {
                w for w, p in granted if p.kind == CANAL and p.grantee == seat and any(p.covers(b) for b in canal.banks)
            }
            return "" if M.canal_open(m, canal, seat, _owners(board), leave) else canal.name
    return ""


def _owners(board: Board) -> Mapping[str, str | None]:
    return board.owners
