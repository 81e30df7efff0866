"""The basic computer player of the Grand Game (issue 35): a plain strategy, from its seat's
view alone, with no chance of its own and no trading.

Each phase it makes one plan from the public board (never from its own half-written draft,
so the plan is the same at every step of writing it): the allocation of
:mod:`.basic_alloc`, or the season's sheet of :mod:`.basic_orders`, as a list of lines
checked to be legal one after the other, with the draft as it stands before each. It then
walks the plan: the line numbered by its draft's count of edits, under that line's focus;
a draft that is not where the plan expects (another hand wrote on it) is handed in as it
is, or started again when it cannot be. Plans are kept by the public facts they were made
from, so the many small steps of writing a sheet cost one plan.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hedgemony_tui.table.contract import Choice

from ..engine.game import the_map
from ..engine.game_intents import (
    Buy,
    ClearOrders,
    DoneTrading,
    Focus,
    Intent,
    SealAllocation,
    SealOrders,
    Unbuy,
)
from ..engine.game_state import ALLOCATE, SEASONS, GrandState
from ..engine.units import UNITS
from .basic_alloc import allocation_plan
from .basic_orders import orders_plan, place_of
from .basic_read import BASIC, Style, score_leader

_PLANS: dict[tuple[Any, ...], tuple[tuple[Intent, ...], tuple[Any, ...]]] = {}
_KEEP = 64  # plans kept (a table of six seats needs six at a time)


def _key(view: GrandState, seat: str, style: Style) -> tuple[Any, ...]:
    """Everything public a plan is made from (two views equal here give the same plan)."""
    return (
        style,
        seat,
        view.turn,
        view.phase,
        view.revealed,
        view.stacks,
        tuple(sorted(view.owners.items())),
        tuple(sorted(view.year_owners.items())),
        tuple(sorted(view.values.items())),
        tuple(sorted(view.damage.items())),
        tuple(sorted(view.gdp.items())),
        tuple(sorted(view.set_aside.items())),
        tuple(sorted(view.francs.items())),
    )


def _bombs(view: GrandState, seat: str, style: Style) -> str | None:
    """Whose zones its bombers may strike: "" any enemy's, a seat only that one's, None none."""
    if not style.bombs:
        return None
    if style.bomb_leader:
        return score_leader(view.francs, view.start_gdp, view.seats, seat) or None
    return ""


def plan_for(view: GrandState, seat: str, style: Style = BASIC) -> tuple[tuple[Intent, ...], tuple[Any, ...]]:
    """The seat's plan for the phase: the lines and the draft (or sheet) before each."""
    key = _key(view, seat, style)
    plan = _PLANS.get(key)
    if plan is None:
        m = the_map()
        if view.phase == ALLOCATE:
            plan = allocation_plan(m, view, seat, style)
        else:
            plan = orders_plan(
                m, view.board(), seat, view.seats, view.phase, dict(view.values), style, _bombs(view, seat, style)
            )
        if len(_PLANS) >= _KEEP:
            _PLANS.clear()
        _PLANS[key] = plan
    return plan


class BasicPolicy:
    """Defends threatened borders, develops its richest zone, spends some GDP on politics,
    attacks where the visible odds pay; see the module's docstring for how it writes."""

    name = "basic"

    def __init__(self, style: Style = BASIC) -> None:
        self.style = style
        self.name = style.name

    def decide(self, view: GrandState, options: Sequence[Any]) -> Choice:
        seat = getattr(options[0], "seat", "")
        if view.phase == ALLOCATE:
            return self._allocate(view, seat, options)
        if view.phase in SEASONS:
            return self._orders(view, seat, options)
        done = next((o for o in options if isinstance(o, DoneTrading)), options[0])
        return Choice(done, "basic: computer players never trade Francs")

    def _allocate(self, view: GrandState, seat: str, options: Sequence[Any]) -> Choice:
        lines, drafts = plan_for(view, seat, self.style)
        draft = view.draft_of(seat)
        at = draft.edits
        if at < len(lines) and (drafts[at].politics, drafts[at].lines) == (draft.politics, draft.lines):
            if lines[at] in options:
                return Choice(lines[at], f"basic: {_why(lines[at])}")
        seal = next((o for o in options if isinstance(o, SealAllocation)), None)
        if seal is not None:
            return Choice(seal, "basic: the allocation is complete")
        # Off the plan (another hand wrote on the draft): buy the cheapest thing until it may be
        # sealed, or take a line off when it spends more than the GDP; never flip the level.
        buys = [o for o in options if isinstance(o, Buy)]
        if buys:
            cheapest = min(buys, key=lambda o: (UNITS[o.item].cost if o.item in UNITS else 2, o.item, o.place))
            return Choice(cheapest, "basic: spends what is left")
        unbuy = next((o for o in options if isinstance(o, Unbuy)), options[0])
        return Choice(unbuy, "basic: takes a line off to stay within its GDP")

    def _orders(self, view: GrandState, seat: str, options: Sequence[Any]) -> Choice:
        lines, sheets = plan_for(view, seat, self.style)
        draft = view.sheet_of(seat)
        at = draft.edits
        if at < len(lines) and sheets[at] == draft.sheet:
            line = lines[at]
            where = place_of(line)
            if draft.focus == where and line in options:
                return Choice(line, f"basic: {_why(line)}")
            if not draft.focus and Focus(seat, where) in options:
                return Choice(Focus(seat, where), f"basic: turns to {where}")
        if draft.focus:
            return Choice(Focus(seat, ""), "basic: back to the whole sheet")
        if SealOrders(seat) in options:
            return Choice(SealOrders(seat), "basic: its orders are complete")
        if ClearOrders(seat) in options:
            return Choice(ClearOrders(seat), "basic: the sheet went off its plan; it starts again")
        return Choice(options[0], "basic: nothing else on offer")


def _why(intent: Intent) -> str:
    return intent.describe()
