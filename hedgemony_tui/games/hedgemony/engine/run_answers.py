"""What comes back into a card in play: the decisions its stages ask for, and its dice.

``apply`` takes a decision (a choice, a vote, a bid to lead, a payment into an offer,
the place of a fight, forces committed or done); ``rolled`` takes a die by what it was
rolled for (:data:`ROLLS`: the privacy roll, the roll-off to lead, a proxy's
reliability, a test, the card's own roll). Each then hands the card back to the stage
machine in ``runs.py`` (``advance``), which asks for the next answer.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from hedgemony_tui.table.dice import RollRecord

from . import contest as forces
from . import escalation, names
from .cards import Band, Card, OfferSpec
from .chance import proxy_check
from .content import Content
from .contest import run_of
from .intents import Choose, ChooseLocation, CommitForces, DoneCommitting, Intent, Pay, SeekLead, Vote
from .ledger import adjust, disclose_event, log
from .outcomes import apply_row, close
from .play import partner_terms
from .roll_reading import read_bands, resolve
from .run_options import choice_options
from .runs import advance, injected, next_offer, skip_barred
from .state import WHITE, GameState, RollPurpose, RollRequest, Stage

# --- decisions ---------------------------------------------------------------------------------


def apply(state: GameState, content: Content, intent: Intent) -> GameState:
    run = run_of(state)
    card = content.card(run.card)
    if isinstance(intent, Choose):
        return _chosen(state, content, card, intent.option)
    if isinstance(intent, Vote):
        return _voted(state, content, card, intent)
    if isinstance(intent, SeekLead):
        wants = run.wants + ((intent.player,) if intent.yes else ())
        state = log(state, intent.player, "lead", intent.describe())
        run = attrs.evolve(run, wants=wants, queue=run.queue[1:])
        state = attrs.evolve(state, run=run)
        return state if run.queue else _lead_decided(state, content, card)
    if isinstance(intent, Pay):
        return _paid(state, content, card, intent)
    if isinstance(intent, ChooseLocation):
        run = attrs.evolve(run, location=intent.location, queue=())
        state = log(
            attrs.evolve(state, run=run),
            run.actor,
            "contest",
            f"{run.actor} acts at {names.place(content, intent.location)} ({names.card(content, card.id)})",
        )
        return advance(state, content)
    if isinstance(intent, CommitForces):
        return forces.commit(state, content, intent.player, intent.stack, intent.ffs)
    if isinstance(intent, DoneCommitting):
        if run.stage == Stage.RESPOND and not forces.committed_by(state, run, intent.player):
            state = log(
                state,
                intent.player,
                "contest",
                f"{intent.player} declines to respond to {names.card(content, card.id)}",
            )
        run = attrs.evolve(run_of(state), queue=run.queue[1:])
        state = attrs.evolve(state, run=run)
        if run.stage == Stage.RESPOND:
            return skip_barred(state, content, card)
        return state if run.queue else advance(escalation.initiator_done(state, content), content)
    raise AssertionError(intent)


def _chosen(state: GameState, content: Content, card: Card, option_id: str) -> GameState:
    run = run_of(state)
    labels = dict(choice_options(state, content, card))
    who = run.queue[0]
    state = log(
        state, who, "choice", f"{who} chooses for {names.card(content, card.id)}: {labels.get(option_id, option_id)}"
    )
    state = attrs.evolve(
        state,
        run=attrs.evolve(run, choice=option_id, queue=()),
        last_played={**state.last_played, f"choice:{card.id}:{option_id}": state.turn},
    )
    assert card.choice is not None
    for option in card.choice.options:
        if option.id == option_id:
            state = apply_row(
                state, content, Band(0, 9, option.label, ip=option.ip, rp=option.rp, effects=option.effects)
            )
    return advance(state, content)


def _voted(state: GameState, content: Content, card: Card, intent: Vote) -> GameState:
    run = run_of(state)
    run = attrs.evolve(run, votes={**run.votes, intent.player: intent.yes}, queue=run.queue[1:])
    state = attrs.evolve(state, run=run)
    state = log(state, intent.player, "vote", f"{intent.player} has voted on {names.card(content, card.id)}")
    if run.queue:
        return state
    vote = card.vote
    assert vote is not None
    yes = [p for p, v in run.votes.items() if v]
    shown = ", ".join(f"{p} {'yes' if v else 'no'}" for p, v in run.votes.items())
    state = log(state, WHITE, "reveal", f"{card.id} votes revealed: {shown}")  # sealed until now: undo stops here
    if vote.cost_yes:
        for pid in yes:
            state = adjust(state, pid, f"{card.id}: the cost of a yes", rp={pid: -vote.cost_yes})
    if len(yes) == len(vote.voters):
        ip, label = vote.all, "every voter agrees"
    elif yes:
        ip, label = vote.some, "some voters agree"
    else:
        ip, label = vote.none, "no voter agrees"
    state = apply_row(state, content, Band(0, 9, f"{card.id}: {label}", ip=ip, effects=vote.yes_effects if yes else ()))
    return advance(state, content)


def _lead_decided(state: GameState, content: Content, card: Card) -> GameState:
    run = run_of(state)
    if len(run.wants) == 1:
        return _set_leader(state, content, run.wants[0])
    if not run.wants:
        state = log(state, WHITE, "lead", f"No one leads the response to {names.card(content, card.id)}")
        return advance(state, content)
    run = attrs.evolve(run, lead_rolls={}, queue=run.wants)
    state = attrs.evolve(state, run=run)
    return _next_lead_roll(state, card)


def _next_lead_roll(state: GameState, card: Card) -> GameState:
    run = run_of(state)
    who = run.queue[0]
    return attrs.evolve(
        state, roll_request=RollRequest(who, f"{card.id}: roll to lead the response", RollPurpose.RUN_LEAD, card.id)
    )


def _set_leader(state: GameState, content: Content, leader: str) -> GameState:
    run = attrs.evolve(run_of(state), leader=leader, queue=())
    state = attrs.evolve(state, run=run)
    state = log(state, leader, "lead", f"{leader} leads the response to {names.card(content, run.card)}")
    return advance(state, content)


def _paid(state: GameState, content: Content, card: Card, intent: Pay) -> GameState:
    run = run_of(state)
    offer = card.offers[run.offer]
    if intent.rp:
        state = adjust(state, intent.player, f"{card.id}: paying into the offer", rp={intent.player: -intent.rp})
        if not offer.proxy:
            state = apply_row(
                state,
                content,
                Band(0, 9, f"offer taken ({intent.rp} RP paid)", ip=_offer_gains(offer, intent.player, intent.rp)),
            )
    else:
        state = log(state, intent.player, "offer", f"{intent.player} pays nothing into {names.card(content, card.id)}")
    run = run_of(state)
    run = attrs.evolve(run, paid={**run.paid, intent.player: run.paid.get(intent.player, 0) + intent.rp})
    if offer.proxy and intent.rp:
        return _request_proxy_roll(attrs.evolve(state, run=attrs.evolve(run, proxies=intent.rp)), card)
    return _offer_answered(attrs.evolve(state, run=run), content, card)


def _offer_gains(offer: OfferSpec, player: str, rp: int) -> dict[str, int]:
    return {(player if k in ("self", "leader") else k): v * rp for k, v in offer.ip_per_rp.items()}


def _offer_answered(state: GameState, content: Content, card: Card) -> GameState:
    run = attrs.evolve(run_of(state), queue=run_of(state).queue[1:])
    state = attrs.evolve(state, run=run)
    return state if run.queue else next_offer(state, content, card, run)


def _request_proxy_roll(state: GameState, card: Card) -> GameState:
    run = run_of(state)
    grade = card.offers[run.offer].proxy
    payer = run.queue[0]
    request = RollRequest(
        payer,
        f"{card.id}: does the partner come through? ({grade} reliability)",
        RollPurpose.RUN_PROXY,
        card.id,
        run.private,
    )
    return attrs.evolve(state, roll_request=request)


def _proxy_rolled(state: GameState, content: Content, card: Card, face: int, physical: bool) -> GameState:
    """One proxy attempt read on the Proxy Forces Reliability mat (ch. 15)."""
    run = run_of(state)
    offer = card.offers[run.offer]
    payer = run.queue[0]
    check = proxy_check(content.rules, offer.proxy, face)
    result = "success" if check.success else "failure"
    record = RollRecord(
        state.turn,
        payer,
        f"{card.id}: proxy reliability",
        face,
        table="proxy",
        column=offer.proxy,
        row=str(face),
        result=result,
        physical=physical,
    )
    state = log(
        state,
        payer,
        "roll",
        f"{card.id}: proxy ({offer.proxy}) rolled {face}: {result} (fails on {check.fails_on})",
        roll=record,
    )
    attempt = run.paid.get(payer, 0) - run.proxies  # 0 for the first of the RPs paid
    name = offer.partners[attempt] if attempt < len(offer.partners) else ""
    if check.success:
        label = f"{card.id}: partnership made" + (f" with {name}" if name else "")
        state = apply_row(state, content, Band(0, 9, label, ip=_offer_gains(offer, payer, 1)))
        state = partner_terms(state, card, offer, payer, name)
    run = attrs.evolve(run_of(state), proxies=run.proxies - 1)
    state = attrs.evolve(state, run=run)
    if run.proxies:
        return _request_proxy_roll(state, card)
    return _offer_answered(state, content, card)


# --- dice ------------------------------------------------------------------------------------


def rolled(state: GameState, content: Content, request: RollRequest, face: int, physical: bool) -> GameState:
    """A die the card in play asked for has come up ``face``."""
    card = content.card(run_of(state).card)
    return ROLLS[request.purpose](attrs.evolve(state, roll_request=None), content, card, request, face, physical)


# How each of the card's dice is read (the state no longer asks for it).
RunRollReader = Callable[[GameState, Content, Card, RollRequest, int, bool], GameState]


def _privacy_rolled(
    state: GameState, content: Content, card: Card, request: RollRequest, face: int, physical: bool
) -> GameState:
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
        physical=physical,
    )
    state = log(
        state,
        request.roller,
        "roll",
        f"{card.id}: the outcome will be {'private' if private else 'public'}",
        visible_to=(request.roller,),
        roll=record,
    )
    if not private and card.id in state.secret_events:
        # A public event is announced to all now, and plays out in the open.
        state = log(disclose_event(state, card.id), WHITE, "reveal", injected(card))
    return advance(attrs.evolve(state, run=attrs.evolve(run_of(state), private=private)), content)


def _lead_rolled(
    state: GameState, content: Content, card: Card, request: RollRequest, face: int, physical: bool
) -> GameState:
    run = run_of(state)
    record = RollRecord(
        state.turn, request.roller, request.reason, face, table="roll-off", result=str(face), physical=physical
    )
    state = log(state, request.roller, "roll", f"{request.roller} rolls {face} to lead {card.id}", roll=record)
    run = attrs.evolve(run, lead_rolls={**run.lead_rolls, request.roller: face}, queue=run.queue[1:])
    state = attrs.evolve(state, run=run)
    if run.queue:
        return _next_lead_roll(state, card)
    top = max(run.lead_rolls.values())
    best = tuple(p for p in run.wants if run.lead_rolls.get(p) == top)
    if len(best) == 1:
        return _set_leader(state, content, best[0])
    state = log(state, WHITE, "lead", f"Tie at {top} between {', '.join(best)}: roll again")
    state = attrs.evolve(state, run=attrs.evolve(run, wants=best, lead_rolls={}, queue=best))
    return _next_lead_roll(state, card)


def _test_rolled(
    state: GameState, content: Content, card: Card, request: RollRequest, face: int, physical: bool
) -> GameState:
    band, state = read_bands(state, content, card, face, physical, request.roller, [], bands=card.test_bands or None)
    state = apply_row(state, content, band)
    if band.respond:
        # Go on from just before the roll-off: the lead and offer stages, skipped
        # while the test was pending, now apply (then locate, commit, respond, roll).
        return advance(attrs.evolve(state, run=attrs.evolve(run_of(state), tested=True, stage=Stage.VOTE)), content)
    return close(state, content, card, band)


ROLLS: dict[RollPurpose, RunRollReader] = {
    RollPurpose.RUN_PRIVACY: _privacy_rolled,
    RollPurpose.RUN_LEAD: _lead_rolled,
    RollPurpose.RUN_PROXY: lambda state, content, card, request, face, physical: _proxy_rolled(
        state, content, card, face, physical
    ),
    RollPurpose.RUN_TEST: _test_rolled,
    RollPurpose.RUN_ROLL: lambda state, content, card, request, face, physical: resolve(
        state, content, card, face, physical, request.roller
    ),
}
"""The dice a card in play rolls, by what they are for: the game hands these to ``rolled``."""
