"""What a computer player reads off the public record of its view: the war's favourite,
who leaves an empire, and how likely a revolution is to pass.

The war's favourite uses only what every seat may see (statuses, capitals, declared
goals). Who leaves an empire and who supports a revolution are this seat's estimates of
the others by the measure of :mod:`.outlook`, which for a terrorist counts what it knows
of the other terrorists: the plans that use them keep their reasons private.
"""

from __future__ import annotations

from ..engine.state import WorldState
from ..engine.world import Goal, Status, world
from .outlook import going_on, share

STAY = 0.9
"""The chance a state supports the revolution when, as far as this seat can tell, the
revolution is worth more to it than the game going on (:mod:`.outlook`)."""
REFUSED = 0.25
"""The chance it supports when it seems to expect more from the game going on."""
HOPE = 0.3
"""Below this chance that everyone else supports, a revolution is not worth waiting for."""
BACKING = 0.02
"""What backing the final hegemon is worth to a free state (a secondary goal, X-W2, worth
:data:`.outlook.SECONDARY`): a state expecting no more than this from the game going on
stays with a winning empire."""


def support_chance(view: WorldState, seat: str) -> float:
    """How likely ``seat`` is to support the next revolution, estimated from this view by
    the measure the basic player uses itself: its share against its outlook."""
    return STAY if going_on(view, seat) <= share(view, seat) else REFUSED


def revolution_voters(view: WorldState) -> tuple[str, ...]:
    """Who votes on the revolution: the semiperipheral and peripheral states (R-W18)."""
    return tuple(n.id for n in view.with_status(Status.SEMI, Status.PERIPHERAL))


def revolution_chance(view: WorldState, seat: str) -> float:
    """The chance that every voter but ``seat`` supports the revolution."""
    chance = 1.0
    for voter in revolution_voters(view):
        if voter != seat:
            chance *= support_chance(view, voter)
    return chance


def favourite(view: WorldState, contenders: tuple[str, ...]) -> str:
    """The contender the free states will rally to when the goals give them no reason to
    choose: the larger capital, then seat order. Every state reading the same record picks
    the same one, so the basic players end up on one side."""
    order = [n.id for n in view.nations]
    return max(contenders, key=lambda c: (view.nation(c).capital, -order.index(c)))


def free_states(view: WorldState) -> tuple[str, ...]:
    """The states that join an alliance: all but the contenders and the rogue state (R-W9)."""
    return tuple(n.id for n in view.playing if n.id not in view.contenders and n.id != view.rogue)


def flees_empire(view: WorldState, seat: str) -> bool:
    """Whether ``seat`` would rather the game went on than see an empire end it with
    ``seat`` losing: when it expects anything from the game going on (a later sole win, a
    share of a revolution; :mod:`.outlook`), or in the last cycle, when a world-economy
    still leaves the revolution vote."""
    if view.cycle >= world().last_cycle:
        return share(view, seat) > BACKING
    return going_on(view, seat) > BACKING


def war_winner(view: WorldState, goals: dict[str, str], *, against_empire: tuple[str, ...] = ()) -> str:
    """The contender the free states are expected to carry, given the goals: with the same
    goal they rally to the favourite; otherwise those who flee an empire join the other
    side and the rest join whichever side then wins. ``against_empire``: states counted
    with the other side whatever they would do."""
    a, b = view.contenders[0], view.contenders[1]
    if goals[a] == goals[b]:
        return favourite(view, view.contenders)
    empire, other = (a, b) if goals[a] == EMPIRE else (b, a)
    fleeing = sum(view.nation(s).capital for s in free_states(view) if s in against_empire or flees_empire(view, s))
    rest = sum(view.nation(s).capital for s in free_states(view)) - fleeing
    if view.nation(empire).capital + rest > view.nation(other).capital + fleeing:
        return empire
    return other


EMPIRE = Goal.EMPIRE.value
ECONOMY = Goal.ECONOMY.value
