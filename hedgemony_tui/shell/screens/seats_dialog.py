"""Who plays which seat, asked when a save names no seats (an old save, a backup): built
from the game's seats (``rules.seats()``), so no game is opened with every seat a person,
or a computer playing someone's side, without a word."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, Select, Static

from hedgemony_tui.table.seats import Seats

from ..seats import default_kinds, kind_choices, seat_label

if TYPE_CHECKING:
    from hedgemony_tui.table.contract import AnyRules
    from hedgemony_tui.table.seats import Seats


class SeatsScreen(ModalScreen["Seats | None"]):
    """A person or a computer player for every seat; returns the seats (None: cancelled)."""

    BINDINGS = [
        Binding("ctrl+s", "confirm", "Open the game", id="seats.confirm", priority=True),
        Binding("escape", "cancel", "Cancel", id="seats.cancel"),
    ]
    HELP = """# Who plays which seat

This save does not say who plays each seat. Choose a person or a computer player for
each; **Ctrl+S** opens the game, **Esc** leaves it closed."""

    def __init__(self, rules: AnyRules, wanted: dict[str, str] | None = None) -> None:
        super().__init__()
        self.rules = rules
        self.wanted = wanted or {}

    def compose(self) -> ComposeResult:
        kinds = default_kinds(self.rules, self.wanted)
        with Vertical(classes="dialog"):
            yield Static(f"{self.rules.info.title}: who plays which seat?", classes="dialog-title")
            yield Static("The save does not say. Ctrl+S opens the game · Esc cancels", classes="dim")
            for spec in self.rules.seats():
                with Horizontal(classes="seat-row"):
                    yield Label(seat_label(spec), classes="seat-label")
                    yield Select(
                        kind_choices(self.rules, spec),
                        value=kinds[spec.id],
                        allow_blank=False,
                        id=f"seat-kind-{spec.id}",
                        classes="seat-kind",
                    )
        yield Footer()

    def chosen(self) -> Seats:
        kinds = {spec.id: str(self.query_one(f"#seat-kind-{spec.id}", Select).value) for spec in self.rules.seats()}
        return Seats.of_specs(self.rules.seats(), kinds)

    def action_confirm(self) -> None:
        self.dismiss(self.chosen())

    def action_cancel(self) -> None:
        self.dismiss(None)
