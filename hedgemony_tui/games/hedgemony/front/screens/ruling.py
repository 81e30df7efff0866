"""The White Cell rules on a Blue free-play proposal: a standard ruling from the legal
list, a custom one (table, opponent, cost, Critical Capabilities, IP per outcome row,
unopposed IP) checked by ``engine.rulings.ruling_problems`` as it is typed, a refusal,
or, for a U.S. proposal, a base (ch. 9: its cost, the share of its AOR's OCONUS
readiness it saves, the host's reliability; ``discretion.BuildBase``).

It returns ONE intent (or None on Escape); a custom one is tried with ``reduce`` first,
so a refused one shows the engine's reason inline and nothing typed is lost.
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.widgets import Button, DataTable, Input, Select, SelectionList, Static, TabbedContent, TabPane

from ...engine import discretion, op_kinds, rulings
from ...engine.cards import CAPABILITIES
from ...engine.content import Content
from ...engine.game import pending
from ...engine.intents import Intent, RefuseAction, RuleAction, RulingRow
from ...engine.state import GameState
from ...engine.terms import Outcome
from ...engine.white_cell_intents import BuildBase
from .sheet import CustomIntentScreen, row_key

# --- the White Cell's ruling ------------------------------------------------------------------

ROW_SLOTS = 5
"""Rows in the custom ruling form: one per outcome of CRT A / RT B, up to five D10 bands."""
TABLE_CHOICES = (("CRT A (combat)", "crt-a"), ("RT B (noncombat)", "rt-b"), ("plain D10", "d10"))


class RulingScreen(CustomIntentScreen):
    """The White Cell rules on the pending Blue proposal: a standard ruling from the legal
    list, a custom ruling built in a form and checked by the engine as it is typed, or a
    refusal with an optional reason."""

    GUIDE_TOPIC = "ruling"  # F1: the rules guide opens at this section

    DEFAULT_CSS = """
    RulingScreen TabbedContent { height: 1fr; }
    RulingScreen TabPane { padding: 0; }
    RulingScreen #standard-pane Horizontal { height: 1fr; }
    RulingScreen #standard { width: 52; }
    RulingScreen #ruling-box { width: 1fr; }
    RulingScreen .field { height: 1; margin-bottom: 1; }
    RulingScreen .field Static { width: auto; margin-right: 1; }
    RulingScreen .field Select { width: 22; margin-right: 2; }
    RulingScreen #cost, RulingScreen #unopposed { width: 6; margin-right: 2; }
    RulingScreen #name { width: 1fr; }
    RulingScreen #grid { height: 7; }
    RulingScreen #grid SelectionList { height: 5; border: none; padding: 0; }
    RulingScreen .caps { width: 18; margin-right: 2; }
    RulingScreen .rows { width: 1fr; }
    RulingScreen .row { height: 1; }
    RulingScreen .row Input { width: 10; margin-right: 1; }
    RulingScreen .row .key { width: 14; }
    RulingScreen .row Static { width: 10; text-style: bold; }
    RulingScreen #problems { height: auto; margin-top: 1; }
    RulingScreen #reason { margin: 1 0; }
    """
    BINDINGS = [
        Binding("s", "tab('standard-pane')", "Standard", id="ruling.standard"),
        Binding("c", "tab('custom-pane')", "Custom", id="ruling.custom"),
        Binding("x", "tab('refuse-pane')", "Refuse", id="ruling.refuse"),
        Binding("b", "tab('base-pane')", "Base", id="ruling.base"),
        Binding("ctrl+s", "rule_custom", "Rule as built", id="ruling.submit"),
    ]
    AUTO_FOCUS = "#standard"

    def __init__(self, state: GameState, content: Content | None = None) -> None:
        super().__init__(state, content)
        self.proposal = state.proposal
        self.options = [i for i in self.legal if isinstance(i, (RuleAction, RefuseAction))]
        self.standard_rulings = [i for i in self.options if isinstance(i, RuleAction)]
        self._filling = False
        self._table = "crt-a"  # the table the rows in the form were made for

    # -- layout

    def heading(self) -> RenderableType:
        if self.proposal is None:
            return Text(f"White Cell: no proposal to rule on. Waiting on: {pending(self.state, self.content).prompt}")
        p = self.proposal
        place = self.content.scenario.board.location(p.location)
        against = ", ".join(rulings.opponents(self.state, self.content, p.location)) or "none"
        table = op_kinds.table_for(p.kind)
        if table:
            kind = f"{op_kinds.a_kind(p.kind)}, resolved on {op_kinds.TABLE_NAMES[table]} (ch. 8)"
        elif p.kind == op_kinds.BASE:
            kind = "a U.S. base: set its terms on the U.S. base tab (b), or refuse it"
        else:
            kind = "no kind stated (an older save): any table"
        return Text(
            f'White Cell rules on {p.player}\'s proposal: "{p.title}" at {place.name} ({place.aor}): {kind}.\n'
            f"{p.player} has {self.state.player(p.player).rp} RP. Red players with a stake there: {against}."
        )

    def body(self) -> ComposeResult:
        red = self.content.scenario.red
        with TabbedContent(initial="standard-pane"):
            with TabPane("Standard rulings", id="standard-pane"):
                with Horizontal():
                    standard = self.table("standard", "Ruling", "Table", "Against", "Cost")
                    for index, intent in enumerate(self.options):
                        if isinstance(intent, RuleAction):
                            standard.add_row(
                                Text(intent.title or "ruling", no_wrap=True, end=""),
                                intent.table.upper(),
                                intent.opponent or "—",
                                f"{intent.cost} RP",
                                key=str(index),
                            )
                        else:
                            standard.add_row("refuse the proposal", "", "", "", key=str(index))
                    yield standard
                    with VerticalScroll(id="ruling-box"):
                        yield Static("", id="ruling-view")
            with TabPane("Custom ruling", id="custom-pane"):
                with Horizontal(classes="field"):
                    yield Static("Table")
                    yield Select(TABLE_CHOICES, value="crt-a", allow_blank=False, compact=True, id="table")
                    yield Static("Against")
                    yield Select(
                        [(pid, pid) for pid in red] + [("no one", "")],
                        value=red[0],
                        allow_blank=False,
                        compact=True,
                        id="opponent",
                    )
                    yield Static("Cost RP")
                    yield Input("0", type="integer", compact=True, id="cost")
                    yield Static("Unopposed IP")
                    yield Input("0", type="integer", compact=True, id="unopposed")
                with Horizontal(classes="field"):
                    yield Static("Name")
                    yield Input("", placeholder="short name of the ruling", compact=True, id="name")
                with Horizontal(id="grid"):
                    with Vertical(classes="caps"):
                        yield Static("Blue may use", classes="label")
                        yield SelectionList[str](*[(c, c) for c in CAPABILITIES], id="blue-caps")
                    with Vertical(classes="caps"):
                        yield Static("Red may use", classes="label")
                        yield SelectionList[str](*[(c, c) for c in CAPABILITIES], id="red-caps")
                    with Vertical(classes="rows"):
                        with Horizontal(classes="row"):
                            yield Static("Row", classes="key")
                            yield Static(self.proposal.player if self.proposal else "Blue", id="blue-head")
                            yield Static("Opponent", id="opp-head")
                        for slot in range(ROW_SLOTS):
                            with Horizontal(classes="row"):
                                yield Input("", compact=True, classes="key", id=f"key-{slot}")
                                yield Input("0", type="integer", compact=True, id=f"blue-{slot}")
                                yield Input("0", type="integer", compact=True, id=f"opp-{slot}")
                yield Static("", id="problems")
                yield Button("Rule as built (ctrl+s)", id="rule", compact=True)
            with TabPane("Refuse", id="refuse-pane"):
                yield Static("Turn the proposal down; nothing is paid. Say why, if you like:", classes="hint")
                yield Input("", placeholder="reason (optional)", id="reason")
                yield Button("Refuse the proposal", id="refuse", compact=True)
            if self.proposal is not None and self.proposal.player == "US":
                with TabPane("U.S. base", id="base-pane"):
                    yield Static(
                        "Rule the proposal a U.S. base (ch. 9): what it costs, the share of its AOR's OCONUS "
                        "readiness sustainment it saves from next turn's bill on, and how reliable the host is "
                        "(certain: no roll; else a roll on the Proxy Forces Reliability mat).",
                        classes="hint",
                    )
                    with Horizontal(classes="field"):
                        yield Static("Cost RP")
                        yield Input("3", type="integer", compact=True, id="base-cost")
                        yield Static("Saves %")
                        yield Input("25", type="integer", compact=True, id="base-percent")
                        yield Static("Host")
                        yield Select(
                            [(g, g) for g in discretion.GRADES],
                            value="certain",
                            allow_blank=False,
                            compact=True,
                            id="base-grade",
                        )
                    yield Button("Rule a base", id="base", compact=True)

    def on_mount(self) -> None:
        if self.standard_rulings:
            self.fill_form(self.standard_rulings[0])
        self.show_ruling(self.options[0] if self.options else None)
        self.check_form()

    # -- the standard list

    def ruling_view(self, intent: Intent | None) -> RenderableType:
        if intent is None or self.proposal is None:
            return ""
        if isinstance(intent, RefuseAction):
            return Text("Turn the proposal down: nothing is paid and the Blue player goes on with its phase.")
        assert isinstance(intent, RuleAction)
        return ruling_summary(intent, self.proposal.player)

    def show_ruling(self, intent: Intent | None) -> None:
        self.query_one("#ruling-view", Static).update(self.ruling_view(intent))

    @on(DataTable.RowHighlighted, "#standard")
    def _standard_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_ruling(self.options[int(row_key(event))])

    @on(DataTable.RowSelected, "#standard")
    def _standard_selected(self, event: DataTable.RowSelected) -> None:
        self.choose(self.options[int(row_key(event))])

    PANE_FOCUS = {
        "standard-pane": "#standard",
        "custom-pane": "#table",
        "refuse-pane": "#reason",
        "base-pane": "#base-cost",
    }

    def action_tab(self, pane: str) -> None:
        self.show_pane(pane)

    def show_pane(self, pane: str) -> None:
        # Move the focus into the pane too: a focused widget left in a hidden pane would
        # hand the focus to a neighbour (and that could switch the tabs back).
        self.set_focus(None)
        self.query_one(TabbedContent).active = pane
        self.call_after_refresh(self.query_one(self.PANE_FOCUS[pane]).focus)

    # -- the custom form

    def fill_form(self, ruling: RuleAction) -> None:
        """Start the form from a ruling (a standard one, so the White Cell edits a sensible base)."""
        self._filling = True
        try:
            self.query_one("#table", Select).value = ruling.table
            self._table = ruling.table
            if ruling.opponent or ruling.table == "d10":
                self.query_one("#opponent", Select).value = ruling.opponent
            self.query_one("#cost", Input).value = str(ruling.cost)
            self.query_one("#unopposed", Input).value = str(ruling.unopposed_ip)
            self.query_one("#name", Input).value = ruling.title
            self.set_caps("#blue-caps", ruling.blue_capabilities)
            self.set_caps("#red-caps", ruling.red_capabilities)
            self.fill_rows(ruling.rows)
        finally:
            self._filling = False

    def set_caps(self, selector: str, caps: tuple[str, ...]) -> None:
        chosen = self.query_one(selector, SelectionList)
        chosen.deselect_all()
        for cap in caps:
            chosen.select(cap)

    def fill_rows(self, rows: tuple[RulingRow, ...]) -> None:
        for slot in range(ROW_SLOTS):
            row = rows[slot] if slot < len(rows) else None
            self.query_one(f"#key-{slot}", Input).value = row.key if row else ""
            self.query_one(f"#blue-{slot}", Input).value = str(row.blue_ip) if row else "0"
            self.query_one(f"#opp-{slot}", Input).value = str(row.opponent_ip) if row else "0"

    def rows_for(self, table: str) -> tuple[RulingRow, ...]:
        """Rows to start a table's form from: a standard ruling's on that table, else zeros."""
        for ruling in self.standard_rulings:
            if ruling.table == table:
                return ruling.rows
        if table == "d10":
            return (RulingRow("0-4"), RulingRow("5-9"))
        return tuple(RulingRow(o.value) for o in Outcome)

    def build(self) -> RuleAction | str:
        """The ruling the form describes, or what is wrong with a number typed in it."""
        numbers: dict[str, int] = {}
        for field_id, what in (("cost", "the cost"), ("unopposed", "the unopposed IP")):
            value = self.query_one(f"#{field_id}", Input).value.strip() or "0"
            try:
                numbers[field_id] = int(value)
            except ValueError:
                return f"{what} must be a whole number (got {value!r})"
        rows = []
        for slot in range(ROW_SLOTS):
            key = self.query_one(f"#key-{slot}", Input).value.strip()
            if not key:
                continue
            ips = []
            for prefix in ("blue", "opp"):
                value = self.query_one(f"#{prefix}-{slot}", Input).value.strip() or "0"
                try:
                    ips.append(int(value))
                except ValueError:
                    return f"row {key}: IPs must be whole numbers (got {value!r})"
            rows.append(RulingRow(key, ips[0], ips[1]))
        caps = {}
        for side in ("blue", "red"):
            chosen = set(self.query_one(f"#{side}-caps", SelectionList).selected)
            caps[side] = tuple(c for c in CAPABILITIES if c in chosen)
        return RuleAction(
            table=str(self.query_one("#table", Select).value),
            opponent=str(self.query_one("#opponent", Select).value or ""),
            cost=numbers["cost"],
            blue_capabilities=caps["blue"],
            red_capabilities=caps["red"],
            rows=tuple(rows),
            unopposed_ip=numbers["unopposed"],
            title=self.query_one("#name", Input).value.strip(),
        )

    def problems(self, built: RuleAction | str) -> list[str]:
        if isinstance(built, str):
            return [built]
        return rulings.ruling_problems(self.state, self.content, built)

    def check_form(self) -> None:
        """Show the engine's verdict on the form as it stands."""
        if self._filling:
            return
        try:
            view = self.query_one("#problems", Static)
        except NoMatches:
            return
        built = self.build()
        problems = self.problems(built)
        if problems:
            view.update(Text("\n".join(f"✗ {p}" for p in problems), style="bold red"))
        else:
            assert isinstance(built, RuleAction)
            view.update(Text(f"✓ {built.describe()}", style="green"))
        opponent = str(self.query_one("#opponent", Select).value or "") or "Opponent"
        self.query_one("#opp-head", Static).update(opponent)

    @on(Select.Changed, "#table")
    def _table_changed(self, event: Select.Changed) -> None:
        # Setting the value from code posts this event later too: refill only on a real change.
        if not self._filling and event.value != self._table:
            self._table = str(event.value)
            self._filling = True
            try:
                self.fill_rows(self.rows_for(str(event.value)))
                if event.value == "d10":
                    self.set_caps("#blue-caps", ())
                    self.set_caps("#red-caps", ())
            finally:
                self._filling = False
        self.check_form()

    @on(Select.Changed, "#opponent")
    @on(Input.Changed)
    @on(SelectionList.SelectedChanged)
    def _form_changed(self) -> None:
        self.say("")
        self.check_form()

    def action_rule_custom(self) -> None:
        built = self.build()
        problems = self.problems(built)
        if problems:
            self.show_pane("custom-pane")
            self.say("Not ruled: " + "; ".join(problems))
            return
        assert isinstance(built, RuleAction)
        self.try_custom(built)

    @on(Button.Pressed, "#rule")
    def _rule_pressed(self) -> None:
        self.action_rule_custom()

    @on(Input.Submitted, "#reason")
    @on(Button.Pressed, "#refuse")
    def _refuse(self) -> None:
        self.try_custom(RefuseAction(self.query_one("#reason", Input).value.strip()))

    @on(Input.Submitted, "#base-percent")
    @on(Button.Pressed, "#base")
    def _base(self) -> None:
        numbers = []
        for field_id, what in (("base-cost", "the cost"), ("base-percent", "the saving")):
            typed = self.query_one(f"#{field_id}", Input).value.strip() or "0"
            try:
                numbers.append(int(typed))
            except ValueError:
                self.say(f"{what} must be a whole number (got {typed!r})")
                return
        grade = str(self.query_one("#base-grade", Select).value)
        self.try_custom(BuildBase(numbers[0], numbers[1], grade))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "tab" and parameters == ("base-pane",):
            return self.proposal is not None and self.proposal.player == "US"
        if action in ("tab", "rule_custom"):
            return self.proposal is not None
        return True


