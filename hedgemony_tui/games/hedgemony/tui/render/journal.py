"""The session journal as rows: the game's log (as one seat may see it) interleaved with the
session's own notes (computer players' reasons, saves, loads, undos)."""

from __future__ import annotations

import attrs


@attrs.frozen
class Note:
    """A line the session adds: ``after`` = how many log entries came before it."""

    after: int
    turn: int
    phase: str
    actor: str
    kind: str
    text: str
    visible_to: tuple[str, ...] = ()

    def visible(self, seat: str) -> bool:
        return not self.visible_to or seat == "WHITE" or seat in self.visible_to


@attrs.frozen
class Row:
    turn: int
    phase: str
    actor: str
    kind: str
    text: str
    private: bool

    def matches(self, needle: str) -> bool:
        needle = needle.lower()
        return any(needle in str(v).lower() for v in (self.turn, self.phase, self.actor, self.kind, self.text))


def roll_words(roll) -> str:
    mods = "".join(f" {t.value:+d} ({t.label})" for t in roll.modifiers)
    where = " ".join(x for x in (roll.table, roll.column and f"column {roll.column}", roll.row and f"row {roll.row}") if x)
    how = "physical die" if roll.physical else "d10"
    return f"{how} {roll.raw}{mods} = {roll.total}" + (f"; {where}" if where else "") + (f" -> {roll.result}" if roll.result else "")


def journal_rows(log, notes, seat: str) -> list[Row]:
    """Every line ``seat`` may see, in the order it happened."""
    by_after: dict[int, list[Note]] = {}
    for note in notes:
        if note.visible(seat):
            by_after.setdefault(note.after, []).append(note)
    rows: list[Row] = []
    for note in by_after.get(0, []):
        rows.append(Row(note.turn, note.phase, note.actor, note.kind, note.text, bool(note.visible_to)))
    for entry in log:
        text = entry.text
        if entry.roll is not None:
            text += f"  [{roll_words(entry.roll)}]"
        if entry.changes:
            text += "  (" + ", ".join(f"{c.player} {c.what.upper()} {c.delta:+d} -> {c.balance}" for c in entry.changes) + ")"
        rows.append(Row(entry.turn, entry.phase.value, entry.actor, entry.kind, text, bool(entry.visible_to)))
        for note in by_after.get(entry.seq, []):
            rows.append(Row(note.turn, note.phase, note.actor, note.kind, note.text, bool(note.visible_to)))
    return rows
