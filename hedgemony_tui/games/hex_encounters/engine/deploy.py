"""Deployment before turn 1 (R-H29, X-H11): Green, then Blue, set up their blocks hidden.

The seed lets a formation set up anywhere not beyond its forward deployment column
(L142, L165: "No ... units may set up further than the column indicated"), so every
hex from that column eastward is offered, within the stacking limits. The scenario's
fixed hexes stay as the quick default: one decision per block, "this block to the next
default hex", as before. A free placement is two decisions, like a move: the block
(``Select``), then its hex (``MoveTo``), so no list grows long."""

from __future__ import annotations

import attrs

from .board import board
from .data import game_data
from .ground import stack_limit, unit_type
from .intents import Deploy, MoveTo, Select
from .state import UNDEPLOYED, Block, GameState
from .tools import commander, log, move_block, named


def default_hexes(seat: str) -> tuple[str, ...]:
    """The scenario's fixed deployment hexes of ``seat``, in the order they are filled."""
    return tuple(game_data().scenario.deployment[seat])


def deployment_line(seat: str) -> int:
    """The westernmost column ``seat`` may set up in (its forward deployment line)."""
    return int(game_data().scenario.deployment_lines[seat])


def _room(state: GameState, label: str) -> bool:
    return len(state.at(label)) < stack_limit(label)


def next_default(state: GameState) -> str:
    """The next default hex of the seat deploying ("" when the set is used up or full):
    ``slot`` counts the blocks placed on default hexes, not those placed freely."""
    hexes = default_hexes(state.seat)
    if state.slot >= len(hexes) or not _room(state, hexes[state.slot]):
        return ""
    return hexes[state.slot]


def deploy_hexes(state: GameState, seat: str) -> list[str]:
    """Every hex ``seat`` may set a block up on now: on its side of the line, with room."""
    line = deployment_line(seat)
    return sorted(h for h in board().labels if int(h[:2]) >= line and _room(state, h))


def _undeployed(state: GameState, seat: str) -> list[str]:
    """One block id per undeployed type (blocks of a type are alike before the game)."""
    kinds: dict[str, str] = {}
    for b in state.blocks:
        if b.seat == seat and b.status == UNDEPLOYED:
            kinds.setdefault(b.kind, b.id)
    return sorted(kinds.values())


def legal_deploy(state: GameState) -> list[object]:
    seat = state.seat
    if state.selected:
        return [MoveTo(seat, state.selected, h) for h in deploy_hexes(state, seat)]
    blocks = _undeployed(state, seat)
    defaults: list[object] = [Deploy(seat, bid) for bid in blocks] if next_default(state) else []
    return [*defaults, *(Select(seat, bid) for bid in blocks)]


def default_slot(state: GameState) -> str:
    """Where the next default hex stands in the scenario's set-up list ("hex 2 of 6")."""
    return f"hex {state.slot + 1} of {len(default_hexes(state.seat))}"


def deploy_prompt(state: GameState) -> str:
    seat = state.seat
    who, anywhere = commander(seat), f"any hex from column {deployment_line(seat):02d} east"
    if state.selected:
        return (
            f"{who}: where does {state.selected} set up ({anywhere})? "
            "To pick another block, undo (Ctrl+Z) takes this choice back."
        )
    spot = next_default(state)
    if spot:
        return (
            f"{who}: which block goes to {spot}, the scenario's start {default_slot(state)}? "
            f"(or pick a block to set up on {anywhere})"
        )
    return f"{who}: pick a block to set up on {anywhere}"


def place(state: GameState, seat: str, block: Block, label: str, default: bool) -> GameState:
    """``block`` set up on ``label``: the position is public, the type only to its side."""
    state = move_block(state, block, label)
    state = log(state, f"{seat} places a block at {named(label)}")
    ally = {"BLUE": "GREEN", "GREEN": "BLUE"}.get(seat, seat)
    state = log(state, f"{block.id} ({unit_type(block).name}) stands at {named(label)}", (seat, ally))
    return attrs.evolve(state, slot=state.slot + 1 if default else state.slot, selected="")


def deployed_all(state: GameState, seat: str) -> bool:
    return not any(b.seat == seat and b.status == UNDEPLOYED for b in state.blocks)
