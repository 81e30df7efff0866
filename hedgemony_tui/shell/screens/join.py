"""The join screen: a seat's code typed (hidden) before a served table opens (issue 34).

A browser page has no command line, so ``hedgemony join --store STORE`` without a code
asks for it here; an unknown or revoked code is one line under the field and the field
stays for another try.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Static


class JoinScreen(Screen[None]):
    """Asks for a join code; ``check`` returns "" when the code opened a seat, else why not."""

    BINDINGS = [Binding("escape", "app.quit", "Quit")]

    def __init__(self, check: Callable[[str], str]) -> None:
        super().__init__()
        self.check = check

    def compose(self) -> ComposeResult:
        with Vertical(id="join"):
            yield Static("Join a table: type the code your facilitator gave you, then Enter.", markup=False)
            yield Input(placeholder="join code", password=True, id="join-code")
            yield Static("", id="join-problem", markup=False)
        yield Footer()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        code = event.value.strip()
        problem = self.check(code) if code else "Type the code first (it is case-sensitive)."
        if problem:
            self.query_one("#join-problem", Static).update(problem)
            event.input.value = ""
