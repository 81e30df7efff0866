"""The season's ground combat over the whole board, and where every land unit ends the season
(seed L159-L196, L327, L351-L376; readings in ``rules/grand-game/README.md``, "The season").

:func:`resolve_land` takes what :func:`.movement.season_moves` says meets where, cuts landings
from the sea to what the sea phase let ashore, gives each side in a land territory one
:class:`~.land_forces.LandForce` (all its parts added up, those crossing a river, canal or
shore kept apart, L327; its air superiority and tactical air from the air phase, L251) and
runs :func:`.land_combat.multiway_land_combat` where any attacker stands. Survivors occupy,
retreat or fall back as their order says (``land_outcome``); territories change hands.

Readings taken here (the seed is silent):
- An attacking seat's parts coming from several places fight as one side; the order of its
  largest part is the side's order, and its retreat the first part's that names one.
- A seat standing in a territory by the holder's leave (L351) does not fight there: the
  table's land combat gives defensive orders to the holder only. If the holder loses, its
  guests go back where they came from.
- Units that land from the sea, lose and name no retreat are lost: there is no ship to take
  them back in the middle of the season.
- A supply arriving without a land unit fights no one; it stays if its seat holds the
  territory at the end, and is lost otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from hedgemony_tui.table.dice import Rng

from . import map as M
from .counts import counted, is_are
from .land_combat import LandCombat, multiway_land_combat
from .land_forces import DEFEND, Crossing, LandForce, Terrain
from .land_outcome import SideOutcome
from .map_data import GameMap
from .movement import ATTACKER, BY_SEA, STAY, Force, SeasonMoves
from .orders import Cargo


@attrs.frozen
class LandSeason:
    """The ground phase: every combat, the land units and supplies where they end, the new
    owners, the flak tallied against each seat's aircraft, and the phase in words."""

    combats: tuple[LandCombat, ...]
    land: Mapping[tuple[str, str], Cargo]  # (land territory, seat) -> infantry, armor, supplies at the end
    owners: Mapping[str, str | None]
    flak: Mapping[tuple[str, str], int]  # (seat, air zone) -> flak hits against its aircraft
    lines: tuple[str, ...]


def _cut_landing(force: Force, landings: Mapping[tuple[str, str], Cargo]) -> Force:
    """A landing force as the sea phase let it ashore (fleets sunk on the way take their cargo)."""
    if force.by != BY_SEA:
        return force
    got = landings.get((force.seat, force.came_from))
    if got is None:
        return force
    return attrs.evolve(
        force,
        infantry=min(force.infantry, got.infantry),
        armor=min(force.armor, got.armor),
        supplies=min(force.supplies, got.supplies),
    )


def _spend(force: Force, place: str, spent: Mapping[tuple[str, str], int]) -> Force:
    """A force that stayed in a port, less the supplies the sea phase spent defending it."""
    used = spent.get((place, force.seat), 0)
    if not used or force.by != STAY:
        return force
    return attrs.evolve(force, supplies=max(0, force.supplies - used))


def _side(
    seat: str,
    parts: list[Force],
    defending: bool,
    zone: str,
    superiority: Mapping[str, tuple[str, int]],
    tactical: Mapping[tuple[str, str], int],
) -> LandForce:
    held = superiority.get(zone)
    sup = held[1] if held and held[0] == seat else 0
    tac = min(sup, tactical.get((zone, seat), 0))
    supplies = sum(p.supplies for p in parts)
    if defending:
        stay = next((p for p in parts if p.by == STAY), None)
        order = stay.order if stay is not None else DEFEND
        retreat = stay.retreat if stay is not None else None
        return LandForce(
            seat,
            order,
            sum(p.infantry for p in parts),
            sum(p.armor for p in parts),
            supplies,
            superiority=sup,
            tactical=tac,
            retreat=None if order == "hold" else retreat,
        )
    fighting = [p for p in parts if p.land_units]
    lead = max(fighting, key=lambda p: p.land_units)
    crossings: dict[str, list[int]] = {}
    plain = [0, 0]
    for p in fighting:
        if p.crossing:
            got = crossings.setdefault(p.crossing, [0, 0])
            got[0] += p.infantry
            got[1] += p.armor
        else:
            plain[0] += p.infantry
            plain[1] += p.armor
    retreat = next((p.retreat for p in fighting if p.retreat), None)
    return LandForce(
        seat,
        lead.order,
        plain[0],
        plain[1],
        supplies,
        crossing=tuple(Crossing(ob, inf, arm) for ob, (inf, arm) in sorted(crossings.items())),
        superiority=sup,
        tactical=tac,
        retreat=retreat,
    )


side_force = _side
"""A seat's one force in a territory from its parts, as the resolver adds them up (public so
the order sheet's odds are worked out from the same sum, never a copy of it)."""


def _add(land: dict[tuple[str, str], Cargo], place: str, seat: str, cargo: Cargo) -> None:
    if cargo.empty:
        return
    land[(place, seat)] = land.get((place, seat), Cargo()) + cargo


