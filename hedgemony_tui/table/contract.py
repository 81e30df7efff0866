"""The contract every game on the table implements, and the metadata the shell reads.

A game is a :class:`GameRules` object: pure functions over immutable states. The
table (shell, CLI, bots, benchmarks, conformance tests) only ever does this::

    decision = rules.pending(state)          # who owes what now
    options = rules.legal(state)             # every intent allowed now
    state = rules.apply(state, options[i])   # or IllegalIntent, state untouched

and shows a seat only ``rules.view(state, seat)``. Computer players see that view and
their own seat's options. The metadata in :class:`GameInfo` tells the shell which
hot-seat regime to use (open information, hand-over between seats, sealed choices)
and the conformance suite what to check.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

import attrs

from .odds import Face

OVER = "over"
"""The kind of the pending decision once a game has ended."""


class OutcomeKind(StrEnum):
    """How a game is won: each seat for itself, by teams, or all together against the game."""

    INDIVIDUAL = "individual"
    TEAM = "team"
    COOPERATIVE = "cooperative"


@attrs.frozen
class SeatSpec:
    """One seat at the table: ``control`` marks the facilitators' seat (White Cell,
    umpire), which sees everything and rules; ``team`` groups seats that share a side."""

    id: str
    name: str
    team: str = ""
    control: bool = False


@attrs.frozen
class OptionSpec:
    """One choice on the new-game form: a switch, a whole number within bounds, or one
    of a few named values (the kind follows from ``default`` and ``choices``)."""

    id: str
    label: str
    default: bool | int | str
    help: str = ""
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        if self.choices:
            return "choice"
        if isinstance(self.default, bool):
            return "bool"
        if isinstance(self.default, int):
            return "int"
        return "text"

    def problem(self, value: object) -> str | None:
        """What is wrong with ``value`` for this option, in a player's words (None: fine)."""
        kind = self.kind
        if kind == "bool":
            return None if isinstance(value, bool) else f"{self.id} is on or off (true or false), not {value!r}"
        if kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                return f"{self.id} is a whole number, not {value!r}"
            low = self.minimum if self.minimum is not None else value
            high = self.maximum if self.maximum is not None else value
            if not low <= value <= high:
                return f"{self.id} must be {low}-{high} (got {value})"
            return None
        if kind == "choice":
            return None if value in self.choices else f"{self.id} is one of {', '.join(self.choices)}, not {value!r}"
        return None if isinstance(value, str) else f"{self.id} is text, not {value!r}"


@attrs.frozen
class GameInfo:
    """What the shell and the tests need to know of a game before playing it."""

    id: str
    title: str
    summary: str
    min_players: int
    max_players: int
    outcome: OutcomeKind = OutcomeKind.INDIVIDUAL
    hidden_information: bool = True
    """Seats keep secrets from each other: hot seat needs a hand-over between them."""
    sealed_choices: bool = False
    """Some decisions are owed by several seats at once and stay hidden until all are in."""
    control_seat: str | None = None
    """The facilitators' seat (White Cell, umpire), if the game has one."""
    dice: bool = False
    """The game rolls dice (or draws at random): the conformance suite then requires a
    playout to reach a roll and the odds before it (``roll_faces``) to be the game's own;
    a game that declares none must never offer odds."""
    eyes_closed_kinds: tuple[str, ...] = ()
    """Kinds of decision taken "eyes closed": in a hot seat every person takes the
    keyboard in turn, behind a hand-over, whether or not they owe anything, so that the
    order and number of hand-overs reveal nothing (:mod:`.host`)."""


@attrs.frozen
class Decision:
    """Who owes what now. Several seats owe a sealed simultaneous choice; one otherwise."""

    seats: tuple[str, ...]
    kind: str
    prompt: str

    @property
    def seat(self) -> str:
        """The first seat that owes the decision (the only one, but for sealed choices)."""
        return self.seats[0] if self.seats else ""

    @property
    def over(self) -> bool:
        return self.kind == OVER


@attrs.frozen
class SeatResult:
    """How one seat ended: ``win``, ``lose`` or ``draw``, a score if the game keeps one,
    and why, in a line."""

    seat: str
    result: str
    score: float | None = None
    why: str = ""


