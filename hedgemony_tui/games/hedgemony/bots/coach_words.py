"""The coach's expert: it decides exactly as the ``expert`` computer player does, but
says why in the terms a learner's screens show (IP, RP, FF, the odds of a roll).

The computer player's reasons quote its own look-ahead: a utility, or a "chance of an IP
gain" read over states in which the other seats answer as it guesses. No screen shows
those numbers, so a learner cannot check them. :class:`CoachExpert` words the same
decisions from what is on screen:

* a commitment, a stop or a card's own decision (a place, a vote, a payment): the
  expected IP the worksheet (F6) shows for the roll that follows
  (``engine.expectation``, one computation for both);
* a card played or held in a phase: its cost in RP and the odds its die prints (the
  card panel's "Odds" line, before modifiers), or for a contest the table it is read on
  and the FF each side has in the theater;
* a free-play proposal: the decision list's own odds line for it
  (``ruling_odds.proposal_odds``: as the White Cell's usual ruling would read it);
* ending a phase with RP unspent: what the RP kept are for, in words (the bot's
  "reserve" is a rule of thumb of its own, and it spends below it for a clear gain).
"""

from __future__ import annotations

from hedgemony_tui.table.errors import HedgemonyError

from ..engine import expectation, names
from ..engine.cards import Band, Card
from ..engine.content import Content
from ..engine.intents import ChooseLocation, DoneCommitting, EndInvestments, EndPhase, Intent, ProposeAction
from ..engine.play import card_cost
from ..engine.ruling_odds import proposal_odds
from ..engine.state import GameState
from .blue_posture import forces_in
from .cardsense import band_ip
from .choice import BotChoice
from .expert import ExpertPolicy
from .lookahead import apply_option, sandbox
from .weighing import States

FACES = 10
MOVED = 0.05
"""Another player's expected IP change is named in a reason from this size on (as in the coach's rows)."""
TABLES = {"crt-a": "CRT A", "rt-b": "RT B"}

KEPT_RP = (
    "RP left unspent pay for sending forces from outside a theater against Red's cards, "
    "for buying readiness back and for offers that come up"
)


