"""The random computer player: any of its seat's legal options, seeded by what its view shows
(the same game gives the same choices) and never by the hidden seed.

Uniform among the options but for what would make it wander without end: it never turns back
from a place without writing a line there; whenever it may hand in its sheet or its allocation
it does so one time in three; and when its sheet cannot be handed in as it stands (the checker
finds something wrong), it starts the sheet again one time in three, so it never writes on at
a sheet it cannot hand in. Each line it writes changes its draft's count of edits, so it never
comes back to a moment it has seen.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import Any

from hedgemony_tui.table.contract import Choice
from hedgemony_tui.table.dice import Rng

from ..engine.game_intents import ClearOrders, Focus, SealAllocation, SealOrders


class RandomPolicy:
    name = "random"

    def decide(self, view: Any, options: Sequence[Any]) -> Choice:
        seat = getattr(options[0], "seat", "")
        edits = view.sheet_of(seat).edits + view.draft_of(seat).edits
        key = len(view.log) * 7919 + view.turn * 31 + edits * 104729 + zlib.crc32((seat + view.phase).encode())
        rng = Rng(key)
        seal = [o for o in options if isinstance(o, SealOrders | SealAllocation)]
        if seal:
            roll, rng = rng.next_below(3)
            if roll == 0:
                return Choice(seal[0], f"random: {seal[0].describe()}")
        clear = [o for o in options if isinstance(o, ClearOrders)]
        if clear and not seal:
            roll, rng = rng.next_below(3)
            if roll == 0:
                return Choice(clear[0], f"random: {clear[0].describe()}")
        pool = [o for o in options if not (isinstance(o, ClearOrders) or (isinstance(o, Focus) and not o.place))]
        pool = pool or list(options)
        index, _ = rng.next_below(len(pool))
        intent = pool[index]
        return Choice(intent, f"random: {intent.describe()}")