@attrs.frozen
class Outcome:
    """The end of a game: each seat's result, and for co-operative games the team's
    (``team`` such as "Gameland saved")."""

    results: tuple[SeatResult, ...]
    team: str = ""
    summary: str = ""

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(r.seat for r in self.results if r.result == "win")

    def score_text(self, score: float) -> str:
        """A seat's score as every screen and the debrief print it: whole numbers bare when
        every score is whole, otherwise all at two decimals (a tester read "score 6" beside
        "score 6.62" in one list, and "5.33333" in the debrief)."""
        whole = all(r.score is None or float(r.score).is_integer() for r in self.results)
        return str(int(score)) if whole and float(score).is_integer() else f"{score:.2f}"


@attrs.frozen
class Choice:
    """A computer player's decision and why, in one line (the journal shows it)."""

    intent: Any
    reason: str
    public_reason: bool = False
    """The reason is built from what every seat may see (the journal shows it to all);
    False: only the seat itself and the control seat read it."""


class Policy(Protocol):
    """A computer player: decides from its seat's view among its seat's legal intents."""

    name: str

    def decide(self, view: Any, options: Sequence[Any]) -> Choice: ...


class ControlBot(Protocol):
    """An automated control seat (White Cell, umpire). It sees the whole state; asked at
    every decision, it takes its own decisions and may act before a player's (inject an
    event); None when it has nothing to do now."""

    def decide(self, state: Any, options: Sequence[Any]) -> Choice | None: ...


class TableState(Protocol):
    """What the table reads of every game's state (states are frozen attrs classes).

    ``seed`` is the number the game was set up with: the table shows it at the end and
    in the debrief, so that the game can be played again. ``log`` is the game's record,
    oldest first, as a seat's view holds it: the journal numbers its rows over the whole
    of it (``Front.log_rows``), so a view must keep the entries it shows in order and
    never renumber them."""

    @property
    def seed(self) -> int: ...
    @property
    def log(self) -> Sequence[Any]: ...


class IntentLike(Protocol):
    """What the table reads of every intent (frozen attrs classes): ``TAG`` names its type
    in saves and journals, ``describe()`` says it in a line."""

    TAG: ClassVar[str]

    def describe(self) -> str: ...


S = TypeVar("S", bound=TableState)
I = TypeVar("I", bound=IntentLike)  # noqa: E741  (S and I read as "state" and "intent" everywhere below)


