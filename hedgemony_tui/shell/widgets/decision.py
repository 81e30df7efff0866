"""The generic decision panel: the pending prompt and the seat's legal intents, filterable.

It plays any decision of the game by itself: type to filter, arrows to move, Enter to
choose. It holds no rule: the app fills it with the legal intents of the pending seat
and is told which one was picked.
"""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.content import Content
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

MAX_SHOWN = 100  # a signal offers ~800 combinations: filter rather than scroll through them


class DecisionPanel(Vertical):
    BINDINGS = [
        Binding("down", "to_list", "Options", id="decision.to-list", show=False),
    ]

    class Chosen(Message):
        def __init__(self, intent: Any) -> None:
            super().__init__()
            self.intent = intent

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.options: list[tuple[object, str]] = []
        self.shown: list[object] = []
        self.waiting = ""

    def compose(self) -> ComposeResult:
        yield Static("", id="decision-prompt")
        yield Input(placeholder="type to filter, Enter picks the first", id="decision-filter")
        yield OptionList(id="decision-options")
        yield Static("", id="decision-count")

    def set_decision(self, prompt: RenderableType, options: list[tuple[object, str]], waiting: str = "") -> None:
        """``options``: (intent, label) pairs of the pending seat; empty while someone else decides."""
        self.options = options
        # Kept: clearing the filter below fills the list again, and must not lose it.
        self.waiting = waiting
        self.query_one("#decision-prompt", Static).update(prompt)
        filt = self.query_one("#decision-filter", Input)
        if filt.value:
            filt.value = ""  # a new decision: the old filter means nothing
        self._fill("", waiting)

    def _fill(self, needle: str, waiting: str = "") -> None:
        words = needle.lower().split()
        # Match the menu words and the intent's tag (``end``, ``commit``, ``roll``...), and put
        # the intents whose tag was typed first: "end" should find "US is finished...".
        matched = [(i, label) for i, label in self.options
                   if all(w in f"{label} {getattr(i, 'TAG', '')}".lower() for w in words)]
        matched.sort(key=lambda pair: getattr(pair[0], "TAG", "") not in words)
        self.shown = [i for i, _ in matched[:MAX_SHOWN]]
        listing = self.query_one("#decision-options", OptionList)
        listing.clear_options()
        # Text: labels and names hold players' own words, never markup.
        listing.add_options([Option(Content(label)) for _, label in matched[:MAX_SHOWN]])
        if self.shown:
            listing.highlighted = 0
        count = self.query_one("#decision-count", Static)
        waiting = waiting or (self.waiting if not self.options else "")
        if waiting:
            count.update(Text(waiting))
        elif len(matched) > MAX_SHOWN:
            count.update(f"{len(matched)} options; first {MAX_SHOWN} shown — type to narrow")
        else:
            count.update(f"{len(matched)} of {len(self.options)} options")

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._fill(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        listing = self.query_one("#decision-options", OptionList)
        index = listing.highlighted if listing.highlighted is not None else 0
        if self.shown and 0 <= index < len(self.shown):
            self.post_message(self.Chosen(self.shown[index]))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if 0 <= event.option_index < len(self.shown):
            self.post_message(self.Chosen(self.shown[event.option_index]))

    def action_to_list(self) -> None:
        self.query_one("#decision-options", OptionList).focus()
