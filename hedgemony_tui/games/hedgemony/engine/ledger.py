"""Small, pure helpers that return an updated state: money, influence, stacks, the log.

Every RP and IP change goes through :func:`adjust`, which writes it to the journal
with the balance after it, so the log accounts for every point (a property the tests
check after every step). No helper lets a player's RPs go below zero.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

from hedgemony_tui.table.dice import RollRecord
from hedgemony_tui.table.errors import IllegalIntent

from .state import Change, Effect, GameState, LogEntry, PlayerState, Stack, Unseen


def log(
    state: GameState,
    actor: str,
    kind: str,
    text: str,
    *,
    visible_to: Iterable[str] = (),
    roll: RollRecord | None = None,
    changes: Iterable[Change] = (),
) -> GameState:
    entry = LogEntry(
        seq=len(state.log) + 1,
        turn=state.turn,
        phase=state.phase,
        actor=actor,
        kind=kind,
        text=text,
        visible_to=tuple(visible_to),
        roll=roll,
        changes=tuple(changes),
    )
    return attrs.evolve(state, log=state.log + (entry,))


def replace_player(state: GameState, player: PlayerState) -> GameState:
    return attrs.evolve(state, players=tuple(player if p.id == player.id else p for p in state.players))


def adjust(
    state: GameState,
    actor: str,
    reason: str,
    *,
    rp: Mapping[str, int] | None = None,
    ip: Mapping[str, int] | None = None,
    visible_to: Iterable[str] = (),
    source: str = "",
) -> GameState:
    """Apply RP and IP changes and journal them. Raises if any RP balance would go negative.

    A private change (``visible_to`` not empty) is also kept in ``state.unseen``, so that
    other seats go on seeing the balance without it (``source``: the card it came from,
    to show it once that event is disclosed)."""
    changes: list[Change] = []
    for what, deltas in (("rp", rp or {}), ("ip", ip or {})):
        for pid, delta in deltas.items():
            if delta == 0:
                continue
            player = state.player(pid)
            balance = getattr(player, what) + delta
            if what == "rp" and balance < 0:
                raise IllegalIntent(f"{pid} has {player.rp} RP and cannot pay {-delta}")
            state = replace_player(state, attrs.evolve(player, **{what: balance}))
            changes.append(Change(pid, what, delta, balance))
    if not changes:
        return state
    summary = ", ".join(f"{c.player} {c.delta:+d} {c.what.upper()}" for c in changes)
    seen_by = tuple(visible_to)
    if seen_by:
        seq = len(state.log) + 1  # the line logged below
        state = attrs.evolve(
            state, unseen=state.unseen + tuple(Unseen(c.player, c.what, c.delta, seen_by, seq, source) for c in changes)
        )
    return log(state, actor, "points", f"{reason}: {summary}", visible_to=seen_by, changes=changes)


def count_forces(state: GameState, actor: str, player: str, delta: int, text: str) -> GameState:
    """Journal a change in a player's total FFs (procurement, retirement), like RPs and IPs."""
    balance = state.ffs_of(player)
    return log(state, actor, "forces", text, changes=(Change(player, "ff", delta, balance),))


def new_id(state: GameState, prefix: str) -> tuple[str, GameState]:
    return f"{prefix}-{state.next_id}", attrs.evolve(state, next_id=state.next_id + 1)


def put_stack(state: GameState, stack: Stack) -> GameState:
    """Replace the stack with the same id (or add it); drop it when it holds no FFs."""
    others = tuple(s for s in state.stacks if s.id != stack.id)
    if stack.ffs <= 0:
        return attrs.evolve(state, stacks=others)
    if len(others) == len(state.stacks):
        return attrs.evolve(state, stacks=state.stacks + (stack,))
    return attrs.evolve(state, stacks=tuple(stack if s.id == stack.id else s for s in state.stacks))


