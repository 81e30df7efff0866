"""The requirement worksheet: before a player resolves, every open crisis's cost for
that player term by term (face, riot, discount, minimum -> tokens), what the player
holds, and the crisis that may be resolved now on a key."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from ..engine.actors import NAMES
from ..engine.intents import Resolve
from ..engine.reckon import requirement

if TYPE_CHECKING:
    from hedgemony_tui.shell.front import Table as GameTable


class RequirementSheet(ModalScreen[Any]):
    """Returns the Resolve intent picked with R, or None (Escape)."""

    BINDINGS = [
        Binding("escape", "close", "Back"),
        Binding("r", "resolve", "Resolve here"),
    ]

    def __init__(self, table: GameTable, seat: str) -> None:
        super().__init__()
        self.table = table
        self.seat = seat
        seen = table.seen_state()
        self.resolve = next((i for i, _ in table.my_options() if isinstance(i, Resolve)), None)
        self.body = sheet_text(seen, seat, self.resolve)

    def compose(self) -> ComposeResult:
        with Vertical(id="rescue-sheet"):
            yield Static(self.body)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_resolve(self) -> None:
        if self.resolve is None:
            self.notify(
                "No crisis can be resolved here now: stand on it holding enough tokens, action unused.",
                severity="warning",
            )
            return
        self.dismiss(self.resolve)


def sheet_text(seen: Any, seat: str, resolve: Resolve | None) -> Any:
    me = seen.actor(seat)
    table = Table(title=f"What each open crisis costs {NAMES[seat]}", title_style="bold")
    for header in ("Crisis", "hex", "face", "riot", "discount", "minimum 1 ->", "tokens", "you hold"):
        table.add_column(header, justify="left" if header in ("Crisis", "hex") else "right")
    for c in seen.open_crises():
        need = requirement(c, seat)
        raw = need.face + need.riot - need.discount
        table.add_row(
            f"C{c.number} {c.colour}",
            c.hex,
            str(need.face),
            f"+{need.riot}" if need.riot else "0",
            f"-{need.discount}" if need.discount else "0",
            f"{raw} -> {need.tokens}",
            f"{need.tokens} {need.resource}",
            str(me.tokens.of(need.resource)),
        )
    note = Text()
    if resolve is not None:
        c = seen.crisis(resolve.crisis)
        note.append(f"\nR resolves Crisis {c.number} now: {requirement(c, seat).worksheet()}.", style="bold")
    else:
        note.append("\nTo resolve, stand on the crisis with enough tokens of its kind and your action unused.")
    note.append("\nEscape goes back to the board.", style="dim")

    return Group(table, note)
