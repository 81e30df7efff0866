"""The White Cell's discretion beyond the cards (rules/hedgemony/README.md, X11).

What the book leaves to the White Cell's judgement, as intents it may take at any point
where no die is pending (``white_cell_intents.py``):

* **The Red order** for the rest of the turn (ch. 3: "the directed sequence"): players
  who already acted keep their place; the one acting now finishes its turn.
* **Pins, resets and penalties** outside a card (ch. 11: the White Cell may charge a
  further cost or hold forces out for turns, and its worked example pins the forces of
  an interaction for two turns): while no card is in play.
* **A U.S. base** (ch. 9): the U.S. proposes one in its actions (``ProposeAction``);
  the White Cell rules its cost, the share of the AOR's OCONUS readiness sustainment
  it saves, and, if it wants uncertainty, the host's reliability on the proxy mat.
* **The proxy procedure** (ch. 15), three steps each with a roll on the Proxy Forces
  Reliability mat: participation, development (the sponsor pays its share of the mat
  price; a failure delivers one FF or Mod Level fewer; delivered forces serve from the
  next turn), and employment in the card in play (its ready FFs count on the sponsor's
  side, as non-U.S. forces in theater).
* **The pace rule** (ch. 3's optional rule): the extra RP for further Red cards, and
  after how many cards it starts.

``problems`` says what is wrong with one of these intents now (empty: it may be taken);
``apply`` carries it out. The dice are read by ``base_rolled`` and ``proxy_rolled``.
"""

from __future__ import annotations

import attrs

from hedgemony_tui.table.dice import RollRecord

from . import costs, names
from .chance import proxy_check
from .content import Content
from .contest import side_in_run
from .intents import Intent
from .ledger import adjust, log, put_stack, split
from .op_kinds import BASE, a_kind
from .readiness import ReadinessGroup, sustainment_cost
from .state import (
    CONUS_LOCATION,
    WHITE,
    Ally,
    Awaiting,
    Base,
    GameState,
    Phase,
    Proxy,
    ProxyForce,
    RollPurpose,
    RollRequest,
    Stage,
)
from .terms import MOD_LEVELS, Reliability
from .white_cell_intents import (
    WHITE_CELL_INTENTS,
    BuildBase,
    ImposePenalty,
    ImposePin,
    ImposeReset,
    ProxyDevelopment,
    ProxyEmployment,
    ProxyParticipation,
    SetPace,
    SetRedOrder,
)

UNTIL_LIFTED = 99
"""``ImposePin.turns`` for a pin of indefinite duration (ch. 11), until the White Cell lifts it."""
PIN_TURNS = (0, 1, 2, UNTIL_LIFTED)
MAX_PENALTY_IP = 5
MAX_PENALTY_RP = 10
MAX_BASE_COST = 10
MAX_BASE_PERCENT = 50
MAX_TEXT = 80
GRADES = tuple(g.value for g in Reliability)
FORCE_STAGES = (Stage.COMMIT, Stage.RESPOND)


def is_discretion(intent: Intent) -> bool:
    """One of the White Cell's discretionary interventions (open intents)."""
    return isinstance(intent, WHITE_CELL_INTENTS)


# --- what may be done ----------------------------------------------------------------------------


def problems(state: GameState, content: Content, intent: Intent) -> list[str]:
    """Everything wrong with a White Cell intervention now (empty: it may be taken)."""
    if getattr(intent, "player", "") != WHITE:
        return [f"only the White Cell may do this, not {getattr(intent, 'player', '?')}"]
    if state.phase is Phase.OVER:
        return ["the game is over"]
    if state.roll_request is not None:
        return ["a die is waiting to be rolled: roll it first"]
    if state.appeal is not None:
        return ["an appeal for emergency funding waits on the White Cell: rule on it first"]
    # One check per intervention, as ``apply`` below: each isinstance narrows the intent
    # to the type its check takes.
    if isinstance(intent, SetRedOrder):
        return _order_problems(state, content, intent)
    if isinstance(intent, ImposePin):
        return _pin_problems(state, content, intent)
    if isinstance(intent, ImposeReset):
        return _reset_problems(state, content, intent)
    if isinstance(intent, ImposePenalty):
        return _penalty_problems(state, content, intent)
    if isinstance(intent, BuildBase):
        return _base_problems(state, content, intent)
    if isinstance(intent, ProxyParticipation):
        return _participation_problems(state, content, intent)
    if isinstance(intent, ProxyDevelopment):
        return _development_problems(state, content, intent)
    if isinstance(intent, ProxyEmployment):
        return _employment_problems(state, content, intent)
    assert isinstance(intent, SetPace), f"not a White Cell intervention: {intent!r}"  # callers check is_discretion
    return _pace_problems(state, content, intent)


