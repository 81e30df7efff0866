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

from .state import WHITE, CardRun, Change, GameState, LogEntry, Phase, PlayerState, Stage, Unseen


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
                return self._keep(key, log, seen + tuple(entry for entry in log[len(old) :] if entry.visible(seat)))
        return self._keep(key, log, tuple(entry for entry in log if entry.visible(seat)))

    def _keep(
        self, key: tuple[int, str], log: tuple[LogEntry, ...], shown: tuple[LogEntry, ...]
    ) -> tuple[LogEntry, ...]:
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
    hidden = _unseen_by(state, seat)
    players = tuple(p if p.id == seat else _shown_player(p, hidden) for p in state.players)
    state = _without_secret_events(state, seat)
    return attrs.evolve(
        state,
        seed=0,
        rng=Rng(0, 0),
        players=players,
        unseen=(),
        log=_shown_balances(visible_log(state.log, seat), hidden),
        effects=tuple(e for e in state.effects if not e.private or e.player == seat),
        scheduled=tuple(s for s in state.scheduled if not s.private or s.player == seat),
        secrets=tuple(s for s in state.secrets if s.player == seat),
        activations={p: cards for p, cards in state.activations.items() if p == seat},
        run=_sealed_votes(state, seat),
        signals=_sealed_signals(state, seat),
    )


def _unseen_by(state: GameState, seat: str) -> tuple[Unseen, ...]:
    """The private RP/IP changes ``seat`` did not see, other than its own balances (a
    player always knows its own counters). None once the game is over: the final
    balances decide it in the open."""
    if state.phase is Phase.OVER:
        return ()
    return tuple(u for u in state.unseen if seat not in u.seen_by and u.player != seat)


def _shown_player(player: PlayerState, hidden: tuple[Unseen, ...]) -> PlayerState:
    """Another player as ``seat`` knows it: capabilities as last revealed, and RPs and
    IPs without the private changes it did not see (RPs never below zero: what was
    spent of a hidden gain shows as spent from nothing)."""
    rp = player.rp - sum(u.delta for u in hidden if u.player == player.id and u.what == "rp")
    ip = player.ip - sum(u.delta for u in hidden if u.player == player.id and u.what == "ip")
    return attrs.evolve(player, capabilities=dict(player.shown_capabilities), rp=max(0, rp), ip=ip)


def _shown_balances(log: tuple[LogEntry, ...], hidden: tuple[Unseen, ...]) -> tuple[LogEntry, ...]:
    """The balances printed in public log lines after a private change, without it.
    Only lines from the first hidden change on are touched (usually none)."""
    if not hidden:
        return log
    first = min(u.seq for u in hidden)
    start = next((i for i, entry in enumerate(log) if entry.seq > first), len(log))
    return log[:start] + tuple(_entry_without(entry, hidden) for entry in log[start:])


def _entry_without(entry: LogEntry, hidden: tuple[Unseen, ...]) -> LogEntry:
    if not entry.changes:
        return entry

    def shown(c: Change) -> Change:
        if c.what not in ("rp", "ip"):
            return c
        balance = c.balance - sum(
            u.delta for u in hidden if u.player == c.player and u.what == c.what and u.seq < entry.seq
        )
        return attrs.evolve(c, balance=max(0, balance) if c.what == "rp" else balance)

    changes = tuple(shown(c) for c in entry.changes)
    return attrs.evolve(entry, changes=changes) if changes != entry.changes else entry


def _without_secret_events(state: GameState, seat: str) -> GameState:
    """Private events (ch. 3) stay between the affected player and the White Cell: to
    anyone else the card was never played, and nothing of it is in play."""
    hidden = {card for card, player in state.secret_events.items() if player != seat}
    if not hidden:
        return state
    run = state.run if state.run is None or state.run.card not in hidden else None
    request = state.roll_request if state.roll_request is None or state.roll_request.card not in hidden else None
    return attrs.evolve(
        state,
        played={p: tuple(c for c in cards if c not in hidden) for p, cards in state.played.items()},
        last_played={k: v for k, v in state.last_played.items() if k.partition(":")[2] not in hidden},
        run=run,
        roll_request=request,
        secret_events={k: v for k, v in state.secret_events.items() if k not in hidden},
    )


def _sealed_signals(state: GameState, seat: str) -> dict[str, tuple[str, ...]]:
    """Signals stay sealed until every Red player has chosen (ch. 3: all pick, then all
    lay their cards down): a player sees only its own; who is still to choose shows in
    the queue."""
    if state.phase is not Phase.SIGNALING or not state.queue:
        return state.signals
    return {p: cards for p, cards in state.signals.items() if p == seat}


def _sealed_votes(state: GameState, seat: str) -> CardRun | None:
    """A card's votes stay sealed until all are in (the stage moves on and the log shows
    them): a voter sees only its own; who is still to vote shows in the queue."""
    run = state.run
    if run is None or run.stage is not Stage.VOTE or not run.votes:
        return run
    return attrs.evolve(run, votes={p: v for p, v in run.votes.items() if p == seat})
