"""How an intent's ``describe()`` names what it is about.

``describe()`` takes an optional :class:`Namer`; without one the ids stay as they are
(the form saves and tests compare). The engine's :class:`names.Namer` (content and the
public board) gives places by name, stacks as "14 FF M3 in CONUS" and cards as
"Title (ID)"; so may any object with these three methods (a front's own names).
"""

from __future__ import annotations

from typing import Protocol


class Namer(Protocol):
    def place(self, place_id: str) -> str: ...

    def stack(self, stack_id: str) -> str: ...

    def card(self, card_id: str) -> str: ...


class _Ids:
    """The ids themselves: ``describe()`` without names."""

    def place(self, place_id: str) -> str:
        return place_id

    def stack(self, stack_id: str) -> str:
        return stack_id

    def card(self, card_id: str) -> str:
        return card_id


IDS: Namer = _Ids()
