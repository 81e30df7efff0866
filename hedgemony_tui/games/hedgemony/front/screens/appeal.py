"""The White Cell's answer to an appeal for emergency funding (ch. 3, 14).

The U.S., short of RPs to answer a Red card or an event, has asked for an amount. The
White Cell grants what it likes (the engine lists what was asked, half of it and 1 RP,
and accepts any amount up to one turn's allocation), refuses, or lets a die decide. The
die's faces and what each would grant are the engine's ``appeal.die_grant``.

Returns ONE intent (or None on Escape); a typed amount is checked by the engine first.
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button, DataTable, Input, Static

from ...engine import appeal
from ...engine.content import Content
from ...engine.game import pending
from ...engine.intents import GrantEmergencyFunding, Intent, RefuseFunding, RollForFunding
from ...engine.state import GameState
from .sheet import CustomIntentScreen, row_key

FACES = range(10)


def die_table(asked: int) -> Table:
    """What the White Cell's die grants on each face, for an appeal of ``asked`` RP."""
    grid = Table(
        title="If the die decides (D10)",
        title_style="bold",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
    )
    grid.add_column("Faces")
    grid.add_column("Grant", justify="right")
    bands: list[tuple[int, int, int]] = []
    for face in FACES:
        granted = appeal.die_grant(face, asked)
        if bands and bands[-1][2] == granted:
            bands[-1] = (bands[-1][0], face, granted)
        else:
            bands.append((face, face, granted))
    for low, high, granted in bands:
        grid.add_row(str(low) if low == high else f"{low}-{high}", f"{granted} RP" if granted else "nothing")
    expected = sum(appeal.die_grant(face, asked) for face in FACES) / len(FACES)
    grid.caption = f"on average {expected:.1f} RP"
    grid.caption_justify = "left"
    return grid


class AppealScreen(CustomIntentScreen):
    """The White Cell rules on the U.S. appeal for emergency funding."""

    GUIDE_TOPIC = "white-cell"  # F1: the rules guide opens at this section

    DEFAULT_CSS = """
    AppealScreen #choices { height: 8; }
    AppealScreen #amount-row { height: 1; margin-top: 1; }
    AppealScreen #amount-row Static { width: auto; margin-right: 1; }
    AppealScreen #amount { width: 8; margin-right: 2; }
    """
    AUTO_FOCUS = "#choices"

    def __init__(self, state: GameState, content: Content | None = None) -> None:
        super().__init__(state, content)
        self.pending = state.appeal
        self.options = [i for i in self.legal if isinstance(i, (GrantEmergencyFunding, RollForFunding, RefuseFunding))]
        self.top = appeal.most_granted(state, self.pending.player) if self.pending else 0

    def heading(self) -> RenderableType:
        if self.pending is None:
            return Text(f"White Cell: no appeal is waiting. Waiting on: {pending(self.state, self.content).prompt}")
        a = self.pending
        card = self.content.card(a.card) if a.card in self.content.cards else None
        what = f"{card.title} ({card.id})" if card else a.card
        return Text(
            f"White Cell: {a.player} has {self.state.player(a.player).rp} RP left and appeals for {a.amount} RP "
            f"of emergency funding to answer {what}."
        )

    def body(self) -> ComposeResult:
        grid = self.table("choices", "Ruling", "Gives")
        for index, intent in enumerate(self.options):
            grid.add_row(self.label(intent), self.gives(intent), key=str(index))
        yield grid
        with Horizontal(id="amount-row"):
            yield Static("Or grant")
            yield Input("", type="integer", placeholder="RP", compact=True, id="amount")
            yield Static(f"RP (1 to {self.top}: one turn's allocation at most)")
            yield Button("Grant", id="grant", compact=True)
        yield Static(self.explain(), id="appeal-note", classes="hint")

    def label(self, intent: Intent) -> str:
        if isinstance(intent, GrantEmergencyFunding):
            asked = self.pending.amount if self.pending else 0
            share = "all that was asked" if intent.amount == asked else f"{intent.amount} of {asked} RP"
            return f"Grant {intent.amount} RP ({share})"
        if isinstance(intent, RollForFunding):
            return "Let a die decide"
        return "Refuse"

    def gives(self, intent: Intent) -> str:
        if isinstance(intent, GrantEmergencyFunding):
            return f"{intent.player} +{intent.amount} RP"
        if isinstance(intent, RollForFunding):
            return "see the die below"
        return "nothing"

    def explain(self) -> RenderableType:
        if self.pending is None:
            return ""
        return Group(
            Text(
                "No Blue player may run a deficit without the White Cell's leave. Enter picks a ruling; "
                "a typed amount goes with Enter or Grant."
            ),
            die_table(self.pending.amount),
        )

    @on(DataTable.RowSelected, "#choices")
    def _picked(self, event: DataTable.RowSelected) -> None:
        self.choose(self.options[int(row_key(event))])

    @on(Input.Submitted, "#amount")
    @on(Button.Pressed, "#grant")
    def _grant(self) -> None:
        if self.pending is None:
            return
        typed = self.query_one("#amount", Input).value.strip()
        try:
            amount = int(typed)
        except ValueError:
            self.say(f"type a whole number of RP, 1 to {self.top} (got {typed!r})")
            return
        self.try_custom(GrantEmergencyFunding(self.pending.player, amount))
