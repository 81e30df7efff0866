"""The one door into the rules: the pending decision, its legal intents, and ``reduce``.

Screens, bots, the CLI and the tests all do the same thing: ask :func:`legal_intents`,
pick one, call :func:`reduce`. Anything else raises :class:`IllegalIntent` with the
reason, and the state passed in is untouched (it is immutable).

What happens next is steered by tables: a phase's decisions and steps by the phase
(:data:`LEGAL`, :data:`APPLY`; the order of the phases is ``turn_order.py``), a die by
what it is rolled for (:data:`ROLLS`), a card in play by its stage (``runs.py``; its answers in ``run_answers.py``).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from hedgemony_tui.table.errors import IllegalIntent

from . import (
    appeal,
    buying,
    discretion,
    escalation,
    names,
    random_events,
    ruling_text,
    rulings,
    run_answers,
    run_options,
    runs,
    tiers,
    turn_order,
)
from . import contest as forces
from .content import Content, content_for
from .intents import (
    INTENT_TYPES,
    AcceptRuling,
    AppealForFunding,
    BuyBack,
    EnterRoll,
    InjectEvent,
    Intent,
    ProposeAction,
    RefuseAction,
    RollDie,
    RuleAction,
    SignalCards,
    WithdrawProposal,
    seat_of,
)
from .op_kinds import kind_words
from .out_of_area import second_origin_refusal
from .phase_end import Step
from .phases import allocation, blue, red, signaling, summary
from .play import INJECTION_PHASES, resolve_card_roll, resolve_privacy, why_not_injectable, why_not_playable
from .state import WHITE, GameState, Phase, RollPurpose, RollRequest, Stage

LEGAL: dict[Phase, Callable[[GameState, Content], list[Intent]]] = {
    Phase.SIGNALING: signaling.legal,
    Phase.BLUE: blue.legal,
    Phase.RED: red.legal,
    Phase.SUMMARY: summary.legal,
}
"""The decisions of each phase that waits on one (the allocation waits only on its die)."""

APPLY: dict[Phase, Callable[[GameState, Content, Intent], Step]] = {
    Phase.SIGNALING: signaling.apply,
    Phase.BLUE: blue.apply,
    Phase.RED: red.apply,
    Phase.SUMMARY: summary.apply,
}
"""How each phase takes one of its decisions."""

RollReader = Callable[[GameState, Content, RollRequest, int, bool], Step]

ROLLS: dict[RollPurpose, RollReader] = {
    RollPurpose.PRIVACY: resolve_privacy,
    RollPurpose.CARD: resolve_card_roll,
    RollPurpose.RANDOM_EVENT: random_events.random_event_rolled,
    RollPurpose.BUDGET: allocation.resolve_budget,
    **dict.fromkeys(run_answers.ROLLS, run_answers.rolled),
    RollPurpose.EMERGENCY: appeal.rolled,
    RollPurpose.PROXY: discretion.proxy_rolled,
}
"""Who reads a die, by what it was rolled for: the state, the request, the face, and
whether a real D10 showed it."""


@attrs.frozen
class Decision:
    """Who must decide what now. ``seats`` names every seat that owes a sealed choice at
    once (Red signals, ch. 3), ``seat`` the first of them; empty when only ``seat`` owes."""

    seat: str
    kind: str
    prompt: str
    seats: tuple[str, ...] = ()

    @property
    def owing(self) -> tuple[str, ...]:
        """Every seat that owes this decision."""
        return self.seats or (self.seat,)


def content_of(state: GameState, content: Content | None = None) -> Content:
    """The content a game plays with: its scenario's, plus the cards of its ruled
    free-play actions (look cards in play up here, not in ``content_for``)."""
    return rulings.with_rulings(content or content_for(state.scenario), state)


def pending(state: GameState, content: Content | None = None) -> Decision:
    content = content_of(state, content)
    if state.phase is Phase.OVER:
        return Decision(WHITE, "over", "The game is over.")
    if state.roll_request is not None:
        request = state.roll_request
        seat = WHITE if state.settings.physical_dice else request.roller
        how = "enter the face of a real D10" if state.settings.physical_dice else "roll the die"
        return Decision(seat, "roll", f"{request.roller}: {how} for {request.reason}")
    if state.appeal is not None:
        a = state.appeal
        return Decision(
            WHITE,
            "appeal",
            f"White Cell: {a.player} appeals for {a.amount} RP of emergency funding "
            f"to answer {names.card(content, a.card)}; grant, refuse, or let a die decide",
        )
    if state.run is not None:
        return run_decision(state, content)
    if state.proposal is not None:
        p = state.proposal
        if p.ruling is not None:  # shown in full before anything is paid (README X9)
            return Decision(
                p.player,
                "ruling-answer",
                f"{p.player}: the White Cell rules '{p.title}' — "
                f"{ruling_text.summary(state, content, p.ruling)}. Accept and pay, or withdraw (nothing paid)",
            )
        return Decision(
            WHITE,
            "ruling",
            f"White Cell: rule on {p.player}'s proposed "
            f"{kind_words(p.kind) or 'action'} at "
            f"{names.place(content, p.location)}: {p.title}",
        )
    if state.phase is Phase.SIGNALING:
        # A sealed choice: every Red player still to signal owes it now.
        return Decision(
            state.queue[0],
            "signal",
            f"{', '.join(state.queue)}: each picks three cards to signal (at "
            "least one action and one investment), unseen until all are down",
            seats=state.queue,
        )
    if state.phase is Phase.BLUE:
        seat = blue.deciding_seat(state, content)
        if seat == WHITE:
            return Decision(
                WHITE, "emergency", "White Cell: the U.S. cannot pay its readiness bill; rule on emergency funding"
            )
        if seat == "US" and not state.readiness_paid:
            return Decision("US", "readiness", "U.S.: pay this turn's readiness bill")
        if state.blue_to_act:  # every Blue investment comes before any Blue action (ch. 3)
            return Decision(
                seat,
                "blue",
                f"{seat}: invest and post forces, let another Blue player go next, or finish your investments",
            )
        return Decision(
            seat, "blue", f"{seat}: act and post forces, let another Blue player go next, or end your Blue phase"
        )
    if state.phase is Phase.RED:
        return Decision(state.queue[0], "red", f"{state.queue[0]}: play a signaled card or end your Red phase")
    if state.phase is Phase.SUMMARY:
        return Decision(WHITE, "summary", "White Cell: close the turn")
    raise AssertionError(state.phase)  # allocation always waits on the budget roll


def pending_for(state: GameState, seat: str, content: Content | None = None) -> Decision:
    """The pending decision as ``seat`` may read it: the same seats and kind, but a
    private event of another player (ch. 3: known only to that player and the White
    Cell) is not named: "North Korea resolves a private event". The White Cell and the
    event's own player read the decision in full."""
    content = content_of(state, content)
    decision = pending(state, content)
    if seat == WHITE:
        return decision
    hidden = {card: owner for card, owner in state.secret_events.items() if owner != seat}
    if not hidden:
        return decision
    about = [
        c
        for c in (
            state.run.card if state.run else "",
            state.roll_request.card if state.roll_request else "",
            state.appeal.card if state.appeal else "",
        )
        if c in hidden
    ]
    if not about:  # a prompt about something else may still quote the card (it should not)
        about = [c for c in hidden if _names(decision.prompt, c, content)]
    if not about:
        return decision
    owner = hidden[about[0]]
    name = content.scenario.player(owner).name if owner in content.scenario.player_ids else owner
    return attrs.evolve(decision, prompt=f"{name} resolves a private event")


