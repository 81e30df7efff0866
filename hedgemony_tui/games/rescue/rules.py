"""*Gaming to the Rescue!* behind the table's contract
(:class:`hedgemony_tui.table.contract.GameRules`): a thin adapter over the engine's one
door (``engine.game``). Three seats, open information but for the event deck's order, a
co-operative game with a team result ("Gameland saved" or "failed") and, as printed, a
winner by Global Perception. Pure: no screens, no files but the shipped data."""

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
from hedgemony_tui.table.odds import Face, faces_of
from hedgemony_tui.table.rules_base import RulesBase

from .bots import POLICY_NAMES, get_policy
from .engine import game
from .engine.actors import NAMES, RESOURCES, SEATS
from .engine.board import default_board
from .engine.intents import INTENT_TYPES, Intent, seat_of
from .engine.setup import OPTIONS, new_game
from .engine.state import FAILED, SAVED, RescueState
from .engine.view import problems, vary_secrets, view
from .migrations import MIGRATIONS

TEAM = "Gameland"


class RescueRules(RulesBase[RescueState, Intent]):
    info = GameInfo(
        id="rescue",
        title="Gaming to the Rescue!",
        summary="CNA's co-operative disaster-relief game: the US Military, the Host Nation and the humanitarian "
        "community answer six crises after a typhoon, each minding its Global Perception",
        min_players=1,
        max_players=3,
        outcome=OutcomeKind.COOPERATIVE,
        hidden_information=False,
        sealed_choices=False,
        control_seat=None,
        dice=True,
    )
    state_type = RescueState
    intent_types = INTENT_TYPES
    intent_union = Intent
    schema_version = 2  # 2: issue 30's rule changes; old journals replayed or restarted
    migrations = MIGRATIONS
    policies = {name: partial(get_policy, name) for name in POLICY_NAMES}

    def seats(self) -> tuple[SeatSpec, ...]:
        return tuple(SeatSpec(s, NAMES[s], TEAM) for s in SEATS)

    def options(self) -> tuple[OptionSpec, ...]:
        return OPTIONS

    def setup(self, seed: int, options: Mapping[str, object]) -> RescueState:
        return new_game(seed, options)  # the engine checks the seed and options (with the core's checks)

    def pending(self, state: RescueState) -> Decision:
        return game.pending(state)

    def pending_for(self, state: RescueState, seat: str) -> Decision:
        """The pending decision itself, for every seat: everything in Rescue is open
        (table talk is encouraged) but the event deck's order and the dice's future,
        and no prompt names either (a card is named once it is drawn, a die once rolled)."""
        return self.pending(state)

    def legal(self, state: RescueState) -> list[Any]:
        return list(game.legal(state))

    def apply(self, state: RescueState, intent: Any) -> RescueState:
        return game.reduce(state, intent)

    def seat_of(self, intent: Any) -> str:
        return seat_of(intent)

    def view(self, state: RescueState, seat: str) -> RescueState:
        return view(state, seat)

    def outcome(self, state: RescueState) -> Outcome | None:
        if not state.over:
            return None
        saved = state.result == SAVED
        top = max(a.gp for a in state.actors)
        nobody = state.result == FAILED and state.settings.no_winner_on_failure
        results = []
        for a in state.actors:
            won = a.gp == top and not nobody
            why = (
                "highest Global Perception"
                if won
                else ("Gameland failed: no one wins" if nobody else f"{a.gp} GP, below the best {top}")
            )
            results.append(SeatResult(a.id, "win" if won else "lose", float(a.gp), why))
        team = f"{TEAM} saved" if saved else f"{TEAM} failed"
        winners = ", ".join(r.seat for r in results if r.result == "win") or "no one"
        return Outcome(
            tuple(results), team=team, summary=f"{team} after {state.cycle} cycles; best perception: {winners}"
        )

    def check(self, state: RescueState) -> list[str]:
        return problems(state)

    def roll_faces(self, state: RescueState) -> tuple[Face, ...]:
        if not game.roller(state):
            return ()
        board = default_board()
        return faces_of(6, lambda face: game.roll(state, board, face), first=1)

    def concerns(self, before: RescueState, after: RescueState, intent: Any) -> tuple[str, ...]:
        """The actor who decided, and every actor whose figures (GP, resource tokens)
        the step changed."""
        decider = seat_of(intent)
        was, now = self.summary(before)["players"], self.summary(after)["players"]
        return tuple(s for s in SEATS if s == decider or was.get(s) != now.get(s))

    def reveals(self, before: RescueState, after: RescueState) -> bool:
        return after.rolls != before.rolls or after.deck != before.deck or after.rng != before.rng

    def turn_of(self, state: RescueState) -> tuple[int, str]:
        return max(1, state.cycle), state.stage

    def summary(self, state: RescueState) -> dict[str, Any]:
        return {
            "cycle": state.cycle,
            "stage": state.stage,
            "over": state.over,
            "result": state.result,
            "open_crises": len(state.open_crises()),
            "players": {a.id: {"gp": a.gp, **{r: a.tokens.of(r) for r in RESOURCES}} for a in state.actors},
            "crises": {
                str(c.number): {
                    "hex": c.hex,
                    "colour": c.colour,
                    "face": c.face,
                    "riot": c.riot,
                    "resolved_by": c.resolved_by,
                }
                for c in state.crises
            },
        }

    def vary_secrets(self, state: RescueState, seat: str, salt: int) -> RescueState:
        return vary_secrets(state, seat, salt)


RULES: GameRules[RescueState, Intent] = RescueRules()
