"""The season's sea phase over the whole board: every sea combat and port attack, the fleets
and cargo where they end, what the landings really put ashore, attack shipping and its
tokens, and the flak sea cards deal to aircraft (seed L260, L269-L318, L376; readings in
``rules/grand-game/air-sea.md``, "The season's air and sea pipeline").

:func:`resolve_sea` runs after the air phase (L144). For each sea territory where fleets of
two or more seats end their moves, or a seat sends tactical air alone (L260, L278), it builds
one :class:`~.sea_combat.SeaForce` per seat (its groups added up: light fleets carrying cargo
count as loaded, L275; the supplies aboard are what it may spend; air superiority and tactical
air from the air phase) and runs :func:`~.sea_combat.sea_combat`. Port attacks (L315) follow,
one attacking seat at a time. Fleets lost take their cargo with them (:mod:`.season_cargo`);
fleets that came through an attack-shipping order lay or follow up a token (L318).

Pure: the same board, moves, sheets and seed give the same result, and every draw is keyed by
the place, the pair and the side, so one sea's orders never move another's dice.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from hedgemony_tui.table.dice import Rng

from . import map as M
from .board import Board
from .economy import DamageRecord, Economy
from .interdiction import InterdictionToken, ShippingOrderError, attack_shipping, lapse
from .map_data import GameMap
from .movement import STAY, FleetThere, SeasonMoves
from .orders import Cargo, FleetOrder, OrderSheet
from .sea_combat import PATROL, SeaCombat, SeaForce, port_attack, sea_combat
from .sea_deck import HEAVY, LIGHT, LOADED
from .season_air import AirSeason
from .season_cargo import Hold, hold_of


@attrs.frozen
class SeaSeason:
    """The season's sea phase, as the rest of the season reads it."""

    combats: tuple[SeaCombat, ...]
    fleets: Mapping[tuple[str, str], tuple[int, int]]  # (place, seat) -> (light, heavy) at the season's end
    cargo: Mapping[tuple[str, str], Cargo]  # (place, seat) -> land units and supplies aboard at the end
    landings: Mapping[tuple[str, str], Cargo]  # (seat, the FleetOrder's place) -> what its unload puts ashore
    economy: Economy
    flak: Mapping[tuple[str, str], int]  # (seat, air zone) -> flak hits sea cards dealt to seat's aircraft
    interdiction: tuple[InterdictionToken, ...]
    lines: tuple[str, ...]
    damage: tuple[DamageRecord, ...] = ()
    spent_ashore: Mapping[tuple[str, str], int] = attrs.field(factory=dict)  # (port, seat) -> supplies spent there


def _air(air: AirSeason, zone: str, seat: str) -> tuple[int, int]:
    """The seat's superiority and tactical air in ``zone`` (G-R2: fixed for the season)."""
    held = air.superiority.get(zone)
    sup = held[1] if held is not None and held[0] == seat else 0
    return sup, min(sup, air.tactical.get((zone, seat), 0))


def _unloads(sheets: Mapping[str, OrderSheet]) -> dict[tuple[str, str], list[FleetOrder]]:
    """Each seat's fleet orders that put something ashore, by (seat, place)."""
    out: dict[tuple[str, str], list[FleetOrder]] = {}
    for seat, sheet in sheets.items():
        for f in sheet.fleets:
            if f.unload_to is not None and not f.unload.empty:
                out.setdefault((seat, f.place), []).append(f)
    return out


