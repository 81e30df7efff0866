"""Red Investments and Actions: each Red player, in the White Cell's order, plays any of
its signaled cards in any order and may stop at any time (ch. 3); each card after the
first costs more (the optional pace rule's setting). Procured forces arrive when the
phase ends and serve from the next turn (ch. 13)."""

from __future__ import annotations

import attrs

from ..content import Content
from ..contest import start as start_contest
from ..intents import EndPhase, Intent, Modernize, PlayCard, Procure
from ..ledger import log
from ..play import (
    deliver_procurements,
    modernize,
    modernize_options,
    procure,
    procure_options,
    start_rolled_card,
    why_not_playable,
)
from ..state import WHITE, GameState, Phase
from . import allocation


def enter(state: GameState, content: Content) -> GameState:
    from .summary import set_red_order

    state = attrs.evolve(state, phase=Phase.RED, moves={})
    state = log(state, WHITE, "phase", f"Turn {state.turn}: {Phase.RED.title}")
    return set_red_order(state, content)


def legal(state: GameState, content: Content) -> list[Intent]:
    player = state.queue[0]
    options: list[Intent] = []
    for card_id in state.signals.get(player, ()):
        card = content.card(card_id)
        if why_not_playable(state, content, player, card) is not None:
            continue
        if card.resolution == "modernize":
            options += [Modernize(player, card.id, sid, n) for sid, n in modernize_options(state, content, player, card)]
        elif card.resolution == "procure":
            options += [Procure(player, card.id, n, m) for n, m in procure_options(state, content, player, card)]
        else:
            options.append(PlayCard(player, card.id))
    options.append(EndPhase(player))
    return options


def apply(state: GameState, content: Content, intent: Intent) -> GameState:
    if isinstance(intent, PlayCard):
        card = content.card(intent.card)
        if card.resolution == "contest":
            return start_contest(state, content, intent.player, card)
        return start_rolled_card(state, content, intent.player, card)
    if isinstance(intent, Modernize):
        return modernize(state, content, intent.player, content.card(intent.card), intent.stack, intent.ffs)
    if isinstance(intent, Procure):
        return procure(state, content, intent.player, content.card(intent.card), intent.ffs, intent.mod)
    if isinstance(intent, EndPhase):
        state = attrs.evolve(state, queue=state.queue[1:])
        state = log(state, intent.player, "end", f"{intent.player} ends its Red phase")
        if state.queue:
            return state
        state = deliver_procurements(state)
        return allocation.enter(state, content)
    raise AssertionError(intent)
