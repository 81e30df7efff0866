"""Hedgemony's intents as menu paths for the shell's decision panel (``Front.intent_path``).

A path is a group (readiness, posture, investments, cards, the card in play, free play,
the White Cell, dice, the end of the phase), an entry, then the steps that tell apart
the intents behind the entry: the stack, the destination's AOR and place, the number of
FFs, the Mod Level, the cards of a signal. The shell builds the menu from these and keeps
every level short; every component uses names, never ids (see :mod:`.intents`).
"""

from __future__ import annotations

from typing import Any

from hedgemony_tui.shell.front import PHASE_END_GROUP, Table

from ...engine import intents as it
from ...engine.cards import CardKind
from ...engine.contest import commit_cost
from ...engine.game import content_of
from ...engine.ruling_odds import odds_line, proposal_odds
from ...engine.run_options import offer_terms
from ...engine.state import GameState
from ..context import content
from .intents import Names, with_place

SIGNALS = "Signals"
READINESS = "Readiness"
POSTURE = "Posture"
INVESTMENTS = "Investments"
CARDS = "Cards"
CARD_IN_PLAY = "Card in play"
FREE_PLAY = "Free play"
FUNDING = "Emergency funding"
DICE = "Dice"
WHITE_CELL = "White Cell"
OTHER = "Other"

PHASE_END_TYPES: tuple[type, ...] = (it.EndPhase, it.EndInvestments, it.HandOver, it.Continue)
"""The intents that end a player's phase, its investments, its turn in the Blue order, or
the turn: the panel's pinned group (:data:`PHASE_END_GROUP`)."""

PHASE_WORDS = {
    "red-signaling": "signaling",
    "blue-actions": "Blue",
    "red-actions": "Red",
    "allocation": "allocation",
    "summary": "summary",
}

_NAMES: list[tuple[Any, str, Names]] = []
"""The names of the last view and seat asked about (a decision has hundreds of intents)."""


def names_for(table: Table) -> Names:
    """The names the keyboard holder reads, from its view (kept while the view stays)."""
    seen, viewer = table.seen_state(), table.viewer_seat()
    if _NAMES and _NAMES[0][0] is seen and _NAMES[0][1] == viewer:
        return _NAMES[0][2]
    names = Names(content(table), seen)
    _NAMES[:] = [(seen, viewer, names)]
    return names


PROPOSE_ENTRY = "Propose an action (every kind, your own words: F6 → Propose)"


def _ruling_odds(names: Names) -> str:
    """The odds of the ruling the proposer answers, on one line (engine's ``odds_line``)."""
    seen = names.seen
    if not isinstance(seen, GameState) or seen.proposal is None or seen.proposal.ruling is None:
        return ""
    return odds_line(seen, names.content)


_PROPOSAL_ODDS: list[tuple[GameState, dict[it.ProposeAction, str]]] = []
"""The odds of each proposal in the view last drawn, kept with that view (computed once
per view: each plays the ruling out on copies of the state)."""


def _proposal_odds(intent: it.ProposeAction, names: Names) -> str:
    """A proposal's odds before it is chosen, by the engine (``ruling_odds.proposal_odds``)."""
    seen = names.seen
    if not isinstance(seen, GameState):
        return ""
    if not _PROPOSAL_ODDS or _PROPOSAL_ODDS[0][0] is not seen:
        _PROPOSAL_ODDS[:] = [(seen, {})]  # another view: the old odds no longer hold
    known = _PROPOSAL_ODDS[0][1]
    if intent not in known:
        known[intent] = proposal_odds(seen, intent, content_of(seen, names.content))
    return known[intent]


def _offer_terms(intent: it.Pay, names: Names) -> str:
    """The offer's terms, by the engine (``run_options.offer_terms``), before anything is paid."""
    seen = names.seen
    if not isinstance(seen, GameState):
        return ""
    terms = offer_terms(seen, content_of(seen, names.content), intent.player)
    return f" — {terms}" if terms else ""


def _move_price(intent: it.CommitForces, names: Names) -> str:
    """What moving these FFs to the place in play costs, by the engine (``contest.commit_cost``)."""
    seen = names.seen
    if not isinstance(seen, GameState) or seen.run is None or intent.stack not in names.stacks:
        return ""
    cost = commit_cost(seen, content_of(seen, names.content), intent.player, seen.stack(intent.stack), intent.ffs)
    return f" (moving them: {cost} RP)" if cost else " (no move cost)"


def is_phase_end(intent: Any) -> bool:
    return isinstance(intent, PHASE_END_TYPES)


def _ffs(n: int) -> str:
    return f"{n} FF"


def _event_kind(card_id: str, names: Names) -> str:
    """An event's step: its kind and the player it concerns first ("Domestic events: US")."""
    if card_id not in names.content.cards:
        return "Events"
    card = names.content.card(card_id)
    who = f": {card.players[0]}" if card.players else ""
    return f"{card.kind.value.capitalize()} events{who}"


