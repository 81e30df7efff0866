"""Gameland's map as data (``data/rescue/map.toml``): hexes named "C-3", land or ocean,
the named places, the starts and the six crisis spaces, with a checker that names every
problem (rules/rescue/README.md X1, X2).

Adjacency comes from the table's hex kit: "C-3" is column 2 (A = 0), row 3 of a
flat-topped map whose odd columns (B, D) sit half a hex lower ("odd-q").
"""

from __future__ import annotations

import tomllib
from collections import deque
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

import attrs

from hedgemony_tui.table import resources
from hedgemony_tui.table.errors import RulesDataError
from hedgemony_tui.table.hexgrid import LAYOUTS, Hex, HexMap, Layout, Offset

from .actors import CRISES, HC, SEATS

LAND = "land"
OCEAN = "ocean"
TERRAINS = (LAND, OCEAN)


class MapError(RulesDataError):
    """A map file that cannot be played: the message lists every problem."""


@attrs.frozen
class Board:
    """A checked map: hex labels in reading order, terrain, neighbours, places."""

    name: str
    columns: str
    rows: int
    layout: Layout
    terrain: Mapping[str, str]
    port: str
    airport: str
    city: str
    staging: tuple[str, ...]
    starts: Mapping[str, str]
    crises: tuple[str, ...]
    """The hex of Crisis 1..6, in order."""
    grid: HexMap = attrs.field(eq=False, repr=False)
    _adjacent: dict[str, tuple[str, ...]] = attrs.field(init=False, eq=False, repr=False, factory=dict)

    def __attrs_post_init__(self) -> None:
        # Adjacency is asked for at every step of every path search: worked out once.
        for label in self.labels():
            found = {self.label_of(h) for h in self.grid.neighbours(self.hex_of(label))}
            self._adjacent[label] = tuple(x for x in self.labels() if x in found)

    def labels(self) -> tuple[str, ...]:
        return tuple(f"{c}-{r}" for r in range(1, self.rows + 1) for c in self.columns)

    def hex_of(self, label: str) -> Hex:
        col, row = _split(label, self.columns)
        return Offset(col, row).to_hex(self.layout)

    def label_of(self, h: Hex) -> str:
        off = Offset.from_hex(h, self.layout)
        return f"{self.columns[off.col]}-{off.row}"

    def neighbours(self, label: str) -> tuple[str, ...]:
        """The hexes next to ``label`` on the map, in reading order."""
        return self._adjacent[label]

    def ocean(self, label: str) -> bool:
        return self.terrain[label] == OCEAN

    def depot_hexes(self) -> tuple[str, ...]:
        """Where tokens can lie on the map: the airport, the port and the staging areas."""
        return (self.airport, self.port, *self.staging)

    def crisis_at(self, label: str) -> int:
        """The crisis number on ``label`` (0: none)."""
        return self.crises.index(label) + 1 if label in self.crises else 0

    def place_name(self, label: str) -> str:
        names = {self.port: "port", self.airport: "airport", self.city: "city centre"}
        names.update({s: "staging area" for s in self.staging})
        return names.get(label, "")


def _split(label: str, columns: str) -> tuple[int, int]:
    letter, _, row = label.partition("-")
    if len(letter) != 1 or letter not in columns or not row.isdigit():
        raise ValueError(f"{label!r} is not a hex like 'C-3'")
    return columns.index(letter), int(row)


