"""National Tech Level and Critical Capability levels: raising them, now or at a later
turn's start, and the private results that keep a raise hidden until it is revealed
(ch. 4 and 8).

Shared by the cards that roll (``play.py``), the outcome rows of cards in play
(``outcomes.py``), contests that reveal the capabilities they use (``contest.py``) and
the start of a turn (``phases/summary.py``).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from .ledger import disclose_event, log, replace_player
from .state import GameState, Scheduled, Secret


def schedule_or_apply(
    state: GameState, player: str, target: str, amount: int, delay: int, source: str, private: bool
) -> GameState:
    if delay:
        entry = Scheduled(state.turn + delay, player, target, amount, source, private)
        state = attrs.evolve(state, scheduled=state.scheduled + (entry,))
        what = "National Tech Level" if target == "tech" else target
        return log(
            state,
            player,
            "scheduled",
            f"{player}: {what} +{amount} at the start of turn {entry.turn}",
            visible_to=(player,) if private else (),
        )
    return raise_level(state, player, target, amount, source, private)


def raise_level(state: GameState, player: str, target: str, amount: int, source: str, private: bool) -> GameState:
    """Raise Tech Level (cap 7) or a capability (cap: the Tech Level)."""
    p = state.player(player)
    if target == "tech":
        new = min(7, p.tech_level + amount)
        state = replace_player(state, attrs.evolve(p, tech_level=new))
        return log(state, player, "level", f"{player}: National Tech Level {p.tech_level} -> {new} ({source})")
    old = p.capabilities.get(target, 0)
    new = min(p.tech_level, old + amount)
    shown = dict(p.shown_capabilities)
    if not private:
        shown[target] = new
    state = replace_player(
        state, attrs.evolve(p, capabilities={**p.capabilities, target: new}, shown_capabilities=shown)
    )
    if private:
        state = attrs.evolve(state, secrets=state.secrets + (Secret(player, target, state.turn + 3, source),))
    return log(
        state, player, "level", f"{player}: {target} {old} -> {new} ({source})", visible_to=(player,) if private else ()
    )


def reveal_secrets(state: GameState, due: Callable[[Secret], bool], why: str) -> GameState:
    """Make public every private capability result for which ``due`` holds."""
    for secret in [s for s in state.secrets if due(s)]:
        p = state.player(secret.player)
        shown = {**p.shown_capabilities, secret.capability: p.capabilities[secret.capability]}
        state = replace_player(state, attrs.evolve(p, shown_capabilities=shown))
        state = log(
            state,
            secret.player,
            "reveal",
            f"{secret.player}'s {secret.capability} result ({secret.source}) becomes public: {why}",
        )
        state = disclose_event(state, secret.source)
    return attrs.evolve(state, secrets=tuple(s for s in state.secrets if not due(s)))
