"""The U.S. ``basic`` player uses tiered readiness (ch. 14): a cheap CONUS reserve at 50%
with a ready slice kept at 100%."""

from __future__ import annotations

from hedgemony_tui.games.hedgemony.bots import get_policy
from hedgemony_tui.games.hedgemony.bots.blue_posture import CONUS_READY_SLICE
from hedgemony_tui.games.hedgemony.engine.content import content_for
from hedgemony_tui.games.hedgemony.engine.game import legal_intents, pending, reduce
from hedgemony_tui.games.hedgemony.engine.intents import Intent, PayReadiness, SetReadiness, SignalCards
from hedgemony_tui.games.hedgemony.engine.setup import new_game
from hedgemony_tui.games.hedgemony.engine.state import Phase
from hedgemony_tui.games.hedgemony.engine.view import view

CONTENT = content_for("default")


def test_basic_us_keeps_a_ready_slice_of_the_conus_reserve():
    state = new_game(CONTENT, 5)
    while state.phase is Phase.SIGNALING:
        state = reduce(state, next(o for o in legal_intents(state, CONTENT) if isinstance(o, SignalCards)), CONTENT)
    state = reduce(state, PayReadiness("US"), CONTENT)
    bot = get_policy("basic")
    chosen: list[Intent] = []
    while pending(state, CONTENT).seat == "US" and len(chosen) < 20:
        choice = bot.decide(view(state, "US"), legal_intents(state, CONTENT))
        chosen.append(choice.intent)
        if not isinstance(choice.intent, SetReadiness):
            break
        state = reduce(state, choice.intent, CONTENT)
    # The first step splits the 14 CONUS FFs: 12 go to 50%, 2 stay ready.
    assert chosen[0] == SetReadiness("US", "US-1", 50, 14 - CONUS_READY_SLICE)
    home = sorted((s.ffs, s.readiness) for s in state.stacks_of("US") if s.location == "conus")
    assert home == [(CONUS_READY_SLICE, 100), (14 - CONUS_READY_SLICE, 50)]
