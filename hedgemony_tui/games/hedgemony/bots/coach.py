"""The coach: what the ``expert`` computer player would do in a seat, and what the seat's
other options are worth in expected IP.

It is the expert itself, asked from the seat's own view (``engine.view.view``) with the
seat's own options listed from that view: the advice is the expert's decision and its
one-line reason, and each option compared is measured by the expert's own look-ahead
(``lookahead``: the engine's resolution on a copy of the view, every face of the D10
weighed a tenth) as the IP the seat is expected to hold after it, less what it holds
now. Nothing here reads what the seat may not see, and nothing new is judged here: the
rows reuse the expert's ``value``/``commit_value`` and the look-ahead's proposal ruling.

Some decisions offer hundreds of options that differ only by a number or a stack (a
Blue phase: every readiness level of every stack, every deployment). Of a decision with
more than ``SMALL`` options the coach measures one of each kind (each card, each kind of
move, ending the phase), at most ``MAX_ROWS`` of them (in a response to a card, the
expert's own commitment steps per stack), and says so in the advice's note.
An option that opens no card (a readiness change, a deployment) is worth no IP by
itself: its row reads +0.0, and the expert's reason says why it may still be the right
move (next turn's bill, a deterrent). A row names the other players whose expected IP
the option moves: a response to a Red card is mostly worth what it takes from Red.
"""

from __future__ import annotations

from collections.abc import Sequence

from hedgemony_tui.table.contract import Advice, AdviceRow
from hedgemony_tui.table.errors import HedgemonyError

from ..engine.content import Content, content_for
from ..engine.game import legal_intents
from ..engine.intents import (
    CommitForces,
    DoneCommitting,
    EnterRoll,
    Intent,
    Modernize,
    PlayCard,
    Procure,
    ProposeAction,
    RollDie,
    seat_of,
)
from ..engine.rulings import with_rulings
from ..engine.state import WHITE, GameState
from .expert import ExpertPolicy
from .lookahead import after, after_proposal, settle

MEASURE = "expected IP"
SMALL = 16
"""A decision with at most this many options has every one measured (a response to a
card: each stack's commitments, stopping, an appeal)."""
MAX_ROWS = 12
"""Options measured in a bigger decision, one of each kind (the advised one always among
them): a Blue phase with 700 options answers in a fraction of a second."""

OTHERS_SHOWN = 0.05
"""Another player's expected IP change is named in a row from this size on."""

States = list[tuple[float, GameState]]


def coach(view: GameState, seat: str, include: Sequence[Intent] = ()) -> Advice | None:
    """The expert's advice to ``seat`` from its ``view`` (None: not its decision, the
    White Cell's seat, or the expert cannot decide here); ``include`` adds intents to the
    rows measured (a person's own choice, to compare with the advice)."""
    if seat == WHITE:
        return None
    options = [o for o in legal_intents(view) if seat_of(o) == seat]
    if not options:
        return None
    expert = ExpertPolicy()
    try:
        choice = expert.decide(view, options)
    except (HedgemonyError, ValueError, KeyError, AssertionError, IndexError):
        return None
    if choice.intent not in options:
        return None
    content = with_rulings(content_for(view.scenario), view)
    picked = _representatives(expert, view, content, seat, options, choice.intent)
    extra = [i for i in include if i in options and i not in picked]
    measured = [*picked, *extra]
    rows = [AdviceRow(i, *_measured(expert, view, content, seat, i)) for i in measured]
    rows.sort(key=lambda r: (r.value is None, -(r.value or 0.0)))
    notes = []
    if len(picked) < len(options) and any(isinstance(o, CommitForces) for o in options):
        notes.append(
            f"{len(picked)} of {len(options)} options measured: per stack all of it, half or one FF (the "
            f"steps the expert weighs), stopping, and one of each other kind."
        )
    elif len(picked) < len(options):
        notes.append(
            f"{len(picked)} of {len(options)} options measured: one of each kind (each card, each kind of "
            f"move, ending the phase); the others differ only by a number, a stack or a place."
        )
    if all(row.value is not None and abs(row.value) < 0.05 for row in rows) and len(rows) > 1:
        notes.append(
            "None of these moves IP by itself now: they prepare the fights and turns to come "
            "(forces, readiness, RP kept), which is what the reason weighs."
        )
    note = " ".join(notes)
    return Advice(choice.intent, choice.reason, MEASURE, tuple(rows), note)


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


def _measured(
    expert: ExpertPolicy, view: GameState, content: Content, seat: str, intent: Intent
) -> tuple[str, float | None, str]:
    """The row of ``intent``: its line, the IP ``seat`` is expected to gain by it as the
    expert reads it (None: the look-ahead cannot play it out on the view), and the
    other players whose expected IP it moves (a response to a Red card is worth little
    IP to Blue and much to Red)."""
    label = intent.describe()
    try:
        states = _states(expert, view, content, seat, intent)
    except (HedgemonyError, ValueError, KeyError, AssertionError, IndexError):
        return label, None, ""
    total = sum(p for p, _ in states)
    if not states or total <= 0:
        return label, None, ""

    def gain(player: str) -> float:
        return sum(p * s.player(player).ip for p, s in states) / total - view.player(player).ip

    others = [(p.id, gain(p.id)) for p in view.players if p.id != seat]
    moved = [f"{player} {change:+.1f}" for player, change in others if abs(change) >= OTHERS_SHOWN]
    return label, round(gain(seat), 6), ", ".join(moved)


def _states(expert: ExpertPolicy, view: GameState, content: Content, seat: str, intent: Intent) -> States:
    """Where ``intent`` leads, by the expert's own look-ahead for this kind of decision."""
    if isinstance(intent, RollDie):
        return settle(view, content, seat)  # the pending roll, on every face
    if isinstance(intent, EnterRoll):
        return after(view, content, intent, seat)  # a face typed in: that face only
    if isinstance(intent, ProposeAction):
        return after_proposal(view, content, intent, seat)
    if view.run is not None and isinstance(intent, (CommitForces, DoneCommitting)):
        return expert.commit_value(view, content, seat, intent)[1]
    return expert.value(view, content, seat, intent)[1]
