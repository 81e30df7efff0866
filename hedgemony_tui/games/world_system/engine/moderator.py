"""The moderator's automatic steps, one per moderator stage (run by
:class:`~.intents.Proceed`): the opening of a cycle with its change of statuses, the
growth of capital, the loss of hegemony, the crisis stage's call, and the world war's
count. Each writes what it did, with the numbers, in the journal.
"""

from __future__ import annotations

import attrs

from .flow import MODERATOR_STAGES, next_stage
from .state import CycleRecord, WorldState, halved, promoted
from .world import Goal, Status, world


def announcement(state: WorldState) -> tuple[str, ...]:
    """What the moderator's step now will tell the room: the public journal lines it will
    write (empty when the step is not the moderator's). Its console shows them before the
    moderator goes on, to be read aloud."""
    if state.over or state.stage not in MODERATOR_STAGES:
        return ()
    after = proceed(state)
    return tuple(e.text for e in after.log[len(state.log) :] if not e.to)


def proceed(state: WorldState) -> WorldState:
    step = {"opening": _opening, "growth": _growth, "decline": _decline, "crisis": _crisis, "war": _war}
    return step[state.stage](state)


def _opening(state: WorldState) -> WorldState:
    """L47-L53: from cycle 2 the war's winner becomes the hegemon (capital x2); the loser and
    the former hegemon become semiperipheral (capital halved); the rogue state loses its
    status. At the beginning of the cycle after the last the game ends (L109-L112)."""
    cycle = state.cycle
    if cycle == 1:
        state = attrs.evolve(state, hegemons=(state.hegemon,))
        state = state.logged("Cycle 1 begins: the rise phase. Everyone opens their eyes.")
        return next_stage(state)
    lines = [f"Cycle {cycle} begins." if cycle <= world().last_cycle else f"The beginning of cycle {cycle}."]
    winner = state.war_winner
    if winner:
        n = state.nation(winner)
        state = state.changed(winner, capital=n.capital * 2)
        lines.append(
            f"{state.name(winner)}, winner of the world war, is the hegemon: capital {n.capital} -> {n.capital * 2}."
        )
    demoted = [c for c in state.contenders if c != winner]
    if state.former_hegemon and state.former_hegemon != winner:
        demoted.append(state.former_hegemon)
    for seat in demoted:
        n = state.nation(seat)
        state = state.with_nation(attrs.evolve(n, status=Status.SEMI, capital=halved(n.capital)))
        lines.append(f"{state.name(seat)} becomes semiperipheral: capital {n.capital} -> {halved(n.capital)}.")
    rogue = state.rogue
    if rogue:
        state = state.changed(rogue, rogue=False)
        lines.append(f"{state.name(rogue)} is no longer the rogue state.")
    breakers = [n.id for n in state.playing if n.strikebreaker]
    lines.append(
        "Strikebreakers: " + (", ".join(state.name(s) for s in breakers) if breakers else "none") + "."
        if cycle > 1
        else ""
    )
    state = attrs.evolve(
        state, hegemon=winner or state.former_hegemon, former_hegemon="", contenders=(), goals=(), war_winner=""
    )
    state = state.logged(" ".join(line for line in lines if line))
    if cycle > world().last_cycle:
        state = attrs.evolve(state, hegemons=state.hegemons + (state.hegemon,))
        return end_game(state, "world-economy", (state.hegemon,))
    state = attrs.evolve(state, hegemons=state.hegemons + (state.hegemon,))
    return next_stage(state)


def _growth(state: WorldState) -> WorldState:
    """L74-L75: hegemon +8, core +4, semiperipheral +2, peripheral +1 (the rogue state by its
    main status, X-W6)."""
    g = world().growth
    parts = []
    for n in state.playing:
        key = "hegemon" if n.id == state.hegemon else n.status.value
        state = state.changed(n.id, capital=n.capital + g[key])
        parts.append(f"{state.name(n.id)} {n.capital}->{n.capital + g[key]}")
    state = state.logged(
        "Capital grows (hegemon +8, core +4, semiperipheral +2, peripheral +1): " + ", ".join(parts) + "."
    )
    return next_stage(state)


def _decline(state: WorldState) -> WorldState:
    """L77-L78: the hegemon loses its status and half its capital; the other core states
    become the hegemony contenders."""
    former = state.hegemon
    n = state.nation(former)
    state = state.changed(former, capital=halved(n.capital))
    contenders = tuple(c.id for c in state.with_status(Status.CORE) if c.id != former)
    state = attrs.evolve(state, hegemon="", former_hegemon=former, contenders=contenders, goals=("",) * len(contenders))
    names = " and ".join(state.name(c) for c in contenders) or "nobody"
    state = state.logged(
        f"The decline phase: {state.name(former)} loses the hegemony and half its capital "
        f"({n.capital} -> {halved(n.capital)}). The hegemony contenders are {names}."
    )
    return next_stage(state)


