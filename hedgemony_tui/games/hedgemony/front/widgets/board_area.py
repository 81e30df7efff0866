"""Hedgemony's board on the game screen: the map with its AOR legend, and the place
panel above the decision panel (the selected place's forces and the choices that
concern it now)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..context import content
from .board import BoardMap


class PlacePanel(Vertical):
    """The selected place: its forces, and the keyboard holder's choices that touch it."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.place: str | None = None
        self.place_options: list[tuple[Any, str]] = []

    def compose(self) -> ComposeResult:
        yield Static(id="place-info")
        yield OptionList(id="place-actions")

    def show_place(self, place: str | None = None) -> None:
        from ..render.board import stack_words
        from ..render.intents import touches

        if place is not None:
            self.place = place
        place = self.place
        info = self.query_one("#place-info", Static)
        actions = self.query_one("#place-actions", OptionList)
        actions.clear_options()
        self.place_options = []
        if not place:
            info.update(Text("Select a place on the map (F9, then arrows, or a click).", "dim"))
            actions.display = False
            return
        table: Any = self.app
        seen = table.seen_state()
        loc = content(table).scenario.board.location(place)
        text = Text(f"{loc.name}", "bold yellow")
        text.append(f"  {loc.aor}\n", "dim")
        here = [s for s in seen.stacks if s.location == place]
        for s in here:
            text.append(f"{s.owner} {stack_words(s, seen.turn)}  ", "bold")
            text.append(f"{s.id}, home {s.home}\n", "dim")
        if not here:
            text.append("no forces\n", "dim")
        ids = {s.id for s in here}
        self.place_options = [(i, label) for i, label in table.my_options() if touches(i, place, ids)]
        if self.place_options:
            text.append(f"{len(self.place_options)} choices here now:", "italic")
        info.update(text)
        actions.add_options([Option(label) for _, label in self.place_options])
        actions.display = bool(self.place_options)

    def refresh_view(self) -> None:
        self.show_place()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "place-actions":
            event.stop()
            if 0 <= event.option_index < len(self.place_options):
                table: Any = self.app
                table.choose(self.place_options[event.option_index][0])


class MapArea(Vertical):
    """The map and its legend; a place selected on it shows in the place panel."""

    def __init__(self, panel: PlacePanel, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.panel = panel

    def compose(self) -> ComposeResult:
        yield BoardMap(content(self.app).scenario, id="board")
        yield Static(id="legend")

    def on_mount(self) -> None:
        from ..render.board import aor_legend

        self.query_one("#legend", Static).update(aor_legend(content(self.app).scenario))

    def refresh_view(self) -> None:
        seen: Any = self.app.seen_state()  # type: ignore[attr-defined]
        self.query_one(BoardMap).show(seen.stacks, seen.turn)

    def on_board_map_selected(self, event: BoardMap.Selected) -> None:
        self.panel.show_place(event.location)
