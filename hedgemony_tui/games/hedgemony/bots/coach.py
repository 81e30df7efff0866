"""The coach: what the ``expert`` computer player would do in a seat, and what the
worksheet (F6) shows each of the seat's options is worth in expected IP.

The advice is the expert itself, asked from the seat's own view (``engine.view.view``)
with the seat's own options listed from that view: its decision and its one-line reason,
worded in the learner's screen terms (``coach_words.CoachExpert``). The figures beside
the options are not the expert's own look-ahead but the worksheet's:
``engine.expectation.option_expected_ip``, the very function the commit sheet draws its
"This" row from (and the roll sheet, for a card's own decision that leads straight to
its die), so the coach never prints a number a worksheet contradicts. An option no
worksheet gives a figure to (a card played in a phase, an investment, a readiness
change, an appeal) has none here either: the row has no figure rather than "+0.0", and
the advice's note says once why, so the reason is what tells such options apart; where a
card among them goes straight to its die when played, the note names it and says that F6
shows that die's odds as soon as it is played (``expectation.rolls_at_once``).

The advice is never scored below another option on the figure shown beside it. The
expert may look further than the worksheet (a first FF with more to follow, the others'
answers, what forces cost): where its pick reads lower than another measured option,
the coach advises the best-scored option instead (of those tied, the one that spends
fewest RP, then sends fewest FF) and says so, naming the expert's pick and its figure.
One exception, said in concrete terms: where every option reading higher spends more RP
than the expert's pick, the coach keeps the RP, and its reason names the dearer option,
its figure and the RP it would cost. Even then no shown option reads as well for fewer
RP, or better for as few: the advice is the best figure for at most the expert's RP,
the cheapest of those tied (not a paid first FF where stopping reads the same for none).
The U.S. is never advised a spend that would leave less than next turn's readiness bill
needs at the worst budget roll: such options are left out of the rows (unless asked
for), and the note says how many and why.

Some decisions offer hundreds of options that differ only by a number or a stack (a
Blue phase: every readiness level of every stack, every deployment). Of a decision with
more than ``SMALL`` options the coach lists one of each kind (each card, each kind of
move, ending the phase), at most ``MAX_ROWS`` of them (in a response to a card, the
expert's own commitment steps per stack), and says so in the advice's note. A row names
the other players whose expected IP the same roll moves (a response to a Red card is
mostly worth what it takes from Red).
"""

from __future__ import annotations

from collections.abc import Sequence

from hedgemony_tui.table.contract import Advice, AdviceRow
from hedgemony_tui.table.errors import HedgemonyError

from ..engine import expectation
from ..engine.content import Content, content_for
from ..engine.game import legal_intents
from ..engine.intents import (
    BuyBack,
    CommitForces,
    DoneCommitting,
    EnterRoll,
    Intent,
    Modernize,
    Pay,
    PlayCard,
    Procure,
    ProposeAction,
    seat_of,
)
from ..engine.names import Namer
from ..engine.rulings import with_rulings
from ..engine.state import WHITE, GameState
from .choice import BotChoice
from .coach_words import CoachExpert
from .expert import ExpertPolicy

MEASURE = "expected IP"
SMALL = 16
"""A decision with at most this many options has every one measured (a response to a
card: each stack's commitments, stopping, an appeal)."""
MAX_ROWS = 12
"""Options measured in a bigger decision, one of each kind (the advised one always among
them): a Blue phase with 700 options answers in a fraction of a second."""

OTHERS_SHOWN = 0.05
"""Another player's expected IP change is named in a row from this size on."""

CLOSE = 1e-9
"""Figures this close are the same (one computation, summed in one order)."""

ROLLS_AT_ONCE = (
    "No worksheet shows an expected IP for these options yet: F6 previews a die once it is the next step. "
    "Played now, {cards} {goes} straight to {its} die: F6 then shows the die's odds before "
    "the throw, and the hand (F3) shows the printed D10 bands now. The reason says why the expert picks this one."
)
"""The note when no row has a figure but some card among them rolls as soon as it is played
(the newcomer read "no option leads to a roll" and F6 then showed +0.5 for the card)."""
NO_FIGURES = (
    "No worksheet shows an expected IP for these options: F6 previews a die only once it is the next "
    "step (a card in play, a commitment), and a choice here comes before that. The reason says why the "
    "expert picks this one."
)
FIGURES = (
    "Each figure is the worksheet's own (F6): the roll that follows if no one adds more; "
    "a dash, an option it shows none for."
)
OVER_BILL = (
    "{count} option(s) left out: they would leave the U.S. less than the {bill} RP next turn's readiness "
    "bill may need at the worst budget roll."
)
SAME_FIGURES = "Every option measured leads to the same expected IP ({value}): the reason is what tells them apart."


