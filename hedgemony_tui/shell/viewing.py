"""Apps that show a game without playing it: the base they share, and the room view.

A game's board widgets read the game through the app (the :class:`~.front.Table`
protocol: ``state``, ``seen_state()``, ``viewer_seat()``...). :class:`ViewingApp` offers
that protocol read-only for one state and one viewpoint: nobody holds the keyboard,
nothing may be chosen. The replay (``shell/replay.py``) moves it through a saved game's
timeline; the **room view** here follows a live game's save file and shows what every
seat may see — the board and the latest events, nothing any seat or the White Cell
keeps private — for a projector (``hedgemony room SAVE``; ``hedgemony serve-room``
serves it to a browser).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Static

from hedgemony_tui.table.errors import SaveError
from hedgemony_tui.table.public import PUBLIC
from hedgemony_tui.table.registry import get_front
from hedgemony_tui.table.saves import read_game
from hedgemony_tui.table.seats import Seats as SeatsType

from .front import turn_mark

if TYPE_CHECKING:
    from hedgemony_tui.table.contract import AnyRules, Decision
    from hedgemony_tui.table.seats import Seats

    from .front import BoardParts, Front

EVENT_ROWS = 8


class SeatTable:
    """The table as one seat saw it at one moment, read-only: for naming a decision in
    that seat's words (the journal's lines) from its own view, never the whole state."""

    def __init__(self, app: Any, view: Any, seat: str) -> None:
        self.rules: AnyRules = app.rules
        self.seats: Seats = app.seats
        self.control_seat: str | None = self.rules.info.control_seat
        self._view, self._seat = view, seat

    def seen_state(self) -> Any:
        return self._view

    def decision(self) -> Decision:
        return self.rules.pending_for(self._view, self._seat or PUBLIC)

    def viewer_seat(self) -> str:
        return self._seat

    def keyboard_label(self) -> str:
        return f"Keyboard: {self.seats.name(self._seat)}" if self._seat else "Keyboard: nobody yet"

    def my_options(self) -> list[tuple[Any, str]]:
        return []

    def choose(self, intent: Any) -> None:
        """Nothing may be chosen on a past moment."""

    def hand_over_showing(self) -> bool:
        return False


class ViewingApp(App[None]):
    """One state of a game, seen from one viewpoint, drawn by the game's front."""

    def __init__(
        self, rules: AnyRules, front: Front, state: Any, *, seats: Seats | None = None, viewpoint: str = PUBLIC
    ) -> None:
        super().__init__()
        self.rules = rules
        self.front = front
        self._state = state
        self.viewpoint = viewpoint
        if seats is None:
            seats = SeatsType.of_specs(rules.seats())
        self.seats = seats
        self.parts: BoardParts | None = None
        self.css_path = [*self.css_path, *(Path(p) for p in front.css_paths)]

    # --- the Table protocol, read-only ------------------------------------------------------

    @property
    def control_seat(self) -> str | None:
        return self.rules.info.control_seat

    def seen_state(self) -> Any:
        return self.rules.view(self._state, self.viewpoint)

    def decision(self) -> Decision:
        """The pending decision as the viewpoint may read it."""
        return self.rules.pending_for(self._state, self.viewpoint)

    def viewer_seat(self) -> str:
        return self.viewpoint if self.viewpoint != PUBLIC else ""

    def keyboard_label(self) -> str:
        return f"Viewing as {self.viewpoint_name(self.viewpoint)}"

    def my_options(self) -> list[tuple[Any, str]]:
        return []

    def choose(self, intent: Any) -> None:
        self.notify("This is a view of the game: nothing can be chosen here.", severity="warning")

    def hand_over_showing(self) -> bool:
        return False

    def viewpoint_name(self, viewpoint: str) -> str:
        if viewpoint == PUBLIC:
            return "the room (what every seat may see)"
        return self.seats.name(viewpoint) if self.seats is not None else viewpoint

    # --- drawing ------------------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        self.parts = parts = self.front.board(self)
        if parts.top is not None:
            yield parts.top
        with Horizontal(id="view-body"):
            with Vertical(id="view-board"):
                yield parts.main
            with Vertical(id="view-side"):
                if parts.side is not None:
                    yield parts.side
                yield Static(id="view-events")

    def redraw(self) -> None:
        """Draw the board and the latest events again for the state and viewpoint now."""
        if self.parts is None:
            return
        for part in (self.parts.top, self.parts.main, self.parts.side):
            refresh = getattr(part, "refresh_view", None)
            if refresh is not None:
                refresh()
        self.query_one("#view-events", Static).update(self.events_text())

    def events_text(self) -> Text:
        rows = [row for _, row in self.front.log_rows(self.seen_state())][-EVENT_ROWS:]
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append("Latest events\n", style="bold")
        for row in rows:
            text.append(f"{turn_mark(self.front, row.turn)} ", style="dim")
            text.append(f"{row.actor:<5} ", style="bold")
            text.append(f"{row.text}\n")
        return text


