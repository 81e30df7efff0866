"""The map widget: draws the board at its own size; arrows or a click select a location."""

from __future__ import annotations

from textual.binding import Binding
from textual.events import Click, Resize
from textual.message import Message
from textual.widget import Widget


class BoardMap(Widget, can_focus=True):
    """Shows ``stacks`` on the scenario's board; posts :class:`Selected` when the selection changes."""

    BINDINGS = [
        Binding("right", "move(1, 0)", "Next place east", id="map.east", show=False),
        Binding("left", "move(-1, 0)", "Next place west", id="map.west", show=False),
        Binding("down", "move(0, 1)", "Next place south", id="map.south", show=False),
        Binding("up", "move(0, -1)", "Next place north", id="map.north", show=False),
    ]

    class Selected(Message):
        def __init__(self, location: str) -> None:
            super().__init__()
            self.location = location

    def __init__(self, scenario, **kwargs) -> None:
        super().__init__(**kwargs)
        self.scenario = scenario
        self.stacks: tuple = ()
        self.turn = 1
        self.selected: str | None = None

    def show(self, stacks, turn: int) -> None:
        self.stacks = tuple(stacks)
        self.turn = turn
        self.refresh()

    def render(self):
        from ..render.board import board_map

        return board_map(self.scenario, self.stacks, self.turn, self.size.width, self.size.height, self.selected)

    def on_resize(self, event: Resize) -> None:
        self.refresh()

    def select(self, location: str | None) -> None:
        self.selected = location
        self.refresh()
        if location:
            self.post_message(self.Selected(location))

    def action_move(self, dx: int, dy: int) -> None:
        """Jump to the nearest place in that direction (places are not on a regular grid)."""
        from ..render.board import location_cells

        cells = location_cells(self.scenario, max(20, self.size.width), max(8, self.size.height))
        if self.selected not in cells:
            first = min(cells, key=lambda k: (cells[k][0], cells[k][1]))
            self.select(first)
            return
        x, y = cells[self.selected]
        best, found = None, None
        for loc_id, (cx, cy) in cells.items():
            ahead = (cx - x) * dx + (cy - y) * dy
            if loc_id == self.selected or ahead <= 0:
                continue
            side = abs((cx - x) * dy) + abs((cy - y) * dx)
            score = ahead + 3 * side
            if best is None or score < best:
                best, found = score, loc_id
        if found:
            self.select(found)

    def on_click(self, event: Click) -> None:
        from ..render.board import nearest_location

        offset = event.get_content_offset(self)  # the map is drawn inside the border
        self.focus()
        if offset is None:
            return
        found = nearest_location(self.scenario, self.size.width, self.size.height, offset.x, offset.y)
        if found:
            self.select(found)
