"""Hot-seat hand-over: asks to pass the keyboard and shows nothing of the game behind it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Button, Static


class HandOverScreen(Screen[None]):
    """An opaque screen: whoever holds the keyboard sees no private result on it."""

    BINDINGS = [
        Binding("enter", "ready", "I am ready", id="handover.ready"),
        Binding("space", "ready", "I am ready", id="handover.ready-space", show=False),
    ]
    HELP = """# Hand-over

Several people share this keyboard. Pass it to the player named on the screen; they press
**Enter** when the others cannot see it. Nothing private is shown until then."""

    def __init__(self, seat_name: str) -> None:
        super().__init__()
        self.seat_name = seat_name

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(f"Pass the keyboard to {self.seat_name}", id="handover-title")
            with Center():
                yield Static("Press Enter when only they can see the screen.", id="handover-hint")
            with Center():
                yield Button("I am ready", id="handover-ready", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_ready()

    def action_ready(self) -> None:
        self.dismiss(None)
