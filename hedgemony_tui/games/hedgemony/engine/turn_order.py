"""The order of a turn's phases (chapter 3), as data, and the one place that ends a phase
and enters the next.

A phase's last step returns :class:`~.phase_end.PhaseOver`; :func:`carry_on` then enters
the phase that follows in :data:`TURN`. After the summary comes the next turn's first
phase (once the turn has rolled over, ``summary.next_turn``) or, after the last turn,
the end of the game. A phase may end as it begins (allocation without a U.S. player
has no die to wait on), so entering goes on until a phase waits for a decision.
"""

from __future__ import annotations

from collections.abc import Callable

from .content import Content
from .phase_end import PhaseOver, Step
from .phases import allocation, blue, red, signaling, summary
from .state import GameState, Phase

TURN: tuple[Phase, ...] = (Phase.SIGNALING, Phase.BLUE, Phase.RED, Phase.ALLOCATION, Phase.SUMMARY)
"""The phases of every turn, in order."""

ENTRIES: dict[Phase, Callable[[GameState, Content], Step]] = {
    Phase.SIGNALING: signaling.enter,
    Phase.BLUE: blue.enter,
    Phase.RED: red.enter,
    Phase.ALLOCATION: allocation.enter,
    Phase.SUMMARY: summary.enter,
    Phase.OVER: summary.finish,
}
"""How each phase begins (for the end of the game: the scenario's victory conditions are judged)."""


def following(state: GameState) -> Phase:
    """The phase after the current one."""
    if state.phase is TURN[-1]:
        return Phase.OVER if state.turn >= state.settings.turns else TURN[0]
    return TURN[TURN.index(state.phase) + 1]


def carry_on(step: Step, content: Content) -> GameState:
    """The state after a step; if the step ended its phase, the state once the next phase
    that waits for something has begun."""
    while isinstance(step, PhaseOver):
        state = step.state
        after = following(state)
        if after is TURN[0]:
            state = summary.next_turn(state)
        step = ENTRIES[after](state, content)
    return step


def begin(state: GameState, content: Content) -> GameState:
    """A new game's first turn begins (``setup.new_game``)."""
    return carry_on(ENTRIES[TURN[0]](state, content), content)
