"""The eyes-closed round: a stage in which every person takes the keyboard in turn.

In a hot seat, a decision taken "eyes closed" (a hidden role acting at night, a secret
target) must not betray who took it. So once such a decision is pending and two or more
people play, every person takes the keyboard in turn, each behind a hand-over, whether
or not they owe anything; those who owe nothing press the same key to pass it on
(:data:`~.feed.PASS`), and the round runs to its end even after the secret decision is
taken. The table host keeps one :class:`EyesClosedRound` while a round is under way.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from .contract import Decision


@attrs.define
class EyesClosedRound:
    """A round under way: the seats still to take the keyboard (the first is taking it
    now), the kind of decision that opened it, and whether that seat has its hand-over
    behind it."""

    seats: list[str]
    kind: str
    taken: bool = False

    @classmethod
    def opened_by(cls, decision: Decision, kinds: Sequence[str], people: Sequence[str]) -> EyesClosedRound | None:
        """The round ``decision`` opens (None: it is of no eyes-closed kind, or fewer than
        two people play)."""
        if decision.kind not in kinds or len(people) < 2:
            return None
        return cls(list(people), decision.kind)

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
