"""Shown while the terminal is smaller than the screens need (the title 100 x 30; a game's board says its own).

The message is a few short lines (none over 44 characters), so it shows whole in an
80 x 24 terminal and in far smaller ones: the size needed, the size now, and what to do."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.events import Resize
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static


def too_small_text(width: int, height: int, low_width: int, low_height: int) -> str:
    """The message for a ``width`` x ``height`` terminal that needs ``low_width`` x ``low_height``."""
    short = []
    if width < low_width:
        short.append(f"{low_width - width} more columns")
    if height < low_height:
        short.append(f"{low_height - height} more rows")
    return (
        "The terminal is too small.\n\n"
        f"Needed: {low_width} × {low_height} characters\n"
        f"Now:    {width} × {height}\n\n"
        f"Make the window larger ({' and '.join(short) or 'a little'})\n"
        "or the font smaller; the game goes on\n"
        "where it was."
    )


class TooSmallScreen(Screen[None]):
    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(id="too-small-text")

    def on_mount(self) -> None:
        self.show_size()

    def on_resize(self, event: Resize) -> None:
        self.app.check_size(event.size)  # type: ignore[attr-defined]  # the shell's TableApp; self.app is typed App
        self.show_size(event.size)

    def show_size(self, size: Size | None = None) -> None:
        width, height = size or self.app.size
        low_width, low_height = self.app.min_size()  # type: ignore[attr-defined]  # as check_size above
        self.query_one("#too-small-text", Static).update(too_small_text(width, height, low_width, low_height))
