"""The season's air phase over the whole board: every air battle, the superiority it leaves,
its use for bombing and tactical air, and at the season's end the flak, the landings and
the aircraft set aside (seed L144, L221-L263, L275; readings in ``rules/grand-game/air-sea.md``,
"The season's air and sea pipeline").

:func:`resolve_air` runs first in a season (L144): it gathers every seat's aircraft sent to an
air zone (``AirOrder`` with a zone), fights one battle per zone (``air_combat.air_battle``),
applies each superior seat's written split (``AirTask``) to what it won, rolls its bombing
(``bombing.strategic_bombing``) and damages the economy. :func:`late_air` runs last: it removes
the flak tallied by sea and land cards (G-R2), lands the survivors by their priorities (L224),
destroys those whose landing place was lost (L245) or whose heavy fleet has no room (L275),
and sets aside those shot down over a whole economic zone their seat holds (L263).

Pure functions of the map, the board, the sheets and the ``Rng``; every draw is keyed by zone,
pair and side (or zone, side, target and die), so one zone's orders never move another's dice.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from hedgemony_tui.table.dice import Rng

from .air_combat import (
    AirBattle,
    AirSeasonEnd,
    AirTasks,
    SuperioritySplit,
    air_battle,
    end_of_season,
    split_superiority,
)
from .board import Board
from .bombing import Bombing, strategic_bombing
from .economy import DamageRecord, Economy
from .map_data import GameMap
from .orders import HEAVY_AIRCRAFT, AirOrder, OrderSheet


@attrs.frozen
class Sortie:
    """One group of aircraft that took off: from where, over which zone, and where it wants to
    land, one place per aircraft, the most wanted first (L224)."""

    seat: str
    base: str
    zone: str
    count: int
    landings: tuple[str, ...]


@attrs.frozen
class AirSeason:
    """The season's air phase, as the rest of the season reads it."""

    battles: tuple[AirBattle, ...]
    splits: tuple[SuperioritySplit, ...]
    bombings: tuple[Bombing, ...]
    damage: tuple[DamageRecord, ...]
    economy: Economy
    superiority: Mapping[str, tuple[str, int]]  # air zone -> (seat, points), G-R2
    tactical: Mapping[tuple[str, str], int]  # (air zone, seat) -> tactical air points
    flying: Mapping[tuple[str, str], int]  # (base place, seat) -> aircraft that took off from it
    lines: tuple[str, ...]
    sorties: tuple[Sortie, ...] = ()
    sea_targets: Mapping[tuple[str, str], str] = attrs.field(factory=dict)  # (zone, seat) -> sea for air alone
    parked_at_sea: Mapping[tuple[str, str], int] = attrs.field(factory=dict)  # (sea, seat) -> aircraft left aboard


def _sorties(m: GameMap, board: Board, sheets: Mapping[str, OrderSheet]) -> tuple[list[Sortie], list[str]]:
    """Every group sent to an air zone, cut to the aircraft really at its base (an unchecked
    sheet cannot fly aircraft it does not have), with exactly one landing place each."""
    out: list[Sortie] = []
    notes: list[str] = []
    for seat in sorted(sheets):
        left: dict[str, int] = {}
        for order in sheets[seat].air:
            if order.zone is None or order.count <= 0:
                continue
            have = left.setdefault(order.place, board.at(order.place, seat).aircraft)
            count = min(order.count, have)
            left[order.place] = have - count
            if count < order.count:
                notes.append(f"{seat}: only {count} aircraft at {order.place} can fly, not {order.count}")
            if count:
                out.append(Sortie(seat, order.place, order.zone, count, _landings(order, count)))
    return out, notes


def _landings(order: AirOrder, count: int) -> tuple[str, ...]:
    # A sheet that names too few places lands the rest at the base (the checker asks for one each).
    places = tuple(order.landings[:count])
    return places + (order.place,) * (count - len(places))


