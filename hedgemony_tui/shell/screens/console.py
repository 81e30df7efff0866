"""The facilitator's console panel (issue 34): opened with Ctrl+K beside the control seat's game
screen when a console code joined the table.

It draws only from the console's own packet (``@console``: every seat's name, who plays it,
who still owes the decision now, never what anyone answered) plus the table's public
settings in the store (pause, the delay between computer moves, when each screen was last
seen). Every action is a ``console`` submission the table's host settles; the panel applies
no rule itself.

``c`` switches the selected seat between a person and a computer in the middle of the game,
after a yes/no dialog: the host hands a person's seat to its computer player (the game's
``basic`` policy where it has one: :func:`~hedgemony_tui.table.table_server.switch_policy`)
and stops the person's code, or gives a computer's seat back to a person, whose one new code
is made here and shown once in a dialog (as ``host --resume STORE --new-code SEAT`` prints).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Footer, Static

from hedgemony_tui.table.errors import IllegalIntent

from .dialogs import ConfirmScreen

if TYPE_CHECKING:
    from hedgemony_tui.shell.remote import RemoteHost

STEP = 0.5
"""Seconds added or taken by one press of + or - on the computers' pace."""
MAX_DELAY = 60.0  # the host refuses more (table_server: 0 to 60 seconds)


def ago(seen: float | None, now: float) -> str:
    """'3 s ago' for a screen last seen at ``seen``; 'never' when it has not joined."""
    if not seen:
        return "never"
    gap = max(0, int(now - seen))
    return f"{gap} s ago" if gap < 120 else f"{gap // 60} min ago"


class CodeScreen(ModalScreen[None]):
    """A seat's new join code, shown once for the facilitator to copy down."""

    BINDINGS = [Binding("enter,escape", "close", "Written down: close")]

    DEFAULT_CSS = """
    CodeScreen { align: center middle; }
    CodeScreen .dialog { width: 76; height: auto; border: thick $accent; background: $panel; padding: 0 1; }
    CodeScreen #code-text { text-style: bold; padding: 0 0 1 0; }
    """

    def __init__(self, title: str, code: str) -> None:
        super().__init__()
        self.title_line, self.code = title, code

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.title_line), classes="dialog-title")
            yield Static(Text(self.code), id="code-text")
            yield Static("Copy it onto the student's slip now: it is not shown again.  Enter or Esc closes.")

    def action_close(self) -> None:
        self.dismiss(None)


