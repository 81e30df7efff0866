"""Exact odds before a roll: what each of the ten faces of the D10 would do.

Rather than a second copy of the resolution rules, the preview runs the engine's own
roll on a copy of the state once per face (states are immutable, so nothing leaks
back) and reads what it logged and what changed. Each face is equally likely, so the
chance of a result is the number of faces giving it over ten. This is the "chance as a
player" model: the screens show these odds before the roll, the bots weigh them.

``preview_after`` is the what-if: take some decisions now (one more FF, one fewer, a
readiness buy-back first), let every other player still to decide add nothing, and
preview the roll that follows.

``round_odds`` is the history of a contest that escalates (ch. 8): the roll as it would
have been had the contest stopped after each side's commitment in each round.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from hedgemony_tui.table.dice import Term
from hedgemony_tui.table.errors import IllegalIntent

from . import escalation, runs
from .content import Content
from .contest import commit_owner
from .game import apply_roll, content_of, legal_intents, pending, reduce
from .intents import DoneCommitting, EnterRoll, Intent, Pay, SeekLead, Vote
from .state import Commit, GameState, Stage

FACES = range(10)


@attrs.frozen
class FacePreview:
    face: int
    total: int  # after modifiers
    result: str  # the outcome or band label the engine logs
    ip: dict[str, int]  # IP change per player, up to the card's close or the next roll
    rp: dict[str, int]


@attrs.frozen
class RollPreview:
    reason: str
    roller: str
    table: str  # "crt-a", "rt-b", "card" (a card's own bands), "privacy", ...
    column: str
    terms: tuple[Term, ...]
    faces: tuple[FacePreview, ...]

    def chances(self) -> list[tuple[str, float]]:
        """Each result and its chance, in the order the faces reach them."""
        counts: dict[str, int] = {}
        for face in self.faces:
            counts[face.result] = counts.get(face.result, 0) + 1
        return [(result, n / len(self.faces)) for result, n in counts.items()]

    def expected_ip(self, player: str) -> float:
        return sum(f.ip.get(player, 0) for f in self.faces) / len(self.faces)

    def expected_rp(self, player: str) -> float:
        return sum(f.rp.get(player, 0) for f in self.faces) / len(self.faces)


def _changes(before: GameState, after: GameState) -> tuple[dict[str, int], dict[str, int]]:
    ip, rp = {}, {}
    for old, new in zip(before.players, after.players):
        if new.ip != old.ip:
            ip[old.id] = new.ip - old.ip
        if new.rp != old.rp:
            rp[old.id] = new.rp - old.rp
    return ip, rp


def roll_preview(state: GameState, content: Content | None = None) -> RollPreview | None:
    """The die about to be rolled (``state.roll_request``), face by face; None if none is."""
    request = state.roll_request
    if request is None:
        return None
    content = content_of(state, content)
    faces: list[FacePreview] = []
    table, column = "", ""
    terms: tuple[Term, ...] = ()
    for face in FACES:
        after = apply_roll(state, content, EnterRoll(face))  # the reducer's own roll, without the legality check
        record = next((e.roll for e in after.log[len(state.log) :] if e.roll is not None), None)
        ip, rp = _changes(state, after)
        if record is None:  # nothing logged a roll (should not happen): show the raw face
            faces.append(FacePreview(face, face, str(face), ip, rp))
            continue
        if face == 0:
            table, column, terms = record.table, record.column, record.modifiers
        faces.append(FacePreview(face, record.total, record.result, ip, rp))
    return RollPreview(request.reason, request.roller, table, column, terms, tuple(faces))


def _adds_nothing(state: GameState, content: Content) -> Intent | None:
    """The decision of the player now deciding that adds nothing more, if there is one."""
    seat = pending(state, content).seat
    options = legal_intents(state, content)
    for quiet in (DoneCommitting(seat), Pay(seat, 0), SeekLead(seat, False), Vote(seat, False)):
        if quiet in options:
            return quiet
    return None


def preview_after(state: GameState, intents: Sequence[Intent], content: Content | None = None) -> RollPreview | None:
    """The next roll if ``intents`` are taken now and no one else adds anything.

    None if an intent is not legal, if a decision that cannot be skipped (a choice, a
    place) comes first, or if the card ends without another roll.
    """
    content = content_of(state, content)
    at_roll = state_at_roll(state, intents, content)
    return None if at_roll is None else roll_preview(at_roll, content)


def state_at_roll(state: GameState, intents: Sequence[Intent], content: Content | None = None) -> GameState | None:
    """The state just before the roll :func:`preview_after` reads (its forces are what a
    worksheet totals before the die); None when it would give no preview."""
    content = content_of(state, content)
    try:
        for intent in intents:
            state = reduce(state, intent, content)
    except IllegalIntent:
        return None
    for _ in range(64):  # a card has few decisions; the bound only guards against a loop
        if state.roll_request is not None:
            return state
        if state.run is None:
            return None
        quiet = _adds_nothing(state, content)
        if quiet is None:
            return None
        state = reduce(state, quiet, content)
    return None


def round_odds(state: GameState, content: Content | None = None) -> list[tuple[int, bool, RollPreview | None]]:
    """For each half-round of the contest in play that added forces (``escalation.steps``):
    its round, whether it was the initiator's, and the roll had the contest stopped right
    after it (None if the card would end without one). The forces are those committed up
    to that point; the rest of the state (capabilities, effects) is as it is now."""
    content = content_of(state, content)
    run = state.run
    if run is None:
        return []
    out: list[tuple[int, bool, RollPreview | None]] = []
    for step in escalation.steps(state):
        if not step.total:
            continue
        upto = (step.round, 0 if step.initiator else 1)

        def counted(c: Commit, upto: tuple[int, int] = upto, actor: str = run.actor) -> bool:
            return (c.round, 0 if commit_owner(state, c) == actor else 1) <= upto

        then = attrs.evolve(
            run,
            red=tuple(c for c in run.red if counted(c)),
            blue=tuple(c for c in run.blue if counted(c)),
            stage=Stage.RESPOND,
            queue=(),
        )
        # Past the responders' stage: ``advance`` asks for the roll (or ends the card).
        rolled = runs.advance(attrs.evolve(state, run=then, roll_request=None), content)
        out.append((step.round, step.initiator, roll_preview(rolled, content) if rolled.run is not None else None))
    return out