def _no_card(state: GameState) -> list[str]:
    return ["wait until the card in play is resolved"] if state.run is not None or state.proposal is not None else []


def _order_problems(state: GameState, content: Content, intent: SetRedOrder) -> list[str]:
    red = content.scenario.red
    found = []
    if sorted(intent.order) != sorted(red):
        found.append(f"name every Red player once: {', '.join(red)}")
    if state.phase not in (Phase.SIGNALING, Phase.BLUE, Phase.RED):
        found.append("the Red order is directed in the first three phases of a turn, for that turn")
    if state.settings.random_red_order:
        found.append("the optional random-order rule rolls the Red order this game")
    return found


def _stack_problems(state: GameState, stack_id: str) -> list[str]:
    if stack_id not in {s.id for s in state.stacks}:
        return [f"there is no stack {stack_id!r}"]
    return []


def _pin_problems(state: GameState, content: Content, intent: ImposePin) -> list[str]:
    found = _no_card(state) + _stack_problems(state, intent.stack)
    if intent.turns not in PIN_TURNS:
        found.append(f"a pin lasts 1 or 2 turns, or {UNTIL_LIFTED} (until lifted); 0 lifts one")
    elif not found and intent.turns == 0 and not state.stack(intent.stack).pinned(state.turn):
        found.append(f"{intent.stack} is not pinned")
    return found


def _reset_problems(state: GameState, content: Content, intent: ImposeReset) -> list[str]:
    found = _no_card(state) + _stack_problems(state, intent.stack)
    if not found and not 1 <= intent.ffs <= state.stack(intent.stack).ffs:
        found.append(f"{intent.stack} holds {state.stack(intent.stack).ffs} FF")
    if not 1 <= intent.turns <= 2:
        found.append("a reset keeps forces out for 1 or 2 more turns")
    return found


def _text_problems(text: str) -> list[str]:
    if len(text) > MAX_TEXT or (text and not text.isprintable()):
        return [f"say why in at most {MAX_TEXT} printable characters"]
    return []


def _penalty_problems(state: GameState, content: Content, intent: ImposePenalty) -> list[str]:
    found = _text_problems(intent.reason)
    if intent.target not in content.scenario.player_ids:
        return found + [f"there is no player {intent.target!r}"]
    if not -MAX_PENALTY_IP <= intent.ip <= 0 or not -MAX_PENALTY_RP <= intent.rp <= 0 or not (intent.ip or intent.rp):
        found.append(
            f"a penalty takes 1-{MAX_PENALTY_IP} IP and/or 1-{MAX_PENALTY_RP} RP (written as negative numbers)"
        )
    elif -intent.rp > state.player(intent.target).rp:
        found.append(f"{intent.target} has {state.player(intent.target).rp} RP")
    return found


def _base_problems(state: GameState, content: Content, intent: BuildBase) -> list[str]:
    proposal = state.proposal
    if proposal is None or proposal.player != "US" or proposal.ruling is not None:
        return ["a base is the White Cell's ruling on a U.S. proposal (ch. 9): none is waiting"]
    found = []
    if proposal.kind and proposal.kind != BASE:
        found.append(f"the U.S. proposed {a_kind(proposal.kind)}, not a base: rule it on its table or refuse it")
    if proposal.location == CONUS_LOCATION:
        found.append("a base is built outside CONUS")
    aor = content.scenario.board.aor_of(proposal.location)
    if any(b.aor == aor for b in state.bases):
        found.append(f"the U.S. already has a base in {aor}")
    if not 1 <= intent.cost <= MAX_BASE_COST:
        found.append(f"a base costs 1-{MAX_BASE_COST} RP")
    elif intent.cost > state.player("US").rp:
        found.append(f"the U.S. has {state.player('US').rp} RP")
    if not 1 <= intent.percent <= MAX_BASE_PERCENT:
        found.append(f"a base saves 1-{MAX_BASE_PERCENT}% of its AOR's OCONUS readiness sustainment")
    if intent.reliability not in GRADES:
        found.append(f"reliability is one of {', '.join(GRADES)}")
    return found


