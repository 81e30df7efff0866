"""Headless Hedgemony games for the benchmarks and the tests, through the table's one
match loop (:mod:`hedgemony_tui.table.match`).

:func:`play` keeps the shape the bots' tests and benchmarks use: policy names per seat,
a White Cell mode, a number of turns to play, a hook that hears every decision, and a
factory that builds a policy from its name (a benchmark wraps it to time decisions).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hedgemony_tui.table import match
from hedgemony_tui.table.contract import Choice

from .bots import get_policy
from .engine.state import GameState, Phase
from .rules import RULES

OnChoice = Callable[[GameState, str, Choice], None]


def completed_turns(state: GameState) -> int:
    return state.turn if state.phase is Phase.OVER else state.turn - 1


def default_white_cell(policies: Mapping[str, str]) -> str:
    """The automated White Cell's mode when none is asked for: rulings only with every
    seat random (those games stay quick and plain), the random-events rule otherwise."""
    return "random" if set(policies.values()) == {"random"} else "random-events"


class _Named:
    """A policy built by ``make_policy`` (any object with ``decide``), as the table's policy."""

    def __init__(self, name: str, bot: Any) -> None:
        self.name = name
        self.bot = bot

    def decide(self, view: Any, options: Sequence[Any]) -> Choice:
        made = self.bot.decide(view, options)
        return Choice(made.intent, made.reason)


def play(
    state: GameState,
    turns: int | None,
    policy: str = "random",
    seats: Mapping[str, str] | None = None,
    white: str | None = None,
    on_choice: OnChoice | None = None,
    make_policy: Callable[[str], Any] = get_policy,
) -> GameState:
    """Let the computer take every decision until ``turns`` more turns end, or the game does.

    ``policy`` plays every seat ``seats`` (seat -> policy name) does not name; the White
    Cell is automated in mode ``white`` (default: :func:`default_white_cell`). Each
    player sees only its own view and its own options (the match loop sees to it).
    """
    names = match.seat_policy_names(RULES, policy, seats)
    made = {name: _Named(name, make_policy(name)) for name in set(names.values())}
    policies = {seat: made[name] for seat, name in names.items()}
    control = RULES.control_bot(white or default_white_cell(names))
    target = None if turns is None else completed_turns(state) + turns
    ended: Callable[[GameState], bool] | None = None
    if target is not None:
        ended = lambda s: completed_turns(s) >= target  # noqa: E731 - a one-line bound
    result: GameState = match.play(RULES, state, policies, control, until=ended, on_choice=on_choice)
    return result
