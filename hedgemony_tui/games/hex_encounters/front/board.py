"""The board's widgets: the status line, and the board column (a caption with the map's
keys, the hex map with its cursor, the hex inspector, the combat worksheet, the legend
and the forces).

The map is drawn compact (three characters a hex) so its whole width fits the board
column at 100 columns. When the column is too short for every row beside the worksheet,
a window of rows is drawn, placed over the hexes the pending decision names, following
the cursor, and moved by the scroll key. The overlay key cycles the overlays of
:mod:`.overlays`. When the decision changes the cursor goes to the hex it is about."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from rich.text import Text
from textual.containers import ScrollableContainer
from textual.widgets import Static

from hedgemony_tui.shell.front import Table, table_of

from ..engine.board import board as map_board
from .inspector import fitted, inspect
from .mapdraw import draw_map, legend, size, step, window
from .mapview import MAP_KEYS, REACH_MAP, HexMap, to_list
from .overlays import OVERLAYS, TITLES, overlay_of
from .panels import forces, status_line, worksheet
from .picking import option_hexes

if TYPE_CHECKING:
    from textual.app import App

OVERLAY_KEY, SCROLL_KEY = "f2", "f3"
INSPECTOR_LINES = 3
"""The lines under the map that describe the cursor's hex (one fewer on a short board)."""


class HexTop(Static):
    def refresh_view(self) -> None:
        table = table_of(self)
        # Within the screen's width: the game's name is left out when the line would wrap.
        self.update(status_line(table.seen_state(), table.viewer_seat(), self.size.width or self.app.size.width))

    def on_resize(self) -> None:
        self.refresh_view()


def named_hexes(table: Table) -> frozenset[str]:
    """The hexes the pending choices name (a unit's reach, retreats, targets, the units
    that may be picked, the deployment hex; :mod:`.picking`), from the legal options the
    shell offers this seat, and the hex under attack and the unit moving: no rule here."""
    seen = table.seen_state()
    named = set(option_hexes(seen, table.my_options()))
    if seen.combat:
        named.add(seen.combat.target)
    if seen.selected and seen.has_block(seen.selected) and seen.block(seen.selected).on_map:
        named.add(seen.block(seen.selected).hex)
    return frozenset(h for h in named if len(h) == 4 and h.isdigit())


def decision_hex(table: Table, near: str = "") -> str:
    """Where the cursor goes when the decision changes: the unit being moved, else ``near``
    (the cursor) when the options name it, else the hex they name nearest to it (the
    first offered without a cursor, or on a tie), else the hex under attack ("" for none).
    So after a unit moves, the cursor goes to the next unit close by, not back to the
    first one in the list."""
    seen = table.seen_state()
    if seen.selected and seen.has_block(seen.selected) and seen.block(seen.selected).on_map:
        return str(seen.block(seen.selected).hex)
    named = option_hexes(seen, table.my_options())
    if named:
        brd = map_board()
        if not brd.on_map(near):
            return named[0]
        return min(named, key=lambda h: brd.distance(near, h))  # min keeps the first on a tie
    return str(seen.combat.target) if seen.combat else ""