def _port_fleets(m: GameMap, board: Board, sheets: Mapping[str, OrderSheet]) -> list[tuple[str, FleetThere]]:
    """Fleets that end the season's moves in a port, not attacking (movement lists only
    those under attack): ordered into or kept in port, or given no order in a port."""
    out: list[tuple[str, FleetThere]] = []
    for seat in sorted(set(board.seats) | set(sheets)):
        sheet = sheets.get(seat, OrderSheet(seat))
        for f in sheet.fleets:
            if f.attack_port is None and f.end in m.lands:
                cargo = f.carry + f.load
                left = Cargo(
                    *(max(0, getattr(cargo, k) - getattr(f.unload, k)) for k in ("infantry", "armor", "supplies"))
                )
                out.append((f.end, FleetThere(seat, f.light, f.heavy, f.order, f.place, left, None)))
        for place in (p for p in board.places_of(seat) if p in m.lands):
            stack = board.at(place, seat)
            groups = [f for f in sheet.fleets if f.place == place]
            light = stack.light - sum(f.light for f in groups)
            heavy = stack.heavy - sum(f.heavy for f in groups)
            if max(light, heavy) > 0:
                out.append((place, FleetThere(seat, max(0, light), max(0, heavy), PATROL, place)))
    return out


@attrs.define
class _Acc:
    """Mutable tallies kept while the season's combats run (one record, one owner)."""

    fleets: dict[tuple[str, str], tuple[int, int]] = attrs.field(factory=dict)
    cargo: dict[tuple[str, str], Cargo] = attrs.field(factory=dict)
    landings: dict[tuple[str, str], Cargo] = attrs.field(factory=dict)
    flak: dict[tuple[str, str], int] = attrs.field(factory=dict)
    spent_ashore: dict[tuple[str, str], int] = attrs.field(factory=dict)
    survivors: dict[tuple[str, str], int] = attrs.field(factory=dict)  # (sea, seat) -> fleets left
    lines: list[str] = attrs.field(factory=list)

    def put(self, place: str, seat: str, light: int, heavy: int) -> None:
        if light + heavy <= 0:
            return
        old = self.fleets.get((place, seat), (0, 0))
        self.fleets[(place, seat)] = (old[0] + light, old[1] + heavy)

    def aboard(self, place: str, seat: str, cargo: Cargo) -> None:
        if not cargo.empty:
            self.cargo[(place, seat)] = self.cargo.get((place, seat), Cargo()) + cargo

    def tally_flak(self, combat: SeaCombat, zone: str) -> None:
        for seat, hits in combat.flak_on.items():
            if hits:
                self.flak[(seat, zone)] = self.flak.get((seat, zone), 0) + hits


