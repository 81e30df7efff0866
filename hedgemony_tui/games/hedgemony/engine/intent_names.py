"""How an intent's ``describe()`` names what it is about.

``describe()`` takes an optional :class:`Namer`; without one the ids stay as they are
(the form saves and tests compare). The engine's :class:`names.Namer` (content and the
public board) gives places by name, stacks as "14 FF M3 in CONUS" and cards as
"Title (ID)"; so may any object with these three methods (a front's own names).

:func:`spend_words` says what an intent spends at once ("costs 2 RP"), from the state
before it and the state the engine's own reducer makes of it (states are immutable, so
a copy of a seat's view costs nothing): the decision list puts it on every line that
spends, so that nothing is paid unseen.
"""

from __future__ import annotations

from typing import Any, Protocol


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


def cost_words(rp: int, ip: int) -> str:
    """What is paid, in words ("costs 2 RP", "costs 2 RP and 1 IP"); "" when nothing is."""
    paid = [f"{n} {unit}" for n, unit in ((rp, "RP"), (ip, "IP")) if n > 0]
    return f"costs {' and '.join(paid)}" if paid else ""


def spend_words(before: Any, after: Any, player: str) -> str:
    """What ``player`` paid between two states (``after``: ``before`` with one intent
    applied by the reducer), at once: the RP and IP it lost before any die is rolled; ""
    when it lost none or the states do not hold the player."""
    try:
        was, now = before.player(player), after.player(player)
    except (AttributeError, KeyError):
        return ""
    return cost_words(was.rp - now.rp, was.ip - now.ip)
