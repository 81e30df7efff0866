"""The players' worksheets as modal screens: U.S. readiness (Figure 14.4), posture moves
(chapter 9), and procurement and modernization (chapter 13).

Each screen shows the worksheet a player of the printed game fills in, previews what each
choice costs with the engine's own price functions, and returns ONE of
``legal_intents(state)`` — or None on Escape. The app reduces it and may push the screen
again for the next step. Nothing here works out a price, a cap or a legality: the engine
does, and a choice that is not in the legal list cannot leave the screen.

:class:`IntentScreen` is the shared frame (title, message line, footer, Escape, the
legality check on the way out); the White Cell's dialogs in ``white_cell.py`` use it too.
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
from textual.screen import ModalScreen
from textual.widgets import DataTable, Footer, Static

from ...engine import play as plays
from ...engine.cards import Card
from ...engine.content import Content
from hedgemony_tui.table.errors import HedgemonyError
from ...engine.game import content_of, legal_intents, pending, reduce
from ...engine.intents import (
    BuyBack,
    Deploy,
    GrantEmergencyFunding,
    Intent,
    Modernize,
    PayReadiness,
    Procure,
    Retire,
    SetReadiness,
)
from ...engine.phases import blue
from ...engine.readiness import ReadinessBill
from ...engine.state import CONUS_LOCATION, GameState, Stack
from ...engine.terms import READINESS_LEVELS


def rp_text(amount: int) -> str:
    """An RP change as the ledger shows it: -3, +5, 0."""
    return f"{amount:+d}" if amount else "0"


class IntentScreen(ModalScreen["Intent | None"]):
    """A worksheet or dialog that returns one legal intent, or None when cancelled."""

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
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="sheet.cancel")]

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

    def table(self, table_id: str, *columns: str) -> DataTable:
        grid: DataTable = DataTable(id=table_id, cursor_type="row", zebra_stripes=True)
        for column in columns:
            grid.add_column(column, key=column)
        return grid

    def place_name(self, location: str) -> str:
        return self.content.scenario.board.location(location).name


# --- U.S. readiness ---------------------------------------------------------------------------

READ_HOW = {"printed": "as printed", "interpolated": "between rows", "extended": "past the mat"}


def bill_table(bill: ReadinessBill) -> Table:
    """Figure 14.4 filled in, narrow enough for half a 100-column screen (the calculator's
    ``render.mats.readiness_bill`` spells out each interpolation and needs the full width)."""
    grid = Table(title="Readiness bill (Figure 14.4)", box=box.SIMPLE_HEAD, title_style="bold", pad_edge=False,
                 show_edge=False)
    for header in ("Where", "Ready", "FFs", "RPs", "Read"):
        grid.add_column(header, justify="left" if header in ("Where", "Read") else "right", no_wrap=True)
    for line in bill.lines:
        grid.add_row("CONUS" if line.conus else "OCONUS", f"{line.readiness}%", str(line.ffs), str(line.lookup.value),
                     READ_HOW.get(line.lookup.method, line.lookup.method))
    grid.add_section()
    grid.add_row("(a) CONUS", "", "", str(bill.conus_total), "")
    grid.add_row("(b) OCONUS", "", "", str(bill.oconus_total), "")
    grid.add_row(Text("(c) bill"), "", "", Text(str(bill.total), style="bold reverse"), "(a) + (b)")
    return grid


READINESS_INTENTS = (PayReadiness, GrantEmergencyFunding, SetReadiness, BuyBack, Retire)


class ReadinessScreen(IntentScreen):
    """The U.S. readiness worksheet (Figure 14.4) and the readiness decisions open now.

    Left: the U.S. stacks with where they stand and their Readiness Level; right: the bill
    the engine computed. Below: the choices for the highlighted stack (pay the bill, lower
    a tier, buy back, retire), each with its RP cost now and the bill it leaves for next
    turn — both read from the engine by applying the intent to a copy of the state.
    """

    DEFAULT_CSS = """
    ReadinessScreen #top { height: 14; }
    ReadinessScreen #stacks { width: 46; height: 100%; }
    ReadinessScreen #bill-box { width: 1fr; height: 100%; }
    ReadinessScreen #choices { height: 1fr; min-height: 5; }
    """
    BINDINGS = [Binding("p", "pay", "Pay the bill", id="readiness.pay")]
    AUTO_FOCUS = "#stacks"

    def __init__(self, state: GameState, content: Content | None = None) -> None:
        super().__init__(state, content)
        self.options = [i for i in self.legal if isinstance(i, READINESS_INTENTS)]
        self.stacks = state.stacks_of("US")
        self.us = state.player("US")
        self.due = blue.readiness_due(state, self.content)
        self.shown: dict[str, Intent] = {}
        self._after: dict[Intent, int | None] = {}

    def heading(self) -> RenderableType:
        return Text(f"U.S. readiness worksheet (Figure 14.4) — turn {self.state.turn}, "
                    f"{self.state.phase.title} — U.S. has {self.us.rp} RP")

    def body(self) -> ComposeResult:
        with Horizontal(id="top"):
            stacks = self.table("stacks", "Stack", "Where", "Table", "FFs", "Ready")
            for stack in self.stacks:
                table = "CONUS" if stack.location == CONUS_LOCATION else "OCONUS"
                stacks.add_row(stack.id, self.place_name(stack.location)[:14], table, f"{stack.ffs}xM{stack.mod}",
                               f"{stack.readiness}%", key=stack.id)
            yield stacks
            with VerticalScroll(id="bill-box"):
                yield Static(self.bill_view(), id="bill")
        yield Static(self.stack_note(self.first_stack()), id="stack-note", classes="hint")
        yield self.table("choices", "Choice", "RP now", "Next turn's bill")
        yield Static("", id="choice-note", classes="hint")

    def on_mount(self) -> None:
        self.fill_choices(self.first_stack())

    def first_stack(self) -> Stack | None:
        return self.stacks[0] if self.stacks else None

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
            text.append(f"Buy-back, one-time (Figure 14.3): {prices}.")
        if not self.state.readiness_paid:
            text.append(" Pay the bill first; then lower, buy back or retire.", style="bold")
        return text

    def bill_after(self, intent: Intent) -> int | None:
        """Next turn's bill if ``intent`` is taken: the engine applies it to a copy."""
        if intent not in self._after:
            try:
                after = reduce(self.state, intent, self.content)
            except HedgemonyError:
                self._after[intent] = None
            else:
                self._after[intent] = blue.readiness_due(after, self.content)
        return self._after[intent]

    def rp_now(self, intent: Intent) -> int:
        if isinstance(intent, PayReadiness):
            return -self.due
        if isinstance(intent, GrantEmergencyFunding):
            return intent.amount
        if isinstance(intent, BuyBack):
            return -blue.buyback_price(self.content, self.state.stack(intent.stack), intent.to, intent.ffs)
        return 0

    def _some(self, stack_id: str, ffs: int) -> str:
        """``US-1``, or ``3 FF of US-1`` when a tier of the stack is meant (ch. 14)."""
        whole = not ffs or ffs >= self.state.stack(stack_id).ffs
        return stack_id if whole else f"{ffs} FF of {stack_id}"

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
            return f"Retire {intent.ffs} FF of {intent.stack}"
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
            grid.add_row(Text(self.label(intent), no_wrap=True, end=""), rp_text(self.rp_now(intent)), shown_after, key=key)
        self.explain(self.shown.get("c0"))

    def explain(self, intent: Intent | None) -> None:
        self.query_one("#choice-note", Static).update(self.choice_note(intent))

    def choice_note(self, intent: Intent | None) -> Text:
        if intent is None:
            if self.options:
                return Text("No readiness decision for this stack now; pick another stack.")
            return Text(f"No readiness decision is open now. Waiting on: {pending(self.state, self.content).prompt}")
        after = self.bill_after(intent) if isinstance(intent, (SetReadiness, BuyBack, Retire)) else None
        change = "" if after is None else f" Next turn's bill: {self.due} -> {after} RP."
        if isinstance(intent, PayReadiness):
            return Text(f"The bill ({self.due} RP) comes first in the Blue phase. Lowering readiness afterwards "
                        "saves RPs only from next turn's bill.")
        if isinstance(intent, GrantEmergencyFunding):
            return Text(f"The U.S. is {intent.amount} RP short of its bill: the White Cell rules on emergency funding.")
        if isinstance(intent, SetReadiness):
            return Text(f"Free. The stack fights with fewer CFs at once, but this turn's bill is already paid: "
                        f"the saving shows only from next turn.{change}")
        if isinstance(intent, BuyBack):
            stack = self.state.stack(intent.stack)
            table = "CONUS" if stack.location == CONUS_LOCATION else "OCONUS"
            return Text(f"One-time {-self.rp_now(intent)} RP now ({table} buy-back table, Figure 14.3); "
                        f"U.S. keeps {self.us.rp + self.rp_now(intent)} RP.{change}")
        if isinstance(intent, Retire):
            return Text(f"The FFs leave the game for good.{change}")
        return Text(intent.describe())

    @on(DataTable.RowHighlighted, "#stacks")
    def _stack_highlighted(self, event: DataTable.RowHighlighted) -> None:
        stack = self.state.stack(event.row_key.value)
        self.query_one("#stack-note", Static).update(self.stack_note(stack))
        self.fill_choices(stack)

    @on(DataTable.RowSelected, "#stacks")
    def _stack_selected(self) -> None:
        self.query_one("#choices", DataTable).focus()

    @on(DataTable.RowHighlighted, "#choices")
    def _choice_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.explain(self.shown.get(event.row_key.value))

    @on(DataTable.RowSelected, "#choices")
    def _choice_selected(self, event: DataTable.RowSelected) -> None:
        self.choose(self.shown.get(event.row_key.value))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pay":
            return any(isinstance(i, PayReadiness) for i in self.options)
        return True

    def action_pay(self) -> None:
        self.choose(next((i for i in self.options if isinstance(i, PayReadiness)), None))