def resolve_land(
    m: GameMap,
    owners: Mapping[str, str | None],
    moves: SeasonMoves,
    landings: Mapping[tuple[str, str], Cargo],
    superiority: Mapping[str, tuple[str, int]],
    tactical: Mapping[tuple[str, str], int],
    turn: int,
    winter: bool,
    rng: Rng,
    spent_ashore: Mapping[tuple[str, str], int] | None = None,
    when: str = "",
) -> tuple[LandSeason, Rng]:
    """The ground phase. ``spent_ashore`` is what a port's defender spent of the supplies
    standing in the port to fight a port attack in the sea phase ((port, seat) -> supplies);
    ``when``: the season in words, for the reports."""
    forces = [(place, _spend(_cut_landing(f, landings), place, spent_ashore or {})) for place, f in moves.forces]
    by_place: dict[str, list[Force]] = {}
    for place, force in forces:
        by_place.setdefault(place, []).append(force)
    land: dict[tuple[str, str], Cargo] = {}
    new_owners = dict(owners)
    flak: dict[tuple[str, str], int] = {}
    combats: list[LandCombat] = []
    lines: list[str] = []
    for place in sorted(by_place):
        here = by_place[place]
        holder = owners.get(place)
        if not any(f.role == ATTACKER and f.land_units for f in here):
            for f in here:
                if f.role == ATTACKER and holder != f.seat:
                    lines.append(
                        f"{f.seat}: {counted(f.supplies, 'supply', 'supplies')} sent into {place} alone "
                        f"{is_are(f.supplies)} "
                        "lost (no unit goes with them)"
                    )
                    continue
                _add(land, place, f.seat, Cargo(f.infantry, f.armor, f.supplies))
            continue
        zone = M.air_zone_of(m, place)
        seats: dict[str, list[Force]] = {}
        for f in here:
            seats.setdefault(f.seat, []).append(f)
        guests = [f for f in here if f.role != ATTACKER and f.seat != holder]
        sides: list[LandForce] = []
        loose: list[Force] = []  # attacking parts with no land unit: supplies alone
        for seat, parts in sorted(seats.items()):
            if seat == holder:
                sides.append(_side(seat, parts, True, zone, superiority, tactical))
            elif any(p.role == ATTACKER for p in parts):
                attackers = [p for p in parts if p.role == ATTACKER]
                if any(p.land_units for p in attackers):
                    sides.append(_side(seat, attackers, False, zone, superiority, tactical))
                else:
                    loose += attackers
        if holder is not None and holder not in seats:
            sides.append(LandForce(holder, DEFEND))
        defender = holder if holder is not None else None
        terrain = Terrain(
            city=bool(m.lands[place].city),
            port=m.lands[place].city == "port",
            mountain=m.lands[place].mountain,
            winter=winter,
        )
        combat, rng = multiway_land_combat(place, sides, defender, terrain, rng, turn)
        combats.append(combat)
        said = list(combat.lines(when))
        for side in sides:
            parts = [p for p in seats.get(side.side, []) if p.land_units]
            beached = (
                not side.defending
                and side.retreat is None
                and parts
                and max(parts, key=lambda p: p.land_units).by == BY_SEA
            )
            if beached:
                # Landed from the sea with no retreat named: no way back (the reading above).
                said = [
                    line.replace(
                        "survivors fall back to where they attacked from",
                        "with no ship to take them back, the survivors are lost",
                    )
                    if line.startswith(f"{side.side}:")
                    else line
                    for line in said
                ]
        lines += said
        occupant = combat.occupant
        if occupant is not None:
            new_owners[place] = occupant
        for side in sides:
            out = combat.outcomes[side.side]
            parts = seats.get(side.side, [])
            if side.side == occupant:
                kept = _split(out, side)
                _add(land, place, side.side, Cargo(kept[0], kept[1], out.supplies_kept))
                continue
            if not out.survivors:
                continue
            kept = _split(out, side)
            back = out.retreat_to
            if back is None and not side.defending:
                lead = max((p for p in parts if p.land_units), key=lambda p: p.land_units)
                back = None if lead.by == BY_SEA else lead.came_from
            if back is not None:
                _add(land, back, side.side, Cargo(kept[0], kept[1], out.supplies_retreating))
        for side in sides:
            for seat, hits in ((side.side, combat.flak_on(side.side)),):
                if hits:
                    flak[(seat, zone)] = flak.get((seat, zone), 0) + hits
        for f in loose:
            if occupant == f.seat:
                _add(land, place, f.seat, Cargo(0, 0, f.supplies))
            else:
                lines.append(
                    f"{f.seat}: {counted(f.supplies, 'supply', 'supplies')} sent into {place} without units "
                    f"{is_are(f.supplies)} lost"
                )
        for g in guests:
            if occupant == holder:
                _add(land, place, g.seat, Cargo(g.infantry, g.armor, g.supplies))
            else:
                _add(land, g.came_from, g.seat, Cargo(g.infantry, g.armor, g.supplies))
                lines.append(f"{g.seat}: its units staying in {place} by leave go back to {g.came_from}")
    # Units that fell back to a territory lost this season go down with it.
    for (place, seat), cargo in list(land.items()):
        if place in m.lands and new_owners.get(place) not in (seat, None) and not _allowed(forces, place, seat):
            del land[(place, seat)]
            lines.append(
                f"{seat}: {counted(cargo.units, 'unit')} and {counted(cargo.supplies, 'supply', 'supplies')} fell back into "
                f"{place}, lost this season, and are lost"
            )
    return LandSeason(tuple(combats), land, new_owners, flak, tuple(lines)), rng


def _allowed(forces: list[tuple[str, Force]], place: str, seat: str) -> bool:
    """A seat standing in another's territory by leave (L351) may stay there."""
    return any(p == place and f.seat == seat and f.role != ATTACKER for p, f in forces)


def _split(out: SideOutcome, side: LandForce) -> tuple[int, int]:
    """The side's surviving infantry and armor (none when all were lost with the territory)."""
    if not out.survivors:
        return 0, 0
    return side.all_infantry - out.lost_infantry, side.all_armor - out.lost_armor
