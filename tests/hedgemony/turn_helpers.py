"""Helpers to drive a game through the engine's one door in tests."""

from __future__ import annotations

import attrs

from hedgemony_tui.games.hedgemony.engine.content import content_for
from hedgemony_tui.games.hedgemony.engine.game import legal_intents, reduce
from hedgemony_tui.games.hedgemony.engine.intents import EndPhase, InjectEvent, Intent, PayReadiness, SignalCards
from hedgemony_tui.games.hedgemony.engine.setup import new_game
from hedgemony_tui.games.hedgemony.engine.state import GameState, Phase

CONTENT = content_for("default")


def fresh(seed: int = 3, **settings) -> GameState:
    state = new_game(CONTENT, seed)
    if settings:
        state = attrs.evolve(state, settings=attrs.evolve(state.settings, **settings))
    return state


def act(state: GameState, intent) -> GameState:
    return reduce(state, intent, CONTENT)


def legal(state: GameState) -> list[Intent]:
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


def to_blue_actions(state: GameState) -> GameState:
    """From the Red signals to the Blue actions: the bill paid, every Blue investment made
    (ch. 3: Blue actions come after all of them)."""
    from hedgemony_tui.games.hedgemony.engine.intents import EndInvestments

    state = act(signal_all(state), PayReadiness("US"))
    return act(act(state, EndInvestments("US")), EndInvestments("NATO"))


def to_red_phase(state: GameState) -> GameState:
    state = signal_all(state)
    state = act(state, PayReadiness("US"))
    state = act(state, EndPhase("US"))
    return act(state, EndPhase("NATO"))


def roll(state: GameState, face: int) -> GameState:
    """Resolve the pending roll with a chosen face (the physical-dice path). A contest's
    initiator still asked whether to escalate (ch. 8) stops first: the tests written for
    one round mean the roll on the forces as they stand (tests/hedgemony/engine/test_escalation.py
    escalates explicitly)."""
    from hedgemony_tui.games.hedgemony.engine.escalation import is_escalation
    from hedgemony_tui.games.hedgemony.engine.intents import DoneCommitting, EnterRoll

    if state.roll_request is None and is_escalation(state):
        state = act(state, DoneCommitting(state.run.actor))
    physical = attrs.evolve(state, settings=attrs.evolve(state.settings, physical_dice=True))
    after = act(physical, EnterRoll(face))
    return attrs.evolve(after, settings=state.settings)


def red_turn(player, cards, state=None, rp=None):
    """``player``'s part of the Red phase with ``cards`` signaled (RPs topped up)."""
    state = to_red_phase(state or fresh())
    state = attrs.evolve(state, signals={**state.signals, player: cards})
    while state.queue[0] != player:
        state = act(state, EndPhase(state.queue[0]))
    if rp is not None:
        state = with_rp(state, player, rp)
    return state


def with_rp(state: GameState, player: str, rp: int) -> GameState:
    """``state`` with ``player`` holding ``rp`` RPs."""
    return attrs.evolve(state, players=tuple(attrs.evolve(p, rp=rp) if p.id == player else p for p in state.players))


def moved(state: GameState, stack_id: str, location: str) -> GameState:
    """``state`` with the stack ``stack_id`` standing at ``location`` (to set up who is where)."""
    return attrs.evolve(
        state, stacks=tuple(attrs.evolve(s, location=location) if s.id == stack_id else s for s in state.stacks)
    )


def ips(state):
    return {p.id: p.ip for p in state.players}


def rps(state):
    return {p.id: p.rp for p in state.players}


def delta(after, before, players):
    return {p: after[p] - before[p] for p in players}


def last_roll(state):
    return next(e.roll for e in reversed(state.log) if e.roll)


def stack_at(state, player, location):
    return next(s for s in state.stacks_of(player) if s.location == location)


def commit(state, player, location, ffs):
    """``player`` commits ``ffs`` FFs of its stack at ``location`` to the card in play."""
    from hedgemony_tui.games.hedgemony.engine.intents import CommitForces

    return act(state, CommitForces(player, stack_at(state, player, location).id, ffs))


def bill_due() -> GameState:
    """Turn 1, Blue phase: the U.S. owes its readiness bill."""
    return signal_all(fresh())


def us_to_respond() -> GameState:
    """PRC plays PRC-03 at Taiwan with 3 FFs of Mod 3; the U.S. is to answer."""
    from hedgemony_tui.games.hedgemony.engine.intents import ChooseLocation, CommitForces, DoneCommitting, PlayCard

    state = act(to_red_phase(fresh()), EndPhase("RU"))
    state = act(act(state, PlayCard("PRC", "PRC-03")), ChooseLocation("PRC", "taiwan"))
    m3 = next(s for s in state.stacks_of("PRC") if s.mod == 3)
    return act(act(state, CommitForces("PRC", m3.id, 3)), DoneCommitting("PRC"))


def pass_until(state: GameState, done, face: int = 5) -> GameState:
    """Every player passes (pays the readiness bill, ends its phase, signals the first
    option offered; every die shows ``face``) until ``done(state)``."""
    from hedgemony_tui.games.hedgemony.engine.intents import Continue

    while not done(state):
        if state.roll_request is not None:
            state = roll(state, face)
            continue
        options = legal(state)
        pick = next((o for o in options if isinstance(o, (PayReadiness, EndPhase, Continue))), None)
        state = act(state, pick or next(o for o in options if isinstance(o, SignalCards)))
    return state
