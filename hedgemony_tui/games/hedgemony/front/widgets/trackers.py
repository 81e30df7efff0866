"""The Influence track and the turn and phase trackers, in one bar above the map, with
the decision the game waits on and who holds the keyboard. Each line is fitted to the
bar's width (shorter words before anything is cut), so the pending decision's line is
never pushed out of the bar by a long first line."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.events import Resize
from textual.widgets import Static

from hedgemony_tui.shell.front import table_of

from ..render.palette import player_colour

PHASES = ("red-signaling", "blue-actions", "red-actions", "allocation", "summary")
PHASE_SHORT = {
    "red-signaling": "Signal",
    "blue-actions": "Blue",
    "red-actions": "Red",
    "allocation": "Allocate",
    "summary": "Summary",
}
PHASE_SHORTER = {
    "red-signaling": "Sig",
    "blue-actions": "Blue",
    "red-actions": "Red",
    "allocation": "Alloc",
    "summary": "Sum",
}
# The first line's wordings, longest first: (turn, phase names, Influence track's name).
WORDINGS = (("Turn ", PHASE_SHORT, "   Influence: "), ("Turn ", PHASE_SHORT, "  IP: "), ("T", PHASE_SHORTER, " IP:"))


def _first_line(state: Any, turn_word: str, phases: dict[str, str], influence: str) -> Text:
    text = Text(no_wrap=True, overflow="ellipsis", end="")
    text.append(f" {turn_word}{state.turn}/{state.settings.turns} ", "bold black on #d7d7d7")
    text.append(" ")
    for phase in PHASES:
        style = "bold black on #ffd75f" if state.phase.value == phase else "dim"
        text.append(f" {phases[phase]} ", style)
    text.append(influence, "bold")
    for p in sorted(state.players, key=lambda p: -p.ip):
        text.append(f" {p.id} {p.ip} ", f"bold black on {player_colour(p.id)}")
        text.append(" ")
    text.rstrip()
    return text


def tracker_text(state: Any, seats_label: str, pending_prompt: str, width: int = 1000) -> Text:
    """Two lines: the trackers, then ``▸`` the pending decision and who holds the keyboard."""
    first = _first_line(state, *WORDINGS[-1])
    for wording in WORDINGS:
        line = _first_line(state, *wording)
        if line.cell_len <= width:
            first = line
            break
    second = Text(no_wrap=True, overflow="ellipsis", end="")
    second.append(" ▸ ", "bold")
    second.append(pending_prompt, "bold yellow")
    second.append(f"   {seats_label}", "italic")
    first.truncate(width, overflow="ellipsis")
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append_text(first)
    if second.cell_len > width:
        # Too long for the bar at 100 columns (a card's title): cut at a word and say where
        # the whole of it is, rather than end mid-word on "…" (a third row would cost the
        # map its frames at 30 rows).
        tail = f"… (whole at right)   {seats_label}"
        room = max(0, width - 3 - len(tail))
        cut = pending_prompt[: room + 1].rsplit(" ", 1)[0] if len(pending_prompt) > room else pending_prompt
        second = Text(no_wrap=True, overflow="ellipsis", end="")
        second.append(" ▸ ", "bold")
        second.append(cut.rstrip(" ,;:—"), "bold yellow")
        second.append("… (whole at right)", "dim")
        second.append(f"   {seats_label}", "italic")
    second.truncate(width, overflow="ellipsis")
    text.append("\n")
    text.append_text(second)
    return text


class Trackers(Static):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._shown: tuple[Any, str, str] | None = None

    def show(self, state: Any, seats_label: str, pending_prompt: str) -> None:
        self._shown = (state, seats_label, pending_prompt)
        self.update(tracker_text(state, seats_label, pending_prompt, self.size.width or 1000))

    def on_resize(self, event: Resize) -> None:
        if self._shown is not None:
            self.show(*self._shown)

    def refresh_view(self) -> None:
        """Redraw from the table (the game screen calls this after every change)."""
        table = table_of(self)
        self.show(table.seen_state(), table.keyboard_label(), table.decision().prompt)
