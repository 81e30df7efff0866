"""The ``random`` policy: a uniformly random legal intent.

Its choice comes from the game's ``policy_seed`` (derived one-way from the game's
seed) and the number of decisions taken so far, never from a generator outside the
state, so a game loaded from a save continues exactly as an unbroken run would. It
never consumes or predicts the game's dice.
"""

from __future__ import annotations

from collections.abc import Sequence

from hedgemony_tui.table.dice import Rng

from ..engine.content import content_for
from ..engine.intents import Intent, seat_of
from ..engine.names import Namer
from ..engine.rulings import with_rulings
from ..engine.state import GameState
from .choice import BotChoice


def choose(view: GameState, options: Sequence[Intent]) -> Intent:
    if not options:
        raise ValueError("no legal intents to choose from")
    index, _ = Rng(view.policy_seed, view.decisions).next_below(len(options))
    return options[index]


class RandomPolicy:
    """``choose`` behind the bots' interface, with a reason for the journal."""

    name = "random"

    def decide(self, view: GameState, options: Sequence[Intent]) -> BotChoice:
        intent = choose(view, options)
        names = Namer(with_rulings(content_for(view.scenario), view), view)  # its own view's board
        return BotChoice(
            intent, f"{seat_of(intent)} picks at random among {len(options)} options: {intent.describe(names)}"
        )
