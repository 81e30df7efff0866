"""The world-system front's screens and drawing, loaded with the first game of it opened:
the board's parts, the speech sheet as the worksheet of a speech slot, menu labels and
groups, the journal's rows, the end report and its chart. :class:`~.adapter.WorldFront`
hands these on; it is what the title lists, and stays light by importing this module
only when a game needs it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from hedgemony_tui.shell.front import PHASE_END_GROUP, BoardParts, Worksheet
from hedgemony_tui.shell.notes import Row

from ..engine.flow import coup_targets
from ..engine.intents import (
    Annex,
    Coup,
    Declare,
    InvestVote,
    Join,
    Nominate,
    Proceed,
    Promote,
    Revolt,
    RogueVote,
    Speak,
)
from ..engine.world import MODERATOR
from . import render
from .stages import stage_words
from .widgets import SPEECH_KINDS, SidePanel, Tracker, WorldBoard

if TYPE_CHECKING:
    from textual.screen import Screen

    from hedgemony_tui.shell.front import Table
    from hedgemony_tui.table.contract import Decision


def _open_speech(table: Table, seat: str) -> Screen[Any]:
    from .speech import SpeechSheet

    return SpeechSheet(table, seat)


def label(seen: Any, intent: Any) -> str:
    """A menu line, short enough for the side panel: the verb first, the state named, its
    capital (what the votes and coups weigh) shown; the menu's group says the rest."""
    target = getattr(intent, "target", "")
    if isinstance(intent, Speak) and not intent.text:
        return "Say nothing (skip the speech; F6 opens the speech sheet)"
    if target and isinstance(intent, (RogueVote, InvestVote, Promote, Annex, Nominate, Coup)):
        verb = {
            RogueVote: "Vote for",
            InvestVote: "Invest in",
            Promote: "Make core:",
            Annex: "Annex",
            Nominate: "Nominate",
            Coup: "Coup in",
        }[type(intent)]
        return f"{verb} {seen.name(target)} (capital {seen.nation(target).capital})"
    if isinstance(intent, Coup) and not intent.target and intent.seat != MODERATOR:
        # the acting terrorist's own view keeps the terrorists: say why staying covert is all it can do
        if not coup_targets(seen, intent.seat):
            return "No coup: no state poorer than you that is not a terrorist"
        return "No coup this cycle: stay covert"
    if isinstance(intent, Join):
        return f"Join {seen.name(intent.contender)} (goal: {seen.goal_of(intent.contender) or 'not declared'})"
    text: str = intent.describe()
    return text


def path(seen: Any, intent: Any, text: str) -> tuple[str, ...]:
    """The decision panel's groups: the moderator's step and passing first (they end a
    stage); then one group per kind of choice."""
    # A pass at the nominations stays with the nominations: like a nomination it ends only
    # this state's turn at them (the next decision may well be its own rogue vote).
    if isinstance(intent, Proceed) or (isinstance(intent, Coup) and not intent.target):
        return (PHASE_END_GROUP, text)
    if isinstance(intent, Speak):
        return (PHASE_END_GROUP, text)
    group = {
        Promote: "Invest (semi -> core)",
        InvestVote: "Vote: the investment",
        Annex: "Annex",
        Nominate: "Nominate a rogue state",
        RogueVote: "Vote: the rogue state",
        Declare: "Declare your goal",
        Join: "Join an alliance",
        Coup: "Military coup",
        Revolt: "The revolution",
    }.get(type(intent), "Choices")
    return (group, text)


def cannot_take_back(intent: Any) -> str:
    """Why ``intent`` is asked for once more where the host's own reading says nothing
    (``table.commitment``): a goal, a nomination (or a pass) and a speech slot left
    unused are each a state's one turn in its stage, which then goes on to others; a
    state made core is told to the table at once, so undo stops there, even when the
    hegemon has another to choose. "" for every other intent. Said from the intent
    alone, so that every option of a kind asks the same way."""
    if isinstance(intent, Declare):
        return "Your goal stands for the rest of the cycle."
    if isinstance(intent, Nominate):
        if intent.target:
            return "Each state nominates once a cycle: this uses your turn."
        return "Each state nominates once a cycle: passing uses your turn."
    if isinstance(intent, Speak) and not intent.text:
        return "Your speech slot in this stage goes unused: there is no second one."
    if isinstance(intent, Promote):
        return "The table learns of the new core state at once: undo cannot take it back."
    return ""


class WorldParts:
    """What :class:`~.adapter.WorldFront` hands on once a game opens (see the module docstring)."""

    def board(self, table: Table) -> BoardParts:
        return BoardParts(main=WorldBoard(id="ws-board"), top=Tracker(id="ws-tracker"), side=SidePanel(id="ws-side"))

    def worksheets(self, table: Table, decision: Decision, seat: str) -> Sequence[Worksheet]:
        if decision.kind in SPEECH_KINDS:
            return (Worksheet("Speech", _open_speech),)
        return ()

    def intent_label(self, table: Table, intent: Any) -> str:
        return label(table.seen_state(), intent)

    def intent_path(self, table: Table, intent: Any) -> tuple[str, ...]:
        seen = table.seen_state()
        return path(seen, intent, label(seen, intent))

    def log_rows(self, seen: Any) -> Sequence[tuple[int, Row]]:
        # Numbered in the whole log (Entry.seq), not in this view, which drops others' secret lines.
        return [(e.seq, Row(e.cycle, stage_words(e.stage), "", "log", e.text, bool(e.to))) for e in seen.log]

    def result_screen(self, table: Table, intent: Any, before: Any, after: Any, seat: str) -> Screen[Any] | None:
        from .happened import result_screen  # lazy: only when a result is owed

        return result_screen(before, after, seat)

    def end_report(self, table: Table) -> Sequence[tuple[str, Any]]:
        return render.end_sections(table.seen_state())

    def tracks(self, view: Any) -> Mapping[str, Mapping[str, float]]:
        return {"Capital": {n.id: float(n.capital) for n in view.nations}}
