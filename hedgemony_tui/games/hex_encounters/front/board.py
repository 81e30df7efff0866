"""The board's widgets: the status line, and the board column (a caption with the map's
keys, the hex map, the combat worksheet, the legend and the forces).

The map is drawn compact (three characters a hex) so its whole width fits the board
column at 100 columns. When the column is too short for every row beside the worksheet,
a window of rows is drawn, placed over the hexes the pending decision names (and moved
by the scroll key). The overlay key cycles the overlays of :mod:`.overlays`."""

from __future__ import annotations

from typing import Any

from textual.containers import ScrollableContainer
from textual.widgets import Static

from .mapdraw import draw_map, legend, size, window
from .overlays import OVERLAYS, TITLES, overlay_of
from .panels import forces, status_line, worksheet

OVERLAY_KEY, SCROLL_KEY = "f2", "f3"


class HexTop(Static):
    def refresh_view(self) -> None:
        table: Any = self.app
        self.update(status_line(table.seen_state(), table.viewer_seat()))


def named_hexes(table: Any) -> frozenset[str]:
    """The hexes the pending choices name (a unit's reach, retreats, targets), from the
    legal options the shell offers this seat, and the hex under attack: no rule here."""
    seen = table.seen_state()
    named = {h for option, _ in table.my_options()
             for h in (getattr(option, "hex", ""), getattr(option, "target", "")) if h}
    if seen.combat:
        named.add(seen.combat.target)
    if seen.phase == "deploy" and seen.combat is None and table.my_options():
        from ..engine.data import game_data

        named.add(game_data().scenario.deployment[seen.seat][seen.slot])  # where the block picked goes
    if seen.selected and seen.has_block(seen.selected) and seen.block(seen.selected).on_map:
        named.add(seen.block(seen.selected).hex)
    return frozenset(h for h in named if len(h) == 4 and h.isdigit())


class HexBoard(ScrollableContainer):
    DEFAULT_CSS = """
    HexBoard { height: 1fr; }
    HexBoard > #hex-map { width: auto; }
    HexBoard > #hex-caption { color: $text-muted; }
    """

    overlay = "none"
    offset_rows = 0
    _named: frozenset[str] = frozenset()
    rows_shown: tuple[int, int] = (1, 1)

    def compose(self) -> Any:
        yield Static(id="hex-caption")
        yield Static(id="hex-map")
        yield Static(id="hex-worksheet")
        yield Static(legend(), id="hex-legend")
        yield Static(id="hex-forces")

    def on_mount(self) -> None:
        self.refresh_view()

    def on_resize(self) -> None:
        self.refresh_view()

    def cycle_overlay(self) -> None:
        self.overlay = OVERLAYS[(OVERLAYS.index(self.overlay) + 1) % len(OVERLAYS)]
        self.refresh_view()

    def scroll_rows(self) -> None:
        """Move the window of rows down by half its height, back to the top past the end."""
        _, rows = size()
        first, last = self.rows_shown
        shown = last - first + 1
        target = 1 if last >= rows else min(rows - shown + 1, first + max(1, shown // 2))
        base, _ = window(rows, shown, {int(h[2:]) for h in self._named})
        self.offset_rows = target - base
        self.refresh_view()

    def refresh_view(self) -> None:
        table: Any = self.app
        seen = table.seen_state()
        named = named_hexes(table)
        if self._named != named:
            self._named, self.offset_rows = named, 0  # a new decision: the window follows it
        try:
            sheet = self.query_one("#hex-worksheet", Static)
            caption = self.query_one("#hex-caption", Static)
            drawn = self.query_one("#hex-map", Static)
        except Exception:  # noqa: BLE001 - not composed yet: the next refresh draws it
            return
        text = worksheet(seen)
        sheet.update(text)
        sheet.display = seen.combat is not None
        _, rows = size()
        height = self.size.height or 40
        # Lines left for the map once the caption, the column header and (in combat) the
        # worksheet are shown: two lines a row plus the half row of the lower columns.
        sheet_lines = len(text.wrap(self.app.console, max(20, self.size.width or 60))) if seen.combat else 0
        fits = max(3, (height - 4 - sheet_lines) // 2)
        self.rows_shown = window(rows, fits, {int(h[2:]) for h in named}, self.offset_rows)
        first, last = self.rows_shown
        shown = "all rows" if (first, last) == (1, rows) else f"rows {first:02d}-{last:02d}, {SCROLL_KEY} scrolls"
        caption.update(f"{OVERLAY_KEY} overlay: {TITLES[self.overlay]} · map {shown}")
        drawn.update(draw_map(seen, named, overlay_of(self.overlay, table), self.rows_shown))
        self.query_one("#hex-forces", Static).update(forces(seen, table.viewer_seat()))


def board_of(table: Any) -> HexBoard | None:
    try:
        return table.screen.query_one("#hex-board", HexBoard)
    except Exception:  # noqa: BLE001 - another screen is on top: the key does nothing
        return None


def cycle_overlay(table: Any) -> None:
    board = board_of(table)
    if board is not None:
        board.cycle_overlay()


def scroll_rows(table: Any) -> None:
    board = board_of(table)
    if board is not None:
        board.scroll_rows()
