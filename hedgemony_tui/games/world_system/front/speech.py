"""The speech sheet: a public statement of one line, typed on a countdown.

It is the worksheet of a speech slot (the shell's F6), and its countdown starts as it
opens: the speaker takes the floor when ready, as at a table. Enter delivers the line; Escape says nothing; when the
countdown (``options.speech_seconds``; 0: none) runs out, what is typed so far is
delivered, or nothing. The line goes to the table as ``Speak(seat, text)``, taken from
the sheet itself (its own key is the confirmation the decision list asks for): the
engine checks it (``engine.reduce.speech_problem``), and the sheet shows its words when
it refuses one and stays open.

``CLOCK`` is the clock the countdown reads (seconds): tests replace it to run out the
countdown without waiting.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Footer, Input, Static

from ..engine.intents import Speak
from ..engine.reduce import SPEECH_LIMIT, speech_problem
from .stages import stage_words

if TYPE_CHECKING:
    from hedgemony_tui.shell.front import Table

CLOCK: Callable[[], float] = time.monotonic
TICK = 0.25


class SpeechSheet(ModalScreen[Any]):
    """Returns ``Speak(seat, text)`` ("" : nothing said)."""

    BINDINGS = [Binding("escape", "skip", "Say nothing")]
    GUIDE_TOPIC = "speeches"

    def __init__(self, table: Table, seat: str) -> None:
        super().__init__()
        self.table = table
        self.seat = seat
        seen = table.seen_state()
        self.seconds = int(seen.options.speech_seconds)
        self.clock = CLOCK
        self.started = self.clock()
        self.heading = f"Cycle {seen.cycle} · {stage_words(seen.stage)}: {seen.name(seat)} speaks to the table"
        self.timer: Timer | None = None
        self.done = False

    def compose(self) -> ComposeResult:
        with Vertical(id="ws-speech"):
            yield Static(self.heading, id="ws-speech-title")
            yield Static("", id="ws-speech-clock")
            yield Input(
                placeholder="your statement, one line (Enter delivers it)", max_length=SPEECH_LIMIT, id="ws-speech-text"
            )
            yield Static(
                "Enter delivers the line to the journal; Esc says nothing."
                + (" When the time runs out, what you typed is delivered." if self.seconds else ""),
                id="ws-speech-help",
            )
            yield Static("", id="ws-speech-problem")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#ws-speech-text", Input).focus()
        self.tick()
        if self.seconds > 0:
            self.timer = self.set_interval(TICK, self.tick)

    def remaining(self) -> int:
        """Whole seconds left, rounded up (0: time is up)."""
        left = self.seconds - (self.clock() - self.started)
        return max(0, int(-(-left // 1)))

    def tick(self) -> None:
        """Redraw the countdown; deliver what is typed when it reaches 0."""
        if self.done:
            return
        clock = self.query_one("#ws-speech-clock", Static)
        if self.seconds <= 0:
            clock.update("No time limit.")
            return
        left = self.remaining()
        clock.update(f"Time left: {left:>2} s  " + "■" * min(left, 30))
        if left == 0:
            text = self.query_one("#ws-speech-text", Input).value.strip()
            self._deliver(text if speech_problem(text) is None else "")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        problem = speech_problem(text)
        if problem is not None:
            self.query_one("#ws-speech-problem", Static).update(f"Not delivered: {problem}.")
            return
        self._deliver(text)

    def action_skip(self) -> None:
        self._deliver("")

    def _deliver(self, text: str) -> None:
        if self.done:
            return
        self.done = True
        if self.timer is not None:
            self.timer.stop()
        intent = Speak(self.seat, text)
        if getattr(self.app, "session", None) is None:  # alone, no game in play: hand it back
            self.dismiss(intent)
            return
        # The sheet's own key is the second word: saying nothing here (Escape, or the clock
        # with nothing typed) is taken as it is, where the decision list's "Say nothing"
        # asks once more. Taken once the sheet is gone, so no screen opens under it.
        table = self.table
        self.dismiss(None)
        self.app.call_later(table.choose, intent)
