"""Exact odds before a roll, for any game on the table.

A game lists the faces of the die its pending decision rolls, each equally likely, with
the state each face leads to (``GameRules.roll_faces``): the engine's own resolution run
once per face on the immutable state, so there is no second copy of the rules. From
those, the chance of anything a person wants to know (an outcome, a band, an influence
change) is a count of faces over their number, exactly, as a fraction.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import Any

import attrs


@attrs.frozen
class Face:
    """One face of the pending die and the state it leads to."""

    face: int
    after: Any


def chances(faces: Sequence[Face], measure: Callable[[Face], Hashable]) -> list[tuple[Hashable, Fraction]]:
    """Each value of ``measure`` over the faces with its exact chance, in the order the
    faces first reach it (the order of a printed table's rows)."""
    if not faces:
        raise ValueError("no roll is pending: there are no faces to count")
    counts: dict[Hashable, int] = {}
    for face in faces:
        value = measure(face)
        counts[value] = counts.get(value, 0) + 1
    return [(value, Fraction(n, len(faces))) for value, n in counts.items()]


def expected(faces: Sequence[Face], value: Callable[[Face], float]) -> float:
    """The mean of ``value`` over equally likely faces."""
    if not faces:
        raise ValueError("no roll is pending: there are no faces to count")
    return sum(value(face) for face in faces) / len(faces)


def at_least(faces: Sequence[Face], test: Callable[[Face], bool]) -> Fraction:
    """The exact chance that ``test`` holds."""
    if not faces:
        raise ValueError("no roll is pending: there are no faces to count")
    return Fraction(sum(1 for face in faces if test(face)), len(faces))


def faces_of(die: int, resolve: Callable[[int], Any], first: int = 0) -> tuple[Face, ...]:
    """Every face ``first .. first + die - 1`` of a die resolved by ``resolve`` (a game's
    own roll on its immutable state)."""
    return tuple(Face(face, resolve(face)) for face in range(first, first + die))
