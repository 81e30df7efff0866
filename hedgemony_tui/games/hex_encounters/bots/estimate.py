"""What a seat can reckon about hidden enemy blocks from its view: the public counter mix
of each enemy formation, less the blocks already revealed, limited by each block's
cohesion cubes (a block with 2 cubes cannot be a recce). Also odds from the view."""

from __future__ import annotations

from fractions import Fraction

from ..engine.board import board
from ..engine.combat import dice_read, ratio_column, result_of
from ..engine.data import game_data
from ..engine.state import Block, GameState


def possible_kinds(view: GameState, block: Block) -> list[str]:
    """The types this block may be, as its enemy can tell (its own type if known)."""
    if block.kind:
        return [block.kind]
    data = game_data()
    mix = list(data.formation(block.seat).blocks)
    for b in view.blocks:
        if b.seat == block.seat and b.kind and b.kind in mix:
            mix.remove(b.kind)
    fits = [k for k in mix if data.types[k].cohesion > block.loss]
    return fits or mix or list(data.formation(block.seat).blocks)


def expected_cp(view: GameState, block: Block) -> Fraction:
    kinds = possible_kinds(view, block)
    types = game_data().types
    return Fraction(sum(types[k].cp for k in kinds), len(kinds))


def may_project_zoc(view: GameState, block: Block) -> bool:
    """Could this block hold a zone of control? Hidden blocks are assumed to (caution)."""
    types = game_data().types
    return any(types[k].ability in ("armor", "mech", "militia") for k in possible_kinds(view, block))


def win_chance(view: GameState, attackers: list[Block], target: str) -> tuple[Fraction, Fraction, int]:
    """(chance the defender loses, chance the attacker loses, column before dice) for an
    attack on ``target`` reckoned from the view: known shifts only (terrain, river,
    cubes), hidden defenders at their expected combat power."""
    data, brd = game_data(), board()
    defenders = view.at(target)
    attack = sum(data.types[b.kind].cp for b in attackers if b.kind)
    defend = sum(expected_cp(view, b) for b in defenders)
    base = ratio_column(attack, round(defend)) if defend else ratio_column(attack, 0)
    shift = -data.tables.terrain_shift[brd.terrain(target)]
    if any(brd.river(b.hex, target) for b in attackers if brd.distance(b.hex, target) == 1):
        shift -= data.tables.bridge_shift
    shift += sum(b.loss for b in defenders) - sum(b.loss for b in attackers)
    before = base + shift
    lose_d = lose_a = Fraction(0)
    for a in range(1, 5):
        for d in range(1, 5):
            loser, _ = result_of(data.tables, dice_read(before, a - d))
            if loser in ("defender", "both"):
                lose_d += Fraction(1, 16)
            if loser in ("attacker", "both"):
                lose_a += Fraction(1, 16)
    return lose_d, lose_a, before
