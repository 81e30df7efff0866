"""Annual Resources Allocation: every player's per-turn RPs; the U.S. first rolls for
DoD budget variation (Table 3.1), which changes this turn's allocation only."""

from __future__ import annotations

import attrs

from hedgemony_tui.table.dice import RollRecord

from ..chance import budget_variation
from ..content import Content
from ..ledger import adjust, log
from ..phase_end import PhaseOver, Step
from ..state import WHITE, GameState, Phase, RollPurpose, RollRequest


def enter(state: GameState, content: Content) -> Step:
    state = attrs.evolve(state, phase=Phase.ALLOCATION, queue=(), moves={})
    state = log(state, WHITE, "phase", f"Turn {state.turn}: {Phase.ALLOCATION.title}")
    if "US" in content.scenario.player_ids:
        return attrs.evolve(state, roll_request=RollRequest("US", "DoD budget variation", RollPurpose.BUDGET))
    return PhaseOver(allocate(state, 0))


def resolve_budget(state: GameState, content: Content, request: RollRequest, face: int, physical: bool) -> Step:
    result = budget_variation(content.rules, face)
    record = RollRecord(
        state.turn,
        "US",
        "DoD budget variation",
        face,
        table="budget",
        row=result.band.label,
        result=f"{result.change:+d} RP",
        physical=physical,
    )
    state = log(
        state, "US", "roll", f"DoD budget variation: rolled {face}, {result.change:+d} RP this turn", roll=record
    )
    return PhaseOver(allocate(attrs.evolve(state, roll_request=None), result.change))


def allocate(state: GameState, us_change: int) -> GameState:
    grants = {p.id: p.per_turn_rp + (us_change if p.id == "US" else 0) for p in state.players}
    grants = {pid: max(amount, 0) for pid, amount in grants.items()}
    return adjust(state, WHITE, "annual allocation", rp=grants)
