"""Playing cards: whether a card may be played now, what it costs, and what it does.

Covers the rolls printed on cards (``d10``), R&D toward National Tech Level (``tech``),
Critical Capability upgrades with their privacy roll (``upgrade``), and the prices and
eligibility of the two pay-to-play investments (``modernize``, ``procure``; playing
them is ``buying.py``). Contests (CRT A / RT B) are in
``contest.py``. Costs: the card's price, +1 RP per Red card after the first in a turn
(Procure excepted, ch. 3 and 13), and any cost effects in force.
"""

from __future__ import annotations

import attrs

from hedgemony_tui.table.dice import RollRecord, Term

from . import blue_order, costs, red_play
from .cards import UNTIL_USED, Band, Card, CardKind, EffectSpec, OfferSpec
from .content import Content
from .contest import eligible_initiator_stacks
from .ledger import (
    add_effect,
    adjust,
    blocked,
    count_forces,
    effect_total,
    log,
    new_id,
    put_stack,
    use_effects,
)
from .levels import schedule_or_apply
from .state import Effect, GameState, Phase, RollPurpose, RollRequest, Stack


def side_of(content: Content, player: str) -> str:
    return content.scenario.player(player).side


def extra_card_cost(state: GameState, content: Content, player: str, card: Card) -> int:
    """Red pays more for every card after its first this turn (the pace rule's setting,
    ``red_play.py``); Procure never counts."""
    if side_of(content, player) != "red":
        return 0
    return red_play.extra_card_cost(state, content, player, card)


def card_cost(state: GameState, content: Content, player: str, card: Card) -> int:
    """RPs to play the card (not counting a pay-to-play card's mat cost)."""
    modifier = effect_total(state, player, "cost", cost_families(card))
    return max(0, card.cost + modifier) + extra_card_cost(state, content, player, card)


def cost_families(card: Card) -> tuple[str, ...]:
    """What cost effects on a card may name: its families, its id, its capability."""
    return card.families + (card.id,) + ((card.capability,) if card.capability else ())


def cooldown_left(state: GameState, player: str, card: Card) -> int:
    """Turns until the card may be played again (0 = now)."""
    last = state.last_played.get(f"{player}:{card.id}")
    if last is None or card.every == 0:
        return 0
    return max(0, last + card.every - state.turn)


INJECTION_PHASES = (Phase.SIGNALING, Phase.BLUE, Phase.RED)
"""The White Cell may inject events in the first three phases of a turn (ch. 3)."""


def why_not_injectable(state: GameState, card: Card) -> str | None:
    """None if the White Cell may inject event ``card`` now, else the reason."""
    if not card.is_event:
        return f"{card.id} is not an event card"
    if state.phase not in INJECTION_PHASES:
        return f"events are injected in the first three phases, not in the {state.phase.title} phase"
    if card.once == "game" and f"WHITE:{card.id}" in state.last_played:
        return f"{card.id} was already played this game"
    if any(r.card == card.id for r in state.ongoing):
        return f"{card.id} is still going on"
    last = state.last_played.get(f"WHITE:{card.id}")
    if last is not None and card.every and last + card.every > state.turn:
        return f"{card.id} may come up every {card.every} turns"
    return None


