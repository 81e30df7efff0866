"""Posture moves: proactive deployments of Force Factors (ch. 9).

Free inside an AOR or back to the home AOR; 1 RP per group of FFs that share an origin
location and a destination AOR; from CONUS priced on the proactive table, one deployment
per destination AOR. Blue players move anywhere in their Blue phase; Red players only
inside a stack's AOR or home in their Red phase (out-of-area operations go through
their cards).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from . import costs, lasting_terms, names
from .content import Content
from .intents import Deploy, Intent
from .ledger import adjust, blocked, effect_total, log, put_stack, split
from .state import CONUS_LOCATION, GameState, Stack


def move_group(stack: Stack, destination_aor: str) -> str:
    """Proactive moves group by destination AOR (from CONUS) or by origin and destination."""
    origin = "conus" if stack.location == CONUS_LOCATION else stack.location
    return f"{stack.owner}:{origin}->{destination_aor}"


def move_cost(state: GameState, content: Content, stack: Stack, ffs: int, to: str) -> int:
    return move_pricer(state, content, stack)(ffs, to)


def move_pricer(state: GameState, content: Content, stack: Stack) -> Callable[[int, str], int]:
    """A function pricing ``ffs`` FFs of ``stack`` moved to a place, in RPs (chapter 9).

    Chapter 9's price depends only on the destination AOR, so it is worked out once per
    AOR and size; card effects are added per place: "deploy" prices each paid move between
    AORs (EVT-ECON-23), "deploy:<place>" and "action:<place>" each move to that place
    (EVT-POL-19, EVT-CON-29), all charged with the group's first FF.
    """
    board = content.scenario.board
    origin_aor, home_aor = board.aor_of(stack.location), board.aor_of(stack.home)
    from_conus = stack.location == CONUS_LOCATION
    deploy_extra = effect_total(state, stack.owner, "cost", ("deploy",))
    place_extra: dict[str, int] = {}
    for e in state.effects:
        if (
            e.player == stack.owner
            and e.kind == "cost"
            and e.family.startswith(("deploy:", "action:"))
            and e.active(state.turn)
        ):
            place = e.family.split(":", 1)[1]  # "action:<place>": a move into it is an action there (EVT-CON-29)
            place_extra[place] = place_extra.get(place, 0) + e.value
    bases: dict[tuple[str, int], int] = {}

    def price(ffs: int, to: str) -> int:
        there = board.aor_of(to)
        sent = state.moves.get(move_group(stack, there), 0)
        base = bases.get((there, ffs))
        if base is None:
            base = bases[(there, ffs)] = costs.added_deployment_cost(
                content.rules,
                from_conus=from_conus,
                origin_aor=origin_aor,
                destination_aor=there,
                home_aor=home_aor,
                ffs=ffs,
                reactive=False,
                already_sent=sent,
            )
        if sent:
            return base
        return max(0, base + place_extra.get(to, 0) + (deploy_extra if base else 0))

    return price


def movable(state: GameState, stack: Stack) -> bool:
    return (
        stack.available(state.turn)
        and not stack.pinned(state.turn)
        and stack.moved_turn != state.turn
        and not blocked(state, stack.owner, ("posture",))
    )


def deploy_options(state: GameState, content: Content, player: str, within_aor: bool = False) -> list[Intent]:
    """Posture moves ``player`` can afford; ``within_aor``: only inside the stack's AOR or home
    (Red: out-of-area operations go through its cards, ch. 9)."""
    rp = state.player(player).rp
    board = content.scenario.board
    options: list[Intent] = []
    for stack in state.stacks_of(player):
        if not movable(state, stack):
            continue
        price = move_pricer(state, content, stack)
        for place in board.locations:
            if place.id == stack.location:
                continue
            if within_aor and place.aor != board.aor_of(stack.location) and place.id != stack.home:
                continue
            for ffs in range(1, stack.ffs + 1):
                if lasting_terms.would_break(state, stack, ffs, place.id):
                    break  # forces a lasting term keeps where they are (EVT-CON-29)
                if price(ffs, place.id) <= rp:
                    options.append(Deploy(player, stack.id, ffs, place.id))
    return options


def deploy(state: GameState, content: Content, intent: Deploy) -> GameState:
    stack = state.stack(intent.stack)
    price = move_cost(state, content, stack, intent.ffs, intent.to)
    board = content.scenario.board
    there = board.aor_of(intent.to)
    key = move_group(stack, there)
    state = attrs.evolve(state, moves={**state.moves, key: state.moves.get(key, 0) + intent.ffs})
    if price:
        state = adjust(state, intent.player, f"deployment to {names.aor(content, there)}", rp={intent.player: -price})
    part, state = split(state, intent.stack, intent.ffs)
    out_of_area = board.aor_of(part.location) != there
    state = put_stack(
        state,
        attrs.evolve(
            part,
            location=intent.to,
            moved_turn=state.turn,
            arrived_turn=state.turn if out_of_area else part.arrived_turn,
        ),
    )
    return log(
        state,
        intent.player,
        "deploy",
        f"{intent.player} moves {names.forces(intent.ffs, part.mod)} from "
        f"{names.place(content, stack.location)} to {names.place(content, intent.to)}",
    )
