"""Emergency funding on appeal (chapters 3 and 14).

No Blue player may run a deficit without the White Cell's leave. When the U.S., later
in a turn, lacks the RPs to answer a Red action or an event, it may appeal to the White
Cell for emergency funding; the White Cell grants an amount of its choosing, refuses,
or lets a die decide whether and how much. (An unpayable readiness bill at the start of
the Blue phase goes to the White Cell too: ``phases/blue.py``.)

Readings (``rules/hedgemony/README.md``): the U.S. may appeal once per card, while it is
asked to answer one (an offer, or the forces it sends), when it has not the RPs for the
smallest response from some place its forces could answer from (1 FF; in an offer,
1 RP); it asks for the shortfall of sending the forces there (the lists offer the
smallest and the largest such shortfall, any other amount is accepted). The White Cell may
grant from 1 RP up to the U.S. per-turn allocation. The die: 0-3 nothing, 4-6 half the
amount asked (rounded up), 7-9 all of it.
"""

from __future__ import annotations

from collections.abc import Collection

import attrs

from hedgemony_tui.table.dice import RollRecord

from . import contest as forces
from .content import Content
from .intents import AppealForFunding, CommitForces, GrantEmergencyFunding, Intent, RefuseFunding, RollForFunding
from .ledger import adjust, log
from .phase_end import Step
from .readiness import buyback_between
from .state import CONUS_LOCATION, WHITE, Appeal, GameState, RollPurpose, RollRequest, Stack, Stage

APPELLANT = "US"
"""The rule names the U.S. player (ch. 3, 14)."""

ANSWERING_STAGES = (Stage.OFFER, Stage.RESPOND)
"""Where a player answers a card: paying into its offers, or sending forces."""