def _names(text: str, card_id: str, content: Content) -> bool:
    """Whether ``text`` names the card ``card_id`` (by its id or its title)."""
    title = content.cards[card_id].title if card_id in content.cards else ""
    return card_id in text or bool(title) and title in text


_STAGE_PROMPTS = {  # cards by title with their id (the facilitators look them up by id)
    Stage.CHOOSE: "{who}: choose for {title} ({card})",
    Stage.VOTE: "{who}: vote yes or no on {title} ({card}); no one sees the votes until all are in",
    Stage.LEAD: "{who}: do you want to lead the response to {title} ({card})?",
    Stage.OFFER: "{who}: pay into {title} ({card}), or decline",
    Stage.LOCATE: "{who}: where does {title} ({card}) happen?",
    Stage.COMMIT: "{who}: commit forces to {title} ({card}) at {where}, then finish",
    Stage.RESPOND: "{who}: respond to {title} ({card}) at {where} with forces, or decline",
}


def run_decision(state: GameState, content: Content) -> Decision:
    run = state.run
    assert run is not None, "asked only while a card is in play"
    who = run_options.deciding_player(state)
    card = content.card(run.card)
    template = escalation.prompt_template(run) or _STAGE_PROMPTS[run.stage]  # rounds after the first (ch. 8)
    prompt = template.format(
        who=who,
        card=card.id,
        title=card.title,
        round=run.round,
        where=names.place(content, forces.target_of(state, content, who)) if card.contest else "",
    )
    return Decision(who, run.stage, prompt)