def coach(view: GameState, seat: str, include: Sequence[Intent] = ()) -> Advice | None:
    """The expert's advice to ``seat`` from its ``view`` (None: not its decision, the
    White Cell's seat, or the expert cannot decide here); ``include`` adds intents to the
    rows measured (a person's own choice, to compare with the advice)."""
    if seat == WHITE:
        return None
    options = [o for o in legal_intents(view) if seat_of(o) == seat]
    if not options or isinstance(options[0], EnterRoll):
        return None  # a face of a die rolled at the table is typed in, not chosen
    expert = CoachExpert()
    try:
        choice = expert.decide(view, options)
    except (HedgemonyError, ValueError, KeyError, AssertionError, IndexError):
        return None
    if choice.intent not in options:
        return None
    content = with_rulings(content_for(view.scenario), view)
    picked = _representatives(expert, view, content, seat, options, choice.intent)
    extra = [i for i in include if i in options and i not in picked]
    rows = [_measured(view, content, seat, i, options) for i in [*picked, *extra]]
    over = _over_bill(expert, view, content, seat, rows)
    shown = [r for r in rows if r.intent not in over or r.intent in include or r.intent == choice.intent]
    advised, reason = _best_scored(expert, view, content, seat, [r for r in shown if r.intent not in over], choice)
    # The advised option first, then by the worksheet's figure (those without one last).
    shown.sort(key=lambda r: (r.intent != advised, r.value is None, -(r.value or 0.0)))
    notes = []
    if len(picked) < len(options) and any(isinstance(o, CommitForces) for o in options):
        notes.append(
            f"{len(picked)} of {len(options)} options listed: per stack all of it, half or one FF (the "
            f"steps the expert weighs), stopping, and one of each other kind."
        )
    elif len(picked) < len(options):
        notes.append(
            f"{len(picked)} of {len(options)} options listed: one of each kind (each card, each kind of "
            f"move, ending the phase); the others differ only by a number, a stack or a place."
        )
    left_out = len(rows) - len(shown)
    if left_out:
        notes.append(OVER_BILL.format(count=left_out, bill=expert.bill_reserve(view, content)))
    figures = {round(row.value, 1) for row in shown if row.value is not None}
    if figures:
        notes.append(FIGURES)
    if not figures and len(shown) > 1:
        at_once = [
            r.intent.card
            for r in shown
            if isinstance(r.intent, PlayCard) and expectation.rolls_at_once(view, r.intent, content)
        ]
        notes.append(
            ROLLS_AT_ONCE.format(
                cards=", ".join(at_once),
                goes="goes" if len(at_once) == 1 else "go",
                its="its" if len(at_once) == 1 else "their",
            )
            if at_once
            else NO_FIGURES
        )
    elif len(figures) == 1 and len(shown) > 1 and all(row.value is not None for row in shown):
        notes.append(SAME_FIGURES.format(value=f"{figures.pop():+.1f}"))
    note = " ".join(notes)
    return Advice(advised, reason, MEASURE, tuple(shown), note)


SPENDS = (CommitForces, BuyBack, Pay)
"""Options inside a card that may spend RP at once."""


def _over_bill(expert: CoachExpert, view: GameState, content: Content, seat: str, rows: list[AdviceRow]) -> set[Intent]:
    """The options among ``rows`` that would leave the U.S. less than next turn's
    readiness bill needs at the worst budget roll (``Weighing.bill_reserve``): the coach
    never advises them (the expert never takes them either)."""
    if seat != "US":
        return set()
    bill = expert.bill_reserve(view, content)
    rp = view.player(seat).rp
    over: set[Intent] = set()
    for row in rows:
        if isinstance(row.intent, SPENDS):
            spent = expert.spends(view, content, seat, row.intent)
            if spent and rp - spent < bill:
                over.add(row.intent)
    return over


