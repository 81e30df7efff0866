"""What the table host hands out: a seat's feed, the results it is owed, and the steps
and events of the table.

A :class:`SeatFeed` is everything one seat may see now and nothing else: its view of
the state, the pending decision in words it may read (``rules.pending_for``), its own
legal options, the table's notes it may read, and the outcome once the game is over.
Screens, computer players and remote clients draw only from a feed; none of them holds
the whole state. The control seat (White Cell, umpire) is given the whole game
explicitly; :data:`PUBLIC` is the seat nobody holds (the room view).
"""

from __future__ import annotations

from typing import Any

import attrs

from .contract import Decision, Outcome
from .notes import Note
from .public import PUBLIC as PUBLIC  # the seat nobody holds, read from here too

EVERY = "every"
MINE = "mine"
NEVER = "none"
PACES: dict[str, str] = {
    EVERY: "stop at every roll I may see",
    MINE: "stop only at rolls that concern my seat",
    NEVER: "stop only at my own rolls",
}
"""A seat's pace: which results stop the game for it. A person's own rolls always show."""


@attrs.frozen
class Pass:
    """The one option of a person who owes nothing in an eyes-closed round: "nothing for
    you now". Taken with the same key as a real choice, so that what each person does at
    the keyboard reveals nothing (:mod:`.host`)."""

    TAG = "pass-keyboard"

    def describe(self) -> str:
        return "Nothing for you now: pass the keyboard on"


PASS = Pass()


@attrs.frozen(eq=False)
class SeatFeed:
    """Everything ``seat`` may see now (see the module docstring).

    ``options`` are the seat's legal intents when it owes the decision (empty
    otherwise; :data:`PASS` alone in an eyes-closed round it owes nothing in);
    ``notes`` the table's notes it may read; ``outcome`` is set once the game is over
    (the end reveals it to everyone)."""

    seat: str
    view: Any
    decision: Decision
    options: tuple[Any, ...]
    notes: tuple[Note, ...]
    turn: int
    phase: str
    outcome: Outcome | None = None
    stopped: str = ""
    """Why computer play is paused ("" while it is not): a computer player failed."""

    @property
    def over(self) -> bool:
        return self.decision.over


@attrs.frozen(eq=False)
class Result:
    """A decision's result owed to one seat: the intent, who took it, and the seat's own
    views just before and after it (a front draws its result screen from these).
    ``away``: the seat did not hold the keyboard when it happened (shown after its
    hand-over, "while you were away")."""

    seat: str
    index: int
    """The decision's number in the journal (0-based)."""
    decider: str
    by: str
    intent: Any
    before: Any
    after: Any
    away: bool = False
    concerns: bool = True
    """The result concerns ``seat`` (it decided, committed, or its points changed)."""


# --- what the table does next (:meth:`TableHost.next_step`)


@attrs.frozen
class Wait:
    """Nothing moves until a person acts or the problem is dealt with (``why``)."""

    why: str = ""


@attrs.frozen
class ShowResults:
    """The keyboard holder is owed results: show them, in order, before anything else."""

    seat: str


@attrs.frozen
class ComputerTurn:
    """A computer player or the automated control seat decides next
    (:meth:`TableHost.play_computer`); a screen may wait a moment first so people follow."""

    seats: tuple[str, ...]


HANDOVER = "handover"
"""Between people who keep secrets: a screen that shows nothing until the next one takes it."""
NOTICE = "notice"
"""Open information: a "next player" line is enough."""
KEEP = "keep"
"""The seat at the keyboard decides again (or is the only person): nothing to hand over."""


@attrs.frozen
class PersonTurn:
    """A person owes the decision: ``seat`` should take the keyboard as ``how`` says
    (:data:`HANDOVER`, :data:`NOTICE` or :data:`KEEP`); ``waiting`` results are owed to
    it from while it was away; ``round`` marks an eyes-closed round."""

    seat: str
    how: str
    waiting: int = 0
    round: bool = False


@attrs.frozen
class GameOver:
    """The game has ended."""


Step = Wait | ShowResults | ComputerTurn | PersonTurn | GameOver


# --- what a decision did (returned by submit and play_computer)


@attrs.frozen
class Applied:
    """A decision was taken: its journal index, seat, who took it (``person`` or the
    policy), whether it rolled or revealed, and the seats owed its result."""

    index: int
    seat: str
    by: str
    intent: Any
    reveals: bool
    owed_to: tuple[str, ...] = ()


@attrs.frozen
class SealedComplete:
    """Every seat's sealed choice of ``kind`` is in: they are revealed together."""

    kind: str
    seats: tuple[str, ...]


@attrs.frozen
class CoachRemark:
    """In a coached game the coach would have chosen otherwise (a private note of ``seat``'s)."""

    seat: str
    text: str


@attrs.frozen
class Stopped:
    """Computer play is paused: a computer player failed or decided nothing."""

    why: str


@attrs.frozen
class Ended:
    """This decision ended the game."""


Event = Applied | SealedComplete | CoachRemark | Stopped | Ended
