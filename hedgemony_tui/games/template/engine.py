"""The template game's engine: its state, its intents and the two pure reducers.

Everything here is plain data and plain functions. A state is a frozen attrs class
(never changed: ``apply`` returns a new one), an intent is a frozen attrs class with a
``TAG`` (its name in saves and journals) and ``describe()`` (a line for the journal).
:func:`legal` lists every intent allowed now; :func:`apply` takes one of them and
returns the next state, or raises :class:`IllegalIntent` saying why not and what is
allowed, leaving the state as it was. Screens, computer players, the command line
and the tests all choose from :func:`legal`: no rule lives anywhere else.

This module imports neither Textual nor Rich nor the shell (import-linter checks it).
"""

from __future__ import annotations

from typing import ClassVar, Union

import attrs

from hedgemony_tui.table.errors import IllegalIntent

SEATS = ("A", "B")
"""The seats, in the order they move."""

PHASE = "play"
"""The one phase of a turn (``turn_of``): a game with phases names each one."""


def other(seat: str) -> str:
    """The opponent of ``seat``."""
    return SEATS[1 - SEATS.index(seat)]


# --- intents: what a seat may decide. Each names its seat (``RulesBase.seat_of`` reads it).


@attrs.frozen
class Add:
    """Add 1 or 2 to the total."""

    TAG: ClassVar[str] = "add"
    seat: str
    amount: int

    def describe(self) -> str:
        return f"{self.seat} adds {self.amount}"


@attrs.frozen
class Concede:
    """Give the game up: the other player wins."""

    TAG: ClassVar[str] = "concede"
    seat: str

    def describe(self) -> str:
        return f"{self.seat} concedes"


Intent = Union[Add, Concede]  # a typing Union object: the codec registers it at run time
"""Every intent of the game, as the codec saves them (a tagged union by ``TAG``)."""
INTENT_TYPES: tuple[type, ...] = (Add, Concede)


# --- the state


@attrs.frozen
class Line:
    """One entry of the game's log. ``turn`` lets the journal show it under its turn."""

    turn: int
    text: str


@attrs.frozen
class CountState:
    """A game of Count to ten. ``seed`` and ``log`` are what the table reads of every
    state (``TableState``): this game rolls nothing, but the seed is kept so that a game
    can be named and set up again."""

    seed: int
    target: int
    total: int = 0
    turn: int = 1
    to_move: str = SEATS[0]
    winner: str = ""
    why: str = ""
    log: tuple[Line, ...] = ()

    @property
    def over(self) -> bool:
        return bool(self.winner)


def new_game(seed: int, target: int) -> CountState:
    """The first state: the total at 0, the first seat to move."""
    return CountState(seed=seed, target=target)


# --- the reducers


def legal(state: CountState) -> list[Intent]:
    """Every intent allowed now: the seat to move adds 1 or 2, or concedes. None at the end."""
    if state.over:
        return []
    seat = state.to_move
    return [Add(seat, 1), Add(seat, 2), Concede(seat)]


def apply(state: CountState, intent: Intent) -> CountState:
    """The state after ``intent``; IllegalIntent (the state untouched) for anything
    :func:`legal` does not offer now."""
    # One check covers every way an intent can be wrong (another seat's, an amount of
    # 3, a game already over): legal() is the one place the rules say what is allowed.
    if intent not in legal(state):
        allowed = ", ".join(i.describe() for i in legal(state)) or "nothing: the game is over"
        raise IllegalIntent(f"{_describe(intent)} is not allowed now; allowed: {allowed}")
    if isinstance(intent, Concede):
        return _end(state, other(intent.seat), f"{intent.seat} conceded", intent)
    total = state.total + intent.amount
    if total >= state.target:
        return _end(attrs.evolve(state, total=total), intent.seat, f"{intent.seat} reached {state.target}", intent)
    # The turn ends once the last seat has moved: turn_of then moves on, never back.
    last = intent.seat == SEATS[-1]
    return attrs.evolve(
        state,
        total=total,
        to_move=other(intent.seat),
        turn=state.turn + 1 if last else state.turn,
        log=(*state.log, Line(state.turn, f"{intent.describe()}: the total is {total}")),
    )


def _end(state: CountState, winner: str, why: str, intent: Intent) -> CountState:
    line = Line(state.turn, f"{intent.describe()}: {why}, {winner} wins")
    return attrs.evolve(state, winner=winner, why=why, log=(*state.log, line))


def _describe(intent: object) -> str:
    # An illegal intent may be anything at all (another game's, a broken one): say it safely.
    describe = getattr(intent, "describe", None)
    try:
        return str(describe()) if callable(describe) else repr(intent)
    except Exception:  # a foreign object's describe() may fail in any way
        return repr(intent)
