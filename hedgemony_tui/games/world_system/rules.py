"""The world-system HEGEMONY behind the table's contract (:class:`GameRules`): a thin
adapter over the engine. Twelve state seats and the moderator's (the control seat: a
person with the whole game on a console, or automated); secrets (the terrorists, sealed
ballots); sealed choices (the votes); the coup taken in an eyes-closed round; no dice
after the deal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from hedgemony_tui.table.contract import (
    Choice,
    ControlBot,
    Decision,
    GameInfo,
    GameRules,
    OptionSpec,
    Outcome,
    OutcomeKind,
    SeatSpec,
)
from hedgemony_tui.table.errors import RuleInputError
from hedgemony_tui.table.rules_base import RulesBase

from .bots import POLICIES
from .engine.ending import outcome
from .engine.flow import legal, neutral_coup, pending
from .engine.intents import INTENT_TYPES, Coup, Intent, Proceed, Speak
from .engine.reduce import apply
from .engine.setup import OPTIONS, new_game
from .engine.state import STAGES, WorldState
from .engine.view import vary_secrets, view
from .engine.world import GAME_ID, MODERATOR, RANK, world

AUTOMATED = "automated"


def _standing(state: WorldState, n: Any) -> tuple[Any, ...]:
    return (n.status, n.in_game, n.rogue, n.terrorist, n.id in state.contenders, n.id == state.hegemon)


def _touched(before: WorldState, after: WorldState) -> list[str]:
    """The states whose standing a step changed, and every state in the game when it
    fought the world war (its result is news to all of them)."""
    changed = [b.id for b, a in zip(before.nations, after.nations) if _standing(before, b) != _standing(after, a)]
    if after.war_winner and after.war_winner != before.war_winner:
        changed += [n.id for n in after.playing]
    return changed


class _Moderator:
    """The automated moderator: takes its own seat's decisions (announce, grow, count; the
    coup stage when no terrorist can act) at once, and nothing else."""

    def decide(self, state: Any, options: Sequence[Any]) -> Choice | None:
        for option in options:
            if isinstance(option, (Proceed, Coup)) and option.seat == MODERATOR:
                return Choice(option, "the moderator runs the stage", public_reason=True)
        return None


class WorldSystemRules(RulesBase[WorldState, Intent]):
    info = GameInfo(
        id=GAME_ID,
        title="HEGEMONY: the world-system game",
        summary="Twelve states in core, semi-periphery and periphery; a hegemon rises and declines over four "
        "systemic cycles while a covert terrorist faction recruits by coups; votes weighted by capital; "
        "four endings",
        min_players=12,
        max_players=12,
        outcome=OutcomeKind.INDIVIDUAL,
        hidden_information=True,
        sealed_choices=True,
        control_seat=MODERATOR,
        dice=False,
        eyes_closed_kinds=("coup",),
    )
    state_type = WorldState
    intent_types = INTENT_TYPES
    intent_union = Intent
    open_intent_types = (Speak,)
    policies = POLICIES

    def seats(self) -> tuple[SeatSpec, ...]:
        w = world()
        states = tuple(SeatSpec(sid, name) for sid, name in zip(w.ids, w.names))
        return states + (SeatSpec(MODERATOR, "Moderator", control=True),)

    def options(self) -> tuple[OptionSpec, ...]:
        return OPTIONS

    def new_game(self, seed: int, options: Mapping[str, object]) -> WorldState:
        return new_game(seed, options)

    def pending(self, state: WorldState) -> Decision:
        return pending(state)

    def pending_for(self, state: WorldState, seat: str) -> Decision:
        """The coup is read the same by every seat but the moderator's (X-W4): the seats of
        the real decision would name the terrorist who decides it."""
        decision = pending(state)
        if decision.kind == "coup" and seat != MODERATOR:
            neutral = neutral_coup(state)
            mine = next((n for n in state.nations if n.id == seat), None)
            if mine is not None and mine.terrorist and mine.blockaded:
                # Its own secret, on its own screen only: why it has nothing to do.
                why = f"{state.name(seat)} is under blockade: it cannot stage a coup this cycle"
                return attrs.evolve(neutral, prompt=f"{neutral.prompt} ({why})")
            return neutral
        return decision

    def legal(self, state: WorldState) -> list[Any]:
        return list(legal(state))

    def apply(self, state: WorldState, intent: Any) -> WorldState:
        return apply(state, intent)

    def view(self, state: WorldState, seat: str) -> WorldState:
        return view(state, seat)

    def vary_secrets(self, state: WorldState, seat: str, salt: int) -> WorldState:
        return vary_secrets(state, seat, salt)

    def reveals(self, before: WorldState, after: WorldState) -> bool:
        """A vote revealed, an open ballot cast, a secret told (a journal line for some
        seats only), or the end (everything shown)."""
        if len(after.past_votes) > len(before.past_votes) or (after.over and not before.over):
            return True
        if _touched(before, after):
            return True  # a state's standing changed or the war was fought: told to the room at once
        if after.vote is not None and after.vote.visibility.value == "open":
            if before.vote is None or len(after.vote.voted) > len(before.vote.voted):
                return len(after.vote.voted) > 0
        return any(e.to for e in after.log[len(before.log) :])

    def concerns(self, before: WorldState, after: WorldState, intent: Any) -> tuple[str, ...]:
        """The seat that decided, every state whose standing the step changed (status,
        hegemony, annexed, rogue, contender, a terrorist card), and every state in the game
        when the world war is fought: the front shows each what happened to it."""
        return tuple(dict.fromkeys([self.seat_of(intent), *_touched(before, after)]))

    def outcome(self, state: WorldState) -> Outcome | None:
        return outcome(state)

    def turn_of(self, state: WorldState) -> tuple[int, str]:
        return state.cycle, state.stage

    def check(self, state: WorldState) -> list[str]:
        w = world()
        found = []
        if tuple(n.id for n in state.nations) != w.ids:
            found.append(f"the states must be {', '.join(w.ids)} in that order")
        if state.stage not in STAGES and state.stage != "over":
            found.append(f"unknown stage {state.stage!r} (the stages are {', '.join(STAGES)}, over)")
        for n in state.nations:
            if n.capital < 0:
                found.append(f"{n.id} has negative capital {n.capital}")
            if not n.in_game and (n.terrorist or n.capital):
                found.append(f"{n.id} was annexed but still holds capital or a terrorist card")
        if state.hegemon and state.hegemon not in w.ids:
            found.append(f"the hegemon {state.hegemon!r} is not a state")
        if not 1 <= state.cycle <= w.last_cycle + 1:
            found.append(f"cycle {state.cycle} is outside 1-{w.last_cycle + 1}")
        return found

    def summary(self, state: WorldState) -> dict[str, Any]:
        base = super().summary(state)
        base["ending"] = state.ending
        base["players"] = {
            n.id: {
                "capital": n.capital,
                "status": RANK[n.status] if n.in_game else -1,
                "won": int(n.id in state.winners),
            }
            for n in state.nations
        }
        return base

    def control_modes(self) -> tuple[str, ...]:
        return (AUTOMATED,)

    def control_bot(self, mode: str) -> ControlBot | None:
        if mode != AUTOMATED:
            raise RuleInputError(f"no moderator mode {mode!r}: the moderator is a person or {AUTOMATED}")
        return _Moderator()


RULES: GameRules[WorldState, Intent] = WorldSystemRules()
