"""The White Cell's Ground Truth Tracking Worksheet, filled in from the log."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from hedgemony_tui.shell.front import table_of

from ...engine.state import WHITE
from ..context import content
from ..render.ground_truth import worksheet


class GroundTruthScreen(Screen[None]):
    GUIDE_TOPIC = "ground-truth"  # F1: the rules guide opens at this section
    BINDINGS = [Binding("escape", "back", "Board", id="truth.back")]
    HELP = """# Ground truth

The White Cell's worksheet (rulebook appendix): for every player and turn, the change in
Resource and Influence Points, the National Tech Level and each Critical Capability at the
end of the turn, and notes — private results, gains scheduled for a later turn, reveals.
It shows secrets: only the White Cell's seat opens it. **Esc** back."""

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(id="ground-truth")
        yield Footer()

    def on_mount(self) -> None:
        self.ready = True
        self.refresh_state()

    def refresh_state(self) -> None:
        table = table_of(self)
        # No game in play (the app between games): nothing to draw. ``session`` is the shell's.
        if not getattr(self, "ready", False) or getattr(self.app, "session", None) is None:
            return
        if table.viewer_seat() != WHITE:
            self.app.pop_screen()  # the keyboard passed to a player: the secrets go away
            return
        state = table.seen_state()  # the White Cell's view: the whole state, secrets and all
        self.query_one("#ground-truth", Static).update(worksheet(state, content(table), max(1, state.turn - 5)))

    def action_back(self) -> None:
        self.app.pop_screen()
