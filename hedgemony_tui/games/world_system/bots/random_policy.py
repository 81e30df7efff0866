"""The random computer player: any of its seat's legal options, uniformly, seeded by what
its view shows (so the same game gives the same choices) and never by the hidden seed."""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import Any

from hedgemony_tui.table.contract import Choice
from hedgemony_tui.table.dice import Rng


class RandomPolicy:
    name = "random"

    def decide(self, view: Any, options: Sequence[Any]) -> Choice:
        # The journal's last line number, the cycle and the seat name the decision.
        last = view.log[-1].seq if view.log else 0
        seat = getattr(options[0], "seat", "")
        index, _ = Rng(last * 7919 + view.cycle * 31 + zlib.crc32(seat.encode())).next_below(len(options))
        intent = options[index]
        return Choice(intent, f"random: {intent.describe()}")