def _best_scored(
    expert: CoachExpert, view: GameState, content: Content, seat: str, rows: list[AdviceRow], choice: BotChoice
) -> tuple[Intent, str]:
    """The advice and its reason: the expert's own unless another option reads a higher
    figure (or the expert's reads none while others do); then the best-scored option, of
    those tied the one that spends fewest RP, then sends fewest FF (module docstring)."""
    figured = [r for r in rows if r.value is not None]
    if not figured:
        return choice.intent, choice.reason
    top = max(r.value for r in figured if r.value is not None)
    own = next((r.value for r in rows if r.intent == choice.intent), None)
    best = [r for r in figured if r.value is not None and r.value >= top - CLOSE]
    cost = {r.intent: expert.spends(view, content, seat, r.intent) or 0 for r in figured}
    own_cost = expert.spends(view, content, seat, choice.intent) or 0
    namer = Namer(content, view)

    def frugal(row: AdviceRow) -> tuple[int, int]:
        return cost[row.intent], row.intent.ffs if isinstance(row.intent, CommitForces) else 0

    if own is not None and own >= top - CLOSE:
        # The expert's pick reads the best figure; a tied option that spends less is the
        # better advice (the figure is expected IP only; RP kept pay next turn's bill).
        cheaper = [r for r in best if cost[r.intent] < own_cost]
        if not cheaper:
            return choice.intent, choice.reason
        pick = min(cheaper, key=frugal)
        return pick.intent, (
            f"{pick.intent.describe(namer)}: expected IP {top:+.1f} from the roll that follows if no one adds "
            f"more, the same as "
            f"{choice.intent.describe(namer)}, for {own_cost - cost[pick.intent]} RP less; "
            f"the RP kept pay next turn's readiness bill and later cards"
        )
    if own is not None and min(cost[r.intent] for r in best) > own_cost:
        # A higher figure bought with more RP: the coach keeps the RP (the newcomer saw it
        # spend the U.S. down to 1 RP for a few tenths of an IP), and the reason says what
        # the difference would cost. What it advises is the best figure for no more RP than
        # the expert's pick, the cheapest of those tied: never an option that another reads
        # as well for fewer RP, or better for as few (the newcomer saw 1 FF from CONUS at
        # 2 RP advised where stopping read the same for none).
        dear = min(best, key=frugal)
        within = [r for r in figured if cost[r.intent] <= own_cost]
        high = max(r.value for r in within if r.value is not None)
        tied = [r for r in within if r.value is not None and r.value >= high - CLOSE]
        pick = min(tied, key=frugal)
        keep = (
            f"{dear.intent.describe(namer)} reads {top:+.1f} against {high:+.1f} for this, "
            f"but spends {cost[dear.intent] - cost[pick.intent]} RP more: the coach keeps the RP"
        )
        if own >= high - CLOSE and cost[pick.intent] == own_cost:
            return choice.intent, f"{choice.reason}; {keep}"
        mine = choice.intent.describe(namer)
        return pick.intent, "; ".join(
            [
                f"{pick.intent.describe(namer)}: expected IP {high:+.1f} from the roll that follows if no one "
                f"adds more, for {cost[pick.intent]} RP",
                keep,
                f"the expert's own pick ({mine}) reads {own:+.1f} for {own_cost} RP",
            ]
        )
    pick = min(best, key=frugal)
    words = [
        f"{pick.intent.describe(namer)}: expected IP {top:+.1f} from the roll that follows if no one adds "
        f"more, the best the worksheet (F6) shows among these options"
    ]
    if cost[pick.intent]:
        words.append(f"it spends {cost[pick.intent]} RP, leaving {view.player(seat).rp - cost[pick.intent]}")
    if len(best) > 1:
        words.append("of the options that read the same, it spends fewest RP and sends fewest FF")
    mine = choice.intent.describe(namer)
    if own is None:
        words.append(f"the expert's own pick ({mine}) leads to no roll F6 can preview yet")
    elif "the rest of its forces on hand to follow" in choice.reason:
        words.append(
            f"the expert's own pick ({mine}) reads {own:+.1f} alone: it means to send the rest of the forces "
            f"on hand after it, which the worksheet does not count until they are sent"
        )
    else:
        words.append(
            f"the expert's own pick ({mine}) reads {own:+.1f}: it also weighs what the forces cost and how "
            f"the others may answer, which the worksheet leaves out"
        )
    return pick.intent, "; ".join(words)


