"""The Influence track and the turn and phase trackers, in one bar above the map, with
who holds the keyboard and the decision the game waits on."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

PHASES = ("red-signaling", "blue-actions", "red-actions", "allocation", "summary")
PHASE_SHORT = {"red-signaling": "Signal", "blue-actions": "Blue", "red-actions": "Red",
               "allocation": "Allocate", "summary": "Summary"}


def tracker_text(state: Any, seats_label: str, pending_prompt: str) -> Text:
    from ..render.palette import player_colour

    text = Text()
    text.append(f" Turn {state.turn}/{state.settings.turns} ", "bold black on #d7d7d7")
    text.append(" ")
    for phase in PHASES:
        style = "bold black on #ffd75f" if state.phase.value == phase else "dim"
        text.append(f" {PHASE_SHORT[phase]} ", style)
    text.append("   Influence: ", "bold")
    for p in sorted(state.players, key=lambda p: -p.ip):
        text.append(f" {p.id} {p.ip} ", f"bold black on {player_colour(p.id)}")
        text.append(" ")
    text.append("\n")
    text.append(f" {seats_label}", "italic")
    text.append("  ▸ ", "bold")
    text.append(pending_prompt, "bold yellow")
    return text


class Trackers(Static):
    def show(self, state: Any, seats_label: str, pending_prompt: str) -> None:
        self.update(tracker_text(state, seats_label, pending_prompt))

    def refresh_view(self) -> None:
        """Redraw from the table (the game screen calls this after every change)."""
        table: Any = self.app
        self.show(table.seen_state(), table.keyboard_label(), table.rules.pending(table.state).prompt)
