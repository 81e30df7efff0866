"""A saved game as a timeline a facilitator can step through, branch and compare.

The journal of a save holds every decision from its start state; replaying it through
the rules (``rules.apply``) gives the state after each one. A :class:`Timeline` keeps
those states and moves between them by decision, by phase and by turn; a viewpoint
(any seat, the control seat, or :data:`PUBLIC`) shows a state as that seat saw it, so a
debrief can show what each side knew when it decided.

**Branching**: :func:`branch` replays a timeline's first decisions and takes a different
one there, as a new :class:`~.session.Session` whose notes record where it left the
parent. Every roll is keyed by what it is for (:mod:`.dice`), so a roll named the same
in both timelines shows the same face; :func:`compare` lines the two up turn by turn and
finds the first rolls that differ.

No game is named here: everything goes through the rules contract.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import attrs

from .annotations import BranchOrigin, GameNotes
from .contract import AnyRules
from .errors import IllegalIntent, SaveError
from .public import PUBLIC
from .saves import JournalEntry, SavedGame
from .session import Session


@attrs.frozen
class Step:
    """Decision ``index`` of a timeline (1 = the first; 0 is the start), with the turn and
    phase it was taken in and what it was."""

    index: int
    turn: int
    phase: str
    seat: str
    by: str
    reason: str
    text: str


class Timeline:
    """The states of a saved game after each of its decisions (see the module docstring)."""

    def __init__(
        self,
        rules: AnyRules,
        start: Any,
        journal: Sequence[JournalEntry],
        *,
        notes: GameNotes | None = None,
        name: str = "",
    ) -> None:
        self.rules = rules
        self.journal = tuple(journal)
        self.notes = notes or GameNotes()
        self.name = name
        self.states: list[Any] = [start]
        state = start
        for number, entry in enumerate(self.journal, start=1):
            try:
                state = rules.apply(state, entry.intent)
            except IllegalIntent as exc:
                raise SaveError(f"decision {number} of the journal cannot be replayed ({exc})") from None
            self.states.append(state)

    @classmethod
    def of(cls, saved: SavedGame, name: str = "") -> Timeline:
        """The timeline of a save; SaveError if its journal does not lead to its state."""
        timeline = cls(saved.rules, saved.start, saved.journal, notes=saved.notes, name=name)
        if timeline.states[-1] != saved.state:
            raise SaveError("the journal does not lead to the saved state: the file was changed or damaged")
        return timeline

    # --- where things are --------------------------------------------------------------

    @property
    def last(self) -> int:
        """The index of the state after the last decision (0 for a game with none)."""
        return len(self.journal)

    def state_at(self, index: int) -> Any:
        return self.states[self._clamp(index)]

    def view_at(self, index: int, viewpoint: str) -> Any:
        """The state after ``index`` decisions as ``viewpoint`` saw it (the control seat
        sees everything the rules give it; :data:`PUBLIC` what everyone may)."""
        return self.rules.view(self.state_at(index), viewpoint)

    def when(self, index: int) -> tuple[int, str]:
        """The turn and phase of the state after ``index`` decisions."""
        return self.rules.turn_of(self.state_at(index))

    def step(self, index: int) -> Step:
        """Decision ``index`` (1 to :attr:`last`)."""
        entry = self.journal[index - 1]
        turn, phase = self.when(index - 1)
        return Step(index, turn, phase, entry.seat, entry.by, entry.reason, _describe(entry.intent))

    def steps(self) -> Iterator[Step]:
        for index in range(1, self.last + 1):
            yield self.step(index)

    def viewpoints(self) -> tuple[str, ...]:
        """Every seat's viewpoint, then the control seat's (if the game has one), then the public one."""
        seats = tuple(spec.id for spec in self.rules.seats())
        return seats + (PUBLIC,)

    # --- moving ---------------------------------------------------------------------------

    def _clamp(self, index: int) -> int:
        return max(0, min(self.last, index))

    def next_phase(self, index: int) -> int:
        """The first state of the next phase after ``index`` (the end if none)."""
        here = self.when(index)
        for later in range(index + 1, self.last + 1):
            if self.when(later) != here:
                return later
        return self.last

    def previous_phase(self, index: int) -> int:
        """The first state of this phase, or of the one before if ``index`` already is."""
        start = self._phase_start(index)
        return start if start < index else self._phase_start(max(0, index - 1))

    def _phase_start(self, index: int) -> int:
        here = self.when(index)
        while index > 0 and self.when(index - 1) == here:
            index -= 1
        return index

    def next_turn(self, index: int) -> int:
        turn = self.when(index)[0]
        return next((i for i in range(index + 1, self.last + 1) if self.when(i)[0] != turn), self.last)

    def previous_turn(self, index: int) -> int:
        turn = self.when(index)[0]
        start = self.turn_start(turn)
        return start if start < index else self.turn_start(turn - 1)

    def turn_start(self, turn: int) -> int:
        """The first state of ``turn`` (the nearest turn that exists if it does not)."""
        for index in range(self.last + 1):
            if self.when(index)[0] >= turn:
                return index
        return self.last

    def turn_ends(self) -> list[tuple[int, int]]:
        """(turn, index of the last state of that turn), in order: where to sample a
        game's figures by turn."""
        ends: list[tuple[int, int]] = []
        for index in range(self.last + 1):
            turn = self.when(index)[0]
            if ends and ends[-1][0] == turn:
                ends[-1] = (turn, index)
            else:
                ends.append((turn, index))
        return ends

    def rolls(self, viewpoint: str = "") -> list[tuple[int, Any]]:
        """(decision index, roll face record) of every roll, found as the rules' log grew:
        each state's ``log`` entries that carry a ``roll``. Games without a log give none."""
        found: list[tuple[int, Any]] = []
        seen = 0
        for index in range(self.last + 1):
            state = self.view_at(index, viewpoint) if viewpoint else self.state_at(index)
            log = getattr(state, "log", ())
            for entry in log[seen:]:
                roll = getattr(entry, "roll", None)
                if roll is not None:
                    found.append((index, roll))
            seen = len(log)
        return found


