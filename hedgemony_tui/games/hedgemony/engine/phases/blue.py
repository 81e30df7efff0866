"""Blue Investments and Actions: the U.S. pays its readiness bill first (ch. 14); then
each Blue player, U.S. first, posts forces, manages readiness, invests and acts until
it ends its part of the phase (ch. 3, 9, 13, 14).

Posture moves are proactive deployments (ch. 9): free inside an AOR or back to the
home AOR; 1 RP per group of FFs that share an origin location and a destination AOR;
from CONUS priced on the proactive table, one deployment per destination AOR.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from .. import costs, readiness
from ..content import Content
from ..hand import apply_card_intent, card_intents, is_card_intent
from ..intents import (
    BuyBack,
    Deploy,
    EndPhase,
    GrantEmergencyFunding,
    Intent,
    PayReadiness,
    Retire,
    SetReadiness,
)
from ..rulings import standard_proposals
from ..ledger import adjust, blocked, count_forces, effect_total, log, put_stack, split
from ..state import CONUS_LOCATION, WHITE, GameState, Stack
from ..terms import READINESS_LEVELS
from . import red


def readiness_bill(state: GameState, content: Content) -> readiness.ReadinessBill:
    groups = [
        readiness.ReadinessGroup(s.ffs, s.readiness, s.location == CONUS_LOCATION) for s in state.stacks_of("US")
    ]
    return readiness.sustainment_cost(content.rules, groups)


def readiness_surcharge(state: GameState) -> int:
    """Extra readiness RPs that ``readiness`` effects put on U.S. FFs at named places (EVT-CON-16)."""
    return sum(stack.ffs * effect_total(state, "US", "readiness", (f"at:{stack.location}",)) for stack in state.stacks_of("US"))


def readiness_due(state: GameState, content: Content) -> int:
    return readiness_bill(state, content).total + readiness_surcharge(state)


def deciding_seat(state: GameState, content: Content) -> str:
    player = state.queue[0]
    if player == "US" and not state.readiness_paid and readiness_due(state, content) > state.player("US").rp:
        return WHITE
    return player


# --- what may be done -----------------------------------------------------------------------


def legal(state: GameState, content: Content) -> list[Intent]:
    player = state.queue[0]
    if player == "US" and not state.readiness_paid:
        shortfall = readiness_due(state, content) - state.player("US").rp
        if shortfall > 0:
            return [GrantEmergencyFunding("US", shortfall)]
        return [PayReadiness("US")]
    options = card_intents(state, content, player, content.deck(player))
    options += deploy_options(state, content, player)
    if player == "US":
        options += readiness_options(state, content)
    options += standard_proposals(state, content, player)
    options.append(EndPhase(player))
    return options


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
    AORs (EVT-ECON-23), "deploy:<place>" each move to that place (EVT-POL-19), both charged
    with the group's first FF.
    """
    board = content.scenario.board
    origin_aor, home_aor = board.aor_of(stack.location), board.aor_of(stack.home)
    from_conus = stack.location == CONUS_LOCATION
    deploy_extra = effect_total(state, stack.owner, "cost", ("deploy",))
    place_extra: dict[str, int] = {}
    for e in state.effects:
        if e.player == stack.owner and e.kind == "cost" and e.family.startswith("deploy:") and e.active(state.turn):
            place = e.family.removeprefix("deploy:")
            place_extra[place] = place_extra.get(place, 0) + e.value
    bases: dict[tuple[str, int], int] = {}

    def price(ffs: int, to: str) -> int:
        there = board.aor_of(to)
        sent = state.moves.get(move_group(stack, there), 0)
        base = bases.get((there, ffs))
        if base is None:
            base = bases[(there, ffs)] = costs.added_deployment_cost(
                content.rules, from_conus=from_conus, origin_aor=origin_aor, destination_aor=there,
                home_aor=home_aor, ffs=ffs, reactive=False, already_sent=sent,
            )
        if sent:
            return base
        return max(0, base + place_extra.get(to, 0) + (deploy_extra if base else 0))

    return price


def movable(state: GameState, stack: Stack) -> bool:
    return (stack.available(state.turn) and not stack.pinned(state.turn) and stack.moved_turn != state.turn
            and not blocked(state, stack.owner, ("posture",)))


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
                if price(ffs, place.id) <= rp:
                    options.append(Deploy(player, stack.id, ffs, place.id))
    return options


