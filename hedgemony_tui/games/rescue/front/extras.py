"""The front's optional parts: the decision panel's menu paths, the end-of-game report
and the figures charted by cycle."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.table import Table as RichTable

from ..engine.actors import NAMES
from ..engine.board import default_board
from ..engine.intents import Drop, EndTurn, Give, Move, Request, Resolve, Take

DONE_GROUP = "When you are done"


def intent_path(seen: Any, intent: Any, label: str) -> tuple[str, ...]:
    """A group and the menu line: what a turn offers, then ending it. Ending the turn is
    not the shell's pinned first group: it comes last, after the things to do, so that a
    stray Enter (which also answers the roll and draw prompts) cannot end a turn."""
    if isinstance(intent, EndTurn):
        return (DONE_GROUP, label)
    if isinstance(intent, Resolve):
        return ("Resolve (your action)", label)
    if isinstance(intent, Move):
        return ("Move one hex", label)
    if isinstance(intent, (Give, Take, Drop)):
        return ("Share and carry tokens", label)
    if isinstance(intent, Request):
        return (
            "Request a token (your action)",
            f"at {intent.at} ({default_board().place_name(intent.at)})",
            intent.resource,
        )
    return (label,)  # a roll, the event card, the airport's losses: one line each


def end_report(seen: Any) -> Sequence[tuple[str, Any]]:
    crises = RichTable(box=None, header_style="bold")
    for header in ("Crisis", "hex", "die", "end"):
        crises.add_column(header)
    for c in seen.crises:
        end = (
            f"resolved by {NAMES[c.resolved_by]} in cycle {c.resolved_cycle}"
            if c.resolved_by
            else f"open: {c.face}{' in riot' if c.riot else ''}"
        )
        crises.add_row(f"C{c.number}", c.hex, c.colour, end)
    gp = RichTable(box=None, header_style="bold")
    for header in ("Actor", "GP", "tokens left"):
        gp.add_column(header)
    for a in sorted(seen.actors, key=lambda a: -a.gp):
        gp.add_row(NAMES[a.id], str(a.gp), a.tokens.describe())
    return (("The crises", crises), ("Global Perception", gp))


def tracks(seen: Any) -> Mapping[str, Mapping[str, float]]:
    return {
        "GP": {a.id: float(a.gp) for a in seen.actors},
        "Tokens in hand": {a.id: float(a.tokens.total) for a in seen.actors},
    }
