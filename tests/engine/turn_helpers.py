"""Helpers to drive a game through the engine's one door in tests."""

from __future__ import annotations

import attrs

from hedgemony_tui.engine.content import content_for
from hedgemony_tui.engine.game import legal_intents, reduce
from hedgemony_tui.engine.intents import EndPhase, InjectEvent, PayReadiness, SignalCards
from hedgemony_tui.engine.setup import new_game
from hedgemony_tui.engine.state import GameState, Phase

CONTENT = content_for("default")


def fresh(seed: int = 3, **settings) -> GameState:
    state = new_game(CONTENT, seed)
    if settings:
        state = attrs.evolve(state, settings=attrs.evolve(state.settings, **settings))
    return state


def act(state: GameState, intent) -> GameState:
    return reduce(state, intent, CONTENT)


def legal(state: GameState) -> list:
    """The legal intents of the pending decision, without the White Cell's event
    injections (offered alongside every decision of the first three phases)."""
    return [i for i in legal_intents(state, CONTENT) if not isinstance(i, InjectEvent)]


SIGNALS = {
    "RU": ("RU-05", "RU-17", "RU-RD"),
    "PRC": ("PRC-03", "PRC-17", "PRC-28"),
    "DPRK": ("DPRK-E01", "DPRK-RD", "DPRK-PROC"),
    "IR": ("IR-01", "IR-RD", "IR-PROC"),
}


def signal_all(state: GameState, signals=SIGNALS) -> GameState:
    while state.phase is Phase.SIGNALING:
        player = state.queue[0]
        state = act(state, SignalCards(player, signals[player]))
    return state


def to_red_phase(state: GameState) -> GameState:
    state = signal_all(state)
    state = act(state, PayReadiness("US"))
    state = act(state, EndPhase("US"))
    return act(state, EndPhase("NATO"))


def roll(state: GameState, face: int) -> GameState:
    """Resolve the pending roll with a chosen face (the physical-dice path)."""
    from hedgemony_tui.engine.intents import EnterRoll

    physical = attrs.evolve(state, settings=attrs.evolve(state.settings, physical_dice=True))
    after = act(physical, EnterRoll(face))
    return attrs.evolve(after, settings=state.settings)