class HexBoard(ScrollableContainer):
    DEFAULT_CSS = """
    HexBoard { height: 1fr; }
    HexBoard > #hex-map { width: auto; }
    HexBoard > #hex-caption { color: $text-muted; }
    HexBoard > #hex-inspector { padding-left: 1; }
    """
    # The map takes the focus, not the column: Tab from the decision list goes to the map;
    # the column scrolls with PgUp/PgDn from the map (and the mouse wheel).
    can_focus = False

    overlay = "none"
    offset_rows = 0
    cursor = ""
    _named: frozenset[str] = frozenset()
    _decision: object = None  # the options the cursor last jumped for
    rows_shown: tuple[int, int] = (1, 1)

    def compose(self) -> Any:
        yield Static(id="hex-caption")
        yield HexMap(id="hex-map")
        yield Static(id="hex-inspector")
        yield Static(id="hex-worksheet")
        yield Static(legend(), id="hex-legend")
        yield Static(id="hex-forces")

    def on_mount(self) -> None:
        self.refresh_view()

    def on_resize(self) -> None:
        self.refresh_view()
        # The map drawn for the new size starts at the top: the screen's first focus (on
        # the map, before the decision list takes it) may have scrolled the column for the
        # taller map drawn before the size was known.
        self.call_after_refresh(self.scroll_home, animate=False)

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

    def set_cursor(self, label: str) -> None:
        """Put the cursor on ``label`` (the window of rows follows it)."""
        self.cursor = label
        self.refresh_view(follow=True)

    def step_cursor(self, direction: str) -> None:
        self.set_cursor(step(self.cursor, direction) if self.cursor else self._start())

    def _start(self) -> str:
        return decision_hex(table_of(self)) or min(self._named, default="") or f"01{(size()[1] + 1) // 2:02d}"

    def refresh_view(self, follow: bool = False) -> None:
        table = table_of(self)
        seen = table.seen_state()
        named = named_hexes(table)
        if self._named != named:
            self._named, self.offset_rows = named, 0  # a new decision: the window follows it
        options = [intent for intent, _ in table.my_options()]
        decision = (seen.phase, seen.seat, seen.slot, seen.selected, options)
        if options and decision != self._decision:
            # A new decision of the viewer's: the cursor goes to the hex it is about.
            self._decision = decision
            self.cursor, follow = decision_hex(table, self.cursor) or self.cursor, True
        self.cursor = self.cursor or self._start()
        try:
            sheet = self.query_one("#hex-worksheet", Static)
            caption = self.query_one("#hex-caption", Static)
            drawn = self.query_one("#hex-map", HexMap)
            inspector = self.query_one("#hex-inspector", Static)
        except Exception:
            return
        text = worksheet(seen)
        sheet.update(text)
        sheet.display = seen.combat is not None
        _, rows = size()
        height = self.size.height or 40
        width = max(20, self.scrollable_content_region.width or 60)  # inside the scroll bar
        # The inspector has a fixed number of lines (the map keeps its size as the cursor
        # moves); a longer stack is cut, the forces list below has every block.
        about_lines = INSPECTOR_LINES if height >= 30 else INSPECTOR_LINES - 1
        inspector.update(
            fitted(inspect(seen, table.viewer_seat(), self.cursor), self.app.console, width - 1, about_lines)
        )
        inspector.styles.height = about_lines
        # Lines left for the map once the caption, the column header, the inspector and (in
        # combat) the worksheet are shown: two lines a row plus the half row of the lower columns.
        sheet_lines = len(text.wrap(self.app.console, width)) if seen.combat else 0
        fits = max(3, (height - 2 - about_lines - sheet_lines - self._caption_lines(width)) // 2)
        wanted = {int(h[2:]) for h in named}
        self.rows_shown = window(rows, fits, wanted, self.offset_rows)
        if follow and self.cursor:
            # Keep the cursor's row in the window: move the window the least that shows it.
            first, last = self.rows_shown
            row = int(self.cursor[2:])
            self.offset_rows += min(0, row - first) + max(0, row - last)
            self.rows_shown = window(rows, fits, wanted, self.offset_rows)
        # The screen's focus, not ``has_focus``: that is set after the map's own Focus handler.
        focused = drawn.has_focus_within
        caption.update(self._caption(focused))
        drawn.update(draw_map(seen, named, overlay_of(self.overlay, table), self.rows_shown, self.cursor, focused))
        self.query_one("#hex-forces", Static).update(forces(seen, table.viewer_seat()))

    def _caption(self, focused: bool) -> str:
        """Two lines: the map's keys (while it has the focus; how to reach it otherwise),
        then the overlay and the rows shown."""
        _, rows = size()
        first, last = self.rows_shown
        shown = "all rows" if (first, last) == (1, rows) else f"rows {first:02d}-{last:02d}, {SCROLL_KEY} scrolls"
        keys = MAP_KEYS if focused else REACH_MAP
        return f"{keys}\n{OVERLAY_KEY} overlay: {TITLES[self.overlay]} · map {shown}"

    def _caption_lines(self, width: int) -> int:
        # The longer of the two first lines: the map keeps its size when it takes the focus.
        return max(len(Text(self._caption(focused)).wrap(self.app.console, width)) for focused in (True, False))


def board_of(table: Table) -> HexBoard | None:
    # The board's keys (Action.run) are given the live app as their table: its screen has the board.
    app = cast("App[Any]", table)
    try:
        return app.screen.query_one("#hex-board", HexBoard)
    except Exception:
        return None


def cycle_overlay(table: Table) -> None:
    board = board_of(table)
    if board is not None:
        board.cycle_overlay()


def scroll_rows(table: Table) -> None:
    board = board_of(table)
    if board is not None:
        board.scroll_rows()


def focus_map(table: Table) -> None:
    """The focus to the map, from wherever it is on the board (the decision list, its
    search box, the journal pane)."""
    board = board_of(table)
    if board is not None:
        drawn = board.query_one("#hex-map", HexMap)
        # F9 again on the map goes back to the decision list: the key toggles.
        if drawn.has_focus:
            to_list(drawn)
        else:
            drawn.focus()