# --- posture moves ----------------------------------------------------------------------------


class DeployScreen(IntentScreen):
    """Posture moves (chapter 9): a stack, then a destination, then how many FFs.

    Only the engine's legal ``Deploy`` intents for ``seat`` appear, so a Red player sees
    only places inside a stack's AOR or its home. Each price is the engine's
    ``move_pricer`` for that stack; the RPs left follow from it.
    """

    DEFAULT_CSS = """
    DeployScreen #pickers { height: 1fr; }
    DeployScreen #stacks-col { width: 32; }
    DeployScreen #places-col { width: 1fr; }
    DeployScreen #ffs-col { width: 22; }
    """
    AUTO_FOCUS = "#stacks"

    def __init__(self, state: GameState, seat: str, content: Content | None = None) -> None:
        super().__init__(state, content)
        self.seat = seat
        self.rp = state.player(seat).rp
        self.options = [i for i in self.legal if isinstance(i, Deploy) and i.player == seat]
        self.moves: dict[str, dict[str, list[int]]] = {}
        for option in self.options:
            self.moves.setdefault(option.stack, {}).setdefault(option.to, []).append(option.ffs)
        self.prices = {sid: blue.move_pricer(state, self.content, state.stack(sid)) for sid in self.moves}
        self.stack_id = next(iter(self.moves), "")
        self.place_id = ""

    def heading(self) -> RenderableType:
        return Text(f"{self.seat}: posture moves (chapter 9) — turn {self.state.turn}, "
                    f"{self.state.phase.title} — {self.seat} has {self.rp} RP")

    def body(self) -> ComposeResult:
        with Horizontal(id="pickers"):
            with Vertical(id="stacks-col"):
                yield Static("1. Stack", classes="label")
                stacks = self.table("stacks", "Stack", "Where", "Forces")
                for sid in self.moves:
                    stack = self.state.stack(sid)
                    stacks.add_row(sid, self.place_name(stack.location)[:10], self.forces(stack), key=sid)
                yield stacks
            with Vertical(id="places-col"):
                yield Static("2. Destination", classes="label")
                yield self.table("places", "Place", "AOR", "From")
            with Vertical(id="ffs-col"):
                yield Static("3. How many FFs", classes="label")
                yield self.table("ffs", "FFs", "Cost", "Left")
        yield Static(self.rule_note(), id="rule-note", classes="hint")
        yield Static("", id="preview")

    def forces(self, stack: Stack) -> str:
        ready = "" if stack.owner != "US" else f"@{stack.readiness}%"
        return f"{stack.ffs}xM{stack.mod}{ready}"

    def rule_note(self) -> Text:
        if not self.options:
            return Text(f"No posture move is open to {self.seat} now. Waiting on: "
                        f"{pending(self.state, self.content).prompt}")
        if self.state.player(self.seat).side == "red":
            return Text("Red posture moves stay inside a stack's AOR or go home; operations out of area come "
                        "with Red's cards. Each stack moves once a turn.")
        return Text("Inside an AOR or back to the home AOR is free; other moves are priced per group by the "
                    "engine (U.S. from CONUS: proactive table). Each stack moves once a turn.")

    def on_mount(self) -> None:
        if self.stack_id:
            self.fill_places(self.stack_id)

    def fill_places(self, stack_id: str) -> None:
        self.stack_id = stack_id
        grid = self.query_one("#places", DataTable)
        grid.clear()
        price = self.prices[stack_id]
        board = self.content.scenario.board
        places = self.moves[stack_id]
        for place_id, counts in places.items():
            place = board.location(place_id)
            grid.add_row(place.name[:18], place.aor, self.cost_text(price(min(counts), place_id)), key=place_id)
        self.fill_ffs(stack_id, next(iter(places)))

    def fill_ffs(self, stack_id: str, place_id: str) -> None:
        self.place_id = place_id
        grid = self.query_one("#ffs", DataTable)
        grid.clear()
        price = self.prices[stack_id]
        for ffs in sorted(self.moves[stack_id][place_id]):
            cost = price(ffs, place_id)
            grid.add_row(str(ffs), self.cost_text(cost), str(self.rp - cost), key=str(ffs))
        self.preview(min(self.moves[stack_id][place_id]))

    def cost_text(self, cost: int) -> str:
        return "free" if cost == 0 else f"{cost} RP"

    def preview(self, ffs: int) -> None:
        stack = self.state.stack(self.stack_id)
        cost = self.prices[self.stack_id](ffs, self.place_id)
        place = self.content.scenario.board.location(self.place_id)
        self.query_one("#preview", Static).update(Text(
            f"{self.seat} moves {ffs} FF of {stack.id} from {self.place_name(stack.location)} to {place.name} "
            f"({place.aor}): {self.cost_text(cost)}; {self.rp - cost} RP left.", style="bold"))

    @on(DataTable.RowHighlighted, "#stacks")
    def _stack_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.fill_places(event.row_key.value)

    @on(DataTable.RowSelected, "#stacks")
    def _stack_selected(self) -> None:
        self.query_one("#places", DataTable).focus()

    @on(DataTable.RowHighlighted, "#places")
    def _place_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.fill_ffs(self.stack_id, event.row_key.value)

    @on(DataTable.RowSelected, "#places")
    def _place_selected(self) -> None:
        self.query_one("#ffs", DataTable).focus()

    @on(DataTable.RowHighlighted, "#ffs")
    def _ffs_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.preview(int(event.row_key.value))

    @on(DataTable.RowSelected, "#ffs")
    def _ffs_selected(self, event: DataTable.RowSelected) -> None:
        self.choose(Deploy(self.seat, self.stack_id, int(event.row_key.value), self.place_id))


