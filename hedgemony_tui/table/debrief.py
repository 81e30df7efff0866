"""The facts of a debrief, for any game on the table: figures by turn, decisions by
seat, and every roll's luck measured against its exact odds before the roll.

A game's summary (``rules.summary``) lists each seat's figures (Hedgemony: IP, RP, FFs,
Tech Level); the first of them is the game's **score** (its ``players`` table's first
numeric figure: IP in Hedgemony). For every roll of the game, the rules' own
``roll_faces`` resolve each face of the die from the state before it; the mean change
in each seat's score over the faces is what the roll was worth on average, and what it
actually gave minus that mean is the seat's **luck** on that roll. A seat's change of
score over the game minus its luck is what its and the others' choices brought.
The rolls with the largest luck are the decisive ones.

Luck is not the change a roll made, and the report never lets one be read as the other
(issue 33: a newcomer set a roll's luck against the change the end screen showed for
it): each decisive roll is reported with the change it made, its average and its luck
(change = average + luck), and each seat's net change with its luck and the rest.

Pure data, no drawing: :mod:`.debrief_pack` writes it as Markdown, HTML, CSV
and JSON.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import attrs

from .replay import Timeline, figures_by_turn


@attrs.frozen
class RollLuck:
    """One roll: decision ``index``, the turn and phase, what it was for, the face, the
    chance of the outcome it gave (faces giving the same score changes), and each
    seat's expected and actual change of score."""

    index: int
    turn: int
    phase: str
    seat: str
    what: str
    face: int
    chance: Fraction
    expected: dict[str, float]
    actual: dict[str, float]

    @property
    def luck(self) -> dict[str, float]:
        return {seat: self.actual.get(seat, 0.0) - self.expected.get(seat, 0.0) for seat in self.expected}

    @property
    def swing(self) -> float:
        """How far the roll moved the scores from their expectation, over all seats."""
        return sum(abs(v) for v in self.luck.values())


@attrs.frozen
class Debrief:
    """Everything a debrief pack reports of one game (see the module docstring)."""

    game: str
    score: str
    seats: tuple[str, ...]
    figures: list[tuple[int, dict[str, dict[str, float]]]]
    decisions: dict[str, dict[str, int]]
    rolls: list[RollLuck]
    start_scores: dict[str, float]
    final_scores: dict[str, float]

    def luck_of(self, seat: str) -> float:
        return sum(r.luck.get(seat, 0.0) for r in self.rolls)

    def decisive(self, count: int = 10) -> list[RollLuck]:
        """The rolls that moved the scores most from their expectation (none that did not)."""
        return sorted((r for r in self.rolls if r.swing > 0.005), key=lambda r: (-r.swing, r.index))[:count]


def reason_seen(reason: str, seat: str, viewpoint: str | None, control: str | None) -> str:
    """A journal entry's reason as ``viewpoint`` may read it ("" if not).

    On the screens a reason is the deciding seat's and the control seat's to read, and
    reaches every seat only when the computer player said it was built from public facts
    (``Choice.public_reason``, :meth:`~.host.TableHost._note_decision`). The journal does
    not keep that mark, so a report for a viewpoint shows a reason only to the seat that
    decided and to the control seat: a reason is private unless proven public, as on
    the screens (``aar --public`` shows none).
    """
    if viewpoint is None or viewpoint == seat or (control is not None and viewpoint == control):
        return reason
    return ""


def _seen(rules: Any, state: Any, viewpoint: str | None) -> Any:
    return state if viewpoint is None else rules.view(state, viewpoint)


def _scores(rules: Any, state: Any, score: str, viewpoint: str | None) -> dict[str, float]:
    summary = rules.summary(_seen(rules, state, viewpoint))
    players = summary.get("players", {}) if isinstance(summary, dict) else {}
    return {seat: float(values.get(score, 0)) for seat, values in players.items() if isinstance(values, dict)}


