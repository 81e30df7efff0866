"""Victory (the seed has none; see rules/hex-encounters/README.md, X-H2): Red wins at once
with enough combat power off the east edge; Blue and Green win at once when Red's
cohesion falls below the break point; otherwise, after the last turn, Red wins holding
Kovanburg, or both Walmington and Mouat Falls, and Blue and Green win if not."""

from __future__ import annotations

from .data import game_data
from .state import DEAD, EXITED, Block, GameState


def cohesion_lost(block: Block) -> int:
    """The cohesion a block has lost: all of it once destroyed (destroyed blocks are
    revealed, so every view knows their type), else its cubes."""
    if block.status == DEAD and block.kind:
        return game_data().types[block.kind].cohesion
    return block.loss


def red_cohesion(state: GameState) -> tuple[int, int]:
    """(Red's cohesion left, Red's cohesion at the start): public, since the cubes are
    visible and destroyed blocks are revealed."""
    data = game_data()
    types = data.types
    start = sum(types[k].cohesion for f in data.formations if f.side == "red" for k in f.blocks)
    lost = sum(cohesion_lost(b) for b in state.blocks if b.side == "red")
    return start - lost, start


def exited_cp(state: GameState) -> int:
    types = game_data().types
    return sum(types[b.kind].cp for b in state.blocks if b.status == EXITED)


def holder(state: GameState, town: str) -> str:
    """ "red" if a Red unit in supply stands in the town (no enemy can share it), else ""."""
    label = game_data().town_hex(town)
    units = state.at(label)
    return "red" if units and all(b.side == "red" for b in units) and any(b.supplied for b in units) else ""


def instant_winner(state: GameState) -> tuple[str, str]:
    scenario = game_data().scenario
    if exited_cp(state) >= scenario.exit_cp:
        return "red", f"{exited_cp(state)} combat power off the east edge ({scenario.exit_cp} wins)"
    left, start = red_cohesion(state)
    if left < scenario.red_break_fraction * start:
        return "blue", f"Red is broken: {left} of {start} cohesion left"
    return "", ""


def final_winner(state: GameState) -> tuple[str, str]:
    scenario = game_data().scenario
    if holder(state, scenario.key_town):
        return "red", f"Red holds {scenario.key_town} at the end"
    if all(holder(state, t) for t in scenario.other_towns):
        return "red", f"Red holds {' and '.join(scenario.other_towns)} at the end"
    return "blue", "Red did not take its objectives in time"


def red_points(state: GameState) -> float:
    """A margin for benchmarks: towns held and power exited, less a quarter of the loss."""
    scenario = game_data().scenario
    left, start = red_cohesion(state)
    towns = 3 * bool(holder(state, scenario.key_town)) + sum(2 * bool(holder(state, t)) for t in scenario.other_towns)
    return towns + exited_cp(state) - (start - left) / 4
