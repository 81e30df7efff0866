"""The board's widgets: the hex map with the crises' costs under it, and the side panel
(cycle, event, Media Meeple, initiative order, each player's tokens and GP). Each shows
the state as the seat at the keyboard may see it and redraws on ``refresh_view``."""

from __future__ import annotations

from rich.console import Group
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from hedgemony_tui.shell.front import table_of

from ..engine.board import default_board
from ..render.mapview import draw_map, legend_text
from ..render.panels import crises_table, players_table, status_lines


class MapBoard(VerticalScroll):
    """The map and, under it, what each open crisis costs each player and the map's key."""

    def compose(self) -> ComposeResult:
        yield Static(id="rescue-map")

    def on_mount(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        # No game in play (``session`` is the shell's app's): nothing to draw.
        if getattr(self.app, "session", None) is None:
            return
        seen = table_of(self).seen_state()
        self.query_one("#rescue-map", Static).update(
            Group(draw_map(seen, default_board()), crises_table(seen), legend_text())
        )


class SidePanel(Static):
    """The players' tokens and GP; cycle, order, event, media."""

    def on_mount(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        # No game in play (``session`` is the shell's app's): nothing to draw.
        if getattr(self.app, "session", None) is None:
            return
        seen = table_of(self).seen_state()
        self.update(Group(players_table(seen, compact=True), status_lines(seen)))