def score_name(rules: Any, state: Any) -> str:
    """The first numeric figure of the summary's players table ("" if it has none)."""
    summary = rules.summary(state)
    players = summary.get("players", {}) if isinstance(summary, dict) else {}
    for values in players.values():
        if isinstance(values, dict):
            for key, value in values.items():
                if isinstance(value, (int, float)) and not isinstance(value, bool):
                    return str(key)
    return ""


EYES_CLOSED = "(eyes closed)"
"""Who decided, in a report for a viewpoint that may not know it (see :func:`_decider_seen`)."""


def _decider_seen(rules: Any, before: Any, seat: str, viewpoint: str | None) -> str:
    """The seat a decision is counted under for ``viewpoint``. A decision taken in an eyes-
    closed round (``GameInfo.eyes_closed_kinds``: the world-system's coup) is counted
    apart for any other seat and the room: whose decision it was is the secret itself."""
    if viewpoint is None or viewpoint == seat or viewpoint == rules.info.control_seat:
        return seat
    return EYES_CLOSED if rules.pending(before).kind in rules.info.eyes_closed_kinds else seat


def debrief(timeline: Timeline, viewpoint: str | None = None) -> Debrief:
    """The debrief facts of a whole timeline (see the module docstring): everything
    (``viewpoint`` None: a debrief lays the game open), or only what ``viewpoint`` saw
    (:data:`~.replay.PUBLIC`: what every seat saw; rolls it did not see are left out)."""
    rules = timeline.rules
    score = score_name(rules, timeline.states[0])
    decisions: dict[str, dict[str, int]] = {}
    for index, entry in enumerate(timeline.journal, start=1):
        by_seat = decisions.setdefault(_decider_seen(rules, timeline.states[index - 1], entry.seat, viewpoint), {})
        by_seat[entry.by] = by_seat.get(entry.by, 0) + 1
    rolls: list[RollLuck] = []
    for index in range(1, timeline.last + 1):
        before = timeline.states[index - 1]
        faces = rules.roll_faces(before)
        if not faces:
            continue
        if (
            viewpoint is not None
            and _face_rolled(_seen(rules, before, viewpoint), _seen(rules, timeline.states[index], viewpoint)) < 0
        ):
            continue  # a roll this viewpoint did not see (a private one)
        base = _scores(rules, before, score, viewpoint)
        changes = [
            {seat: v - base.get(seat, 0.0) for seat, v in _scores(rules, face.after, score, viewpoint).items()}
            for face in faces
        ]
        actual = {
            seat: v - base.get(seat, 0.0)
            for seat, v in _scores(rules, timeline.states[index], score, viewpoint).items()
        }
        expected = {seat: sum(c.get(seat, 0.0) for c in changes) / len(changes) for seat in base}
        same = sum(1 for c in changes if c == actual)
        face = _face_rolled(before, timeline.states[index])
        turn, phase = timeline.when(index - 1)
        rolls.append(
            RollLuck(
                index,
                turn,
                phase,
                timeline.journal[index - 1].seat,
                rules.pending(before).prompt,
                face,
                Fraction(same, len(changes)),
                expected,
                actual,
            )
        )
    return Debrief(
        rules.info.id,
        score,
        tuple(spec.id for spec in rules.seats()),
        figures_by_turn(timeline, viewpoint),
        decisions,
        rolls,
        _scores(rules, timeline.states[0], score, viewpoint),
        _scores(rules, timeline.states[-1], score, viewpoint),
    )


def _face_rolled(before: Any, after: Any) -> int:
    """The face of the roll a step made, from the first roll record it logged (games
    with a log of :class:`~.dice.RollRecord`); -1 when none shows."""
    log_before, log_after = getattr(before, "log", ()), getattr(after, "log", ())
    for entry in log_after[len(log_before) :]:
        roll = getattr(entry, "roll", None)
        if roll is not None:
            return int(roll.raw)
    return -1
