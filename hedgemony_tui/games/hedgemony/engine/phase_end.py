"""How a phase says it is over: its last step returns :class:`PhaseOver` instead of a
state, and the turn order (``turn_order.py``) enters the next phase. So no phase module
needs to know which phase comes next, or import it."""

from __future__ import annotations

from typing import TypeAlias

import attrs

from .state import GameState


@attrs.frozen
class PhaseOver:
    """The state a phase leaves behind when its last decision (or die) is taken."""

    state: GameState


Step: TypeAlias = "GameState | PhaseOver"
"""What a phase's step returns: the state to go on from, or the end of the phase."""
