"""The proposer reads the White Cell's ruling on its free-play action, before paying
anything, and accepts it or withdraws (rules/hedgemony/README.md X9).

Shows what the engine's ``ruling_text`` says (the table, who may answer, the forces that
count and those in the AOR now, the Critical Capabilities, the cost) and each outcome
row as a table. Returns ONE intent: ``AcceptRuling`` or ``WithdrawProposal`` (None on
Escape: the decision waits).
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.widgets import DataTable, Static

from ...engine import names, ruling_text
from ...engine.content import Content
from ...engine.game import pending
from ...engine.intents import AcceptRuling, Intent, WithdrawProposal
from ...engine.state import GameState, Ruling
from ...engine.terms import Outcome
from .sheet import IntentScreen


def rows_table(ruling: Ruling) -> Table:
    """Each outcome row of the ruling and the IP it gives each side."""
    grid = Table(title="Outcomes", title_style="bold", title_justify="left", box=box.SIMPLE_HEAD,
                 show_edge=False, pad_edge=False)
    grid.add_column("Row")
    grid.add_column(ruling.player, justify="right")
    if ruling.opponent:
        grid.add_column(ruling.opponent, justify="right")
    for row in ruling.rows:
        label = f"faces {row.key}" if ruling.table == "d10" else Outcome(row.key).title
        cells = [label, f"{row.blue_ip:+d} IP" if row.blue_ip else "—"]
        if ruling.opponent:
            cells.append(f"{row.opponent_ip:+d} IP" if row.opponent_ip else "—")
        grid.add_row(*cells)
    return grid


class RulingAnswerScreen(IntentScreen):
    """Accept the White Cell's ruling (and pay its cost) or withdraw (nothing paid)."""

    GUIDE_TOPIC = "ruling"  # F1: the rules guide opens at this section

    DEFAULT_CSS = """
    RulingAnswerScreen #answers { height: 4; }
    RulingAnswerScreen #terms { height: auto; }
    """
    AUTO_FOCUS = "#answers"

    def __init__(self, state: GameState, content: Content | None = None) -> None:
        super().__init__(state, content)
        proposal = state.proposal
        self.ruling = proposal.ruling if proposal is not None else None
        self.options = [i for i in self.legal if isinstance(i, (AcceptRuling, WithdrawProposal))]

    def heading(self) -> RenderableType:
        if self.ruling is None:
            return Text(f"No ruling is waiting for an answer. Waiting on: {pending(self.state, self.content).prompt}")
        r = self.ruling
        return Text(f"{r.player}: the White Cell's ruling on '{r.title}' at {names.place(self.content, r.location)}. "
                    "Nothing is paid until you accept.")

    def body(self) -> ComposeResult:
        yield Static(self.terms(), id="terms")
        grid = self.table("answers", "Answer", "What it does")
        for index, intent in enumerate(self.options):
            grid.add_row(*self.words(intent), key=str(index))
        yield grid
        yield Static("Enter answers; Escape leaves the decision waiting.", classes="hint")

    def terms(self) -> RenderableType:
        if self.ruling is None:
            return ""
        facts = ruling_text.lines(self.state, self.content, self.ruling)
        shown = [line for line in facts if not line.startswith("outcomes: ")]  # the rows are the table below
        return Group(*(Text(f"• {line}") for line in shown), rows_table(self.ruling))

    def words(self, intent: Intent) -> tuple[str, str]:
        cost = self.ruling.cost if self.ruling is not None else 0
        if isinstance(intent, AcceptRuling):
            return "Accept", f"pay {cost} RP and play the action: commit forces next"
        return "Withdraw", "nothing is paid; the proposal ends (this place stays proposed this turn)"

    @on(DataTable.RowSelected, "#answers")
    def _picked(self, event: DataTable.RowSelected) -> None:
        self.choose(self.options[int(event.row_key.value or 0)])
