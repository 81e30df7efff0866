"""What the basic computer player reads off the public board: its style, who threatens
which of its territories, the odds of an attack on what it can see, and how far a place
is from the front. Nothing here reads a secret or draws a chance.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import lru_cache

import attrs

from ..engine import map as M
from ..engine.board import Board
from ..engine.land_forces import ADVANCE, DEFEND, Crossing, LandForce, Terrain
from ..engine.land_odds import land_odds
from ..engine.map_data import GameMap
from ..engine.units import UNITS


@attrs.frozen
class Style:
    """How a basic player weighs its choices; the benchmark also plays three one-sided
    variants ("politics only", "military only", "defence first") to check no single strategy
    dominates.

    ``politics`` is the allocation's level (percent of GDP, L131). ``develop_price`` is the
    highest price it pays for one more point of development this year (0: none), and
    ``develop_share`` the most of its GDP it spends on development in a year.
    ``defence_share`` is the part of the GDP left after politics that it may spend on
    infantry for threatened borders, and ``develop_first`` whether development comes before
    that infantry (as shipped: a point of growth pays every year after, while an infantry at a
    quiet border pays nothing) or after it. ``threat_odds`` is how likely a neighbour's visible
    force must be to take a border territory before that border counts as threatened when
    buying (0: any enemy unit next to it), and ``rest_in_infantry`` whether GDP left at the
    end goes into infantry while any border is threatened; ``bombs`` whether its aircraft
    bomb at all, and ``bomb_leader`` whether they strike only zones of the country leading in score (as every seat sees it: Francs
    per point of starting GDP) rather than any enemy's. ``attack_odds`` is the chance of
    taking a territory it needs before it attacks (above 1: never), and ``exchange`` the
    most units it expects to lose per enemy unit it expects to destroy."""

    name: str = "basic"
    politics: int = 30
    develop_price: int = 3
    develop_share: Fraction = Fraction(1, 2)
    defence_share: Fraction = Fraction(1, 2)
    threat_odds: Fraction = Fraction(0)
    rest_in_infantry: bool = True
    develop_first: bool = True
    bombs: bool = True
    bomb_leader: bool = False
    attack_odds: Fraction = Fraction(7, 10)
    exchange: Fraction = Fraction(1)
    all_military: bool = False


BASIC = Style()
POLITICS_ONLY = Style(
    "politics-only",
    politics=30,
    develop_price=4,
    develop_share=Fraction(1, 2),
    defence_share=Fraction(0),
    attack_odds=Fraction(2),
)
DEFENCE_FIRST = Style("defence-first", develop_first=False)
MILITARY_ONLY = Style(
    "military-only",
    politics=0,
    develop_price=0,
    defence_share=Fraction(1),
    attack_odds=Fraction(1, 2),
    exchange=Fraction(2),
    all_military=True,
)


def enemy_units(board: Board, seat: str, place: str) -> int:
    """Land units of every other seat in ``place`` (every other seat may attack: no alliances)."""
    return sum(board.at(place, other).land_units for other in board.seats if other != seat)


def danger(m: GameMap, board: Board, seat: str, land: str) -> int:
    """Enemy land units next to ``land`` by land: what could walk in this season."""
    return sum(enemy_units(board, seat, n) for n in M.land_neighbours(m, land))


def dangers(m: GameMap, board: Board, seat: str) -> dict[str, int]:
    """Each territory the seat holds with the enemy land units next to it."""
    return {land: danger(m, board, seat, land) for land in sorted(board.held_by(seat))}


def score_leader(francs: Mapping[str, int], start_gdp: Mapping[str, int], seats: Iterable[str], seat: str) -> str:
    """The other country alone at the top in Francs per point of starting GDP (the score
    every seat sees on the board); "" while the top is shared (nobody is running away)."""
    scores = {s: Fraction(francs.get(s, 0), max(1, start_gdp.get(s, 0))) for s in seats if s != seat}
    best = max(scores.values(), default=None)
    top = [s for s, v in scores.items() if v == best]
    return top[0] if len(top) == 1 else ""


def credible(m: GameMap, board: Board, seat: str, land: str, odds: Fraction) -> bool:
    """Whether some neighbour's visible land force, all of it advancing with its supplies,
    would take ``land`` at ``odds`` or better by the engine's exact odds (fall weather)."""
    if not odds:
        return danger(m, board, seat, land) > 0
    for frm in M.land_neighbours(m, land):
        for other in board.seats:
            if other == seat:
                continue
            there = board.at(frm, other)
            if not there.land_units:
                continue
            chance, _, _ = attack_chance(m, board, other, frm, land, there.infantry, there.armor, there.supplies, False)
            if chance >= odds:
                return True
    return False


