"""The Red briefing: what each Red player signalled this turn, before Blue decides.

In the printed game the Red players lay their three cards face up before the Blue
phase, and Blue plans against them. This screen is that table: on the left each Red
player (its RPs, IPs and cards on cooldown) with its signalled cards, each with its
cost now and the table it is read on; on the right the highlighted card in full (its
text, odds and IP rows). It draws ``table.seen_state()`` only: until every Red player
has laid its cards down it shows no one's.

It opens on a key of the board (F12, in the footer), and by itself once a turn when the Blue
phase starts for a person holding a Blue seat (:class:`BriefingTrackers`) — as soon as
the board is in front of them, so after the notes of "Learn to play" are read.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from hedgemony_tui.shell.front import table_of
from hedgemony_tui.shell.screens.game import GameScreen

from ...engine.state import Phase
from ..context import content
from ..render import briefing as draw
from ..widgets.trackers import Trackers


class BriefingScreen(Screen[None]):
    """Each Red player's signalled cards, from the viewer's view."""

    GUIDE_TOPIC = "signals"  # F1: the rules guide opens at this section

    BINDINGS = [
        Binding("escape", "back", "Board", id="briefing.back"),
    ]
    HELP = """# Red briefing

The Red players' signalled cards for this turn: the cards each of them may play in the
Red phase (at most one Action and one Investment, or a single card). Left: each Red
player with its Resource Points (RP), Influence Points (IP) and the cards it must wait
to play again (cooldown), then its three cards with their cost now. Right: the
highlighted card in full: the table it is read on (CRT A: combat; RT B: response; D10
rows: the card's own rows; mat: the procurement or modernization mat's price), its odds
and the IP each result gives.

The signals are sealed until every Red player has laid its cards down.

**↑/↓** another card · **Esc** back to the board."""

    def compose(self) -> ComposeResult:
        with Vertical(id="briefing"):
            yield Static(id="briefing-intro")
            with Horizontal(id="briefing-body"):
                yield OptionList(id="briefing-cards")
                with VerticalScroll(id="briefing-detail-scroll"):
                    yield Static(id="briefing-detail")
        yield Footer()

    def on_mount(self) -> None:
        self.ready = True
        self.refresh_state()
        self.query_one("#briefing-cards", OptionList).focus()

    def refresh_state(self) -> None:
        table = table_of(self)
        # No game in play (the app between games): nothing to draw. ``session`` is the shell's.
        if not getattr(self, "ready", False) or getattr(self.app, "session", None) is None:
            return
        seen = table.seen_state()
        cards = content(table)
        self.seen, self.cards = seen, cards
        intro = self.query_one("#briefing-intro", Static)
        listing = self.query_one("#briefing-cards", OptionList)
        kept = listing.highlighted_option.id if listing.highlighted_option is not None else None
        listing.clear_options()
        signals = draw.signalled(seen, cards)
        if not signals:
            intro.update(draw.sealed_notice(seen, cards))
            self.query_one("#briefing-detail", Static).update("")
            return
        intro.update(draw.briefing_intro(seen))
        for pid, card_ids in signals:
            listing.add_option(Option(draw.player_line(seen, cards, pid), disabled=True))
            for card_id in card_ids:
                listing.add_option(Option(draw.card_row(seen, cards, pid, card_id), id=f"{pid}/{card_id}"))
            if not card_ids:
                listing.add_option(Option(Text("  signalled nothing", style="dim"), disabled=True))
        ids = [option.id for option in listing.options]
        first = next((i for i, option in enumerate(listing.options) if not option.disabled), None)
        listing.highlighted = ids.index(kept) if kept is not None and kept in ids else first
        self._show(listing.highlighted_option.id if listing.highlighted_option is not None else None)

    def _show(self, option_id: str | None) -> None:
        detail = self.query_one("#briefing-detail", Static)
        if not option_id:
            detail.update("")
            return
        pid, _, card_id = option_id.partition("/")
        detail.update(draw.card_detail(self.seen, self.cards, pid, card_id))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._show(event.option.id)

    def action_back(self) -> None:
        self.app.pop_screen()


def due(node: Widget, briefed: set[tuple[int, str]]) -> tuple[int, str] | None:
    """The (turn, seat) to brief now: the Blue phase of a turn, a person holding a Blue seat
    at the keyboard with the board in front of them, and not yet briefed this turn.
    ``node`` is a widget of the board (its app is the table and the screen stack)."""
    app, table = node.app, table_of(node)
    # ``session`` (a game in play), ``handing_over`` and ``lesson`` are the shell's app's.
    if getattr(app, "session", None) is None:
        return None
    seat = table.viewer_seat()
    seen = table.seen_state()
    if seen.phase is not Phase.BLUE or seat not in content(table).scenario.blue or not table.seats.human(seat):
        return None
    if not isinstance(app.screen, GameScreen) or table.hand_over_showing() or getattr(app, "handing_over", False):
        return None
    lesson = getattr(app, "lesson", None)  # a lesson's notes come first: they explain the phase
    if lesson is not None and (getattr(lesson, "showing", False) or getattr(lesson, "waiting", None)):
        return None
    key = (seen.turn, seat)
    return None if key in briefed else key


class BriefingTrackers(Trackers):
    """The trackers bar, which also opens the Red briefing once a turn at the start of
    the Blue phase (it is redrawn after every change, so it sees the phase begin)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.briefed: set[tuple[int, str]] = set()

    def on_mount(self) -> None:
        # The briefing may fall due while another screen covers the board (a lesson's
        # note, a result): look again whenever the board comes back on top.
        self.app.screen_change_signal.subscribe(self, self._screen_changed)

    def _screen_changed(self, screen: Any) -> None:
        # Published while a screen is popped, before its dismiss callback (a lesson's next
        # note) runs: look once the callbacks are done.
        self.app.call_later(self._check)

    def refresh_view(self) -> None:
        super().refresh_view()
        self._check()

    def _check(self) -> None:
        if due(self, self.briefed) is not None:
            self.app.call_later(self._brief)

    def _brief(self) -> None:
        # Asked again: a lesson's note may have come on top since (then the next screen
        # change looks again, and the briefing is not lost).
        key = due(self, self.briefed)
        if key is not None:
            self.briefed.add(key)
            self.app.push_screen(BriefingScreen())
