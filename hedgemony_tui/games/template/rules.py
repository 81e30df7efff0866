"""The template game behind the table's contract: ``RULES``.

:class:`~hedgemony_tui.table.rules_base.RulesBase` supplies every member that games
write alike (the save kind, schema 1 with no migrations, the option and seed checks,
``policy()``, the codec's registration of the intents, ``seat_of`` from the intents'
``seat`` field, and, since nothing is hidden and nothing rolled, ``view``,
``pending_for``, ``vary_secrets``, ``roll_faces`` and ``reveals``). What is left is the
game's own: its seats, options, first state, who owes what, its moves, its end.

Pure: no screens, no files but the package's own data (import-linter checks it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hedgemony_tui.table.contract import (
    OVER,
    Decision,
    GameInfo,
    GameRules,
    OptionSpec,
    Outcome,
    SeatResult,
    SeatSpec,
)
from hedgemony_tui.table.rules_base import RulesBase

from . import GAME_ID, TITLE, engine
from .bots import CountingBot, FirstBot
from .data import TARGET_RANGE, game_data
from .engine import SEATS, CountState, Intent


class CountRules(RulesBase[CountState, Intent]):
    info = GameInfo(
        id=GAME_ID,
        title=TITLE,
        summary="add 1 or 2 in turn; whoever reaches the target wins",
        min_players=2,
        max_players=2,
        # Nothing hidden: the shell passes the keyboard with a "next player" notice
        # instead of a hand-over, and the privacy checks have nothing to check.
        hidden_information=False,
        dice=False,
    )
    state_type = CountState
    intent_types = engine.INTENT_TYPES
    intent_union = Intent
    policies = {"basic": CountingBot, "first": FirstBot}

    def seats(self) -> tuple[SeatSpec, ...]:
        return tuple(SeatSpec(seat, f"Player {seat}") for seat in SEATS)

    def options(self) -> tuple[OptionSpec, ...]:
        low, high = TARGET_RANGE
        return (OptionSpec("target", "Target", game_data().target, "the total that wins", low, high),)

    def new_game(self, seed: int, options: Mapping[str, object]) -> CountState:
        # RulesBase.setup has checked the seed and every option against options().
        target = options["target"]
        assert isinstance(target, int)
        return engine.new_game(seed, target)

    def pending(self, state: CountState) -> Decision:
        if state.over:
            return Decision((), OVER, f"The game is over: {state.why}.")
        return Decision((state.to_move,), "add", f"Player {state.to_move}: add 1 or 2 (total {state.total})")

    def legal(self, state: CountState) -> list[Intent]:
        return engine.legal(state)

    def apply(self, state: CountState, intent: Intent) -> CountState:
        return engine.apply(state, intent)

    def outcome(self, state: CountState) -> Outcome | None:
        if not state.over:
            return None
        results = tuple(SeatResult(seat, "win" if seat == state.winner else "lose", why=state.why) for seat in SEATS)
        return Outcome(results, summary=f"Player {state.winner} wins: {state.why}")

    def turn_of(self, state: CountState) -> tuple[int, str]:
        return state.turn, engine.PHASE

    def summary(self, state: CountState) -> dict[str, Any]:
        # The base gives turn, phase and over; "players" maps each seat to its figures.
        return {
            **super().summary(state),
            "total": state.total,
            "target": state.target,
            "players": {seat: {"won": int(seat == state.winner)} for seat in SEATS},
        }

    def check(self, state: CountState) -> list[str]:
        # What a save's data could hold that the engine never makes (read on every load).
        found = []
        if state.to_move not in SEATS:
            found.append(f"the seat to move is {state.to_move!r}, not one of {', '.join(SEATS)}")
        if state.winner not in ("", *SEATS):
            found.append(f"the winner is {state.winner!r}, not one of {', '.join(SEATS)}")
        if state.total < 0 or (state.total >= state.target and not state.winner):
            found.append(f"the total {state.total} cannot stand with the target {state.target} and no winner")
        return found


RULES: GameRules[CountState, Intent] = CountRules()
