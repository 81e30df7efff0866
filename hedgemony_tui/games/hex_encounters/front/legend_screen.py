"""The map's legend on a key of its own (F5, named in the board's caption): every mark,
one a line, and the towns. At 100x30 the legend under the map is below the fold (issue
33: a newcomer had to find it with PgDn on the map); this shows it from anywhere on the
board, whatever has the focus."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static

from ..engine.board import board
from .mapdraw import LEGEND

LEGEND_KEY = "f5"


def legend_body() -> Group:
    marks = Table(box=None, pad_edge=False, show_header=False)
    marks.add_column(style="bold", no_wrap=True)
    marks.add_column()
    for mark, meaning in LEGEND:
        marks.add_row(mark, meaning)
    towns = ", ".join(f"{name[:2]} {name} ({label})" for label, name in sorted(board().towns.items()))
    return Group(
        Text("The map's legend", style="bold underline"),
        marks,
        Text("\nEven columns sit half a row lower. The cursor hex: reverse video (underlined while the map"),
        Text("does not have the focus)."),
        Text(f"\nTowns: {towns}"),
        Text("\nF1 has the rules guide and a glossary of every term. Esc or F5 goes back.", style="dim"),
    )


class LegendScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape", "close", "Back"), Binding(LEGEND_KEY, "close", "Back", show=False)]
    DEFAULT_CSS = """
    LegendScreen { align: center middle; }
    LegendScreen > VerticalScroll { width: 100%; max-width: 110; height: auto; max-height: 100%;
                                    padding: 0 1; background: $panel; border: round $primary; }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="hex-legend-screen"):
            yield Static(legend_body(), id="hex-legend-body")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


def open_legend(table: Any) -> Screen[Any]:
    return LegendScreen()
