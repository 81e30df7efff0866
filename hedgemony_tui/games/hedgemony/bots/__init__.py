"""Computer players and the automated White Cell.

A policy sees only its seat's view of the state (``engine.view.view``) and the legal
intents of its seat, and returns one of them with a one-line reason for the journal
(chapter 3's players, played by the machine). ``get_policy`` names them: ``random``,
``basic`` and ``expert``. ``white_cell`` is the automated White Cell: event injection,
rulings, emergency funding and closing the turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import attrs

from hedgemony_tui.table.errors import RuleInputError
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


POLICY_NAMES = ("random", "basic", "expert")
WHITE_CELL_MODES = ("random", "random-events", "directed", "none")


def get_policy(name: str) -> Policy:
    if name == "random":
        from .random_policy import RandomPolicy

        return RandomPolicy()
    if name == "basic":
        from .basic import BasicPolicy

        return BasicPolicy()
    if name == "expert":
        from .expert import ExpertPolicy

        return ExpertPolicy()
    raise RuleInputError(f"no policy named {name!r}: choose one of {', '.join(POLICY_NAMES)}")


def white_cell(mode: str = "random-events"):
    """The automated White Cell (see ``white_cell.WhiteCellBot``)."""
    from .white_cell import WhiteCellBot

    if mode not in WHITE_CELL_MODES:
        raise RuleInputError(f"no White Cell mode {mode!r}: choose one of {', '.join(WHITE_CELL_MODES)}")
    return WhiteCellBot(mode)
