"""A place's detail over the board (Enter on the map): forces by owner, bases, proxy
partners, pins, from the seat at the keyboard's view. Escape or Enter closes it."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from ..render.map_detail import place_detail


class PlaceDetailScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    PlaceDetailScreen { align: center middle; }
    PlaceDetailScreen #place-detail-box {
        width: 76; max-width: 100%; height: auto; max-height: 100%;
        border: thick $accent; background: $panel; padding: 0 1;
    }
    PlaceDetailScreen #place-detail-scroll { height: auto; max-height: 100%; }
    """
    BINDINGS = [
        Binding("escape", "close", "Close", id="place-detail.close"),
        Binding("enter", "close", "Close", show=False, id="place-detail.enter"),
    ]

    def __init__(self, scenario: Any, seen: Any, place: str) -> None:
        super().__init__()
        self.scenario, self.seen, self.place = scenario, seen, place

    def compose(self) -> ComposeResult:
        with Vertical(id="place-detail-box"):
            with VerticalScroll(id="place-detail-scroll"):
                yield Static(place_detail(self.scenario, self.seen, self.place), id="place-detail")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
