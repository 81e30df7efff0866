"""Small state edits shared by the engine's modules: replace a block, log a line, reveal
blocks, move a block, note who last crossed a bridge; and how prompts name hexes and
commanders."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from .board import board
from .data import game_data
from .state import ON_MAP, Block, GameState, LogLine


def update(state: GameState, block: Block) -> GameState:
    return attrs.evolve(state, blocks=tuple(block if b.id == block.id else b for b in state.blocks))


COMMANDERS = {
    "RED134": "134th Regiment",
    "RED218": "218th Regiment",
    "BLUE": "32nd Brigade",
    "GREEN": "Territorial Defence",
}
"""Each commander as the prompts name it (the seat ids stay in the log and the intents)."""


def commander(seat: str) -> str:
    """A seat as a player reads it in a prompt ("134th Regiment" for RED134)."""
    return COMMANDERS.get(seat, seat)


def named(label: str) -> str:
    """A hex as a player reads it in the log: its label, and its town's name if it has one."""
    town = board().towns.get(label)
    return f"{label} ({town})" if town else label


def log(state: GameState, text: str, seats: tuple[str, ...] = ()) -> GameState:
    return attrs.evolve(state, log=(*state.log, LogLine(state.turn, text, seats, len(state.log) + 1)))


def reveal(state: GameState, ids: Iterable[str], why: str) -> GameState:
    """Reveal these blocks to everyone; counts as a reveal (an undo barrier) if any was hidden."""
    shown = []
    for bid in dict.fromkeys(ids):
        b = state.block(bid)
        if not b.revealed:
            state = update(state, attrs.evolve(b, revealed=True))
            shown.append(f"{b.id} {game_data().types[b.kind].name.lower()}")
    if not shown:
        return state
    state = attrs.evolve(state, reveal_seq=state.reveal_seq + 1)
    return log(state, f"Revealed ({why}): " + ", ".join(shown))


def move_block(state: GameState, block: Block, to: str) -> GameState:
    return update(state, attrs.evolve(block, hex=to, status=ON_MAP))


def record_bridges(state: GameState, route: Iterable[str], side: str) -> GameState:
    hexes = list(route)
    brd = board()
    held = dict(state.bridges)
    for a, b in zip(hexes, hexes[1:]):
        bridge = brd.bridge(a, b) if brd.on_map(a) and brd.on_map(b) else ""
        if bridge:
            held[bridge] = side
    return attrs.evolve(state, bridges=tuple(sorted(held.items())))
