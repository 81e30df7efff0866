"""The basic computer player's speeches: one short line in its own words, built from the
plan it will follow next (:mod:`.plans`), so the table hears what the seat then does.

At the investments stage the hegemon names the states it will invest in and the one it
will annex; a core state names its choice for the periphery's investment or at the
talks; a semiperipheral or peripheral state asks for investment and names whom it will
back in the war (cycle 1) or name at the talks (later cycles). At the rivalry each
contender states its declared goal and asks for allies. A terrorist speaks as its open
status would: its cover.
"""

from __future__ import annotations

from ..engine.state import WorldState
from ..engine.world import Status
from .plans import Plan, annexation, investment, nomination, promotions
from .reading import EMPIRE, favourite


def _names(view: WorldState, seats: tuple[str, ...] | list[str]) -> str:
    names = [view.name(s) for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _talks(view: WorldState, seat: str) -> str:
    """What the seat will say at the collective security talks (cycle 2 on), or ""."""
    if view.cycle < 2:
        return ""
    candidates = tuple(n.id for n in view.with_status(Status.SEMI, Status.PERIPHERAL))
    plan = nomination(view, seat, candidates)
    return f"At the talks we will name {view.name(plan.value)} as the rogue state." if plan.value else ""


def _hegemon(view: WorldState, seat: str) -> str:
    promos = promotions(view, seat)
    first = f"We will invest in {_names(view, promos)}." if promos else "We make no new core state this cycle."
    pool = tuple(n.id for n in view.with_status(Status.PERIPHERAL))
    if not pool:
        return first
    target = annexation(view, seat, pool).value
    return f"{first} Our antiterrorist operation goes to {view.name(target)}."


def _core(view: WorldState, seat: str) -> str:
    breakers = tuple(n.id for n in view.with_status(Status.PERIPHERAL) if n.strikebreaker)
    if len(breakers) >= 2:
        pick = investment(view, seat, breakers).value
        return f"Our vote for the periphery's investment goes to {view.name(pick)}."
    talks = _talks(view, seat)
    return talks or "We will contend for the hegemony; stand with us when the war comes."


def _free_state(view: WorldState, seat: str) -> str:
    me = view.nation(seat)
    ask = (
        "We ask the hegemon to make us a core state."
        if me.status is Status.SEMI
        else "We ask the core states to invest in us" + (", as we kept the system going." if me.strikebreaker else ".")
    )
    talks = _talks(view, seat)
    if talks:
        return f"{ask} {talks}"
    rivals = tuple(n.id for n in view.with_status(Status.CORE) if n.id != view.hegemon)
    if len(rivals) >= 2:
        return f"{ask} Unless it seeks an empire, we will back {view.name(favourite(view, rivals))} in the war."
    return ask


def investment_speech(view: WorldState, seat: str) -> Plan:
    """The investments stage's speech."""
    me = view.nation(seat)
    if seat == view.hegemon:
        text = _hegemon(view, seat)
    elif me.status is Status.CORE:
        text = _core(view, seat)
    else:
        text = _free_state(view, seat)
    # The reason says nothing the speech does not: public for every seat, terrorists included.
    return Plan(text, "speaks of what it will do next")


def rivalry_speech(view: WorldState, seat: str) -> Plan:
    """A contender's speech after the declarations: its goal and a call for allies."""
    if view.goal_of(seat) == EMPIRE:
        text = "We seek a world-empire. Join the stronger side: our alliance will win the war."
    else:
        text = "We stand for the world-economy: join us, and after the war the game goes on for you all."
    return Plan(text, "states its goal and asks for allies")


def speech(view: WorldState, seat: str) -> Plan:
    if view.stage == "rivalry-speeches":
        return rivalry_speech(view, seat)
    return investment_speech(view, seat)