def injections(state: GameState, content: Content) -> list[Intent]:
    """The White Cell may inject an event in the first three phases (ch. 3) when no card
    is in play; each event card once a game."""
    if (
        state.run is not None
        or state.roll_request is not None
        or state.proposal is not None
        or state.phase not in INJECTION_PHASES
    ):
        return []
    return [InjectEvent(card.id) for card in content.events() if why_not_injectable(state, card) is None]


def legal_intents(state: GameState, content: Content | None = None) -> list[Intent]:
    content = content_of(state, content)
    # A caller (screen, bot, simulate) asks for the options and then reduces one of them,
    # which asks again: the content remembers its last answer, for this very state.
    options = content.legal_memo.get(state)
    if options is None:
        options = content.legal_memo.put(state, _legal_intents(state, content))
    return list(options)


def _legal_intents(state: GameState, content: Content) -> list[Intent]:
    if state.phase is Phase.OVER:
        return []
    if state.roll_request is not None:
        if state.settings.physical_dice:
            return [EnterRoll(face) for face in range(10)]
        return [RollDie(state.roll_request.roller)]
    if state.appeal is not None:
        return appeal.ruling_options(state)
    if state.run is not None:
        options = run_options.legal(state, content)
        # The U.S. may buy back readiness whenever it may act, e.g. before it commits, and
        # of the forces it just sent (tiered readiness); short of RPs, it may appeal.
        options += tiers.run_buybacks(state, content)
        return options + appeal.appeal_options(state, content, options)
    if state.proposal is not None:
        if state.proposal.ruling is not None:
            return rulings.answers(state)
        return rulings.standard_rulings(state, content)
    return LEGAL[state.phase](state, content) + injections(state, content)


def reduce(state: GameState, intent: Intent, content: Content | None = None) -> GameState:
    """The state after ``intent``; raises :class:`IllegalIntent` if it is not allowed now."""
    content = content_of(state, content)
    if not isinstance(intent, INTENT_TYPES):
        raise IllegalIntent(f"not a decision this game understands: {intent!r}")
    intent = _canonical(intent, content)
    allowed = legal_intents(state, content)
    if intent not in allowed:
        problems = _free_play_problems(state, content, intent)
        for unlisted in _UNLISTED:
            if problems is None:
                problems = unlisted(state, content, intent)
        if problems is None:
            raise IllegalIntent(explain(state, content, intent, allowed))
        if problems:
            raise IllegalIntent(f"{intent.describe(names.Namer(content, state))} is not allowed: {'; '.join(problems)}")
    state = attrs.evolve(state, decisions=state.decisions + 1)
    return _carry_on(_apply(state, content, intent), content)


def apply_legal(state: GameState, intent: Intent, content: Content | None = None) -> GameState:
    """``reduce`` for an intent taken as-is from ``legal_intents(state)``, without checking
    it again: for lookahead, which tries many options from the same lists. Anything not
    from that list must go through ``reduce``."""
    content = content_of(state, content)
    state = attrs.evolve(state, decisions=state.decisions + 1)
    return _carry_on(_apply(state, content, intent), content)


def _free_play_problems(state: GameState, content: Content, intent: Intent) -> list[str] | None:
    """Proposals and rulings beyond the standard ones the list offers are accepted if
    nothing is wrong with them; None for any other kind of intent. Only the White Cell
    rules on a proposal or refuses it."""
    if discretion.is_discretion(intent):
        return discretion.problems(state, content, intent)
    if isinstance(intent, (RuleAction, RefuseAction)) and intent.player != WHITE:
        return [f"only the White Cell rules on a proposal, not {intent.player}"]
    if isinstance(intent, ProposeAction):
        return rulings.proposal_problems(state, content, intent)
    if isinstance(intent, RuleAction):
        return rulings.ruling_problems(state, content, intent)
    if isinstance(intent, RefuseAction) and state.proposal is not None and state.proposal.ruling is None:
        return [] if len(intent.reason) <= rulings.MAX_TITLE else [f"say why in at most {rulings.MAX_TITLE} characters"]
    return None


_UNLISTED: tuple[Callable[[GameState, Content, Intent], list[str] | None], ...] = (
    tiers.unlisted_problems,
    buying.unlisted_problems,
    appeal.unlisted_problems,
)
"""Intents that vary by a number the lists offer only sensible values of (FFs whose
readiness changes, FFs modernized or procured, RPs asked or granted): any other value is
accepted when these checks find nothing wrong (None: not theirs to judge)."""


