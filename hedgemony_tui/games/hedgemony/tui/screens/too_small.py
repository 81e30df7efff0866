"""Shown while the terminal is smaller than the game needs (100 x 30)."""

from __future__ import annotations

from textual.app import ComposeResult
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

    def on_resize(self, event) -> None:
        self.app.check_size(event.size)
        self.show_size(event.size)

    def show_size(self, size=None) -> None:
        width, height = size or self.app.size
        self.query_one("#too-small-text", Static).update(
            f"Please make the terminal bigger: the game needs at least 100 × 30 characters; this one is {width} × {height}."
        )