def why_not_playable(state: GameState, content: Content, player: str, card: Card) -> str | None:
    """None if ``player`` may play ``card`` now, else the reason in words."""
    if card.player != player:
        return f"{card.id} is not in {player}'s deck"
    if card.kind not in (CardKind.ACTION, CardKind.INVESTMENT):
        return f"{card.id} is an event card; the White Cell plays those"
    side = side_of(content, player)
    if state.phase is Phase.BLUE and side == "blue":
        reason = blue_order.why_not_now(state, card)  # every Blue investment before any Blue action (ch. 3)
        if reason:
            return reason
    elif state.phase is Phase.RED and side == "red":
        reason = red_play.why_not_red(state, content, player, card)  # signals, the mix, Procure (ch. 3, 13)
        if reason:
            return reason
    else:
        return f"{player} cannot play cards in the {state.phase.title} phase"
    if card.id in state.played.get(player, ()):
        return f"{card.id} was already played this turn"
    wait = cooldown_left(state, player, card)
    if wait:
        return f"{card.id} may be played every {card.every} turns: wait {wait} more"
    if blocked(state, player, card.families + (card.id,) + ((card.capability,) if card.capability else ())):
        return f"an effect in force forbids {card.id} now"
    price = card_cost(state, content, player, card)
    rp = state.player(player).rp
    if price > rp:
        return f"{card.id} costs {price} RP; {player} has {rp}"
    pstate = state.player(player)
    if card.resolution == "upgrade":
        level = pstate.capabilities.get(card.capability)
        if level is None:
            return f"{player} has no {card.capability} capability to upgrade"
        if level >= pstate.tech_level:
            return f"{card.capability} is already at the National Tech Level ({pstate.tech_level})"
    if card.resolution == "tech" and pstate.tech_level >= 7:
        return "National Tech Level is already at the top (7)"
    if card.resolution == "procure" and procurement_price(state, content, player, 1, 1) > rp:
        return f"{player} cannot afford even one M1 FF"
    if card.resolution == "modernize" and not modernizable(state, content, player, card):
        return "no FFs may be modernized now (Tech Level, pinned or new forces, cost, or the 20% cap)"
    if card.once == "game" and f"{player}:{card.id}" in state.last_played:
        return f"{card.id} may be played once a game"
    if card.max_units and price + card.unit_cost > rp:
        return f"{card.id} costs {price} RP and {card.unit_cost} RP per unit; {player} has {rp}"
    if card.once == "choice" and card.choice is not None and not _choices_left(state, content, player, card):
        return f"{card.id} was already played for every option"
    if (
        card.contest is not None
        and card.contest.initiator_forces
        and not (card.bands and card.contest.table != "bands")
    ):
        if not eligible_initiator_stacks(state, content, player, card):
            return f"{player} has no forces able to act in {card.aor}"
    return None


def _choices_left(state: GameState, content: Content, player: str, card: Card) -> bool:
    assert card.choice is not None
    made = {key.split(":", 2)[2] for key in state.last_played if key.startswith(f"choice:{card.id}:")}
    if card.choice.options_from == "aors-away":
        home = content.scenario.board.aor_of(content.scenario.player(player).home_location)
        return any(a.id != home and a.id not in made for a in content.scenario.board.aors)
    return any(o.id not in made for o in card.choice.options)


def pay_for(state: GameState, content: Content, player: str, card: Card, extra: int = 0) -> GameState:
    """Charge the card (and ``extra`` mat cost), mark it played, apply its on-play effects."""
    price = card_cost(state, content, player, card) + extra
    key = f"{player}:{card.id}"
    state = attrs.evolve(
        state,
        played={**state.played, player: state.played.get(player, ()) + (card.id,)},
        last_played={**state.last_played, key: state.turn},
    )
    state = log(state, player, "card", f"{player} plays {card.title} ({card.id})")
    if price:
        state = adjust(state, player, f"{card.id} cost", rp={player: -price})
    state = use_effects(state, player, "cost", cost_families(card))
    for spec in card.on_play:
        state = apply_effect(state, player, spec, card.id, private=False)
    return state


def apply_effect(state: GameState, player: str, spec: EffectSpec, source: str, private: bool) -> GameState:
    target = player if spec.player == "self" else spec.player
    first = state.turn + _turns_until_start(state, target, spec.starts)
    effect = Effect(
        id=0,
        player=target,
        kind=spec.kind,
        family=spec.family,
        value=spec.value,
        first_turn=first,
        last_turn=first + spec.turns - 1,
        source=source,
        private=private,
        uses=spec.uses,
    )
    state = add_effect(state, effect)
    return log(
        state,
        player,
        "effect",
        f"{target}: {describe_effect(spec, first)} ({source})",
        visible_to=(target,) if private else (),
    )


def _turns_until_start(state: GameState, target: str, starts: str) -> int:
    """0 if the effect begins this turn, 1 if next turn. ``next-action-phase`` (EVT-NATO-11:
    "in its next action phase") begins with the target's own action phase: this turn's
    while the turn has not yet reached it, next turn's once it is under way or over."""
    if starts == "next":
        return 1
    if starts == "next-action-phase":
        own = Phase.BLUE if state.player(target).side == "blue" else Phase.RED
        before = (Phase.SIGNALING,) if own is Phase.BLUE else (Phase.SIGNALING, Phase.BLUE)
        return 0 if state.phase in before else 1
    return 0


