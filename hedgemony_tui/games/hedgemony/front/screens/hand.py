"""The card hand: a player's deck, filterable by kind and family, each card laid out as
printed, whether it can be played now and why not; signaling and playing from here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table as Grid
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from hedgemony_tui.shell.front import Table, table_of
from hedgemony_tui.shell.screens.dialogs import PickScreen
from hedgemony_tui.shell.widgets.footer import KeysFooter

from ...engine.intents import SignalCards
from ...engine.play import why_not_playable
from ...engine.state import WHITE
from ...render.cards import card_panel
from ..context import content as content_of_table
from ..context import player_to_show
from .worksheets import InvestScreen

if TYPE_CHECKING:
    from ...engine.cards import Card
    from ...engine.intents import Intent

KINDS = ("all", "action", "investment")


class HandScreen(Screen[None]):
    GUIDE_TOPIC = "hand"  # F1: the rules guide opens at this section
    BINDINGS = [
        Binding("escape", "back", "Board", id="hand.back"),
        Binding("p", "play", "Play", id="hand.play"),
        Binding("space", "mark", "Mark for signal", id="hand.mark"),
        Binding("s", "signal", "Signal marked", id="hand.signal"),
        Binding("k", "kind", "Kind filter", id="hand.kind"),
        Binding("f", "family", "Family filter", id="hand.family"),
        Binding("right_square_bracket", "player(1)", "Next deck", id="hand.next", show=False),
        Binding("left_square_bracket", "player(-1)", "Previous deck", id="hand.previous", show=False),
    ]
    HELP = """# Hand

Your deck, one card per line: ✓ playable now, ✗ not (the reason shows under the card),
● marked for your signal. The card is drawn on the right as printed.