@runtime_checkable
class GameRules(Protocol[S, I]):
    """One game's rules, behind the table's one contract (see the module docstring).

    ``S`` is the game's state type and ``I`` the union of its intents: frozen attrs
    classes the table's codec can save. ``apply`` raises
    :class:`~hedgemony_tui.table.errors.IllegalIntent` with a reason for anything not
    allowed now, leaving the state as it was.

    :class:`~hedgemony_tui.table.rules_base.RulesBase` supplies every member a game
    writes the same way as every other; a game derives from it and writes the rest.

    Rules the table relies on that no type can say (the conformance suite checks each):

    - **Order.** ``turn_of`` never goes back: the turn never decreases, and once a
      (turn, phase) pair is left it does not come back. The replay moves by phase and
      by turn, and saves are named by them.
    - **One seat per intent.** ``seat_of(intent)`` is the seat that decides it; every
      legal intent belongs to a seat in ``pending().seats`` or to the control seat.
    - **The log.** ``state.log`` only grows (but for undo), and every seat's view of it
      keeps the entries that seat may read, in order.
    - **Determinism.** All chance flows from ``state.seed`` through the state: the same
      seed, options and intents give the same states.
    - **Secrets.** ``view(state, seat)`` and ``pending_for(state, seat)`` do not change
      when only another seat's secrets change (``vary_secrets``); computer players
      decide from the view alone.
    """

    @property
    def info(self) -> GameInfo: ...
    @property
    def state_type(self) -> type[S]: ...
    @property
    def intent_types(self) -> tuple[type, ...]: ...
    @property
    def intent_union(self) -> Any:
        """The typing Union of ``intent_types``, registered with the codec as a tagged union."""
        ...

    @property
    def open_intent_types(self) -> tuple[type, ...]:
        """Intent types whose values cannot all be listed (free text, a cost the control
        seat sets): ``apply`` accepts one of these beyond ``legal()`` when its own checks
        pass. Every other intent is allowed exactly when ``legal()`` lists it."""
        ...

    @property
    def save_kind(self) -> str: ...
    @property
    def schema_version(self) -> int: ...
    @property
    def migrations(self) -> Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]]: ...

    def seats(self) -> tuple[SeatSpec, ...]: ...
    def options(self) -> tuple[OptionSpec, ...]: ...
    def setup(self, seed: int, options: Mapping[str, object]) -> S:
        """A new game: RuleInputError naming the option (or the seed) that is wrong and
        what is allowed, for any option not in ``options()`` or out of its bounds, and for
        a seed that is not a whole number 0 <= seed < 2**63 (what a save's TOML holds)."""
        ...

    def pending(self, state: S) -> Decision: ...
    def pending_for(self, state: S, seat: str) -> Decision:
        """The pending decision as ``seat`` may read it: the same seats and kind, the
        prompt naming nothing ``seat`` may not know ("North Korea resolves a private
        event"). It must not change when only another seat's secrets change
        (``vary_secrets``); for the control seat it is ``pending(state)``."""
        ...

    def legal(self, state: S) -> list[I]:
        """Every intent allowed now, of every seat that owes one (and the control seat's
        interventions); of ``open_intent_types``, the standard ones."""
        ...

    def apply(self, state: S, intent: I) -> S: ...
    def seat_of(self, intent: I) -> str: ...
    def view(self, state: S, seat: str) -> S: ...
    def outcome(self, state: S) -> Outcome | None: ...
    def check(self, state: S) -> list[str]:
        """What is broken in ``state`` (a save's data, a state a roll leads to), in words."""
        ...

    def roll_faces(self, state: S) -> tuple[Face, ...]:
        """Each face of the die the pending decision rolls, equally likely, with the state
        it leads to (empty when no roll is pending): the exact odds before the roll
        (:mod:`hedgemony_tui.table.odds`)."""
        ...

    def concerns(self, before: S, after: S, intent: I) -> tuple[str, ...]:
        """The seats a decision's result concerns (the one who decided, everyone who
        committed to it, everyone whose points it changed): the table owes each of them
        its result screen, whoever held the keyboard (:mod:`.host`)."""
        ...

    def reveals(self, before: S, after: S) -> bool:
        """Did this step roll a die or show something hidden? Undo never goes back past it."""
        ...

    def turn_of(self, state: S) -> tuple[int, str]:
        """The turn number and the phase's name, for journals and saves' names (see Order above)."""
        ...

    def summary(self, state: S) -> dict[str, Any]:
        """A JSON-ready summary of a state (turn, over, per-seat figures) for the CLI:
        ``summary()["players"]`` maps each seat to its figures (name -> number)."""
        ...

    def policy_names(self) -> tuple[str, ...]: ...
    def policy(self, name: str) -> Policy: ...
    def control_modes(self) -> tuple[str, ...]: ...
    def control_bot(self, mode: str) -> ControlBot | None: ...

    def vary_secrets(self, state: S, seat: str, salt: int) -> S:
        """A state that differs from ``state`` only in what ``seat`` may not see (other
        seats' secrets, the dice's future): the privacy checks compare views of both."""
        ...


AnyRules = GameRules[Any, Any]
"""A game's rules when the table does not know which game (the core, shell and CLI)."""


def player_seats(rules: AnyRules) -> tuple[str, ...]:
    """The seats that are players (every seat but the control seat)."""
    return tuple(s.id for s in rules.seats() if not s.control)


# --- the coach


@attrs.frozen
class AdviceRow:
    """One of a seat's options as the coach compares them: the intent, a line naming it,
    its worth by the coach's measure (None: not measured, e.g. no odds apply), and what
    else it moves, in words ("RU +0.3": others' share of the same measure)."""

    intent: Any
    label: str
    value: float | None
    detail: str = ""


@attrs.frozen
class Advice:
    """What a game's coach would do in a seat, and why.

    A game offers an optional rules member ``coach(view, seat, include=()) -> Advice | None``
    (see :func:`coach_of`): it decides from ``view`` (``rules.view(state, seat)``) alone,
    as a computer player does, so the advice never tells a seat what it may not see.
    ``rows`` compare the seat's options (the advised one first) by ``measure`` (its name,
    "expected IP"); ``include`` asks for some intents to be among them (the shell's
    coached game measures the option a person took). ``note`` says what was left out
    when only some of many options were measured."""

    intent: Any
    reason: str
    measure: str
    rows: tuple[AdviceRow, ...] = ()
    note: str = ""

    def value_of(self, intent: Any) -> float | None:
        """The measure of ``intent`` among the rows (None: not among them, or not measured)."""
        return next((row.value for row in self.rows if row.intent == intent), None)


CoachFn = Callable[..., "Advice | None"]


def coach_of(rules: Any) -> CoachFn | None:
    """The game's coach (``rules.coach``), or None when the game has none."""
    found = getattr(rules, "coach", None)
    return found if callable(found) else None