def _crisis(state: WorldState) -> WorldState:
    if state.cycle >= 2:
        state = state.logged(
            "The crisis stage: everyone closes their eyes. The moderator wakes the terrorists, if any."
        )
    else:
        state = state.logged("The crisis stage (no coups in cycle 1).")
    return next_stage(state)


def alliances(state: WorldState) -> dict[str, tuple[str, ...]]:
    """Each contender's alliance: itself and the states that joined it (the rogue state
    sits out, L70)."""
    joined: dict[str, list[str]] = {c: [c] for c in state.contenders}
    alliance_votes = [p for p in state.past_votes if p.cycle == state.cycle and p.kind == "alliance-vote"]
    if alliance_votes:
        for seat, choice in alliance_votes[-1].vote.ballots:
            if choice in joined and state.nation(seat).in_game and not state.nation(seat).rogue:
                joined[choice].append(seat)
    return {c: tuple(members) for c, members in joined.items()}


def _war(state: WorldState) -> WorldState:
    """L91-L96: the alliance with more capital wins; a tie goes to the contender whose
    alliance holds the former hegemon; the winner's declared goal decides whether a
    world-empire ends the game (R-W16)."""
    teams = alliances(state)
    totals = {c: sum(state.nation(m).capital for m in members) for c, members in teams.items()}
    if not teams:
        state = state.logged("There is no world war: no contender.")
        return next_stage(attrs.evolve(state, war_winner=""))
    best = max(totals.values())
    top = [c for c in state.contenders if totals[c] == best]
    if len(top) > 1:
        holding = [c for c in top if state.former_hegemon in teams[c]]
        top = holding or top
    winner = top[0]
    parts = [
        f"{state.name(c)}'s alliance ({', '.join(state.name(m) for m in teams[c])}): capital {totals[c]}"
        for c in state.contenders
    ]
    tie = " (a tie, won by the alliance holding the former hegemon)" if list(totals.values()).count(best) > 1 else ""
    state = attrs.evolve(state, war_winner=winner, war_totals=tuple(totals[c] for c in state.contenders))
    state = state.logged("The world war. " + "; ".join(parts) + f". {state.name(winner)} wins{tie}.")
    if state.goal_of(winner) == Goal.EMPIRE.value:
        state = attrs.evolve(state, hegemon=winner, hegemons=state.hegemons + (winner,))
        state = state.logged(f"{state.name(winner)} had declared world-empire domination: a world-empire is founded.")
        return end_game(state, "world-empire", (winner,))
    return next_stage(state)


def record_cycle(state: WorldState) -> WorldState:
    if any(r.cycle == state.cycle for r in state.records):
        return state
    record = CycleRecord(
        state.cycle,
        tuple(n.capital for n in state.nations),
        tuple("annexed" if not n.in_game else n.status.value for n in state.nations),
    )
    return attrs.evolve(state, records=state.records + (record,))


ENDINGS = {
    "nuclear-war": "Global nuclear war: the terrorist union has the bomb. Nobody wins (lose-lose).",
    "world-empire": "A world-empire: the hegemon rules a single political system (win-lose).",
    "revolution": "The antisystemic revolution: the world-system is remade more fairly (win-win).",
    "world-economy": "A sustainable world-economy: the system lasts, inequalities and all (win-lose).",
}


def end_game(state: WorldState, ending: str, winners: tuple[str, ...]) -> WorldState:
    """The game's end: the last cycle's record, the ending and its winners in the journal."""
    state = record_cycle(state)
    state = attrs.evolve(state, ending=ending, winners=winners, stage="over", queue=(), vote=state.vote)
    names = ", ".join(state.name(w) for w in winners) or "nobody"
    return state.logged(f"The game ends. {ENDINGS[ending]} Winners: {names}.")


def promote_to_core(state: WorldState, target: str) -> WorldState:
    n = state.nation(target)
    state = state.with_nation(attrs.evolve(promoted(n, Status.CORE), capital=n.capital * 2))
    return state.logged(
        f"{state.name(state.hegemon)} invests in {state.name(target)}: it becomes a core state; "
        f"capital {n.capital} -> {n.capital * 2}."
    )