def _kind(intent: Intent) -> tuple[str, str]:
    """The group an option is measured in: a card's plays together, each other kind of
    move together (readiness, deployment, proposals...)."""
    card = getattr(intent, "card", "")
    if isinstance(intent, (PlayCard, Modernize, Procure)):
        return (type(intent).__name__, card)
    return (type(intent).__name__, "")


def _representatives(
    expert: ExpertPolicy, view: GameState, content: Content, seat: str, options: list[Intent], advised: Intent
) -> list[Intent]:
    """The options to measure: all of a small decision; in a response to a card, the
    expert's own commitment steps (``commit_candidates``) and one of each other kind;
    else the advised one and one of each kind (the buy of forces with most Combat
    Factors per RP, the biggest play of a card played in units, the proposal where the
    seat has most forces)."""
    if len(options) <= SMALL:
        return [advised, *(o for o in options if o != advised)]
    commits = [o for o in options if isinstance(o, CommitForces)]
    if commits:
        # A response: stopping, the expert's own ladder steps (per stack: all of it, half,
        # one FF), and one of each other kind (a buy-back, an appeal).
        others: dict[str, Intent] = {}
        for o in options:
            if not isinstance(o, CommitForces):
                others.setdefault(type(o).__name__, o)
        if not isinstance(advised, CommitForces):
            others[type(advised).__name__] = advised
        done = [o for o in others.values() if isinstance(o, DoneCommitting)]
        rest = [o for o in others.values() if not isinstance(o, DoneCommitting)]
        ordered = [*done, *expert.commit_candidates(commits), *rest]
        return [advised, *(o for o in ordered if o != advised)][:SMALL]
    groups: dict[tuple[str, str], Intent] = {}
    here: dict[str, int] = {}
    for o in options:
        key = _kind(o)
        current = groups.get(key)
        if current is None:
            groups[key] = o
        elif isinstance(o, (Modernize, Procure)) and isinstance(current, (Modernize, Procure)):
            if expert.cf_per_rp(view, content, seat, o) > expert.cf_per_rp(view, content, seat, current):
                groups[key] = o
        elif isinstance(o, PlayCard) and isinstance(current, PlayCard) and o.units > current.units:
            groups[key] = o
        elif isinstance(o, ProposeAction) and isinstance(current, ProposeAction):
            if not here:
                for stack in view.stacks_of(seat):
                    here[stack.location] = here.get(stack.location, 0) + stack.ffs
            if here.get(o.location, 0) > here.get(current.location, 0):
                groups[key] = o
    groups[_kind(advised)] = advised
    # Cards and ends of the phase first: the rows a player weighs; moves that differ by
    # a number last, and what is left beyond MAX_ROWS goes unmeasured.
    ordered = sorted(
        groups.values(),
        key=lambda o: (o != advised, not isinstance(o, (PlayCard, Modernize, Procure)), isinstance(o, ProposeAction)),
    )
    return ordered[:MAX_ROWS]


def _measured(view: GameState, content: Content, seat: str, intent: Intent, options: list[Intent]) -> AdviceRow:
    """The row of ``intent``: its line, the IP ``seat`` is expected to gain by it as the
    worksheet shows it (``engine.expectation``; None: the worksheet shows no figure),
    and the other players whose expected IP the same roll moves."""
    label = intent.describe()
    try:
        roll = expectation.option_preview(view, intent, options, content)
    except (HedgemonyError, ValueError, KeyError, AssertionError, IndexError):
        roll = None  # the what-if cannot play it out on the view: no figure rather than a guess
    if roll is None:
        return AdviceRow(intent, label, None)
    others = [(p.id, roll.expected_ip(p.id)) for p in view.players if p.id != seat]
    moved = [f"{player} {change:+.1f}" for player, change in others if abs(change) >= OTHERS_SHOWN]
    return AdviceRow(intent, label, roll.expected_ip(seat), ", ".join(moved))
