"""The Grand Game's map drawn narrow, for the board column beside the decision panel.

:func:`~.map_view.draw_map` needs ten characters a grid cell (100 columns for the whole
Continent); the game screen's board column has 56 at 100 columns and 76 at 120. This draws
the same grid, the same borders, rivers, canal, sea and overlays (:class:`~.map_grid.Grid`),
with cells as narrow as five characters: a territory's name cut to what fits (its marks
follow when there is room), then the holder's letter and the overlay's words. The full map
is still :func:`~.map_view.draw_map`, on its own screen.
"""

from __future__ import annotations

from rich.text import Text

from ..engine.map import GameMap
from .map_grid import Grid
from .map_inputs import OVERLAYS, OWNERS, MapView, OverlayError, units_words
from .map_legend import _wrap, overlay_items, terrain_items

MIN_ACROSS, MAX_ACROSS, DOWN = 5, 10, 3
NAME_ROOM = 4
"""A name keeps at least this many letters before any mark is drawn beside it."""


class CompactGrid(Grid):
    """:class:`Grid` with names cut to fit narrow cells and the marks kept only where they fit."""

    def label(self, territory: str, x: int, y: int) -> None:
        if territory in self.m.seas or self.across >= MAX_ACROSS:
            super().label(territory, x, y)
            return
        px, py = x * self.across, y * self.down
        room = self.across - 1
        ground = self.ground(territory)
        land = self.m.lands[territory]
        capital = any(c.capital == territory for c in self.m.countries.values())
        marks = ("★" if capital else "") + ("Ψ" if land.is_port else "●" if land.is_city and not capital else "")
        marks += ("▲" if land.mountain else "") + ("#" if territory in self.links else "")
        name_room = min(len(land.name), max(NAME_ROOM, room - len(marks)))
        marks = marks[: max(0, room - name_room)]
        self.canvas.put(px, py, land.name[:name_room].ljust(room - len(marks)), f"bold {ground}")
        self.canvas.put(px + room - len(marks), py, marks, f"#d0d0d0 {self.back(territory)}")
        holder = self.holders.get(territory)
        self.canvas.put(px, py + 1, self.view.letter(holder), f"{self.view.ink(holder)} {self.back(territory)}")
        words = self.overlay_words(territory, holder, room - 1)
        # A space after the holder's letter when it fits ("K Z2", "L LW◧"), else none ("LLW◧").
        self.canvas.put(px + (2 if len(words) <= room - 2 else 1), py + 1, words, ground)

    def overlay_words(self, territory: str, holder: str | None, room: int) -> str:
        if self.view.overlay == OWNERS:
            return units_words(self.view, territory, holder, room)
        return super().overlay_words(territory, holder, room)


def compact_size(m: GameMap, width: int) -> int:
    """Characters across a cell so the whole map fits ``width`` (at least five)."""
    return max(MIN_ACROSS, min(MAX_ACROSS, width // m.columns))


def draw_compact(view: MapView, width: int) -> Text:
    """The map in at most ``width`` columns where it can (five characters a cell at the least:
    50 columns for the Continent), then the overlay's key wrapped to ``width``."""
    if view.overlay not in OVERLAYS:
        raise OverlayError(f"there is no {view.overlay!r} overlay (allowed: {', '.join(OVERLAYS)})")
    across = compact_size(view.game_map, width)
    out = Text(no_wrap=True, overflow="crop", end="")
    lines = CompactGrid(view, across, DOWN).draw() + _wrap(overlay_items(view), max(20, width))
    for line in lines:
        out.append_text(line)
        out.append("\n")
    out.rstrip()
    return out


def terrain_key(width: int) -> Text:
    """The marks every overlay draws, wrapped to ``width``."""
    out = Text(no_wrap=True, overflow="crop", end="")
    for line in _wrap(terrain_items(), max(20, width)):
        out.append_text(line)
        out.append("\n")
    out.rstrip()
    return out
