"""The order of the Blue Investments and Actions phase (ch. 3).

Chapter 3: once the U.S. has paid its readiness bill, both Blue players make all their
investments, in any order between them, and only after every investment is made do
they take their actions, again in any order. So the phase has two steps, and within
each the two Blue players take turns as they like:

* **Investments.** ``state.blue_to_act`` holds the Blue players who will act once the
  investments are over (not empty: the investments are under way). The player at the
  head of ``state.queue`` decides: it plays investment cards, posts forces and manages
  readiness, lets another Blue player go next (``HandOver``), or is done investing
  (``EndInvestments``). When every Blue player is done, the actions begin.
* **Actions.** ``blue_to_act`` is empty; the queue holds the Blue players still acting.
  Action cards and free-play proposals, posture and readiness, ``HandOver``, and
  ``EndPhase`` (done for the phase).

``EndPhase`` during the investments means done with the whole phase: that player makes
no investment and no action any more. A player handed the initiative must do
something before it hands it back (rule X10: else two players could pass it between
them for ever); posture moves and readiness changes are allowed in both steps, since
the book has Blue lay out its posture before the bill and adjust it as it goes.
"""

from __future__ import annotations

import attrs

from .cards import Card, CardKind
from .intents import EndInvestments, HandOver, Intent
from .ledger import log
from .phase_end import PhaseOver, Step
from .state import GameState, Phase


def investing(state: GameState) -> bool:
    """The Blue phase is in its investments (every Blue action waits for them)."""
    return bool(state.blue_to_act)


def why_not_now(state: GameState, card: Card) -> str | None:
    """None if the Blue step under way lets a Blue card of this kind be played, else why not."""
    if investing(state) and card.kind is CardKind.ACTION:
        return (
            "every Blue investment comes before any Blue action (ch. 3): the actions begin once "
            f"{', '.join(state.queue)} {'has' if len(state.queue) == 1 else 'have'} finished investing"
        )
    if not investing(state) and card.kind is CardKind.INVESTMENT:
        return "the Blue investments are over for this turn (ch. 3: all come before any Blue action)"
    return None


def may_hand_over(state: GameState, player: str) -> bool:
    """``player`` may hand the initiative on unless it was just handed to it and it has
    done nothing since (X10: the initiative cannot bounce between players for ever)."""
    for entry in reversed(state.log):
        if entry.turn != state.turn or entry.phase is not Phase.BLUE or entry.kind in ("phase", "blue-step"):
            return True
        if entry.kind == "handover":
            return False
        if entry.actor == player:
            return True
    return True


def step_options(state: GameState, player: str) -> list[Intent]:
    """The hand-overs ``player`` may make, and ending its investments while they go on."""
    options: list[Intent] = []
    if len(state.queue) > 1 and may_hand_over(state, player):
        options += [HandOver(player, other) for other in state.queue if other != player]
    if investing(state):
        options.append(EndInvestments(player))
    return options


def hand_over(state: GameState, intent: HandOver) -> GameState:
    """``intent.to`` decides next; the others keep their order behind it."""
    queue = (intent.to,) + tuple(p for p in state.queue if p != intent.to)
    state = attrs.evolve(state, queue=queue)
    return log(state, intent.player, "handover", f"{intent.player} lets {intent.to} go next")


def end_investments(state: GameState, player: str) -> Step:
    """``player`` is done investing; the actions begin once every Blue player is."""
    state = attrs.evolve(state, queue=tuple(p for p in state.queue if p != player))
    state = log(state, player, "end", f"{player} has made its investments")
    return _next_step(state)


def end_phase(state: GameState, player: str) -> Step:
    """``player`` is done for the phase: no more investments, no actions."""
    state = attrs.evolve(
        state,
        queue=tuple(p for p in state.queue if p != player),
        blue_to_act=tuple(p for p in state.blue_to_act if p != player),
    )
    state = log(state, player, "end", f"{player} ends its Blue phase")
    return _next_step(state)


def _next_step(state: GameState) -> Step:
    """Once no Blue player is left in the investments, the actions begin; once none is
    left acting, the phase is over."""
    if state.queue:
        return state
    if not state.blue_to_act:
        return PhaseOver(state)
    acting = state.blue_to_act
    state = attrs.evolve(state, queue=acting, blue_to_act=())
    return log(state, "WHITE", "blue-step", f"Every Blue investment is made: {', '.join(acting)} now act")
