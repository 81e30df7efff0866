"""Small positions for Hex Encounters' rule tests: blocks placed by hand on the map."""

from __future__ import annotations

from typing import Any

import attrs

from hedgemony_tui.games.hex_encounters.engine import flow
from hedgemony_tui.games.hex_encounters.engine.state import ON_MAP, GameState


def position(
    placements: dict[str, tuple[str, str]],
    phase: str = "red-attack",
    seat: str = "RED134",
    **changes: Any,  # any other GameState fields, each of its own type
) -> GameState:
    """A game at ``phase`` with only the placed blocks on the map (id -> (type, hex));
    Red's others wait off the map, Blue's and Green's others are not deployed."""
    state = flow.new_game(1, 8)
    blocks = []
    for b in state.blocks:
        if b.id in placements:
            kind, where = placements[b.id]
            b = attrs.evolve(b, kind=kind, hex=where, status=ON_MAP)
        blocks.append(b)
    return attrs.evolve(state, blocks=tuple(blocks), phase=phase, seat=seat, **changes)


def hurt(state: GameState, bid: str, loss: int) -> GameState:
    state.block(bid)
    return attrs.evolve(state, blocks=tuple(attrs.evolve(x, loss=loss) if x.id == bid else x for x in state.blocks))
