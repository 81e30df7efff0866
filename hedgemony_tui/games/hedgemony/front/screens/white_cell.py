"""The White Cell's dialogs and Blue free play, as modal screens.

* :class:`InjectScreen` — the White Cell picks an event card to inject, filtered by kind
  and AOR, each card drawn as printed (``render.cards.card_panel``).
* :class:`ProposeScreen` — a Blue player proposes a free-play action: a standard one
  from the legal list, or its own: the kind of operation, its own words, any place.
* :class:`RulingScreen` (``ruling.py``) — the White Cell rules on the pending proposal.
* The White Cell's appeal ruling and its discretion forms are ``appeal.py`` and
  ``discretion.py``.

Each returns ONE intent (or None on Escape). Standard choices come from
``legal_intents``; custom proposals and rulings are tried with ``reduce`` on the state
before they leave the screen, so a refused one shows the engine's reason inline and
nothing typed is lost.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, DataTable, Input, Select, Static

from ...engine.cards import Card
from ...engine.content import Content
from ...engine.game import pending
from ...engine.intents import InjectEvent, ProposeAction
from ...engine.op_kinds import BASE, KINDS, TABLE_NAMES
from ...engine.state import GameState
from ...render.cards import card_panel
from .ruling import RulingScreen, ruling_summary  # noqa: F401  (the ruling dialog, named here too)
from .sheet import CustomIntentScreen, IntentScreen, row_key

ALL = "all"


# --- event injection --------------------------------------------------------------------------


class InjectScreen(IntentScreen):
    """The White Cell injects an event: the legal ``InjectEvent`` intents, filterable by kind
    and AOR, with the highlighted card drawn beside the list."""

    GUIDE_TOPIC = "white-cell"  # F1: the rules guide opens at this section

    DEFAULT_CSS = """
    InjectScreen #filters { height: 1; }
    InjectScreen #filters Select { width: 24; margin-right: 2; }
    InjectScreen #count { width: 1fr; color: $text-muted; }
    InjectScreen #picker { height: 1fr; }
    InjectScreen #events { width: 54; }
    InjectScreen #card-box { width: 1fr; }
    """
    BINDINGS = [
        Binding("k", "cycle_kind", "Kind filter", id="inject.kind"),
        Binding("a", "cycle_aor", "AOR filter", id="inject.aor"),
    ]
    AUTO_FOCUS = "#events"
    KINDS = (("All kinds", ALL), ("Domestic", "domestic"), ("International", "international"))

    def __init__(self, state: GameState, content: Content | None = None) -> None:
        super().__init__(state, content)
        self.options = [i for i in self.legal if isinstance(i, InjectEvent)]
        self.cards: dict[str, Card] = {i.card: self.content.card(i.card) for i in self.options}
        self.aors = sorted({card.aor or "none" for card in self.cards.values()})
        self.filter_values = {"kind": [value for _, value in self.KINDS], "aor": [ALL, *self.aors]}

    def heading(self) -> RenderableType:
        return Text(f"White Cell: inject an event — turn {self.state.turn}, {self.state.phase.title}")

    def body(self) -> ComposeResult:
        with Horizontal(id="filters"):
            yield Select(self.KINDS, value=ALL, allow_blank=False, compact=True, id="kind")
            aors = [("All AORs", ALL)] + [("No AOR" if a == "none" else a, a) for a in self.aors]
            yield Select(aors, value=ALL, allow_blank=False, compact=True, id="aor")
            yield Static("", id="count")
        with Horizontal(id="picker"):
            yield self.table("events", "Card", "Kind", "AOR", "Title")
            with VerticalScroll(id="card-box"):
                yield Static("", id="card")
        if not self.options:
            yield Static(
                Text(
                    "No event may be injected now (only in the first three phases, with no card, "
                    f"roll or ruling pending). Waiting on: {pending(self.state, self.content).prompt}"
                ),
                classes="hint",
            )

    def on_mount(self) -> None:
        self.refilter()

    def shown_cards(self) -> list[Card]:
        kind = self.query_one("#kind", Select).value
        aor = self.query_one("#aor", Select).value
        return [
            card for card in self.cards.values() if kind in (ALL, card.kind.value) and aor in (ALL, card.aor or "none")
        ]

    def refilter(self) -> None:
        grid = self.query_one("#events", DataTable)
        grid.clear()
        cards = self.shown_cards()
        for card in cards:
            kind = "dom" if card.kind.value == "domestic" else "int"
            grid.add_row(card.id, kind, card.aor or "—", card.title[:40], key=card.id)
        self.query_one("#count", Static).update(f"{len(cards)} of {len(self.cards)} events may be injected")
        self.show_card(cards[0].id if cards else None)

    def show_card(self, card_id: str | None) -> None:
        self.query_one("#card", Static).update(card_panel(self.cards[card_id]) if card_id else "")

    @on(Select.Changed)
    def _filter_changed(self) -> None:
        self.refilter()

    def _cycle(self, select_id: str) -> None:
        select = self.query_one(f"#{select_id}", Select)
        values = self.filter_values[select_id]
        current = select.value
        assert isinstance(current, str), "the filters are made without a blank"
        select.value = values[(values.index(current) + 1) % len(values)]

    def action_cycle_kind(self) -> None:
        self._cycle("kind")

    def action_cycle_aor(self) -> None:
        self._cycle("aor")

    @on(DataTable.RowHighlighted, "#events")
    def _event_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_card(event.row_key.value)

    @on(DataTable.RowSelected, "#events")
    def _event_selected(self, event: DataTable.RowSelected) -> None:
        self.choose(InjectEvent(row_key(event)))


# --- a Blue proposal --------------------------------------------------------------------------


class ProposeScreen(CustomIntentScreen):
    """A Blue player proposes a free-play action for the White Cell to rule on: a standard
    proposal from the legal list, or its own intention (ch. 3): the kind of operation
    (which names the table: ``op_kinds.KINDS``), its own words and any place on the board."""

    GUIDE_TOPIC = "free-play"  # F1: the rules guide opens at this section

    DEFAULT_CSS = """
    ProposeScreen #standard { height: 1fr; min-height: 4; }
    ProposeScreen .field { height: 1; margin-top: 1; }
    ProposeScreen .field Static { width: 8; }
    ProposeScreen #kind { width: 1fr; }
    ProposeScreen #what { width: 1fr; }
    ProposeScreen #where { width: 1fr; }
    ProposeScreen #propose { margin-top: 1; }
    """
    BINDINGS = [Binding("ctrl+s", "propose_custom", "Propose your own", id="propose.custom")]
    AUTO_FOCUS = "#standard, #what"

    def __init__(self, state: GameState, seat: str, content: Content | None = None) -> None:
        super().__init__(state, content)
        self.seat = seat
        self.options = [i for i in self.legal if isinstance(i, ProposeAction) and i.player == seat]

    def heading(self) -> RenderableType:
        return Text(
            f"{self.seat}: propose a free-play action for the White Cell to rule on — "
            f"{self.seat} has {self.state.player(self.seat).rp} RP"
        )

    def body(self) -> ComposeResult:
        board = self.content.scenario.board
        yield Static("Standard proposals (Enter picks one)", classes="label")
        standard = self.table("standard", "Place", "AOR", f"{self.seat} forces", "Kind", "Table")
        for index, intent in enumerate(self.options):
            place = board.location(intent.location)
            forces = " ".join(f"{s.ffs}xM{s.mod}" for s in self.state.stacks_of(self.seat) if s.location == place.id)
            words, table = KINDS.get(intent.kind, ("as the White Cell sees fit", ""))
            standard.add_row(place.name[:20], place.aor, forces, words, TABLE_NAMES.get(table, ""), key=str(index))
        yield standard
        if not self.options:
            waiting = pending(self.state, self.content).prompt
            yield Static(Text(f"No standard proposal is open now. Waiting on: {waiting}"), classes="hint")
        yield Static(
            "Or your own action: its kind, your words, the place (ctrl+s, or Enter in What, proposes it)",
            classes="label",
        )
        with Horizontal(classes="field"):
            yield Static("Kind")
            kinds = [(f"{words} — resolved on {TABLE_NAMES[table]}", kind) for kind, (words, table) in KINDS.items()]
            if self.seat == "US":  # ch. 9: the U.S. may propose a base; the White Cell sets its terms
                kinds.append(("U.S. base — the White Cell sets its cost and saving", BASE))
            first_kind = self.options[0].kind if self.options and self.options[0].kind in KINDS else "presence"
            yield Select(kinds, value=first_kind, allow_blank=False, compact=True, id="kind")
        yield Static(
            Text(
                "Every action short of combat is ruled on the one noncombat table (RT B), so the "
                "odds are the same for each; the kind you pick is kept for the White Cell's ruling "
                "and for the debrief."
            ),
            classes="hint",
            id="kind-note",
        )
        with Horizontal(classes="field"):
            yield Static("What")
            yield Input(
                placeholder="say what your forces do, e.g. Freedom of navigation patrol", compact=True, id="what"
            )
        with Horizontal(classes="field"):
            yield Static("Where")
            places = [(f"{loc.name} ({loc.aor})", loc.id) for loc in board.locations]
            first = self.options[0].location if self.options else board.locations[0].id
            yield Select(places, value=first, allow_blank=False, compact=True, id="where")
        yield Button("Propose", id="propose", compact=True)

    def custom(self) -> ProposeAction:
        where = self.query_one("#where", Select).value
        kind = self.query_one("#kind", Select).value
        return ProposeAction(self.seat, str(where), self.query_one("#what", Input).value, str(kind))

    def action_propose_custom(self) -> None:
        self.try_custom(self.custom())

    @on(Input.Changed, "#what")
    @on(Select.Changed, "#kind")
    @on(Select.Changed, "#where")
    def _fields_changed(self) -> None:
        self.say("")  # an old complaint goes once the fields it was about change

    @on(Input.Submitted, "#what")
    @on(Button.Pressed, "#propose")
    def _submit(self) -> None:
        self.action_propose_custom()

    @on(DataTable.RowSelected, "#standard")
    def _standard_selected(self, event: DataTable.RowSelected) -> None:
        self.choose(self.options[int(row_key(event))])
