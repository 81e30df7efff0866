"""The chances the order sheet's worksheet shows: for one seat's sheet, read against the
public board only, every fight its orders lead into where the enemy can be seen.

Nothing is ruled here. Where the seat's units meet whom comes from
:func:`.movement.season_moves` given this one sheet (every other seat then stays where it
stands, on Defend, which is also what we must assume of them: their sheets are sealed);
each side's force is added up by :data:`.season_land.side_force`, the resolver's own sum;
the chances come from :func:`.land_odds.land_odds` (two sides) or
:func:`.multi_odds.multi_land_odds` (more), :func:`.sea_odds.sea_odds` and
:func:`.air_combat.superiority_odds`. What had to be assumed, because it is sealed or
decided earlier in the season, is listed in :data:`ASSUMED` and printed with the odds.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import attrs

from ..engine import map as M
from ..engine.air_combat import superiority_odds
from ..engine.board import Board
from ..engine.land_forces import DEFEND, LandForce, LandOrderError, Terrain
from ..engine.land_odds import LandOdds, land_odds
from ..engine.map_data import GameMap
from ..engine.movement import ATTACKER, Force, season_moves
from ..engine.multi_odds import MultiOdds, multi_land_odds, occupant_chances
from ..engine.orders import Cargo, FleetOrder, OrderSheet
from ..engine.orders_words import name
from ..engine.sea_combat import PATROL, SeaForce
from ..engine.sea_odds import SeaOdds, sea_odds
from ..engine.season_land import side_force

ASSUMED_LAND = (
    "Other countries' orders are sealed: their units are taken to stay where the board shows them, "
    "on Defend with no retreat named (a third country standing in a holder's territory, with no leave "
    "you can see, fights there as an attacker), and nobody's air superiority or tactical air is counted "
    "(it is settled in the air phase, before the ground fighting)."
)
ASSUMED_SEA = (
    "Enemy fleets are taken to stay where they are, on Patrol, with the supplies the board shows "
    "aboard; your fleets fight with the supplies aboard as written; no air superiority is counted."
)
ASSUMED_AIR = (
    "Every enemy aircraft based in the zone or in a zone next to it is counted as flying there, as one "
    "side: an upper bound, since some may stay on the ground or fly elsewhere."
)
ASSUMED = (ASSUMED_LAND, ASSUMED_SEA, ASSUMED_AIR)


Results = tuple[tuple[str, Fraction], ...]
"""Each result in words with its chance (they add up to 1)."""


@attrs.frozen
class LandAttack:
    """One territory the sheet sends land units into that is not the seat's: the sides as
    they would fight, and the odds (None when no defending unit is in sight)."""

    territory: str
    holder: str | None
    sides: tuple[LandForce, ...]
    odds: LandOdds | None = None
    multi: MultiOdds | None = None
    unresolved: str = ""  # why the fight cannot be worked out yet (an order half written)

    def results(self, m: GameMap, seat: str) -> Results:
        """Who holds the territory afterwards, each with its chance (none while unresolved)."""
        place = name(m, self.territory)
        if self.unresolved:
            return ()
        if self.odds is not None:
            keeper = _country(m, self.holder)
            return ((f"you take {place}", self.odds.takes), (f"{keeper} keeps {place}", 1 - self.odds.takes))
        if self.multi is not None:
            out = []
            for who, p in occupant_chances(self.multi).items():
                if who is None:
                    out.append((f"nobody takes {place}", p))
                elif who == seat:
                    out.append((f"you take {place}", p))
                else:
                    out.append((f"{_country(m, who)} holds {place}", p))
            return tuple(out)
        return ((f"you walk into {place} unopposed", Fraction(1)),)


@attrs.frozen
class SeaFight:
    """One of the seat's fleet groups meeting a visible enemy's fleets where it ends its move."""

    place: str
    sea: str
    enemy: str
    mine: SeaForce
    theirs: SeaForce
    odds: SeaOdds
    port: bool = False

    def results(self) -> Results:
        found = self.odds.fight
        return (("they meet and fight", found), ("neither finds the other: no fight", 1 - found))


@attrs.frozen
class AirFight:
    """The seat's aircraft flying over one air zone against the enemy aircraft that could meet them."""

    zone: str
    mine: int
    enemy: int
    odds: dict[int, Fraction]

    def results(self) -> Results:
        out = []
        for margin, p in self.odds.items():
            if margin > 0:
                out.append((f"you hold air superiority +{margin}", p))
            elif margin < 0:
                out.append((f"the enemy holds air superiority +{-margin}", p))
            else:
                out.append(("nobody holds air superiority", p))
        return tuple(out)


@attrs.frozen
class SheetOdds:
    land: tuple[LandAttack, ...]
    sea: tuple[SeaFight, ...]
    air: tuple[AirFight, ...]


def _country(m: GameMap, seat: str | None) -> str:
    if not seat:
        return "nobody"
    return m.countries[seat].name if seat in m.countries else seat


def terrain_of(m: GameMap, land: str, winter: bool) -> Terrain:
    """The territory's marks as the map prints them, as the resolver reads them."""
    t = m.lands[land]
    return Terrain(city=bool(t.city), port=t.city == "port", mountain=t.mountain, winter=winter)


