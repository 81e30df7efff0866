"""Blue Investments and Actions: the U.S. pays its readiness bill first (ch. 14); then
every Blue investment, then every Blue action, the U.S. and NATO/EU taking turns as they
choose within each (ch. 3; the steps and hand-overs are ``blue_order.py``); all along
they post forces and manage readiness (ch. 3, 9, 13, 14).

Posture moves (proactive deployments, ch. 9) are priced and made in ``posture.py``;
``move_cost`` and ``move_pricer`` are imported here too, where the screens and bots
look for the Blue phase's prices.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from .. import blue_order, readiness, tiers
from ..content import Content
from ..discretion import base_saving
from ..hand import apply_card_intent, card_intents, is_card_intent
from ..intents import (
    BuyBack,
    Deploy,
    EndInvestments,
    EndPhase,
    GrantEmergencyFunding,
    HandOver,
    Intent,
    PayReadiness,
    Retire,
    SetReadiness,
)
from ..ledger import adjust, count_forces, effect_total, log, put_stack, split
from ..phase_end import Step
from ..posture import deploy, deploy_options
from ..posture import move_cost as move_cost  # re-exported: see the docstring
from ..posture import move_pricer as move_pricer
from ..random_events import random_event_check
from ..rulings import standard_proposals
from ..state import CONUS_LOCATION, WHITE, GameState, Phase, Stack
from ..terms import READINESS_LEVELS


def enter(state: GameState, content: Content) -> GameState:
    state = attrs.evolve(
        state,
        phase=Phase.BLUE,
        queue=content.scenario.blue,
        readiness_paid=False,
        moves={},
        blue_to_act=content.scenario.blue,
    )  # the investments come first (ch. 3)
    state = log(state, WHITE, "phase", f"Turn {state.turn}: {Phase.BLUE.title}")
    return random_event_check(state)


def readiness_bill(state: GameState, content: Content) -> readiness.ReadinessBill:
    groups = [readiness.ReadinessGroup(s.ffs, s.readiness, s.location == CONUS_LOCATION) for s in state.stacks_of("US")]
    return readiness.sustainment_cost(content.rules, groups)


def readiness_surcharge(state: GameState) -> int:
    """Extra readiness RPs that ``readiness`` effects put on U.S. FFs at named places (EVT-CON-16)."""
    return sum(
        stack.ffs * effect_total(state, "US", "readiness", (f"at:{stack.location}",)) for stack in state.stacks_of("US")
    )


def readiness_due(state: GameState, content: Content) -> int:
    return readiness_bill(state, content).total + readiness_surcharge(state) - base_saving(state, content)


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
    options += blue_order.step_options(state, player)
    options.append(EndPhase(player))
    return options


def buyback_options(state: GameState, content: Content, stacks: Iterable[Stack] | None = None) -> list[Intent]:
    """Buy-backs the U.S. can afford now: allowed whenever it may act (ch. 14); of ``stacks``
    when given (those not yet committed to the card in play), else of every U.S. stack."""
    rp = state.player("US").rp
    return [
        BuyBack("US", stack.id, level)
        for stack in (state.stacks_of("US") if stacks is None else stacks)
        for level in READINESS_LEVELS
        if level > stack.readiness and buyback_price(content, stack, level) <= rp
    ]


def buy_back(state: GameState, content: Content, intent: BuyBack) -> GameState:
    """Whole stacks or some of their FFs (tiered readiness, ``tiers.py``)."""
    return tiers.buy_back(state, content, intent)


def readiness_options(state: GameState, content: Content) -> list[Intent]:
    """Buy-backs and lowerings, whole stacks and parts (``tiers.py``), and retirements."""
    options: list[Intent] = tiers.blue_buybacks(state, content) + tiers.lowerings(state)
    for stack in state.stacks_of("US"):
        if retirable(state, stack):
            options += [Retire("US", stack.id, n) for n in range(1, stack.ffs + 1)]
    return options


def buyback_price(content: Content, stack: Stack, level: int, ffs: int = 0) -> int:
    """RPs to buy ``ffs`` FFs of ``stack`` (0 = all of it) back to ``level``."""
    return tiers.buyback_price(content, stack, level, ffs)


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


def apply(state: GameState, content: Content, intent: Intent) -> Step:
    if isinstance(intent, PayReadiness):
        bill = readiness_bill(state, content)
        extra = readiness_surcharge(state)
        saving = base_saving(state, content)  # U.S. bases the White Cell ruled (ch. 9)
        shown = (f" + surcharges {extra}" if extra else "") + (f" - bases {saving}" if saving else "")
        state = adjust(
            state,
            "US",
            f"readiness bill: CONUS {bill.conus_total} + OCONUS {bill.oconus_total}{shown}",
            rp={"US": -(bill.total + extra - saving)},
        )
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
        return tiers.set_readiness(state, content, intent)
    if isinstance(intent, Retire):
        part, state = split(state, intent.stack, intent.ffs)
        state = put_stack(state, attrs.evolve(part, ffs=0))
        return count_forces(state, "US", "US", -intent.ffs, f"U.S. retires {intent.ffs} FF M{part.mod} from CONUS")
    if isinstance(intent, EndInvestments):
        return blue_order.end_investments(state, intent.player)
    if isinstance(intent, HandOver):
        return blue_order.hand_over(state, intent)
    if isinstance(intent, EndPhase):
        return blue_order.end_phase(state, intent.player)
    raise AssertionError(intent)
