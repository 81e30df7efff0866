"""The map widget: draws the board at its own size from the seat's view; a cursor moves
between places with the arrows (Up/Down along a column of frames, Left/Right to the
next column), Enter shows the place's detail, a click selects a place."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.events import Click, Resize
from textual.message import Message
from textual.widget import Widget

from ..render.board import draw_map
from ..render.map_data import MapDataError, map_for
from .place_detail import PlaceDetailScreen


class BoardMap(Widget, can_focus=True):
    """Shows the seen state on the scenario's board; posts :class:`Selected` when the
    selection changes and :class:`Leave` when Escape hands the keys back."""

    BINDINGS = [
        Binding("enter", "detail", "Place detail", id="map.detail"),
        Binding("up", "move(0, -1)", "Place above", id="map.north", show=False),
        Binding("down", "move(0, 1)", "Place below", id="map.south", show=False),
        Binding("left", "move(-1, 0)", "Column west", id="map.west", show=False),
        Binding("right", "move(1, 0)", "Column east", id="map.east", show=False),
        Binding("escape", "leave", "Back to decisions", id="map.leave"),
    ]

    class Selected(Message):
        def __init__(self, location: str) -> None:
            super().__init__()
            self.location = location

    class Leave(Message):
        """Escape on the map: the keys go back to the decision panel."""

    class Renamed(Message):
        """The short names the map writes changed (a resize): their key is redrawn."""

    def __init__(self, scenario: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scenario = scenario
        self.seen: Any = None
        self.selected: str | None = None
        self.layout_now: Any = None  # the last drawn layout: where each place's line is
        self._drawn: tuple[Any, Text] | None = None  # (what it was drawn from, the text)
        self.short_names: dict[str, str] = {}  # short name on the map -> the menus' name

    def show(self, seen: Any) -> None:
        self.seen = seen
        self.refresh()

    def spec(self) -> Any:
        return map_for(self.seen.scenario if self.seen is not None else self.scenario.id, self.scenario.board)

    def render(self) -> Text:
        seen = self.seen
        key = (self.size, self.selected)
        if self._drawn is not None and self._drawn[0][0] is seen and self._drawn[0][1] == key:
            return self._drawn[1]
        try:
            text, self.layout_now = draw_map(
                self.scenario,
                seen.stacks if seen else (),
                seen.turn if seen else 1,
                self.size.width,
                self.size.height,
                self.selected,
                spec=self.spec(),
                bases=getattr(seen, "bases", ()),
                proxies=getattr(seen, "proxy_partners", ()),
            )
        except MapDataError as exc:  # a scenario folder's map.toml with mistakes: say which
            self.layout_now = None
            return Text("The map cannot be drawn:\n" + "\n".join(f"• {p}" for p in exc.problems), "bold")
        self._drawn = ((seen, key), text)
        if self.layout_now.short_names != self.short_names:
            self.short_names = dict(self.layout_now.short_names)
            self.post_message(self.Renamed())
        return text

    def on_resize(self, event: Resize) -> None:
        self.refresh()

    def select(self, location: str | None) -> None:
        self.selected = location
        self.refresh()
        if location:
            self.post_message(self.Selected(location))

    def _columns(self) -> list[list[str]]:
        if self.layout_now is None:
            self.render()
        return self.layout_now.columns if self.layout_now is not None else []

    def action_move(self, dx: int, dy: int) -> None:
        """Up/Down: the next place in the column; Left/Right: the nearest line in the next column."""
        columns = [c for c in self._columns() if c]
        if not columns:
            return
        where = next(((i, c.index(self.selected)) for i, c in enumerate(columns) if self.selected in c), None)
        if where is None:
            self.select(columns[0][0])
            return
        col, index = where
        if dy:
            index = max(0, min(len(columns[col]) - 1, index + dy))
            self.select(columns[col][index])
            return
        target = col + dx
        if not 0 <= target < len(columns):
            return
        rows = self.layout_now.rows
        y = rows[self.selected].y
        self.select(min(columns[target], key=lambda p: (abs(rows[p].y - y), rows[p].y)))

    def action_detail(self) -> None:
        if self.selected is None:
            self.action_move(0, 0)
        if self.selected is not None and self.seen is not None:
            self.app.push_screen(PlaceDetailScreen(self.scenario, self.seen, self.selected))

    def action_leave(self) -> None:
        self.post_message(self.Leave())

    def place_cell(self, place: str) -> tuple[int, int] | None:
        """Where ``place``'s mark is drawn now (column, row of the map's content)."""
        self._columns()
        row = self.layout_now.rows.get(place) if self.layout_now is not None else None
        return None if row is None else (row.x, row.y)

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        self.focus()
        if offset is None or self.layout_now is None:
            return
        found = self.layout_now.place_at(offset.x, offset.y)
        if found:
            self.select(found)
