"""What a facilitator adds to a game beside its decisions: bookmarks and a branch's origin.

A **bookmark** marks a point of the journal (after ``at`` decisions) with a note, for a
debrief ("the turn China overreached"). A **branch origin** records that a game was
forked from another at a decision: the file it came from, how many of its decisions it
kept, and the turn and phase there. Both travel inside the save (tables ``[[bookmarks]]``
and ``[branch]``), so they survive save and load with the game itself, and both are
checked on reading like everything else in a save: a bookmark past the journal's end or
a note of a megabyte is refused with the reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from .errors import SaveError

MAX_NOTE = 2000
"""The longest bookmark note kept (characters): a paragraph, not a document."""
MAX_BOOKMARKS = 1000
MAX_TURN = 1000
"""No game on the table lasts this many turns: a branch's record saying more is forged."""


@attrs.frozen
class Bookmark:
    """A point of the game (after ``at`` decisions of its journal) and a note on it."""

    at: int
    note: str = ""


@attrs.frozen
class BranchOrigin:
    """Where a branched game left its parent: the parent's file name, the decisions of
    the parent it kept (``at``), and the turn and phase at that point."""

    parent: str
    at: int
    turn: int
    phase: str


@attrs.frozen
class GameNotes:
    """A game's bookmarks (in journal order) and, for a branch, its origin."""

    bookmarks: tuple[Bookmark, ...] = ()
    branch: BranchOrigin | None = None

    def with_bookmark(self, at: int, note: str) -> GameNotes:
        """These notes with a bookmark at ``at`` (replacing one already there; an empty
        note removes it)."""
        kept = tuple(b for b in self.bookmarks if b.at != at)
        if note.strip():
            kept += (Bookmark(at, note.strip()[:MAX_NOTE]),)
        return attrs.evolve(self, bookmarks=tuple(sorted(kept, key=lambda b: b.at)))

    def within(self, decisions: int) -> GameNotes:
        """These notes without bookmarks past a journal of ``decisions`` (after undo)."""
        kept = tuple(b for b in self.bookmarks if b.at <= decisions)
        return self if kept == self.bookmarks else attrs.evolve(self, bookmarks=kept)

    def tables(self) -> dict[str, Any]:
        """The save's tables for these notes (none when there is nothing to keep)."""
        out: dict[str, Any] = {}
        if self.bookmarks:
            out["bookmarks"] = [{"at": b.at, "note": b.note} for b in self.bookmarks]
        if self.branch is not None:
            b = self.branch
            out["branch"] = {"parent": b.parent, "at": b.at, "turn": b.turn, "phase": b.phase}
        return out


def notes_from(document: Mapping[str, Any], decisions: int) -> GameNotes:
    """The notes of a save's document, checked against its journal's length; SaveError
    naming the table and the problem otherwise."""
    bookmarks: list[Bookmark] = []
    raw = document.get("bookmarks", [])
    if not isinstance(raw, list) or len(raw) > MAX_BOOKMARKS:
        raise SaveError(f"[[bookmarks]] must be a list of at most {MAX_BOOKMARKS} tables")
    for number, row in enumerate(raw, start=1):
        where = f"bookmark {number}"
        if not isinstance(row, dict) or set(row) - {"at", "note"} or "at" not in row:
            raise SaveError(f"{where} must be a table with `at` and an optional `note`, found {_show(row)}")
        at, note = row["at"], row.get("note", "")
        if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= decisions:
            raise SaveError(
                f"{where}: `at` must be a whole number from 0 to {decisions} (the journal's length), found {_show(at)}"
            )
        if not isinstance(note, str) or len(note) > MAX_NOTE:
            raise SaveError(f"{where}: `note` must be text of at most {MAX_NOTE} characters")
        bookmarks.append(Bookmark(at, note))
    branch = None
    if "branch" in document:
        row = document["branch"]
        fields = {"parent": str, "at": int, "turn": int, "phase": str}
        if (
            not isinstance(row, dict)
            or set(row) != set(fields)
            or any(not isinstance(row[k], t) or isinstance(row[k], bool) for k, t in fields.items())
        ):
            raise SaveError("[branch] must hold `parent` (text), `at` and `turn` (whole numbers) and `phase` (text)")
        if not 0 <= row["at"] <= decisions:
            raise SaveError(
                f"[branch]: `at` (the parent's decisions it kept) must be from 0 to {decisions} "
                f"(this journal's length), found {_show(row['at'])}"
            )
        if not 0 <= row["turn"] <= MAX_TURN:
            raise SaveError(f"[branch]: `turn` must be from 0 to {MAX_TURN}, found {_show(row['turn'])}")
        if not _plain_name(row["parent"]):
            raise SaveError(
                f"[branch]: `parent` must be the parent save's file name (no folders, no control "
                f"characters, at most 255 characters), found {_show(row['parent'])}"
            )
        if len(row["phase"]) > 200 or not row["phase"].isprintable():
            raise SaveError("[branch]: `phase` must be a phase's name (printable text of at most 200 characters)")
        # Its turn and phase are checked against the replayed journal by the reader (saves.read_game).
        branch = BranchOrigin(row["parent"], row["at"], row["turn"], row["phase"])
    return GameNotes(tuple(sorted(bookmarks, key=lambda b: b.at)), branch)


def _plain_name(name: str) -> bool:
    """A file name as a branch records its parent: no folder, nothing a terminal acts on."""
    return len(name) <= 255 and name not in (".", "..") and name.isprintable() and not any(c in name for c in "/\\:")


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
