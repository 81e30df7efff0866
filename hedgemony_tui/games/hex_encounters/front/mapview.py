"""The map widget: the drawn map that takes the focus (Tab, or a click), with a cursor hex
the arrow keys move and a click places, and Enter (or a double click) to choose on the
map among the legal options that name the cursor's hex (:mod:`.picking`): one is chosen
at once, several open a short list, none says why and what the decision wants."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Static

from hedgemony_tui.shell.front import table_of
from hedgemony_tui.shell.screens.dialogs import PickScreen

from .mapdraw import hex_at_offset
from .picking import nothing_here, options_at

MAP_KEYS = "arrows move · Enter chooses here · Esc or F9: back to the list · F5: the legend · PgDn: forces below"
"""The map's keys, shown in the caption while it has the focus (Esc, F9 or Tab leave it)."""
MAP_KEY = "f9"
"""The board's key that puts the focus on the map, wherever it is."""
REACH_MAP = f"{MAP_KEY.upper()} (from anywhere) or a click: to the map · F5: the map's legend"
"""The caption's first line while the map does not have the focus: the board's map key
(:data:`MAP_KEY`) reaches it wherever the focus is (Shift+Tab does only from the
decision list's search box, not from its list)."""


class HexMap(Static, can_focus=True):
    """The map (drawn by its board, :class:`.board.HexBoard`, which keeps the cursor)."""

    BINDINGS = [
        Binding("up", "step('up')", "Up", id="hex.map-up", show=False),
        Binding("down", "step('down')", "Down", id="hex.map-down", show=False),
        Binding("left", "step('left')", "Left", id="hex.map-left", show=False),
        Binding("right", "step('right')", "Right", id="hex.map-right", show=False),
        Binding("enter", "choose_here", "Choose here", id="hex.map-choose"),
        Binding("pageup", "page(-1)", "Board up", id="hex.map-page-up", show=False),
        Binding("pagedown", "page(1)", "Board down", id="hex.map-page-down", show=False),
        # Out of the map the way one came in (F9) or the usual way back (Esc): a newcomer
        # who found F9 need not know Tab to reach the decision list again.
        Binding("escape", "to_list", "Back to the list", id="hex.map-back"),
    ]

    @property
    def board(self) -> Any:
        return self.parent

    def action_step(self, direction: str) -> None:
        self.board.step_cursor(direction)

    def action_page(self, way: int) -> None:
        # The board column (worksheet, legend, forces under the map) scrolls from here too.
        board = self.board
        board.scroll_to(y=board.scroll_y + way * max(1, board.size.height - 2), animate=False)

    def on_focus(self) -> None:
        self.board.refresh_view()

    def on_blur(self) -> None:
        self.board.refresh_view()

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        label = hex_at_offset(offset.x, offset.y, self.board.rows_shown)
        if label:
            self.focus()
            self.board.set_cursor(label)
            if event.chain == 2:  # a double click chooses there, as Enter would
                choose_at(self, label, self)

    def action_to_list(self) -> None:
        to_list(self)

    def action_choose_here(self) -> None:
        choose_at(self, self.board.cursor, self)


def to_list(node: Widget) -> None:
    """The focus back to the decision list (the shell's), when the screen has one."""
    for found in node.screen.query("#decision-options"):
        found.focus()
        return


def choose_at(node: Widget, label: str, back_to: Widget | None = None) -> None:
    """Choose among the viewer's legal options those that name ``label``: one at once, a
    pick list for several, a message naming what the decision wants for none. The focus
    goes back to ``back_to`` (the map) after the pick list, when it is still on screen.
    ``node`` is a widget of the board: its app is the table."""
    app, table = node.app, table_of(node)
    seen = table.seen_state()
    options = table.my_options()
    found = options_at(seen, options, label)
    if len(found) == 1:
        table.choose(found[0][0])
        return
    if not found:
        decision = table.decision()
        app.notify(nothing_here(seen, options, label, decision.prompt, decision.seats), severity="warning")
        return

    def picked(index: int | None) -> None:
        if index is not None and table.my_options() == options:  # nothing changed meanwhile
            table.choose(found[index][0])
        if back_to is not None and back_to.is_attached:
            # After the board's screen resumes (it gives the focus to the decision list).
            back_to.screen.call_later(refocus)

    def refocus() -> None:
        if back_to is not None and back_to.is_attached and back_to.screen is app.screen:
            back_to.focus()

    prompt = table.decision().prompt
    title = f"{prompt}\nAt {label}: Enter picks, Esc cancels."
    app.push_screen(PickScreen(title, [text for _, text in found]), picked)
