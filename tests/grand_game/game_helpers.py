"""Helpers for the Grand Game's rule tests: a game driven only through ``RULES.legal`` and
``RULES.apply`` (every step checked legal first), and a board set up for one situation.

A situation is set up by changing the board of a fresh state (who holds what, which counters
stand where); everything after that goes through the public path, so the tests exercise the
reducers a screen, a bot or the CLI would.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager

import attrs

from hedgemony_tui.games.grand_game.engine.game_intents import (
    Buy,
    DoneTrading,
    Focus,
    Intent,
    SealAllocation,
    SealOrders,
)
from hedgemony_tui.games.grand_game.engine.game_state import ALLOCATE, SEASONS, TRADE, GrandState, LogLine, Placed
from hedgemony_tui.games.grand_game.rules import RULES
from hedgemony_tui.table.saves import JournalEntry

SEATS = ("arvenne", "kesterland", "drovnia", "lusk", "pellia", "sorrel")


def start(seed: int = 1, turns: int = 0) -> GrandState:
    state: GrandState = RULES.setup(seed, {"turns": turns})
    return state


_journals: list[list[JournalEntry]] = []


@contextmanager
def recording() -> Iterator[list[JournalEntry]]:
    """Every intent applied inside the block, as a journal (for a replay Timeline)."""
    journal: list[JournalEntry] = []
    _journals.append(journal)
    try:
        yield journal
    finally:
        _journals.remove(journal)


def act(state: GrandState, intent: Intent) -> GrandState:
    """``intent`` applied, after checking the engine offers it (so a test never relies on
    ``apply`` accepting what ``legal`` would not list)."""
    assert intent in RULES.legal(state), f"not offered: {intent}"
    after: GrandState = RULES.apply(state, intent)
    for journal in _journals:
        journal.append(JournalEntry(intent.seat, intent))
    return after


def mine(state: GrandState, seat: str) -> list[Intent]:
    return [i for i in RULES.legal(state) if getattr(i, "seat", None) == seat]


def allocate(state: GrandState, seat: str, *lines: Intent) -> GrandState:
    """``seat`` writes ``lines`` (SetPolitics, Buy ...), then spends what is left on the
    cheapest things offered until the allocation may be sealed (L129), and seals it."""
    for line in lines:
        state = act(state, line)
    for _ in range(200):
        offered = mine(state, seat)
        if SealAllocation(seat) in offered:
            return act(state, SealAllocation(seat))
        buys = [i for i in offered if isinstance(i, Buy)]
        supply = [b for b in buys if b.item == "supply"]
        state = act(state, (supply or buys)[0])
    raise AssertionError(f"{seat} could not seal its allocation")


def allocate_all(state: GrandState, plans: Mapping[str, Iterable[Intent]] | None = None) -> GrandState:
    assert state.phase == ALLOCATE
    plans = plans or {}
    for seat in SEATS:
        if not state.draft_of(seat).sealed:
            state = allocate(state, seat, *plans.get(seat, ()))
    return state


def write(state: GrandState, seat: str, place: str, line: Intent) -> GrandState:
    """One line of ``seat``'s sheet: turn to ``place``, write ``line`` (back to the sheet)."""
    return act(act(state, Focus(seat, place)), line)


def seal_orders(state: GrandState) -> GrandState:
    assert state.phase in SEASONS
    for seat in SEATS:
        if not state.sheet_of(seat).sealed:
            state = act(state, SealOrders(seat))
    return state


def season(state: GrandState, *lines: tuple[str, str, Intent]) -> GrandState:
    """One season: each (seat, place, line) written, then every sheet handed in."""
    for seat, place, line in lines:
        state = write(state, seat, place, line)
    return seal_orders(state)


def done_trading(state: GrandState) -> GrandState:
    assert state.phase == TRADE
    for seat in SEATS:
        if seat not in state.traded:
            state = act(state, DoneTrading(seat))
    return state


def year(state: GrandState) -> GrandState:
    """A whole quiet year: default allocations, three seasons of default sheets, no trade."""
    state = allocate_all(state)
    for _ in SEASONS:
        state = seal_orders(state)
    return done_trading(state)


def placed(state: GrandState, place: str, seat: str) -> Placed:
    return next((p for p in state.stacks if (p.place, p.seat) == (place, seat)), Placed(place, seat))


def arrange(
    state: GrandState,
    stacks: Mapping[tuple[str, str], Mapping[str, int]] | None = None,
    owners: Mapping[str, str] | None = None,
) -> GrandState:
    """The state with some stacks replaced (an empty mapping removes one) and some owners
    changed; the year's owners follow, as if the board had stood so since the year began."""
    rows = {(p.place, p.seat): p for p in state.stacks}
    for (place, seat), counts in (stacks or {}).items():
        rows[(place, seat)] = Placed(place, seat, **counts)
    kept = tuple(p for _, p in sorted(rows.items()) if any(attrs.astuple(p)[2:]))
    new_owners = {**state.owners, **(owners or {})}
    return attrs.evolve(state, stacks=kept, owners=new_owners, year_owners=dict(new_owners))


def texts(state: GrandState, since: int = 0, seat: str | None = None) -> list[str]:
    """The log's lines from ``since`` on (only the public ones and ``seat``'s, when named)."""
    return [ln.text for ln in state.log[since:] if seat is None or ln.seat in ("", seat)]


def lines_of(state: GrandState, turn: int, phase: str) -> list[LogLine]:
    return [ln for ln in state.log if ln.turn == turn and ln.phase == phase]