def strength(board: Board, seat: str, place: str) -> int:
    stack = board.at(place, seat)
    return stack.infantry * UNITS["infantry"].defence + stack.armor * UNITS["armor"].defence


def fleet_power(light: int, heavy: int) -> int:
    return light * UNITS["light-fleet"].attack + heavy * UNITS["heavy-fleet"].attack


def terrain_of(m: GameMap, land: str, winter: bool) -> Terrain:
    t = m.lands[land]
    return Terrain(city=bool(t.city), port=t.city == "port", mountain=t.mountain, winter=winter)


def attack_chance(
    m: GameMap, board: Board, seat: str, frm: str, to: str, infantry: int, armor: int, supplies: int, winter: bool
) -> tuple[Fraction, Fraction, Fraction]:
    """The chance that ``infantry`` and ``armor`` advancing from ``frm`` take ``to`` against
    the units visible there (the holder's, on Defend), by the engine's exact odds, with the
    units each side can expect to lose."""
    defenders = [s for s in board.seats if s != seat and board.at(to, s).land_units]
    if not defenders:
        return Fraction(1), Fraction(0), Fraction(0)
    # Every other seat's units there count as one defending force: the odds stay on the safe side.
    others = [board.at(to, s) for s in defenders]
    attack = infantry * UNITS["infantry"].attack + armor * UNITS["armor"].attack
    defence = sum(s.infantry * UNITS["infantry"].defence + s.armor * UNITS["armor"].defence for s in others)
    if 2 * attack < defence:  # hopeless on the base values alone: not worth counting the cards
        return Fraction(0), Fraction(infantry + armor), Fraction(0)
    return _odds(
        M.crossing(m, frm, to),
        (infantry, armor, supplies),
        (sum(s.infantry for s in others), sum(s.armor for s in others), sum(s.supplies for s in others)),
        terrain_of(m, to, winter),
    )


@lru_cache(maxsize=8192)
def _odds(
    obstacle: str | None, attack: tuple[int, int, int], defence: tuple[int, int, int], terrain: Terrain
) -> tuple[Fraction, Fraction, Fraction]:
    # The exact odds are dear to count and the same few forces meet again and again.
    infantry, armor, supplies = attack
    if obstacle:
        attacker = LandForce("a", ADVANCE, supplies=supplies, crossing=(Crossing(obstacle, infantry, armor),))
    else:
        attacker = LandForce("a", ADVANCE, infantry, armor, supplies)
    defender = LandForce("d", DEFEND, *defence)
    odds = land_odds("here", attacker, defender, terrain)
    return odds.takes, odds.expected_losses[0], odds.expected_losses[1]


def distances(m: GameMap, sources: Iterable[str], through: frozenset[str]) -> dict[str, int]:
    """Steps by land from the nearest of ``sources`` to each territory of ``through``."""
    out: dict[str, int] = {}
    todo: deque[str] = deque()
    for s in sorted(sources):
        if s in through:
            out[s] = 0
            todo.append(s)
    while todo:
        here = todo.popleft()
        for there in M.land_neighbours(m, here):
            if there in through and there not in out:
                out[there] = out[here] + 1
                todo.append(there)
    return out


def land_worth(m: GameMap, values: Mapping[str, int], land: str) -> Fraction:
    """What holding ``land`` is worth: its share of its zone's value, and a city counts."""
    zone = next((z for z in m.zones.values() if land in z.lands), None)
    share = Fraction(values.get(zone.id, zone.value), len(zone.lands)) if zone else Fraction(0)
    return share + (1 if m.lands[land].city else 0)
