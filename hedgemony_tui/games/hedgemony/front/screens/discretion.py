"""The White Cell's discretion beyond the cards, as forms (rules/hedgemony/README.md, X11).

One tab per intervention: the Red order for the rest of the turn (ch. 3), a pin and a
reset outside a card and a penalty (ch. 11), the pace of Red play (ch. 3's optional
rule), and the three steps of the proxy procedure (ch. 15). A U.S. base is the White
Cell's ruling on a U.S. proposal: the ruling dialog has it (``ruling.py``).

Each form builds ONE intent from what is picked and typed; the engine's
``discretion.problems`` judges it as it is typed (shown under the form) and again when
it goes: what leaves the screen is an intent the engine accepts now. **Ctrl+S** (or the
tab's button) applies the tab's intervention; **1**-**8** switch tabs.
"""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.css.query import NoMatches
from textual.widgets import Button, Input, Select, Static, TabbedContent, TabPane

from ...engine import discretion
from ...engine.content import Content
from ...engine.intents import Intent
from ...engine.state import GameState
from ...engine.white_cell_intents import (
    ImposePenalty,
    ImposePin,
    ImposeReset,
    ProxyDevelopment,
    ProxyEmployment,
    ProxyParticipation,
    SetPace,
    SetRedOrder,
)
from .sheet import CustomIntentScreen

PANES = (
    ("order", "1 Red order"),
    ("pin", "2 Pin"),
    ("reset", "3 Reset"),
    ("penalty", "4 Penalty"),
    ("pace", "5 Pace"),
    ("proxy1", "6 Proxy: join"),
    ("proxy2", "7 Proxy: develop"),
    ("proxy3", "8 Proxy: fight"),
)
PIN_CHOICES = (("1 turn", 1), ("2 turns", 2), ("until lifted", discretion.UNTIL_LIFTED), ("lift the pin", 0))


