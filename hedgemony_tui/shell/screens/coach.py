"""The coach at the table, for any game whose rules have one (``rules.coach``, see
:class:`~hedgemony_tui.table.contract.Advice`).

* **Hint** (a key on the board, and the palette): the advice for the keyboard holder's
  pending decision in a dialog — what the game's coach would do and why, and a table of
  the seat's options by the coach's measure, the advised one marked and highlighted.
  Enter takes the highlighted option (at first the advised one) as the person's own
  decision; Escape closes.
* **Coached game**: the table host's hook (``TableHost.coached``): after each of the
  person's decisions, when the coach would have chosen otherwise, a private line in the
  journal says what it would have done and how much of its measure that was worth
  (:mod:`hedgemony_tui.table.coaching`). When only one person plays, the same words stand
  in the coach's own line under the board (:func:`show_remark`: what it would have done;
  the reason and figures in the journal) until their next decision, and whole in the
  commit sheet's message line: never a notice over the decision panel or a worksheet's odds.

Options are named in the decision panel's own words (the keyboard holder's listed
options); the measure column shows only when it tells options apart, else the advice's
note says so once.

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
from textual.css.query import NoMatches
from textual.screen import ModalScreen
from textual.widgets import DataTable, Footer, Static

from hedgemony_tui.table.coaching import capital, fmt, remark_gist
from hedgemony_tui.table.contract import coach_of

from .dialogs import choose_asking

if TYPE_CHECKING:
    from ..app import TableApp

HINT_KEY = "ctrl+g"
"""The Hint key on the board (a Ctrl key: typing goes to the decision filter)."""
ADVISED = "▶"

HELP = """# The coach

The coach shows what the game's strongest computer player would do in your seat now,
in its own words, where the decision panel keeps that option, and how your options
compare by the measure it names (for Hedgemony, the IP you are expected to gain, the
very figure the worksheet on F6 shows; where no worksheet gives one, it shows none). It
sees exactly what you see and nothing more. **Enter** takes the highlighted option (the
advised one, ▶, at first) as your decision; **Escape** closes and you choose yourself.

In a coached game, when it would have chosen otherwise, it says so in its own line under
the board until your next decision (and in the journal, F4)."""


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
        choose_asking(app, intent)  # a choice that ends the phase asks here too

    app.push_screen(CoachScreen(advice, _labels(app, advice), _where(app, advice.intent)), chosen)


def _where(app: TableApp, intent: Any) -> str:
    """Where the decision panel's menu keeps ``intent`` ("Readiness › Lower readiness ›
    …"), when the front lays its options out in a menu: the way to it by hand."""
    path_of = getattr(app.front, "intent_path", None)
    if not callable(path_of):
        return ""
    try:
        return " › ".join(str(step) for step in path_of(app.table, intent))
    except Exception:
        return ""


def _labels(app: TableApp, advice: Any) -> dict[int, str]:
    """Each row's option in the decision panel's own words (the very lines it lists for
    the keyboard holder); an option it does not list (none should) is named from the
    seat's view of the state the advice was asked on, never from another moment's."""
    listed = {intent: label for intent, label in app.my_options()}
    host = app.host
    seat = app.viewer_seat()
    labels: dict[int, str] = {}
    for index, row in enumerate(advice.rows):
        try:
            labels[index] = listed.get(row.intent) or (host.label(host.view(seat), seat, row.intent) if host else "")
        except Exception:
            labels[index] = row.label
        labels[index] = labels[index] or row.label
    return labels


def telling_figures(advice: Any) -> bool:
    """Whether the measure column tells the options apart: two figures or more that differ,
    or the one option there is with a figure. Else it would only repeat one number (or
    show none at all), and the advice's note says so once."""
    figures = {round(row.value, 1) for row in advice.rows if row.value is not None}
    if len(advice.rows) == 1:
        return len(figures) == 1
    return len(figures) > 1


# --- the coach's line under the board ------------------------------------------------------------


class CoachLine(Static):
    """The coached game's latest remark, under the board: it covers nothing, and stays
    until the person's next decision (the journal keeps every one)."""

    DEFAULT_CSS = """
    CoachLine {
        height: 1; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis;
        background: $boost; border-left: outer $accent;
    }
    """


def show_remark(app: Any, text: str) -> None:
    """Put the coach's remark ``text`` in its line under the board ("" clears it), and in
    the top screen's own message line when that screen offers one (``coach_remark``: the
    commit sheet, which stays open while the person commits)."""
    for screen in app.screen_stack:
        try:
            column = screen.query_one("#board-column")
        except NoMatches:
            continue
        try:
            line = screen.query_one(CoachLine)
        except NoMatches:
            if not text:
                continue
            line = CoachLine(id="coach-line")
            events = column.query("#events")
            column.mount(line, before=events.first()) if events else column.mount(line)
        # One row, the gist only: any more would push the map's places off a 100x30 board.
        # The key comes first so that a long gist cut short never hides where the rest is.
        line.update(Text.assemble(("Coach", "bold"), (" (F4: why) ", "dim"), remark_gist(text)))
        line.display = bool(text)
    top = getattr(app.screen, "coach_remark", None)
    if text and callable(top):
        top(text)


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
    CoachScreen #coach-table { height: auto; max-height: 12; margin: 1 0; }
    CoachScreen .dialog-title { padding-bottom: 0; }
    """

    def __init__(self, advice: Any, labels: dict[int, str], where: str = "") -> None:
        super().__init__()
        self.advice = advice
        self.labels = labels
        self.where = where

    def compose(self) -> ComposeResult:
        advice = self.advice
        advised = next((i for i, r in enumerate(advice.rows) if r.intent == advice.intent), None)
        name = self.labels.get(advised, "") if advised is not None else ""
        with Vertical(classes="dialog", id="coach-box"):
            yield Static("Coach — what the computer coach advises in your seat, and why", classes="dialog-title")
            yield Static(Text.assemble(("Advice: ", "bold"), name or advice.intent.describe()), id="coach-advice")
            if self.where:
                yield Static(Text.assemble(("In the list: ", "dim"), (self.where, "dim")), id="coach-where")
            yield Static(Text.assemble(("Why: ", "bold"), advice.reason), id="coach-reason")
            yield DataTable(id="coach-table", cursor_type="row", zebra_stripes=False)
            if advice.note:
                yield Static(Text(advice.note, "dim"), id="coach-note")
            yield Static(Text(f"{ADVISED} the advised option. Enter takes the highlighted one; Escape closes.", "dim"))
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        advice = self.advice
        figures = telling_figures(advice)
        # The measure before the option's words: at 100 columns a long line never hides it.
        table.add_column(" ", width=1)
        if figures:
            table.add_column(capital(advice.measure) + " (F6)")
        details = figures and any(r.detail for r in advice.rows)
        table.add_column("Option (what the same roll moves for the others)" if details else "Option")
        advised = 0
        for index, row in enumerate(advice.rows):
            mine = row.intent == advice.intent
            style = "bold green" if mine else ""
            option = Text(self.labels.get(index, row.label), style)
            if details and row.detail:
                option.append(f"  ({row.detail})", "dim")
            cells = [Text(ADVISED if mine else "", style)]
            if figures:
                cells.append(Text(fmt(row.value), style, justify="right"))
            table.add_row(*cells, option, key=str(index))
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
            yield DiscoveryHit("Hint", self._open, help="what the computer coach advises now, and why")

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
                    help="what the computer coach advises now, and why",
                )
                return

    def _open(self) -> None:
        open_hint(self.app)
