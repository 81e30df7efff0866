"""The help screen: the keys and what the view in front of the player is for (each\nscreen's ``HELP``, then the keys that work everywhere)."""

from __future__ import annotations

from rich.markdown import Markdown
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

COMMON = """
## Everywhere

- **F1** help for the view in front of you; **Esc** closes a view or dialog
- **Ctrl+P** command palette: type a few words of a decision or a view
- **Ctrl+Q** quit (the game saves itself after every decision; it asks only if a save failed)
- **Tab / Shift+Tab** move between panels; the mouse works too
"""


class HelpScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape", "close", "Close", id="help.close"),
        Binding("f1", "close", "Close", id="help.close-f1", show=False),
        Binding("q", "close", "Close", id="help.close-q", show=False),
    ]

    def __init__(self, text: str, view_name: str) -> None:
        super().__init__()
        self.text = text
        self.view_name = view_name

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Static(Markdown((self.text or f"# {self.view_name}") + "\n" + COMMON))

    def action_close(self) -> None:
        self.dismiss(None)
