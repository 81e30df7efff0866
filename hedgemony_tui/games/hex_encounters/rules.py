"""Hex Encounters behind the table's contract (:class:`hedgemony_tui.table.contract.GameRules`).

Four commander seats, two per side (RED134 and RED218 attack; BLUE and GREEN delay);
hidden blocks with a hand-over between sides; the length is the option ``turns``. A thin
adapter over the engine (``engine.flow``). Pure: no screens, no files but the game's data.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from hedgemony_tui.table.contract import (
    Decision,
    GameInfo,
    GameRules,
    OptionSpec,
    Outcome,
    OutcomeKind,
    SeatResult,
    SeatSpec,
)
from hedgemony_tui.table.odds import Face
from hedgemony_tui.table.rules_base import RulesBase

from .bots import POLICY_NAMES, get_policy
from .engine import flow
from .engine.data import game_data
from .engine.fight import resolve_dice
from .engine.intents import INTENT_TYPES, Intent
from .engine.state import DEAD, EXITED, OVER, RED_SEATS, SEATS, GameState, side_of
from .engine.victory import cohesion_lost, exited_cp, red_cohesion, red_points
from .engine.view import vary_secrets, view
from .migrations import MIGRATIONS

SEAT_NAMES = {
    "RED134": "Red: 134th Mechanized Regiment",
    "RED218": "Red: 218th Mechanized Regiment",
    "BLUE": "Blue: Aquilian 32nd Mechanized Brigade",
    "GREEN": "Green: Kovanburg Territorial Defence",
}


class HexRules(RulesBase[GameState, Intent]):
    info = GameInfo(
        id="hex-encounters",
        title="Hex Encounters",
        summary="a brigade battle on a hex map: hidden blocks, a CRT with column shifts, supply",
        min_players=2,
        max_players=4,
        outcome=OutcomeKind.TEAM,
        hidden_information=True,
        dice=True,
    )
    state_type = GameState
    intent_types = INTENT_TYPES
    intent_union = Intent
    schema_version = 3  # 2: issue 30's rule changes, old journals replayed or restarted; 3: log lines numbered
    migrations = MIGRATIONS
    policies = {name: partial(get_policy, name) for name in POLICY_NAMES}

    def seats(self) -> tuple[SeatSpec, ...]:
        return tuple(SeatSpec(s, SEAT_NAMES[s], team="red" if s in RED_SEATS else "blue") for s in SEATS)

    def options(self) -> tuple[OptionSpec, ...]:
        return (
            OptionSpec(
                "turns",
                "Turns (days)",
                game_data().scenario.turns,
                "how many turns before the towns are counted",
                2,
                12,
            ),
            OptionSpec(
                "physical_dice", "Physical dice", False, "roll the two d4 at the table and type in what they show"
            ),
        )

    def new_game(self, seed: int, options: Mapping[str, object]) -> GameState:
        turns, physical = options["turns"], options["physical_dice"]
        assert isinstance(turns, int) and isinstance(physical, bool)
        return flow.new_game(seed, turns, physical)

    def pending(self, state: GameState) -> Decision:
        return flow.pending(state)

    def pending_for(self, state: GameState, seat: str) -> Decision:
        """The pending decision itself, for every seat: its prompts name seats, hexes,
        block ids (printed on both faces) and phases, never a hidden block's type, and
        the recce's offer of a look is a choice of its own side, not a prompt."""
        return self.pending(state)

    def legal(self, state: GameState) -> list[Any]:
        return flow.legal(state)

    def apply(self, state: GameState, intent: Any) -> GameState:
        return flow.apply(state, intent)

    def view(self, state: GameState, seat: str) -> GameState:
        return view(state, seat)

    def vary_secrets(self, state: GameState, seat: str, salt: int) -> GameState:
        return vary_secrets(state, seat, salt)

    def outcome(self, state: GameState) -> Outcome | None:
        if state.phase != OVER:
            return None
        results = tuple(SeatResult(s, "win" if side_of(s) == state.winner else "lose", why=state.why) for s in SEATS)
        team = "Red wins" if state.winner == "red" else "Blue and Green win"
        return Outcome(results, team=team, summary=state.why)

    def check(self, state: GameState) -> list[str]:
        found: list[str] = []
        types = game_data().types
        ids = [b.id for b in state.blocks]
        if len(set(ids)) != len(ids):
            found.append("block ids repeat")
        for b in state.blocks:
            if b.kind not in types:
                found.append(f"{b.id} has an unknown type {b.kind!r}")
                continue
            if b.loss < 0 or (b.status != DEAD and b.loss >= types[b.kind].cohesion):
                found.append(f"{b.id} has {b.loss} cohesion lost but is {b.status}")
            if b.on_map and not b.hex:
                found.append(f"{b.id} is on the map with no hex")
        hexes = {b.hex for b in state.blocks if b.on_map}
        for h in hexes:
            sides = {b.side for b in state.at(h)}
            if len(sides) > 1:
                found.append(f"hex {h} holds both sides' units")
        if state.phase != OVER and not flow.legal(state):
            found.append("no decision is possible")
        return found

    def roll_faces(self, state: GameState) -> tuple[Face, ...]:
        if state.combat is None or state.combat.stage != "roll":
            return ()
        return tuple(Face(k, flow.settle(resolve_dice(state, k // 4 + 1, k % 4 + 1))) for k in range(16))

    def concerns(self, before: GameState, after: GameState, intent: Any) -> tuple[str, ...]:
        """The commander who decided, both sides of the combat the step belonged to (the
        attacker and the commanders of every block on either side), and every commander
        whose figures (cohesion lost, blocks lost, CP exited) the step changed."""
        seats = {str(intent.seat)}
        combat = before.combat
        if combat is not None:  # a step of a combat: its dice, losses, retreats, advance
            blocks = {b.id: b.seat for b in before.blocks}
            seats.update((combat.seat, combat.defender_seat))
            seats.update(blocks.get(b, "") for b in (*combat.attackers, *combat.defenders))
        was, now = self.summary(before)["players"], self.summary(after)["players"]
        seats.update(s for s in SEATS if was.get(s) != now.get(s))
        return tuple(s for s in SEATS if s in seats)

    def reveals(self, before: GameState, after: GameState) -> bool:
        return after.reveal_seq != before.reveal_seq

    def turn_of(self, state: GameState) -> tuple[int, str]:
        return state.turn, state.phase

    def summary(self, state: GameState) -> dict[str, Any]:
        left, start = red_cohesion(state)
        types = game_data().types
        blue_lost = sum(cohesion_lost(b) for b in state.blocks if b.side == "blue")
        # Per commander, as the core expects (seat -> figure -> number): cohesion lost by
        # its blocks (a destroyed block counts its whole cohesion), blocks destroyed, and
        # combat power gone off the east edge.
        # (A seat's view knows the cubes of every block and the type of every destroyed or
        # departed one: they are revealed.)
        players = {
            s: {
                "cohesion_lost": sum(cohesion_lost(b) for b in state.blocks if b.seat == s),
                "blocks_lost": sum(1 for b in state.blocks if b.seat == s and b.status == DEAD),
                "cp_exited": sum(
                    types[b.kind].cp for b in state.blocks if b.seat == s and b.status == EXITED and b.kind
                ),
            }
            for s in SEATS
        }
        return {
            "turn": state.turn,
            "phase": state.phase,
            "over": state.phase == OVER,
            "winner": state.winner,
            "why": state.why,
            "red_cohesion": left,
            "red_start": start,
            "blue_cohesion_lost": blue_lost,
            "exited_cp": exited_cp(state),
            "red_points": round(red_points(state), 2),
            "players": players,
        }


RULES: GameRules[GameState, Intent] = HexRules()
