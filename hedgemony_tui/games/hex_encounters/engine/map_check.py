"""The map checker: every problem with the map as ``map.toml`` gives it, in words. Read by
``data.py`` as it loads the data, below ``board.py`` (which builds the map from them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hedgemony_tui.table.hexgrid import distance, hex_at, is_layout

if TYPE_CHECKING:
    from .data import GameData


def label_at(col: int, row: int) -> str:
    """The printed label of the hex at column ``col``, row ``row`` ("0905")."""
    return f"{col:02d}{row:02d}"


def check_map(data: GameData) -> list[str]:
    """Every problem with the map: its grid, roads, river, bridges, towns and edges."""
    m = data.map
    found: list[str] = []
    layout = m.layout
    if not is_layout(layout):
        return [f"map.toml: unknown layout {layout!r}"]
    if len(m.terrain) != m.rows:
        found.append(f"map.toml: {len(m.terrain)} terrain rows, expected {m.rows}")
    found += [
        f"map.toml: terrain row {i} has {len(line)} hexes, expected {m.columns}"
        for i, line in enumerate(m.terrain, start=1)
        if len(line) != m.columns
    ]
    labels = {label_at(c, r) for r in range(1, m.rows + 1) for c in range(1, m.columns + 1)}

    def known(label: str, where: str) -> bool:
        if label not in labels:
            found.append(f"map.toml: {where} names {label!r}, which is not a hex of the map")
            return False
        return True

    def adjacent(a: str, b: str) -> bool:
        return distance(hex_at(a, layout), hex_at(b, layout)) == 1

    for road in m.roads:
        if len(road.hexes) < 2:
            found.append(f"map.toml: road {road.name!r} has fewer than two hexes")
        for a, b in zip(road.hexes, road.hexes[1:]):
            if known(a, f"road {road.name!r}") and known(b, f"road {road.name!r}") and not adjacent(a, b):
                found.append(f"map.toml: road {road.name!r} jumps from {a} to {b}, which are not adjacent")
    west, east = m.river_columns
    if east != west + 1 or not 1 <= west < m.columns:
        found.append(f"map.toml: the river must run between two neighbouring columns, not {west} and {east}")
    for a, b in m.bridges:
        if known(a, "a bridge") and known(b, "a bridge"):
            cols = sorted((int(a[:2]), int(b[:2])))
            if not adjacent(a, b) or cols != [west, east]:
                found.append(f"map.toml: bridge {a}-{b} does not cross the river")
            elif not any(a in road.hexes and b in road.hexes for road in m.roads):
                found.append(f"map.toml: bridge {a}-{b} carries no road")
    for town in m.towns:
        known(town.hex, f"town {town.name!r}")
    if known(m.red_entry, "red_entry") and int(m.red_entry[:2]) != 1:
        found.append(f"map.toml: red_entry {m.red_entry} is not on the west edge")
    on_road = {h for road in m.roads for h in road.hexes}
    if m.red_entry not in on_road:
        found.append(f"map.toml: red_entry {m.red_entry} is not on a road")
    if not m.blue_exits:
        found.append("map.toml: no blue_exits (the east edge's road hexes)")
    for label in m.blue_exits:
        if known(label, "blue_exits") and (int(label[:2]) != m.columns or label not in on_road):
            found.append(f"map.toml: exit {label} is not a road hex on the east edge")
    return found
