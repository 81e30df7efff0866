"""Red's plan of attack for the ``basic`` computer player, reckoned from Red's view.

A river line held in strength cannot be beaten piecemeal: Red picks one enemy-held hex
to break through (the *breach*: the weakest it can reach, an enemy on its roads first),
brings its fighting units to the hexes from which they may attack it, its guns two hexes
from it and its engineers to the river bank beside it (so that units there may attack
across the river too), and attacks when the cohesion the attack is reckoned to cost the
enemy outweighs what it costs Red. As the days run out Red accepts dearer exchanges:
its mission is speed, and a force that waits at the river loses the game anyway."""

from __future__ import annotations

from fractions import Fraction

from ..engine.board import board
from ..engine.data import game_data
from ..engine.ground import stack_limit
from ..engine.state import Block, GameState
from .estimate import expected_cp, possible_kinds, win_chance

REACH = 4
"""How far (in hexes) from Red's nearest unit an enemy hex may be to be the breach."""


def _shift_against(target: str, ours: list[str]) -> int:
    """The columns the ground gives the defender of ``target``: its terrain, and the river
    when all of our units are still on its other bank."""
    tables = game_data().tables
    west, east = game_data().map.river_columns
    shift = tables.terrain_shift[board().terrain(target)]
    if int(target[:2]) >= east and all(int(o[:2]) <= west for o in ours):
        shift += tables.bridge_shift
    return shift


def breach(view: GameState, side: str) -> str:
    """The enemy-held hex Red means to break through next ("" when none is in reach)."""
    brd = board()
    ours = [b.hex for b in view.blocks if b.on_map and b.side == side]
    if not ours:
        return ""
    roads = brd.road_hexes()
    best, best_cost = "", 0.0
    for h in sorted({b.hex for b in view.blocks if b.on_map and b.side != side}):
        gap = min(brd.distance(h, o) for o in ours)
        if gap > REACH:
            continue
        cp = float(sum(expected_cp(view, b) for b in view.at(h)))
        cost = cp * (1 + 0.5 * _shift_against(h, ours)) + gap - (3 if h in roads else 0)
        if not best or cost < best_cost:
            best, best_cost = h, cost
    return best


def spot_bonus(view: GameState, unit: Block, ability: str, h: str, target: str) -> float:
    """How much standing in ``h`` serves an attack on ``target`` next turn."""
    brd = board()
    gap = brd.distance(h, target)
    foe_next = any(b.side != unit.side for n in brd.neighbours(h) for b in view.at(n))
    if ability == "artillery":
        return 9.0 if gap == 2 and not foe_next else 0.0
    if gap != 1:
        return 0.0
    crossing = brd.river(h, target) and not brd.bridge(h, target)
    if ability == "engineers":
        return 10.0 if crossing else 4.0  # on the bank, the engineer lets its stack attack across
    if crossing and not any(b.side == unit.side and _is_engineer(b) for b in view.at(h)):
        return 2.0
    stacked = sum(1 for b in view.at(h) if b.side == unit.side and b.id != unit.id)
    return 9.0 + min(stacked, stack_limit(h))


def _is_engineer(block: Block) -> bool:
    return bool(block.kind) and game_data().types[block.kind].ability == "engineers"


def _cohesion_left(view: GameState, block: Block) -> float:
    types = game_data().types
    kinds = possible_kinds(view, block)
    return sum(types[k].cohesion for k in kinds) / len(kinds) - block.loss


def exchange(view: GameState, attackers: list[Block], target: str) -> tuple[float, float]:
    """(cohesion the defenders are reckoned to lose, cohesion the attackers are reckoned
    to lose) in an attack by ``attackers`` on ``target``: the chance of each side losing,
    times one cohesion per enemy unit in the fight, no more than the defenders have."""
    lose_d, lose_a, _ = win_chance(view, attackers, target)
    defenders = view.at(target)
    left = sum(_cohesion_left(view, b) for b in defenders)
    return float(lose_d * Fraction(min(len(attackers), round(left)))), float(lose_a * len(defenders))


def demanded(view: GameState) -> float:
    """The margin (reckoned cohesion won less lost) Red asks of an attack: two early, none
    with three days left, and it takes a loss of up to three at the end."""
    left = view.turns - view.turn
    return 2.0 if left >= 4 else (0.0 if left >= 2 else -3.0)
