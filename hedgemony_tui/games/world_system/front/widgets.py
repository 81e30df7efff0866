"""The board's widgets: the tracker (top), the bands of states over the vote panel
(main), and the side panel (the moderator's read-aloud console; how to speak in a speech
slot).

Each draws ``table_of(self).seen_state()`` — the view of the seat at the keyboard, never
the whole state — and redraws on ``refresh_view``; during a hand-over it draws nothing.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from hedgemony_tui.shell.front import table_of

from ..engine.intents import Speak
from ..engine.moderator import announcement
from ..engine.world import MODERATOR
from . import render

SPEECH_KINDS = ("speeches", "rivalry-speeches")


def _live(widget: Any) -> bool:
    """A game is in play and nobody's secrets are being handed over."""
    app = widget.app
    return getattr(app, "session", None) is not None and not table_of(widget).hand_over_showing()


class Tracker(Static):
    """Cycle 1-4 and the stages of the rise and the decline, the current one marked."""

    def on_mount(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        if not _live(self):
            self.update("")
            return
        self.update(render.tracker(table_of(self).seen_state()))


class WorldBoard(VerticalScroll):
    """The three bands of states, and under them the vote panel."""

    def compose(self) -> ComposeResult:
        yield Static(id="ws-bands")
        yield Static(id="ws-vote")

    def on_mount(self) -> None:
        self.refresh_view()

    def on_resize(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        bands, vote = self.query_one("#ws-bands", Static), self.query_one("#ws-vote", Static)
        if not _live(self):
            bands.update("")
            vote.update("")
            return
        table = table_of(self)
        seen, viewer = table.seen_state(), table.viewer_seat()
        bands.update(render.board(seen, viewer, self.size.width or 56))
        vote.update(render.vote_panel(seen, viewer))


class SidePanel(Static):
    """Above the decision panel: the moderator's read-aloud console while a person plays
    the moderator and holds the keyboard; in a speech slot of the person at the keyboard,
    how to speak (F6, the speech sheet, whose countdown starts as it opens)."""

    def on_mount(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        if not _live(self):
            self.update("")
            self.display = False
            return
        table = table_of(self)
        seen, viewer = table.seen_state(), table.viewer_seat()
        decision = table.decision()
        if viewer == MODERATOR:
            yours = bool(table.my_options())
            # The moderator's own step: what it will tell the room (read before Enter);
            # the players' steps: the latest public line, what the room has just heard.
            coming = announcement(seen) if yours else ()
            self.update(render.read_aloud(decision.prompt, coming or render.public_lines(seen, 1), yours))
            self.display = True
        elif self._speech_slot(table):
            seconds = seen.options.speech_seconds
            clock = (
                f"you have {seconds} seconds from then; what you have typed is delivered when they run out"
                if seconds
                else "no time limit"
            )
            self.update(
                Group(
                    Text("YOUR SPEECH", style="bold reverse"),
                    Text(f"F6 opens the speech sheet: type one line, Enter delivers it ({clock})."),
                )
            )
            self.display = True
        else:
            self.update("")
            self.display = False

    @staticmethod
    def _speech_slot(table: Any) -> bool:
        if table.decision().kind not in SPEECH_KINDS:
            return False
        return any(isinstance(i, Speak) for i, _ in table.my_options())