def land_attacks(m: GameMap, board: Board, seat: str, sheet: OrderSheet, winter: bool) -> tuple[LandAttack, ...]:
    """Every land territory the sheet attacks, with the odds where a defender is in sight."""
    moves = season_moves(m, board, [sheet])
    out = []
    for meeting in moves.land:
        mine = [f for f in meeting.forces if f.seat == seat and f.role == ATTACKER]
        if not any(f.land_units for f in mine):
            continue
        place = meeting.territory
        zone = M.air_zone_of(m, place)
        by_seat: dict[str, list[Force]] = {}
        for f in meeting.forces:
            by_seat.setdefault(f.seat, []).append(f)
        sides: list[LandForce] = []
        for who, parts in sorted(by_seat.items()):
            if who == meeting.owner:
                sides.append(side_force(who, parts, True, zone, {}, {}))
            else:
                attacking = [p for p in parts if p.role == ATTACKER and p.land_units]
                if attacking:
                    sides.append(side_force(who, attacking, False, zone, {}, {}))
        if meeting.owner is not None and meeting.owner not in by_seat:
            sides.append(LandForce(meeting.owner, DEFEND))  # a holder with nobody there, as the resolver has it
        terrain = terrain_of(m, place, winter)
        others = [s for s in sides if s.side != seat and s.units]
        if not others:
            out.append(LandAttack(place, meeting.owner, tuple(sides)))
            continue
        try:
            if len(sides) == 2 and meeting.owner is not None and others[0].side == meeting.owner:
                attacker = next(s for s in sides if s.side == seat)
                odds = land_odds(place, attacker, others[0], terrain)
                out.append(LandAttack(place, meeting.owner, (attacker, others[0]), odds=odds))
            else:
                multi = multi_land_odds(place, sides, meeting.owner, terrain)
                out.append(LandAttack(place, meeting.owner, tuple(sides), multi=multi))
        except LandOrderError as why:
            # A sheet is shown while it is written: a Scout before its retreat is named cannot
            # fight yet. The engine's reason is shown instead of odds (the checker says it too).
            out.append(LandAttack(place, meeting.owner, tuple(sides), unresolved=str(why)))
    return tuple(out)


def _loaded(light: int, cargo: Cargo) -> int:
    """Light fleets with land units aboard (two to a fleet, L275)."""
    return min(light, -(-cargo.units // 2))


def _my_sea_force(seat: str, f: FleetOrder) -> SeaForce:
    aboard = f.carry + f.load
    loaded = _loaded(f.light, aboard)
    return SeaForce(seat, f.light - loaded, loaded, f.heavy, aboard.supplies, f.order)


def _their_sea_force(board: Board, seat: str, place: str) -> SeaForce:
    stack = board.at(place, seat)
    loaded = _loaded(stack.light, Cargo(stack.infantry, stack.armor))
    return SeaForce(seat, stack.light - loaded, loaded, stack.heavy, stack.supplies, PATROL)


def sea_fights(m: GameMap, board: Board, seat: str, sheet: OrderSheet, winter: bool) -> tuple[SeaFight, ...]:
    """For each of the sheet's fleet groups, every visible enemy it may meet: in the sea
    where it ends its move, or in the port it attacks."""
    out = []
    for f in sheet.fleets:
        mine = _my_sea_force(seat, f)
        if not mine.fleets:
            continue
        target = f.attack_port or f.end
        if target not in m.seas and f.attack_port is None:
            continue  # a fleet staying in its own port meets no one at sea
        for other in board.seats_at(target):
            stack = board.at(target, other)
            if other == seat or not stack.fleets:
                continue
            theirs = _their_sea_force(board, other, target)
            port = f.attack_port is not None
            odds = sea_odds(mine, theirs, winter=winter, port=port)
            out.append(SeaFight(f.place, target, other, mine, theirs, odds, port))
    return tuple(out)


def air_fights(m: GameMap, board: Board, seat: str, sheet: OrderSheet) -> tuple[AirFight, ...]:
    """For each air zone the sheet flies aircraft over, the chance of each superiority
    against every enemy aircraft that could reach it (see :data:`ASSUMED_AIR`)."""
    flown: dict[str, int] = {}
    for a in sheet.air:
        if a.zone:
            flown[a.zone] = flown.get(a.zone, 0) + a.count
    out = []
    for zone, count in sorted(flown.items()):
        reach = {zone} | M.adjacent_air_zones(m, zone)
        enemy = sum(
            board.at(place, other).aircraft
            for other in board.seats
            if other != seat
            for place in board.places_of(other)
            if M.air_zone_of(m, place) in reach
        )
        out.append(AirFight(zone, count, enemy, superiority_odds(count, enemy)))
    return tuple(out)


def sheet_odds(m: GameMap, board: Board, seat: str, sheet: OrderSheet, winter: bool) -> SheetOdds:
    return SheetOdds(
        land_attacks(m, board, seat, sheet, winter),
        sea_fights(m, board, seat, sheet, winter),
        air_fights(m, board, seat, sheet),
    )


def total(results: Sequence[tuple[str, Fraction]]) -> Fraction:
    """The results' chances added up (1 for every list here; the tests hold us to it)."""
    return sum((p for _, p in results), Fraction(0))
