"""What one seat may see. The White Cell sees everything; a player sees the public
record, its own private results, and other players' capabilities as last revealed.

Bots receive only ``view(state, seat)``, so a policy cannot read another seat's
secrets even by accident. The dice's future is hidden from every player (the seed and
the generator's position would predict the next rolls).
"""

from __future__ import annotations

import attrs

from .dice import Rng
from .state import WHITE, GameState


def view(state: GameState, seat: str) -> GameState:
    if seat == WHITE:
        return state
    players = tuple(
        p if p.id == seat else attrs.evolve(p, capabilities=dict(p.shown_capabilities)) for p in state.players
    )
    return attrs.evolve(
        state,
        seed=0,
        rng=Rng(0, 0),
        players=players,
        log=tuple(entry for entry in state.log if entry.visible(seat)),
        effects=tuple(e for e in state.effects if not e.private or e.player == seat),
        scheduled=tuple(s for s in state.scheduled if not s.private or s.player == seat),
        secrets=tuple(s for s in state.secrets if s.player == seat),
        activations={p: cards for p, cards in state.activations.items() if p == seat},
    )
