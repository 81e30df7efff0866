"""Hedgemony's screens for the table's shell: ``FRONT`` (see :mod:`.adapter`).

The registry imports this package to read ``FRONT`` — the title screen does, to list the
game — so it imports no screen, no engine and no drawing code: those load when a game
opens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .adapter import HedgemonyFront

if TYPE_CHECKING:
    # For the annotation only: the shell's types (hedgemony_tui.shell.front) load with the
    # first game opened, not for the title's list of games.
    from hedgemony_tui.shell.front import Front

FRONT: Front = HedgemonyFront()
