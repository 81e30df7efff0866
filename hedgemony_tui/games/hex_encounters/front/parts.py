"""Hex Encounters' screens, loaded with the first game of it opened: the keys' actions,
the board's parts, the combat worksheet, menu labels, the journal's rows and the result
screens. :class:`~.adapter.HexFront` hands these on; it is what the title lists, and
stays light by importing this module only when a game needs it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from textual.screen import Screen

from hedgemony_tui.shell.front import Action, BoardParts, ShellKey, View, Worksheet
from hedgemony_tui.shell.notes import Row

from .board import OVERLAY_KEY, SCROLL_KEY, HexBoard, HexTop, cycle_overlay, focus_map, scroll_rows
from .dicesheet import open_sheet
from .labels import label
from .legend_screen import LEGEND_KEY, open_legend
from .mapview import MAP_KEY
from .result import result_screen

if TYPE_CHECKING:
    from hedgemony_tui.shell.front import Key, Table
    from hedgemony_tui.table.contract import Decision


class HexParts:
    """What :class:`~.adapter.HexFront` hands on once a game opens (see the module docstring)."""

    def keys(self) -> Sequence[Key]:
        return (
            Action(
                OVERLAY_KEY,
                "Overlay",
                "hex.overlay",
                cycle_overlay,
                "the map's overlay: reach, supply, enemy zones of control, what the enemy knows",
            ),
            Action(SCROLL_KEY, "Map rows", "hex.scroll", scroll_rows, "scroll the map's rows when not all fit"),
            Action(MAP_KEY, "Map", "hex.map", focus_map, "choose on the map: arrows, Enter", palette=False),
            # Undo next: the prompts name it (a block or unit picked by mistake), and at
            # 100 columns, with the map focused, the footer is cut a few keys later.
            ShellKey("undo"),
            ShellKey("journal"),
            ShellKey("worksheet"),
            # The legend on a key, from anywhere: under the map it is below the fold at 100x30.
            # Last, so a narrow footer leaves it out first: the board's caption names F5.
            View(LEGEND_KEY, "Legend", "hex.legend", open_legend, "every mark on the map and what it means"),
        )

    def board(self, table: Table) -> BoardParts:
        return BoardParts(main=HexBoard(id="hex-board"), top=HexTop(id="hex-top"))

    def worksheets(self, table: Table, decision: Decision, seat: str) -> Sequence[Worksheet]:
        # The combat worksheet while a combat is in progress (with the grid of faces when
        # the dice are rolled at the table); the other decisions are made on the map.
        if table.seen_state().combat is None:
            return ()
        return (Worksheet("Combat", open_sheet),)

    def intent_label(self, table: Table, intent: Any) -> str:
        return label(table.seen_state(), intent)

    def log_rows(self, seen: Any) -> Sequence[tuple[int, Row]]:
        return [
            # Numbered in the whole log (LogLine.seq), not in this view, which drops others' lines.
            (line.seq, Row(line.turn, "", "", "log", line.text, bool(line.seats)))
            for line in seen.log
        ]

    def result_screen(self, table: Table, intent: Any, before: Any, after: Any, seat: str) -> Screen[Any] | None:
        return result_screen(intent, before, after, table.seats.humans())
