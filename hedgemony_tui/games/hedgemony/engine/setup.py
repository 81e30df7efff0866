"""A new game: the scenario's starting conditions and laydown, a seed, and the settings."""

from __future__ import annotations

import hashlib
from typing import Any

import attrs

from hedgemony_tui.table.dice import Rng
from hedgemony_tui.table.errors import RuleInputError

from .content import Content
from .ledger import log
from .state import WHITE, GameState, Phase, PlayerState, Settings, Stack
from .turn_order import begin


def settings_for(content: Content, **overrides: Any) -> Settings:
    """The scenario's optional rules and length, with any overrides (e.g. ``turns=6``):
    ``Settings`` fields by name, each of its own type."""
    options = content.scenario.options
    base = Settings(
        turns=content.scenario.turns,
        red_extra_card_cost=options.red_extra_card_cost,
        activation_markers=options.activation_markers,
        random_events=options.random_events,
        random_event_chance=options.random_event_chance,
        random_red_order=options.random_red_order,
        red_order=options.red_order or content.scenario.red,
    )
    return attrs.evolve(base, **overrides)


def policy_seed(seed: int) -> int:
    """A seed for computer players' own choices, from which the dice cannot be recovered."""
    digest = hashlib.sha256(f"hedgemony-policy:{seed}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


UNSUPPORTED: tuple[str, ...] = ()
"""Optional rules the scenario may name but this engine does not play yet (none now)."""


def new_game(content: Content, seed: int, settings: Settings | None = None) -> GameState:
    scenario = content.scenario
    settings = settings or settings_for(content)
    missing = [name for name in UNSUPPORTED if getattr(settings, name)]
    if missing:
        raise RuleInputError(
            f"the optional rule(s) {', '.join(missing)} are not playable in this version yet; turn them off"
        )
    if settings.turns < 1:
        raise RuleInputError(f"a game lasts at least 1 turn (got {settings.turns})")
    players = tuple(
        PlayerState(
            id=p.id,
            side=p.side,
            rp=p.starting_rp,
            ip=p.starting_ip,
            per_turn_rp=p.per_turn_rp,
            tech_level=p.tech_level,
            capabilities=dict(p.capabilities),
            shown_capabilities=dict(p.capabilities),
        )
        for p in scenario.players
    )
    stacks = tuple(
        Stack(f"{s.player}-{index}", s.player, s.ffs, s.mod, s.location, s.home, s.readiness)
        for index, s in enumerate(scenario.laydown, start=1)
    )
    state = GameState(
        scenario=scenario.id,
        seed=seed,
        settings=settings,
        turn=1,
        phase=Phase.SIGNALING,
        players=players,
        stacks=stacks,
        rng=Rng(seed),
        next_id=len(stacks) + 1,
        policy_seed=policy_seed(seed),
    )
    state = log(state, WHITE, "setup", f"New game: {scenario.name}, {state.settings.turns} turns")
    # The seed predicts every die: the White Cell's alone while the game runs.
    state = log(state, WHITE, "setup", f"Seed {seed} (the dice follow from it)", visible_to=(WHITE,))
    return begin(state, content)
