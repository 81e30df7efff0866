"""A game in play for a front end: the current state, undo, and autosave.

The engine is pure; this thin layer keeps the history a screen needs. Undo goes back
over decisions that revealed nothing: a decision that rolled a die (the game's dice
moved), wrote a private result, or revealed a secret clears the undo history, as the
dice and the information cannot be taken back. The game is saved to the autosave path
(atomically, with a backup) whenever the phase changes.
"""

from __future__ import annotations

import os

from hedgemony_tui.games.hedgemony.engine.game import legal_intents, pending, reduce
from hedgemony_tui.games.hedgemony.engine.intents import Intent
from hedgemony_tui.games.hedgemony.engine.state import GameState
from .saves import save_game


def reveals(before: GameState, after: GameState) -> bool:
    """Did going from ``before`` to ``after`` roll a die or show hidden information?"""
    if after.rng != before.rng:
        return True
    return any(
        entry.roll is not None or entry.visible_to or entry.kind == "reveal" for entry in after.log[len(before.log):]
    )


class Session:
    def __init__(self, state: GameState, *, autosave: str | os.PathLike[str] | None = None) -> None:
        self.state = state
        self.autosave = autosave
        self._undo: list[GameState] = []

    def legal(self) -> list[Intent]:
        return legal_intents(self.state)

    def pending(self):
        return pending(self.state)

    def apply(self, intent: Intent) -> GameState:
        """Apply a decision (IllegalIntent leaves everything as it was)."""
        before = self.state
        after = reduce(before, intent)
        if reveals(before, after):
            self._undo.clear()
        else:
            self._undo.append(before)
        self.state = after
        if self.autosave is not None and after.phase is not before.phase:
            save_game(self.autosave, after)
        return after

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    def undo(self) -> GameState:
        if not self._undo:
            raise IndexError("nothing to undo: the last decision rolled a die or revealed information")
        self.state = self._undo.pop()
        return self.state
