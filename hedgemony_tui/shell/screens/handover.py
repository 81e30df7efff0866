"""Hot-seat hand-over: asks to pass the keyboard and shows nothing of the game behind it.

While it shows, it is the only way on: its own keys are priority bindings, every other
action (the app's, the game screen's, the palette's) is refused by the app and the game
screen (see ``TableApp.check_action``), the command palette is switched off, and the
previous holder's notifications are cleared. Only "ready" leaves it, and it gives the
keyboard to the seat it names — nobody else can take it here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.command import Provider
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from hedgemony_tui.table.text import inert

HANDOVER_ACTIONS = frozenset({"ready", "quit"})
"""The only actions anything may run while a hand-over shows (quit: asks first if
something would be lost; it shows nothing of the game)."""


class HandOverScreen(Screen[None]):
    """An opaque screen: whoever holds the keyboard sees no private result on it."""

    # Priority: checked before any widget or screen below could see the key.
    BINDINGS = [
        Binding("enter", "ready", "I am ready", id="handover.ready", priority=True),
        Binding("space", "ready", "I am ready", id="handover.ready-space", show=False, priority=True),
        Binding("ctrl+q", "app.quit", "Quit", id="handover.quit", priority=True),
    ]
    COMMANDS: ClassVar[set[type[Provider] | Callable[[], type[Provider]]]] = set()  # nothing to look up here
    AUTO_FOCUS = None
    HELP = """# Hand-over

Several people share this keyboard. Pass it to the player named on the screen; they press
**Enter** when the others cannot see it. Nothing private is shown until then."""

    def __init__(self, seat_name: str, extra: str = "") -> None:
        super().__init__()
        self.seat_name = seat_name
        self.extra = extra

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                # A seat's name is typed by people: plain text, never markup, and inert
                # (an escape sequence in it is shown, never sent to the terminal).
                yield Static(Text(f"Pass the keyboard to {inert(self.seat_name)}"), id="handover-title")
            with Center():
                yield Static("Press Enter when only they can see the screen.", id="handover-hint")
            if self.extra:
                with Center():
                    yield Static(Text(inert(self.extra, multiline=True)), id="handover-extra")
            with Center():
                yield Button("I am ready", id="handover-ready", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        # Nothing of the previous holder stays on screen: their toasts go, and the
        # palette (which lists views and decisions) cannot open.
        self.app.clear_notifications()
        self.app.use_command_palette = False

    def on_unmount(self) -> None:
        self.app.use_command_palette = True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action in HANDOVER_ACTIONS

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_ready()

    def action_ready(self) -> None:
        self.dismiss(None)
