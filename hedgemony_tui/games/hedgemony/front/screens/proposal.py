"""The proposer reads the White Cell's ruling on its free-play action, before paying
anything, and accepts it or withdraws (rules/hedgemony/README.md X9).

Shows what the engine's ``ruling_text`` says (the kind proposed, the table, who may
answer, the forces that count and those in the AOR now, the Critical Capabilities, the
cost) and each outcome row as a table, with the chance of every row in each way the
opponent may answer (``engine.ruling_odds``: the engine's own roll, face by face).
Returns ONE intent: ``AcceptRuling`` or ``WithdrawProposal`` (None on Escape: the
decision waits).
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import DataTable, Static

from ...engine import names, ruling_text
from ...engine.content import Content
from ...engine.game import pending
from ...engine.intents import AcceptRuling, Intent, WithdrawProposal
from ...engine.ruling_odds import OddsCase, ruling_odds
from ...engine.state import GameState, Ruling
from ...engine.terms import Outcome
from .sheet import IntentScreen

CASE_NAMES = "ABC"
"""Column heads of the odds: each case is spelled out under the table."""


def rows_table(ruling: Ruling, cases: list[OddsCase] | None = None) -> Table:
    """Each outcome row of the ruling, the IP it gives each side and, for each case, its chance."""
    cases = cases or []
    grid = Table(
        title="Outcomes and their odds" if cases else "Outcomes",
        title_style="bold",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
    )
    grid.add_column("Row")
    grid.add_column(ruling.player, justify="right")
    if ruling.opponent:
        grid.add_column(ruling.opponent, justify="right")
    for name, _ in zip(CASE_NAMES, cases):
        grid.add_column(f"odds {name}", justify="right")
    for row in ruling.rows:
        label = f"faces {row.key}" if ruling.table == "d10" else Outcome(row.key).title
        cells = [label, f"{row.blue_ip:+d} IP" if row.blue_ip else "—"]
        if ruling.opponent:
            cells.append(f"{row.opponent_ip:+d} IP" if row.opponent_ip else "—")
        for case in cases:
            chance = dict(case.chances).get(row.key, 0)
            cells.append(f"{float(chance):.0%}")
        grid.add_row(*cells)
    return grid


def cases_text(ruling: Ruling, cases: list[OddsCase]) -> Text:
    """What each odds column assumes, and the proposer's expected IP in it."""
    text = Text()
    for name, case in zip(CASE_NAMES, cases):
        text.append(f"{name}: ", style="bold")
        text.append(f"{case.label} — {ruling.player} expects {case.expected_ip:+.1f} IP\n")
    text.append(
        "Odds are exact: each face of the D10 played through the engine; any later round adds nothing.", style="dim"
    )
    return text


class RulingAnswerScreen(IntentScreen):
    """Accept the White Cell's ruling (and pay its cost) or withdraw (nothing paid)."""

    GUIDE_TOPIC = "ruling"  # F1: the rules guide opens at this section

    DEFAULT_CSS = """
    RulingAnswerScreen #answers { height: 4; }
    RulingAnswerScreen #terms-box { height: 1fr; }
    RulingAnswerScreen #terms { height: auto; }
    """
    AUTO_FOCUS = "#answers"

    def __init__(self, state: GameState, content: Content | None = None) -> None:
        super().__init__(state, content)
        proposal = state.proposal
        self.ruling = proposal.ruling if proposal is not None else None
        self.options = [i for i in self.legal if isinstance(i, (AcceptRuling, WithdrawProposal))]
        self.cases = ruling_odds(state, self.content) if self.ruling is not None else []

    def heading(self) -> RenderableType:
        if self.ruling is None:
            return Text(f"No ruling is waiting for an answer. Waiting on: {pending(self.state, self.content).prompt}")
        r = self.ruling
        return Text(
            f"{r.player}: the White Cell's ruling on '{r.title}' at {names.place(self.content, r.location)}. "
            "Nothing is paid until you accept."
        )

    def body(self) -> ComposeResult:
        with VerticalScroll(id="terms-box"):
            yield Static(self.terms(), id="terms")
        grid = self.table("answers", "Answer", "What it does")
        for index, intent in enumerate(self.options):
            grid.add_row(*self.words(intent), key=str(index))
        yield grid
        yield Static(
            "Up/Down pick an answer, Enter answers; Tab then arrows scroll the terms; Escape leaves "
            "the decision waiting.",
            classes="hint",
        )

    def terms(self) -> RenderableType:
        if self.ruling is None:
            return ""
        facts = ruling_text.lines(self.state, self.content, self.ruling)
        shown = [line for line in facts if not line.startswith("outcomes: ")]  # the rows are the table below
        parts: list[RenderableType] = [Text(f"• {line}") for line in shown]
        parts.append(rows_table(self.ruling, self.cases))
        if self.cases:
            parts.append(cases_text(self.ruling, self.cases))
        return Group(*parts)

    def words(self, intent: Intent) -> tuple[str, str]:
        cost = self.ruling.cost if self.ruling is not None else 0
        if isinstance(intent, AcceptRuling):
            return "Accept", f"pay {cost} RP and play the action: commit forces next"
        return "Withdraw", "nothing is paid; the proposal ends (this place stays proposed this turn)"

    @on(DataTable.RowSelected, "#answers")
    def _picked(self, event: DataTable.RowSelected) -> None:
        self.choose(self.options[int(event.row_key.value or 0)])
