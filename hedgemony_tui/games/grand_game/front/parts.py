"""The Grand Game's screens, loaded with the first game of it opened: the board's parts,
the keys' actions, menu labels and groups, the journal's rows and the end report.
:class:`~.adapter.GrandFront` hands these on; it is what the title lists, and stays light
by importing this module only when a game needs it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from hedgemony_tui.shell.front import Action, BoardParts, ShellKey, View
from hedgemony_tui.shell.notes import Row

from .board import FULL_MAP_KEY, OVERLAY_KEY, GrandBoard, GrandSide, GrandTop, cycle_overlay, open_full_map
from .labels import label, path
from .words import end_tables, named, phase_words, tracks

if TYPE_CHECKING:
    from hedgemony_tui.shell.front import Key, Table


class GrandParts:
    """What :class:`~.adapter.GrandFront` hands on once a game opens (see the module docstring)."""

    def keys(self) -> Sequence[Key]:
        return (
            Action(
                OVERLAY_KEY,
                "Overlay",
                "gg.overlay",
                cycle_overlay,
                "the map's overlay: holders, air, economy, supply, rail",
            ),
            View(
                FULL_MAP_KEY, "Full map", "gg.map", open_full_map, "the whole Continent with its legend, on one screen"
            ),
            ShellKey("journal"),
            ShellKey("worksheet"),
            ShellKey("undo"),
            ShellKey("save"),
            ShellKey("load", show=False),
        )

    def board(self, table: Table) -> BoardParts:
        return BoardParts(main=GrandBoard(id="gg-board"), top=GrandTop(id="gg-top"), side=GrandSide(id="gg-side"))

    def intent_label(self, table: Table, intent: Any) -> str:
        return label(table.seen_state(), intent)

    def intent_path(self, table: Table, intent: Any) -> tuple[str, ...]:
        return path(table.seen_state(), intent)

    def log_rows(self, seen: Any) -> Sequence[tuple[int, Row]]:
        # Numbered in the whole log (LogLine.seq counts from 0), not in this view, which
        # drops the lines written for other seats. The engine writes seats by id
        # ("arvenne seals ..."); the journal names the countries.
        return [(line.seq + 1, _row(line)) for line in seen.log]

    def end_report(self, table: Table) -> Sequence[tuple[str, Any]]:
        return end_tables(table.seen_state())

    def tracks(self, view: Any) -> Mapping[str, Mapping[str, float]]:
        return tracks(view)


@lru_cache(maxsize=16384)
def _row(line: Any) -> Row:
    """A log line as a journal row, made once: the events pane asks for every line of a
    growing log after each pick (2,800 lines by year 11)."""
    return Row(line.turn, phase_words(line.phase), "", "log", named(line.text), bool(line.seat))
