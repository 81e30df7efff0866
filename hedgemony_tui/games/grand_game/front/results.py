"""The Grand Game's result screen (``Front.result_screen``): what a season's resolution, a
reconciliation or a year's trade did, shown to each person's seat before the next phase.

It is built only from the two views the shell passes (the seat's own, before and after the
step), so it shows nothing the seat could not read in its journal: first what changed for
the seat itself (its counters, the territories it took or lost, its zones bombed), then what
changed across the map (territories changing hands, bombing damage, air superiority), then
the record of the resolution line by line (every combat with its cards, modifiers and
result). A step that ended no phase (a line written, a sheet sealed while others still
write) has no result screen. The game waits on it (the shell's :class:`ResultPause`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Footer, Static

from hedgemony_tui.shell.screens.result_pause import ResultPause

from ..engine.game import the_map
from ..engine.game_state import SEASONS, TRADE, GrandState
from .labels import country
from .words import named

KINDS = ("infantry", "armor", "aircraft", "light", "heavy", "supplies")
KIND_WORDS = {
    "infantry": "infantry",
    "armor": "armor",
    "aircraft": "aircraft",
    "light": "light fleets",
    "heavy": "heavy fleets",
    "supplies": "supplies",
}


def phase_ended(before: GrandState, after: GrandState) -> bool:
    """The step ended a season (its orders carried out), a reconciliation's trade, or the
    allocation: a phase whose result a seat should see before it writes the next one. The
    game's end has its own screen."""
    return before.phase != after.phase and before.phase in (*SEASONS, TRADE) and not after.over


def heading(before: GrandState, after: GrandState | None = None) -> str:
    if before.phase == "winter":
        return f"Year {before.turn}, winter: the orders carried out, then the reconciliation"
    if before.phase in SEASONS:
        return f"Year {before.turn}, {before.phase}: what the orders did"
    rolled = [r for r in (after.end_rolls if after else ()) if r.turn == before.turn]
    if rolled:
        roll = rolled[0]
        needs = " or ".join(str(f) for f in roll.faces)
        verdict = "the game ends" if roll.ends else "the game goes on"
        return f"Year {before.turn} ends: the end die shows {roll.face} (the game ends on {needs}): {verdict}"
    return f"Year {before.turn}: the Francs traded; the year ends"


def counters(seen: GrandState, seat: str) -> Counter[str]:
    total: Counter[str] = Counter()
    for placed in seen.stacks:
        if placed.seat == seat:
            for kind in KINDS:
                total[kind] += getattr(placed, kind)
    return total


def owner_words(seat: str) -> str:
    return country(the_map(), seat) if seat else "nobody"


def result_text(before: GrandState, after: GrandState, seat: str) -> Text | None:
    """What the phase ended by this step did, for ``seat`` (None: no phase ended)."""
    if not phase_ended(before, after):
        return None
    m = the_map()
    out = Text()
    out.append(heading(before, after) + "\n", style="bold")
    mine = country(m, seat)

    # For the seat itself.
    out.append(f"\nFor {mine}\n", style="bold underline")
    was, now = counters(before, seat), counters(after, seat)
    changes = [f"{KIND_WORDS[k]} {was[k]} -> {now[k]} ({now[k] - was[k]:+d})" for k in KINDS if was[k] != now[k]]
    if changes:
        note = " (the reconciliation places the year's purchases)" if before.phase == "winter" else ""
        out.append(" Your counters: " + "; ".join(changes) + note + "\n", style="yellow")
    else:
        out.append(" Your counters: no change\n")
    taken = sorted(t for t, s in after.owners.items() if s == seat and before.owners.get(t) != seat)
    lost = sorted(t for t, s in before.owners.items() if s == seat and after.owners.get(t) != seat)
    for t in taken:
        out.append(f" You took {m.lands[t].name} from {owner_words(before.owners.get(t, ''))}\n", style="green")
    for t in lost:
        out.append(f" You lost {m.lands[t].name} to {owner_words(after.owners.get(t, ''))}\n", style="red")
    if not taken and not lost:
        out.append(" Your territories: none taken, none lost\n")

    # Across the map.
    out.append("\nAcross the map\n", style="bold underline")
    moved = sorted(t for t in after.owners if before.owners.get(t) != after.owners.get(t))
    for t in moved:
        out.append(
            f" {m.lands[t].name}: {owner_words(before.owners.get(t, ''))} -> {owner_words(after.owners.get(t, ''))}\n"
        )
    if not moved:
        out.append(" No territory changed hands\n")
    bombed = sorted(z for z, d in after.damage.items() if d > before.damage.get(z, 0))
    for z in bombed:
        zone = m.zones[z].name if z in m.zones else z
        out.append(f" {zone} bombed: damage {before.damage.get(z, 0)} -> {after.damage[z]}\n")
    if before.phase in SEASONS:
        held = ", ".join(f"{zone} {country(m, s)}" for zone, s in sorted(after.superior.items()))
        out.append(f" Air superiority this season: {held or 'none'}\n")

    # The record, line by line (the same lines the journal has).
    # Winter's step also reconciles (L150): its lines (politics, purchases, each GDP and how
    # it was reached) are the rest of winter's result.
    shown = (before.phase, TRADE) if before.phase == "winter" else (before.phase,)
    lines = [line for line in after.log[len(before.log) :] if line.phase in shown or before.phase == TRADE]
    if lines:
        out.append("\nThe record (also in the journal, F4)\n", style="bold underline")
        for line in lines:
            text = named(line.text)
            style = "bold" if text.endswith(":") and not text.startswith(" ") else ""
            if not style and mine in text:
                style = "cyan"
            out.append(text + "\n", style=style)
    return out


class SeasonResult(ResultPause):
    """A phase's result; play waits until it is closed."""

    HELP = "# A season's result\n\nWhat the season's orders did: your counters, territories, bombing, the record."
    DEFAULT_CSS = """
    SeasonResult { align: center middle; }
    SeasonResult > Vertical { width: 100%; max-width: 118; height: 100%; max-height: 40;
                              border: thick $accent; background: $surface; padding: 0 1; }
    SeasonResult #gg-result-body { height: 1fr; }
    SeasonResult #gg-result-wait { height: auto; color: $text-muted; }
    """

    def __init__(self, body: Text) -> None:
        super().__init__()
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical():
            with VerticalScroll(id="gg-result-body"):
                yield Static(self.body, id="gg-result")
            yield Static(self.pause_line(), id="gg-result-wait")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#gg-result-body").focus()  # the arrows scroll the record


def result_screen(intent: Any, before: Any, after: Any, seat: str) -> SeasonResult | None:
    """The screen for ``seat`` (None: the step ended no phase)."""
    if not isinstance(before, GrandState) or not isinstance(after, GrandState) or not seat:
        return None
    body = result_text(before, after, seat)
    return None if body is None else SeasonResult(body)
