"""A player's placemat screen (resources, tracks, readiness, signals, effects, victory)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from hedgemony_tui.shell.front import table_of

from ..context import content, player_to_show
from ..render.placemat import placemat


class PlacematScreen(Screen[None]):
    GUIDE_TOPIC = "placemat"  # F1: the rules guide opens at this section
    BINDINGS = [
        Binding("escape", "back", "Board", id="placemat.back"),
        Binding("right", "cycle(1)", "Next player", id="placemat.next"),
        Binding("left", "cycle(-1)", "Previous player", id="placemat.previous"),
    ]
    HELP = """# Placemat

One player's mat: Resource Points and the per-turn allocation, Influence Points, the
National Tech Level and Critical Capability tracks, U.S. readiness tiers, the signaled
cards, effects in force with the turns they have left, cards waiting on a cooldown, the
starting conditions, and the victory conditions judged on the board as it is now.

**Left/Right** show another player's mat (what you may see of it); **Esc** back."""

    def __init__(self, player: str | None = None) -> None:
        super().__init__()
        self.wanted = player  # the mat asked for (None: the keyboard holder's)
        self.player = ""  # the mat shown: settled on mount

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="placemat-scroll"):
            yield Static(id="placemat")
        yield Footer()

    def on_mount(self) -> None:
        self.ready = True
        self.player = player_to_show(table_of(self), self.wanted)
        self.refresh_state()

    def refresh_state(self) -> None:
        table = table_of(self)
        # No game in play (the app between games): nothing to draw. ``session`` is the shell's.
        if not getattr(self, "ready", False) or getattr(self.app, "session", None) is None:
            return
        seen = table.seen_state()
        self.query_one("#placemat", Static).update(placemat(seen, content(table), self.player))

    def action_cycle(self, step: int) -> None:
        players = content(table_of(self)).scenario.player_ids
        self.player = players[(players.index(self.player) + step) % len(players)]
        self.refresh_state()

    def action_back(self) -> None:
        self.app.pop_screen()
