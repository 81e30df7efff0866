"""How the game ended for each state: the result (R-W17) and the secondary goals (X-W2).

Only the hegemon (world-empire, sustainable world-economy) or a revolution makes winners
(L33); nuclear war makes none. The goals the seed gives each status that are not
victories (rise in status, back the next hegemon, recruit, avoid the nuclear war) are
shown, met or not, on the end screen and in the debrief.
"""

from __future__ import annotations

from hedgemony_tui.table.contract import Outcome, SeatResult

from .moderator import ENDINGS
from .state import WorldState
from .world import RANK, Status

WHY = {
    "nuclear-war": "global nuclear war: nobody wins",
    "world-empire": "a world-empire",
    "revolution": "the antisystemic revolution",
    "world-economy": "a sustainable world-economy",
}


def outcome(state: WorldState) -> Outcome | None:
    if not state.over:
        return None
    results = []
    for n in state.nations:
        won = n.id in state.winners
        if won and state.ending in ("world-empire", "world-economy"):
            why = f"{WHY[state.ending]}, with {state.name(n.id)} as its hegemon"
        elif won:
            why = WHY[state.ending] + ": every state in it wins"
        elif not n.in_game:
            why = f"annexed in cycle {n.annexed_in}"
        else:
            why = WHY[state.ending]
        results.append(SeatResult(n.id, "win" if won else "lose", float(n.capital), why))
    return Outcome(tuple(results), summary=ENDINGS[state.ending])


def _backed_final_hegemon(state: WorldState, seat: str) -> bool:
    # The state that holds (or, after the last war, is about to hold) the hegemony.
    final = state.hegemon or state.war_winner or (state.hegemons[-1] if state.hegemons else "")
    if not final:
        return False
    if seat == final:
        return True
    wars = [p for p in state.past_votes if p.kind == "alliance-vote"]
    return bool(wars) and dict(wars[-1].vote.ballots).get(seat) == final


def secondary_goals(state: WorldState) -> dict[str, tuple[tuple[str, bool], ...]]:
    """Each state's goals beyond victory, as (goal, met) pairs, from the whole state."""
    found: dict[str, tuple[tuple[str, bool], ...]] = {}
    nuclear = state.ending == "nuclear-war"
    for n in state.nations:
        goals: list[tuple[str, bool]] = []
        ever_terrorist = n.terrorist_since >= 0
        if ever_terrorist:
            recruited = any(c.by == n.id and c.target for c in state.coups)
            goals.append(("recruit another state by a coup", recruited))
            goals.append(("the terrorist union starts the nuclear war", nuclear))
        if n.start is Status.PERIPHERAL:
            goals.append(("rise to semiperipheral (or core)", RANK[n.best] > RANK[n.start]))
        elif n.start is Status.SEMI:
            goals.append(("rise to core", RANK[n.best] > RANK[n.start]))
        elif state.hegemons and state.hegemons[0] == n.id:
            goals.append(("win the hegemony again", n.id in state.hegemons[1:] or n.id == state.war_winner))
        else:
            goals.append(("become the hegemon (win a world war)", n.id in state.hegemons or n.id == state.war_winner))
        if n.start is not Status.CORE:
            goals.append(("back the final hegemon in the last world war", _backed_final_hegemon(state, n.id)))
        if not ever_terrorist:
            goals.append(("no nuclear war", not nuclear))
        found[n.id] = tuple(goals)
    return found
