"""The Grand Game's reducers: who owes what now, every intent allowed, and the next state.

Allocation and the seasons' orders are owed by every seat still in the game at once, each
writing its own sealed draft (:mod:`.game_alloc`, :mod:`.game_orders`); the last seal of a
phase carries it out (the seasons through :mod:`.game_season`, reconciliation and the end
through :mod:`.game_year`). The trade is open: each seat pays Francs or says it is done.
"""

from __future__ import annotations

from functools import cache

import attrs

from hedgemony_tui.table.errors import IllegalIntent

from . import game_alloc, game_orders
from . import map as M
from .counts import kind_count
from .game_intents import (
    ORDER_TYPES,
    Buy,
    ClearOrders,
    DoneTrading,
    Focus,
    GiveFrancs,
    Intent,
    SealAllocation,
    SealOrders,
    SetPolitics,
    Unbuy,
)
from .game_season import resolve_season
from .game_state import ALLOCATE, SEASONS, TRADE, GrandState, SheetDraft
from .game_year import alive, end_of_year, give, reconcile
from .map_data import GameMap
from .orders import Cargo, FleetOrder, OrderSheet
from .orders_words import name
from .sheet_edit import default_sheet

TRANSFER_AMOUNTS = (1, 5, 10)
"""The Franc payments offered one at a time (a larger payment is several)."""


@cache
def the_map() -> GameMap:
    return M.the_map()


def pending_seats(state: GrandState) -> tuple[str, ...]:
    if state.over:
        return ()
    if state.phase == ALLOCATE:
        return tuple(s for s in state.seats if not state.draft_of(s).sealed)
    if state.phase in SEASONS:
        return tuple(s for s in state.seats if not state.sheet_of(s).sealed)
    if state.phase == TRADE:
        return tuple(s for s in state.seats if s not in state.traded)
    return ()


def legal_for(state: GrandState, seat: str) -> list[Intent]:
    """Every intent ``seat`` may make now (none if it owes nothing)."""
    if seat not in pending_seats(state):
        return []
    m = the_map()
    if state.phase == ALLOCATE:
        return game_alloc.allocation_options(m, state, seat)
    if state.phase in SEASONS:
        draft = state.sheet_of(seat)
        return game_orders.order_options(m, state.board(), seat, draft.sheet, state.seats, draft.focus)
    out: list[Intent] = []
    have = state.francs.get(seat, 0)
    for other in state.seats:
        if other != seat:
            out += [GiveFrancs(seat, other, n) for n in TRANSFER_AMOUNTS if n <= have]
    out.append(DoneTrading(seat))
    return out


def legal(state: GrandState) -> list[Intent]:
    return [intent for seat in pending_seats(state) for intent in legal_for(state, seat)]


def apply(state: GrandState, intent: Intent) -> GrandState:
    seat = getattr(intent, "seat", None)
    allowed = legal_for(state, seat) if isinstance(seat, str) else []
    if intent not in allowed:
        raise IllegalIntent(_refusal(state, intent, seat))
    m = the_map()
    assert isinstance(seat, str)
    if isinstance(intent, SetPolitics | Buy | Unbuy | SealAllocation):
        state = state.with_draft(game_alloc.write(state.draft_of(seat), intent))
        if isinstance(intent, SealAllocation):
            state = state.logged(_allocation_words(m, state, seat), seat=seat)
            state = state.logged(f"{seat} seals its allocation.")
            if not pending_seats(state):
                state = _open_season(m, state.logged("Every allocation is sealed."), SEASONS[0])
        return state
    if isinstance(intent, ORDER_TYPES):
        draft = state.sheet_of(seat)
        if isinstance(intent, SealOrders):
            state = state.with_sheet(attrs.evolve(draft, sealed=True))
            state = state.logged(_sheet_words(m, state, draft.sheet), seat=seat)
            state = state.logged(f"{seat} hands in its orders.")
            return _season_done(m, state) if not pending_seats(state) else state
        if isinstance(intent, Focus):
            return state.with_sheet(attrs.evolve(draft, focus=intent.place))
        board = state.board()
        if isinstance(intent, ClearOrders):
            sheet = default_sheet(m, board, seat)
        else:
            sheet = game_orders.write(m, board, draft.sheet, intent)
        # Each line written returns to the whole sheet (game_orders' docstring says why).
        return state.with_sheet(attrs.evolve(draft, sheet=sheet, focus="", edits=draft.edits + 1))
    if isinstance(intent, GiveFrancs):
        return give(state, seat, intent.to, intent.amount)
    if isinstance(intent, DoneTrading):
        state = attrs.evolve(state, traded=(*state.traded, seat)).logged(f"{seat} is done trading.")
        return end_of_year(m, state) if not pending_seats(state) else state
    raise IllegalIntent(_refusal(state, intent, seat))  # pragma: no cover - legal() offers nothing else