ROOM_CSS = """
#view-body { height: 1fr; }
#view-board { width: 2fr; }
#view-side { width: 1fr; min-width: 30; }
#view-events { height: 1fr; padding: 0 1; border-top: solid $primary-darken-2; }
#room-status { height: 1; padding: 0 1; background: $primary-darken-2; }
"""


class RoomApp(ViewingApp):
    """The public view of a game in a save file, read again whenever the file changes
    (``follow``): for a projector in the room while the game is played at the table."""

    CSS = ROOM_CSS
    BINDINGS = [Binding("q", "quit", "Quit", id="room.quit"), Binding("r", "reload", "Read again", id="room.reload")]

    def __init__(
        self, path: str | os.PathLike[str], *, follow: bool = True, interval: float = 1.0, allow_edited: bool = False
    ) -> None:
        self.path = Path(path)
        self.allow_edited = allow_edited
        saved = read_game(self.path, allow_edited=allow_edited)  # checked in full once; reloads skip the replay
        super().__init__(saved.rules, get_front(saved.rules.info.id), saved.state, seats=saved.seats)
        self.follow = follow
        self.interval = interval
        self._stamp = self._file_stamp()
        self.problem = ""

    def _file_stamp(self) -> tuple[int, int]:
        try:
            info = self.path.stat()
        except OSError:
            return (0, 0)
        return (info.st_mtime_ns, info.st_size)

    def compose(self) -> ComposeResult:
        yield Static(id="room-status")
        yield from self.compose_board()
        yield Footer()

    def on_mount(self) -> None:
        self.title = f"{self.rules.info.title} — room view"
        self.redraw()
        if self.follow:
            self.set_interval(self.interval, self.check_file)

    def redraw(self) -> None:
        super().redraw()
        turn, phase = self.rules.turn_of(self._state)
        status = Text(no_wrap=True, overflow="ellipsis")
        status.append(f"{self.rules.info.title} · room view · turn {turn}, {phase} · ")
        status.append(f"following {self.path.name}" if self.follow else f"{self.path.name}")
        if self.problem:
            status.append(f" · {self.problem}", style="bold red")
        self.query_one("#room-status", Static).update(status)

    def check_file(self) -> None:
        stamp = self._file_stamp()
        if stamp != self._stamp:
            self._stamp = stamp
            self.action_reload()

    def action_reload(self) -> None:
        try:
            saved = read_game(self.path, allow_edited=self.allow_edited, verify_journal=False)
        except SaveError as exc:
            # Mid-write or damaged: keep showing the last good state and say why.
            self.problem = f"cannot read the save now ({exc.args[0] if exc.args else exc})"
        else:
            self.problem = ""
            if saved.rules is self.rules:
                self._state = saved.state
        self.redraw()