class DiscretionScreen(CustomIntentScreen):
    """The White Cell's interventions (see the module docstring)."""

    GUIDE_TOPIC = "white-cell"  # F1: the rules guide opens at this section

    DEFAULT_CSS = """
    DiscretionScreen TabbedContent { height: 1fr; }
    DiscretionScreen .field { height: 1; margin-bottom: 1; }
    DiscretionScreen .field Static { width: 16; }
    DiscretionScreen .field Select { width: 40; }
    DiscretionScreen .field Input { width: 24; }
    DiscretionScreen #verdict { height: auto; }
    """
    BINDINGS = [
        Binding("ctrl+s", "apply", "Apply this tab", id="discretion.apply"),
        *(Binding(str(n + 1), f"tab('{pane}')", label, show=False) for n, (pane, label) in enumerate(PANES)),
    ]

    def __init__(self, state: GameState, content: Content | None = None) -> None:
        super().__init__(state, content)
        self.red = self.content.scenario.red
        self.players = self.content.scenario.player_ids
        self.partners = [p.name for p in state.proxy_partners]

    def heading(self) -> RenderableType:
        return Text(
            f"White Cell: discretion beyond the cards — turn {self.state.turn}, {self.state.phase.title}. "
            "Pick a tab (1-8), fill it in, Ctrl+S applies it."
        )

    # --- the forms --------------------------------------------------------------------------

    def field(self, label: str, widget: Any) -> Horizontal:
        return Horizontal(Static(label), widget, classes="field")

    def stacks(self) -> list[tuple[str, str]]:
        return [
            (f"{s.id}: {s.owner} {s.ffs} FF M{s.mod} in {self.place_name(s.location)}", s.id)
            for s in self.state.stacks
            if s.ffs
        ]

    def select(self, choices: list[tuple[str, Any]], widget_id: str) -> Select[Any]:
        return (
            Select(choices, value=choices[0][1], allow_blank=False, compact=True, id=widget_id)
            if choices
            else Select([], allow_blank=True, compact=True, id=widget_id)
        )

    def number(self, widget_id: str, value: str = "") -> Input:
        return Input(value, type="integer", compact=True, id=widget_id)

    def body(self) -> ComposeResult:
        order = self.state.red_order_turn or self.red
        grades = [(g, g) for g in discretion.GRADES]
        places = [(f"{loc.name} ({loc.aor})", loc.id) for loc in self.content.scenario.board.locations]
        partners = [(name, name) for name in self.partners]
        with TabbedContent(initial="order"):
            with TabPane(PANES[0][1], id="order"):
                yield Static(
                    "The Red players act in this order for the rest of the turn; those who acted keep "
                    "their place (ch. 3).",
                    classes="hint",
                )
                for n in range(len(self.red)):
                    yield self.field(f"{n + 1}.", self.select([(p, p) for p in order], f"order-{n}"))
            with TabPane(PANES[1][1], id="pin"):
                yield Static("Pinned forces stay where they are and act only there (ch. 11).", classes="hint")
                yield self.field("Stack", self.select(self.stacks(), "pin-stack"))
                yield self.field("For", self.select(list(PIN_CHOICES), "pin-turns"))
            with TabPane(PANES[2][1], id="reset"):
                yield Static(
                    "Reset forces go to their home base, out of play for the turns given (ch. 11).", classes="hint"
                )
                yield self.field("Stack", self.select(self.stacks(), "reset-stack"))
                yield self.field("FFs", self.number("reset-ffs", "1"))
                yield self.field("Out for", self.select([("1 more turn", 1), ("2 more turns", 2)], "reset-turns"))
            with TabPane(PANES[3][1], id="penalty"):
                yield Static(
                    f"A further cost (ch. 11): up to {discretion.MAX_PENALTY_IP} IP and "
                    f"{discretion.MAX_PENALTY_RP} RP taken.",
                    classes="hint",
                )
                yield self.field("Player", self.select([(p, p) for p in self.players], "penalty-player"))
                yield self.field("IP taken", self.number("penalty-ip", "1"))
                yield self.field("RP taken", self.number("penalty-rp", "0"))
                yield self.field("Why", Input("", placeholder="reason (optional)", compact=True, id="penalty-why"))
            with TabPane(PANES[4][1], id="pace"):
                yield Static(
                    "The optional pace rule (ch. 3): each Red card after the first ones costs more.", classes="hint"
                )
                yield self.field("Extra RP", self.number("pace-extra", str(self.state.settings.red_extra_card_cost)))
                yield self.field(
                    "After card", self.select([("the 1st", 1), ("the 2nd", 2), ("the 3rd", 3)], "pace-after")
                )
            with TabPane(PANES[5][1], id="proxy1"):
                yield Static(
                    "Step 1 (ch. 15): will a proxy support its sponsor? A roll on the Proxy Forces "
                    "Reliability mat decides.",
                    classes="hint",
                )
                yield self.field("Proxy", Input("", placeholder="its name", compact=True, id="p1-name"))
                yield self.field("Sponsor", self.select([(p, p) for p in self.players], "p1-sponsor"))
                yield self.field("Where", self.select(places, "p1-where"))
                yield self.field("Reliability", self.select(grades, "p1-grade"))
                yield self.field("FFs it has", self.number("p1-ffs", "0"))
                yield self.field("At Mod Level", self.number("p1-mod", "1"))
            with TabPane(PANES[6][1], id="proxy2"):
                yield Static(
                    "Step 2 (ch. 15): the sponsor pays its share of the mat price; a failed roll "
                    "delivers one FF or Mod Level fewer.",
                    classes="hint",
                )
                yield self.field("Partner", self.select(partners, "p2-name"))
                yield self.field("Reliability", self.select(grades, "p2-grade"))
                yield self.field("FFs", self.number("p2-ffs", "1"))
                yield self.field("At Mod Level", self.number("p2-mod", "1"))
                yield self.field("Raise by", self.number("p2-levels", "0"))
                yield self.field("Sponsor pays %", self.number("p2-share", "100"))
            with TabPane(PANES[7][1], id="proxy3"):
                yield Static(
                    "Step 3 (ch. 15): does the partner fight in the card in play as its sponsor intends?",
                    classes="hint",
                )
                yield self.field("Partner", self.select(partners, "p3-name"))
                yield self.field("Reliability", self.select(grades, "p3-grade"))
        yield Static("", id="verdict")
        yield Button("Apply (Ctrl+S)", id="apply", compact=True)

    def on_mount(self) -> None:
        order = self.state.red_order_turn or self.red
        for n, player in enumerate(order):
            self.query_one(f"#order-{n}", Select).value = player
        self.check()

    # --- building the intent ----------------------------------------------------------------

    def value(self, widget_id: str) -> Any:
        widget = self.query_one(f"#{widget_id}")
        if isinstance(widget, Select):
            return None if widget.value is Select.BLANK else widget.value
        assert isinstance(widget, Input)
        return widget.value.strip()

    def whole(self, widget_id: str, what: str) -> int:
        typed = self.value(widget_id) or "0"
        try:
            return int(typed)
        except ValueError:
            raise ValueError(f"{what} must be a whole number (got {typed!r})") from None

    def build(self) -> Intent | str:
        """The active tab's intervention, or what is wrong with a number typed in it."""
        pane = self.query_one(TabbedContent).active
        try:
            if pane == "order":
                return SetRedOrder(tuple(self.value(f"order-{n}") for n in range(len(self.red))))
            if pane == "pin":
                return ImposePin(self.value("pin-stack") or "", int(self.value("pin-turns")))
            if pane == "reset":
                return ImposeReset(
                    self.value("reset-stack") or "", self.whole("reset-ffs", "FFs"), int(self.value("reset-turns"))
                )
            if pane == "penalty":
                return ImposePenalty(
                    self.value("penalty-player"),
                    -self.whole("penalty-ip", "IP"),
                    -self.whole("penalty-rp", "RP"),
                    self.value("penalty-why"),
                )
            if pane == "pace":
                return SetPace(self.whole("pace-extra", "the extra RP"), int(self.value("pace-after")))
            if pane == "proxy1":
                return ProxyParticipation(
                    self.value("p1-sponsor"),
                    self.value("p1-name"),
                    self.value("p1-where"),
                    self.value("p1-grade"),
                    self.whole("p1-ffs", "FFs"),
                    self.whole("p1-mod", "the Mod Level"),
                )
            if pane == "proxy2":
                return ProxyDevelopment(
                    self.value("p2-name") or "",
                    self.value("p2-grade"),
                    self.whole("p2-ffs", "FFs"),
                    self.whole("p2-mod", "the Mod Level"),
                    self.whole("p2-levels", "levels"),
                    self.whole("p2-share", "the share"),
                )
            return ProxyEmployment(self.value("p3-name") or "", self.value("p3-grade"))
        except ValueError as error:
            return str(error)

    def check(self) -> None:
        """Show the engine's verdict on the active tab as it stands."""
        try:
            verdict = self.query_one("#verdict", Static)
        except NoMatches:
            return
        built = self.build()
        if isinstance(built, str):
            verdict.update(Text(f"✗ {built}", style="bold red"))
            return
        problems = discretion.problems(self.state, self.content, built)
        if problems:
            verdict.update(Text("\n".join(f"✗ {p}" for p in problems), style="bold red"))
            return
        text = Text(f"✓ {built.describe()}", style="green")
        if isinstance(built, ProxyDevelopment):
            text.append(f" — the sponsor pays {discretion.development_price(self.content, built)} RP")
        verdict.update(text)

    @on(Input.Changed)
    @on(Select.Changed)
    @on(TabbedContent.TabActivated)
    def _changed(self) -> None:
        self.say("")
        self.check()

    def action_tab(self, pane: str) -> None:
        self.query_one(TabbedContent).active = pane

    def action_apply(self) -> None:
        built = self.build()
        if isinstance(built, str):
            self.say(built)
            return
        self.try_custom(built)

    @on(Button.Pressed, "#apply")
    def _apply_pressed(self) -> None:
        self.action_apply()
