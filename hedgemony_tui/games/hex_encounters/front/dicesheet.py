"""The combat worksheet on F6: the whole worksheet of the combat in progress (ratio,
shifts, the chance of each result) and, when the dice are rolled at the table, the
sixteen pairs of faces as a grid (the attacker's d4 down, the defender's across) with
the result each gives. Two digit keys pick the faces, Enter takes them; R rolls when
the program rolls. Returns an intent from the seat's legal options, or None.

No rule here: the grid's cells are the labels of the EnterDice options the engine
offers, and the intent returned is one of them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich import box
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from ..engine.combat import COLUMNS
from ..engine.data import game_data
from ..engine.fight import dice_column
from ..engine.intents import EnterDice, Roll
from ..engine.state import GameState
from .labels import result_words
from .panels import worksheet

if TYPE_CHECKING:
    from hedgemony_tui.shell.front import Table

FACES = (1, 2, 3, 4)


def faces_grid(view: GameState, pairs: dict[tuple[int, int], EnterDice], picked: tuple[int, ...] = ()) -> RichTable:
    """The result of every pair of faces on offer: rows the attacker's d4, columns the
    defender's; the pair picked so far in reverse video."""
    combat = view.combat
    assert combat is not None
    # Light rules and no side borders: two lines a row fit the sheet at 100 columns.
    grid = RichTable(
        title="attacker's d4 (rows) against defender's d4 (columns)",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        expand=True,
    )
    grid.add_column("", no_wrap=True)
    for d in FACES:
        grid.add_column(f"defender {d}", ratio=1)
    for a in FACES:
        cells: list[Text | str] = [f"attacker {a}"]
        for d in FACES:
            if (a, d) not in pairs:
                cells.append("")
                continue
            final = dice_column(combat, a, d)
            here = picked == (a, d) or (len(picked) == 1 and picked[0] == a)
            cells.append(
                Text(f"{COLUMNS[final]} {result_words(game_data().tables, final)}", style="reverse" if here else "")
            )
        grid.add_row(*cells)
    return grid


class CombatSheet(ModalScreen[Any]):
    """The combat worksheet; returns the Roll or EnterDice chosen, or None (Escape)."""

    GUIDE_TOPIC = "combat"  # F1 here opens the guide at how a fight is resolved

    DEFAULT_CSS = """
    CombatSheet { align: center middle; }
    CombatSheet > Vertical { width: 100%; max-width: 110; height: 100%; max-height: 44;
                             border: thick $accent; background: $surface; padding: 0 1; }
    CombatSheet #hex-sheet-body { height: 1fr; }
    CombatSheet #hex-sheet-prompt { height: auto; }
    """
    BINDINGS = [
        Binding("escape", "close", "Back"),
        Binding("r", "roll", "Roll the dice", show=False),
        Binding("enter", "take", "Take these faces", show=False),
        Binding("backspace", "again", "Pick again", show=False),
    ]

    def __init__(self, table: Table, seat: str) -> None:
        super().__init__()
        self.view: GameState = table.seen_state()
        options = [intent for intent, _ in table.my_options()]
        self.roll = next((i for i in options if isinstance(i, Roll)), None)
        self.pairs = {(i.attacker, i.defender): i for i in options if isinstance(i, EnterDice)}
        self.picked: tuple[int, ...] = ()

    def compose(self) -> ComposeResult:
        with Vertical():
            with VerticalScroll(id="hex-sheet-body"):
                yield Static(worksheet(self.view), id="hex-sheet")
                if self.pairs:
                    yield Static(id="hex-sheet-grid")
            yield Static(id="hex-sheet-prompt")
        yield Footer()

    def on_mount(self) -> None:
        self._redraw()

    def prompt(self) -> str:
        """What the keys do now, in one line."""
        if self.pairs:
            if len(self.picked) == 2:
                a, d = self.picked
                return f"Attacker {a}, defender {d}: Enter takes these faces, Backspace picks again, Escape goes back."
            which = "attacker's" if not self.picked else "defender's"
            return f"Dice rolled at the table: type the {which} d4 (1-4). Escape goes back."
        if self.roll is not None:
            return "R rolls the two d4; Escape goes back to the board."
        return "Escape goes back to the board (this decision is in the list on the right)."

    def _redraw(self) -> None:
        if self.pairs:
            self.query_one("#hex-sheet-grid", Static).update(faces_grid(self.view, self.pairs, self.picked))
        self.query_one("#hex-sheet-prompt", Static).update(Text(self.prompt(), style="bold"))

    def on_key(self, event: Key) -> None:
        if not self.pairs or event.character not in ("1", "2", "3", "4"):
            return
        event.stop()
        self.picked = (*self.picked, int(event.character)) if len(self.picked) < 2 else (int(event.character),)
        self._redraw()

    def action_again(self) -> None:
        self.picked = ()
        self._redraw()

    def action_take(self) -> None:
        if len(self.picked) == 2 and (self.picked[0], self.picked[1]) in self.pairs:
            self.dismiss(self.pairs[(self.picked[0], self.picked[1])])

    def action_roll(self) -> None:
        if self.roll is not None:
            self.dismiss(self.roll)

    def action_close(self) -> None:
        self.dismiss(None)


def open_sheet(table: Table, seat: str) -> CombatSheet:
    return CombatSheet(table, seat)
