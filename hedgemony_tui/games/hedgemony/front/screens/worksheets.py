"""The players' worksheets as modal screens: posture moves (chapter 9), and procurement
and modernization (chapter 13); the U.S. readiness worksheet (Figure 14.4) is
``readiness.py``, re-exported here.

Each screen shows the worksheet a player of the printed game fills in, previews what each
choice costs with the engine's own price functions, and returns ONE of
``legal_intents(state)`` — or None on Escape. The app reduces it and may push the screen
again for the next step. Nothing here works out a price, a cap or a legality: the engine
does, and a choice that is not in the legal list cannot leave the screen.

:class:`IntentScreen` (``sheet.py``) is the shared frame (title, message line, footer,
Escape, the legality check on the way out); the White Cell's dialogs use it too.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Input, Select, Static

from ...engine import buying
from ...engine import play as plays
from ...engine.cards import Card
from ...engine.content import Content
from ...engine.game import pending
from ...engine.intents import Deploy, Intent, Modernize, ModernizePick, Procure, ProcureLine
from ...engine.phases import blue
from ...engine.side_costs import bill_change
from ...engine.state import GameState, Stack
from ..render.side_costs import bill_words
from .readiness import ReadinessScreen, bill_table  # noqa: F401  (the readiness worksheet, named here too)
from .sheet import CustomIntentScreen, IntentScreen, StepButtons, row_key, rp_text  # noqa: F401

# --- posture moves ----------------------------------------------------------------------------


class DeployScreen(IntentScreen):
    """Posture moves (chapter 9): a stack, then a destination, then how many FFs.

    Only the engine's legal ``Deploy`` intents for ``seat`` appear, so a Red player sees
    only places inside a stack's AOR or its home. Each price is the engine's
    ``move_pricer`` for that stack; the RPs left follow from it. For the U.S., each
    number of FFs also shows how it changes next turn's readiness bill
    (``side_costs.bill_change``): forces overseas cost more to keep ready.
    """

    GUIDE_TOPIC = "posture"  # F1: the rules guide opens at this section

    DEFAULT_CSS = """
    DeployScreen #pickers { height: 1fr; }
    DeployScreen #stacks-col { width: 32; }
    DeployScreen #places-col { width: 1fr; }
    DeployScreen #ffs-col { width: 30; }
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
        return Text(
            f"{self.seat}: posture moves (chapter 9) — turn {self.state.turn}, "
            f"{self.state.phase.title} — {self.seat} has {self.rp} RP"
        )

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
                yield self.table("ffs", "FFs", "Cost", "Left", "Bill")
        yield Static(self.rule_note(), id="rule-note", classes="hint")
        yield Static("", id="preview")
        yield StepButtons(self.legal, self.seat)

    def forces(self, stack: Stack) -> str:
        ready = "" if stack.owner != "US" else f"@{stack.readiness}%"
        return f"{stack.ffs}xM{stack.mod}{ready}"

    def rule_note(self) -> Text:
        if not self.options:
            return Text(
                f"No posture move is open to {self.seat} now. Waiting on: {pending(self.state, self.content).prompt}"
            )
        if self.state.player(self.seat).side == "red":
            return Text(
                "Red posture moves stay inside a stack's AOR or go home; operations out of area come "
                "with Red's cards. Each stack moves once a turn."
            )
        text = Text(
            "Inside an AOR or back to the home AOR is free; other moves are priced per group by the "
            "engine (U.S. from CONUS: proactive table). Each stack moves once a turn."
        )
        if self.seat == "US":
            text.append(" Bill: the change to next turn's readiness bill (forces overseas cost more to keep ready).")
        return text

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
            change = self.bill_change(ffs)
            bill = "—" if change is None else f"{change:+d}" if change else "0"
            grid.add_row(str(ffs), self.cost_text(cost), str(self.rp - cost), bill, key=str(ffs))
        self.preview(min(self.moves[stack_id][place_id]))

    def bill_change(self, ffs: int) -> int | None:
        """Next turn's U.S. readiness bill after this move, against now (None for Red)."""
        if self.seat != "US":
            return None
        return bill_change(self.state, Deploy(self.seat, self.stack_id, ffs, self.place_id), self.content)

    def cost_text(self, cost: int) -> str:
        return "free" if cost == 0 else f"{cost} RP"

    def preview(self, ffs: int) -> None:
        stack = self.state.stack(self.stack_id)
        cost = self.prices[self.stack_id](ffs, self.place_id)
        place = self.content.scenario.board.location(self.place_id)
        text = Text(
            f"{self.seat} moves {ffs} FF M{stack.mod} from {self.place_name(stack.location)} to {place.name} "
            f"({place.aor}): {self.cost_text(cost)}; {self.rp - cost} RP left. ",
            style="bold",
        )
        if self.seat == "US":
            text.append_text(bill_words(self.bill_change(ffs)))
        self.query_one("#preview", Static).update(text)

    @on(DataTable.RowHighlighted, "#stacks")
    def _stack_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.fill_places(row_key(event))

    @on(DataTable.RowSelected, "#stacks")
    def _stack_selected(self) -> None:
        self.query_one("#places", DataTable).focus()

    @on(DataTable.RowHighlighted, "#places")
    def _place_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.fill_ffs(self.stack_id, row_key(event))

    @on(DataTable.RowSelected, "#places")
    def _place_selected(self) -> None:
        self.query_one("#ffs", DataTable).focus()

    @on(DataTable.RowHighlighted, "#ffs")
    def _ffs_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.preview(int(row_key(event)))

    @on(DataTable.RowSelected, "#ffs")
    def _ffs_selected(self, event: DataTable.RowSelected) -> None:
        self.choose(Deploy(self.seat, self.stack_id, int(row_key(event)), self.place_id))