def die_grant(face: int, asked: int) -> int:
    """RPs the White Cell's die grants on an appeal for ``asked`` RP (a reading)."""
    if face <= 3:
        return 0
    if face <= 6:
        return -(-asked // 2)
    return asked


def most_granted(state: GameState, player: str) -> int:
    """The largest grant or request: one turn's allocation (a reading)."""
    return max(1, state.player(player).per_turn_rp)


# --- the appeal ---------------------------------------------------------------------------


def _answering(state: GameState, content: Content) -> bool:
    """The U.S. is asked to answer a Red action or an event, and has not appealed on it."""
    run = state.run
    if run is None or state.appeal is not None or state.roll_request is not None:
        return False
    who = run.queue[0] if run.queue else run.actor
    red_or_event = run.actor == WHITE or content.scenario.player(run.actor).side == "red"
    return who == APPELLANT and red_or_event and run.stage in ANSWERING_STAGES and APPELLANT not in run.appealed


def response_prices(state: GameState, content: Content, affordable: Collection[Intent] = ()) -> list[int]:
    """What the responses the U.S. has no RPs for would cost: in an offer, its full
    payment if the U.S. cannot pay even 1 RP; else, from each place whose forces the U.S.
    cannot send even 1 FF of (bought back to the card's minimum readiness where they fall
    short), the price of sending them whole (as far as the card allows). A single FF
    already in ``affordable`` (the list of options) can be paid for: pricing every stack
    at every step of a fight slowed the bots' look-ahead."""
    run = state.run
    assert run is not None
    card = content.card(run.card)
    rp = state.player(APPELLANT).rp
    if run.stage is Stage.OFFER:
        room = max(0, card.offers[run.offer].rp_max - run.paid.get(APPELLANT, 0))
        return [room] if rp < 1 <= room else []
    limit = forces.limit_of(card, APPELLANT)
    room = limit.max_ffs - forces.committed_by(state, run, APPELLANT) if limit.max_ffs else 0
    taken = forces.committed_ids(run)

    def price(stack: Stack, ffs: int) -> int:
        cost = forces.commit_cost(state, content, APPELLANT, stack, ffs)
        if limit.min_readiness > stack.readiness:
            cost += buyback_between(
                content.rules, ffs, stack.readiness, limit.min_readiness, conus=stack.location == CONUS_LOCATION
            ).value
        return cost

    prices = []
    for stack in forces.reachable_stacks(state, content, APPELLANT):
        ffs = min(stack.ffs, room) if limit.max_ffs else stack.ffs
        if stack.id in taken or ffs < 1 or CommitForces(APPELLANT, stack.id, 1) in affordable:
            continue
        one = price(stack, 1)
        if one > rp:
            prices.append(one if ffs == 1 else price(stack, ffs))
    return prices


def _shortfalls(state: GameState, content: Content, affordable: Collection[Intent] = ()) -> list[int]:
    rp = state.player(APPELLANT).rp
    top = most_granted(state, APPELLANT)
    return sorted({min(top, price - rp) for price in response_prices(state, content, affordable) if price > rp})


def appeal_options(state: GameState, content: Content, listed: Collection[Intent] = ()) -> list[Intent]:
    """The U.S.'s appeals, offered beside its answers to the card (the smallest and the
    largest shortfall; any amount up to a turn's allocation is accepted). ``listed``: the
    answers already offered (those it can pay for)."""
    if not _answering(state, content):
        return []
    short = _shortfalls(state, content, set(listed))
    return [AppealForFunding(APPELLANT, n) for n in sorted({short[0], short[-1]})] if short else []


def appeal(state: GameState, intent: AppealForFunding) -> GameState:
    run = state.run
    assert run is not None
    state = attrs.evolve(
        state,
        appeal=Appeal(intent.player, intent.amount, run.card),
        run=attrs.evolve(run, appealed=run.appealed + (intent.player,)),
    )
    return log(
        state,
        intent.player,
        "appeal",
        f"{intent.player} has no RPs left to answer {run.card} and appeals to the White Cell "
        f"for {intent.amount} RP of emergency funding",
    )


# --- the White Cell's ruling ------------------------------------------------------------------


def ruling_options(state: GameState) -> list[Intent]:
    """Grant what was asked, half of it, or 1 RP (any amount up to a turn's allocation is
    accepted), let the die decide, or refuse."""
    pending = state.appeal
    assert pending is not None
    amounts = sorted({pending.amount, -(-pending.amount // 2), 1}, reverse=True)
    options: list[Intent] = [GrantEmergencyFunding(pending.player, n) for n in amounts]
    return options + [RollForFunding(), RefuseFunding()]


def rule(state: GameState, content: Content, intent: Intent) -> Step:
    """The White Cell's answer to the appeal pending."""
    pending = state.appeal
    assert pending is not None
    if isinstance(intent, GrantEmergencyFunding):
        state = attrs.evolve(state, appeal=None)
        return adjust(
            state, WHITE, f"White Cell emergency funding for {pending.card}", rp={pending.player: intent.amount}
        )
    if isinstance(intent, RollForFunding):
        request = RollRequest(
            WHITE, f"emergency funding for {pending.player} ({pending.card})", RollPurpose.EMERGENCY, pending.card
        )
        return attrs.evolve(state, roll_request=request)
    assert isinstance(intent, RefuseFunding)
    state = attrs.evolve(state, appeal=None)
    return log(state, WHITE, "appeal", f"White Cell refuses {pending.player} emergency funding for {pending.card}")


def rolled(state: GameState, content: Content, request: RollRequest, face: int, physical: bool) -> Step:
    """The White Cell's die on the appeal: 0-3 nothing, 4-6 half (rounded up), 7-9 all."""
    pending = state.appeal
    assert pending is not None
    granted = die_grant(face, pending.amount)
    record = RollRecord(
        state.turn,
        WHITE,
        request.reason,
        face,
        table="emergency",
        row=str(face),
        result=f"{granted} RP",
        physical=physical,
    )
    state = attrs.evolve(state, appeal=None, roll_request=None)
    state = log(
        state,
        WHITE,
        "roll",
        f"Emergency funding die: {face} (0-3 nothing, 4-6 half, 7-9 all): {granted} of {pending.amount} RP",
        roll=record,
    )
    if granted:
        state = adjust(state, WHITE, f"White Cell emergency funding for {pending.card}", rp={pending.player: granted})
    return state


# --- any amount, not only the listed ones --------------------------------------------------


def unlisted_problems(state: GameState, content: Content, intent: Intent) -> list[str] | None:
    """Why an appeal or a grant of an amount the lists do not show is refused (empty: it
    is accepted); None for other intents, or when no appeal may be made or ruled now."""
    if isinstance(intent, AppealForFunding) and intent.player == APPELLANT and _answering(state, content):
        if not _shortfalls(state, content):
            return None
        top = most_granted(state, APPELLANT)
        return [] if 1 <= intent.amount <= top else [f"ask for 1-{top} RP"]
    if isinstance(intent, GrantEmergencyFunding) and state.appeal is not None and intent.player == state.appeal.player:
        top = most_granted(state, intent.player)
        return [] if 1 <= intent.amount <= top else [f"grant 1-{top} RP (one turn's allocation at most)"]
    return None
