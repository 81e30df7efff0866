"""State-of-the-World Summary: a digest of the turn drawn from the log. Closing it ends
the turn: the next one begins (delayed results land, effects expire, secrets come due;
``next_turn``) or, after the last turn, the scenario's victory conditions are judged
(``finish``). ``turn_order.py`` decides which."""

from __future__ import annotations

from collections import defaultdict

import attrs

from ..content import Content
from ..intents import Continue, Intent
from ..ledger import adjust, log, merge, put_stack
from ..levels import raise_level, reveal_secrets
from ..phase_end import PhaseOver, Step
from ..state import WHITE, GameState, Phase
from ..victory import VictoryResult, evaluate_victory


def enter(state: GameState, content: Content) -> GameState:
    state = attrs.evolve(state, phase=Phase.SUMMARY)
    return log(state, WHITE, "summary", digest(state))


def digest(state: GameState) -> str:
    """A public account of the turn: cards played, rolls, and each player's net IP and RP."""
    entries = [e for e in state.log if e.turn == state.turn and not e.visible_to]
    played = [e.text for e in entries if e.kind == "card"]
    ip: dict[str, int] = defaultdict(int)
    rp: dict[str, int] = defaultdict(int)
    for entry in entries:
        for change in entry.changes:
            if change.what in ("ip", "rp"):
                (ip if change.what == "ip" else rp)[change.player] += change.delta
    lines = [f"Turn {state.turn} in summary."]
    lines.append("Cards played: " + ("; ".join(played) if played else "none") + ".")
    standings = ", ".join(f"{p.id} {ip[p.id]:+d} IP ({_public(state, p.id, 'ip', p.ip)})" for p in state.players)
    lines.append(f"Influence this turn: {standings}.")
    spending = ", ".join(f"{p.id} {rp[p.id]:+d} RP ({_public(state, p.id, 'rp', p.rp)})" for p in state.players)
    lines.append(f"Resources this turn (public moves only): {spending}.")
    return " ".join(lines)


def _public(state: GameState, player: str, what: str, balance: int) -> int:
    """A balance as the whole table may know it: without the private results' changes
    (``state.unseen``, ch. 3), as the other seats' views show it (RPs never below zero)."""
    hidden = sum(u.delta for u in state.unseen if u.player == player and u.what == what)
    return max(0, balance - hidden) if what == "rp" else balance - hidden


def legal(state: GameState, content: Content) -> list[Intent]:
    return [Continue()]


def apply(state: GameState, content: Content, intent: Intent) -> Step:
    assert isinstance(intent, Continue)
    return PhaseOver(state)


def judge(state: GameState, content: Content) -> VictoryResult:
    """The scenario's victory conditions (Table A.2 by default) on the current state."""

    def forces_at(player: str, location: str) -> int:
        return sum(s.ffs for s in state.stacks if s.owner == player and s.location == location)

    return evaluate_victory(content.scenario, {p.id: p.ip for p in state.players}, forces_at)


def finish(state: GameState, content: Content) -> GameState:
    result = judge(state, content)
    state = attrs.evolve(state, phase=Phase.OVER, queue=(), winners=result.winners, losers=result.losers)
    for verdict in result.players:
        word = "wins" if verdict.won else "loses" if verdict.lost else "does not win"
        state = log(state, WHITE, "victory", f"{verdict.player} {word}: {'; '.join(verdict.reasons)}")
    return state


def next_turn(state: GameState) -> GameState:
    """The turn after this one begins; its first phase is entered by the turn order."""
    turn = state.turn + 1
    state = attrs.evolve(
        state, turn=turn, signals={}, activations={}, played={}, moves={}, readiness_paid=False, red_order_turn=()
    )
    due = [s for s in state.scheduled if s.turn <= turn]
    state = attrs.evolve(state, scheduled=tuple(s for s in state.scheduled if s.turn > turn))
    for item in due:
        if item.target in ("ip", "rp"):
            state = adjust(
                state,
                item.player,
                f"{item.source}, as scheduled",
                visible_to=(item.player,) if item.private else (),
                source=item.source,
                **{
                    item.target: {
                        item.player: max(item.amount, -state.player(item.player).rp)
                        if item.target == "rp"
                        else item.amount
                    }
                },
            )
        else:
            state = raise_level(state, item.player, item.target, item.amount, item.source, item.private)
    state = attrs.evolve(state, effects=tuple(e for e in state.effects if e.last_turn >= turn))
    state = reveal_secrets(state, lambda s: s.reveal_turn <= turn, "its time is up")
    for stack in state.stacks:
        # Reset forces held by a pin go home when it is lifted (restored Red ones are out
        # no longer than the pin: their reset ends with it).
        if stack.pinned_through == turn - 1 and stack.reset_through >= turn - 1 and stack.location != stack.home:
            state = put_stack(state, attrs.evolve(stack, location=stack.home, arrived_turn=turn))
            state = log(
                state, stack.owner, "reset", f"{stack.owner}'s {stack.ffs} reset FF go home now the pin is lifted"
            )
    return merge(state)
