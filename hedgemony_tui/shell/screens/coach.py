"""The coach at the table, for any game whose rules have one (``rules.coach``, see
:class:`~hedgemony_tui.table.contract.Advice`).

* **Hint** (a key on the board, and the palette): the advice for the keyboard holder's
  pending decision in a dialog — what the game's coach would do and why, and a table of
  the seat's options by the coach's measure, the advised one marked and highlighted.
  Enter takes the highlighted option (at first the advised one) as the person's own
  decision; Escape closes.
* **Coached game**: the table host's hook (``TableHost.coached``): after each of the
  person's decisions, when the coach would have chosen otherwise, a private line in the
  journal (and a notice, when only one person plays) says what it would have done and
  how much of its measure that was worth (:mod:`hedgemony_tui.table.coaching`).

The advice is asked by the host with the seat's own view only (``TableHost.advice``), as
a computer player decides; the shell never shows it to anyone but the seat that owes the
decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Footer, Static

from hedgemony_tui.table.coaching import capital, fmt
from hedgemony_tui.table.contract import coach_of

if TYPE_CHECKING:
    from ..app import TableApp

HINT_KEY = "ctrl+g"
"""The Hint key on the board (a Ctrl key: typing goes to the decision filter)."""
ADVISED = "▶"

HELP = """# The coach

The coach shows what the game's strongest computer player would do in your seat now,
in its own words, and how your options compare by the measure it names (for Hedgemony,
the IP you are expected to gain). It sees exactly what you see and nothing more.
**Enter** takes the highlighted option (the advised one, ▶, at first) as your decision;
**Escape** closes and you choose yourself."""


def _app(node: Any) -> TableApp:
    return cast("TableApp", node if hasattr(node, "host") else node.app)


def open_hint(app_or_node: Any) -> None:
    """The Hint: the coach's advice for the pending decision of the person at the keyboard."""
    app = _app(app_or_node)
    host = app.host
    if host is None or app.hand_over_showing():
        return
    if coach_of(host.rules) is None:
        app.notify(f"{host.rules.info.title} has no coach", severity="warning", markup=False)
        return
    if not app.my_options():
        app.notify("the coach advises on your own decisions: it is not yours now", severity="warning")
        return
    seat = app.viewer_seat()
    try:
        advice = host.advice(seat)
    except Exception as exc:
        app.notify(f"the coach could not advise here ({type(exc).__name__}: {exc})", severity="error", markup=False)
        return
    if advice is None:
        app.notify("the coach has no advice for this decision", severity="warning")
        return
    feed = app.feed

    def chosen(intent: Any) -> None:
        if intent is None:
            return
        if app.feed is not feed:  # the game moved on (an undo, a load) while the dialog was open
            app.notify("the game has moved on since the hint: ask again", severity="warning")
            return
        app.choose(intent)

    app.push_screen(CoachScreen(advice, _labels(app, advice)), chosen)


def _labels(app: TableApp, advice: Any) -> dict[int, str]:
    """Each row's option as the game's menus name it (the front's words, names not ids)."""
    labels: dict[int, str] = {}
    for index, row in enumerate(advice.rows):
        try:
            labels[index] = app.label(row.intent)
        except Exception:
            labels[index] = row.label
    return labels


class CoachScreen(ModalScreen[Any]):
    """The coach's advice and the options it compared (see the module docstring)."""

    BINDINGS = [
        Binding("enter", "take", "Choose this", id="coach.take", priority=True),
        Binding("escape", "close", "Close", id="coach.close"),
    ]
    HELP = HELP
    GUIDE_TOPIC = "coach"
    DEFAULT_CSS = """
    CoachScreen { align: center middle; }
    CoachScreen #coach-box {
        width: 110; max-width: 100%; height: auto; max-height: 100%;
        border: thick $accent; background: $panel; padding: 0 1;
    }
    CoachScreen #coach-table { height: auto; max-height: 14; margin: 1 0; }
    CoachScreen .dialog-title { padding-bottom: 0; }
    """

    def __init__(self, advice: Any, labels: dict[int, str]) -> None:
        super().__init__()
        self.advice = advice
        self.labels = labels

    def compose(self) -> ComposeResult:
        advice = self.advice
        advised = next((i for i, r in enumerate(advice.rows) if r.intent == advice.intent), None)
        name = self.labels.get(advised, "") if advised is not None else ""
        with Vertical(classes="dialog", id="coach-box"):
            yield Static("Coach — what the expert computer player would do in your seat", classes="dialog-title")
            yield Static(Text.assemble(("Advice: ", "bold"), name or advice.intent.describe()), id="coach-advice")
            yield Static(Text.assemble(("Why: ", "bold"), advice.reason), id="coach-reason")
            yield DataTable(id="coach-table", cursor_type="row", zebra_stripes=False)
            if advice.note:
                yield Static(Text(advice.note, "dim"), id="coach-note")
            yield Static(Text(f"{ADVISED} the advised option. Enter takes the highlighted one; Escape closes.", "dim"))
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        advice = self.advice
        # The measure before the option's words: at 100 columns a long line never hides it.
        table.add_column(" ", width=1)
        table.add_column(capital(advice.measure))
        table.add_column("Option (what it moves for the others)" if any(r.detail for r in advice.rows) else "Option")
        advised = 0
        for index, row in enumerate(advice.rows):
            mine = row.intent == advice.intent
            style = "bold green" if mine else ""
            option = Text(self.labels.get(index, row.label), style)
            if row.detail:
                option.append(f"  ({row.detail})", "dim")
            table.add_row(
                Text(ADVISED if mine else "", style),
                Text(fmt(row.value), style, justify="right"),
                option,
                key=str(index),
            )
            if mine:
                advised = index
        table.move_cursor(row=advised)
        table.focus()

    def action_take(self) -> None:
        table = self.query_one(DataTable)
        rows = self.advice.rows
        index = table.cursor_row if 0 <= table.cursor_row < len(rows) else 0
        self.dismiss(rows[index].intent if rows else self.advice.intent)

    def action_close(self) -> None:
        self.dismiss(None)


# --- the palette ------------------------------------------------------------------------------


class CoachCommands(Provider):
    """The Hint in the command palette, while the keyboard holder owes a decision."""

    def _available(self) -> bool:
        app = _app(self.app)
        return (
            getattr(app, "host", None) is not None
            and coach_of(app.rules) is not None
            and not app.hand_over_showing()
            and bool(app.my_options())
        )

    async def discover(self) -> Hits:
        if self._available():
            yield DiscoveryHit("Hint", self._open, help="what the expert computer player would do now, and why")

    async def search(self, query: str) -> Hits:
        if not self._available():
            return
        matcher = self.matcher(query)
        for label in ("Hint", "Coach"):
            score = matcher.match(label)
            if score > 0:
                yield Hit(
                    score,
                    matcher.highlight(label),
                    self._open,
                    help="what the expert computer player would do now, and why",
                )
                return

    def _open(self) -> None:
        open_hint(self.app)