def _canonical(intent: Intent, content: Content) -> Intent:
    """Three signaled cards in any order are the same signal: put them in deck order."""
    if isinstance(intent, SignalCards) and intent.player in content.scenario.player_ids:
        order = {card.id: i for i, card in enumerate(content.deck(intent.player))}
        if all(c in order for c in intent.cards):
            cards = tuple(sorted(intent.cards, key=order.__getitem__))
            activate = tuple(sorted(intent.activate, key=lambda c: order.get(c, 99)))
            return attrs.evolve(intent, cards=cards, activate=activate)
    return intent


def _carry_on(state: GameState, content: Content) -> GameState:
    """Events that go on from an earlier turn come back at the start of the Blue phase."""
    if state.phase is Phase.BLUE and state.ongoing:
        return runs.resume_due(state, content)
    return state


def _apply(state: GameState, content: Content, intent: Intent) -> GameState:
    if isinstance(intent, (RollDie, EnterRoll)):
        return apply_roll(state, content, intent)
    if discretion.is_discretion(intent):  # the White Cell's interventions (X11), at any point
        return discretion.apply(state, content, intent)
    if state.appeal is not None:
        return turn_order.carry_on(appeal.rule(state, content, intent), content)
    if isinstance(intent, AppealForFunding):
        return appeal.appeal(state, intent)
    if isinstance(intent, BuyBack) and state.run is not None:
        return tiers.buy_back(state, content, intent)
    if state.run is not None:
        return run_answers.apply(state, content, intent)
    if isinstance(intent, InjectEvent):
        return runs.start(state, content, WHITE, content.card(intent.card))
    if isinstance(intent, ProposeAction):
        return rulings.propose(state, content, intent)
    if isinstance(intent, RuleAction):
        return rulings.rule(state, content, intent)
    if isinstance(intent, RefuseAction):
        return rulings.refuse(state, intent)
    if isinstance(intent, AcceptRuling):
        return rulings.accept(state, content, intent)
    if isinstance(intent, WithdrawProposal):
        return rulings.withdraw(state, content, intent)
    return turn_order.carry_on(APPLY[state.phase](state, content, intent), content)


def apply_roll(state: GameState, content: Content, intent: RollDie | EnterRoll) -> GameState:
    """The pending die comes up: the face entered, or the game's dice keyed by what the
    roll is for (see ``dice``: one seat's choices leave the faces of everyone else's rolls
    alone). Without the legality check, so ``odds`` can try every face."""
    request = state.roll_request
    assert request is not None, "a die is rolled only when one is asked for"
    if isinstance(intent, EnterRoll):
        face, physical = intent.face, True
    else:
        face, rng = state.rng.keyed_d10(state.turn, f"{request.card or '-'}/{request.purpose}/{request.roller}")
        state = attrs.evolve(state, rng=rng)
        physical = False
    return turn_order.carry_on(ROLLS[request.purpose](state, content, request, face, physical), content)


def explain(state: GameState, content: Content, intent: Intent, allowed: list[Intent]) -> str:
    """Why an intent is refused, in a player's words."""
    decision = pending(state, content)
    seat = seat_of(intent)
    if seat not in decision.owing:
        return f"it is not {seat}'s decision now. Waiting on: {decision.prompt}"
    card_id = getattr(intent, "card", None)
    if card_id is not None:
        if card_id not in content.cards:
            return f"there is no card {card_id!r}"
        reason = why_not_playable(state, content, seat, content.card(card_id))
        if reason:
            return reason
    reason = second_origin_refusal(state, content, intent) or forces.keep_refusal(state, content, intent)
    if reason:
        return reason
    namer = names.Namer(content, state)
    said = intent.describe(namer)
    return f"{said} is not allowed now. Waiting on: {decision.prompt} (allowed now: {allowed_words(allowed, namer)})"


def allowed_words(allowed: list[Intent], namer: names.Namer) -> str:
    """What may be done now, in a person's words: one example of each kind of decision
    (its own description, never the saves' ids), with how many more there are like it."""
    by_kind: dict[type, list[Intent]] = {}
    for option in allowed:
        by_kind.setdefault(type(option), []).append(option)
    said = []
    for options in by_kind.values():
        more = len(options) - 1
        said.append(options[0].describe(namer) + (f" (or {more} more like it)" if more else ""))
    return "; ".join(said) or "nothing"
