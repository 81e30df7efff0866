"""*Gaming to the Rescue!*'s screens, loaded with the first game of it opened: the keys'
views and actions, the board's parts, the requirement worksheet, menu labels and paths,
the journal's rows, the rules guide and the end report. :class:`~.adapter.RescueFront`
hands these on; it is what the title lists, and stays light by importing this module
only when a game needs it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from textual.app import App
from textual.screen import Screen

from hedgemony_tui.shell.front import Action, BoardParts, ShellKey, View, Worksheet
from hedgemony_tui.shell.notes import Row

from ..engine.board import default_board
from ..engine.intents import Drop, EndTurn, Give, Move, Request, Resolve, Take
from ..engine.reckon import requirement
from .crises import CrisesScreen
from .extras import end_report, intent_path, tracks
from .guide import guide
from .results import result_screen
from .widgets import MapBoard, SidePanel, to_list
from .worksheet import RequirementSheet

if TYPE_CHECKING:
    from hedgemony_tui.shell.front import Key, Table
    from hedgemony_tui.table.contract import Decision


def label(seen: Any, intent: Any) -> str:
    """A menu line in the player's terms: short, the verb first, places named."""
    board = default_board()
    if isinstance(intent, Resolve):
        return f"Resolve Crisis {intent.crisis}: {requirement(seen.crisis(intent.crisis), intent.seat).worksheet()}"
    if isinstance(intent, Move):
        number = board.crisis_at(intent.to)
        where = board.place_name(intent.to) or (f"Crisis {number}" if number else "")
        where = where or ("ocean" if board.ocean(intent.to) else "")
        return f"Move to {intent.to}" + (f" ({where})" if where else "")
    if isinstance(intent, Request):
        return f"Request 1 {intent.resource} at {intent.at} ({board.place_name(intent.at)})"
    if isinstance(intent, Give):
        return f"Give 1 {intent.resource} to {intent.to}"
    if isinstance(intent, Take):
        whose = "your own" if intent.owner == intent.seat else f"{intent.owner}'s"
        return f"Pick up 1 {intent.resource} ({whose})"
    if isinstance(intent, Drop):
        return f"Leave 1 {intent.resource} here"
    if isinstance(intent, EndTurn):
        return "End the turn"
    text: str = intent.describe()
    return text[0].upper() + text[1:]


def _open_crises(table: Table) -> Screen[Any]:
    return CrisesScreen(table.seen_state())


def _focus_map(table: Table) -> None:
    # The board's keys (Action.run) are given the live app as their table: its screen has the map.
    app = cast("App[Any]", table)
    board = app.screen.query_one(MapBoard)
    # F9 again, on the map, goes back to the decision list: the key toggles (as Esc does).
    if board.has_focus:
        to_list(board)
    else:
        board.focus()


def _open_sheet(table: Table, seat: str) -> Screen[Any]:
    return RequirementSheet(table, seat)


class RescueParts:
    """What :class:`~.adapter.RescueFront` hands on once a game opens (see the module docstring)."""

    def keys(self) -> Sequence[Key]:
        return (
            View("f2", "Crises", "game.crises", _open_crises, "every crisis and what it costs each player"),
            ShellKey("journal"),
            ShellKey("worksheet", name="Costs"),
            ShellKey("save"),
            ShellKey("load"),
            ShellKey("undo"),
            Action(
                "f9", "Map", "game.map", _focus_map, "scroll the map with the arrows (Esc or F9: back)", palette=False
            ),
        )

    def board(self, table: Table) -> BoardParts:
        return BoardParts(main=MapBoard(id="rescue-board"), side=SidePanel(id="rescue-side"))

    def worksheets(self, table: Table, decision: Decision, seat: str) -> Sequence[Worksheet]:
        if decision.kind != "turn":
            return ()
        return (Worksheet("Requirements", _open_sheet),)

    def intent_label(self, table: Table, intent: Any) -> str:
        return label(table.seen_state(), intent)

    def intent_path(self, table: Table, intent: Any) -> tuple[str, ...]:
        return intent_path(table.seen_state(), intent, label(table.seen_state(), intent))

    def guide(self) -> Any:
        return guide()

    def result_screen(self, intent: Any, before: Any, after: Any, seat: str) -> Screen[Any] | None:
        return result_screen(intent, before, after, seat)

    def end_report(self, table: Table) -> Sequence[tuple[str, Any]]:
        return end_report(table.seen_state())

    def tracks(self, view: Any) -> Mapping[str, Mapping[str, float]]:
        return tracks(view)

    def log_rows(self, seen: Any) -> Sequence[tuple[int, Row]]:
        # The setting-up (initiative, the crisis dice) is logged in cycle 0; the table counts
        # it in cycle 1 (``turn_of``, the number on its own notes), and so do these rows.
        return [
            (n, Row(max(1, e.cycle), e.kind, e.actor, e.kind, e.text, False)) for n, e in enumerate(seen.log, start=1)
        ]