def describe_effect(spec: EffectSpec, first: int) -> str:
    """An effect in words, with when it holds."""
    family = spec.family
    place = family.replace("at:", "at ").replace("vs:", "against ").replace("deploy:", "moving forces to ")
    place = place.replace("action:", "each action at ").replace("near:", "near ").replace("+", " or ")
    what = {
        "roll": f"{spec.value:+d} to rolls on {family} cards",
        "cost": f"{spec.value:+d} RP to {place if family.startswith(('deploy', 'action:')) else family + ' cards'}",
        "keep": f"keeps at least {spec.value} FF {place}",
        "block": "may not move forces" if family == "posture" else f"may not play {family} cards",
        "discount": f"{spec.value}% off {family} costs",
        "commit-ip": (
            f"{spec.value:+d} IP when {family[3:]} first commits forces to this card"
            if family.startswith("by:")
            else f"{spec.value:+d} IP for committing forces {place}"
        ),
        "readiness": f"{spec.value:+d} RP readiness per U.S. FF {place}",
        "exempt": f"unharmed by {family}",
    }[spec.kind]
    if spec.turns >= UNTIL_USED:
        span = "until used" if spec.uses else "for the rest of the game"
    else:
        span = f"turn {first}" if spec.turns == 1 else f"turns {first}-{first + spec.turns - 1}"
        if spec.uses:
            span += f", {spec.uses} use{'s' if spec.uses > 1 else ''}"
    return f"{what}, {span}"


# --- cards that roll ---------------------------------------------------------------------


def start_rolled_card(state: GameState, content: Content, player: str, card: Card) -> GameState:
    state = pay_for(state, content, player, card)
    if card.resolution == "upgrade" and card.private_on is not None:
        request = RollRequest(player, f"{card.id}: is the outcome private?", RollPurpose.PRIVACY, card.id)
        return attrs.evolve(state, roll_request=request)
    return attrs.evolve(state, roll_request=RollRequest(player, f"{card.id}: {card.title}", RollPurpose.CARD, card.id))


def resolve_privacy(state: GameState, content: Content, request: RollRequest, face: int, physical: bool) -> GameState:
    """An upgrade card's privacy roll; then its own roll. (This roll's record has never
    carried ``physical``: left so, like every record already saved.)"""
    card = content.card(request.card)
    low, high = card.private_on or (0, -1)
    private = low <= face <= high
    record = RollRecord(
        state.turn,
        request.roller,
        request.reason,
        face,
        table="card",
        column="privacy",
        row=str(face),
        result="private" if private else "public",
    )
    state = log(
        state,
        request.roller,
        "roll",
        f"{card.id}: the outcome will be {'private' if private else 'public'}",
        visible_to=(request.roller,),
        roll=record,
    )
    return attrs.evolve(
        state, roll_request=RollRequest(request.roller, f"{card.id}: {card.title}", RollPurpose.CARD, card.id, private)
    )


def is_leading(state: GameState, player: str) -> bool:
    """Leading in tech: at or above every player's National Tech Level (ch. 8)."""
    mine = state.player(player).tech_level
    return all(mine >= p.tech_level for p in state.players)


def resolve_card_roll(state: GameState, content: Content, request: RollRequest, face: int, physical: bool) -> GameState:
    card = content.card(request.card)
    player = request.roller
    bands = card.bands
    column = ""
    if card.resolution == "tech":
        leading = is_leading(state, player)
        bands, column = (card.lead_bands, "leading") if leading else (card.follow_bands, "following")
    modifier = effect_total(state, player, "roll", card.families + (card.id,))
    terms = (Term("effects in force", modifier),) if modifier else ()
    state = use_effects(state, player, "roll", card.families + (card.id,))
    total = face + modifier
    band = card.band_for(total, bands)
    record = RollRecord(
        state.turn,
        player,
        request.reason,
        face,
        terms,
        table="card",
        column=column,
        row=f"{band.low}-{band.high}",
        result=band.label,
        physical=physical,
    )
    secret_to = (player,) if request.private else ()
    state = log(
        state,
        player,
        "roll",
        f"{card.id}: rolled {face}" + (f" {modifier:+d} = {total}" if modifier else "") + f": {band.label}",
        visible_to=secret_to,
        roll=record,
    )
    state = attrs.evolve(state, roll_request=None)
    return apply_band(state, content, player, card, band, request.private)


def apply_band(state: GameState, content: Content, player: str, card: Card, band: Band, private: bool) -> GameState:
    secret_to = (player,) if private else ()
    ip = {(player if k == "self" else k): v for k, v in band.ip.items()}
    rp = {(player if k == "self" else k): v for k, v in band.rp.items()}
    rp = {pid: max(delta, -state.player(pid).rp) for pid, delta in rp.items()}  # never below zero
    state = adjust(state, player, f"{card.id} {band.label}", rp=rp, ip=ip, visible_to=secret_to, source=card.id)
    if band.raise_by:
        if card.resolution == "tech":
            state = schedule_or_apply(state, player, "tech", band.raise_by, band.delay, card.id, False)
        elif card.resolution == "upgrade":
            state = schedule_or_apply(state, player, card.capability, band.raise_by, band.delay, card.id, private)
    for spec in band.effects:
        state = apply_effect(state, player, spec, card.id, private)
    return state


