"""What a person's decision ends, worked out before it is taken: so that a choice that
cannot be taken back is asked for once more (the decision panel's confirmation).

A decision needs that second word when it closes something undo could not reopen:

* it ends the game, the turn or the phase (``rules.turn_of`` changes);
* it is the seat's part of a sealed choice or of an eyes-closed round ("sealed"): once
  given it stays, and whether it is the last one must not show;
* it hands the decision to other seats ("seat"): the seat took it alone and owes
  nothing after it. Only the game knows whether the seat will be asked again in this
  phase (a proposal comes back to its player; the end of a turn does not), so the shell
  asks for this one only when the front files the intent under the end of the phase,
  or the intent is tagged "end" or "done". A front may also say it in its own sentence
  (``irreversible``, :mod:`hedgemony_tui.shell.confirm`): the world-system game does
  for a state's one turn in a stage (its goal, its nomination, a speech left unused)
  and for a state made core (told at once, so a barrier), so that each of those asks,
  the seat's only option included, and no Enter meant as a confirmation falls into
  the next decision.

A game that may end by chance (the Grand Game's end die, Rescue's riot die) must not be
foretold: "ends the game" is said only when the game would end whatever the dice said
(the same decision on the state under other seeds, :func:`_foretold`); when a roll
decides it, the seat hears that the turn ends, which is true either way.

It is worked out on the real state, as the host applies it, but only a
:class:`Commitment` goes back: which of the above, whether undo stops at it, and the
turn and phase *before* the decision, which the seat already sees. Nothing of what the
decision would reveal, nor who decides next, is in it. Whether a step rolls or reveals
(``barrier``) is told, never asked on by itself: in a game of hidden blocks a move
reveals only when an enemy is near, and asking then would tell the seat so. A decision
that is the seat's only option never asks here (there is nothing else to choose; a
front's own sentence still may), and
neither do computer players or the CLI (they never call this).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import attrs

from .contract import AnyRules

OTHER_SEEDS = 8
"""How many other seeds must also end the game before "ends the game" is said: a roll that
ends it one time in three passes all eight about once in 6,500 decisions."""

Ends = Literal["game", "turn", "phase", "sealed", "seat", ""]


@dataclass(frozen=True)
class Commitment:
    """Why a decision cannot be taken back. ``ends``: what it closes ("" nothing);
    ``barrier``: undo stops at it; ``turn`` and ``phase``: the turn and phase it is taken
    in (``rules.turn_of`` before it, which the seat sees already)."""

    ends: Ends
    barrier: bool
    turn: int
    phase: str


def commitment(rules: AnyRules, state: Any, seat: str, intent: Any, options: Sequence[Any]) -> Commitment | None:
    """What taking ``intent`` at ``seat`` would close (see the module docstring), or None
    when undo could take it back, or it is the only option."""
    if len(options) <= 1 or intent not in options:
        return None
    try:
        after = rules.apply(state, intent)
    except Exception:  # an illegal intent is refused when taken; nothing to ask here
        return None
    turn, phase = rules.turn_of(state)
    later_turn, later_phase = rules.turn_of(after)
    before, later = rules.pending(state), rules.pending(after)
    kinds = rules.info.eyes_closed_kinds
    eyes_closed = bool(kinds) and before.kind in kinds
    ends: Ends = ""
    # A line of a sealed answer still being written (the Grand Game's allocation, bought item
    # by item) leaves the seat owing the same decision: it closes nothing, undo takes it back.
    still_writing = seat in later.seats and (later_turn, later_phase) == (turn, phase)
    if eyes_closed or (len(before.seats) > 1 and not still_writing):
        # Before the phase or turn: that the seat is the last to answer is not its to know.
        ends = "sealed"
    elif later.over and _foretold(rules, state, intent):
        ends = "game"
    elif later.over or later_turn != turn:
        ends = "turn"
    elif later_phase != phase:
        ends = "phase"
    elif seat not in later.seats:
        ends = "seat"
    barrier = eyes_closed or rules.reveals(state, after)
    if not ends and not barrier:
        return None
    return Commitment(ends, barrier, turn, phase)


def _foretold(rules: AnyRules, state: Any, intent: Any) -> bool:
    """Whether ``intent`` ends the game under every other seed too (no roll decides it).
    A state without a seed field (none of ours) is taken at its word."""
    if not (attrs.has(type(state)) and isinstance(getattr(state, "seed", None), int)):
        return True
    for k in range(1, OTHER_SEEDS + 1):
        try:
            if not rules.apply(attrs.evolve(state, seed=state.seed + 7919 * k), intent).over:
                return False
        except Exception:  # a state that will not take another seed: nothing to compare
            return True
    return True
