"""The basic computer player's plans, one function per decision, each from the seat's
view alone: what it will choose and a one-line reason. The decisions (:mod:`.basic`)
and the speeches announcing them (:mod:`.speeches`) both call these, so a speech names
what the seat then does.

Each plan says whether its reason may be shown to every seat: only when it rests on the
public record and the choice itself is public (a sealed ballot's reason is not, until
the vote is over). Where a terrorist decides from what it knows (the talks, investments,
the annexation), every seat's reason stays private: a public reason from the others and
none from the terrorists would point the terrorists out.
"""

from __future__ import annotations

import zlib

import attrs

from ..engine.state import WorldState
from ..engine.world import Status, world
from . import outlook
from .belief import known_terrorists, public_suspicion, suspicion
from .outlook import going_on, holding_back, share
from .reading import (
    ECONOMY,
    EMPIRE,
    HOPE,
    favourite,
    flees_empire,
    revolution_chance,
    war_winner,
)
from .record import allies_of


@attrs.frozen
class Plan:
    """A planned choice (a seat id, a goal, "" for none, or a yes/no) and why."""

    value: str
    reason: str
    public: bool = True


def _order(view: WorldState) -> list[str]:
    return [n.id for n in view.nations]


def _n(view: WorldState, seat: str) -> str:
    return view.name(seat)


def lot(view: WorldState, seat: str) -> int:
    """A tie-break between equal states that follows neither the seat order (which would
    put the first seat, the one a newcomer plays by default, first every time) nor any
    fixed order of the states: a keyed hash of the public deal (every state's dealt
    status), the cycle and the state, the same for every seat reading the same view."""
    deal = ",".join(n.start.value for n in view.nations)
    return zlib.crc32(f"world-system lot:{deal}:{view.cycle}:{seat}".encode())


def is_terrorist(view: WorldState, seat: str) -> bool:
    return view.nation(seat).terrorist


# --- the hegemon


def promotions(view: WorldState, hegemon: str) -> tuple[str, ...]:
    """The semiperipheral states the hegemon will invest in, best first, as many as it
    owes (R-W3: until there are three core states): those that joined its alliance, then
    the least suspected, then the richest. A terrorist hegemon favours its own."""
    owed = world().deal["core"] - len(view.with_status(Status.CORE))
    semis = [n.id for n in view.with_status(Status.SEMI)]
    if owed <= 0 or not semis:
        return ()
    allies = allies_of(view, hegemon)
    belief = suspicion(view, hegemon)
    friends = set(known_terrorists(view, hegemon))
    order = _order(view)

    def rank(s: str) -> tuple[bool, bool, float, int, int]:
        return (s in friends, s in allies, -belief.get(s, 0.0), view.nation(s).capital, -order.index(s))

    return tuple(sorted(semis, key=rank, reverse=True)[:owed])


def promotion(view: WorldState, hegemon: str, offered: tuple[str, ...]) -> Plan:
    planned = [s for s in promotions(view, hegemon) if s in offered] or list(offered)
    target = planned[0]
    allies = allies_of(view, hegemon)
    why = "it fought in our alliance" if target in allies else "the most trustworthy and richest semiperipheral state"
    return Plan(target, f"invest in {_n(view, target)}: {why}", public=False)


def annexation(view: WorldState, hegemon: str, offered: tuple[str, ...] | None = None) -> Plan:
    """The peripheral state to annex: the likeliest terrorist, then the largest capital.
    Strikebreakers come last (they keep the system going and may get investment first);
    a terrorist hegemon spares its own."""
    pool = list(offered) if offered is not None else [n.id for n in view.with_status(Status.PERIPHERAL)]
    belief = suspicion(view, hegemon)
    friends = set(known_terrorists(view, hegemon))

    def rank(s: str) -> tuple[bool, bool, float, int, int]:
        n = view.nation(s)
        return (s not in friends, not n.strikebreaker, round(belief.get(s, 0.0), 3), n.capital, lot(view, s))

    target = max(pool, key=rank)
    top = belief.get(target, 0.0)
    lowest = min(belief.get(s, 0.0) for s in pool)
    why = "the likeliest terrorist state" if top > lowest + 0.01 else "the largest peripheral capital"
    return Plan(target, f"annex {_n(view, target)}: {why}", public=False)


