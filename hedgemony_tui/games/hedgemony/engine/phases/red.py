"""Red Investments and Actions: each Red player, in the turn's Red order, plays any of
its signaled cards in any order and may stop at any time (ch. 3), an action and an
investment among them if it plays more than one (``red_play.py``); each card after the
first costs more (the optional pace rule's setting). Procure needs no signal and costs
no card slot; procured forces arrive when the phase ends and serve from the next turn
(ch. 13)."""

from __future__ import annotations

import attrs

from ..content import Content
from ..hand import apply_card_intent, card_intents, is_card_intent
from ..intents import Deploy, EndPhase, Intent
from ..ledger import log
from ..phase_end import PhaseOver, Step
from ..play import deliver_procurements
from ..posture import deploy, deploy_options
from ..random_events import random_event_check
from ..red_order import set_red_order
from ..red_play import outside_limits
from ..state import WHITE, GameState, Phase


def enter(state: GameState, content: Content) -> GameState:
    state = attrs.evolve(state, phase=Phase.RED, moves={})
    state = log(state, WHITE, "phase", f"Turn {state.turn}: {Phase.RED.title}")
    return random_event_check(set_red_order(state, content))


def legal(state: GameState, content: Content) -> list[Intent]:
    player = state.queue[0]
    signaled = [content.card(card_id) for card_id in state.signals.get(player, ())]
    # Procure lies outside the card limits (ch. 13): offered signaled or not, never compelled.
    procure = card_intents(
        state, content, player, [c for c in content.deck(player) if outside_limits(c) and c not in signaled]
    )
    moves = deploy_options(state, content, player, within_aor=True)
    if not state.settings.activation_markers:
        return card_intents(state, content, player, signaled) + procure + moves + [EndPhase(player)]
    # Activation markers: only "Yes" cards may be played, and each must be played
    # while its conditions can be met; the player may stop only when none can.
    marked = [card for card in signaled if card.id in state.activations.get(player, ())]
    options = card_intents(state, content, player, marked)
    return options + procure + moves if options else procure + moves + [EndPhase(player)]


def apply(state: GameState, content: Content, intent: Intent) -> Step:
    if is_card_intent(intent):
        return apply_card_intent(state, content, intent)
    if isinstance(intent, Deploy):
        return deploy(state, content, intent)
    if isinstance(intent, EndPhase):
        state = attrs.evolve(state, queue=state.queue[1:])
        state = log(state, intent.player, "end", f"{intent.player} ends its Red phase")
        if state.queue:
            return state
        return PhaseOver(deliver_procurements(state))
    raise AssertionError(intent)
