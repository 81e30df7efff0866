"""The journal as rows: a game's log (as one seat may see it) interleaved with the
session's own notes (computer players' reasons, saves, loads).

The game's front turns its log into :class:`Row` s; the table host keeps the notes and puts
each after the log entry it followed. Nothing here draws: the journal screen does.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs


@attrs.frozen
class Note:
    """A line the session adds: ``after`` = how many log entries came before it;
    ``visible_to`` = the seats that may read it (none: everyone); ``journal`` = the
    index of the decision it tells of in the session's journal (undo takes it back)."""

    after: int
    turn: int
    phase: str
    actor: str
    kind: str
    text: str
    visible_to: tuple[str, ...] = ()
    journal: int | None = None

    def visible(self, seat: str, control: str | None = None) -> bool:
        """Whether ``seat`` may read it; the control seat (``control``) reads everything."""
        return not self.visible_to or seat in self.visible_to or (bool(control) and seat == control)


@attrs.frozen
class Row:
    """One line of the journal."""

    turn: int
    phase: str
    actor: str
    kind: str
    text: str
    private: bool

    def matches(self, needle: str) -> bool:
        needle = needle.lower()
        return any(needle in str(v).lower() for v in (self.turn, self.phase, self.actor, self.kind, self.text))


def merge_rows(
    log_rows: Iterable[tuple[int, Row]], notes: Sequence[Note], seat: str, control: str | None = None
) -> list[Row]:
    """Every line ``seat`` may see, in the order it happened: each note after the log
    entry it followed (``log_rows`` pairs each row with its entry's number, counted from 1)."""
    by_after: dict[int, list[Note]] = {}
    for note in notes:
        if note.visible(seat, control):
            by_after.setdefault(note.after, []).append(note)

    def note_rows(after: int) -> list[Row]:
        return [Row(n.turn, n.phase, n.actor, n.kind, n.text, bool(n.visible_to)) for n in by_after.pop(after, [])]

    rows = note_rows(0)
    for number, row in log_rows:
        # Notes after entries this seat may not see go before the next entry it does see.
        for after in sorted(a for a in by_after if a < number):
            rows.extend(note_rows(after))
        rows.append(row)
        rows.extend(note_rows(number))
    for after in sorted(by_after):
        rows.extend(note_rows(after))
    return rows