class ConsolePanel(Screen[None]):
    """Seats, who owes an answer, pause, the computers' pace, revoking a seat's code,
    switching a seat between a person and a computer."""

    BINDINGS = [
        Binding("ctrl+k,escape", "close", "Back to the game"),
        Binding("p", "pause", "Pause/resume"),
        Binding("plus,equals_sign", "pace(1)", "Slower computers"),
        Binding("minus", "pace(-1)", "Faster computers"),
        Binding("r", "revoke", "Revoke seat"),
        Binding("c", "switch", "Person/computer"),
        Binding("y", "confirm", "Yes", show=False),
        Binding("n", "cancel", "No", show=False),
    ]

    DEFAULT_CSS = """
    ConsolePanel { layout: vertical; }
    ConsolePanel #console-state { height: auto; padding: 0 1; }
    ConsolePanel #console-seats { height: 1fr; }
    ConsolePanel #console-line { height: auto; padding: 0 1; }
    """

    def __init__(self, remote: RemoteHost) -> None:
        super().__init__()
        self.remote = remote
        self.asking: str = ""  # the seat whose revoking waits for y/n
        self.told: str = ""  # the last line for the facilitator (a refusal, a new code shown once)

    def compose(self) -> ComposeResult:
        yield Static(id="console-state", markup=False)
        table: DataTable[str] = DataTable(id="console-seats", cursor_type="row", zebra_stripes=True)
        table.add_columns("Seat", "Player", "Played by", "Screen", "Last seen", "Owes an answer")
        yield table
        yield Static(id="console-line", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.redraw()
        # "Last seen" ages every second even when nothing is published.
        self.set_interval(1.0, self.redraw)

    # --- drawing -------------------------------------------------------------------------------

    def seats(self) -> list[str]:
        packet = self.remote.packet
        return list(packet.names) if packet is not None else []

    def redraw(self) -> None:
        """Redraw from the console packet now held (the watcher calls this on a new packet).
        Once the panel is closed it does nothing: the watcher's call, queued from its thread,
        can arrive after the panel's widgets are gone (a CI run raised NoMatches here)."""
        packet = self.remote.packet
        if packet is None:
            return
        try:
            table = self.query_one("#console-seats", DataTable)
            state_line = self.query_one("#console-state", Static)
            last_line = self.query_one("#console-line", Static)
        except NoMatches:
            return
        now = time.time()
        store = self.remote.store
        seen = dict(packet.connected)
        # Heartbeats between publishes: the store's own list of screens is fresher.
        for seat, when in store.clients().items():
            seen[seat] = max(when, seen.get(seat, 0.0))
        row = table.cursor_row
        table.clear()
        for seat, name in packet.names.items():
            person = seat in packet.humans
            last = seen.get(seat)
            live = last is not None and now - last < 6  # three missed heartbeats: gone
            table.add_row(
                seat,
                name,
                "person" if person else "computer",
                ("connected" if live else "not connected") if person else "-",
                ago(last, now) if person else "-",
                "yes" if seat in packet.waiting_on else "",
                key=seat,
            )
        if row is not None and 0 <= row < table.row_count:
            table.move_cursor(row=row)
        paused = "Paused" if packet.paused else "Running"
        state = [
            f"Table: {paused}.  Computers wait {self.delay():g} s between moves.",
            f"Owes the decision now: {', '.join(packet.waiting_on) or 'nobody'}.",
            f"Room view (projector): hedgemony room --store {store.path}  (or /room on hedgemony serve)",
        ]
        state_line.update("\n".join(s for s in state if s))
        line = self.told
        if self.asking:
            line = f"Revoke seat {self.asking}'s code and detach its screen? y = yes, n = no."
        if not line:
            line = (
                "Ctrl+K/Esc game · p pause/resume · +/- computers' pace · r revoke the selected seat's code"
                " · c person/computer"
            )
        last_line.update(line)

    def delay(self) -> float:
        try:
            return float(self.remote.store.meta("bot_delay", "0") or 0)
        except ValueError:
            return 0.0

    # --- actions -------------------------------------------------------------------------------

    def _send(self, action: str, **extra: Any) -> bool:
        try:
            self.remote.console(action, **extra)
        except IllegalIntent as refused:
            self.told = str(refused)
            self.redraw()
            return False
        return True

    def action_close(self) -> None:
        self.dismiss(None)

    def action_pause(self) -> None:
        packet = self.remote.packet
        action = "resume" if packet is not None and packet.paused else "pause"
        self.told = ""
        if self._send(action):
            self.told = "Paused: no decision is taken until you resume (p)." if action == "pause" else "Resumed."
        self.redraw()

    def action_pace(self, sign: int) -> None:
        seconds = min(MAX_DELAY, max(0.0, self.delay() + sign * STEP))
        if self._send("bot_delay", seconds=seconds):
            self.told = f"Computers now wait {seconds:g} s between moves."
        self.redraw()

    def selected(self) -> str:
        """The seat under the cursor, or "" (then the line asks for one)."""
        table = self.query_one("#console-seats", DataTable)
        seats = self.seats()
        if not seats or table.cursor_row is None or not 0 <= table.cursor_row < len(seats):
            self.told = "Select a seat with the arrow keys first."
            return ""
        return seats[table.cursor_row]

    def action_revoke(self) -> None:
        self.asking = self.selected()
        self.redraw()

    def action_switch(self) -> None:
        seat, packet = self.selected(), self.remote.packet
        if not seat or packet is None:
            self.redraw()
            return
        name = packet.names.get(seat, seat)
        if seat == self.remote.control:
            # Its screen is this console: the host refuses it too, this only says so sooner.
            self.told = f"The control seat ({name}) is the console's own: it is not switched here."
            self.redraw()
            return
        to = "computer" if seat in packet.humans else "person"
        if to == "computer":
            question = f"Give {name} to a computer player? Its code stops working and its screen is told."
        else:
            question = f"Give {name} to a person? A new code is shown once for you to copy down."

        def answered(yes: bool | None) -> None:
            if yes:
                self._switch(seat, name, to)
            else:
                self.told = "Nothing switched."
                self.redraw()

        self.app.push_screen(ConfirmScreen(question), answered)

    def _switch(self, seat: str, name: str, to: str) -> None:
        self.told = ""
        if not self._send("switch", seat=seat, to=to):
            return
        if to == "computer":
            self.told = f"A computer now plays {name}; its code no longer works."
        else:
            # The host made the seat a person's and left it without a code; the one code is
            # made here, where the facilitator reads it (as after revoking).
            code = self.remote.store.new_code(seat)
            self.told = f"{name} is a person's seat again: its new code was shown once."
            self.app.push_screen(CodeScreen(f"New code for {name}", code))
        self.redraw()

    def action_cancel(self) -> None:
        if self.asking:
            self.asking, self.told = "", "Nothing revoked."
            self.redraw()

    def action_confirm(self) -> None:
        seat, self.asking = self.asking, ""
        if not seat:
            return
        if self._send("revoke", seat=seat):
            # The host revoked every code of the seat and detached its screen; the one new
            # code is made here, where the facilitator reads it, and shown once.
            code = self.remote.store.new_code(seat)
            self.told = f"New code for {seat}: {code}  (shown once: write it down now)"
        self.redraw()