# --- modernize and procure -----------------------------------------------------------------


def modernize_cap(state: GameState, player: str, card: Card) -> int:
    return costs.modernization_cap(state.ffs_of(player), card.percent)


def modernizable_stacks(state: GameState, player: str) -> tuple[Stack, ...]:
    tech = state.player(player).tech_level
    return tuple(
        s
        for s in state.stacks_of(player)
        if s.mod + 1 <= min(tech, 7)
        and not s.pinned(state.turn)
        and s.procured_turn != state.turn
        and s.ready_turn <= state.turn
    )


def modernize_options(state: GameState, content: Content, player: str, card: Card) -> list[tuple[str, int]]:
    cap = modernize_cap(state, player, card)
    budget = state.player(player).rp - card_cost(state, content, player, card)
    options = []
    for stack in modernizable_stacks(state, player):
        for ffs in range(1, min(cap, stack.ffs) + 1):
            if modernization_price(state, content, player, ffs, card.levels) <= budget:
                options.append((stack.id, ffs))
    return options


def modernization_price(state: GameState, content: Content, player: str, ffs: int, levels: int) -> int:
    """Table 13.2's price less any ``discount`` effect (EVT-US-01)."""
    return discounted(state, player, "modernization", costs.modernization_cost(content.rules, ffs, levels).value)


def procurement_price(state: GameState, content: Content, player: str, ffs: int, mod: int) -> int:
    """Table 13.1's price less any ``discount`` effect (edition events)."""
    return discounted(state, player, "procurement", costs.procurement_cost(content.rules, ffs, mod).value)


def discounted(state: GameState, player: str, family: str, price: int) -> int:
    """A mat price less the percentage of ``discount`` effects: EVT-US-01's "25% off,
    rounded down, no less than 1 RP" rounds the discounted price down (4 RP at 25% off
    is 3, 2 RP is 1), and never goes below 1 RP. A discount that leaves the price as it
    was is not used up (``buying.py``)."""
    percent = effect_total(state, player, "discount", (family,))
    if not percent:
        return price
    return max(1, price * max(0, 100 - percent) // 100)


def modernizable(state: GameState, content: Content, player: str, card: Card) -> bool:
    return bool(modernize_options(state, content, player, card))


def procure_options(state: GameState, content: Content, player: str, card: Card) -> list[tuple[int, int]]:
    budget = state.player(player).rp - card_cost(state, content, player, card)
    tech = state.player(player).tech_level
    return [
        (ffs, mod)
        for mod in range(1, min(tech, 7) + 1)
        for ffs in range(1, 11)  # one card buys up to a printed row's worth (10 FFs)
        if procurement_price(state, content, player, ffs, mod) <= budget
    ]


def deliver_procurements(state: GameState) -> GameState:
    """Red's procured forces appear at the end of the Red phase, ready next turn."""
    for order in state.procurements:
        sid, state = new_id(state, order.player)
        stack = Stack(
            sid,
            order.player,
            order.ffs,
            order.mod,
            order.location,
            order.location,
            procured_turn=state.turn,
            ready_turn=state.turn + 1,
        )
        state = put_stack(state, stack)
        state = count_forces(
            state,
            order.player,
            order.player,
            order.ffs,
            f"{order.player}'s {order.ffs}xM{order.mod} arrive at {order.location}",
        )
    return attrs.evolve(state, procurements=())


def partner_terms(state: GameState, card: Card, offer: OfferSpec, payer: str, name: str) -> GameState:
    """The lasting terms a partnership made through ``offer`` leaves: those of this partner
    (EVT-CON-29's Singapore), and those of any partner unless an earlier success already
    left them (China keeps one FF by its partners once, however many it has)."""
    specs = offer.partner_effects.get(name, ())
    for spec in offer.partner_effects.get("any", ()):
        target = payer if spec.player == "self" else spec.player
        if not any(
            e.source == card.id and e.player == target and e.kind == spec.kind and e.family == spec.family
            for e in state.effects
        ):
            specs += (spec,)
    private = state.run is not None and state.run.private
    for spec in specs:
        state = apply_effect(state, payer, spec, card.id, private=private)
    return state
