"""The Grand Game's worksheets on F6: the allocation worksheet while the year's GDP is being
allocated, and the order sheet with its odds in the seasons.

Both are screens to read before deciding: they show the seat's own view (``table.seen_state``,
which is ``rules.view`` for the seat at the keyboard) laid out by :mod:`.worksheets_draw`, scroll
when the terminal is short, and give back no intent (Escape returns None): the decisions
themselves are taken in the decision list, from the engine's legal intents.

The front's ``worksheets(table, decision, viewer)`` hands on to :func:`worksheets` here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from hedgemony_tui.shell.front import Worksheet

from ..engine.game_state import GrandState
from .worksheets_draw import allocation_sheet, order_sheet

if TYPE_CHECKING:
    from hedgemony_tui.shell.front import Table
    from hedgemony_tui.table.contract import Decision

ALLOCATE_KIND = "allocate"
ORDERS_KIND = "orders"
"""The decision kinds (``rules.KIND``) that have a worksheet."""


class ReadingSheet(ModalScreen[Any]):
    """A worksheet to read: a title, a scrolling body, and Escape to go back (returns None)."""

    DEFAULT_CSS = """
    ReadingSheet { align: center middle; }
    ReadingSheet > Vertical { width: 100%; max-width: 118; height: 100%; max-height: 44;
                              border: thick $accent; background: $surface; padding: 0 1; }
    ReadingSheet #gg-sheet-body { height: 1fr; }
    ReadingSheet #gg-sheet-prompt { height: auto; }
    """
    BINDINGS = [Binding("escape", "close", "Back")]

    def __init__(self, title: str, body: RenderableType) -> None:
        super().__init__()
        self.sheet_title = title
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical():
            with VerticalScroll(id="gg-sheet-body"):
                yield Static(self.body, id="gg-sheet")
            yield Static(
                Text(
                    f"{self.sheet_title}: arrows or Page Up/Down scroll; Escape goes back to the decision list.",
                    style="bold",
                ),
                id="gg-sheet-prompt",
            )
        yield Footer()

    def on_mount(self) -> None:
        # The body takes the keys at once, so the arrows scroll without a click first.
        self.query_one("#gg-sheet-body", VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)


def _opener(title: str, draw: Callable[[GrandState, str], RenderableType]) -> Callable[[Table, str], ReadingSheet]:
    def open_sheet(table: Table, seat: str) -> ReadingSheet:
        view = table.seen_state()
        assert isinstance(view, GrandState)
        return ReadingSheet(title, draw(view, seat))

    return open_sheet


ALLOCATION = Worksheet("Allocation", _opener("Allocation worksheet", allocation_sheet))
ORDERS = Worksheet("Order sheet and odds", _opener("Order sheet", order_sheet))


def worksheets(table: Table, decision: Decision, viewer: str) -> Sequence[Worksheet]:
    """The worksheets ``viewer`` may open for ``decision``: one per phase that has one, and
    only for a country of the game (a watcher has no allocation or sheet of its own)."""
    view = table.seen_state()
    if not isinstance(view, GrandState) or viewer not in view.seats:
        return ()
    if decision.kind == ALLOCATE_KIND:
        return (ALLOCATION,)
    if decision.kind == ORDERS_KIND:
        return (ORDERS,)
    return ()