def resolve_sea(
    m: GameMap,
    board: Board,
    moves: SeasonMoves,
    sheets: Mapping[str, OrderSheet],
    air: AirSeason,
    economy: Economy,
    tokens: tuple[InterdictionToken, ...],
    turn: int,
    season: str,
    winter: bool,
    rng: Rng,
) -> tuple[SeaSeason, Rng]:
    """Every sea combat and port attack of the season, and the fleets, cargo and economy after."""
    acc = _Acc()
    unloads = _unloads(sheets)
    combats: list[SeaCombat] = []
    seas = {meet.sea: list(meet.fleets) for meet in moves.seas}
    air_alone: dict[str, list[str]] = {}
    for (zone, seat), sea in sorted(air.sea_targets.items()):
        if sea in m.seas and M.air_zone_of(m, sea) == zone:
            air_alone.setdefault(sea, []).append(seat)
        else:
            acc.lines.append(f"{seat}: {sea} is not a sea under {zone}; its air power stays over land")
    for sea in sorted(set(seas) | set(air_alone)):
        zone = M.air_zone_of(m, sea)
        groups = seas.get(sea, [])
        holds = {
            seat: hold_of([g for g in groups if g.seat == seat], unloads, sea)
            for seat in sorted({g.seat for g in groups})
        }
        forces = []
        holds = {seat: hold for seat, hold in holds.items() if hold.light + hold.heavy}
        for seat, hold in holds.items():
            sup, tac = _air(air, zone, seat)
            forces.append(
                SeaForce(seat, hold.light - hold.loaded, hold.loaded, hold.heavy, hold.supplies, hold.order, sup, tac)
            )
        for seat in air_alone.get(sea, []):
            if seat not in holds:
                sup, tac = _air(air, zone, seat)
                forces.append(SeaForce(seat, superiority=sup, tactical=tac))
        if len(forces) < 2:
            for seat, hold in holds.items():
                _keep(acc, sea, seat, hold, None, 0)
            continue
        combat, rng = sea_combat(sea, forces, rng, turn, winter)
        combats.append(combat)
        acc.lines += [f"{season}, sea combat in {sea}:", *combat.lines()]
        acc.tally_flak(combat, zone)
        for seat, hold in holds.items():
            _keep(acc, sea, seat, hold, combat.remaining[seat], combat.supplies_used.get(seat, 0))
    port_groups = _port_fleets(m, board, sheets)
    attacked = {attack.port for attack in moves.ports}
    for port, there in port_groups:
        acc.aboard(port, there.seat, there.cargo)  # in a port the cargo stands ashore: no ship takes it down
        if not (port in attacked and there.seat == board.owner(port)):
            acc.put(port, there.seat, there.light, there.heavy)
    defenders: dict[str, Hold] = {}
    for attack in moves.ports:
        owner = attack.owner
        for seat in sorted({a.seat for a in attack.attackers if owner is None or a.seat == owner}):
            # Not a hostile port (nobody's, or the seat's own): the group stays on the sea.
            acc.lines.append(f"{seat}: the port of {attack.port} is not hostile; its fleets stay in {attack.from_sea}")
            _keep(acc, attack.from_sea, seat, hold_of([a for a in attack.attackers if a.seat == seat], {}), None, 0)
        if owner is None:
            continue
        zone = M.air_zone_of(m, attack.port)
        if attack.port not in defenders:
            ashore = sum(f.supplies for p, f in moves.forces if p == attack.port and f.seat == owner and f.by == STAY)
            mine = [there for p, there in port_groups if p == attack.port and there.seat == owner]
            base = hold_of(mine, {})
            defenders[attack.port] = attrs.evolve(base, supplies=ashore, loaded=0)
        for seat in sorted({a.seat for a in attack.attackers} - {owner}):
            hold = hold_of([a for a in attack.attackers if a.seat == seat], {})
            defence = defenders[attack.port]
            if hold.light + hold.heavy == 0:
                continue
            if defence.light + defence.heavy == 0:
                acc.lines.append(f"{seat} attacks the port of {attack.port}: no fleet is there, nothing to fight")
                _keep(acc, attack.from_sea, seat, hold, None, 0)
                continue
            sup, tac = _air(air, zone, seat)
            dsup, dtac = _air(air, zone, owner)
            a = SeaForce(seat, hold.light - hold.loaded, hold.loaded, hold.heavy, hold.supplies, hold.order, sup, tac)
            d = SeaForce(owner, defence.light, 0, defence.heavy, defence.supplies, PATROL, dsup, dtac)
            combat, rng = port_attack(attack.port, attack.from_sea, a, d, rng, turn, winter)
            combats.append(combat)
            acc.lines += [f"{season}, attack on the port of {attack.port}:", *combat.lines()]
            acc.tally_flak(combat, zone)
            _keep(acc, attack.from_sea, seat, hold, combat.remaining[seat], combat.supplies_used.get(seat, 0))
            left = combat.remaining[owner]
            spent = min(defence.supplies, combat.supplies_used.get(owner, 0))
            if spent:
                acc.spent_ashore[(attack.port, owner)] = acc.spent_ashore.get((attack.port, owner), 0) + spent
            defenders[attack.port] = attrs.evolve(
                defence, light=left[LIGHT] + left[LOADED], heavy=left[HEAVY], supplies=defence.supplies - spent
            )
    for port, defence in defenders.items():
        owner = board.owner(port)
        if owner is not None:
            acc.put(port, owner, defence.light, defence.heavy)
    # Unloads into a port are made after the fleet has entered it: no sea fight cuts them, but
    # they share the landing key (seat, sea) with any group unloading across the coast there.
    for (seat, place), group in unloads.items():
        if (seat, place) in acc.landings:
            for f in group:
                if f.end in m.lands:
                    acc.landings[(seat, place)] = acc.landings[(seat, place)] + f.unload
    economy, damage, standing = _shipping(m, board, moves, acc, economy, tokens, turn)
    result = SeaSeason(
        tuple(combats),
        dict(sorted(acc.fleets.items())),
        dict(sorted(acc.cargo.items())),
        dict(sorted(acc.landings.items())),
        economy,
        dict(sorted(acc.flak.items())),
        standing,
        tuple(acc.lines),
        damage,
        dict(sorted(acc.spent_ashore.items())),
    )
    return result, rng


