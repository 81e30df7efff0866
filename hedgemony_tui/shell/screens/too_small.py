"""Shown while the terminal is smaller than the screens need (the title 100 x 30; a game's board says its own)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.events import Resize
from textual.geometry import Size
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static


class TooSmallScreen(Screen[None]):
    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(id="too-small-text")

    def on_mount(self) -> None:
        self.show_size()

    def on_resize(self, event: Resize) -> None:
        self.app.check_size(event.size)  # type: ignore[attr-defined]
        self.show_size(event.size)

    def show_size(self, size: Size | None = None) -> None:
        width, height = size or self.app.size
        low_width, low_height = self.app.min_size()  # type: ignore[attr-defined]
        self.query_one("#too-small-text", Static).update(
            f"Please make the terminal bigger: the game needs at least {low_width} × {low_height} characters;"
            f" this one is {width} × {height}."
        )
