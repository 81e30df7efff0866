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
    """A bot's decision and why, in one line.

    ``public_reason``: the reason is built only from what every seat sees (the roll
    asked for, a decision that is itself public), so the journal shows it to all; by
    default it is private to the bot's seat and the White Cell, as a reason drawn from
    the bot's own view may tell of its hand, its hidden capabilities or its private
    points."""

    intent: Intent
    reason: str
    public_reason: bool = False


def public_roll(view: GameState) -> bool:
    """A roll everyone sees: not private, not inside a private card, not the privacy roll."""
    request = view.roll_request
    if request is None:
        return False
    in_private_run = view.run is not None and view.run.private
    return not request.private and not in_private_run and "privacy" not in str(request.purpose)


class Policy(Protocol):
    name: str

    def decide(self, view: GameState, options: Sequence[Intent]) -> BotChoice: ...
