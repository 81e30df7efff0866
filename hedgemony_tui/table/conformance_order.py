"""Conformance checks of what the contract asks beyond its types: the order of turns and
phases, every seat getting to decide, and a game's declared capabilities agreeing with
what it does (the seed's checks are :mod:`.conformance_contract`'s).

Each check returns problems in words (empty: fine), like :mod:`.conformance`'s. They
are sized by what a game declares in its :class:`~.contract.GameInfo` (dice, hidden
information), never by what one game happens to do: a correct tic-tac-toe passes them
as a correct wargame does.
"""

from __future__ import annotations

from collections.abc import Sequence

from .conformance import Playout
from .contract import AnyRules, player_seats


def order_problems(rules: AnyRules, playout: Playout) -> list[str]:
    """``turn_of`` never goes back: the turn never decreases, and a (turn, phase) pair
    once left does not come back (the replay moves by phase and turn on it, saves and
    the Continue list are named by it)."""
    found: list[str] = []
    left: set[tuple[int, str]] = set()
    here = rules.turn_of(playout.start)
    for step in playout.steps:
        now = rules.turn_of(step.after)
        if now == here:
            continue
        if now[0] < here[0]:
            found.append(f"{playout.where(step)}: the turn goes back from {here[0]} to {now[0]}")
        elif now in left:
            found.append(f"{playout.where(step)}: turn {now[0]}, phase {now[1]!r} comes back after it was left")
        left.add(here)
        here = now
    return found[:3]


def seats_decide_problems(rules: AnyRules, playouts: Sequence[Playout]) -> list[str]:
    """Every player seat owes and takes at least one decision over the playouts: a seat
    that never decides is one a person would sit at with nothing to do."""
    decided = {step.seat for playout in playouts for step in playout.steps}
    idle = [seat for seat in player_seats(rules) if seat not in decided]
    labels = ", ".join(p.label for p in playouts)
    return [f"{seat} never decided anything in {labels}" for seat in idle]


def capability_problems(rules: AnyRules, playouts: Sequence[Playout]) -> list[str]:
    """What a game declares agrees with what it does: a game without dice never offers
    odds before a roll; a game without dice or hidden information never marks a step as
    revealing something, and one with either marks some step of a playout."""
    info = rules.info
    found: list[str] = []
    steps = [step for playout in playouts for step in playout.steps]
    if not info.dice:
        rolled = next((step for step in steps if rules.roll_faces(step.before)), None)
        if rolled is not None:
            found.append(f"info.dice is False, yet roll_faces offers odds before decision {rolled.number}")
    revealing = sum(rules.reveals(step.before, step.after) for step in steps)
    if not (info.dice or info.hidden_information) and revealing:
        found.append(f"nothing is hidden and no die is rolled, yet {revealing} steps are marked as revealing")
    if (info.dice or info.hidden_information) and not revealing:
        found.append("the game rolls dice or hides things, yet no step of the playouts is marked as revealing")
    return found