def _allocation_words(m: GameMap, state: GrandState, seat: str) -> str:
    """The seat's own record of what it sealed (its journal keeps it; others see it at reconciliation)."""
    draft = state.draft_of(seat)
    bought = ", ".join(f"{kind_count(ln.count, ln.item)} at {name(m, ln.place)}" for ln in draft.lines) or "nothing"
    return f"Your allocation, sealed: politics {draft.politics}%; {bought}."


def _cargo_words(cargo: Cargo) -> str:
    return ", ".join(kind_count(n, k) for k in ("infantry", "armor", "supplies") if (n := getattr(cargo, k)))


def _fleet_words(m: GameMap, f: FleetOrder) -> str:
    """One fleet order in words, with its loading, landing and shipping (a newcomer's "Your
    orders" line named only the fleet's move, so a landing written was not in the record)."""
    text = f"fleets at {name(m, f.place)} {f.order}" + (f" to {name(m, f.to)}" if f.to else "")
    if f.attack_port:
        text += f", attacking the port of {name(m, f.attack_port)}"
    if f.shipping:
        text += f", attacking shipping in {name(m, f.shipping)}"
    if not f.load.empty and f.load_from:
        text += f", loading {_cargo_words(f.load)} from {name(m, f.load_from)}"
    if not f.unload.empty and f.unload_to:
        text += f", landing {_cargo_words(f.unload)} at {name(m, f.unload_to)} ({f.landing})"
    return text


def _sheet_words(m: GameMap, state: GrandState, sheet: OrderSheet) -> str:
    """The seat's own record of the sheet it handed in, in one line."""
    parts = []
    for entry in sheet.land:
        for mv in entry.moves:
            what = ", ".join(
                kind_count(n, k) for k in ("infantry", "armor", "supplies", "aircraft") if (n := getattr(mv, k))
            )
            if mv.by_rail:
                how = "by rail"
            elif state.owners.get(mv.to) == sheet.seat:
                # Into a territory the seat holds: a march, not an attack, whatever order the
                # move carries (a newcomer read "advance" on a walk into its own land).
                how = "march"
            else:
                how = mv.order
            back = f", retreat to {name(m, mv.retreat)}" if mv.retreat else ""
            parts.append(f"{what} {name(m, entry.territory)} to {name(m, mv.to)} ({how}{back})")
        if entry.stance != "defend":
            parts.append(f"{name(m, entry.territory)} {entry.stance}")
        if entry.retreat:
            # A tester's fallback was on the sheet but not in its record of the sheet.
            parts.append(f"{name(m, entry.territory)} falls back to {name(m, entry.retreat)}")
    parts += [
        _fleet_words(m, f)
        for f in sheet.fleets
        if f.to or f.order != "patrol" or f.attack_port or f.shipping or not f.unload.empty or not f.load.empty
    ]
    parts += [f"{a.count} aircraft from {name(m, a.place)} over {name(m, a.zone)}" for a in sheet.air if a.zone]
    parts += [f"bomb {', '.join(name(m, z) for z in t.bombing)}" for t in sheet.air_tasks if t.bombing]
    parts += [f"leave of {p.kind} to {p.grantee}" for p in sheet.permissions]
    return "Your orders, handed in: " + ("; ".join(parts) if parts else "everything stays as it is") + "."


def _open_season(m: GameMap, state: GrandState, season: str) -> GrandState:
    board = state.board()
    sheets = tuple(
        SheetDraft(seat, default_sheet(m, board, seat), sealed=not alive(state, seat)) for seat in state.seats
    )
    state = attrs.evolve(state, phase=season, sheets=sheets)
    return state.logged(f"Year {state.turn}, {season}: every country writes its orders, sealed until all are in.")


def _season_done(m: GameMap, state: GrandState) -> GrandState:
    sheets: dict[str, OrderSheet] = {d.seat: d.sheet for d in state.sheets if alive(state, d.seat)}
    season = state.phase
    state = resolve_season(m, state, sheets)
    index = SEASONS.index(season)
    if index + 1 < len(SEASONS):
        return _open_season(m, state, SEASONS[index + 1])
    return reconcile(m, state)


def _refusal(state: GrandState, intent: object, seat: object) -> str:
    what = _describe(intent)
    if state.over:
        return f"{what} is not allowed: the game is over"
    owed = pending_seats(state)
    if not isinstance(seat, str) or seat not in owed:
        return f"{what} is not allowed now: the {state.phase} phase waits on {', '.join(owed) or 'nobody'}"
    return f"{what} is not allowed now; {seat} may: " + "; ".join(i.describe() for i in legal_for(state, seat)[:12])


def _describe(intent: object) -> str:
    describe = getattr(intent, "describe", None)
    try:
        return str(describe()) if callable(describe) else repr(intent)
    except Exception:  # a foreign object's describe() may fail in any way
        return repr(intent)
