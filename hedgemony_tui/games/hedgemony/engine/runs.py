"""A card in play, stage by stage: the interpreter of the card schema
(``data/hedgemony/CARDS.md``).

``start`` pays for a card (or injects an event) and walks it through the stages it
calls for (:data:`STAGES`: privacy, choose, vote, lead, offer, test, locate, commit,
respond, roll), asking one decision at a time (``state.run.queue``) or one die
(``state.roll_request``). Each stage has a row in two tables here, whether it applies
to the card and how it begins, and one in ``run_options.py``, the decisions it offers.
The answers come back through ``run_answers.py``: ``apply`` takes a decision; ``rolled``
takes a die, by what it was rolled for (its ``ROLLS``). The roll is read in ``roll_reading.py`` and ``outcomes.apply_row`` carries out IPs, RPs, delayed gains,
lasting effects, pins and repeats. Tech and upgrade cards keep their own short path in
``play.py``; forces and tables are in ``contest.py``.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from . import contest as forces
from . import escalation, names
from .cards import Card, OfferSpec
from .content import Content
from .contest import run_of
from .ledger import adjust, log
from .outcomes import apply_row, close, offer_penalties, opposed, roller_of, targets_map
from .play import apply_effect, pay_for
from .run_options import offer_room
from .state import WHITE, CardRun, GameState, RollPurpose, RollRequest, Stage

STAGES: tuple[Stage, ...] = (
    Stage.PRIVACY,
    Stage.CHOOSE,
    Stage.VOTE,
    Stage.LEAD,
    Stage.OFFER,
    Stage.TEST,
    Stage.LOCATE,
    Stage.COMMIT,
    Stage.RESPOND,
    Stage.ROLL,
)
"""The stages a card may go through, in order; each applies only when the card calls for it."""


def start(state: GameState, content: Content, actor: str, card: Card, units: int = 0) -> GameState:
    """Play ``card`` (``actor`` a player) or inject it (``actor`` = WHITE)."""
    # A private event (ch. 3): the event itself and its outcome stay between the affected
    # player and the White Cell unless its privacy roll makes it public.
    secret = actor == WHITE and card.private_on is not None
    if actor == WHITE:
        state = attrs.evolve(
            state,
            played={**state.played, WHITE: state.played.get(WHITE, ()) + (card.id,)},
            last_played={**state.last_played, f"{WHITE}:{card.id}": state.turn},
        )
        if secret:
            state = attrs.evolve(state, secret_events={**state.secret_events, card.id: card.roller()})
        state = log(state, WHITE, "event", injected(card), visible_to=(card.roller(),) if secret else ())
        for spec in card.on_play:  # an event's on-play effects name their players
            state = apply_effect(state, spec.player, spec, card.id, private=False)
    else:
        state = pay_for(state, content, actor, card, extra=card.unit_cost * units)
    run = CardRun(card=card.id, actor=actor, stage=Stage.NONE, units=units, started=state.turn, private=secret)
    state = attrs.evolve(state, run=run)
    if units and card.unit_ip:
        state = adjust(
            state,
            actor,
            f"{card.id}: {units} x {card.units_label or 'units'}",
            ip=_per_unit(state, content, card.unit_ip, units),
        )
    return advance(state, content)


def injected(card: Card) -> str:
    where = f" ({card.aor})" if card.aor else ""
    return f"White Cell injects {card.id}: {card.title}{where}"


def _per_unit(state: GameState, content: Content, table: dict[str, int], units: int) -> dict[str, int]:
    return {pid: value * units for pid, value in targets_map(state, content, table).items()}


# --- stage machine --------------------------------------------------------------------------


# Whether a stage applies to the card in play (``advance`` skips those that do not).
StageTest = Callable[[GameState, Content, Card, CardRun], bool]


def _lead_applies(state: GameState, content: Content, card: Card, run: CardRun) -> bool:
    # A test card's roll-off and offers belong to the response: they come after a
    # test that opens it (ch. 8, missile tests: the Red player tests first, then the
    # U.S. and PRC roll off to respond). Without a test they come before the roll.
    return bool(card.lead) and not _awaiting_test(card, run)


def _offer_applies(state: GameState, content: Content, card: Card, run: CardRun) -> bool:
    return bool(card.offers) and not _awaiting_test(card, run)  # see _lead_applies


def _forces_meet(card: Card, run: CardRun) -> bool:
    """Forces are sent only to a contest card, and after its test if it has one."""
    return card.contest is not None and not _awaiting_test(card, run)


def _commit_applies(state: GameState, content: Content, card: Card, run: CardRun) -> bool:
    return _forces_meet(card, run) and card.contest is not None and card.contest.initiator_forces and run.actor != WHITE


def _roll_applies(state: GameState, content: Content, card: Card, run: CardRun) -> bool:
    spec = card.contest
    if spec is not None and not opposed(state, content, card) and (spec.unopposed_table == "none" or spec.solo_ip):
        return False  # no one answered: the card's penalties or solo result, no roll
    return card.resolution in ("d10", "contest")


_APPLIES: dict[Stage, StageTest] = {
    Stage.PRIVACY: lambda state, content, card, run: card.private_on is not None,
    Stage.CHOOSE: lambda state, content, card, run: card.choice is not None,
    Stage.VOTE: lambda state, content, card, run: card.vote is not None,
    Stage.LEAD: _lead_applies,
    Stage.OFFER: _offer_applies,
    Stage.TEST: lambda state, content, card, run: _awaiting_test(card, run),
    Stage.LOCATE: lambda state, content, card, run: _forces_meet(card, run) and not run.location,
    Stage.COMMIT: _commit_applies,
    Stage.RESPOND: lambda state, content, card, run: (
        _forces_meet(card, run) and bool(_responders(state, content, card, run))
    ),
    Stage.ROLL: _roll_applies,
}


def _has_test(card: Card) -> bool:
    """The card has a test read before any response: its ``test_bands`` (DPRK-E02), or its
    own bands when the response is read on CRT A / RT B (IR-04, DPRK-E01)."""
    return bool(card.test_bands) or bool(card.contest and card.contest.table != "bands" and card.bands)


def _awaiting_test(card: Card, run: CardRun) -> bool:
    return _has_test(card) and not run.tested


def _responders(state: GameState, content: Content, card: Card, run: CardRun) -> tuple[str, ...]:
    spec = card.contest
    assert spec is not None
    if card.lead:
        if not run.leader:
            return ()
        others = tuple(p for p in card.lead if p != run.leader) if spec.solo_ip else ()
        return (run.leader,) + others
    # The players of held-back offers answer in a second pass of their own (``_ask_late_offers``).
    late = _late_players(card)
    return tuple(p for p in spec.responders if p != run.actor and (p in late) == run.late_offers)


def _held_back(card: Card, offer: OfferSpec) -> bool:
    """An ``only_if_none`` offer to responders of a contest waits for the forces stage:
    "if neither the U.S. nor NATO/EU responds" (EVT-POL-21) covers their FFs as well as
    their RPs, so its players are asked only after the others declined both."""
    return offer.only_if_none and card.contest is not None and all(p in card.contest.responders for p in offer.players)


def _late_players(card: Card) -> set[str]:
    return {p for o in card.offers if _held_back(card, o) for p in o.players}


def _ask_late_offers(state: GameState, content: Content, card: Card) -> GameState | None:
    """After the responders' round: the held-back offers, if no one else paid or sent
    forces (the offer stage again, then the forces of those players alone); None if
    there are none to ask."""
    run = run_of(state)
    if run.late_offers or not _late_players(card):
        return None
    late = _late_players(card)
    others = _responders(state, content, card, run)
    if any(v for p, v in run.paid.items() if p not in late) or any(forces.committed_by(state, run, p) for p in others):
        return None
    first = min(i for i, o in enumerate(card.offers) if _held_back(card, o))
    run = attrs.evolve(run, stage=Stage.OFFER, late_offers=True, offer=first - 1, queue=())
    return next_offer(state, content, card, run)


def advance(state: GameState, content: Content) -> GameState:
    """Move the card in play to its next stage that applies, or finish it."""
    run = run_of(state)
    card = content.card(run.card)
    index = 0 if run.stage == Stage.NONE else STAGES.index(run.stage) + 1
    for stage in STAGES[index:]:
        if _APPLIES[stage](state, content, card, run):
            run = attrs.evolve(run, stage=stage, queue=())
            return _ENTER[stage](attrs.evolve(state, run=run), content, card, run)
    return finish(state, content)


# How a stage begins: who is asked first, or which die is rolled. ``state.run`` is ``run``.
StageEntry = Callable[[GameState, Content, Card, CardRun], GameState]


def _ask(state: GameState, run: CardRun, players: tuple[str, ...]) -> GameState:
    return attrs.evolve(state, run=attrs.evolve(run, queue=players))


def _enter_privacy(state: GameState, content: Content, card: Card, run: CardRun) -> GameState:
    # The prompt of a private event's roll does not name it: the table sees who rolls.
    what = "an event the White Cell injected" if card.id in state.secret_events else card.id
    request = RollRequest(roller_of(run, card), f"{what}: is the outcome private?", RollPurpose.RUN_PRIVACY, card.id)
    return attrs.evolve(state, roll_request=request)


def _enter_choose(state: GameState, content: Content, card: Card, run: CardRun) -> GameState:
    assert card.choice is not None, "the stage applies only to a card with a choice"
    by = card.choice.by
    return _ask(state, run, (roller_of(run, card) if by == "self" else by,))


def _enter_vote(state: GameState, content: Content, card: Card, run: CardRun) -> GameState:
    assert card.vote is not None, "the stage applies only to a card with a vote"
    return _ask(state, run, card.vote.voters)


def _enter_locate(state: GameState, content: Content, card: Card, run: CardRun) -> GameState:
    options = forces.locations(content, card)
    if run.actor == WHITE or not card.contest or not card.contest.initiator_forces or len(options) == 1:
        # No one to choose: the place the card names (its first), logged.
        place = next((lim.location for lim in card.contest.limits.values() if lim.location), "") if card.contest else ""
        run = attrs.evolve(run, location=place or (options[0] if options else ""))
        state = attrs.evolve(state, run=run)
        state = log(
            state,
            run.actor,
            "contest",
            f"{names.card(content, card.id)} happens at {names.place(content, run.location)}",
        )
        return advance(state, content)
    return _ask(state, run, (run.actor,))


def _enter_respond(state: GameState, content: Content, card: Card, run: CardRun) -> GameState:
    state = _ask(state, run, _responders(state, content, card, run))
    return skip_barred(state, content, card)


_ENTER: dict[Stage, StageEntry] = {
    Stage.PRIVACY: _enter_privacy,
    Stage.CHOOSE: _enter_choose,
    Stage.VOTE: _enter_vote,
    Stage.LEAD: lambda state, content, card, run: _ask(state, run, card.lead),
    Stage.OFFER: lambda state, content, card, run: next_offer(state, content, card, attrs.evolve(run, offer=-1)),
    Stage.TEST: lambda state, content, card, run: _request_roll(state, card, run),
    Stage.LOCATE: _enter_locate,
    Stage.COMMIT: lambda state, content, card, run: _ask(state, run, (run.actor,)),
    Stage.RESPOND: _enter_respond,
    Stage.ROLL: lambda state, content, card, run: _request_roll(state, card, run),
}


def _barred(state: GameState, card: Card, run: CardRun, player: str) -> bool:
    """A player asked only by ``only_if_none`` offers (EVT-POL-21's Russia: "if neither
    the U.S. nor NATO/EU responds") may send forces only if no one else took part."""
    offers = [o for o in card.offers if player in o.players]
    if not offers or not all(o.only_if_none for o in offers):
        return False
    others = [p for p in (card.contest.responders if card.contest else ()) if p != player]
    return any(v for p, v in run.paid.items() if p != player) or any(forces.committed_by(state, run, p) for p in others)


def skip_barred(state: GameState, content: Content, card: Card) -> GameState:
    """Drop from the front of the respond queue the players who may no longer answer."""
    run = run_of(state)
    queue = run.queue
    while queue and _barred(state, card, run, queue[0]):
        state = log(
            state, queue[0], "contest", f"{queue[0]} may not answer {names.card(content, card.id)}: others already did"
        )
        queue = queue[1:]
    state = attrs.evolve(state, run=attrs.evolve(run, queue=queue))
    if queue:
        return state
    late = _ask_late_offers(state, content, card)
    if late is not None:
        return late
    # The responders' round is over: the initiator may escalate (ch. 8), else the roll.
    state, escalated = escalation.after_responders(state, content)
    return state if escalated else advance(state, content)


_STAGE_ROLLS = {Stage.TEST: RollPurpose.RUN_TEST, Stage.ROLL: RollPurpose.RUN_ROLL}


def _request_roll(state: GameState, card: Card, run: CardRun) -> GameState:
    roller = roller_of(run, card)
    if run.stage == Stage.ROLL and card.contest and card.contest.roller == "leader" and run.leader:
        roller = run.leader
    elif run.stage == Stage.ROLL and card.contest and card.contest.roller not in ("self", "leader"):
        roller = card.contest.roller
    request = RollRequest(roller, f"{card.id}: {card.title}", _STAGE_ROLLS[run.stage], card.id, run.private)
    return attrs.evolve(state, roll_request=request)


def next_offer(state: GameState, content: Content, card: Card, run: CardRun) -> GameState:
    """Move to the next offer with someone to ask, or leave the offer stage."""
    while run.offer + 1 < len(card.offers):
        run = attrs.evolve(run, offer=run.offer + 1)
        offer = card.offers[run.offer]
        if offer.only_if_none and any(run.paid.values()):
            continue
        if _held_back(card, offer) and not run.late_offers:
            continue  # asked after the other responders' forces (``_ask_late_offers``)
        if run.started < state.turn and not offer.cf_per_rp:
            continue  # a card that goes on re-opens only CFs bought for the fight (EVT-CON-35)
        players = tuple(run.leader if p == "leader" else p for p in offer.players)
        players = tuple(p for p in players if p and offer_room(run, offer, p) > 0)
        if players:
            return attrs.evolve(state, run=attrs.evolve(run, queue=players))
    state = attrs.evolve(state, run=run)
    if any(o.ends_if_declined for o in card.offers) and not any(run.paid.values()):
        state = offer_penalties(state, content, card)
        return close(state, content, card, None)
    return advance(state, content)


# --- turns ---------------------------------------------------------------------------------------


def resume_due(state: GameState, content: Content) -> GameState:
    """At the start of the Blue phase, bring back the first card that goes on this turn:
    responders may add forces and the die is rolled again."""
    if state.run is not None or state.roll_request is not None:
        return state
    due = [r for r in state.ongoing if r.resume_turn <= state.turn]
    if not due:
        return state
    run = due[0]
    state = attrs.evolve(state, ongoing=tuple(r for r in state.ongoing if r is not run))
    alive = set(s.id for s in state.stacks)
    card = content.card(run.card)
    # Where the card picks up again: a plain roll goes straight on; a fight lets the
    # responders add forces and, where the card sells CFs, buy more up to its cap
    # (EVT-CON-35: "deployments and/or investments may span multiple turns").
    if card.contest is None:
        stage = Stage.OFFER
    elif any(o.cf_per_rp for o in card.offers):
        stage = Stage.LEAD
    else:
        stage = Stage.LOCATE
    run = attrs.evolve(
        run,
        red=tuple(c for c in run.red if c.stack in alive),
        blue=tuple(c for c in run.blue if c.stack in alive),
        stage=stage,
        tested=True,
    )
    state = log(
        attrs.evolve(state, run=run),
        WHITE,
        "event",
        f"{names.card(content, card.id)} continues (turn {state.turn - run.started + 1})",
    )
    return advance(state, content)


def finish(state: GameState, content: Content) -> GameState:
    """No stage left: a card with no roll (``none``) applies its result now."""
    run = run_of(state)
    card = content.card(run.card)
    if card.result is not None:
        state = apply_row(state, content, card.result)
    return close(state, content, card, card.result)
