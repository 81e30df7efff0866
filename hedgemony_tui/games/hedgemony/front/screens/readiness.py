"""The U.S. readiness worksheet (Figure 14.4) and the readiness decisions open now.

Top: the U.S. stacks with where they stand and their Readiness Level, and the bill the
engine computed. Below: the choices the engine lists for the highlighted stack (pay the
bill, lower, buy back, retire), each with its RP cost now and next turn's bill; and the
tier form: any number of FFs of the stack to any Readiness Level (ch. 14: readiness is
set FF by FF; fewer FFs than the stack split it). The form's price is Figure 14.3's
(``blue.buyback_price``), the bill's change ``side_costs.bill_change``, and the intent
goes through the engine, which accepts any number it allows and says why not otherwise.

In the game the sheet stays open after a lowering, buy-back or retirement (each goes to
the table at once) so a posture of several tiers is set in one visit; paying the bill
closes it. Alone (no table behind it) it returns the intent, or None on Escape.
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, DataTable, Input, Select, Static

from hedgemony_tui.shell.front import table_of

from ...engine.content import Content
from ...engine.game import legal_intents, pending
from ...engine.intents import BuyBack, GrantEmergencyFunding, Intent, PayReadiness, Retire, SetReadiness
from ...engine.names import place as place_name
from ...engine.phases import blue
from ...engine.readiness import ReadinessBill
from ...engine.side_costs import bill_change
from ...engine.state import CONUS_LOCATION, GameState, Stack
from ...engine.terms import READINESS_LEVELS
from ..render.map_data import short_place_name
from ..render.side_costs import bill_words
from .sheet import CustomIntentScreen, StepButtons, row_key, rp_text

# How each bill line's RPs were found on the mat, in words a newcomer reads at once
# (rules README X1/X2: counts the mat does not print are worked out from the rows it does).
READ_HOW = {
    "printed": "on the mat",
    "corrected": "mat, erratum",
    "interpolated": "worked out",
    "extended": "beyond mat",
}
HOW_NOTE = {
    "interpolated": "the mat prints no row for this many FFs: the RPs lie in proportion between the two "
    "printed rows around it",
    "extended": "more FFs than the mat's last row: whole last rows plus the rest, added up",
    "corrected": "the printed cell with the rulebook's erratum applied",
}
LOWEST = min(READINESS_LEVELS)
READINESS_INTENTS = (PayReadiness, GrantEmergencyFunding, SetReadiness, BuyBack, Retire)
STAYS_OPEN = (SetReadiness, BuyBack, Retire)


def bill_table(bill: ReadinessBill) -> Table:
    """Figure 14.4 filled in, narrow enough for half a 100-column screen (the calculator's
    ``render.mats.readiness_bill`` spells out each interpolation and needs the full width)."""
    grid = Table(
        title="Readiness bill (Figure 14.4)", box=box.SIMPLE_HEAD, title_style="bold", pad_edge=False, show_edge=False
    )
    for header in ("Where", "Ready", "FFs", "RPs", "Found"):
        grid.add_column(header, justify="left" if header in ("Where", "Found") else "right", no_wrap=True)
    for line in bill.lines:
        grid.add_row(
            "CONUS" if line.conus else "OCONUS",
            f"{line.readiness}%",
            str(line.ffs),
            str(line.lookup.value),
            READ_HOW.get(line.lookup.method, line.lookup.method),
        )
    grid.add_section()
    grid.add_row("(a) CONUS", "", "", str(bill.conus_total), "")
    grid.add_row("(b) OCONUS", "", "", str(bill.oconus_total), "")
    grid.add_row(Text("(c) bill"), "", "", Text(str(bill.total), style="bold reverse"), "(a) + (b)")
    return grid


class ReadinessScreen(CustomIntentScreen):
    """The U.S. readiness worksheet (see the module docstring)."""

    GUIDE_TOPIC = "readiness"  # F1: the rules guide opens at this section

    DEFAULT_CSS = """
    ReadinessScreen #top { height: 12; }
    ReadinessScreen #stacks { width: 46; height: 100%; }
    ReadinessScreen #bill-box { width: 1fr; height: 100%; }
    ReadinessScreen #choices { height: 1fr; min-height: 4; }
    ReadinessScreen #tier { height: 1; margin-top: 1; }
    ReadinessScreen #tier Static { width: auto; margin-right: 1; }
    ReadinessScreen #tier-ffs { width: 8; margin-right: 1; }
    ReadinessScreen #tier-level { width: 12; margin-right: 1; }
    ReadinessScreen #tier-preview { height: auto; }
    """
    BINDINGS = [
        Binding("p", "pay", "Pay the bill", id="readiness.pay"),
        Binding("t", "tier", "FFs and level", id="readiness.tier"),
        # Arrows between the two tables (a row table's own left/right only scrolls): the
        # focus starts on the stacks, and ↑↓ there moved the stacks, never the choices.
        Binding("right", "to_choices", "Choices", id="readiness.to-choices", show=False, priority=True),
        Binding("left", "to_stacks", "Stacks", id="readiness.to-stacks", show=False, priority=True),
    ]
    AUTO_FOCUS = "#stacks"

    def __init__(self, state: GameState, content: Content | None = None) -> None:
        super().__init__(state, content)
        self.load(state)

    def load(self, state: GameState) -> None:
        self.state = state
        self.legal = legal_intents(state, self.content)
        self.options = [i for i in self.legal if isinstance(i, READINESS_INTENTS)]
        self.stacks = state.stacks_of("US")
        self.us = state.player("US")
        self.due = blue.readiness_due(state, self.content)
        self.shown: dict[str, Intent] = {}
        self._after: dict[Intent, int | None] = {}
        self.stack_id = self.stacks[0].id if self.stacks else ""

    def heading(self) -> RenderableType:
        return Text(
            f"U.S. readiness worksheet (Figure 14.4) — turn {self.state.turn}, "
            f"{self.state.phase.title} — U.S. has {self.us.rp} RP"
        )

    def body(self) -> ComposeResult:
        with Horizontal(id="top"):
            yield self.table("stacks", "Stack", "Where", "Table", "FFs", "Ready")
            with VerticalScroll(id="bill-box"):
                yield Static(self.bill_view(), id="bill")
        yield Static(self.stack_note(self.current()), id="stack-note", classes="hint")
        yield self.table("choices", "Choice", "RP now", "Next turn's bill")
        yield Static("", id="choice-note", classes="hint")
        with Horizontal(id="tier"):
            yield Static("Set", classes="label")
            yield Input("", type="integer", placeholder="FFs", compact=True, id="tier-ffs")
            yield Static("FF of the stack to", id="tier-what")
            yield Select(
                [(f"{level}%", level) for level in sorted(READINESS_LEVELS, reverse=True)],
                value=max(READINESS_LEVELS),
                allow_blank=False,
                compact=True,
                id="tier-level",
            )
            yield Button("Apply", id="tier-apply", compact=True)
        yield Static("", id="tier-preview", classes="hint")
        yield StepButtons(self.legal, "US")

    def on_mount(self) -> None:
        self.fill_stacks()

    # --- filling in -----------------------------------------------------------------------------

    def fill_stacks(self) -> None:
        grid = self.query_one("#stacks", DataTable)
        grid.clear()
        for stack in self.stacks:
            table = "CONUS" if stack.location == CONUS_LOCATION else "OCONUS"
            grid.add_row(
                stack.id,
                short_place_name(self.state.scenario, self.content.scenario.board, stack.location),  # never cut
                table,
                f"{stack.ffs}xM{stack.mod}",
                f"{stack.readiness}%",
                key=stack.id,
            )
        ids = [s.id for s in self.stacks]
        if self.stack_id in ids:
            grid.move_cursor(row=ids.index(self.stack_id))
        self.show_stack(self.current())

    def current(self) -> Stack | None:
        return next((s for s in self.stacks if s.id == self.stack_id), None)

    def show_stack(self, stack: Stack | None) -> None:
        self.stack_id = stack.id if stack is not None else ""
        self.query_one("#stack-note", Static).update(self.stack_note(stack))
        self.query_one("#tier-what", Static).update(f"FF of {self._stack_words(stack.id)} to" if stack else "FF to")
        if stack is not None:  # the level a tier of this stack would most likely go to
            self.query_one("#tier-level", Select).value = LOWEST if stack.readiness > LOWEST else max(READINESS_LEVELS)
        self.fill_choices(stack)
        self.preview_tier()

    def bill_view(self) -> RenderableType:
        bill = blue.readiness_bill(self.state, self.content)
        surcharge = blue.readiness_surcharge(self.state)
        lines: list[RenderableType] = [bill_table(bill)]
        if surcharge:
            lines.append(Text(f"Card effects add {surcharge} RP to the bill"))
        if self.state.readiness_paid:
            lines.append(Text(f"Paid this turn. This posture would cost {self.due} RP next turn."))
        else:
            lines.append(Text(f"Due now: {self.due} RP (U.S. has {self.us.rp} RP)", style="bold"))
        # Below the total, so the figure that matters stays in view in a short box.
        for method in sorted({line.lookup.method for line in bill.lines} & set(HOW_NOTE)):
            lines.append(Text(f"{READ_HOW[method]}: {HOW_NOTE[method]}", style="dim"))
        return Group(*lines)

    def stack_note(self, stack: Stack | None) -> Text:
        if stack is None:
            return Text("The U.S. has no forces on the board.")
        where = self.place_name(stack.location)
        text = Text(f"{stack.id}: {stack.ffs} FF M{stack.mod} at {stack.readiness}% in {where}. ")
        higher = [level for level in sorted(READINESS_LEVELS) if level > stack.readiness]
        if not higher or stack.ffs < 1:
            text.append("Already at full readiness: nothing to buy back.")
        else:
            prices = ", ".join(f"{level}% {blue.buyback_price(self.content, stack, level)} RP" for level in higher)
            text.append(f"Whole stack back to (Figure 14.3): {prices}.")
        if not self.state.readiness_paid:
            text.append(" Pay the bill first; then lower, buy back or retire.", style="bold")
        text.append(" ↑↓ a stack · → or Enter: its choices · ← back to the stacks.", style="dim")
        return text

    def bill_after(self, intent: Intent) -> int | None:
        """Next turn's bill if ``intent`` is taken (the engine's ``side_costs.bill_change``)."""
        if intent not in self._after:
            change = bill_change(self.state, intent, self.content)
            self._after[intent] = None if change is None else self.due + change
        return self._after[intent]

    def rp_now(self, intent: Intent) -> int:
        if isinstance(intent, PayReadiness):
            return -self.due
        if isinstance(intent, GrantEmergencyFunding):
            return intent.amount
        if isinstance(intent, BuyBack):
            return -blue.buyback_price(self.content, self.state.stack(intent.stack), intent.to, intent.ffs)
        return 0

    def _stack_words(self, stack_id: str) -> str:
        """A stack in words, never by id: "14 FF M3 in CONUS"."""
        stack = self.state.stack(stack_id)
        return f"{stack.ffs} FF M{stack.mod} in {place_name(self.content, stack.location)}"

    def _some(self, stack_id: str, ffs: int) -> str:
        """``14 FF M3 in CONUS``, or ``3 FF of 14 FF M3 in CONUS`` when a tier of the stack
        is meant (ch. 14)."""
        whole = not ffs or ffs >= self.state.stack(stack_id).ffs
        words = self._stack_words(stack_id)
        return words if whole else f"{ffs} FF of {words}"

    def label(self, intent: Intent) -> str:
        if isinstance(intent, PayReadiness):
            return f"Pay the readiness bill ({self.due} RP)"
        if isinstance(intent, GrantEmergencyFunding):
            return f"White Cell: grant {intent.amount} RP emergency funding"
        if isinstance(intent, SetReadiness):
            return f"Lower {self._some(intent.stack, intent.ffs)} to {intent.to}%"
        if isinstance(intent, BuyBack):
            return f"Buy {self._some(intent.stack, intent.ffs)} back to {intent.to}%"
        if isinstance(intent, Retire):
            return f"Retire {intent.ffs} FF of {self._stack_words(intent.stack)}"
        return intent.describe()

    def fill_choices(self, stack: Stack | None) -> None:
        grid = self.query_one("#choices", DataTable)
        grid.clear()
        self.shown = {}
        general = [i for i in self.options if isinstance(i, (PayReadiness, GrantEmergencyFunding))]
        mine = [i for i in self.options if stack is not None and getattr(i, "stack", None) == stack.id]
        for index, intent in enumerate(general + mine):
            key = f"c{index}"
            self.shown[key] = intent
            after = None if isinstance(intent, (PayReadiness, GrantEmergencyFunding)) else self.bill_after(intent)
            shown_after = "—" if after is None else f"{after} ({after - self.due:+d})"
            grid.add_row(
                Text(self.label(intent), no_wrap=True, end=""), rp_text(self.rp_now(intent)), shown_after, key=key
            )
        self.explain(self.shown.get("c0"))

    def explain(self, intent: Intent | None) -> None:
        self.query_one("#choice-note", Static).update(self.choice_note(intent))

    def choice_note(self, intent: Intent | None) -> Text:
        if intent is None:
            if self.options:
                return Text("No listed choice for this stack now; pick another stack, or set a number of FFs below.")
            return Text(f"No readiness decision is open now. Waiting on: {pending(self.state, self.content).prompt}")
        after = self.bill_after(intent) if isinstance(intent, STAYS_OPEN) else None
        change = "" if after is None else f" Next turn's bill: {self.due} -> {after} RP."
        if isinstance(intent, PayReadiness):
            return Text(
                f"The bill ({self.due} RP) comes first in the Blue phase. Lowering readiness afterwards "
                "saves RPs only from next turn's bill."
            )
        if isinstance(intent, GrantEmergencyFunding):
            return Text(f"The U.S. is {intent.amount} RP short of its bill: the White Cell rules on emergency funding.")
        if isinstance(intent, SetReadiness):
            return Text(
                f"Free. The stack fights with fewer CFs at once, but this turn's bill is already paid: "
                f"the saving shows only from next turn.{change}"
            )
        if isinstance(intent, BuyBack):
            stack = self.state.stack(intent.stack)
            table = "CONUS" if stack.location == CONUS_LOCATION else "OCONUS"
            return Text(
                f"One-time {-self.rp_now(intent)} RP now ({table} buy-back table, Figure 14.3); "
                f"U.S. keeps {self.us.rp + self.rp_now(intent)} RP.{change}"
            )
        if isinstance(intent, Retire):
            return Text(f"The FFs leave the game for good.{change}")
        return Text(intent.describe())

    # --- the tier form: any number of FFs, any level ----------------------------------------------

    def tier_intent(self) -> Intent | str:
        """The lowering or buy-back the form describes, or what is wrong with it."""
        stack = self.current()
        if stack is None:
            return "pick a stack first"
        typed = self.query_one("#tier-ffs", Input).value.strip()
        try:
            ffs = int(typed) if typed else stack.ffs
        except ValueError:
            return f"the number of FFs must be a whole number (got {typed!r})"
        if not 1 <= ffs <= stack.ffs:
            return f"{stack.id} holds {stack.ffs} FF: set 1 to {stack.ffs}"
        level = self.query_one("#tier-level", Select).value
        assert isinstance(level, int)  # allow_blank=False: always one of the levels listed
        part = 0 if ffs == stack.ffs else ffs  # the whole stack is the listed form
        if level == stack.readiness:
            return f"{stack.id} already stands at {level}%"
        if level < stack.readiness:
            return SetReadiness("US", stack.id, level, part)
        return BuyBack("US", stack.id, level, part)

    def preview_tier(self) -> None:
        built = self.tier_intent()
        view = self.query_one("#tier-preview", Static)
        if isinstance(built, str):
            view.update(Text(built, style="yellow"))
            return
        problem = self.refusal(built)
        text = Text(self.label(built) + ": ", style="bold")
        if isinstance(built, BuyBack):
            stack = self.state.stack(built.stack)
            price = blue.buyback_price(self.content, stack, built.to, built.ffs)
            table = "CONUS" if stack.location == CONUS_LOCATION else "OCONUS"
            text.append(f"{price} RP now ({table} buy-back table, Figure 14.3), U.S. keeps {self.us.rp - price} RP; ")
        elif isinstance(built, SetReadiness):
            text.append("free now; ")
        if problem is not None:
            text.append(self.refusal_words(problem), style="red")
        else:
            text.append_text(bill_words(bill_change(self.state, built, self.content)))
            text.append(". Enter or Apply takes it.", style="dim")
        view.update(text)

    def refusal(self, intent: Intent) -> str | None:
        """The engine's refusal in the player's words (:meth:`refusal_words`), wherever the
        sheet shows it: the status line under the sheet once showed the engine's whole
        list of what the table allows, the White Cell's injects included."""
        problem = super().refusal(intent)
        return None if problem is None else self.refusal_words(problem)

    def refusal_words(self, problem: str) -> str:
        """The engine's refusal, said to the U.S. player: before the bill is paid, that it
        comes first; otherwise the reason without the engine's list of everything allowed
        at the table (it named the White Cell's injects, which a player cannot make)."""
        if not self.state.readiness_paid and any(isinstance(i, PayReadiness) for i in self.options):
            return f"not yet: pay this turn's bill first ({self.due} RP, key p); lowering and buying back open after it"
        return problem.split(" (allowed now:", 1)[0]

    def action_tier(self) -> None:
        self.query_one("#tier-ffs", Input).focus()

    @on(Input.Changed, "#tier-ffs")
    @on(Select.Changed, "#tier-level")
    def _tier_changed(self) -> None:
        self.say("")
        self.preview_tier()

    @on(Input.Submitted, "#tier-ffs")
    @on(Button.Pressed, "#tier-apply")
    def _tier_apply(self) -> None:
        built = self.tier_intent()
        if isinstance(built, str):
            self.say(built)
            return
        self.take(built)

    # --- taking a choice ------------------------------------------------------------------------

    def take(self, intent: Intent | None) -> None:
        """Pay or a grant leave the sheet; a lowering, buy-back or retirement stays in it."""
        if intent is None:
            return
        if not isinstance(intent, STAYS_OPEN):
            self.choose(intent)
            return
        if self.send(intent):
            self.say("")

    def refresh_state(self) -> None:
        """The table changed: show the U.S. forces and the bill as they are now."""
        # Alone (no game in play behind it: ``session`` is the shell's), nothing changes.
        if getattr(self.app, "session", None) is None or not self.is_mounted:
            return
        state = table_of(self).seen_state()
        if state == self.state:
            return
        self.load(state)
        self.query_one("#title", Static).update(self.heading())
        self.query_one("#bill", Static).update(self.bill_view())
        self.fill_stacks()

    @on(DataTable.RowHighlighted, "#stacks")
    def _stack_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_stack(self.state.stack(row_key(event)))

    @on(DataTable.RowSelected, "#stacks")
    def _stack_selected(self) -> None:
        self.query_one("#choices", DataTable).focus()

    @on(DataTable.RowHighlighted, "#choices")
    def _choice_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.explain(self.shown.get(row_key(event)))

    @on(DataTable.RowSelected, "#choices")
    def _choice_selected(self, event: DataTable.RowSelected) -> None:
        self.take(self.shown.get(row_key(event)))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pay":
            return any(isinstance(i, PayReadiness) for i in self.options)
        if action in ("to_choices", "to_stacks"):  # else the key is the focused field's own
            focused = self.focused.id if self.focused is not None else None
            return focused == ("stacks" if action == "to_choices" else "choices")
        return True

    def action_to_choices(self) -> None:
        self.query_one("#choices", DataTable).focus()

    def action_to_stacks(self) -> None:
        self.query_one("#stacks", DataTable).focus()

    def action_pay(self) -> None:
        self.choose(next((i for i in self.options if isinstance(i, PayReadiness)), None))
