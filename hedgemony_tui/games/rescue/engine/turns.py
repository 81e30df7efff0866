"""A player's turn (seed L38-L44): move one hex, share tokens, use the depots, and one
action (resolve a crisis, or request a token at the airport or the port), in any order
(R4); ending the turn is always allowed."""

from __future__ import annotations

import attrs

from .actors import RESOURCES
from .board import Board
from .intents import Drop, EndTurn, Give, Intent, Move, Request, Resolve, Take
from .reckon import can_step, requirement
from .state import RescueState, Turn, add_stock, logged, with_actor, with_crisis


def turn_intents(state: RescueState, board: Board) -> list[Intent]:
    """Everything the player whose turn it is may do now."""
    seat = state.turn.seat
    me = state.actor(seat)
    found: list[Intent] = []
    if not state.turn.moved:
        found += [Move(seat, to) for to in board.neighbours(me.hex) if can_step(state, board, seat, to)]
    if not state.blackout:
        found += [
            Give(seat, other.id, r)
            for other in state.actors
            if other.id != seat and other.hex == me.hex
            for r in RESOURCES
            if me.tokens.of(r) > 0
        ]
    if me.hex in board.staging:
        found += [Drop(seat, r) for r in RESOURCES if me.tokens.of(r) > 0]
    if state.turn.carried < state.settings.transport_limit:
        found += [
            Take(seat, s.owner, s.resource) for s in state.stocks_at(me.hex) if s.owner == seat or not state.blackout
        ]
    if not state.turn.acted:
        crisis_no = board.crisis_at(me.hex)
        if crisis_no:
            crisis = state.crisis(crisis_no)
            if crisis.open and me.tokens.of(requirement(crisis, seat).resource) >= requirement(crisis, seat).tokens:
                found.append(Resolve(seat, crisis_no))
        found += [Request(seat, r, at) for at in (board.airport, board.port) for r in RESOURCES]
    found.append(EndTurn(seat))
    return found


def apply_turn(state: RescueState, board: Board, intent: Intent) -> RescueState:
    """The state after a legal turn intent (the caller checked it is legal)."""
    seat = intent.seat
    me = state.actor(seat)
    if isinstance(intent, Move):
        state = with_actor(state, attrs.evolve(me, hex=intent.to))
        state = attrs.evolve(state, turn=attrs.evolve(state.turn, moved=True))
        place = board.place_name(intent.to) or ("ocean" if board.ocean(intent.to) else "")
        return logged(state, seat, "move", f"{seat} moves to {intent.to}{f' ({place})' if place else ''}.")
    if isinstance(intent, Give):
        other = state.actor(intent.to)
        state = with_actor(state, attrs.evolve(me, tokens=me.tokens.plus(intent.resource, -1)))
        state = with_actor(state, attrs.evolve(other, tokens=other.tokens.plus(intent.resource, 1)))
        return logged(state, seat, "share", f"{seat} gives a {intent.resource} token to {intent.to}.")
    if isinstance(intent, Drop):
        state = with_actor(state, attrs.evolve(me, tokens=me.tokens.plus(intent.resource, -1)))
        state = add_stock(state, me.hex, seat, intent.resource, 1)
        return logged(state, seat, "depot", f"{seat} leaves a {intent.resource} token at {me.hex}.")
    if isinstance(intent, Take):
        state = add_stock(state, me.hex, intent.owner, intent.resource, -1)
        state = with_actor(state, attrs.evolve(me, tokens=me.tokens.plus(intent.resource, 1)))
        state = attrs.evolve(state, turn=attrs.evolve(state.turn, carried=state.turn.carried + 1))
        whose = "its own" if intent.owner == seat else f"{intent.owner}'s"
        return logged(
            state,
            seat,
            "depot",
            f"{seat} picks up {whose} {intent.resource} token at {me.hex} "
            f"({state.turn.carried} of {state.settings.transport_limit} this turn).",
        )
    if isinstance(intent, Resolve):
        crisis = state.crisis(intent.crisis)
        need = requirement(crisis, seat)
        state = with_actor(state, attrs.evolve(me, tokens=me.tokens.plus(need.resource, -need.tokens)))
        state = with_crisis(state, attrs.evolve(crisis, resolved_by=seat, resolved_cycle=state.cycle))
        state = attrs.evolve(state, turn=attrs.evolve(state.turn, acted=True))
        return logged(
            state, seat, "resolve", f"{seat} resolves Crisis {crisis.number} ({crisis.colour}): {need.worksheet()}."
        )
    if isinstance(intent, Request):
        state = add_stock(state, intent.at, seat, intent.resource, 1)
        state = attrs.evolve(state, turn=attrs.evolve(state.turn, acted=True))
        return logged(
            state,
            seat,
            "request",
            f"{seat} requests a {intent.resource} token; it arrives at {intent.at} ({board.place_name(intent.at)}).",
        )
    raise AssertionError(f"not a turn intent: {intent!r}")


def begin_turn(state: RescueState, index: int) -> RescueState:
    seat = state.order[index]
    state = attrs.evolve(state, active=index, turn=Turn(seat))
    return logged(state, seat, "turn", f"{seat}'s turn.")
