"""The frame every worksheet and White Cell dialog shares: a modal screen that returns ONE
legal intent, or None when cancelled.

:class:`IntentScreen` has the title, the message line, the footer, Escape, and the
legality check on the way out. :class:`CustomIntentScreen` may also return an intent
the player built (a number of FFs, an amount of RP, a ruling): the engine's ``reduce``
is the judge, its refusal is shown and the form stays as typed. In the game, a sheet
that should stay open after a choice sends it with :meth:`IntentScreen.send`.
"""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, Footer, Static

from hedgemony_tui.shell.front import table_of
from hedgemony_tui.table.errors import HedgemonyError

from ...engine.content import Content
from ...engine.game import content_of, legal_intents, pending, reduce
from ...engine.intents import EndInvestments, EndPhase, HandOver, Intent
from ...engine.state import GameState


def rp_text(amount: int) -> str:
    """An RP change as the ledger shows it: -3, +5, 0."""
    return f"{amount:+d}" if amount else "0"


def row_key(event: DataTable.RowHighlighted | DataTable.RowSelected) -> str:
    """The key of the row an event is about: every row a sheet lets a player pick is added
    with one (``add_row(..., key=...)``)."""
    key = event.row_key.value
    assert key is not None, "a pickable row was added without a key"
    return key


class IntentScreen(ModalScreen["Intent | None"]):
    """A worksheet or dialog that returns one legal intent, or None when cancelled."""

    GUIDE_TOPIC = "turn"  # F1: the rules guide opens at this section

    DEFAULT_CSS = """
    IntentScreen { align: center middle; }
    IntentScreen #sheet {
        width: 100%; height: 100%; max-width: 130; max-height: 44;
        border: round $accent; background: $surface; padding: 0 1;
    }
    IntentScreen #title { text-style: bold; height: auto; }
    IntentScreen #message { color: $error; height: auto; }
    IntentScreen .hint { color: $text-muted; height: auto; }
    IntentScreen .label { text-style: bold; height: 1; }
    IntentScreen DataTable { height: 1fr; }
    """
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="sheet.cancel"),
        Binding("tab", "app.focus_next", "Next panel", id="sheet.next"),
        Binding("f1", "app.help", "Help", id="sheet.help"),  # the app's F1, shown in this footer
        # For the footer: no action has this name, so Textual passes Enter on to the focused
        # list, table or field (a priority binding whose action is missing is skipped).
        Binding("enter", "enter_passes_on", "Choose", id="sheet.enter", priority=True),
    ]

    def __init__(self, state: GameState, content: Content | None = None) -> None:
        super().__init__()
        self.state = state
        # The scenario's content plus this game's ruled free-play cards.
        self.content = content_of(state, content)
        self.legal: list[Intent] = legal_intents(state, self.content)

    def compose(self) -> ComposeResult:
        with Vertical(id="sheet"):
            yield Static(self.heading(), id="title")
            yield from self.body()
            message = Static("", id="message")
            message.display = False
            yield message
            yield Footer()

    def heading(self) -> RenderableType:
        return ""

    def body(self) -> ComposeResult:
        yield from ()

    def say(self, text: str) -> None:
        """One clear line about what went wrong; nothing else on the screen changes."""
        message = self.query_one("#message", Static)
        message.update(Text(text))
        message.display = bool(text)

    def choose(self, intent: Intent | None) -> None:
        """Leave with ``intent`` if the engine allows it now; otherwise say why and stay."""
        if intent is None:
            return
        if intent not in self.legal:
            self.say(f"{intent.describe()} is not allowed now. Waiting on: {pending(self.state, self.content).prompt}")
            return
        self.dismiss(intent)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def table(self, table_id: str, *columns: str) -> DataTable[RenderableType]:
        grid: DataTable[RenderableType] = DataTable(id=table_id, cursor_type="row", zebra_stripes=True)
        for column in columns:
            grid.add_column(column, key=column)
        return grid

    def place_name(self, location: str) -> str:
        return self.content.scenario.board.location(location).name


class CustomIntentScreen(IntentScreen):
    """An :class:`IntentScreen` that may also return an intent the player built: the
    engine's ``reduce`` is the judge, its refusal is shown and the form stays as typed."""

    GUIDE_TOPIC = "turn"  # F1: the rules guide opens at this section (subclasses name their own)

    def refusal(self, intent: Intent) -> str | None:
        """The engine's reason for refusing ``intent`` now, or None if it is accepted."""
        if intent in self.legal:
            return None
        try:
            reduce(self.state, intent, self.content)
        except HedgemonyError as error:
            return str(error)
        return None

    def try_custom(self, intent: Intent) -> None:
        problem = self.refusal(intent)
        if problem is not None:
            self.say(problem)
            return
        self.dismiss(intent)

    def send(self, intent: Intent) -> bool:
        """In the game, take ``intent`` now and keep the sheet open (True); alone, leave
        with it (False). The caller refreshes from the table's new state."""
        problem = self.refusal(intent)
        if problem is not None:
            self.say(problem)
            return False
        if getattr(self.app, "session", None) is None:  # alone: no game in play (``session`` is the shell's)
            self.dismiss(intent)
            return False
        table_of(self).choose(intent)
        return True


STEP_TYPES = (EndInvestments, HandOver, EndPhase)
"""The steps of a Blue or Red turn (ch. 3): finish the investments, let the other Blue
player go next, end the phase."""


def step_words(intent: Intent) -> str:
    if isinstance(intent, EndInvestments):
        return "Finish my investments"
    if isinstance(intent, HandOver):
        return f"Let {intent.to} go next"
    if isinstance(intent, EndPhase):
        return "End my phase"
    return intent.describe()


class StepButtons(Horizontal):
    """The legal steps of ``seat``'s turn as buttons (none: nothing shows); a press leaves
    the sheet with that intent."""

    DEFAULT_CSS = """
    StepButtons { height: auto; }
    StepButtons Button { margin-right: 2; }
    """

    def __init__(self, legal: list[Intent], seat: str) -> None:
        self.steps = [i for i in legal if isinstance(i, STEP_TYPES) and getattr(i, "player", "") == seat]
        super().__init__(
            *(Button(step_words(i), id=f"step-{n}", compact=True) for n, i in enumerate(self.steps)), classes="steps"
        )
        self.display = bool(self.steps)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id and event.button.id.startswith("step-"):
            event.stop()
            screen: Any = self.screen
            screen.choose(self.steps[int(event.button.id.removeprefix("step-"))])