**P** plays the highlighted card (when a card needs a choice — units, stacks, FFs — a
list of the legal ways follows; a Procure or Modernize card opens the investment
worksheet, where any number of FFs may be chosen). **Space** marks a card for the Red signal; **S**
signals the three marked cards (at least one action and one investment).
**K** cycles the kind filter, **F** the family filter; **[ / ]** another player's deck
(the White Cell sees all). **Esc** back."""

    def __init__(self, player: str | None = None) -> None:
        super().__init__()
        self.wanted = player  # the deck asked for (None: the keyboard holder's)
        self.player = ""  # the deck shown: settled on mount
        self.kind = "all"
        self.family = ""
        self.marked: list[str] = []
        self.cards: list[Card] = []

    def compose(self) -> ComposeResult:
        yield Static(id="hand-title")
        with Horizontal(id="hand-body"):
            yield OptionList(id="hand-list")
            with VerticalScroll(id="hand-card-scroll"):
                yield Static(id="hand-card")
        yield KeysFooter()  # whole keys only: a narrow footer leaves the last out

    @property
    def table(self) -> Table:
        """The shell's app, as the front protocol describes it."""
        return table_of(self)

    def on_mount(self) -> None:
        self.ready = True
        self.player = player_to_show(self.table, self.wanted)
        self.refresh_state()
        self.query_one("#hand-list", OptionList).focus()

    def families(self) -> list[str]:
        return sorted({f for c in content_of_table(self.table).deck(self.player) for f in c.families})

    def refresh_state(self) -> None:
        # No game in play (the app between games): nothing to draw. ``session`` is the shell's.
        if not getattr(self, "ready", False) or getattr(self.app, "session", None) is None:
            return
        content = content_of_table(self.table)
        seen = self.table.seen_state()
        deck = [
            c
            for c in content.deck(self.player)
            if (self.kind == "all" or c.kind.value == self.kind) and (not self.family or self.family in c.families)
        ]
        self.cards = deck
        listing = self.query_one("#hand-list", OptionList)
        keep = listing.highlighted or 0
        listing.clear_options()
        for card in deck:
            ok = why_not_playable(seen, content, self.player, card) is None
            line = Text()
            line.append("● " if card.id in self.marked else "  ", "bold yellow")
            line.append("✓ " if ok else "✗ ", "green" if ok else "red")
            line.append(f"{card.id:<12} ", "bold")
            line.append(f"{card.kind.value[:3]} ", "dim")
            # The title wraps in its own column, never cut ("Te…" at 100 columns).
            row = Grid.grid(expand=True)
            row.add_column(no_wrap=True)
            row.add_column(ratio=1)
            row.add_row(line, Text(card.title))
            listing.add_option(Option(row))
        if deck:
            listing.highlighted = min(keep, len(deck) - 1)
        signals = ", ".join(seen.signals.get(self.player, ())) or "none"
        heading = Text(f"{self.player}'s deck", "bold")
        heading.append(
            f"  ·  kind: {self.kind}  ·  family: {self.family or 'all'}  ·  marked: {', '.join(self.marked) or 'none'}"
            f"  ·  signaled: {signals}  ·  RP {seen.player(self.player).rp}"
        )
        self.query_one("#hand-title", Static).update(heading)
        self.show_card()

    def current(self) -> Card | None:
        listing = self.query_one("#hand-list", OptionList)
        index = listing.highlighted
        if index is None or not 0 <= index < len(self.cards):
            return None
        return self.cards[index]

    def show_card(self) -> None:
        card = self.current()
        target = self.query_one("#hand-card", Static)
        if card is None:
            target.update(Text("No card matches the filters.", "dim"))
            return
        reason = why_not_playable(self.table.seen_state(), content_of_table(self.table), self.player, card)
        status = Text("Playable now", "bold green") if reason is None else Text(f"Not playable: {reason}", "bold red")
        target.update(Group(status, card_panel(card)))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_card()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_play()

    def _my_turn(self) -> bool:
        decision = self.table.decision()
        # A sealed choice (the Red signals) is owed by several seats at once.
        if self.player not in decision.seats or self.table.viewer_seat() != self.player:
            self.notify(f"it is not {self.player}'s decision now: {decision.prompt}", severity="warning", markup=False)
            return False
        return True

    def action_play(self) -> None:
        card = self.current()
        if card is None or not self._my_turn():
            return
        ways = [
            (i, label)
            for i, label in self.table.my_options()
            if getattr(i, "card", None) == card.id and not isinstance(i, SignalCards)
        ]
        if not ways:
            reason = why_not_playable(self.table.seen_state(), content_of_table(self.table), self.player, card)
            self.notify(reason or f"{card.id} cannot be played in this decision", severity="warning", markup=False)
            return
        if len(ways) == 1:
            self._take(ways[0][0])
            return
        if card.resolution in ("procure", "modernize"):
            # Any number of FFs, at several Mod Levels or from several stacks: the
            # investment worksheet asks for them (ch. 13), opened on this card.
            seen = self.table.seen_state()  # the player's own view: it holds the keyboard (_my_turn)
            self.app.push_screen(InvestScreen(seen, self.player, card_id=card.id), self._take)
            return
        self.app.push_screen(
            PickScreen(f"Play {card.id} how?", [label for _, label in ways]),
            lambda index: self._take(ways[index][0]) if index is not None else None,
        )

    def _take(self, intent: Intent | None) -> None:
        """Apply a choice, then go back to the board: what the card waits for next (its
        die, a place, forces) is the board's decision, named in its panel, and a hand-over
        waits there too (this hand is never left open, saying the card was played)."""
        if intent is None:
            return
        session = getattr(self.app, "session", None)  # the shell's game in play: its journal grows when taken
        before = len(session.journal) if session is not None else 0
        self.table.choose(intent)
        taken = session is not None and len(session.journal) > before
        if taken and self.app.screen is self:
            self.app.pop_screen()

    def action_mark(self) -> None:
        card = self.current()
        if card is None:
            return
        if card.id in self.marked:
            self.marked.remove(card.id)
        elif len(self.marked) >= 3:
            self.notify("three cards are marked already; unmark one first", severity="warning")
            return
        else:
            self.marked.append(card.id)
        self.refresh_state()

    def action_signal(self) -> None:
        if not self._my_turn():
            return
        wanted = set(self.marked)
        ways = [
            (i, label) for i, label in self.table.my_options() if isinstance(i, SignalCards) and set(i.cards) == wanted
        ]
        if not ways:
            self.notify(
                "a signal is three of your cards, at least one action and one investment, that you may play",
                severity="warning",
            )
            return
        self.marked = []
        if len(ways) == 1:
            self._take(ways[0][0])
            return
        self.app.push_screen(
            PickScreen("Which activation markers?", [label for _, label in ways]),
            lambda index: self._take(ways[index][0]) if index is not None else None,
        )

    def action_kind(self) -> None:
        self.kind = KINDS[(KINDS.index(self.kind) + 1) % len(KINDS)]
        self.refresh_state()

    def action_family(self) -> None:
        families = [""] + self.families()
        self.family = families[(families.index(self.family) + 1) % len(families)] if self.family in families else ""
        self.refresh_state()

    def action_player(self, step: int) -> None:
        players = content_of_table(self.table).scenario.player_ids
        if self.table.viewer_seat() != WHITE:
            self.notify("only the White Cell looks through other players' decks", severity="warning")
            return
        self.player = players[(players.index(self.player) + step) % len(players)]
        self.marked = []
        self.refresh_state()

    def action_back(self) -> None:
        self.app.pop_screen()