def ruling_summary(ruling: RuleAction, proposer: str) -> RenderableType:
    """A ruling in words and its outcome table: who gains what on each row."""
    opponent = ruling.opponent or "opponent"
    rows = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    rows.add_column("Result" if ruling.table != "d10" else "D10 faces")
    rows.add_column(f"{proposer} IP", justify="right")
    if ruling.opponent:
        rows.add_column(f"{opponent} IP", justify="right")
    titles = {o.value: o.title for o in Outcome}
    for row in ruling.rows:
        cells = [titles.get(row.key, row.key), f"{row.blue_ip:+d}"]
        if ruling.opponent:
            cells.append(f"{row.opponent_ip:+d}")
        rows.add_row(*cells)
    table = {"crt-a": "CRT A", "rt-b": "RT B", "d10": "a plain D10 roll"}.get(ruling.table, ruling.table)
    lines: list[RenderableType] = [
        Text(ruling.title or "ruling", style="bold"),
        Text(
            f"Resolved on {table}"
            + (f" against {ruling.opponent}" if ruling.opponent else "")
            + f"; {proposer} pays {ruling.cost} RP."
        ),
    ]
    if ruling.table == "rt-b" and not (ruling.blue_capabilities or ruling.red_capabilities):
        lines.append(Text("The FFs each side commits count, not their Mod Levels or Critical Capabilities."))
    elif ruling.table != "d10":
        lines.append(Text(f"{proposer} may use: {', '.join(ruling.blue_capabilities) or 'no Critical Capability'}"))
        lines.append(Text(f"{opponent} may use: {', '.join(ruling.red_capabilities) or 'no Critical Capability'}"))
        lines.append(Text(f"If {opponent} sends no forces: {opponent} {ruling.unopposed_ip:+d} IP"))
    lines.append(rows)
    return Group(*lines)
