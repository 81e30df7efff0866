"""The random computer player: any legal option, uniformly, seeded by the view (so the
same game gives the same choices) and never by the table's hidden dice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hedgemony_tui.table.contract import Choice
from hedgemony_tui.table.dice import Rng


class RandomPolicy:
    name = "random"

    def decide(self, view: Any, options: Sequence[Any]) -> Choice:
        # The log's length and the cycle number name the decision; the seed stays hidden.
        index, _ = Rng(len(view.log) * 7919 + view.cycle).next_below(len(options))
        intent = options[index]
        return Choice(intent, f"random: {intent.describe()}")
