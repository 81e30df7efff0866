"""A memo of the last answer worked out, kept by the object the answer is about.

The engine asks the same question many times in a row: the legal intents of one state
(once by the caller, again by ``reduce``), the cards of one game's rulings (at every
decision). A :class:`LastAnswer` remembers the last one. It is not process-wide: each
lives on the object that owns the answers (a :class:`~.content.Content` carries its own),
so two games or two contents in one process never read each other's.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class LastAnswer(Generic[K, V]):
    """The last answer and the key it answered. By default a key matches only the very
    same object (states are immutable, so the same object is the same question); pass
    ``operator.eq`` to match equal keys.

    The pair is kept as one tuple, replaced in one assignment: a reader in another
    thread sees an old pair or a new one, never a key with another key's answer.
    """

    __slots__ = ("_matches", "_last")

    def __init__(self, matches: Callable[[object, object], bool] = operator.is_) -> None:
        self._matches = matches
        self._last: tuple[K, V] | None = None

    def get(self, key: K) -> V | None:
        """The answer remembered for ``key``, or None."""
        last = self._last
        if last is not None and self._matches(last[0], key):
            return last[1]
        return None

    def put(self, key: K, value: V) -> V:
        """Remember ``value`` as the answer for ``key`` (forgetting the one before); returns it."""
        self._last = (key, value)
        return value
