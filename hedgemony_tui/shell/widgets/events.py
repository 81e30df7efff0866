"""The live event pane under the board: the newest lines of the journal as the seat at
the keyboard may see them, updated after every change.

It reads what the journal screen reads — the game's log in the keyboard holder's view
(``front.log_rows(seen)``) with the session's notes in between — and shows the last few
rows, newest at the bottom. Ctrl+L (or the palette) hides and shows it. It holds no rule
and no secret: nothing here but the viewer's own view.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

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
        from ..flow import PUBLIC
        from ..notes import merge_rows

        app: Any = self.app
        if getattr(app, "session", None) is None or app.front is None or app.hand_over_showing():
            return []
        seat = app.viewer_seat() or PUBLIC
        rows = merge_rows(app.front.log_rows(app.seen_state()), app.notes, seat, app.control_seat)
        return rows[-ROWS:]

    def refresh_view(self) -> None:
        if self.has_class("-hidden"):
            return
        app: Any = self.app
        # Nothing to redo when neither the log, the notes nor the keyboard changed.
        key = (len(getattr(app.state, "log", ())) if getattr(app, "session", None) is not None else -1,
               len(getattr(app, "notes", ())), hash(app.viewer_seat() if app.session is not None else ""),
               app.hand_over_showing() if app.session is not None else False)
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
