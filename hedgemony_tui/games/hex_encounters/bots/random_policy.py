"""The ``random`` computer player: any legal decision, drawn from dice seeded by what its
seat sees (so the same view gives the same choice, and nothing outside the view counts)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hedgemony_tui.table.contract import Choice
from hedgemony_tui.table.dice import Rng


def view_seed(view: Any) -> int:
    """A number fixed by the view: its turn, phase and how long its log is."""
    text = f"{view.turn}/{view.phase}/{len(view.log)}/{view.reveal_seq}/{view.selected}"
    return sum((i + 1) * ord(c) for i, c in enumerate(text))


class RandomPolicy:
    name = "random"

    def decide(self, view: Any, options: Sequence[Any]) -> Choice:
        index, _ = Rng(view_seed(view)).next_below(len(options))
        return Choice(options[index], "a random legal choice")
