"""The Grand Game's map as an area map on a character grid, with one overlay at a time.

Each grid cell of the map's data is a box of characters (10 x 3 at 100 columns, wider and
taller when there is room): its territory's name and marks on the first line (★ capital,
● city, Ψ port, ▲ mountain, # railroad), then the overlay's line, which always begins
with the holder's letter so owners read without colour. Sea cells are filled with ``~``.
Borders run on each box's right column and bottom line: heavy where two holders meet,
light inside one, ``≈`` along a river and ``‡`` along the canal.

Overlays (:data:`OVERLAYS`): ``owners`` (holders' colours and letters, units), ``air``
(air zones, superiority per zone), ``economy`` (economic zones, control full / partial /
none and damage), ``supply`` (supply counters) and ``rail`` (the rail net drawn as lines).
The game state does not exist yet, so the inputs are plain mappings (:class:`MapView`);
what is not given is left out. The legend under the map is :mod:`.map_legend`'s.
"""

from __future__ import annotations

from rich.text import Text

from .map_grid import Grid, cell_size
from .map_inputs import AIR, ECONOMY, OVERLAYS, OWNERS, RAIL, SUPPLY, MapView, OverlayError
from .map_legend import legend_lines

__all__ = ["AIR", "ECONOMY", "OVERLAYS", "OWNERS", "RAIL", "SUPPLY", "MapView", "OverlayError", "draw_map"]


def draw_map(view: MapView, width: int = 100, height: int = 30) -> Text:
    """The map and its legend in at most ``width`` x ``height`` characters (the map alone
    needs 10 columns and 3 lines per grid cell: 100 x 24 for the shipped map)."""
    if view.overlay not in OVERLAYS:
        raise OverlayError(f"there is no {view.overlay!r} overlay (allowed: {', '.join(OVERLAYS)})")
    legend = legend_lines(view, width)
    across, down = cell_size(view.game_map, width, height, len(legend))
    out = Text(no_wrap=True, overflow="crop", end="")
    for line in [*Grid(view, across, down).draw(), *legend]:
        out.append_text(line)
        out.append("\n")
    out.rstrip()
    return out
