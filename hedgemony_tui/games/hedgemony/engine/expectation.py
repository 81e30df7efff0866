"""The expected IP of one option, as the worksheet (F6) shows it: one computation for
every screen and the coach.

The worksheets that show an expected IP are the commit sheet (what each commitment,
buy-back or stop leads to) and the roll sheet (the die about to be rolled). Both read the
roll that follows from the seat's own view with the engine's what-if
(``odds.preview_after``: take these decisions now, let every other player still to
decide add nothing, and play the next roll on each of the ten faces), and the expected
IP of a seat is :meth:`odds.RollPreview.expected_ip` of that roll. This module says which
decisions stand for an option (:func:`option_plan`) and returns that roll
(:func:`option_preview`) and its expected IP (:func:`option_expected_ip`); the commit
sheet draws its "This" row from :func:`option_preview` and the coach (``bots.coach``)
prints :func:`option_expected_ip`, so the two can never disagree.

A decision inside a card that leads straight to its die (where an exercise is held, a
vote, a lead, a payment into an offer) is worth what the roll sheet (F6) shows for that
die once it is asked for: the same what-if with that one decision taken (None when
something else comes first, or no roll follows).

An option no worksheet gives a figure to (a card played in a phase, an investment, a
readiness change, an appeal) has none here either: ``None``, not a made-up zero. Of the
cards played in a phase, :func:`rolls_at_once` tells which go straight to their die
(nothing to choose or commit first), so that the coach can say F6 shows their odds as
soon as they are played.
"""

from __future__ import annotations

from collections.abc import Sequence

from hedgemony_tui.table.errors import HedgemonyError

from .content import Content
from .game import content_of, legal_intents, reduce
from .intents import (
    BuyBack,
    Choose,
    ChooseLocation,
    CommitForces,
    DoneCommitting,
    Intent,
    Pay,
    PlayCard,
    RollDie,
    SeekLead,
    Vote,
)
from .odds import RollPreview, preview_after
from .state import GameState

COMMIT_STAGES = ("commit", "respond")
"""The stages of a card in play whose options the commit sheet compares."""
CARD_DECISIONS = (Choose, ChooseLocation, Vote, SeekLead, Pay)
"""Decisions inside a card that may lead straight to its die (read on the roll sheet)."""


def largest_commit(options: Sequence[Intent], stack: str) -> CommitForces | None:
    """The biggest commitment of ``stack`` among ``options`` (what a buy-back is for)."""
    commits = [i for i in options if isinstance(i, CommitForces) and i.stack == stack]
    return max(commits, key=lambda i: i.ffs, default=None)


def option_plan(view: GameState, intent: Intent, options: Sequence[Intent]) -> tuple[Intent, ...] | None:
    """The decisions the worksheet plays out for ``intent`` (one of ``options``, the seat's
    legal intents in ``view``), or None when it shows no figure for it.

    A commitment or a stop: itself. A readiness buy-back: the buy-back, then the biggest
    commitment of that stack (a buy-back alone moves no IP; the sheet shows what it makes
    possible). Rolling the pending die: nothing more (the roll itself is previewed). A
    card's own decision (a place, a vote, a lead, a payment): itself, read on the roll
    that follows if it comes next."""
    if isinstance(intent, RollDie):
        return () if view.roll_request is not None else None
    run = view.run
    if run is not None and view.roll_request is None and isinstance(intent, CARD_DECISIONS):
        return (intent,)
    if run is None or run.stage not in COMMIT_STAGES or view.roll_request is not None:
        return None
    if isinstance(intent, (CommitForces, DoneCommitting)):
        return (intent,)
    if isinstance(intent, BuyBack):
        most = largest_commit(options, intent.stack)
        return (intent, most) if most is not None else None
    return None


def option_preview(
    view: GameState, intent: Intent, options: Sequence[Intent] | None = None, content: Content | None = None
) -> RollPreview | None:
    """The roll the worksheet shows for ``intent`` from ``view`` (None: no figure, or no
    roll follows). ``options`` defaults to the legal intents of ``view``."""
    content = content_of(view, content)
    if options is None:
        options = legal_intents(view, content)
    plan = option_plan(view, intent, options)
    if plan is None:
        return None
    return preview(view, plan, content)


def preview(view: GameState, plan: Sequence[Intent], content: Content | None = None) -> RollPreview | None:
    """The roll after the decisions of ``plan`` (the what-if of every worksheet row)."""
    return preview_after(view, list(plan), content)


def option_expected_ip(
    view: GameState,
    seat: str,
    intent: Intent,
    options: Sequence[Intent] | None = None,
    content: Content | None = None,
) -> float | None:
    """``seat``'s expected IP from the roll the worksheet shows for ``intent`` (None: the
    worksheet shows no figure for it)."""
    found = option_preview(view, intent, options, content)
    return None if found is None else found.expected_ip(seat)


def rolls_at_once(view: GameState, intent: Intent, content: Content | None = None) -> bool:
    """Whether ``intent``, a card played in a phase, asks for its die at once (the roll
    sheet, F6, shows that die's odds and expected IP as soon as it is played)."""
    if not isinstance(intent, PlayCard) or view.run is not None:
        return False
    try:
        after = reduce(view, intent, content_of(view, content))
    except (HedgemonyError, ValueError, KeyError, AssertionError, IndexError):
        return False
    return after.roll_request is not None