def _bombable(m: GameMap, zone: str, seat: str, owners: Mapping[str, str | None]) -> frozenset[str]:
    """Economic zones a seat may bomb from ``zone``: at least partly under it (L251) and not
    wholly its own (orders.md reading 12)."""
    under = set(m.air_zones[zone].territories)
    return frozenset(
        z.id for z in m.zones.values() if under & set(z.lands) and not all(owners.get(t) == seat for t in z.lands)
    )


def _tasks(
    zone: str, seat: str, sheet: OrderSheet, allowed: frozenset[str], zone_names: Mapping[str, str]
) -> tuple[AirTasks, str | None, list[str]]:
    """The sheet's written split for ``zone`` as ``AirTasks`` (one bombing point per name, in
    order); a name that may not be bombed is dropped with a note (the zone by its printed
    name), its point going on down."""
    task = next((t for t in sheet.air_tasks if t.zone == zone), None)
    if task is None:
        return AirTasks(), None, []
    notes = [
        f"{seat} in {zone}: {zone_names.get(t, t)} may not be bombed from here; that point goes on"
        for t in task.bombing
        if t not in allowed
    ]
    runs: list[tuple[str, int]] = []
    for target in (t for t in task.bombing if t in allowed):
        if runs and runs[-1][0] == target:
            runs[-1] = (target, runs[-1][1] + 1)
        else:
            runs.append((target, 1))
    return AirTasks(bombing=tuple(runs)), task.sea_target, notes


def resolve_air(
    m: GameMap,
    board: Board,
    sheets: Mapping[str, OrderSheet],
    economy: Economy,
    turn: int,
    season: str,
    winter: bool,
    rng: Rng,
) -> tuple[AirSeason, Rng]:
    """The season's air combat, superiority, bombing and tactical air (L248-L254)."""
    del winter  # the seed gives the air phase no winter rule; kept for the pipeline's one signature
    sorties, lines = _sorties(m, board, sheets)
    flying: dict[tuple[str, str], int] = {}
    by_zone: dict[str, dict[str, int]] = {}
    for s in sorties:
        flying[(s.base, s.seat)] = flying.get((s.base, s.seat), 0) + s.count
        fighting = by_zone.setdefault(s.zone, {})
        fighting[s.seat] = fighting.get(s.seat, 0) + s.count
    battles: list[AirBattle] = []
    splits: list[SuperioritySplit] = []
    bombings: list[Bombing] = []
    damage: list[DamageRecord] = []
    superiority: dict[str, tuple[str, int]] = {}
    tactical: dict[tuple[str, str], int] = {}
    sea_targets: dict[tuple[str, str], str] = {}
    zone_names = {z.id: z.name for z in m.zones.values()}  # the log names the zones bombed
    for zone in sorted(by_zone):
        battle, rng = air_battle(zone, by_zone[zone], rng, turn)
        battles.append(battle)
        lines += [f"{season}, air zone {zone}:", *battle.lines()]
        seat = battle.superior
        if seat is None:
            continue
        superiority[zone] = (seat, battle.superiority)
        allowed = _bombable(m, zone, seat, board.owners)
        tasks, sea_target, notes = _tasks(zone, seat, sheets.get(seat, OrderSheet(seat)), allowed, zone_names)
        lines += notes
        split = split_superiority(seat, zone, battle.superiority, tasks, allowed)
        splits.append(split)
        lines += split.lines(zone_names)
        tactical[(zone, seat)] = split.tactical
        if sea_target is not None and split.tactical:
            sea_targets[(zone, seat)] = sea_target
            lines.append(f"{seat}: tactical air +{split.tactical} searches {sea_target} on its own (L260)")
        if split.bombing:
            bombed, rng = strategic_bombing(seat, zone, split.superiority, split.bombing, rng, turn)
            bombings.append(bombed)
            lines += bombed.lines(zone_names)
            for target, points in bombed.damage.items():
                if points:
                    economy, record = economy.damaged(target, points, f"bombing by {seat} from {zone}")
                    damage.append(record)
                    lines.append(record.describe(zone_names))
    parked = {
        (place, seat): stack.aircraft - flying.get((place, seat), 0)
        for (place, seat), stack in board.stacks.items()
        if place in m.seas and stack.aircraft > flying.get((place, seat), 0)
    }
    season_air = AirSeason(
        tuple(battles),
        tuple(splits),
        tuple(bombings),
        tuple(damage),
        economy,
        superiority,
        tactical,
        flying,
        tuple(lines),
        tuple(sorties),
        sea_targets,
        parked,
    )
    return season_air, rng