def buyback_options(state: GameState, content: Content, stacks=None) -> list[Intent]:
    """Buy-backs the U.S. can afford now: allowed whenever it may act (ch. 14)."""
    rp = state.player("US").rp
    return [
        BuyBack("US", stack.id, level)
        for stack in (state.stacks_of("US") if stacks is None else stacks)
        for level in READINESS_LEVELS
        if level > stack.readiness and buyback_price(content, stack, level) <= rp
    ]


def buy_back(state: GameState, content: Content, intent: BuyBack) -> GameState:
    stack = state.stack(intent.stack)
    price = buyback_price(content, stack, intent.to)
    state = adjust(state, "US", f"buy-back of {stack.ffs} FF to {intent.to}%", rp={"US": -price})
    return put_stack(state, attrs.evolve(stack, readiness=intent.to, bought_back_turn=state.turn))


def readiness_options(state: GameState, content: Content) -> list[Intent]:
    options: list[Intent] = buyback_options(state, content)
    for stack in state.stacks_of("US"):
        for level in READINESS_LEVELS:
            if level < stack.readiness:
                options.append(SetReadiness("US", stack.id, level))
        if retirable(state, stack):
            options += [Retire("US", stack.id, n) for n in range(1, stack.ffs + 1)]
    return options


def buyback_price(content: Content, stack: Stack, level: int) -> int:
    return readiness.buyback_between(
        content.rules, stack.ffs, stack.readiness, level, conus=stack.location == CONUS_LOCATION
    ).value


def retirable(state: GameState, stack: Stack) -> bool:
    """Only FFs that began the turn in CONUS, once the bill is paid (ch. 13)."""
    return (
        stack.owner == "US"
        and stack.location == CONUS_LOCATION
        and stack.arrived_turn != state.turn
        and stack.moved_turn != state.turn
        and stack.procured_turn != state.turn
        and state.readiness_paid
    )


# --- doing it --------------------------------------------------------------------------------


def apply(state: GameState, content: Content, intent: Intent) -> GameState:
    if isinstance(intent, PayReadiness):
        bill = readiness_bill(state, content)
        extra = readiness_surcharge(state)
        shown = f" + surcharges {extra}" if extra else ""
        state = adjust(state, "US", f"readiness bill: CONUS {bill.conus_total} + OCONUS {bill.oconus_total}{shown}",
                       rp={"US": -(bill.total + extra)})
        return attrs.evolve(state, readiness_paid=True)
    if isinstance(intent, GrantEmergencyFunding):
        state = adjust(state, WHITE, "White Cell emergency funding", rp={intent.player: intent.amount})
        return state
    if is_card_intent(intent):
        return apply_card_intent(state, content, intent)
    if isinstance(intent, Deploy):
        return deploy(state, content, intent)
    if isinstance(intent, BuyBack):
        return buy_back(state, content, intent)
    if isinstance(intent, SetReadiness):
        stack = state.stack(intent.stack)
        state = put_stack(state, attrs.evolve(stack, readiness=intent.to))
        return log(state, "US", "readiness", f"U.S. lowers {stack.ffs} FF at {stack.location} to {intent.to}% (saves from next turn)")
    if isinstance(intent, Retire):
        part, state = split(state, intent.stack, intent.ffs)
        state = put_stack(state, attrs.evolve(part, ffs=0))
        return count_forces(state, "US", "US", -intent.ffs, f"U.S. retires {intent.ffs}xM{part.mod} from CONUS")
    if isinstance(intent, EndPhase):
        state = attrs.evolve(state, queue=state.queue[1:])
        state = log(state, intent.player, "end", f"{intent.player} ends its Blue phase")
        return state if state.queue else red.enter(state, content)
    raise AssertionError(intent)


def deploy(state: GameState, content: Content, intent: Deploy) -> GameState:
    stack = state.stack(intent.stack)
    price = move_cost(state, content, stack, intent.ffs, intent.to)
    board = content.scenario.board
    there = board.aor_of(intent.to)
    key = move_group(stack, there)
    state = attrs.evolve(state, moves={**state.moves, key: state.moves.get(key, 0) + intent.ffs})
    if price:
        state = adjust(state, intent.player, f"deployment to {there}", rp={intent.player: -price})
    part, state = split(state, intent.stack, intent.ffs)
    out_of_area = board.aor_of(part.location) != there
    state = put_stack(state, attrs.evolve(part, location=intent.to, moved_turn=state.turn,
                                          arrived_turn=state.turn if out_of_area else part.arrived_turn))
    return log(state, intent.player, "deploy", f"{intent.player} moves {intent.ffs}xM{part.mod} from {stack.location} to {intent.to}")

