"""A game in play for a front end: the state now, its journal, undo, and saving.

The rules are pure; this layer keeps what a table needs around them. Every decision
goes into the journal with its seat, who took it (a person or a computer policy) and
why, so a saved game can be replayed from its start and its undo history survives a
save and a load. Undo goes back over decisions that revealed nothing: a step that
rolled a die or showed something hidden (``rules.reveals``) is a barrier, as the dice
and the information cannot be taken back.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from typing import Any

from .annotations import GameNotes
from .contract import AnyRules, Decision
from .errors import IllegalIntent, SaveError
from .saves import JournalEntry, Origin, SavedGame, game_text, save_game
from .seats import Seats


class Session:
    def __init__(
        self,
        rules: AnyRules,
        state: Any,
        *,
        start: Any = None,
        journal: tuple[JournalEntry, ...] = (),
        seats: Seats | None = None,
        autosave: str | os.PathLike[str] | None = None,
        notes: GameNotes | None = None,
        origin: Origin | None = None,
    ) -> None:
        self.rules = rules
        # The seed and options the start was set up from, saved so a load can rebuild and
        # check the start (saves.read_game); None when unknown (an unverified save).
        self.origin = origin
        self.notes = notes or GameNotes()  # bookmarks and a branch's origin, saved with the game
        self.state = state
        self.start = state if start is None else start
        self.journal: list[JournalEntry] = list(journal)
        self.seats = seats
        self.autosave = autosave
        # The states before each decision since the last barrier, with the journal's length then.
        self._undo: list[tuple[Any, int]] = []

    @classmethod
    def resume(cls, saved: SavedGame, *, autosave: str | os.PathLike[str] | None = None) -> Session:
        """A session at the end of a saved game, its undo history rebuilt by replaying the
        journal from its start; SaveError if the journal does not lead to the saved state.
        Only a verified save keeps its origin: an unverified or edited one saves unverified."""
        origin = saved.origin if saved.verified else None
        session = cls(saved.rules, saved.start, seats=saved.seats, autosave=None, notes=saved.notes, origin=origin)
        for number, entry in enumerate(saved.journal, start=1):
            try:
                session.apply(entry.intent, by=entry.by, reason=entry.reason)
            except IllegalIntent as exc:
                raise SaveError(f"decision {number} of the journal cannot be replayed ({exc})") from None
        if session.state != saved.state:
            raise SaveError(
                "the journal does not lead to the saved state: the file was changed or damaged",
                hint="Restore the backup, or a copy of the save.",
            )
        session.autosave = autosave
        return session

    def legal(self) -> list[Any]:
        return self.rules.legal(self.state)

    def pending(self) -> Decision:
        return self.rules.pending(self.state)

    def apply(self, intent: Any, *, by: str = "person", reason: str = "") -> Any:
        """Apply a decision (IllegalIntent leaves everything as it was) and journal it."""
        before = self.state
        after = self.rules.apply(before, intent)
        barrier = self.rules.reveals(before, after) or self._eyes_closed(before)
        if barrier:
            self._undo.clear()
        else:
            self._undo.append((before, len(self.journal)))
        self.journal.append(JournalEntry(self.rules.seat_of(intent), intent, by, reason, barrier))
        self.state = after
        if self.autosave is not None and self.rules.turn_of(after) != self.rules.turn_of(before):
            self.save(self.autosave)
        return after

    def _eyes_closed(self, before: Any) -> bool:
        """A decision taken eyes closed is a barrier too: undoing it would start the round
        again in front of everyone, and only the seat that took it could ask."""
        kinds = self.rules.info.eyes_closed_kinds
        return bool(kinds) and self.rules.pending(before).kind in kinds

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def undo_depth(self) -> int:
        """How many of the latest decisions may be taken back (those since the last roll
        or reveal): the last ``undo_depth`` entries of the journal."""
        return len(self._undo)

    def last_entry(self) -> JournalEntry | None:
        return self.journal[-1] if self.journal else None

    def undo(self) -> JournalEntry:
        """Take back the last decision; IndexError when a roll or a reveal came after it."""
        if not self._undo:
            raise IndexError("nothing to undo: the last decision rolled a die or revealed information")
        self.state, length = self._undo.pop()
        taken = self.journal[length]
        del self.journal[length:]
        self.notes = self.notes.within(length)
        return taken

    def text(self) -> str:
        """The game as a save's text (what :meth:`save` writes): for a writer of its own."""
        return self.text_maker()()

    def text_maker(self) -> Callable[[], str]:
        """What makes the game's text as it is now, later or on another thread: every part
        it reads is immutable (the journal is copied), so later decisions do not reach it."""
        return functools.partial(
            game_text,
            self.rules,
            self.state,
            start=self.start,
            journal=tuple(self.journal),
            seats=self.seats,
            notes=self.notes,
            origin=self.origin,
        )

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the game, its journal and its seats to ``path`` (atomic, with a backup)."""
        save_game(
            path,
            self.rules,
            self.state,
            start=self.start,
            journal=tuple(self.journal),
            seats=self.seats,
            notes=self.notes,
            origin=self.origin,
        )
