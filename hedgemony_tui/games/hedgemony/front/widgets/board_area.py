"""Hedgemony's board on the game screen: the map with its key lines (symbols, and the
marks of the forces), and the place panel above the decision panel (the card a pending
decision is about, the selected place's forces and the choices that concern it now;
with no place selected, the key of the short names the map writes for want of room)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.events import DescendantBlur, DescendantFocus, Resize
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from hedgemony_tui.shell.front import table_of

from ...engine.names import forces as forces_words
from ...engine.names import place as place_name
from ..context import content
from ..render.board import STACK_LEGEND, aor_legend, map_fit, stack_legend, stack_words
from ..render.intents import touches
from ..render.map_data import MapDataError
from ..render.map_layout import MODES
from ..render.pending_card import pending_card
from .board import BoardMap

MAP_KEYS = " MAP  ↑↓ place  ←→ column  Enter detail  Esc decisions "


class PlacePanel(Vertical):
    """The selected place: its forces, and the keyboard holder's choices that touch it."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.place: str | None = None
        self.place_options: list[tuple[Any, str]] = []
        self.marks_here = False  # the map has no row for the marks' legend: this panel shows it

    def compose(self) -> ComposeResult:
        yield Static(id="pending-card")
        yield Static(id="place-info")
        yield OptionList(id="place-actions")

    def show_card(self) -> None:
        """The card the keyboard holder's pending decision is about, while there is one."""
        table = table_of(self)
        box = self.query_one("#pending-card", Static)
        drawn = pending_card(table.seen_state(), content(table)) if table.my_options() else None
        box.display = drawn is not None
        box.update(drawn if drawn is not None else "")

    def _map_keys(self) -> list[Text]:
        """The key of the short names the map writes (none when it writes the menus'
        names), and the marks' legend when the map had no row for it; none while the
        card of a pending decision is shown above."""
        if self.query_one("#pending-card", Static).display:
            return []  # the card of the decision has the room meanwhile (the decisions need the rest)
        maps = self.screen.query(BoardMap)
        names = maps.first().short_names if maps else {}
        keys = []
        if names:
            keys.append(Text("On the map: " + " · ".join(f"{short} = {full}" for short, full in names.items()), "dim"))
        if self.marks_here:  # the panel's lines wrap: the legend in full
            keys.append(Text(" · ".join(STACK_LEGEND[1]), "dim"))
        return keys

    def show_place(self, place: str | None = None) -> None:
        if place is not None:
            self.place = place
        place = self.place
        info = self.query_one("#place-info", Static)
        actions = self.query_one("#place-actions", OptionList)
        actions.clear_options()
        self.place_options = []
        if not place:
            info.update(
                Text("\n", end="").join(
                    [Text("F9: the map (arrows pick a place, Enter its detail).", "dim"), *self._map_keys()]
                )
            )
            actions.display = False
            return
        table = table_of(self)
        seen = table.seen_state()
        board = content(table).scenario.board
        loc = board.location(place)
        text = Text(f"{loc.name}", "bold yellow")
        text.append(f"  {place_name(content(table), loc.aor)}\n", "dim")
        here = [s for s in seen.stacks if s.location == place]
        for s in here:
            # In words ("14 FF M3"), not the map's short "14×M3"; no stack ids.
            words = stack_words(s, seen.turn).replace(f"{s.ffs}×M{s.mod}", forces_words(s.ffs, s.mod), 1)
            text.append(f"{s.owner} {words}  ", "bold")
            text.append(f"home {place_name(content(table), s.home)}\n", "dim")
        if not here:
            text.append("no forces\n", "dim")
        for key in self._map_keys():  # under a place too
            text.append_text(key)
            text.append("\n")
        ids = {s.id for s in here}
        self.place_options = [(i, label) for i, label in table.my_options() if touches(i, place, ids)]
        if self.place_options:
            text.append(f"{len(self.place_options)} choices here now:", "italic")
        info.update(text)
        actions.add_options([Option(label) for _, label in self.place_options])
        actions.display = bool(self.place_options)

    def refresh_view(self) -> None:
        self.show_card()
        self.show_place()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "place-actions":
            event.stop()
            if 0 <= event.option_index < len(self.place_options):
                table_of(self).choose(self.place_options[event.option_index][0])


class MapArea(Vertical):
    """The map and its key line; a place selected on it shows in the place panel."""

    def __init__(self, panel: PlacePanel, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.panel = panel

    def compose(self) -> ComposeResult:
        yield BoardMap(content(table_of(self)).scenario, id="board")
        yield Static(id="legend")

    def on_mount(self) -> None:
        self._legend()

    def on_resize(self, event: Resize) -> None:
        self._legend()

    def _legend(self) -> None:
        """The map's symbols (while the map has the keys, the keys it takes), and under
        them the marks of the forces on a place's line."""
        legend = self.query_one("#legend", Static)
        width = self.size.width or 200
        if self.query_one(BoardMap).has_focus:
            top = Text(MAP_KEYS[:width], "bold reverse", no_wrap=True, overflow="crop")
        else:
            top = aor_legend(width)
        below = self._marks_below()
        legend.styles.height = 2 if below else 1
        legend.update(Text("\n", no_wrap=True).join([top, stack_legend(width)]) if below else top)
        if self.panel.marks_here == below:
            self.panel.marks_here = not below
            self.panel.show_place()

    def _marks_below(self) -> bool:
        """Whether the marks' line fits under the map: not when that row would cost the map
        its layout or its frames' borders (the place panel then carries the line)."""
        width, height = self.size.width, self.size.height
        if not width or not height:
            return True
        try:
            spec = self.query_one(BoardMap).spec()
        except MapDataError:
            return True
        board = content(table_of(self)).scenario.board
        fit = map_fit(spec, board, width, height - 2)
        # Not when the map cannot place everything even so: then the row goes to the map.
        return fit == map_fit(spec, board, width, height - 1) and fit[0] < len(MODES)

    def on_descendant_focus(self, event: DescendantFocus) -> None:
        self._legend()

    def on_descendant_blur(self, event: DescendantBlur) -> None:
        self._legend()

    def refresh_view(self) -> None:
        self.query_one(BoardMap).show(table_of(self).seen_state())

    def on_board_map_selected(self, event: BoardMap.Selected) -> None:
        self.panel.show_place(event.location)

    def on_board_map_renamed(self, event: BoardMap.Renamed) -> None:
        self.panel.show_place()  # with no place selected it shows the key of the short names

    def on_board_map_leave(self, event: BoardMap.Leave) -> None:
        found = self.screen.query("#decision-filter")
        if found:
            found.first().focus()
        else:
            self.screen.focus_next()
