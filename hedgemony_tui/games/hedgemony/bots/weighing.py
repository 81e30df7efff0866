"""How the ``basic`` policy weighs an option: expected utility, the gain worth acting for, the bill.

:class:`Weighing` is the base of :class:`~.basic.BasicPolicy` (and so of the expert): the
value of an intent over every face of the D10 (``lookahead.after``) judged by
``judge.utility``, the threshold a gain must pass before a seat spends (higher below its
reserve of RPs), and the U.S. readiness bill it never spends into (``bill_reserve``,
``affordable``). Subclasses refine ``utility`` and ``clear_gain``.
"""

from __future__ import annotations

from ..engine.content import Content
from ..engine.intents import Intent
from ..engine.phases import blue
from ..engine.state import GameState
from .judge import utility
from .lookahead import after, apply_option

RESERVE = {"US": 6, "NATO": 2}
"""RPs Blue keeps back for responses to Red (ch. 3: emergency funding is the exception)."""
RED_RESERVE = 1
THRESHOLD = 0.002
"""Smallest gain of utility worth acting for (below it, the seat holds)."""
WORST_BUDGET = -2
"""The lowest DoD budget variation (Table 3.1): the U.S. plans next turn's bill on it."""
BILL_MARGIN = 2
"""RPs the U.S. keeps beyond next turn's readiness bill (card effects may raise it)."""

States = list[tuple[float, GameState]]
"""The end states of an option with their chances (``lookahead.after``)."""


class Weighing:
    """The judging and spending helpers every ``basic`` decision goes through."""

    def value(
        self, view: GameState, content: Content, seat: str, intent: Intent, own_commits: bool = True
    ) -> tuple[float, States]:
        states = after(view, content, intent, seat, own_commits)
        return self.expected(states, content, seat), states

    def utility(self, content: Content, state: GameState, seat: str) -> float:
        """How good ``state`` is for ``seat`` (``judge.utility``; the expert refines it)."""
        return utility(content, state, seat)

    def expected(self, states: States, content: Content, seat: str) -> float:
        """Expected utility over ``(chance, state)`` pairs."""
        return sum(p * self.utility(content, s, seat) for p, s in states)

    def threshold(self, view: GameState, seat: str, price: int, content: Content | None = None) -> float:
        """Spending into the reserve needs a clearer gain; the U.S. never spends what
        next turn's readiness bill needs (that would call for emergency funding)."""
        rp = view.player(seat).rp
        if seat == "US" and content is not None and rp - price < self.bill_reserve(view, content):
            return float("inf")
        reserve = RESERVE.get(seat, RED_RESERVE)
        return self.clear_gain(content, seat) if rp - price >= reserve else THRESHOLD * 10

    def clear_gain(self, content: Content | None, seat: str) -> float:
        """The gain of utility a seat asks for to spend what lies above its reserve."""
        return THRESHOLD

    @staticmethod
    def bill_reserve(view: GameState, content: Content) -> int:
        """RPs the U.S. must still hold after spending, so that next turn's allocation
        (at its worst budget roll) pays the readiness bill of the current posture."""
        if "US" not in content.scenario.player_ids or view.turn >= view.settings.turns:
            return 0  # no bill after the last turn
        worst = view.player("US").per_turn_rp + WORST_BUDGET
        return max(0, blue.readiness_due(view, content) - worst + BILL_MARGIN)

    @staticmethod
    def _exp_ip(states: States, seat: str, before: GameState) -> float:
        return sum(p * s.player(seat).ip for p, s in states) - before.player(seat).ip

    def affordable(self, view: GameState, content: Content, intent: Intent) -> bool:
        """Whether the U.S. still covers next turn's bill after ``intent`` (on a copy)."""
        then = apply_option(view, content, intent)
        return then.player("US").rp >= self.bill_reserve(then, content)
