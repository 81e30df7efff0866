"""The result screen of every roll and card draw (``Front.result_screen``): what was
rolled or drawn, against what, the chance before it, what each other face or card would
have meant, and the log lines the step wrote. The game waits on it (the shell's
:class:`~hedgemony_tui.shell.screens.result_pause.ResultPause`: **n**/Enter goes on,
**p** sets how often the game stops), so the new-game option "Rolls shown" and Ctrl+T
decide when it appears. The text is :mod:`..render.rolls`, from the seat's own views."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Footer, Static

from hedgemony_tui.shell.screens.result_pause import ResultPause

from ..engine.state import RescueState
from ..render.rolls import result_body


class RollResult(ResultPause):
    """One roll's or draw's result; play waits until it is closed."""

    GUIDE_TOPIC = "rolls"  # F1: the guide's page on the dice and their odds
    HELP = "# A roll's result\n\nWhat was rolled, the odds before it and what each face would have meant."
    DEFAULT_CSS = """
    RollResult { align: center middle; }
    RollResult > Vertical { width: 100%; max-width: 118; height: auto; max-height: 100%;
                            border: thick $accent; background: $surface; padding: 0 1; }
    RollResult #rescue-result-body { height: auto; max-height: 34; }  /* less on a short screen: on_resize */
    RollResult #rescue-result-wait { height: auto; color: $text-muted; }
    """

    def __init__(self, body: RenderableType) -> None:
        super().__init__()
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical():
            with VerticalScroll(id="rescue-result-body"):
                yield Static(self.body, id="rescue-result")
            yield Static(self.pause_line(), id="rescue-result-wait")
        yield Footer()

    def on_resize(self) -> None:
        # The body scrolls and the line saying which key goes on stays in sight: at 100x30
        # a long body (the event cards) pushed it below the screen's edge. Left for the
        # frame, the key line and the footer: six lines.
        self.query_one("#rescue-result-body").styles.max_height = max(5, min(34, self.size.height - 6))


def result_screen(intent: Any, before: Any, after: Any, seat: str) -> RollResult | None:
    """The screen for ``seat`` (None: the step rolled no die and drew no card)."""
    if not isinstance(before, RescueState) or not isinstance(after, RescueState):
        return None
    body = result_body(intent, before, after, seat)
    return None if body is None else RollResult(body)
