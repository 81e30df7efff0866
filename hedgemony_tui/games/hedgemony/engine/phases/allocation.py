"""Annual Resources Allocation: every player's per-turn RPs; the U.S. first rolls for
DoD budget variation (Table 3.1), which changes this turn's allocation only."""

from __future__ import annotations

import attrs

from ..chance import budget_variation
from ..content import Content
from hedgemony_tui.table.dice import RollRecord
from ..ledger import adjust, log
from ..state import GameState, Phase, RollRequest


def enter(state: GameState, content: Content) -> GameState:
    state = attrs.evolve(state, phase=Phase.ALLOCATION, queue=(), moves={})
    state = log(state, "WHITE", "phase", f"Turn {state.turn}: {Phase.ALLOCATION.title}")
    if "US" in content.scenario.player_ids:
        return attrs.evolve(state, roll_request=RollRequest("US", "DoD budget variation", "budget"))
    return allocate(state, content, 0)


def resolve_budget(state: GameState, content: Content, face: int, physical: bool) -> GameState:
    result = budget_variation(content.rules, face)
    record = RollRecord(state.turn, "US", "DoD budget variation", face, table="budget", row=result.band.label,
                        result=f"{result.change:+d} RP", physical=physical)
    state = log(state, "US", "roll", f"DoD budget variation: rolled {face}, {result.change:+d} RP this turn", roll=record)
    return allocate(attrs.evolve(state, roll_request=None), content, result.change)


def allocate(state: GameState, content: Content, us_change: int) -> GameState:
    grants = {p.id: p.per_turn_rp + (us_change if p.id == "US" else 0) for p in state.players}
    grants = {pid: max(amount, 0) for pid, amount in grants.items()}
    state = adjust(state, "WHITE", "annual allocation", rp=grants)
    from . import summary

    return summary.enter(state, content)
