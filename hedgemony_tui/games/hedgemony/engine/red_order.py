"""The order in which the Red players signal and act (ch. 3): the White Cell's order, or
with the optional rule a roll-off. One order serves the whole turn (the rule speaks of
one sequence for both Red phases): it is set when the turn begins, kept in
``state.red_order_turn``, and the White Cell may direct another (``SetRedOrder``)."""

from __future__ import annotations

import attrs

from .content import Content
from .ledger import log
from .state import WHITE, GameState


def set_red_order(state: GameState, content: Content) -> GameState:
    """Queue the Red players in this turn's order: the one already set this turn, else
    the White Cell's order (the default), or the optional rule's roll-off (ch. 3).

    The roll-off uses the game's dice directly (even with physical dice on): it only
    orders the Red players, and the log shows every roll.
    """
    if state.red_order_turn:
        return attrs.evolve(state, queue=state.red_order_turn)
    red = content.scenario.red
    order = tuple(p for p in state.settings.red_order if p in red) or red
    if not state.settings.random_red_order:
        return attrs.evolve(state, queue=order, red_order_turn=order)
    rolls = {}
    rng = state.rng
    for pid in order:
        rolls[pid], rng = rng.keyed_d10(state.turn, f"red-order/{pid}")
    # Highest roll first; ties keep the White Cell's order.
    queue = tuple(sorted(order, key=lambda p: (-rolls[p], order.index(p))))
    state = attrs.evolve(state, rng=rng, queue=queue, red_order_turn=queue)
    shown = ", ".join(f"{pid} {rolls[pid]}" for pid in order)
    return log(state, WHITE, "order", f"Red order by roll-off ({shown}): {', '.join(queue)}")
