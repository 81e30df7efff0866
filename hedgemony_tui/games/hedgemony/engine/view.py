"""What one seat may see. The White Cell sees everything; a player sees the public
record, its own private results, and other players' capabilities as last revealed.

Bots receive only ``view(state, seat)``, so a policy cannot read another seat's
secrets even by accident. The dice's future is hidden from every player (the seed and
the generator's position would predict the next rolls).
"""

from __future__ import annotations

import attrs

from hedgemony_tui.table.dice import Rng
from .state import WHITE, GameState, LogEntry


# Per seat, the last log filtered and what it gave. The log only ever grows by appending
# new entries, so if the entry at the old end is the very same object, everything before it
# is the same too and only the new entries need filtering (a bot asks for a view at every
# decision; filtering the whole log each time made a game quadratic in its length).
_filtered: dict[str, tuple[tuple[LogEntry, ...], tuple[LogEntry, ...]]] = {}


def visible_log(log: tuple[LogEntry, ...], seat: str) -> tuple[LogEntry, ...]:
    cached = _filtered.get(seat)
    if cached is not None:
        old, seen = cached
        if old and len(old) <= len(log) and log[len(old) - 1] is old[-1]:
            shown = seen + tuple(entry for entry in log[len(old):] if entry.visible(seat))
            _filtered[seat] = (log, shown)
            return shown
    shown = tuple(entry for entry in log if entry.visible(seat))
    _filtered[seat] = (log, shown)
    return shown


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
        log=visible_log(state.log, seat),
        effects=tuple(e for e in state.effects if not e.private or e.player == seat),
        scheduled=tuple(s for s in state.scheduled if not s.private or s.player == seat),
        secrets=tuple(s for s in state.secrets if s.player == seat),
        activations={p: cards for p, cards in state.activations.items() if p == seat},
    )
