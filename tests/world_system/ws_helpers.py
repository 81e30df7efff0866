"""Games of the world-system HEGEMONY set up for the rules tests.

Every state a test looks at is reached through the public path: ``RULES.setup`` and then
``RULES.apply`` of intents taken from ``RULES.legal``. A :class:`Plan` says which of the
legal intents to take at each kind of decision (the first one unless told otherwise), and
:func:`play` applies them until a condition holds. Where a test needs a situation that
random deals reach only rarely (a given terrorist, two strikebreakers, a tie), it edits
the nations of a real state with ``attrs.evolve`` and then plays on through ``legal`` and
``apply`` again.

The known deal (:func:`fixed`), in seat order::

    core:           Italy (the hegemon, 32), Spain (16), Netherlands (16)
    semiperipheral: France, England, Germany (8 each)
    peripheral:     USA, Russia, Turkey, Japan, China, India (4 each)
    terrorist:      China
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

from hedgemony_tui.games.world_system.engine.intents import (
    Annex,
    Coup,
    Declare,
    InvestVote,
    Join,
    Nominate,
    Proceed,
    Promote,
    Revolt,
    RogueVote,
    Speak,
)
from hedgemony_tui.games.world_system.engine.state import Nation, WorldState
from hedgemony_tui.games.world_system.engine.world import MODERATOR, Status, world
from hedgemony_tui.games.world_system.rules import RULES

CORES = ("italy", "spain", "netherlands")
SEMIS = ("france", "england", "germany")
PERIPHERALS = ("usa", "russia", "turkey", "japan", "china", "india")
HEGEMON = "italy"
TERRORIST = "china"

# The field each kind of intent chooses, for Plan's rules.
_FIELD: dict[type, str] = {
    Speak: "text",
    Promote: "target",
    InvestVote: "target",
    Annex: "target",
    Nominate: "target",
    RogueVote: "target",
    Declare: "goal",
    Join: "contender",
    Coup: "target",
    Revolt: "support",
}
_KEY: dict[str, type] = {
    "speak": Speak,
    "promote": Promote,
    "invest": InvestVote,
    "annex": Annex,
    "nominate": Nominate,
    "rogue": RogueVote,
    "declare": Declare,
    "join": Join,
    "coup": Coup,
    "revolt": Revolt,
}

Rule = Callable[[WorldState, str], Any]


class Plan:
    """Which intent to take at each decision. Each keyword (speak, promote, invest, annex,
    nominate, rogue, declare, join, coup, revolt) is the value of the intent's choice (a
    target, a contender, a goal, True/False for the revolution) or a function of
    ``(state, seat)`` giving it; ``None`` from a function takes the first legal intent.

    Unless told otherwise the plan keeps the game going to its natural end: contenders
    declare world-economy, terrorists stage no coup, and nobody supports a revolution."""

    def __init__(self, **rules: Any) -> None:
        unknown = set(rules) - set(_KEY)
        if unknown:
            raise TypeError(f"no such decision {sorted(unknown)} (the decisions are {sorted(_KEY)})")
        defaults: dict[str, Any] = {"declare": "world-economy", "coup": "", "revolt": False}
        self.rules: dict[type, Any] = {_KEY[k]: v for k, v in {**defaults, **rules}.items()}

    def pick(self, state: WorldState, options: list[Any]) -> Any:
        first = options[0]
        seat = first.seat
        mine = [o for o in options if o.seat == seat and type(o) is type(first)]
        rule = self.rules.get(type(first))
        want = rule(state, seat) if callable(rule) else rule
        if want is None or isinstance(first, Proceed):
            return mine[0]
        intent = type(first)(seat, want)
        if not isinstance(intent, Speak):
            assert intent in mine, f"the plan wants {intent}, which is not legal now (legal: {mine})"
        return intent


def joining(*contenders: str) -> Rule:
    """A ``join`` rule: the first of ``contenders`` that is contending, else the first offered."""
    return lambda s, seat: next((c for c in contenders if c in s.contenders), None)


SPAIN_WINS = Plan(join=joining("spain"))
"""With the known deal, everyone joins Spain in cycle 1's war (Spain becomes hegemon)."""


def at(stage: str, cycle: int) -> Callable[[WorldState], bool]:
    """The condition: the game waits at ``stage`` of ``cycle``."""
    return lambda s: s.stage == stage and s.cycle == cycle


