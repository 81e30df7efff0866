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

from ..front import turn_mark
from ..notes import merge_rows
from ..seats import actor_name

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

    def on_resize(self) -> None:
        self._shown = None  # how many rows fit depends on the width
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

    def fitting(self, app: Any) -> list[tuple[str, str, str]]:
        """The newest rows as (turn, actor, text), as many as fit :data:`ROWS` lines once
        each is wrapped to the pane's width: the newest in full, older ones dropped first
        (a long line cut at the edge hid what had just happened)."""
        width = max(20, self.size.width - 2 if self.size.width else 80)
        picked: list[tuple[str, str, str]] = []
        used = 0
        for row in reversed(self.latest()):
            mark = turn_mark(app.front, row.turn) + " "
            # the actor's column only when the line does not open with the seat's name already
            label = app.seats.labels.get(row.actor, row.actor) if row.actor else ""
            named = not row.actor or row.text.startswith((label, row.actor))
            actor = "" if named else f"{actor_name(app.seats.labels, row.actor):<5} "
            line = ("🔒 " if row.private else "") + row.text.replace("\n", " ")
            lines = -(-len(mark + actor + line) // width)
            if picked and used + lines > ROWS:
                break
            picked.insert(0, (mark, actor, line))
            used += lines
        return picked

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
        if app.host is not None and not app.rules.info.dice:  # it stops for results, not rolls
            self.border_title = "Latest events · Ctrl+L hides · Ctrl+T result stops"
        text = Text(overflow="ellipsis")
        for number, (mark, actor, line) in enumerate(self.fitting(app)):
            if number:
                text.append("\n")
            text.append(mark, style="dim")
            text.append(actor, style="bold")
            text.append(line)
        if not text.plain:
            text.append("Nothing has happened yet.", style="dim")
        self.update(text)
