"""The board's widgets: the hex map with the crises' costs under it, and the side panel
(cycle, event, Media Meeple, initiative order, each player's tokens and GP). Each shows
the state as the seat at the keyboard may see it and redraws on ``refresh_view``."""

from __future__ import annotations

from rich.console import Group
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from hedgemony_tui.shell.front import table_of

from ..engine.board import default_board
from ..render.mapview import draw_map, legend_text
from ..render.panels import crises_strip, players_table, status_lines


class MapBoard(VerticalScroll):
    """The map and, under it, what each crisis costs each player (4 lines: all of it in
    sight at 100x30) and the map's key (below the fold there: F1 and F2 have it too).
    F9 gives it the focus (the arrows scroll it); Esc or F9 again give the focus back to
    the decision list, and the footer says so while it has the focus."""

    BINDINGS = [Binding("escape", "to_list", "Back to the list", id="rescue.map-back")]

    def compose(self) -> ComposeResult:
        yield Static(id="rescue-map")

    def on_mount(self) -> None:
        self.refresh_view()

    def action_to_list(self) -> None:
        to_list(self)

    def on_resize(self) -> None:
        self.refresh_view()  # the key is packed to the width

    def refresh_view(self) -> None:
        # No game in play (``session`` is the shell's app's): nothing to draw.
        if getattr(self.app, "session", None) is None:
            return
        seen = table_of(self).seen_state()
        self.query_one("#rescue-map", Static).update(
            # The key packed to the board's width (a wide board fits it in fewer lines).
            Group(
                draw_map(seen, default_board()),
                crises_strip(seen),
                legend_text(max(56, self.scrollable_content_region.width - 1)),
            )
        )


def to_list(node: VerticalScroll) -> None:
    """The focus back to the decision list's search box (the shell's, where the screen
    puts it at each decision: typing filters, the arrows move, Enter picks)."""
    for selector in ("#decision-filter", "#decision-options"):
        for found in node.screen.query(selector):
            found.focus()
            return


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