def _describe(intent: Any) -> str:
    describe = getattr(intent, "describe", None)
    return describe() if callable(describe) else repr(intent)


def branch(
    timeline: Timeline, at: int, intent: Any, *, by: str = "person", reason: str = "", parent: str = ""
) -> Session:
    """A new game: ``timeline``'s first ``at`` decisions, then ``intent`` in place of the
    one taken there (IllegalIntent if the rules refuse it). Its notes record the parent
    (``parent``: its file name), ``at``, and the turn and phase there; the parent's
    bookmarks up to ``at`` come along."""
    if not 0 <= at <= timeline.last:
        raise IllegalIntent(f"there is no decision point {at}; this game has 0 to {timeline.last}")
    rules = timeline.rules
    turn, phase = timeline.when(at)
    notes = GameNotes(timeline.notes.within(at).bookmarks, BranchOrigin(parent or timeline.name, at, turn, phase))
    session = Session(rules, timeline.states[0], notes=notes)
    for entry in timeline.journal[:at]:
        session.apply(entry.intent, by=entry.by, reason=entry.reason)
    session.apply(
        intent, by=by, reason=reason or f"branched from {parent or timeline.name or 'the game'} at decision {at}"
    )
    return session


@attrs.frozen
class Comparison:
    """Two timelines side by side: each one's figures by turn (``rules.summary``'s
    ``players`` table at each turn's end), and the first rolls that differ."""

    turns: list[int]
    figures: dict[str, list[dict[str, dict[str, float]]]]
    first_differing_rolls: list[tuple[Any, Any]]


def figures_by_turn(
    timeline: Timeline, viewpoint: str | None = PUBLIC
) -> list[tuple[int, dict[str, dict[str, float]]]]:
    """(turn, {seat: {figure: value}}) at the end of each turn, from the rules' summary of
    the state as ``viewpoint`` saw it (the public view by default; None: the whole
    state); a game whose summary has no ``players`` table gives empty figures."""
    out = []
    for turn, index in timeline.turn_ends():
        state = timeline.state_at(index) if viewpoint is None else timeline.view_at(index, viewpoint)
        summary = timeline.rules.summary(state)
        players = summary.get("players", {}) if isinstance(summary, dict) else {}
        out.append(
            (
                turn,
                {
                    seat: {
                        k: float(v)
                        for k, v in values.items()
                        if isinstance(v, (int, float)) and not isinstance(v, bool)
                    }
                    for seat, values in players.items()
                    if isinstance(values, dict)
                },
            )
        )
    return out


def compare(a: Timeline, b: Timeline, *, rolls: int = 3) -> Comparison:
    """Line up two timelines of one game (a branch and its parent) turn by turn."""
    fa, fb = dict(figures_by_turn(a)), dict(figures_by_turn(b))
    turns = sorted(set(fa) | set(fb))
    ra, rb = [r for _, r in a.rolls()], [r for _, r in b.rolls()]
    differing = []
    for left, right in zip(ra, rb, strict=False):
        if _roll_key(left) != _roll_key(right):
            differing.append((left, right))
            if len(differing) >= rolls:
                break
    return Comparison(turns, {"a": [fa.get(t, {}) for t in turns], "b": [fb.get(t, {}) for t in turns]}, differing)


def _roll_key(roll: Any) -> tuple[Any, ...]:
    return tuple(getattr(roll, name, None) for name in ("turn", "roller", "reason", "raw"))
