"""Hedgemony's screens for the table's shell: ``FRONT`` (see :mod:`.adapter`).

The registry imports this package to read ``FRONT`` — the title screen does, to list the
game — so it imports no screen, no engine and no drawing code: those load when a game
opens.
"""

from __future__ import annotations

from .adapter import HedgemonyFront

FRONT = HedgemonyFront()