def split(state: GameState, stack_id: str, ffs: int) -> tuple[Stack, GameState]:
    """Take ``ffs`` FFs off a stack as a stack of their own (the whole stack if all)."""
    stack = state.stack(stack_id)
    if ffs == stack.ffs:
        return stack, state
    new, state = new_id(state, stack.owner)
    part = attrs.evolve(stack, id=new, ffs=ffs)
    state = put_stack(state, attrs.evolve(stack, ffs=stack.ffs - ffs))
    return part, put_stack(state, part)


def settle(stack: Stack, turn: int) -> Stack:
    """Forget markers that no longer matter at the start of ``turn``."""
    return attrs.evolve(
        stack,
        pinned_through=stack.pinned_through if stack.pinned_through >= turn else 0,
        reset_through=stack.reset_through if stack.reset_through >= turn else 0,
        arrived_turn=stack.arrived_turn if stack.arrived_turn >= turn else 0,
        procured_turn=stack.procured_turn if stack.procured_turn >= turn else 0,
        ready_turn=stack.ready_turn if stack.ready_turn > turn else 0,
        moved_turn=stack.moved_turn if stack.moved_turn >= turn else 0,
        bought_back_turn=stack.bought_back_turn if stack.bought_back_turn >= turn else 0,
    )


def merge(state: GameState) -> GameState:
    """At a turn's start: settle old markers and join stacks that now agree on everything
    but their id and size (keeps the board tidy; the first id survives)."""
    merged: dict[tuple[object, ...], Stack] = {}  # every field but id and size -> the first such stack
    for stack in (settle(s, state.turn) for s in state.stacks):
        key = attrs.astuple(attrs.evolve(stack, id="", ffs=0))
        if key in merged:
            merged[key] = attrs.evolve(merged[key], ffs=merged[key].ffs + stack.ffs)
        else:
            merged[key] = stack
    return attrs.evolve(state, stacks=tuple(merged.values()))


def add_effect(state: GameState, effect: Effect) -> GameState:
    return attrs.evolve(
        state, effects=state.effects + (attrs.evolve(effect, id=state.next_id),), next_id=state.next_id + 1
    )


def effect_total(state: GameState, player: str, kind: str, families: Iterable[str]) -> int:
    wanted = set(families)
    return sum(
        e.value
        for e in state.effects
        if e.player == player and e.kind == kind and e.family in wanted and e.active(state.turn)
    )


def blocked(state: GameState, player: str, families: Iterable[str]) -> bool:
    wanted = set(families)
    return any(
        e.player == player and e.kind == "block" and e.family in wanted and e.active(state.turn) for e in state.effects
    )


def matching_effects(state: GameState, player: str, kind: str, families: Iterable[str]) -> list[Effect]:
    wanted = set(families)
    return [
        e
        for e in state.effects
        if e.player == player and e.kind == kind and e.family in wanted and e.active(state.turn)
    ]


def use_effects(state: GameState, player: str, kind: str, families: Iterable[str]) -> GameState:
    """The effects just applied were used: spend one use of each limited one (dropping
    it when none are left) and make a private one public (it was used in the open)."""
    used = {e.id for e in matching_effects(state, player, kind, families)}
    if not used:
        return state
    kept = []
    for effect in state.effects:
        if effect.id not in used:
            kept.append(effect)
            continue
        if effect.private:
            state = log(state, player, "reveal", f"{player}'s {effect.source} effect is used and becomes public")
            state = disclose_event(state, effect.source)
        if effect.uses == 1:
            continue
        kept.append(attrs.evolve(effect, uses=max(0, effect.uses - 1), private=False))
    return attrs.evolve(state, effects=tuple(kept))


def disclose_event(state: GameState, card_id: str) -> GameState:
    """A private event becomes known to all (its result was used or revealed): its card
    shows again among the White Cell's plays."""
    if card_id not in state.secret_events:
        return state
    return attrs.evolve(
        state,
        secret_events={k: v for k, v in state.secret_events.items() if k != card_id},
        unseen=tuple(u for u in state.unseen if u.source != card_id),
    )


def exempt(state: GameState, player: str, card_id: str) -> bool:
    """An ``exempt`` effect spares ``player`` the harm of ``card_id`` (EVT-POL-38)."""
    return bool(matching_effects(state, player, "exempt", (card_id,)))
