"""The live event pane under the board: the newest lines of the journal as the seat at
the keyboard may see them, updated after every change.

It reads what the journal screen reads — the game's log in the keyboard holder's view
(``front.log_rows(seen)``) with the session's notes in between — and shows the last few
rows, newest at the bottom. Ctrl+L (or the palette) hides and shows it. It holds no rule
and no secret: nothing here but the viewer's own view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from rich.text import Text
from textual.widgets import Static

from ..notes import merge_rows

if TYPE_CHECKING:
    from ..app import TableApp

ROWS = 4
"""Lines shown: small enough that the prompt, the board and the decision panel keep
their room at 100×30."""


class EventPane(Static):
    """The newest journal lines (see the module docstring)."""

    DEFAULT_CSS = """
    EventPane {
        height: 5;
        border-top: solid $primary-darken-2;
        border-title-color: $text-muted;
        padding: 0 1;
        overflow: hidden hidden;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    EventPane.-hidden {
        display: none;
    }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("", **kwargs)
        self.border_title = "Latest events · Ctrl+L hides · Ctrl+T roll stops"
        self._shown: tuple[Any, ...] | None = None

    def on_mount(self) -> None:
        self.refresh_view()

    def toggle(self) -> None:
        self.toggle_class("-hidden")
        if not self.has_class("-hidden"):
            self._shown = None
            self.refresh_view()

    def latest(self) -> list[Any]:
        """The last :data:`ROWS` rows the keyboard holder may read."""
        app = cast("TableApp", self.app)
        if app.host is None or app.front is None or app.hand_over_showing() or app.handing_over:
            return []
        feed = app.feed  # the keyboard holder's: its view's log and the notes it may read
        rows = merge_rows(app.front.log_rows(feed.view), feed.notes, feed.seat, app.control_seat)
        return rows[-ROWS:]

    def refresh_view(self) -> None:
        if self.has_class("-hidden"):
            return
        app = cast("TableApp", self.app)
        # Nothing to redo when neither the feed (the view's log, the notes, the keyboard)
        # nor the hand-over changed: the host hands out the same feed until one does.
        key = (
            app.feed if app.host is not None else None,
            app.hand_over_showing() or app.handing_over if app.host is not None else False,
        )
        if key == self._shown:
            return
        self._shown = key
        text = Text(no_wrap=True, overflow="ellipsis")
        for number, row in enumerate(self.latest()):
            if number:
                text.append("\n")
            text.append(f"T{row.turn} ", style="dim")
            text.append(f"{row.actor:<5} ", style="bold")
            text.append(("🔒 " if row.private else "") + row.text.replace("\n", " "))
        if not text.plain:
            text.append("Nothing has happened yet.", style="dim")
        self.update(text)
