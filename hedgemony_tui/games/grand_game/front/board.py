"""The Grand Game's board widgets: the top line (the year, the phase, who owes what), the
map column (the Continent drawn narrow with the chosen overlay and its key, then the marks'
key), the side panel over the decision list (the seat's own allocation or order sheet with
the checker's problems, then every country's public figures), and the full map on its own
screen.

Each draws ``table_of(self).seen_state()``, the view of the seat at the keyboard, and draws
nothing while the keyboard is being handed over.
"""

from __future__ import annotations

import time
from typing import Any, cast

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from hedgemony_tui.shell.front import Table, table_of

from ..render.map_inputs import OVERLAYS, OWNERS
from ..render.map_view import draw_map
from ..render.overlay_compact import draw_compact, terrain_key
from .words import countries_table, map_view, seat_lines, top_line

OVERLAY_KEY, FULL_MAP_KEY = "f2", "f3"
OVERLAY_TITLES = {
    "owners": "holders and units",
    "air": "air zones",
    "economy": "economic zones",
    "supply": "supply counters",
    "rail": "railroads",
}


def _live(widget: Any) -> bool:
    """A game is in play and nobody's secrets are being handed over."""
    return getattr(widget.app, "session", None) is not None and not table_of(widget).hand_over_showing()


class GrandTop(Static):
    """The top line, with the time left to write when the table set a limit (``minutes``)."""

    def on_mount(self) -> None:
        # Since when each (year, phase, seat) has been writing: the clock of the seed's time
        # limit (L138, L144) runs on this screen; the engine knows no time, and the limit is
        # the table's to keep, so the screen shows it and never hands anything in itself.
        self._started: dict[tuple[int, str, str], float] = {}
        self.set_interval(1.0, self._tick)
        self.refresh_view()

    def _tick(self) -> None:
        if _live(self) and table_of(self).seen_state().minutes:
            self.refresh_view()

    def refresh_view(self) -> None:
        if not _live(self):
            self.update("")
            return
        table = table_of(self)
        seen, viewer = table.seen_state(), table.viewer_seat()
        line = top_line(seen, viewer)
        clock = self._clock(seen, viewer, bool(table.my_options()))
        if clock:
            line.append(clock[0], style=clock[1])
        self.update(line)

    def _clock(self, seen: Any, viewer: str, owes: bool) -> tuple[str, str] | None:
        if not seen.minutes or not owes or seen.phase in ("trade", "over"):
            return None
        key = (seen.turn, seen.phase, viewer)
        start = self._started.setdefault(key, time.monotonic())
        left = seen.minutes * 60 - int(time.monotonic() - start)
        if left <= 0:
            return " · time is up: hand it in now", "bold reverse"
        return f" · {left // 60}:{left % 60:02d} left of {seen.minutes} min", "bold" if left > 60 else "bold reverse"


class GrandBoard(VerticalScroll):
    """The map column: a caption naming the overlay and the keys, the map, the marks' key."""

    overlay = OWNERS

    def compose(self) -> ComposeResult:
        yield Static(id="gg-caption")
        yield Static(id="gg-map")
        yield Static(id="gg-key")

    def on_mount(self) -> None:
        self.refresh_view()

    def on_resize(self) -> None:
        self.refresh_view()

    def cycle_overlay(self) -> None:
        self.overlay = OVERLAYS[(OVERLAYS.index(self.overlay) + 1) % len(OVERLAYS)]
        self.refresh_view()

    def refresh_view(self) -> None:
        try:
            caption, drawn, key = (self.query_one(f"#gg-{part}", Static) for part in ("caption", "map", "key"))
        except Exception:
            return
        if not _live(self):
            for part in (caption, drawn, key):
                _update(part, "")
            return
        seen = table_of(self).seen_state()
        width = max(50, (self.scrollable_content_region.width or 56) - 1)
        caption.update(
            Text.assemble(
                ("Map: ", "bold"),
                OVERLAY_TITLES[self.overlay],
                f" · {OVERLAY_KEY.upper()} overlay · {FULL_MAP_KEY.upper()} full map",
                style="",
            )
        )
        _update(drawn, draw_compact(map_view(seen, self.overlay), width))
        _update(key, terrain_key(width))


def _update(static: Static, drawn: Any) -> None:
    """Give ``static`` what is drawn unless it shows that already: the map is redrawn after
    every pick and turning its text into the screen's cells cost the most of a pick."""
    if getattr(static, "_gg_drawn", None) != drawn:
        static._gg_drawn = drawn  # type: ignore[attr-defined]
        static.update(drawn)


class GrandSide(VerticalScroll):
    """Over the decision list: the seat's own allocation or sheet, then the countries."""

    def compose(self) -> ComposeResult:
        yield Static(id="gg-side-text")

    def on_mount(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        try:
            text = self.query_one("#gg-side-text", Static)
        except Exception:
            return
        if not _live(self):
            text.update("")
            return
        table = table_of(self)
        seen, viewer = table.seen_state(), table.viewer_seat()
        # A short screen keeps the decision list its room: the countries two to a line, the
        # panel at most a third of the screen (it scrolls).
        short = self.app.size.height < 36
        self.styles.max_height = max(8, self.app.size.height // 3) if short else 18
        text.update(Group(*seat_lines(seen, viewer, short), countries_table(seen, compact=short)))


class FullMap(ModalScreen[None]):
    """The whole Continent at ten characters a cell with its legend; F2 changes the overlay."""

    BINDINGS = [
        Binding("escape,f3,q", "dismiss", "Close"),
        Binding(OVERLAY_KEY, "overlay", "Next overlay"),
    ]
    DEFAULT_CSS = """
    FullMap { background: $background; }
    FullMap > VerticalScroll { width: 100%; height: 100%; }
    """

    def __init__(self, table: Table, overlay: str = OWNERS) -> None:
        super().__init__()
        self.table, self.overlay = table, overlay

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(id="gg-full-caption")
            yield Static(id="gg-full-map")

    def on_mount(self) -> None:
        self.redraw()

    def on_resize(self) -> None:
        self.redraw()

    def action_overlay(self) -> None:
        self.overlay = OVERLAYS[(OVERLAYS.index(self.overlay) + 1) % len(OVERLAYS)]
        self.redraw()

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(None)

    def redraw(self) -> None:
        width, height = self.app.size
        seen = self.table.seen_state()
        self.query_one("#gg-full-caption", Static).update(
            f"The Continent: {OVERLAY_TITLES[self.overlay]} · F2 next overlay · Esc back to the board"
        )
        self.query_one("#gg-full-map", Static).update(draw_map(map_view(seen, self.overlay), width, height - 1))


def board_of(table: Table) -> GrandBoard | None:
    # A key's action is given the live app as its table: its screen holds the board.
    try:
        return cast(Any, table).screen.query_one("#gg-board", GrandBoard)  # type: ignore[no-any-return]
    except Exception:
        return None


def cycle_overlay(table: Table) -> None:
    board = board_of(table)
    if board is not None:
        board.cycle_overlay()


def open_full_map(table: Table) -> ModalScreen[None] | None:
    if table.hand_over_showing():
        return None
    board = board_of(table)
    return FullMap(table, board.overlay if board is not None else OWNERS)
