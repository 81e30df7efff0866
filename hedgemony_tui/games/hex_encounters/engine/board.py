"""The map as the rules use it: hexes by printed label, terrain, roads, the river and its
bridges, towns and edges, built on the table's hex kit (``table.hexgrid``) from the data
``data.py`` reads (and checks with ``map_check.py``). Hexes are named by their printed
labels ("0905") everywhere in the state."""

from __future__ import annotations

from functools import lru_cache

import attrs

from hedgemony_tui.table.hexgrid import Hex, HexMap, HexsideFeatures, Layout, distance, hex_at, is_layout, label_of

from .data import GameData, game_data
from .map_check import label_at

ROAD, RIVER, BRIDGE = "road", "river", "bridge"


@attrs.frozen(eq=False)
class Board:
    """Everything about the map that never changes in a game, with lookups by label
    precomputed (the bots ask these questions thousands of times a game)."""

    hexmap: HexMap
    layout: Layout
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
        hex_of = {label: hex_at(label, self.layout) for label in self.labels}
        object.__setattr__(self, "hex_of", hex_of)
        object.__setattr__(self, "label_set", frozenset(self.labels))
        object.__setattr__(self, "label_at", {h: k for k, h in hex_of.items()})
        links: dict[tuple[str, str], frozenset[str]] = {}
        for side in self.hexmap.sides:
            a, b = (label_of(h, self.layout) for h in side.hexes)
            links[(a, b)] = links[(b, a)] = self.hexmap.sides[side]
        object.__setattr__(self, "links", links)
        object.__setattr__(self, "terrain_of", {k: self.hexmap.terrain_at(h) for k, h in hex_of.items()})
        object.__setattr__(
            self,
            "nbrs",
            {k: tuple(label_of(n, self.layout) for n in self.hexmap.neighbours(h)) for k, h in hex_of.items()},
        )

    def hex(self, label: str) -> Hex:
        return self.hex_of[label]

    def label(self, h: Hex) -> str:
        return self.label_at.get(h) or label_of(h, self.layout)

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


def build_board(data: GameData) -> Board:
    m = data.map
    layout = m.layout
    assert is_layout(layout), f"unknown layout {layout!r}"  # the data's check (map_check) refuses any other
    terrain = {}
    for r, line in enumerate(m.terrain, start=1):
        for c, name in enumerate(line, start=1):
            terrain[hex_at(label_at(c, r), layout)] = name
    marks = []
    for road in m.roads:
        for a, b in zip(road.hexes, road.hexes[1:]):
            ha, hb = hex_at(a, layout), hex_at(b, layout)
            if distance(ha, hb) == 1 and ha in terrain and hb in terrain:
                marks.append((ha, hb, ROAD))
    west, east = m.river_columns
    for r in range(1, m.rows + 1):
        h = hex_at(label_at(west, r), layout)
        for n in h.neighbours():
            if n in terrain and label_of(n, layout).startswith(f"{east:02d}"):
                marks.append((h, n, RIVER))
    bridge_ids = []
    for a, b in m.bridges:
        ha, hb = hex_at(a, layout), hex_at(b, layout)
        if distance(ha, hb) == 1 and ha in terrain and hb in terrain:
            marks.append((ha, hb, BRIDGE))
            bridge_ids.append("-".join(sorted((a, b))))
    hexmap = HexMap(terrain, HexsideFeatures.from_entries(marks))
    labels = tuple(sorted(label_of(h, layout) for h in terrain))
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
    """The shipped map, built once."""
    return build_board(game_data())