# --- the core states' vote on investment in the periphery


def investment(view: WorldState, seat: str, candidates: tuple[str, ...]) -> Plan:
    """The peripheral strikebreaker a core state backs: the least suspected, then an ally
    of the hegemon's last war, then the larger capital. A terrorist backs its own."""
    belief = suspicion(view, seat)
    friends = set(known_terrorists(view, seat))
    allies = allies_of(view, view.hegemon) if view.hegemon else set()
    order = _order(view)

    def rank(s: str) -> tuple[bool, float, bool, int, int]:
        return (s in friends, -round(belief.get(s, 0.0), 3), s in allies, view.nation(s).capital, -order.index(s))

    target = max(candidates, key=rank)
    return Plan(target, f"invest in {_n(view, target)}: the least suspect strikebreaker", public=False)


# --- the collective security talks


def _deflect(view: WorldState, seat: str, candidates: tuple[str, ...]) -> str:
    """A terrorist's pick: the state the others suspect most that is not one of its own."""
    friends = set(known_terrorists(view, seat))
    belief = public_suspicion(view, seat)
    order = _order(view)
    pool = [c for c in candidates if c not in friends and c != seat]
    if not pool:
        return ""
    return max(pool, key=lambda c: (round(belief.get(c, 0.0), 3), view.nation(c).capital, -order.index(c)))


def _suspect(view: WorldState, seat: str, candidates: tuple[str, ...]) -> str:
    belief = suspicion(view, seat)
    order = _order(view)
    pool = [c for c in candidates if c != seat]
    if not pool:
        return ""
    # Ties go to the larger capital: the richest terrorist decides the coups.
    return max(pool, key=lambda c: (round(belief.get(c, 0.0), 3), view.nation(c).capital, -order.index(c)))


def nomination(view: WorldState, seat: str, candidates: tuple[str, ...]) -> Plan:
    """The candidate for rogue state a seat names ("" passes)."""
    if is_terrorist(view, seat):
        target = _deflect(view, seat, candidates)
        return Plan(target, f"name {_n(view, target)}, whom the table suspects" if target else "pass", public=False)
    target = _suspect(view, seat, candidates)
    if not target:
        return Plan("", "nobody else is left to name", public=False)
    return Plan(target, f"name {_n(view, target)}: the likeliest terrorist by the record", public=False)


def rogue_ballot(view: WorldState, seat: str, candidates: tuple[str, ...]) -> Plan:
    """The ballot in the rogue-state vote (sealed: its reason is private)."""
    if is_terrorist(view, seat):
        target = _deflect(view, seat, candidates) or candidates[0]
        return Plan(target, f"vote for {_n(view, target)} to keep the mission off us", public=False)
    target = _suspect(view, seat, candidates) or candidates[0]
    return Plan(target, f"vote for {_n(view, target)}: the likeliest terrorist", public=False)


# --- the struggle for hegemony


def declaration(view: WorldState, seat: str) -> Plan:
    """A contender's goal. A world-empire ends the game, so the free states that can still
    win later (by the revolution, or by rising) leave it for the other side; it pays when
    this contender wins all the same: against a world-economy rival when the states that
    stay outweigh those that leave, or against an empire rival as the stronger. A first
    declarer also needs to be the stronger, or the rival answers with an empire of its own."""
    rivals = [c for c in view.contenders if c != seat]
    if not rivals:
        return Plan(EMPIRE, "world-empire: no other contender stands against us")
    other = rivals[0]
    goal = view.goal_of(other)
    strongest = favourite(view, view.contenders) == seat
    if view.options.revolution_winners != "all" and revolution_chance(view, "") >= HOPE:
        # With the option that leaves the core states out of a revolution's winners, a
        # revolution that can pass is a loss for both contenders: an empire is the only win.
        return Plan(EMPIRE, "world-empire: a revolution would leave us out, so only an empire can win")
    if goal == EMPIRE:
        if strongest:
            return Plan(EMPIRE, f"world-empire: {_n(view, other)} chose it too and we are the stronger")
        return Plan(ECONOMY, f"world-economy: the free states may leave {_n(view, other)}'s empire for us")
    carried = war_winner(view, {seat: EMPIRE, other: ECONOMY}) == seat
    if carried and (goal or strongest):
        return Plan(EMPIRE, "world-empire: our alliance wins the war even as an empire")
    return Plan(ECONOMY, "world-economy: as an empire we would lose the free states and the war")


