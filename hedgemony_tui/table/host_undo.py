"""Undo at the table: take back a person's last decision and the computer decisions
after it (:meth:`TableHost.undo` calls :func:`take_back`).

Kept apart from :mod:`.host` so that the host stays within its size; it reaches into
the host's own bookkeeping (its notes, the results owed, the control seat's turn), as
undo must leave all of it as it was before the decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import NothingToUndo
from .players import PERSON

if TYPE_CHECKING:
    from .host import TableHost


def take_back(host: TableHost, seat: str) -> tuple[Any, list[str]]:
    """See :meth:`TableHost.undo`."""
    session = host.session
    journal = session.journal
    mine = next((i for i in range(len(journal) - 1, -1, -1) if journal[i].by == PERSON), None)
    if mine is None or not seat or journal[mine].seat != seat:
        # Who took it is said only where no decision is taken eyes closed (it could be one).
        other = ""
        if mine is not None and not host.rules.info.eyes_closed_kinds:
            other = f" (the last decision a person took was {host.seats.name(journal[mine].seat)}'s)"
        raise NothingToUndo(f"nothing of yours to undo{other}")
    count = len(journal) - mine
    if session.undo_depth < count:
        raise NothingToUndo("nothing to undo: a die was rolled or something revealed since your last decision")
    taken = [session.undo() for _ in range(count)]
    kept = len(session.journal)
    host.notes = [n for n in host.notes if n.journal is None or n.journal < kept]
    for owed in host._owed.values():
        owed[:] = [r for r in owed if r.index < kept]
    host.stopped = ""
    host._control_asked, host._control_choice = session.state, None  # it already had its say here
    computers = [f"{host.seats.name(e.seat)} ({e.by})" for e in reversed(taken[:-1])]
    host._changed()
    return taken[-1].intent, computers