def _participation_problems(state: GameState, content: Content, intent: ProxyParticipation) -> list[str]:
    found = _no_card(state) + _text_problems(intent.proxy)
    if not intent.proxy.strip():
        found.append("name the proxy")
    if intent.sponsor not in content.scenario.player_ids:
        found.append(f"there is no player {intent.sponsor!r}")
    if intent.location not in {loc.id for loc in content.scenario.board.locations} or intent.location == CONUS_LOCATION:
        found.append(f"{intent.location!r} is not a place outside CONUS on the board")
    if any(p.name == intent.proxy for p in state.proxy_partners):
        found.append(f"{intent.proxy} is already a partner")
    if intent.reliability not in GRADES:
        found.append(f"reliability is one of {', '.join(GRADES)}")
    if not 0 <= intent.ffs <= 10 or intent.mod not in MOD_LEVELS:
        found.append("a proxy starts with 0-10 FFs at Mod Level 1-7")
    return found


def partner(state: GameState, name: str) -> Proxy | None:
    """The proxy partner called ``name``, if it agreed to take part."""
    return next((p for p in state.proxy_partners if p.name == name), None)


def _development_problems(state: GameState, content: Content, intent: ProxyDevelopment) -> list[str]:
    found = _no_card(state)
    proxy = partner(state, intent.proxy)
    if proxy is None:
        return found + [f"{intent.proxy!r} is not a proxy partner (step 1 first)"]
    if intent.reliability not in GRADES:
        found.append(f"reliability is one of {', '.join(GRADES)}")
    if not 1 <= intent.share <= 100:
        found.append("the sponsor pays 1-100% of the mat price")
    if intent.mod not in MOD_LEVELS or not 1 <= intent.ffs <= 10:
        return found + ["develop 1-10 FFs at Mod Level 1-7"]
    if intent.levels:
        held = sum(f.ffs for f in proxy.forces if f.mod == intent.mod)
        if intent.ffs > held:
            found.append(f"{intent.proxy} has {held} FF at M{intent.mod}")
        if not 1 <= intent.levels or intent.mod + intent.levels > 7:
            found.append("a modernization raises by 1 or more Mod Levels, up to 7")
    if not found and development_price(content, intent) > state.player(proxy.sponsor).rp:
        found.append(
            f"{proxy.sponsor} has {state.player(proxy.sponsor).rp} RP, less than its share "
            f"{development_price(content, intent)}"
        )
    return found


