"""The basic computer player: for every status, a plan from its seat's view (see
:mod:`.plans` for each decision and :mod:`.speeches` for what it says first).

In short: a win shared by k states is worth 1/k to each (:mod:`.outlook`), so a free
state supports the antisystemic revolution only when the game going on promises it less
(a later sole win, the last cycle's revolution, a terrorist's union), and leaves a
world-empire that would end the game while it still expects anything; a contender
declares an empire only when it wins anyway; the hegemon invests in its allies and
annexes the likeliest terrorist or the largest peripheral state (ties by a keyed hash of
the public deal, never the seat order); the talks go after the likeliest terrorist by the
public record; the terrorists stay covert, stage a coup in the richest state within reach,
and make their union unless the game going on promises them more. It draws no chance:
the same view gives the same choice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hedgemony_tui.table.contract import Choice

from ..engine.intents import Annex, Coup, Declare, InvestVote, Join, Nominate, Promote, Revolt, RogueVote, Speak
from ..engine.state import WorldState
from . import plans
from .speeches import speech


def _targets(options: Sequence[Any], attr: str = "target") -> tuple[str, ...]:
    return tuple(getattr(o, attr) for o in options if getattr(o, attr))


class BasicPolicy:
    name = "basic"

    def decide(self, view: WorldState, options: Sequence[Any]) -> Choice:
        first = options[0]
        seat = first.seat
        if isinstance(first, Speak):
            said = speech(view, seat)
            return Choice(Speak(seat, said.value), f"basic: {said.reason}", public_reason=said.public)
        made = self._plan(view, seat, first, options)
        if made is None:
            return Choice(first, "basic: nothing to weigh here", public_reason=True)
        plan, build = made
        intent = build(plan.value)
        if intent not in options:
            return Choice(first, f"basic: its plan ({plan.reason}) is not on offer", public_reason=False)
        return Choice(intent, f"basic: {plan.reason}", public_reason=plan.public)

    def _plan(
        self, view: WorldState, seat: str, first: Any, options: Sequence[Any]
    ) -> tuple[plans.Plan, Callable[[str], Any]] | None:
        if isinstance(first, Promote):
            return plans.promotion(view, seat, _targets(options)), lambda v: Promote(seat, v)
        if isinstance(first, InvestVote):
            return plans.investment(view, seat, _targets(options)), lambda v: InvestVote(seat, v)
        if isinstance(first, Annex):
            return plans.annexation(view, seat, _targets(options)), lambda v: Annex(seat, v)
        if isinstance(first, Nominate):
            return plans.nomination(view, seat, _targets(options)), lambda v: Nominate(seat, v)
        if isinstance(first, RogueVote):
            return plans.rogue_ballot(view, seat, _targets(options)), lambda v: RogueVote(seat, v)
        if isinstance(first, Declare):
            return plans.declaration(view, seat), lambda v: Declare(seat, v)
        if isinstance(first, Join):
            return plans.alliance(view, seat), lambda v: Join(seat, v)
        if isinstance(first, Coup):
            return plans.coup(view, seat, _targets(options)), lambda v: Coup(seat, v)
        if isinstance(first, Revolt):
            return plans.revolution(view, seat), lambda v: Revolt(seat, v == "yes")
        return None