def alliance(view: WorldState, seat: str) -> Plan:
    """The contender to join. An empire's victory ends the game with this state losing, so
    while the game going on promises it anything it backs the other side, unless the
    empire wins whatever it does; with nothing to wait for it backs the empire when the
    empire wins with it; with the same goals, it backs the expected winner (the others
    reason alike, and the hegemon invests in its allies)."""
    a, b = view.contenders[0], view.contenders[1]
    ga, gb = view.goal_of(a), view.goal_of(b)
    goals = {a: ga, b: gb}
    if ga != gb:
        empire, other = (a, b) if ga == EMPIRE else (b, a)
        winner = war_winner(view, goals, against_empire=(seat,))
        if winner == empire:
            return Plan(empire, f"join {_n(view, empire)}: its empire wins whatever we do", public=False)
        if flees_empire(view, seat):
            return Plan(other, f"join {_n(view, other)}: {_n(view, empire)}'s empire would end the game", public=False)
        if war_winner(view, goals) == empire:
            # Counted with those who stay with the empire, this state carries it: the game
            # going on holds nothing more for it, and backing the winner is a goal met.
            return Plan(empire, f"join {_n(view, empire)}: with us its empire wins the war", public=False)
        return Plan(other, f"join {_n(view, other)}: it is expected to win the war", public=False)
    pick = favourite(view, view.contenders)
    return Plan(pick, f"join {_n(view, pick)}: both chose {ga}; it is the stronger", public=False)


def revolution(view: WorldState, seat: str) -> Plan:
    """Support the revolution when its share of a win (1/k for the k states it makes
    winners) is worth at least what the seat expects from the game going on
    (:func:`.outlook.going_on`: a sole win later, the last cycle's revolution, a
    terrorist's union). A peripheral state also strikebreaks when the others are unlikely
    to support: the revolution fails anyway, and a strikebreaker may get investment."""
    now = share(view, seat)
    later = going_on(view, seat)
    if later > now:
        return Plan("", f"strikebreak: going on is worth {later:.2f} to us, the revolution {now:.2f}", public=False)
    chance = revolution_chance(view, seat)
    if view.nation(seat).status is Status.PERIPHERAL and chance < HOPE:
        return Plan("", f"strikebreak: the others support it with a chance of only {chance:.0%}", public=False)
    return Plan("yes", f"support: the revolution is worth {now:.2f} to us, going on {later:.2f}", public=False)


# --- the terrorists' coup


def coup(view: WorldState, seat: str, targets: tuple[str, ...]) -> Plan:
    """The coup's target: the richest eligible state (a rich puppet can stage the next
    coup against more states), peripheral ones last (they may be annexed). A third
    terrorist makes the union and the nuclear war, where nobody wins but which is the
    terrorists' goal (:data:`.outlook.UNION_GOAL`): the deciding terrorist stays covert
    instead when holding back promises it more (:func:`.outlook.holding_back`)."""
    if not targets:
        return Plan("", "no state poorer than us is left to take over", public=False)
    terrorists = known_terrorists(view, seat)
    if len(terrorists) + 1 >= world().union:
        # The third puppet starts the nuclear war: nobody wins it, but it is the
        # terrorists' own goal; stay covert when the game going on promises more.
        keep = holding_back(view, seat)
        union = outlook.UNION_GOAL
        if keep >= union:
            return Plan("", f"stay covert: going on is worth {keep:.2f} to us, the union {union:.2f}", public=False)
    order = _order(view)

    def rank(s: str) -> tuple[bool, int, int]:
        n = view.nation(s)
        return (n.status is not Status.PERIPHERAL, n.capital, -order.index(s))

    target = max(targets, key=rank)
    return Plan(target, f"coup in {_n(view, target)}: the richest state within reach", public=False)
