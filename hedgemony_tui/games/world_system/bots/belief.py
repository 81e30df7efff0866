"""A computer player's belief over who is a terrorist state.

A terrorist knows the others (its view shows them). Every other state reasons from the
public record alone: the terrorist card went to a semiperipheral or peripheral state
(R-W2), puppets may be any state from the first coup on (cycle 2), and the states the
others nominated or voted for as the rogue state are the table's suspects. The coups,
the annexations' and the peacekeeping missions' secret lines are never read: the view
does not hold them for a state that is not a terrorist.
"""

from __future__ import annotations

from ..engine.state import WorldState
from ..engine.world import Status
from .record import ballots

CORE_AFTER_COUPS = 0.3
"""A state dealt the core status is a suspect only once coups may have happened."""
NOMINATED = 1.25
"""Each time the table nominated a state for rogue state, its weight grows by this."""
VOTED = 1.1
"""Each rogue-state ballot cast against a state by another state."""
CAP = 0.95


def coups_passed(view: WorldState) -> int:
    """How many coup stages have gone by (one a cycle from cycle 2, L85)."""
    this_cycle = 1 if view.cycle >= 2 and view.stage in ("war", "revolution") else 0
    return max(0, view.cycle - 2) + this_cycle


def nominations(view: WorldState) -> list[tuple[str, str]]:
    """Every (nominator, candidate) of the talks so far, passes left out: the state keeps
    them all (a talks with a single candidate holds no vote, so no ballot records it)."""
    return [(n.by, n.target) for n in view.nominations if n.target]


def public_suspicion(view: WorldState, seat: str) -> dict[str, float]:
    """Each other state's chance of being a terrorist from the public record alone (what
    a state that is not a terrorist believes; a terrorist uses it to guess whom the
    others suspect)."""
    passed = coups_passed(view)
    weights: dict[str, float] = {}
    for n in view.playing:
        if n.id == seat:
            continue
        base = 1.0 if n.start is not Status.CORE else (CORE_AFTER_COUPS if passed else 0.0)
        weights[n.id] = base
    for nominator, candidate in nominations(view):
        if candidate in weights and nominator != candidate:
            weights[candidate] *= NOMINATED
    for past in view.past_votes:
        if past.kind != "rogue-vote":
            continue
        for voter, choice in ballots(past).items():
            if choice in weights and voter != choice:
                weights[choice] *= VOTED
    total = sum(weights.values())
    if total <= 0:
        return dict.fromkeys(weights, 0.0)
    # One terrorist at the deal, one more for each coup stage passed (at most two: three
    # would have been the union); the annexations may have removed some, which this ignores.
    expected = min(2, 1 + passed)
    return {s: min(CAP, expected * w / total) for s, w in weights.items()}


def known_terrorists(view: WorldState, seat: str) -> tuple[str, ...]:
    """The terrorist states ``seat`` knows of: all of them if it is one, else none."""
    if not view.nation(seat).terrorist:
        return ()
    return tuple(n.id for n in view.playing if n.terrorist)


def suspicion(view: WorldState, seat: str) -> dict[str, float]:
    """``seat``'s belief: certainty for a terrorist, the public record for the others."""
    known = known_terrorists(view, seat)
    if known:
        return {n.id: (1.0 if n.id in known else 0.0) for n in view.playing if n.id != seat}
    return public_suspicion(view, seat)
