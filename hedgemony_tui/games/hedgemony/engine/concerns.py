"""Whom a decision's result concerns (``GameRules.concerns``), read on whole states.

The table owes each of these seats its result screen: the seat that decided, whoever
rolled, the card's player and everyone who committed forces to the card a roll was for
(or that the step finished), and every player whose IPs or RPs the step changed (a
private change included: the host shows each seat only its own feed, so naming the seat
tells no one anything).
"""

from __future__ import annotations

from .contest import commit_owner
from .state import WHITE, GameState


def concerned(before: GameState, after: GameState, decider: str) -> tuple[str, ...]:
    """The seats the step from ``before`` to ``after``, decided by ``decider``, concerns,
    in seat order (the players as the scenario lists them, then the White Cell)."""
    seats: set[str] = {decider}
    new = after.log[len(before.log) :]
    rolls = [e.roll for e in new if e.roll is not None]
    seats.update(r.roller for r in rolls)
    run = before.run
    resolved = run is not None and (after.run is None or after.run.card != run.card)
    if run is not None and (rolls or resolved):
        # The contest (or card) the step rolled for or resolved (a roll, or a card no one
        # answered that ends without one): its player and every committer.
        seats.add(run.actor)
        seats.update(commit_owner(before, c) for c in (*run.blue, *run.red))
    points = {p.id: (p.ip, p.rp) for p in before.players}
    seats.update(p.id for p in after.players if points.get(p.id) != (p.ip, p.rp))
    seats.update(c.player for e in new for c in e.changes if c.what in ("ip", "rp"))
    seats.discard("")
    order = [p.id for p in after.players] + [WHITE]
    return tuple(s for s in order if s in seats) + tuple(sorted(seats - set(order)))


def roll_concerns(before: GameState, after: GameState, seat: str) -> bool:
    """Whether a roll made between two states concerns ``seat``: it rolled, it is the
    card's player, it committed forces to the card, or its points changed (the rule the
    front's result pause reads; ``before`` and ``after`` may be ``seat``'s views)."""
    new = after.log[len(before.log) :]
    if not any(e.roll is not None and e.visible(seat) for e in new):
        return False
    return seat in concerned(before, after, "")
