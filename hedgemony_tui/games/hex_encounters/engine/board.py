"""The map as the rules use it: hexes by printed label, terrain, roads, the river and its
bridges, towns and edges, built on the table's hex kit (``table.hexgrid``); and the map
checker. Hexes are named by their printed labels ("0905") everywhere in the state."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import attrs

from hedgemony_tui.table.hexgrid import Hex, HexMap, HexsideFeatures, distance, hex_at, label_of

if TYPE_CHECKING:
    from .data import GameData

ROAD, RIVER, BRIDGE = "road", "river", "bridge"


@attrs.frozen(eq=False)
class Board:
    """Everything about the map that never changes in a game, with lookups by label
    precomputed (the bots ask these questions thousands of times a game)."""

    hexmap: HexMap
    layout: str
    labels: tuple[str, ...]
    towns: dict[str, str]  # hex label -> town name
    bridges: tuple[str, ...]  # bridge ids "0905-1005"
    red_entry: str
    blue_exits: tuple[str, ...]
    label_set: frozenset[str] = attrs.field(init=False)
    terrain_of: dict[str, str] = attrs.field(init=False)
    nbrs: dict[str, tuple[str, ...]] = attrs.field(init=False)
    hex_of: dict[str, Hex] = attrs.field(init=False)
    label_at: dict[Hex, str] = attrs.field(init=False)
    links: dict[tuple[str, str], frozenset[str]] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        hex_of = {label: hex_at(label, self.layout) for label in self.labels}  # type: ignore[arg-type]
        object.__setattr__(self, "hex_of", hex_of)
        object.__setattr__(self, "label_set", frozenset(self.labels))
        object.__setattr__(self, "label_at", {h: k for k, h in hex_of.items()})
        links: dict[tuple[str, str], frozenset[str]] = {}
        for side in self.hexmap.sides:
            a, b = (label_of(h, self.layout) for h in side.hexes)  # type: ignore[arg-type]
            links[(a, b)] = links[(b, a)] = self.hexmap.sides[side]
        object.__setattr__(self, "links", links)
        object.__setattr__(self, "terrain_of", {k: self.hexmap.terrain_at(h) for k, h in hex_of.items()})
        object.__setattr__(
            self,
            "nbrs",
            {
                k: tuple(
                    label_of(n, self.layout)  # type: ignore[arg-type]
                    for n in self.hexmap.neighbours(h)
                )
                for k, h in hex_of.items()
            },
        )

    def hex(self, label: str) -> Hex:
        return self.hex_of[label]

    def label(self, h: Hex) -> str:
        return self.label_at.get(h) or label_of(h, self.layout)  # type: ignore[arg-type]

    def on_map(self, label: str) -> bool:
        return label in self.label_set

    def terrain(self, label: str) -> str:
        return self.terrain_of[label]

    def neighbours(self, label: str) -> tuple[str, ...]:
        return self.nbrs[label]

    def distance(self, a: str, b: str) -> int:
        return distance(self.hex_of[a], self.hex_of[b])

    def road(self, a: str, b: str) -> bool:
        return ROAD in self.links.get((a, b), ())

    def river(self, a: str, b: str) -> bool:
        return RIVER in self.links.get((a, b), ())

    def bridge(self, a: str, b: str) -> str:
        """The bridge id between two adjacent hexes, or ""."""
        if BRIDGE not in self.links.get((a, b), ()):
            return ""
        return "-".join(sorted((a, b)))

    def urban(self, label: str) -> bool:
        return self.terrain_of[label] in ("light-urban", "heavy-urban")

    def road_hexes(self) -> frozenset[str]:
        return frozenset(self.label(a) for side in self.hexmap.sides.sides_with(ROAD) for a in side.hexes)


def _label(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def build_board(data: GameData) -> Board:
    m = data.map
    layout = m.layout
    terrain = {}
    for r, line in enumerate(m.terrain, start=1):
        for c, name in enumerate(line, start=1):
            terrain[hex_at(_label(c, r), layout)] = name  # type: ignore[arg-type]
    marks = []
    for road in m.roads:
        for a, b in zip(road.hexes, road.hexes[1:]):
            ha, hb = hex_at(a, layout), hex_at(b, layout)  # type: ignore[arg-type]
            if distance(ha, hb) == 1 and ha in terrain and hb in terrain:
                marks.append((ha, hb, ROAD))
    west, east = m.river_columns
    for r in range(1, m.rows + 1):
        h = hex_at(_label(west, r), layout)  # type: ignore[arg-type]
        for n in h.neighbours():
            if n in terrain and label_of(n, layout).startswith(f"{east:02d}"):  # type: ignore[arg-type]
                marks.append((h, n, RIVER))
    bridge_ids = []
    for a, b in m.bridges:
        ha, hb = hex_at(a, layout), hex_at(b, layout)  # type: ignore[arg-type]
        if distance(ha, hb) == 1 and ha in terrain and hb in terrain:
            marks.append((ha, hb, BRIDGE))
            bridge_ids.append("-".join(sorted((a, b))))
    hexmap = HexMap(terrain, HexsideFeatures.from_entries(marks))
    labels = tuple(sorted(label_of(h, layout) for h in terrain))  # type: ignore[arg-type]
    return Board(
        hexmap,
        layout,
        labels,
        {t.hex: t.name for t in m.towns},
        tuple(sorted(bridge_ids)),
        m.red_entry,
        tuple(m.blue_exits),
    )


@lru_cache(maxsize=1)
def board() -> Board:
    from .data import game_data

    return build_board(game_data())


def check_map(data: GameData) -> list[str]:
    """Every problem with the map: its grid, roads, river, bridges, towns and edges."""
    m = data.map
    found: list[str] = []
    if m.layout not in ("odd-q", "even-q", "odd-r", "even-r"):
        return [f"map.toml: unknown layout {m.layout!r}"]
    if len(m.terrain) != m.rows:
        found.append(f"map.toml: {len(m.terrain)} terrain rows, expected {m.rows}")
    found += [
        f"map.toml: terrain row {i} has {len(line)} hexes, expected {m.columns}"
        for i, line in enumerate(m.terrain, start=1)
        if len(line) != m.columns
    ]
    labels = {_label(c, r) for r in range(1, m.rows + 1) for c in range(1, m.columns + 1)}

    def known(label: str, where: str) -> bool:
        if label not in labels:
            found.append(f"map.toml: {where} names {label!r}, which is not a hex of the map")
            return False
        return True

    def adjacent(a: str, b: str) -> bool:
        return distance(hex_at(a, m.layout), hex_at(b, m.layout)) == 1  # type: ignore[arg-type]

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
