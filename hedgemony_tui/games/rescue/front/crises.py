"""The crises view (F2): every crisis and what it costs each player now, term by term
(face, riot, discount, minimum), with the tokens each holds of its kind."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from ..engine.actors import NAMES, SEATS
from ..engine.reckon import requirement
from ..render.mapview import legend_text
from ..render.panels import crises_table


class CrisesScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape", "close", "Board")]

    def __init__(self, seen: Any) -> None:
        super().__init__()
        self.body = crises_text(seen)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rescue-crises"):
            yield Static(self.body)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


def crises_text(seen: Any) -> Group:
    sums = Table(title="How each cost is worked out", title_style="bold")
    for header in ("Crisis", *SEATS):
        sums.add_column(header)
    for c in seen.open_crises():
        sums.add_row(
            f"C{c.number} {c.colour} {c.hex}",
            *(
                f"{requirement(c, s).worksheet()} (holds {seen.actor(s).tokens.of(requirement(c, s).resource)})"
                for s in SEATS
            ),
        )
    who = ", ".join(f"{s} = {NAMES[s]}" for s in SEATS)
    # The keys first: at 100x30 the worked costs and the key run below the fold.
    keys = Text("Every crisis and what it costs each actor now. ↑↓ or PgUp/PgDn scroll; Escape goes back.", style="dim")
    return Group(
        keys, crises_table(seen), sums, legend_text(100), Text(f"\n{who}. Escape goes back to the board.", style="dim")
    )