# --- procurement and modernization ------------------------------------------------------------


class InvestScreen(IntentScreen):
    """Procurement and modernization (chapter 13): the legal ``Procure`` and ``Modernize``
    intents of ``seat``, by card, each with the mat price, the card's own cost and the RPs
    left, all from the engine; and why no higher Mod Level is offered (the National Tech
    Level caps both)."""

    DEFAULT_CSS = """
    InvestScreen #pickers { height: 1fr; }
    InvestScreen #cards-col { width: 32; }
    InvestScreen #options-col { width: 1fr; }
    """
    AUTO_FOCUS = "#cards"

    def __init__(self, state: GameState, seat: str, content: Content | None = None) -> None:
        super().__init__(state, content)
        self.seat = seat
        self.player = state.player(seat)
        self.options = [i for i in self.legal if isinstance(i, (Procure, Modernize)) and i.player == seat]
        self.by_card: dict[str, list[Intent]] = {}
        for option in self.options:
            self.by_card.setdefault(option.card, []).append(option)
        self.card_id = next(iter(self.by_card), "")
        self.shown: dict[str, Intent] = {}

    def heading(self) -> RenderableType:
        return Text(f"{self.seat}: procurement and modernization (chapter 13) — turn {self.state.turn} — "
                    f"{self.seat} has {self.player.rp} RP, National Tech Level {self.player.tech_level}")

    def body(self) -> ComposeResult:
        with Horizontal(id="pickers"):
            with Vertical(id="cards-col"):
                yield Static("Card", classes="label")
                cards = self.table("cards", "Card", "Does", "Cost")
                for card_id in self.by_card:
                    card = self.content.card(card_id)
                    does = "procure" if card.resolution == "procure" else f"modernize +{card.levels}"
                    cards.add_row(card.id, does, str(self.card_rp(card)), key=card.id)
                yield cards
            with Vertical(id="options-col"):
                yield Static("Option", classes="label")
                yield self.table("options", "Choice", "Mat RP", "Total", "Left")
        yield Static("", id="cap-note", classes="hint")
        yield Static("", id="preview")

    def on_mount(self) -> None:
        if self.card_id:
            self.fill_options(self.card_id)
        else:
            self.query_one("#cap-note", Static).update(Text(
                f"No procurement or modernization is open to {self.seat} now. Waiting on: "
                f"{pending(self.state, self.content).prompt}"))

    def card_rp(self, card: Card) -> int:
        return plays.card_cost(self.state, self.content, self.seat, card)

    def mat_price(self, intent: Intent) -> int:
        if isinstance(intent, Procure):
            return plays.procurement_price(self.state, self.content, self.seat, intent.ffs, intent.mod)
        assert isinstance(intent, Modernize)
        card = self.content.card(intent.card)
        return plays.modernization_price(self.state, self.content, self.seat, intent.ffs, card.levels)

    def total(self, intent: Intent) -> int:
        """What the engine charges: the card's cost plus the mat price (``play.pay_for``)."""
        return self.card_rp(self.content.card(intent.card)) + self.mat_price(intent)

    def label(self, intent: Intent) -> str:
        if isinstance(intent, Procure):
            return f"{intent.ffs} new FF at M{intent.mod}"
        assert isinstance(intent, Modernize)
        stack = self.state.stack(intent.stack)
        levels = self.content.card(intent.card).levels
        where = self.place_name(stack.location)[:12]
        return f"{intent.ffs} FF of {stack.id} M{stack.mod}->M{stack.mod + levels} ({where})"

    def fill_options(self, card_id: str) -> None:
        self.card_id = card_id
        grid = self.query_one("#options", DataTable)
        grid.clear()
        self.shown = {}
        for index, intent in enumerate(self.by_card[card_id]):
            key = f"o{index}"
            self.shown[key] = intent
            total = self.total(intent)
            grid.add_row(Text(self.label(intent), no_wrap=True, end=""), str(self.mat_price(intent)), str(total), str(self.player.rp - total),
                         key=key)
        self.query_one("#cap-note", Static).update(self.cap_note(self.content.card(card_id)))
        self.preview(self.shown.get("o0"))

    def cap_note(self, card: Card) -> Text:
        tech = self.player.tech_level
        if card.resolution == "procure":
            offered = sorted({i.mod for i in self.by_card[card.id] if isinstance(i, Procure)})
            text = Text(f"National Tech Level {tech}: new forces can be bought up to M{min(tech, 7)} only; a higher "
                        "Mod Level needs R&D to raise the Tech Level first.")
            short = [m for m in range(1, min(tech, 7) + 1) if m not in offered]
            if short:
                budget = self.player.rp - self.card_rp(card)
                text.append(f" Not affordable with {budget} RP after the card: "
                            + ", ".join(f"M{m}" for m in short) + ".")
            return text
        cap = plays.modernize_cap(self.state, self.seat, card)
        at_cap = [s.id for s in self.state.stacks_of(self.seat) if s.mod >= tech]
        text = Text(f"One card raises up to {cap} FFs ({card.percent}% of {self.state.ffs_of(self.seat)} FFs, "
                    f"rounded down) by {card.levels} Mod Level. National Tech Level {tech}: "
                    f"no force goes above M{tech}.")
        if at_cap:
            text.append(f" Already at the cap: {', '.join(at_cap)}.")
        text.append(" Forces bought or pinned this turn are not offered.")
        return text

    def preview(self, intent: Intent | None) -> None:
        if intent is None:
            self.query_one("#preview", Static).update("")
            return
        total = self.total(intent)
        card = self.content.card(intent.card)
        self.query_one("#preview", Static).update(Text(
            f"{intent.describe()}: {self.card_rp(card)} RP card + {self.mat_price(intent)} RP mat = {total} RP; "
            f"{self.player.rp - total} RP left.", style="bold"))

    @on(DataTable.RowHighlighted, "#cards")
    def _card_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.fill_options(event.row_key.value)

    @on(DataTable.RowSelected, "#cards")
    def _card_selected(self) -> None:
        self.query_one("#options", DataTable).focus()

    @on(DataTable.RowHighlighted, "#options")
    def _option_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.preview(self.shown.get(event.row_key.value))

    @on(DataTable.RowSelected, "#options")
    def _option_selected(self, event: DataTable.RowSelected) -> None:
        self.choose(self.shown.get(event.row_key.value))

