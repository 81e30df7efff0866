"""Sealed simultaneous choices: votes, signals and bids that every seat makes blind.

A ``Sealed`` value lists the seats that owe a choice and holds the choices made so
far. Until the last one is in, each seat may know *who* has chosen but only its own
*what*: ``seen_by`` gives the copy a seat's screen (or a save it is sent) may hold,
with every other seat's choice replaced by the ``HIDDEN`` marker. Because the copy is
built from nothing but who has chosen and the viewer's own choice, no other seat's
choice can leak through it. Once everyone has chosen, everyone sees everything; the
control seat (the White Cell, ``seen_by(None)``) always does.

Choices are kept in seat order, not in the order they came in, so the same choices
submitted in any order make equal values.
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Iterable
from typing import Final, Generic, TypeVar

import attrs

T = TypeVar("T")


class Hidden(enum.Enum):
    """The type of the ``HIDDEN`` marker (an enum, so it stays a singleton through
    copying, pickling and saving)."""

    HIDDEN = "hidden"

    def __repr__(self) -> str:
        return "HIDDEN"


HIDDEN: Final = Hidden.HIDDEN
"""Stands in for a choice the viewer may not see yet."""


def _seats(seats: Iterable[str]) -> tuple[str, ...]:
    return tuple(seats)


def _still_owed(owed: tuple[str, ...]) -> str:
    return "still owed: " + (", ".join(owed) if owed else "nobody")


@attrs.frozen
class Sealed(Generic[T]):
    """The seats that owe a choice (in order) and the choices made so far, as (seat,
    choice) pairs kept in seat order."""

    seats: tuple[str, ...] = attrs.field(converter=_seats)
    choices: tuple[tuple[str, T], ...] = ()

    def __attrs_post_init__(self) -> None:
        if len(set(self.seats)) != len(self.seats):
            doubled = sorted({s for s in self.seats if self.seats.count(s) > 1})
            raise ValueError("a seat is listed twice: " + ", ".join(doubled))
        order = {seat: i for i, seat in enumerate(self.seats)}
        seen: set[str] = set()
        for seat, _ in self.choices:
            if seat not in order:
                raise ValueError(f"a choice from {seat!r}, which owes none (seats: {', '.join(self.seats)})")
            if seat in seen:
                raise ValueError(f"two choices from {seat!r}")
            seen.add(seat)
        # Canonical order: equal choices make equal values whatever order they came in.
        object.__setattr__(self, "choices", tuple(sorted(self.choices, key=lambda pair: order[pair[0]])))

    @classmethod
    def of(cls, seats: Iterable[str]) -> Sealed[T]:
        """A fresh round in which every one of ``seats`` owes a choice."""
        return cls(tuple(seats))

    @property
    def chosen(self) -> tuple[str, ...]:
        """The seats that have chosen, in seat order."""
        return tuple(seat for seat, _ in self.choices)

    @property
    def owed(self) -> tuple[str, ...]:
        """The seats still to choose, in seat order."""
        done = set(self.chosen)
        return tuple(seat for seat in self.seats if seat not in done)

    def has_chosen(self, seat: str) -> bool:
        return seat in self.chosen

    @property
    def complete(self) -> bool:
        return len(self.choices) == len(self.seats)

    def submit(self, seat: str, choice: T) -> Sealed[T]:
        """This round with ``seat``'s choice added. Refuses a seat that owes no choice or
        has already made it (a choice, once in, is sealed)."""
        if choice is HIDDEN:
            raise ValueError("HIDDEN is the marker for an unseen choice, not a choice")
        if seat not in self.seats:
            raise ValueError(f"{seat!r} owes no choice here ({_still_owed(self.owed)})")
        if self.has_chosen(seat):
            raise ValueError(f"{seat!r} has already chosen ({_still_owed(self.owed)})")
        return Sealed(self.seats, self.choices + ((seat, choice),))

    def revealed(self) -> dict[str, T]:
        """Every seat's choice, in seat order; only once all are in."""
        if not self.complete:
            raise ValueError(f"choices stay sealed until all are in ({_still_owed(self.owed)})")
        return dict(self.choices)

    def seen_by(self, viewer: str | None, *, control: Collection[str] = ()) -> Sealed[T | Hidden]:
        """The round as ``viewer`` may see it: who has chosen, but no other seat's choice
        (each is ``HIDDEN``) until all are in. ``None`` and the seats in ``control`` see
        everything."""
        if self.complete or viewer is None or viewer in control:
            return Sealed[T | Hidden](self.seats, self.choices)
        masked: tuple[tuple[str, T | Hidden], ...] = tuple(
            (seat, choice if seat == viewer else HIDDEN) for seat, choice in self.choices
        )
        return Sealed[T | Hidden](self.seats, masked)
