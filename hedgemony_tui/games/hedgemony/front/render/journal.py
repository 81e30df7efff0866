"""Hedgemony's log as journal rows: each entry with its roll (modifiers, the table,
column and row read) and its point changes with the balance after."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from hedgemony_tui.shell.notes import Note, Row, merge_rows

from ...engine.state import WHITE

__all__ = ["Note", "Row", "journal_rows", "log_rows", "roll_words"]


def roll_words(roll: Any) -> str:
    if roll.table == "event deck":  # a card drawn at random, not a die: its face is its place in the deck
        return f"drawn at random: {roll.result}"
    mods = "".join(f" {t.value:+d} ({t.label})" for t in roll.modifiers)
    where = " ".join(
        x for x in (roll.table, roll.column and f"column {roll.column}", roll.row and f"row {roll.row}") if x
    )
    how = "physical die" if roll.physical else "d10"
    return (
        f"{how} {roll.raw}{mods} = {roll.total}"
        + (f"; {where}" if where else "")
        + (f" -> {roll.result}" if roll.result else "")
    )


def log_rows(log: Iterable[Any]) -> list[tuple[int, Row]]:
    """Each log entry as a row, with its number in the whole log (``seq``)."""
    rows: list[tuple[int, Row]] = []
    for entry in log:
        text = entry.text
        if entry.roll is not None:
            text += f"  [{roll_words(entry.roll)}]"
        if entry.changes:
            text += (
                "  ("
                + ", ".join(f"{c.player} {c.what.upper()} {c.delta:+d} -> {c.balance}" for c in entry.changes)
                + ")"
            )
        rows.append(
            (entry.seq, Row(entry.turn, str(entry.phase), entry.actor, entry.kind, text, bool(entry.visible_to)))
        )
    return rows


def journal_rows(log: Iterable[Any], notes: Sequence[Note], seat: str) -> list[Row]:
    """Every line ``seat`` may see of ``log`` (already that seat's view) and the session's
    notes, in the order it happened; the White Cell reads every note."""
    return merge_rows(log_rows(log), notes, seat, WHITE)