def development_price(content: Content, intent: ProxyDevelopment) -> int:
    """The sponsor's share of the mat price (ch. 15 step 2), rounded up."""
    if intent.levels:
        price = costs.modernization_cost(content.rules, intent.ffs, intent.levels).value
    else:
        price = costs.procurement_cost(content.rules, intent.ffs, intent.mod).value
    return -(-price * intent.share // 100)


def _employment_problems(state: GameState, content: Content, intent: ProxyEmployment) -> list[str]:
    proxy = partner(state, intent.proxy)
    if proxy is None:
        return [f"{intent.proxy!r} is not a proxy partner (step 1 first)"]
    found = []
    run = state.run
    if run is None or run.stage not in FORCE_STAGES or content.card(run.card).contest is None:
        found.append("a proxy is employed in a contest card while forces are committed")
    elif any(a.proxy == intent.proxy for a in run.allies):
        found.append(f"{intent.proxy} was already called on for {run.card}")
    elif side_of(state, content, proxy.sponsor) is None:
        found.append(f"{proxy.sponsor} takes no part in {run.card}")
    if not ready_ffs(state, proxy):
        found.append(f"{intent.proxy} has no forces ready this turn")
    if intent.reliability not in GRADES:
        found.append(f"reliability is one of {', '.join(GRADES)}")
    return found


def _pace_problems(state: GameState, content: Content, intent: SetPace) -> list[str]:
    if not 0 <= intent.extra_cost <= 10 or not 1 <= intent.after <= 3:
        return ["the extra cost is 0-10 RP, starting after the first 1-3 cards"]
    return []


def side_of(state: GameState, content: Content, player: str) -> str | None:
    """The side ``player`` stands on in the card in play, or None if it takes no part."""
    run = state.run
    assert run is not None
    card = content.card(run.card)
    spec = card.contest
    if spec is None:
        return None
    if player == run.actor or player in spec.responders or player in card.lead:
        return side_in_run(content, run, player)  # the leader of a response answers the card (ch. 8)
    return None


def ready_ffs(state: GameState, proxy: Proxy) -> tuple[ProxyForce, ...]:
    """The partner's forces that serve this turn (developed ones from the next turn on)."""
    return tuple(f for f in proxy.forces if f.ready_turn <= state.turn)


# --- doing it --------------------------------------------------------------------------------------


def apply(state: GameState, content: Content, intent: Intent) -> GameState:
    """Carry out an intervention ``problems`` found nothing wrong with."""
    if isinstance(intent, SetRedOrder):
        return _set_red_order(state, intent)
    if isinstance(intent, ImposePin):
        return _pin(state, content, intent)
    if isinstance(intent, ImposeReset):
        return _reset(state, content, intent)
    if isinstance(intent, ImposePenalty):
        why = f": {intent.reason}" if intent.reason else ""
        return adjust(
            state, WHITE, f"White Cell penalty{why}", rp={intent.target: intent.rp}, ip={intent.target: intent.ip}
        )
    if isinstance(intent, BuildBase):
        return _build_base(state, content, intent)
    if isinstance(intent, ProxyParticipation):
        proxy = Proxy(
            intent.proxy, intent.sponsor, intent.location, (ProxyForce(intent.ffs, intent.mod),) if intent.ffs else ()
        )
        return _await(
            state,
            intent.sponsor,
            Awaiting("participation", intent.reliability, proxy=proxy),
            f"{intent.proxy}: will it support {intent.sponsor}?",
        )
    if isinstance(intent, ProxyDevelopment):
        return _develop(state, content, intent)
    if isinstance(intent, ProxyEmployment):
        called = partner(state, intent.proxy)
        assert called is not None and state.run is not None
        return _await(
            state,
            called.sponsor,
            Awaiting("employment", intent.reliability, proxy=called),
            f"{called.name}: does it fight in {state.run.card} as {called.sponsor} intends?",
        )
    assert isinstance(intent, SetPace)
    state = attrs.evolve(
        state,
        settings=attrs.evolve(state.settings, red_extra_card_cost=intent.extra_cost, red_extra_after=intent.after),
    )
    return log(state, WHITE, "pace", intent.describe())


def _set_red_order(state: GameState, intent: SetRedOrder) -> GameState:
    order = intent.order
    queue = state.queue
    if state.phase is Phase.SIGNALING:
        queue = tuple(p for p in order if p in queue)
    elif state.phase is Phase.RED and queue:
        # The player acting now finishes its turn; those who acted keep their place.
        queue = queue[:1] + tuple(p for p in order if p in queue[1:])
    state = attrs.evolve(state, red_order_turn=order, queue=queue)
    return log(state, WHITE, "order", f"White Cell directs this turn's Red order: {', '.join(order)}")


def _pin(state: GameState, content: Content, intent: ImposePin) -> GameState:
    stack = state.stack(intent.stack)
    if intent.turns == 0:
        lifted = attrs.evolve(stack, pinned_through=0)
        if lifted.reset(state.turn) and lifted.location != lifted.home:
            lifted = attrs.evolve(lifted, location=lifted.home, arrived_turn=state.turn)  # reset forces go home now
        state = put_stack(state, lifted)
        return log(state, WHITE, "pin", f"White Cell lifts the pin on {stack.owner}'s {names.stack(content, stack)}")
    through = state.turn + intent.turns - 1
    state = put_stack(state, attrs.evolve(stack, pinned_through=max(stack.pinned_through, through)))
    until = "until lifted" if intent.turns == UNTIL_LIFTED else f"through turn {through}"
    return log(state, WHITE, "pin", f"White Cell pins {stack.owner}'s {names.stack(content, stack)} {until}")


def _reset(state: GameState, content: Content, intent: ImposeReset) -> GameState:
    part, state = split(state, intent.stack, intent.ffs)
    if part.pinned(state.turn):
        part = attrs.evolve(part, reset_through=part.pinned_through + intent.turns)  # home when the pin lifts
    else:
        part = attrs.evolve(part, location=part.home, reset_through=state.turn + intent.turns, arrived_turn=state.turn)
    state = put_stack(state, part)
    return log(
        state,
        WHITE,
        "reset",
        f"White Cell resets {part.owner}'s {names.forces(part.ffs, part.mod)}: home to "
        f"{names.place(content, part.home)}, out of play through "
        f"turn {part.reset_through}",
    )


def _build_base(state: GameState, content: Content, intent: BuildBase) -> GameState:
    proposal = state.proposal
    assert proposal is not None
    aor = content.scenario.board.aor_of(proposal.location)
    state = attrs.evolve(state, proposal=None)
    state = log(
        state,
        WHITE,
        "ruling",
        f"White Cell rules the U.S. '{proposal.title}' a base at "
        f"{names.place(content, proposal.location)}: "
        f"{intent.describe().removeprefix('White Cell rules a U.S. base: ')}",
    )
    state = adjust(
        state, "US", f"building a base at {names.place(content, proposal.location)}", rp={"US": -intent.cost}
    )
    base = Base(proposal.location, aor, intent.percent, state.turn)
    if intent.reliability == Reliability.CERTAIN.value:
        return _built(state, content, base)
    return _await(
        state,
        "US",
        Awaiting("base", intent.reliability, base=base),
        f"a U.S. base at {names.place(content, proposal.location)}: does the host agree?",
    )


def _built(state: GameState, content: Content, base: Base) -> GameState:
    state = attrs.evolve(state, bases=state.bases + (attrs.evolve(base, turn=state.turn),))
    return log(
        state,
        "US",
        "base",
        f"U.S. base built at {names.place(content, base.location)}: {base.percent}% off "
        f"the OCONUS readiness sustainment of U.S. forces in {names.aor(content, base.aor)} from the next bill",
    )


def base_saving(state: GameState, content: Content) -> int:
    """RPs U.S. bases take off this turn's readiness bill: each base's share of what the
    U.S. forces in its AOR cost to sustain there (OCONUS), rounded down."""
    saving = 0
    board = content.scenario.board
    for base in state.bases:
        groups = [
            ReadinessGroup(s.ffs, s.readiness, False)
            for s in state.stacks_of("US")
            if s.location != CONUS_LOCATION and board.aor_of(s.location) == base.aor
        ]
        if groups:
            saving += sustainment_cost(content.rules, groups).oconus_total * base.percent // 100
    return saving


def _develop(state: GameState, content: Content, intent: ProxyDevelopment) -> GameState:
    proxy = partner(state, intent.proxy)
    assert proxy is not None
    price = development_price(content, intent)
    state = adjust(
        state,
        proxy.sponsor,
        f"{proxy.sponsor}'s share ({intent.share}%) of {intent.proxy}'s development",
        rp={proxy.sponsor: -price},
    )
    ordered = attrs.evolve(proxy, forces=(ProxyForce(intent.ffs, intent.mod),))
    return _await(
        state,
        proxy.sponsor,
        Awaiting("development", intent.reliability, proxy=ordered, levels=intent.levels),
        f"{proxy.name}: are the forces delivered as intended?",
    )


def _await(state: GameState, roller: str, awaiting: Awaiting, question: str) -> GameState:
    """A ruling waits on its die, rolled on the Proxy Forces Reliability mat (ch. 15)."""
    request = RollRequest(
        roller,
        f"{question} ({awaiting.grade} reliability)",
        RollPurpose.PROXY,
        card=f"{awaiting.step}:{awaiting.proxy.name if awaiting.proxy else 'base'}",
    )
    return attrs.evolve(state, awaiting=awaiting, roll_request=request)


def proxy_rolled(state: GameState, content: Content, request: RollRequest, face: int, physical: bool) -> GameState:
    """The die of a base or of a proxy step, read on the Proxy Forces Reliability mat."""
    awaiting = state.awaiting
    assert awaiting is not None, "a White Cell ruling asked for this die"
    check = proxy_check(content.rules, awaiting.grade, face)
    result = "success" if check.success else "failure"
    record = RollRecord(
        state.turn,
        request.roller,
        request.reason,
        face,
        table="proxy",
        column=awaiting.grade,
        row=str(face),
        result=result,
        physical=physical,
    )
    state = attrs.evolve(state, roll_request=None, awaiting=None)
    state = log(
        state,
        request.roller,
        "roll",
        f"{request.reason}: rolled {face}: {result} (fails on {check.fails_on})",
        roll=record,
    )
    return _OUTCOMES[awaiting.step](state, content, awaiting, check.success)


def _base_done(state: GameState, content: Content, awaiting: Awaiting, success: bool) -> GameState:
    assert awaiting.base is not None
    if success:
        return _built(state, content, awaiting.base)
    return log(
        state,
        "US",
        "base",
        f"No U.S. base at {names.place(content, awaiting.base.location)}: the host backs out (the RPs are spent)",
    )


def _participation_done(state: GameState, content: Content, awaiting: Awaiting, success: bool) -> GameState:
    proxy = awaiting.proxy
    assert proxy is not None
    if not success:
        return log(state, WHITE, "proxy", f"{proxy.name} will not support {proxy.sponsor}")
    state = attrs.evolve(state, proxy_partners=state.proxy_partners + (proxy,))
    held = ", ".join(f"{f.ffs}xM{f.mod}" for f in proxy.forces) or "no forces yet"
    return log(
        state,
        WHITE,
        "proxy",
        f"{proxy.name} supports {proxy.sponsor} at {names.place(content, proxy.location)} ({held})",
    )


def _development_done(state: GameState, content: Content, awaiting: Awaiting, success: bool) -> GameState:
    ordered = awaiting.proxy
    assert ordered is not None
    proxy = partner(state, ordered.name)
    assert proxy is not None
    order = ordered.forces[0]
    ready = state.turn + 1  # "available for employment on the following turn" (ch. 15)
    if awaiting.levels:
        levels = awaiting.levels if success else awaiting.levels - 1  # one Mod Level fewer on a failure
        forces = _take(proxy.forces, order.ffs, order.mod)
        if levels:
            forces += (ProxyForce(order.ffs, order.mod + levels, ready),)
        else:
            forces = proxy.forces
        what = f"{order.ffs} FF M{order.mod} -> M{order.mod + levels}" if levels else "nothing modernized"
    else:
        delivered = order.ffs if success else order.ffs - 1  # one FF fewer on a failure
        forces = proxy.forces + ((ProxyForce(delivered, order.mod, ready),) if delivered else ())
        what = f"{delivered}xM{order.mod} delivered" if delivered else "nothing delivered"
    state = _replace_partner(state, attrs.evolve(proxy, forces=forces))
    return log(
        state,
        WHITE,
        "proxy",
        f"{proxy.name}: {what} ({'as intended' if success else 'short of the order'}); ready from turn {ready}",
    )


def _take(forces: tuple[ProxyForce, ...], ffs: int, mod: int) -> tuple[ProxyForce, ...]:
    """``forces`` less ``ffs`` FFs at Mod Level ``mod`` (those being modernized)."""
    left, kept = ffs, []
    for force in forces:
        if force.mod == mod and left:
            taken = min(left, force.ffs)
            left -= taken
            if force.ffs > taken:
                kept.append(attrs.evolve(force, ffs=force.ffs - taken))
        else:
            kept.append(force)
    return tuple(kept)


def _employment_done(state: GameState, content: Content, awaiting: Awaiting, success: bool) -> GameState:
    proxy = awaiting.proxy
    assert proxy is not None and state.run is not None
    if not success:
        return log(state, WHITE, "proxy", f"{proxy.name} does not take part in {state.run.card}")
    side = side_of(state, content, proxy.sponsor) or "blue"
    allies = tuple(Ally(proxy.name, side, f.ffs, f.mod) for f in ready_ffs(state, proxy))
    run = attrs.evolve(state.run, allies=state.run.allies + allies)
    state = attrs.evolve(state, run=run)
    held = ", ".join(f"{a.ffs}xM{a.mod}" for a in allies)
    return log(state, WHITE, "proxy", f"{proxy.name} fights beside {proxy.sponsor} in {run.card} ({held}, {side})")


def _replace_partner(state: GameState, proxy: Proxy) -> GameState:
    return attrs.evolve(state, proxy_partners=tuple(proxy if p.name == proxy.name else p for p in state.proxy_partners))


_OUTCOMES = {
    "base": _base_done,
    "participation": _participation_done,
    "development": _development_done,
    "employment": _employment_done,
}
