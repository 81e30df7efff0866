"""The front's optional parts: the decision panel's menu paths, the end-of-game report
(the crises, the GP and where it went) and the figures charted by cycle."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from rich.table import Table as RichTable
from rich.text import Text

from ..engine.actors import NAMES, START_GP
from ..engine.board import default_board
from ..engine.intents import Drop, EndTurn, Give, Move, Request, Resolve, Take

DONE_GROUP = "When you are done"
CHANGE = re.compile(r"(?:([+-]\d+)|gains (\d+)) GP\b.*\bnow (\d+)\)?\.$")
"""The change and the GP after it, in the engine's log lines for a GP change: a cycle's
end ("HN -1 GP (...); now 2.") and an event card ("HN gains 1 GP (now 4).")."""


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
    return (("The crises", crises), ("Global Perception", gp), ("Where the GP went", gp_history(seen)))


def gp_history(seen: Any) -> Text:
    """Every GP change of the game in the engine's own log lines, by cycle. No die moves
    GP when it is rolled (the debrief pack's luck reads +0.00 for that reason): these are
    the delayed effects of the dice and the turns, counted at each cycle's end, and the
    event cards' (issue 33: a newcomer read the two as disagreeing)."""
    text = Text(
        "No die moves GP when it is rolled: GP moves at each cycle's end, for the crises the dice and the "
        "turns left (a delayed effect; the debrief pack's luck counts only what a roll changes at once), "
        f"and by event cards. Every actor started with {START_GP}.\n",
        style="italic",
    )
    lines = [e for e in seen.log if e.kind == "gp"]
    gp = {a.id: START_GP for a in seen.actors}
    for entry in lines:
        # The engine's words ("... -1 GP (...); now 0.", kept as saves hold them), read
        # for the change and the GP after it.
        found = CHANGE.search(entry.text)
        before = gp.get(entry.actor, 0)
        text.append(f"  Cycle {entry.cycle}: {entry.text}")
        if found is not None:
            change, now = int(found.group(1) or found.group(2)), int(found.group(3))
            gp[entry.actor] = now
            if before + change != now:
                # A loss at the floor (X5): the line's sum would not add up, so say why.
                moved = "no change" if now == before else f"only {now - before:+d}"
                text.append(f" (it had {before}: GP never goes below 0, so {moved})")
        text.append("\n")
    if not lines:
        text.append("  No actor's GP changed.\n")
    return text


def tracks(seen: Any) -> Mapping[str, Mapping[str, float]]:
    return {
        "GP": {a.id: float(a.gp) for a in seen.actors},
        "Tokens in hand": {a.id: float(a.tokens.total) for a in seen.actors},
    }