def _keep(acc: _Acc, place: str, seat: str, hold: Hold, left: Mapping[str, int] | None, spent: int) -> None:
    """Record a seat's fleets in ``place`` after its fight (or none), and its cargo and landings
    cut to what the surviving ships still carry."""
    if left is None:
        light, heavy, loaded = hold.light, hold.heavy, hold.loaded
    else:
        light, heavy, loaded = left[LIGHT] + left[LOADED], left[HEAVY], left[LOADED]
    acc.put(place, seat, light, heavy)
    acc.survivors[(place, seat)] = acc.survivors.get((place, seat), 0) + light + heavy
    staying, ashore, notes = hold.after(loaded, heavy, spent, fought=left is not None)
    acc.lines += [f"{seat} in {place}: {note}" for note in notes]
    acc.aboard(place, seat, staying)
    for key, cargo in ashore.items():
        acc.landings[key] = acc.landings.get(key, Cargo()) + cargo


def _enemy_coast(m: GameMap, board: Board, sea: str, seat: str) -> frozenset[str]:
    """Economic zones beside ``sea`` that are not wholly the seat's (L318's enemy coast)."""
    coast = set(M.land_neighbours(m, sea)) | {t for t in m.next_of(sea) if t in m.lands}
    return frozenset(
        z.id for z in m.zones.values() if coast & set(z.lands) and not all(board.owner(t) == seat for t in z.lands)
    )


def _shipping(
    m: GameMap,
    board: Board,
    moves: SeasonMoves,
    acc: _Acc,
    economy: Economy,
    tokens: tuple[InterdictionToken, ...],
    turn: int,
) -> tuple[Economy, tuple[DamageRecord, ...], tuple[InterdictionToken, ...]]:
    """L318: each seat with an attack-shipping order on a sea lays or follows up its token if a
    fleet of it is still there after the combats; tokens not followed up lapse."""
    on_sea = {t.sea: t for t in tokens}
    orders: dict[tuple[str, str], str] = {}
    for meet in moves.seas:
        for there in meet.fleets:
            if there.shipping is not None:
                orders.setdefault((meet.sea, there.seat), there.shipping)
    damage: list[DamageRecord] = []
    raided: set[str] = set()
    for (sea, seat), target in sorted(orders.items()):
        raided.add(sea)
        survived = acc.survivors.get((sea, seat), 0) > 0
        try:
            result = attack_shipping(
                on_sea.get(sea), sea, seat, target, _enemy_coast(m, board, sea, seat), survived, turn
            )
        except ShippingOrderError as error:
            acc.lines.append(str(error))
            continue
        acc.lines.append(result.note)
        if result.token is None:
            on_sea.pop(sea, None)
        else:
            on_sea[sea] = result.token
        if result.damaged is not None and result.damaged in economy.values:
            economy, record = economy.damaged(result.damaged, result.damage, f"attack shipping by {seat} in {sea}")
            damage.append(record)
            acc.lines.append(record.describe({z.id: z.name for z in m.zones.values()}))
    # A token lives until the end of the phase after the one it was laid in: keep those the
    # next season may still follow up.
    standing = []
    for sea, token in sorted(on_sea.items()):
        kept = lapse(token, turn + 1)
        if kept is not None:
            standing.append(kept)
        elif sea not in raided:
            acc.lines.append(f"{sea}: {token.side}'s interdiction token was not followed up and lapses (L318)")
    return economy, tuple(damage), tuple(standing)