def distances(board: Board, start: str, can_enter: Any = None) -> dict[str, int]:
    """Steps from ``start`` to every hex reachable one hex at a time; ``can_enter(a, b)``
    limits the steps (default: every step)."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in board.neighbours(here):
            if there not in seen and (can_enter is None or can_enter(here, there)):
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def map_problems(raw: Mapping[str, Any]) -> list[str]:
    """Every problem of a map file's contents, in words (empty: it can be played)."""
    found: list[str] = []
    columns = raw.get("columns")
    if (
        not isinstance(columns, str)
        or not columns.isalpha()
        or not columns.isupper()
        or len(set(columns)) != len(columns)
    ):
        return ['columns must be distinct capital letters, like "ABCDE"']
    layout = raw.get("layout", "odd-q")
    if layout not in LAYOUTS or not str(layout).endswith("q"):
        found.append(f"layout is odd-q or even-q (flat-topped hexes), not {layout!r}")
    rows = raw.get("terrain")
    if not isinstance(rows, list) or not rows:
        return found + ["terrain must be a list of rows, each a line of words (land or ocean)"]
    terrain: dict[str, str] = {}
    for number, line in enumerate(rows, start=1):
        words = line.split() if isinstance(line, str) else []
        if len(words) != len(columns):
            found.append(f"terrain row {number} has {len(words)} hexes; the map has {len(columns)} columns")
        for letter, word in zip(columns, words):
            if word not in TERRAINS:
                found.append(f"{letter}-{number} is {word!r}: a hex is land or ocean")
            terrain[f"{letter}-{number}"] = word

    def hex_named(value: object, what: str) -> str | None:
        if not isinstance(value, str) or value not in terrain:
            found.append(f"{what} is {value!r}, not a hex of this map (like 'C-3')")
            return None
        if terrain[value] != LAND:
            found.append(f"{what} {value} is {terrain[value]}; it must be land")
        return value

    places = raw.get("places", {})
    places = places if isinstance(places, dict) else {}
    named = [hex_named(places.get(key), key) for key in ("port", "airport", "city")]
    staging = places.get("staging", [])
    if not isinstance(staging, list) or not staging:
        found.append("places.staging must list at least one hex")
        staging = []
    named += [hex_named(s, "a staging area") for s in staging]
    depots = [n for n in named[:2] + named[3:] if n]
    if len(set(depots)) != len(depots):
        found.append("the port, the airport and the staging areas must be different hexes")
    starts = raw.get("starts", {})
    starts = starts if isinstance(starts, dict) else {}
    for seat in SEATS:
        hex_named(starts.get(seat), f"the start of {seat}")
    found += [f"starts names {s!r}, who is not an actor (USM, HN, HC)" for s in starts if s not in SEATS]
    crises = raw.get("crises", {})
    crises = crises if isinstance(crises, dict) else {}
    spots = [hex_named(crises.get(str(n)), f"Crisis {n}") for n in range(1, CRISES + 1)]
    found += [
        f"crises names {k!r}: the crises are 1-{CRISES}"
        for k in crises
        if k not in {str(n) for n in range(1, CRISES + 1)}
    ]
    placed = [s for s in spots if s]
    if len(set(placed)) != len(placed):
        found.append("two crises share a hex")
    if found:
        return found
    board = _board(raw, terrain)
    # The map is a full rectangle, so the US Military and the Host Nation (who cross the
    # ocean) reach every hex; the Humanitarian Community must reach the depots over land
    # alone, or it could never fetch a token without help (R5).
    hc_alone = distances(board, board.starts[HC], lambda a, b: not board.ocean(b))
    for place in (board.port, board.airport, *board.staging):
        if place not in hc_alone:
            found.append(f"{place} cannot be reached by the Humanitarian Community over land")
    return found


def _board(raw: Mapping[str, Any], terrain: dict[str, str]) -> Board:
    columns = raw["columns"]
    layout: Layout = raw.get("layout", "odd-q")
    places = raw["places"]
    rows = len(raw["terrain"])
    cells = {Offset(columns.index(k[0]), int(k[2:])).to_hex(layout): v for k, v in terrain.items()}
    return Board(
        name=str(raw.get("name", "")),
        columns=columns,
        rows=rows,
        layout=layout,
        terrain=dict(terrain),
        port=places["port"],
        airport=places["airport"],
        city=places["city"],
        staging=tuple(places["staging"]),
        starts={s: raw["starts"][s] for s in SEATS},
        crises=tuple(raw["crises"][str(n)] for n in range(1, CRISES + 1)),
        grid=HexMap(cells),
    )


def read_map_text(text: str, where: str = "map.toml") -> Board:
    """A board from a map file's text; MapError listing every problem otherwise."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise MapError(where, "", f"not TOML: {exc}") from None
    found = map_problems(raw)
    if found:
        raise MapError(where, "", "; ".join(found))
    terrain = {
        f"{c}-{r}": w for r, line in enumerate(raw["terrain"], start=1) for c, w in zip(raw["columns"], line.split())
    }
    return _board(raw, terrain)


def check_map_file(path: str | Path) -> list[str]:
    """Every problem of the map file at ``path`` (empty: it can be played)."""
    try:
        raw = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        return [f"cannot read {path}: {exc.strerror or exc}"]
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        return [f"{path} is not TOML: {exc}"]
    return map_problems(raw)


@lru_cache(maxsize=1)
def default_board() -> Board:
    """The shipped map, read and checked once per process."""
    text = (resources.data_dir("rescue") / "map.toml").read_text(encoding="utf-8")
    return read_map_text(text, "data/rescue/map.toml")
