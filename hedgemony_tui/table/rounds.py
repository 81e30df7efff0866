"""The eyes-closed round: a stage in which every person takes the keyboard in turn.

In a hot seat, a decision taken "eyes closed" (a hidden role acting at night, a secret
target) must not betray who took it. So once such a decision is pending and two or more
people play, every person takes the keyboard in turn, each behind a hand-over, whether
or not they owe anything; those who owe nothing press the same key to pass it on
(:data:`~.feed.PASS`), and the round runs to its end even after the secret decision is
taken. The table host keeps one :class:`EyesClosedRound` while a round is under way.

Every person's screen shows the game as it stood when the round opened, until the round
ends: had it shown the game as it is, the people before the one who acts would see the
secret decision still pending and those after it would see the next stage, which tells
the table whether the actor is a person and where in the round it sits (or, when a
computer or the moderator took it unseen at the start, that no person could act).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from .contract import Decision
from .feed import Result


@attrs.define
class EyesClosedRound:
    """A round under way: the seats still to take the keyboard (the first is taking it
    now), the kind of decision that opened it, and whether that seat has its hand-over
    behind it."""

    seats: list[str]
    kind: str
    start: Any = None
    """The game as it stood when the round opened: what every person's screen shows
    until the round ends (see the module docstring)."""
    opened_at: int = 0
    """The journal's length when the round opened."""
    taken: bool = False

    @classmethod
    def opened_by(
        cls, decision: Decision, kinds: Sequence[str], people: Sequence[str], start: Any = None, opened_at: int = 0
    ) -> EyesClosedRound | None:
        """The round ``decision`` opens on the game ``start``, its journal ``opened_at``
        long (None: it is of no eyes-closed kind, or fewer than two people play)."""
        if decision.kind not in kinds or len(people) < 2:
            return None
        return cls(list(people), decision.kind, start, opened_at)

    def shows(self, seat: str, result: Result) -> bool:
        """``result`` is shown to ``seat`` now, at its own turn: only what it was owed
        before the round opened (news it has not had the keyboard to read: a person whose
        state was annexed holds it again only in this round). A result of the round's own
        decisions waits for the end: shown at once, it would tell who acted."""
        return self.taken and self.seat == seat and result.index < self.opened_at

    @property
    def seat(self) -> str:
        """The seat whose turn at the keyboard it is."""
        return self.seats[0]

    def is_its_decision(self, decision: Decision) -> bool:
        """The round's own decision is still pending (after it, only passes until the end)."""
        return decision.kind == self.kind

    def owes(self, seat: str, decision: Decision) -> bool:
        """``seat`` has a real decision to take in the round now (else it passes)."""
        return self.is_its_decision(decision) and seat in decision.seats

    def done(self, seat: str) -> bool:
        """``seat``'s turn is over; True when the round has ended with it."""
        if self.seats and self.seats[0] == seat:
            self.seats.pop(0)
            self.taken = False
        return not self.seats
