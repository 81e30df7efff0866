"""What a seat may see, and the states the privacy checks compare it against.

Allies see each other's blocks; the enemy sees a hidden block's side, commander, hex
and cohesion cubes but not its type. A view blanks the type of every enemy block that is
not revealed, drops the log lines meant for others, and hides the dice's seed."""

from __future__ import annotations

import attrs

from hedgemony_tui.table.dice import Rng

from .data import game_data
from .state import SEATS, GameState, side_of


def view(state: GameState, seat: str) -> GameState:
    """``seat``'s view; any other name (the public, nobody yet) sees no hidden type."""
    side = side_of(seat) if seat in SEATS else ""
    blocks = tuple(b if b.side == side or b.revealed else attrs.evolve(b, kind="") for b in state.blocks)
    log = tuple(line for line in state.log if not line.seats or seat in line.seats)
    # A recce offered a look is known to be a recce: only its own side sees the offer.
    detecting = state.detecting if state.detecting and state.block(state.detecting).side == side else ""
    return attrs.evolve(state, seed=0, rng=Rng(0), blocks=blocks, log=log, detecting=detecting)


def vary_secrets(state: GameState, seat: str, salt: int) -> GameState:
    """The same game but for what ``seat`` may not see: the types of the enemy's hidden
    blocks dealt again (each keeping its cubes, within its new type's cohesion), the
    enemy's private log lines, and the dice's seed."""
    side = side_of(seat)
    types = game_data().types
    blocks = list(state.blocks)
    for owner in sorted({b.seat for b in blocks if b.side != side}):
        hidden = [i for i, b in enumerate(blocks) if b.seat == owner and b.alive and not b.revealed]
        rotation = salt % len(hidden) if hidden else 0
        for n in range(len(hidden)):
            i, j = hidden[n], hidden[(n + rotation) % len(hidden)]
            a, b = blocks[i], blocks[j]
            if a.kind != b.kind and a.loss < types[b.kind].cohesion and b.loss < types[a.kind].cohesion:
                blocks[i], blocks[j] = attrs.evolve(a, kind=b.kind), attrs.evolve(b, kind=a.kind)
    log = tuple(
        attrs.evolve(line, text=f"{line.text} [{salt}]") if line.seats and seat not in line.seats else line
        for line in state.log
    )
    seed = state.seed + salt + 1
    return attrs.evolve(state, blocks=tuple(blocks), log=log, seed=seed, rng=Rng(seed, state.rng.draws, state.rng.keys))