# --- procurement and modernization ------------------------------------------------------------


class InvestScreen(CustomIntentScreen):
    """Procurement and modernization (chapter 13): the legal ``Procure`` and ``Modernize``
    intents of ``seat``, by card, each with the mat price, the card's own cost and the RPs
    left, all from the engine; and why no higher Mod Level is offered (the National Tech
    Level caps both).

    Below the listed options, the player's own choice: for a Procure card any number of
    FFs at each Mod Level (ch. 8: "any number ... at any Mod Level"), typed into the
    count field for the Mod Level chosen beside it (Enter keeps the line and moves to the
    next level, so several levels go on one card); for a Modernize card any FFs of any
    stacks up to the card's cap (ch. 13). **+**/**-** change the highlighted row's FFs;
    **ctrl+b** (or **b** outside the field) buys. The prices, shown as the count is typed,
    are ``buying.procurement_total`` and ``play.modernization_price``; the engine checks
    the choice (``buying.unlisted_problems``) and says what is wrong with it.
    """

    GUIDE_TOPIC = "investment"  # F1: the rules guide opens at this section

    DEFAULT_CSS = """
    InvestScreen #pickers { height: 1fr; }
    InvestScreen #cards-col { width: 32; }
    InvestScreen #options-col { width: 1fr; }
    InvestScreen #own { height: 7; }
    InvestScreen #count-field { height: 1; }
    InvestScreen #count-field Static { width: auto; margin-right: 1; }
    InvestScreen #level { width: 10; margin-right: 2; }
    InvestScreen #count { width: 10; margin-right: 2; }
    """
    BINDINGS = [
        Binding("plus,equals_sign", "more(1)", "+1 FF", id="invest.more"),
        Binding("minus", "more(-1)", "-1 FF", id="invest.less"),
        Binding("ctrl+b,b", "buy", "Buy my choice", id="invest.buy"),
    ]
    AUTO_FOCUS = "#cards"

    def __init__(self, state: GameState, seat: str, content: Content | None = None, card_id: str = "") -> None:
        super().__init__(state, content)
        self.seat = seat
        self.player = state.player(seat)
        self.options = [i for i in self.legal if isinstance(i, (Procure, Modernize)) and i.player == seat]
        self.by_card: dict[str, list[Intent]] = {}
        for option in self.options:
            self.by_card.setdefault(option.card, []).append(option)
        self.card_id = card_id if card_id in self.by_card else next(iter(self.by_card), "")
        self.shown: dict[str, Intent] = {}
        self.chosen: dict[str, int] = {}  # own choice: Mod Level ("M3") or stack id -> FFs
        self.capped: str | None = None  # the count this sheet wrote back after capping a typed one

    def heading(self) -> RenderableType:
        return Text(
            f"{self.seat}: procurement and modernization (chapter 13) — turn {self.state.turn} — "
            f"{self.seat} has {self.player.rp} RP, National Tech Level {self.player.tech_level}"
        )

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
                # the prices first: a long Choice is cut at the right edge, never the numbers
                yield self.table("options", "Mat RP", "Total", "Left", "Choice")
        yield Static(
            "Your own choice: +/- on a row, or type the FFs for a Mod Level (Tab to the field); ctrl+b buys",
            classes="label",
        )
        tech = max(1, min(self.player.tech_level, 7))  # M1 at least: the engine says why if it is refused
        with Horizontal(id="count-field"):
            yield Static("Mod Level")
            yield Select(
                [(f"M{m}", m) for m in range(1, tech + 1)], value=1, allow_blank=False, compact=True, id="level"
            )
            yield Static("FFs")
            yield Input("", type="integer", placeholder="how many", compact=True, id="count")
            yield Static("Enter: keep, next Mod Level", classes="hint")
        yield self.table("own", "Row", "Has", "Chosen")
        yield Static("", id="cap-note", classes="hint")
        yield Static("", id="preview")
        yield StepButtons(self.legal, self.seat)

    def on_mount(self) -> None:
        if self.card_id:
            cards = list(self.by_card)
            self.query_one("#cards", DataTable).move_cursor(row=cards.index(self.card_id))
            self.fill_options(self.card_id)
        else:
            self.query_one("#cap-note", Static).update(
                Text(
                    f"No procurement or modernization is open to {self.seat} now. Waiting on: "
                    f"{pending(self.state, self.content).prompt}"
                )
            )

    def card_rp(self, card: Card) -> int:
        return plays.card_cost(self.state, self.content, self.seat, card)

    def mat_price(self, intent: Intent) -> int:
        if isinstance(intent, Procure):
            return buying.procurement_total(self.state, self.content, self.seat, intent.lines)[1]
        assert isinstance(intent, Modernize)
        card = self.content.card(intent.card)
        total = sum(p.ffs for p in intent.picks)
        return plays.modernization_price(self.state, self.content, self.seat, total, card.levels)

    def total(self, intent: Intent) -> int:
        """What the engine charges: the card's cost plus the mat price (``play.pay_for``)."""
        assert isinstance(intent, (Procure, Modernize))  # the only intents this sheet offers
        return self.card_rp(self.content.card(intent.card)) + self.mat_price(intent)

    def label(self, intent: Intent) -> str:
        if isinstance(intent, Procure):
            return " + ".join(f"{line.ffs} new FF at M{line.mod}" for line in intent.lines)
        assert isinstance(intent, Modernize)
        levels = self.content.card(intent.card).levels
        parts = []
        for pick in intent.picks:
            stack = self.state.stack(pick.stack)
            parts.append(f"{pick.ffs} FF in {self.place_name(stack.location)} M{stack.mod}->M{stack.mod + levels}")
        return " + ".join(parts)

    def fill_options(self, card_id: str) -> None:
        self.card_id = card_id
        grid = self.query_one("#options", DataTable)
        grid.clear()
        self.shown = {}
        for index, intent in enumerate(self.by_card[card_id]):
            key = f"o{index}"
            self.shown[key] = intent
            total = self.total(intent)
            grid.add_row(
                str(self.mat_price(intent)),
                str(total),
                str(self.player.rp - total),
                Text(self.label(intent), no_wrap=True, end=""),
                key=key,
            )
        self.query_one("#cap-note", Static).update(self.cap_note(self.content.card(card_id)))
        self.preview(self.shown.get("o0"))
        self.chosen = {}
        self.fill_own()
        if self.procuring():
            self.show_count()

    def left_text(self, total: int) -> str:
        """The RPs left after paying ``total``, or how many are missing."""
        left = self.player.rp - total
        return f"{left} RP left" if left >= 0 else f"{-left} RP short"

    def cap_note(self, card: Card) -> Text:
        tech = self.player.tech_level
        if card.resolution == "procure":
            offered = sorted({i.mod for i in self.by_card[card.id] if isinstance(i, Procure)})
            text = Text(
                f"National Tech Level {tech}: new forces can be bought up to M{min(tech, 7)} only; a higher "
                "Mod Level needs R&D to raise the Tech Level first. Any number of FFs, at several Mod "
                "Levels at once (each level read on Table 13.1)."
            )
            short = [m for m in range(1, min(tech, 7) + 1) if m not in offered]
            if short:
                budget = self.player.rp - self.card_rp(card)
                text.append(
                    f" Not affordable with {budget} RP after the card: " + ", ".join(f"M{m}" for m in short) + "."
                )
            return text
        cap = plays.modernize_cap(self.state, self.seat, card)
        at_cap = [s.id for s in self.state.stacks_of(self.seat) if s.mod >= tech]
        text = Text(
            f"One card raises up to {cap} FFs ({card.percent}% of {self.state.ffs_of(self.seat)} FFs, "
            f"rounded down), chosen from any stacks, by {card.levels} Mod Level. National Tech Level {tech}: "
            f"no force goes above M{tech}."
        )
        if at_cap:
            text.append(f" Already at the cap: {', '.join(at_cap)}.")
        text.append(" Forces bought or pinned this turn are not offered.")
        return text

    def preview(self, intent: Intent | None) -> None:
        if intent is None:
            self.query_one("#preview", Static).update("")
            return
        assert isinstance(intent, (Procure, Modernize))
        total = self.total(intent)
        card = self.content.card(intent.card)
        self.query_one("#preview", Static).update(
            Text(
                f"{self.label(intent)}: {self.card_rp(card)} RP card + {self.mat_price(intent)} RP mat = {total} RP; "
                f"{self.left_text(total)}.",
                style="bold",
            )
        )

    # --- the player's own choice ------------------------------------------------------------------

    def own_rows(self) -> list[tuple[str, str, str]]:
        """(key, the row's name, what it holds) for the card highlighted: Mod Levels, or
        stacks named by where they are."""
        if not self.card_id:
            return []
        card = self.content.card(self.card_id)
        if card.resolution == "procure":
            return [(f"M{mod}", f"M{mod}", "new FFs") for mod in range(1, min(self.player.tech_level, 7) + 1)]
        return [
            (s.id, self.place_name(s.location), f"{s.ffs} FF at M{s.mod}")
            for s in plays.modernizable_stacks(self.state, self.seat)
        ]

    def procuring(self) -> bool:
        return bool(self.card_id) and self.content.card(self.card_id).resolution == "procure"

    def fill_own(self) -> None:
        self.query_one("#count-field").display = self.procuring()
        grid = self.query_one("#own", DataTable)
        row = grid.cursor_row
        grid.clear()
        for key, name, has in self.own_rows():
            grid.add_row(name, has, str(self.chosen.get(key, 0)), key=key)
        if grid.row_count:
            grid.move_cursor(row=min(row, grid.row_count - 1))
        self.show_own()

    def own_intent(self) -> Intent | None:
        """The procurement or modernization the own-choice rows describe (None: nothing chosen)."""
        chosen = [(key, n) for key, n in self.chosen.items() if n > 0]
        if not chosen or not self.card_id:
            return None
        if self.content.card(self.card_id).resolution == "procure":
            lines = sorted((ProcureLine(n, int(key.removeprefix("M"))) for key, n in chosen), key=lambda x: x.mod)
            first = lines[0]
            return Procure(self.seat, self.card_id, first.ffs, first.mod, tuple(lines[1:]))
        picks = [ModernizePick(key, n) for key, n in chosen]
        return Modernize(self.seat, self.card_id, picks[0].stack, picks[0].ffs, tuple(picks[1:]))

    def show_own(self) -> None:
        intent = self.own_intent()
        view = self.query_one("#preview", Static)
        if intent is None:
            if self.procuring():
                view.update(Text("Type a number of FFs for a Mod Level: the price shows here as you type."))
            return
        assert isinstance(intent, (Procure, Modernize))  # own_intent builds one or the other
        problem = self.refusal(intent)
        total = self.total(intent)
        card = self.content.card(intent.card)
        text = Text(
            f"Your choice: {self.label(intent)}: {self.card_rp(card)} RP card + {self.mat_price(intent)} RP mat "
            f"= {total} RP; {self.left_text(total)}. ",
            style="bold",
        )
        if card.resolution == "modernize":
            cap = plays.modernize_cap(self.state, self.seat, card)
            text.append(f"{sum(self.chosen.values())} of at most {cap} FFs. ")
        text.append(problem or "ctrl+b buys it.", style="red" if problem else "green")
        view.update(text)

    def action_more(self, step: int) -> None:
        grid = self.query_one("#own", DataTable)
        rows = self.own_rows()
        if not rows:
            return
        key = rows[min(grid.cursor_row, len(rows) - 1)][0]
        modernize = self.content.card(self.card_id).resolution == "modernize"
        limit = self.state.stack(key).ffs if modernize else 99
        self.chosen[key] = max(0, min(limit, self.chosen.get(key, 0) + step))
        self.say("")
        self.fill_own()
        if not modernize:
            self.show_count()

    # --- the count field (procurement) -------------------------------------------------------------

    def level(self) -> int:
        return int(str(self.query_one("#level", Select).value))

    def show_count(self) -> None:
        """The count field shows the FFs chosen at the Mod Level picked beside it."""
        chosen = self.chosen.get(f"M{self.level()}", 0)
        self.query_one("#count", Input).value = str(chosen) if chosen else ""

    @on(Input.Changed, "#count")
    def _count_typed(self, event: Input.Changed) -> None:
        typed = event.value.strip()
        if typed in ("", "-", "+"):
            number = 0
        else:
            try:
                number = int(typed)
            except ValueError:
                self.say(f"The number of FFs is a whole number (got {typed!r}).")
                return
        if number < 0:
            self.say("The number of FFs is 0 or more (0 drops the Mod Level from the choice).")
            return
        most = self.most_affordable(self.level())
        if number > most:
            self.say(
                f"{self.player.rp} RP buys at most {most} FF at M{self.level()} with this card: "
                f"the count is capped at {most}."
            )
            self.chosen[f"M{self.level()}"] = most
            self.fill_own()
            self.capped = str(most) if most else ""
            self.query_one("#count", Input).value = self.capped
            return
        if typed != self.capped:  # the capped count written back keeps its message
            self.say("")
        self.capped = None
        self.chosen[f"M{self.level()}"] = number
        self.fill_own()

    def most_affordable(self, mod: int) -> int:
        """The most FFs at Mod Level ``mod`` the player's RPs pay for with this card, by the
        engine's price (``buying.procurement_total``); a typed count is capped there."""
        budget = self.player.rp - self.card_rp(self.content.card(self.card_id))

        def price(n: int) -> int:
            return buying.procurement_total(self.state, self.content, self.seat, (ProcureLine(n, mod),))[1]

        low, high = 0, max(budget, 0) + 1  # each FF costs at least 1 RP on Table 13.1
        while low < high:  # the largest n with price(n) <= budget
            middle = (low + high + 1) // 2
            low, high = (middle, high) if price(middle) <= budget else (low, middle - 1)
        return low

    @on(Input.Submitted, "#count")
    def _count_kept(self) -> None:
        select = self.query_one("#level", Select)
        if self.level() < min(self.player.tech_level, 7):
            select.value = self.level() + 1  # the next line, at the next Mod Level

    @on(Select.Changed, "#level")
    def _level_picked(self) -> None:
        self.show_count()

    def action_buy(self) -> None:
        intent = self.own_intent()
        if intent is None:
            self.say("Choose some FFs first: highlight a row of 'Your own choice' and press +.")
            return
        self.try_custom(intent)

    @on(DataTable.RowHighlighted, "#cards")
    def _card_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.fill_options(row_key(event))

    @on(DataTable.RowSelected, "#cards")
    def _card_selected(self) -> None:
        self.query_one("#options", DataTable).focus()

    @on(DataTable.RowHighlighted, "#options")
    def _option_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.preview(self.shown.get(row_key(event)))

    @on(DataTable.RowSelected, "#options")
    def _option_selected(self, event: DataTable.RowSelected) -> None:
        self.choose(self.shown.get(row_key(event)))