def intent_path(intent: Any, names: Names) -> tuple[str, ...]:
    """The menu path of ``intent`` (see the module docstring)."""
    match intent:
        case it.SignalCards():
            cards = tuple(names.card(c) for c in intent.cards)
            marked = (f"activate {', '.join(intent.activate)}",) if intent.activate else ()
            return (SIGNALS, "Signal three cards", *cards, *marked)
        case it.PayReadiness():
            return (READINESS, "Pay the readiness bill")
        case it.BuyBack() | it.SetReadiness():
            verb = "Buy back readiness" if isinstance(intent, it.BuyBack) else "Lower readiness"
            how_many = _ffs(intent.ffs) if intent.ffs else f"all {names.stack_ffs(intent.stack)} FF"
            return (READINESS, verb, names.stack(intent.stack), f"to {intent.to}%", how_many)
        case it.Retire():
            return (READINESS, "Retire FFs", names.stack(intent.stack), _ffs(intent.ffs))
        case it.Deploy():
            aor = names.aor_of(intent.to)
            where = (f"to {aor}", names.place(intent.to)) if aor else (f"to {names.place(intent.to)}",)
            return (POSTURE, "Move forces", names.stack(intent.stack), *where, _ffs(intent.ffs))
        case it.Modernize():
            more = " + ".join(f"{p.ffs} FF of {names.stack(p.stack)}" for p in intent.more)
            last = _ffs(intent.ffs) + (f" + {more}" if more else "")
            return (INVESTMENTS, names.card(intent.card), names.stack(intent.stack), last)
        case it.Procure():
            more = " + ".join(f"{line.ffs} FF at M{line.mod}" for line in intent.more)
            last = _ffs(intent.ffs) + (f" + {more}" if more else "")
            return (INVESTMENTS, names.card(intent.card), f"at M{intent.mod}", last)
        case it.PlayCard():
            group = CARDS
            if intent.card in names.content.cards and names.content.card(intent.card).kind is CardKind.INVESTMENT:
                group = INVESTMENTS
            units = (f"{intent.units} units",) if intent.units else ()
            return (group, names.card(intent.card), *units)
        case it.EndPhase():
            phase = PHASE_WORDS.get(str(getattr(names.seen, "phase", "")), "")
            return (PHASE_END_GROUP, f"End the {phase} phase" if phase else "End my phase")
        case it.EndInvestments():
            return (PHASE_END_GROUP, "Investments done: on to actions")
        case it.HandOver():
            return (PHASE_END_GROUP, f"Let {intent.to} go next")
        case it.Continue():
            return (PHASE_END_GROUP, "Close the turn")
        case it.CommitForces():
            return (
                CARD_IN_PLAY,
                "Commit forces",
                names.stack(intent.stack),
                _ffs(intent.ffs) + _move_price(intent, names),
            )
        case it.DoneCommitting():
            run = getattr(names.seen, "run", None)
            if run is not None and run.round > 1:  # an escalation round (ch. 8): stopping brings the roll
                return (CARD_IN_PLAY, "Stop: add no more forces")
            return (CARD_IN_PLAY, "Done committing forces")
        case it.ChooseLocation():
            aor = names.aor_of(intent.location)
            return (CARD_IN_PLAY, "Choose the place", *((aor,) if aor else ()), names.place(intent.location))
        case it.Choose():
            return (CARD_IN_PLAY, "Choose an option", names.option(intent.option))
        case it.Vote():
            return (CARD_IN_PLAY, "Vote yes" if intent.yes else "Vote no")
        case it.SeekLead():
            return (CARD_IN_PLAY, "Seek the lead" if intent.yes else "Leave the lead to others")
        case it.Pay():
            terms = _offer_terms(intent, names)
            return (
                (CARD_IN_PLAY, "Pay into the offer" + terms, f"{intent.rp} RP")
                if intent.rp
                else (CARD_IN_PLAY, "Decline the offer" + terms)
            )
        case it.AppealForFunding():
            return (FUNDING, "Appeal for emergency funding", f"{intent.amount} RP")
        case it.RollDie():
            return (DICE, "Roll the die")
        case it.EnterRoll():
            return (DICE, "Enter the face rolled", str(intent.face))
        case it.AcceptRuling():
            odds = _ruling_odds(names)
            return (FREE_PLAY, "Accept the ruling and pay its cost" + (f" — odds {odds}" if odds else ""))
        case it.WithdrawProposal():
            return (FREE_PLAY, "Withdraw the proposal (nothing paid)")
        case it.ProposeAction():
            # The panel lists the usual proposals; every kind, in the player's own words, is on F6 → Propose.
            odds = _proposal_odds(intent, names)
            return (
                FREE_PLAY,
                PROPOSE_ENTRY,
                with_place(intent.title, names.place(intent.location)) + (f" — {odds}" if odds else ""),
            )
        case it.InjectEvent():
            return (WHITE_CELL, "Inject an event", _event_kind(intent.card, names), names.card(intent.card))
        case it.GrantEmergencyFunding():
            return (WHITE_CELL, f"Grant {intent.player} emergency funding", f"{intent.amount} RP")
        case it.RefuseFunding():
            return (WHITE_CELL, "Refuse emergency funding")
        case it.RollForFunding():
            return (WHITE_CELL, "Let a die decide the funding")
        case it.RuleAction():
            return (WHITE_CELL, "Rule on the proposal", intent.describe(names))
        case it.RefuseAction():
            return (WHITE_CELL, "Refuse the proposal")
    return (OTHER, str(intent.describe(names)))
