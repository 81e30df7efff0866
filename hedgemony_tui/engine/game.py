"""The one door into the rules: the pending decision, its legal intents, and ``reduce``.

Screens, bots, the CLI and the tests all do the same thing: ask :func:`legal_intents`,
pick one, call :func:`reduce`. Anything else raises :class:`IllegalIntent` with the
reason, and the state passed in is untouched (it is immutable).
"""

from __future__ import annotations

import attrs

from . import contest
from .content import Content, content_for
from .intents import (
    INTENT_TYPES,
    BuyBack,
    ChooseLocation,
    CommitForces,
    DoneCommitting,
    EnterRoll,
    Intent,
    RollDie,
    seat_of,
)
from .errors import IllegalIntent
from .phases import allocation, blue, red, signaling, summary
from .play import resolve_card_roll, resolve_privacy, why_not_playable
from .state import WHITE, GameState, Phase

PHASES = {
    Phase.SIGNALING: signaling,
    Phase.BLUE: blue,
    Phase.RED: red,
    Phase.SUMMARY: summary,
}


@attrs.frozen
class Decision:
    """Who must decide what now."""

    seat: str
    kind: str
    prompt: str


def pending(state: GameState, content: Content | None = None) -> Decision:
    content = content or content_for(state.scenario)
    if state.phase is Phase.OVER:
        return Decision(WHITE, "over", "The game is over.")
    if state.roll_request is not None:
        request = state.roll_request
        seat = WHITE if state.settings.physical_dice else request.roller
        how = "enter the face of a real D10" if state.settings.physical_dice else "roll the die"
        return Decision(seat, "roll", f"{request.roller}: {how} for {request.reason}")
    if state.contest is not None:
        c = state.contest
        card = content.card(c.card)
        if c.stage == "locate":
            return Decision(c.actor, "locate", f"{c.actor}: where does {c.card} ({card.title}) happen?")
        if c.stage == "commit":
            return Decision(c.actor, "commit", f"{c.actor}: commit forces to {c.card} at {c.location}, then finish")
        who = c.responders[0]
        return Decision(who, "respond", f"{who}: respond to {c.card} at {c.location} with forces, or decline")
    if state.phase is Phase.SIGNALING:
        return Decision(state.queue[0], "signal", f"{state.queue[0]}: signal three cards (at least one action and one investment)")
    if state.phase is Phase.BLUE:
        seat = blue.deciding_seat(state, content)
        if seat == WHITE:
            return Decision(WHITE, "emergency", "White Cell: the U.S. cannot pay its readiness bill; rule on emergency funding")
        if seat == "US" and not state.readiness_paid:
            return Decision("US", "readiness", "U.S.: pay this turn's readiness bill")
        return Decision(seat, "blue", f"{seat}: invest, post forces and act, or end your Blue phase")
    if state.phase is Phase.RED:
        return Decision(state.queue[0], "red", f"{state.queue[0]}: play a signaled card or end your Red phase")
    if state.phase is Phase.SUMMARY:
        return Decision(WHITE, "summary", "White Cell: close the turn")
    raise AssertionError(state.phase)  # allocation always waits on the budget roll


def legal_intents(state: GameState, content: Content | None = None) -> list[Intent]:
    content = content or content_for(state.scenario)
    if state.phase is Phase.OVER:
        return []
    if state.roll_request is not None:
        if state.settings.physical_dice:
            return [EnterRoll(face) for face in range(10)]
        return [RollDie(state.roll_request.roller)]
    if state.contest is not None:
        c = state.contest
        if c.stage == "locate":
            return [ChooseLocation(c.actor, place) for place in contest.locations(content, content.card(c.card))]
        who = contest.deciding_player(state)
        options: list[Intent] = [CommitForces(who, sid, n) for sid, n in contest.commit_options(state, content, who)]
        if c.stage == "respond" or c.red or not options:
            options.append(DoneCommitting(who))
        if who == "US":
            # The U.S. may buy back readiness whenever it may act, e.g. before it commits.
            ready = [s for s in contest.eligible_stacks(state, content, "US") if s.id not in contest.committed_ids(c)]
            options += blue.buyback_options(state, content, ready)
        return options
    return PHASES[state.phase].legal(state, content)


def reduce(state: GameState, intent: Intent, content: Content | None = None) -> GameState:
    """The state after ``intent``; raises :class:`IllegalIntent` if it is not allowed now."""
    content = content or content_for(state.scenario)
    if not isinstance(intent, INTENT_TYPES):
        raise IllegalIntent(f"not a decision this game understands: {intent!r}")
    allowed = legal_intents(state, content)
    if intent not in allowed:
        raise IllegalIntent(explain(state, content, intent, allowed))
    state = attrs.evolve(state, decisions=state.decisions + 1)
    if isinstance(intent, (RollDie, EnterRoll)):
        return _roll(state, content, intent)
    if isinstance(intent, ChooseLocation):
        return contest.choose_location(state, intent.location)
    if isinstance(intent, CommitForces):
        return contest.commit(state, content, intent.player, intent.stack, intent.ffs)
    if isinstance(intent, DoneCommitting):
        return contest.done(state, content, intent.player)
    if isinstance(intent, BuyBack) and state.contest is not None:
        return blue.buy_back(state, content, intent)
    return PHASES[state.phase].apply(state, content, intent)


def _roll(state: GameState, content: Content, intent: Intent) -> GameState:
    request = state.roll_request
    assert request is not None
    if isinstance(intent, EnterRoll):
        face, physical = intent.face, True
    else:
        face, rng = state.rng.d10()
        state = attrs.evolve(state, rng=rng)
        physical = False
    if request.purpose == "privacy":
        return resolve_privacy(state, content, request, face)
    if request.purpose == "card":
        return resolve_card_roll(state, content, request, face, physical)
    if request.purpose == "contest":
        return contest.resolve(state, content, face, physical)
    if request.purpose == "budget":
        return allocation.resolve_budget(state, content, face, physical)
    raise AssertionError(request.purpose)


def explain(state: GameState, content: Content, intent: Intent, allowed: list[Intent]) -> str:
    """Why an intent is refused, in a player's words."""
    decision = pending(state, content)
    seat = seat_of(intent)
    if seat != decision.seat:
        return f"it is not {seat}'s decision now. Waiting on: {decision.prompt}"
    card_id = getattr(intent, "card", None)
    if card_id is not None:
        if card_id not in content.cards:
            return f"there is no card {card_id!r}"
        reason = why_not_playable(state, content, seat, content.card(card_id))
        if reason:
            return reason
    kinds = sorted({type(a).TAG for a in allowed})
    return f"{intent.describe()} is not allowed now. Waiting on: {decision.prompt} (allowed: {', '.join(kinds)})"
