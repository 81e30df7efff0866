"""The random computer player: any legal option, uniformly, seeded by the view (so the
same game gives the same choices) and never by the table's hidden dice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hedgemony_tui.table.contract import Choice
from hedgemony_tui.table.dice import Rng

from ..engine.intents import Roll
from .standin import own_die


class RandomPolicy:
    name = "random"

    def decide(self, view: Any, options: Sequence[Any]) -> Choice:
        # The log's length and the cycle number name the decision; the seed stays hidden.
        index, _ = Rng(len(view.log) * 7919 + view.cycle).next_below(len(options))
        intent = options[index]
        if isinstance(intent, Roll) and intent.face:  # physical dice: a face of its own, said to all
            return Choice(intent, own_die(intent), public_reason=True)
        return Choice(intent, f"random: {intent.describe()}")
