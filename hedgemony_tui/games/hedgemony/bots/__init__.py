"""Computer players and the automated White Cell.

A policy sees only its seat's view of the state (``engine.view.view``) and the legal
intents of its seat, and returns one of them with a one-line reason for the journal
(chapter 3's players, played by the machine). ``get_policy`` names them: ``random``,
``basic`` and ``expert``. ``white_cell`` is the automated White Cell: event injection,
rulings, emergency funding and closing the turn. A decision comes back as a
``BotChoice``; it and the ``Policy`` interface live in ``choice.py`` (imported here for
callers), so that the policy modules need not import this package.
"""

from __future__ import annotations

from collections.abc import Callable

from hedgemony_tui.table.errors import RuleInputError

from .basic import BasicPolicy
from .choice import BotChoice as BotChoice  # re-exported: the policies' answer
from .choice import Policy
from .expert import ExpertPolicy
from .random_policy import RandomPolicy
from .white_cell import WhiteCellBot

POLICIES: dict[str, Callable[[], Policy]] = {
    "random": RandomPolicy,
    "basic": BasicPolicy,
    "expert": ExpertPolicy,
}
POLICY_NAMES = tuple(POLICIES)
WHITE_CELL_MODES = ("random", "random-events", "directed", "none")


def get_policy(name: str) -> Policy:
    made = POLICIES.get(name)
    if made is None:
        raise RuleInputError(f"no policy named {name!r}: choose one of {', '.join(POLICY_NAMES)}")
    return made()


def white_cell(mode: str = "random-events") -> WhiteCellBot:
    """The automated White Cell (see ``white_cell.WhiteCellBot``)."""
    if mode not in WHITE_CELL_MODES:
        raise RuleInputError(f"no White Cell mode {mode!r}: choose one of {', '.join(WHITE_CELL_MODES)}")
    return WhiteCellBot(mode)
