"""The front's optional parts: the decision panel's menu paths, the rules guide (F1),
the end-of-game report and the figures charted by cycle."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.table import Table as RichTable

from hedgemony_tui.shell.front import PHASE_END_GROUP
from hedgemony_tui.shell.guide_types import GlossaryEntry, Guide, GuideSection

from ..engine.actors import NAMES
from ..engine.board import default_board
from ..engine.intents import Drop, EndTurn, Give, Move, Request, Resolve, Take


def intent_path(seen: Any, intent: Any, label: str) -> tuple[str, ...]:
    """A group and the menu line: ending the turn first, then what a turn offers."""
    if isinstance(intent, EndTurn):
        return (PHASE_END_GROUP, label)
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


SECTIONS = (
    GuideSection(
        "overview",
        "What the game is about",
        "A typhoon has hit Gameland. Three actors answer six crises together: the **US Military** "
        "(USM, blue), the **Host Nation** (HN, green) and the **Humanitarian Community** (HC, red). "
        "The team wins when every crisis is resolved; each actor also tries to keep the best "
        "**Global Perception** (GP). Talk freely: nothing is hidden but the order of the event cards.",
        terms=("GP", "crisis die"),
    ),
    GuideSection(
        "cycle",
        "A cycle",
        "From the second cycle on, every open crisis die goes up by one. A die left showing 6 turns "
        "into a **riot** at the next cycle's start: it is reset to 1 and the crisis costs 6 tokens "
        "more. When a rioting crisis's die reaches 6 again, Gameland has failed and the game ends at "
        "once. Then an **event card** is drawn and applied, and the **Media Meeple**'s die picks "
        "the crisis the world is watching. Then each actor takes a turn in initiative order.",
        terms=("riot", "Media Meeple"),
    ),
    GuideSection(
        "turn",
        "Your turn",
        "Move one hex (the HC steps into the ocean only where the USM or the HN already stands), "
        "give tokens to an actor in your hex, leave tokens at a staging area (C-2, B-5) and pick up "
        "tokens lying where you stand (5 a turn), and take **one action**: resolve the crisis you "
        "stand on, or request one token, which arrives at once at the airport (D-1) or the port "
        "(A-3). Then end the turn.",
        terms=("depot", "staging area"),
    ),
    GuideSection(
        "costs",
        "What a crisis costs",
        "A crisis asks for tokens of its die's colour: red medical, blue sustainment, green "
        "security. The number is the die's face, plus 6 under a riot, less 2 when the die is your "
        "own colour, and never less than 1. F6 shows the sum for each open crisis; F2 for everyone.",
        terms=("discount",),
    ),
    GuideSection(
        "gp",
        "Global Perception",
        "At the end of every cycle each crisis is judged: resolved this cycle, its resolver gains 1 "
        "GP; still open with its die above 3 (a riot or not), the actor of its colour loses 1. Under "
        "the Media Meeple it counts double. (The new-game form can limit this to the Media "
        "Meeple's crisis, or ignore the meeple.) GP never drops below 0.",
    ),
)

GLOSSARY = (
    GlossaryEntry(
        "GP",
        "Global Perception: how the world sees an actor; the highest wins if Gameland is saved",
        ("Global Perception",),
        "gp",
    ),
    GlossaryEntry("crisis die", "the coloured die on a crisis: its face is the tokens it asks for", ("die",), "costs"),
    GlossaryEntry(
        "riot",
        "a crisis left at 6 for a cycle: +6 tokens; its die reaching 6 again ends the game",
        ("Riot Meeple",),
        "cycle",
    ),
    GlossaryEntry(
        "Media Meeple", "marks the crisis the world watches this cycle (its GP counts double)", ("M",), "cycle"
    ),
    GlossaryEntry(
        "discount", "an actor pays 2 fewer tokens for a crisis of its own colour (never below 1)", (), "costs"
    ),
    GlossaryEntry("depot", "tokens lying on the map: at the airport, the port and the staging areas", (), "turn"),
    GlossaryEntry("staging area", "C-2 and B-5: where an actor may leave tokens for the others", ("STG",), "turn"),
)


def guide() -> Guide:
    return Guide("Gaming to the Rescue!", SECTIONS, GLOSSARY)


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