def play(
    state: WorldState,
    until: Callable[[WorldState], bool],
    plan: Plan | None = None,
    *,
    limit: int = 2000,
) -> WorldState:
    """Apply the plan's picks from ``RULES.legal`` until ``until(state)`` (or the end, which
    must then be what ``until`` waited for); every state passes ``RULES.check``."""
    plan = plan or Plan()
    for _ in range(limit):
        if until(state):
            return state
        assert not state.over, f"the game ended ({state.ending}) before the condition was met"
        state = RULES.apply(state, plan.pick(state, RULES.legal(state)))
        assert not RULES.check(state), RULES.check(state)
    raise AssertionError("the condition was never met")


def reach(state: WorldState, stage: str, cycle: int, plan: Plan | None = None) -> WorldState:
    return play(state, at(stage, cycle), plan)


def to_end(state: WorldState, plan: Plan | None = None) -> WorldState:
    return play(state, lambda s: s.over, plan)


def proceed(state: WorldState) -> WorldState:
    """The moderator's step at the stage the game waits at."""
    return RULES.apply(state, Proceed(MODERATOR))


def fixed(
    seed: int = 1,
    *,
    terrorists: Iterable[str] = (TERRORIST,),
    speeches: bool = False,
    **options: object,
) -> WorldState:
    """A new game (speeches off unless asked) with the known deal of the module docstring
    in place of the seed's, ``terrorists`` holding the covert card; the journal is written
    as the engine writes a deal (one public line, one secret line to each terrorist)."""
    w = world()
    secret = set(terrorists)
    state = RULES.setup(seed, {"speeches": speeches, **options})
    nations = []
    for sid in w.ids:
        status = Status.CORE if sid in CORES else Status.SEMI if sid in SEMIS else Status.PERIPHERAL
        capital = w.hegemon_capital if sid == HEGEMON else w.capital[status]
        nations.append(
            Nation(
                id=sid,
                status=status,
                capital=capital,
                start=status,
                best=status,
                terrorist=sid in secret,
                terrorist_since=0 if sid in secret else -1,
            )
        )
    state = attrs.evolve(state, nations=tuple(nations), hegemon=HEGEMON, log=())
    state = state.logged("The cards are dealt (the tests' known deal).")
    for sid in w.ids:
        if sid in secret:
            state = state.logged(f"Secret: {state.name(sid)} holds the terrorist card.", to=(sid,))
    return state


def edit(state: WorldState, **changes: dict[str, Any]) -> WorldState:
    """``state`` with some nations' fields changed: ``edit(s, usa={"strikebreaker": True})``."""
    for seat, fields in changes.items():
        state = state.changed(seat, **fields)
    return state


def capitals(state: WorldState) -> dict[str, int]:
    return {n.id: n.capital for n in state.nations}


def statuses(state: WorldState) -> dict[str, Status]:
    return {n.id: n.status for n in state.nations}


def lines(state: WorldState, since: int = 0, *, public: bool = True) -> list[str]:
    """The journal's texts after the first ``since`` lines (public ones only, unless asked)."""
    return [e.text for e in state.log[since:] if not (public and e.to)]


def voters(state: WorldState) -> tuple[str, ...]:
    assert state.vote is not None, f"no vote at {state.stage}"
    return state.vote.voters


def seats_offered(state: WorldState) -> set[str]:
    return {o.seat for o in RULES.legal(state)}


def rogue_vote(
    state: WorldState,
    nominees: tuple[str, ...],
    *,
    capital: dict[str, int],
    ballots: dict[str, str],
    default: str,
) -> WorldState:
    """From the start of a cycle's nominations: every state in the game given capital 1
    (or as ``capital`` says), the first nominators putting forward ``nominees`` in turn and
    the rest passing, each voter voting as ``ballots`` says (else ``default``); the state
    once the rogue state is chosen (or not)."""
    assert state.stage == "nominations" and not state.nominated
    for n in state.playing:
        state = state.changed(n.id, capital=capital.get(n.id, 1))
    plan = Plan(
        nominate=lambda s, seat: nominees[len(s.nominated)] if len(s.nominated) < len(nominees) else "",
        rogue=lambda s, seat: ballots.get(seat, default),
    )
    return play(state, lambda s: s.stage not in ("nominations", "rogue-vote"), plan)