@attrs.frozen
class LateAir:
    """The season's last step for aircraft: where the survivors land, what was set aside."""

    landed: Mapping[tuple[str, str], int]  # (place, seat) -> aircraft that flew and landed there
    set_aside: Mapping[str, int]  # seat -> aircraft set aside this season (L263)
    ends: tuple[AirSeasonEnd, ...]
    lines: tuple[str, ...]


def _whole_zone_held(m: GameMap, zone: str, seat: str, owners: Mapping[str, str | None]) -> bool:
    """L263: the seat holds every land territory of an economic zone lying at least partly
    under the air zone (held as the season ends, when the casualties are removed)."""
    under = set(m.air_zones[zone].territories)
    return any(under & set(z.lands) and all(owners.get(t) == seat for t in z.lands) for z in m.zones.values())


def late_air(
    m: GameMap,
    air: AirSeason,
    sheets: Mapping[str, OrderSheet],
    flak: Mapping[tuple[str, str], int],
    owners_after: Mapping[str, str | None],
    fleets: Mapping[tuple[str, str], tuple[int, int]] | None = None,
) -> LateAir:
    """Flak removed, survivors landed by priority, the rest destroyed or set aside (L224,
    L245, L263, L275, G-R2). ``fleets`` is the sea phase's fleets at the season's end
    (``SeaSeason.fleets``): a heavy fleet at sea takes one aircraft (L275), less those left
    aboard as non-participants. Without it every sea landing place is taken as having room."""
    del sheets  # the sorties recorded by resolve_air already hold each group's landing list
    room: dict[tuple[str, str], int] = {}
    if fleets is not None:
        for (place, seat), (_, heavy) in fleets.items():
            if place in m.seas:
                room[(place, seat)] = HEAVY_AIRCRAFT * heavy - air.parked_at_sea.get((place, seat), 0)
    landed: dict[tuple[str, str], int] = {}
    set_aside: dict[str, int] = {}
    ends: list[AirSeasonEnd] = []
    lines: list[str] = []
    for battle in air.battles:
        for seat in sorted(battle.aircraft):
            priorities = tuple(p for s in air.sorties if s.zone == battle.zone and s.seat == seat for p in s.landings)
            held = frozenset(
                p
                for p in priorities
                if (p in m.lands and owners_after.get(p) == seat)
                or (p in m.seas and (fleets is None or room.get((p, seat), 0) > 0))
            )
            end = end_of_season(
                seat,
                battle.zone,
                battle,
                flak.get((seat, battle.zone), 0),
                priorities,
                held,
                _whole_zone_held(m, battle.zone, seat, owners_after),
            )
            end = _fit_at_sea(m, end, room, fleets is not None)
            ends.append(end)
            lines += [f"{seat} in {battle.zone}:", *end.lines()]
            for place in end.landed:
                landed[(place, seat)] = landed.get((place, seat), 0) + 1
            if end.set_aside:
                set_aside[seat] = set_aside.get(seat, 0) + end.set_aside
    return LateAir(landed, set_aside, tuple(ends), tuple(lines))


def _fit_at_sea(m: GameMap, end: AirSeasonEnd, room: dict[tuple[str, str], int], counted: bool) -> AirSeasonEnd:
    """Land at sea only while a heavy fleet has room (one aircraft each, L275); an aircraft
    whose fleet is full or sunk is destroyed like one whose land is lost (L245)."""
    if not counted:
        return end
    kept: list[str] = []
    lost = list(end.lost_landing)
    for place in end.landed:
        if place in m.seas:
            if room.get((place, end.side), 0) <= 0:
                lost.append(place)
                continue
            room[(place, end.side)] -= 1
        kept.append(place)
    return attrs.evolve(end, landed=tuple(kept), lost_landing=tuple(lost))
