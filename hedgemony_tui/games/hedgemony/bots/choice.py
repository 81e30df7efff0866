"""What a computer player returns, and the interface every policy offers.

Apart from the package's ``__init__`` so that each policy module can import these
without importing the package that lists the policies (which imports them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import attrs

from ..engine.intents import Intent
from ..engine.state import GameState


@attrs.frozen
class BotChoice:
    """A bot's decision and why, in one line."""

    intent: Intent
    reason: str


class Policy(Protocol):
    name: str

    def decide(self, view: GameState, options: Sequence[Intent]) -> BotChoice: ...
