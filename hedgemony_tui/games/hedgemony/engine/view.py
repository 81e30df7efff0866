"""What one seat may see. The White Cell sees everything; a player sees the public
record, its own private results, and other players' capabilities as last revealed.

Bots receive only ``view(state, seat)``, so a policy cannot read another seat's
secrets even by accident. The dice's future is hidden from every player (the seed and
the generator's position would predict the next rolls).
"""

from __future__ import annotations

from collections import OrderedDict

import attrs

from hedgemony_tui.table.dice import Rng
from .state import WHITE, CardRun, GameState, LogEntry, Stage


class VisibleLogs:
    """Per game and seat, the last log filtered and what it gave.

    The log only ever grows by appending new entries, so if the entry at the old end is
    the very same object, everything before it is the same too and only the new entries
    need filtering (a bot asks for a view at every decision; filtering the whole log each
    time made a game quadratic in its length).

    A game is known by its first log entry, the setup line: one object per game, shared
    by every state that continues it (a bot's what-if copies included), and held here
    while remembered, so its identity cannot pass to another game's entry. Two games in
    one process therefore keep apart memos. Bounded: past ``limit`` games and seats, the
    one asked for least recently is forgotten.
    """

    def __init__(self, limit: int = 64) -> None:
        self.limit = limit
        self._memos: OrderedDict[tuple[int, str], tuple[tuple[LogEntry, ...], tuple[LogEntry, ...]]] = OrderedDict()

    def filter(self, log: tuple[LogEntry, ...], seat: str) -> tuple[LogEntry, ...]:
        if not log:
            return ()
        key = (id(log[0]), seat)
        cached = self._memos.get(key)
        if cached is not None:
            old, seen = cached
            if old[0] is log[0] and len(old) <= len(log) and log[len(old) - 1] is old[-1]:
                return self._keep(key, log, seen + tuple(entry for entry in log[len(old):] if entry.visible(seat)))
        return self._keep(key, log, tuple(entry for entry in log if entry.visible(seat)))

    def _keep(self, key: tuple[int, str], log: tuple[LogEntry, ...], shown: tuple[LogEntry, ...]) -> tuple[LogEntry, ...]:
        self._memos[key] = (log, shown)
        self._memos.move_to_end(key)
        if len(self._memos) > self.limit:
            self._memos.popitem(last=False)
        return shown


_VISIBLE_LOGS = VisibleLogs()


def visible_log(log: tuple[LogEntry, ...], seat: str) -> tuple[LogEntry, ...]:
    """The entries of ``log`` that ``seat`` may see."""
    return _VISIBLE_LOGS.filter(log, seat)


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
        run=_sealed_votes(state, seat),
    )


def _sealed_votes(state: GameState, seat: str) -> CardRun | None:
    """A card's votes stay sealed until all are in (the stage moves on and the log shows
    them): a voter sees only its own; who is still to vote shows in the queue."""
    run = state.run
    if run is None or run.stage is not Stage.VOTE or not run.votes:
        return run
    return attrs.evolve(run, votes={p: v for p, v in run.votes.items() if p == seat})