class CoachExpert(ExpertPolicy):
    """The expert, deciding exactly as the computer player does (the same choices), with
    reasons in a learner's screen terms (module docstring)."""

    def score_words(self, gain: float) -> str:
        # The computer player's "utility" is a number no screen explains: say what it weighs.
        return (
            "by the expert's look ahead at what may follow, the dice included (its victory chances, IP and RP together)"
        )

    def step_odds(self, view: GameState, content: Content, seat: str, step: Intent, states: States) -> str:
        value = expectation.option_expected_ip(view, seat, step, self.options, content)
        if value is None:
            return "no roll follows it now"
        return f"expected IP {value:+.1f} from the roll that follows if no one adds more, as on the worksheet (F6)"

    def in_card(self, view: GameState, content: Content, seat: str, options: list[Intent]) -> BotChoice:
        choice = super().in_card(view, content, seat, options)
        run = view.run
        if run is None or run.stage in expectation.COMMIT_STAGES:
            return choice  # a commitment's reason already quotes the worksheet (step_odds)
        head = choice.reason.split(": best of ")[0]
        value = expectation.option_expected_ip(view, seat, choice.intent, self.options, content)
        if value is None and isinstance(choice.intent, ChooseLocation):
            # No roll follows the place at once (forces are committed first): the board's FF say why.
            there = [
                f"{p.id} {ffs} FF"
                for p in view.players
                if (ffs := sum(s.ffs for s in view.stacks_of(p.id) if s.location == choice.intent.location))
            ]
            standing = f"standing there: {', '.join(there)}" if there else "no forces stand there"
            return BotChoice(choice.intent, f"{head}: {standing}", choice.public_reason)
        if value is None:
            return BotChoice(choice.intent, f"{head}: {self.score_words(0.0)}", choice.public_reason)
        roll = expectation.option_preview(view, choice.intent, self.options, content)
        moved = [
            f"{p.id} {change:+.1f}"
            for p in view.players
            if p.id != seat and roll is not None and abs(change := roll.expected_ip(p.id)) >= MOVED
        ]
        others = f" (the same roll: {', '.join(moved)})" if moved else ""
        return BotChoice(
            choice.intent,
            f"{head}: expected IP {value:+.1f} from the roll that follows{others}, as the roll sheet (F6) shows "
            f"once the die is asked for",
            choice.public_reason,
        )

    def _play_reason(self, view: GameState, content: Content, seat: str, card: Card, states: States, verb: str) -> str:
        title = names.card(content, card.id)
        cost = card_cost(view, content, seat, card)
        price = f"it costs {cost} RP" if cost else "it costs no RP"
        bill = self.bill_reserve(view, content) if seat == "US" and cost and verb != "holds" else 0
        if bill:  # the expert never spends into it: say so with the figures the RP tracker shows
            price += f", leaving {view.player(seat).rp - cost} (next turn's readiness bill may need {bill})"
        if card.contest is not None and card.aor:
            table = TABLES.get(card.contest.table, "its own rows")
            sides = [seat, *(p for p in card.contest.responders if p != seat)]
            there = ", ".join(f"{p} {forces_in(view, content, p, card.aor)} FF" for p in sides)
            return (
                f"{seat} {verb} {title}: a contest read on {table}, its column set by the FF both sides commit "
                f"(in {names.aor(content, card.aor)}: {there}); {price}"
            )
        odds = printed_odds(card, seat)
        if odds is None:
            return f"{seat} {verb} {title}: {_without_die(card)}; {price}"
        gain, loss = odds
        return (
            f"{seat} {verb} {title}: its die gains {seat} IP on {gain} of {FACES} faces and loses IP on {loss} "
            f"(the card's printed odds, before modifiers); {price}"
        )

    def proposal_step(
        self, view: GameState, content: Content, seat: str, options: list[Intent], now: float
    ) -> BotChoice | None:
        choice = super().proposal_step(view, content, seat, options, now)
        if choice is None or not isinstance(choice.intent, ProposeAction):
            return choice
        intent = choice.intent
        kind = intent.kind.replace("-", " ") or "free-play action"
        mine = sum(s.ffs for s in view.stacks_of(seat) if s.location == intent.location)
        odds = proposal_odds(view, intent, content)
        words = f"; the list's odds: {odds}" if odds else ""
        return BotChoice(
            intent,
            f"{seat} proposes a {kind} in {names.place(content, intent.location)}, where it has {mine} FF{words}",
        )

    def blue_move(self, view: GameState, content: Content, seat: str, options: list[Intent]) -> BotChoice:
        choice = super().blue_move(view, content, seat, options)
        if isinstance(choice.intent, (EndPhase, EndInvestments)):
            return BotChoice(choice.intent, self.end_words(view, content, seat, choice.intent), choice.public_reason)
        return choice

    def end_words(self, view: GameState, content: Content, seat: str, end: Intent) -> str:
        """Why the seat stops spending, and what the RP it keeps are for."""
        rp = view.player(seat).rp
        if isinstance(end, EndInvestments):
            head = f"{seat} makes no more investments, keeping {rp} RP: on to the actions"
        else:
            head = f"{seat} ends its Blue phase keeping {rp} RP: nothing left is expected to be worth its cost now"
        bill = self.bill_reserve(view, content) if seat == "US" else 0
        if bill > rp:
            return f"{head}. Next turn's readiness bill may need {bill} RP on the worst budget roll: it spends no more"
        if bill:
            return (
                f"{head}. Next turn's readiness bill may need {bill} RP of these on the worst "
                f"budget roll; beyond that, {KEPT_RP}"
            )
        return f"{head}. {KEPT_RP}"

    def signal(self, view: GameState, content: Content, seat: str, options: list[Intent]) -> BotChoice:
        choice = super().signal(view, content, seat, options)
        # "in reserve" would read as RP held back: it is a card signalled as a spare.
        return BotChoice(choice.intent, choice.reason.replace("; the third in reserve", "; the third as a spare"))

    def spends(self, view: GameState, content: Content, seat: str, intent: Intent) -> int | None:
        """RP ``intent`` spends at once (a commitment from outside the theater, a
        buy-back), on a copy of the view; None when the copy cannot take it."""
        if isinstance(intent, DoneCommitting):
            return 0
        try:
            after = apply_option(sandbox(view), content, intent)
        except (HedgemonyError, ValueError, KeyError, AssertionError, IndexError):
            return None
        return view.player(seat).rp - after.player(seat).rp


def _without_die(card: Card) -> str:
    """What a card no die decides does, in short."""
    if card.resolution == "modernize":
        return "no die: it raises forces' Mod Level at the modernization mat's price"
    if card.resolution == "procure":
        return "no die: it buys new FF at the procurement mat's price"
    if card.result is not None and card.result.label:
        return f"no die: {card.result.label}"
    return "no die decides it"


def printed_odds(card: Card, seat: str) -> tuple[int, int] | None:
    """(faces gaining ``seat`` IP, faces losing it) on the card's printed die (its bands,
    or every place's bands when the place chosen does not change them); None when no die
    decides the card or the place does change them."""
    tables: list[tuple[Band, ...]] = [card.bands] if card.bands else list(card.choice_bands.values())
    counts = {_counted(card, bands, seat) for bands in tables if bands}
    return counts.pop() if len(counts) == 1 else None


def _counted(card: Card, bands: tuple[Band, ...], seat: str) -> tuple[int, int]:
    gain = loss = 0
    for face in range(FACES):
        try:
            band = card.band_for(face, bands)
        except AssertionError:  # a band set that needs a modified roll: that face does nothing
            continue
        ip = band_ip(band, card, seat).get(seat, 0)
        gain += ip > 0
        loss += ip < 0
    return gain, loss
