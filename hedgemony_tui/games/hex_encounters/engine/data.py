"""The game's data (map, units and order of battle, printed tables, scenario) as attrs
objects, read from ``data/hex-encounters/*.toml``, and the checker that names every
problem in them at once rather than stopping at the first."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import attrs

from hedgemony_tui.table.errors import RulesDataError
from hedgemony_tui.table.resources import data_dir

from .map_check import check_map

GAME_ID = "hex-encounters"
TERRAINS = ("open", "woods", "hills", "woods-hills", "light-urban", "heavy-urban")
ABILITIES = ("recce", "armor", "mech", "artillery", "militia", "engineers")
SEATS = ("RED134", "RED218", "BLUE", "GREEN")
SIDES = ("red", "blue")
LOSERS = ("attacker", "defender", "both")


class HexDataError(RulesDataError):
    """The game's data files break the rules of their format (every problem is named)."""


@attrs.frozen
class UnitType:
    id: str
    name: str
    cp: int
    mp: int
    cohesion: int
    ability: str


@attrs.frozen
class Formation:
    seat: str
    name: str
    side: str
    reinforcement: int
    blocks: tuple[str, ...]


@attrs.frozen
class Road:
    name: str
    hexes: tuple[str, ...]


@attrs.frozen
class Town:
    name: str
    hex: str


@attrs.frozen
class MapData:
    layout: str
    columns: int
    rows: int
    terrain: tuple[tuple[str, ...], ...]  # terrain names, [row][column]
    roads: tuple[Road, ...]
    river_columns: tuple[int, int]
    bridges: tuple[tuple[str, str], ...]
    towns: tuple[Town, ...]
    red_entry: str
    blue_exits: tuple[str, ...]


@attrs.frozen
class CrtColumn:
    column: str
    loser: str
    retreat: int


@attrs.frozen
class Tables:
    crt: tuple[CrtColumn, ...]
    terrain_shift: Mapping[str, int]
    bridge_shift: int
    per_cohesion_lost: int
    non_adjacent_hexes: int
    ability_shift: int
    move_cost: Mapping[str, float]
    road_cost: float
    ferry_cost: float
    stacking: Mapping[str, int]
    losses_from: str = "every-unit"  # which enemy units count for "1 cohesion per enemy unit" (R-H5)


LOSS_READINGS = ("every-unit", "in-contact")


@attrs.frozen
class Scenario:
    name: str
    turns: int
    deployment: Mapping[str, tuple[str, ...]]
    deployment_lines: Mapping[str, int]
    exit_cp: int
    red_break_fraction: float
    key_town: str
    other_towns: tuple[str, ...]


@attrs.frozen
class GameData:
    map: MapData
    types: Mapping[str, UnitType]
    formations: tuple[Formation, ...]
    tables: Tables
    scenario: Scenario

    def formation(self, seat: str) -> Formation:
        return next(f for f in self.formations if f.seat == seat)

    def town_hex(self, name: str) -> str:
        return next(t.hex for t in self.map.towns if t.name == name)


class _Reader:
    """Reads fields from TOML tables, noting every problem instead of raising at the first."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def get(self, table: Any, key: str, kind: type | tuple[type, ...], where: str, default: Any = None) -> Any:
        if not isinstance(table, dict):
            self.problems.append(f"{where}: expected a table")
            return default
        if key not in table:
            self.problems.append(f"{where}: '{key}' is missing")
            return default
        value = table[key]
        if isinstance(value, bool) and kind is not bool or not isinstance(value, kind):
            self.problems.append(f"{where}: '{key}' has the wrong kind of value ({value!r})")
            return default
        return value


def _load(name: str, folder: Any, problems: list[str]) -> dict[str, Any]:
    try:
        loaded: dict[str, Any] = tomllib.loads((folder / name).read_text(encoding="utf-8"))
        return loaded
    except FileNotFoundError:
        problems.append(f"{name}: the file is missing")
    except tomllib.TOMLDecodeError as exc:
        problems.append(f"{name}: not valid TOML: {exc}")
    return {}


def read_data(folder: Any) -> tuple[GameData | None, list[str]]:
    """The data in ``folder`` and every problem found reading it (None if unusable)."""
    problems: list[str] = []
    raw = {n: _load(f"{n}.toml", folder, problems) for n in ("map", "units", "tables", "scenario")}
    if problems:
        return None, problems
    r = _Reader()
    m = raw["map"]
    letters = raw["tables"].get("terrain_letters", {})
    grid: list[tuple[str, ...]] = []
    for i, line in enumerate(r.get(m, "terrain", list, "map.toml", [])):
        cells = str(line).split()
        row = []
        for j, letter in enumerate(cells):
            name = letters.get(letter)
            if name not in TERRAINS:
                r.problems.append(f"map.toml: row {i + 1} column {j + 1}: unknown terrain letter {letter!r}")
                name = "open"
            row.append(name)
        grid.append(tuple(row))
    river = r.get(m, "river", dict, "map.toml", {})
    edges = r.get(m, "edges", dict, "map.toml", {})
    cols = r.get(river, "between_columns", list, "map.toml [river]", [9, 10])
    mapdata = MapData(
        layout=r.get(m, "layout", str, "map.toml", "even-q"),
        columns=r.get(m, "columns", int, "map.toml", 0),
        rows=r.get(m, "rows", int, "map.toml", 0),
        terrain=tuple(grid),
        roads=tuple(
            Road(r.get(x, "name", str, "map.toml road", "?"), tuple(r.get(x, "hexes", list, "map.toml road", [])))
            for x in r.get(m, "roads", list, "map.toml", [])
        ),
        river_columns=(int(cols[0]), int(cols[1])) if len(cols) == 2 else (0, 0),
        bridges=tuple(
            (str(b[0]), str(b[1]))
            for b in r.get(river, "bridges", list, "map.toml [river]", [])
            if isinstance(b, list) and len(b) == 2
        ),
        towns=tuple(
            Town(r.get(t, "name", str, "map.toml town", "?"), r.get(t, "hex", str, "map.toml town", ""))
            for t in r.get(m, "towns", list, "map.toml", [])
        ),
        red_entry=r.get(edges, "red_entry", str, "map.toml [edges]", ""),
        blue_exits=tuple(r.get(edges, "blue_exits", list, "map.toml [edges]", [])),
    )
    u = raw["units"]
    abilities = r.get(u, "abilities", dict, "units.toml", {})
    types = {}
    for tid, t in r.get(u, "types", dict, "units.toml", {}).items():
        where = f"units.toml [types.{tid}]"
        types[tid] = UnitType(
            tid,
            r.get(t, "name", str, where, tid),
            r.get(t, "cp", int, where, 0),
            r.get(t, "mp", int, where, 0),
            r.get(t, "cohesion", int, where, 1),
            str(abilities.get(tid, "")),
        )
    formations = tuple(
        Formation(
            r.get(f, "seat", str, "units.toml formation", ""),
            r.get(f, "name", str, "units.toml formation", ""),
            r.get(f, "side", str, "units.toml formation", ""),
            r.get(f, "reinforcement", int, "units.toml formation", 0),
            tuple(r.get(f, "blocks", list, "units.toml formation", [])),
        )
        for f in r.get(u, "formations", list, "units.toml", [])
    )
    t = raw["tables"]
    moves = r.get(t, "move_cost", dict, "tables.toml", {})
    other = r.get(t, "other_shifts", dict, "tables.toml", {})
    tables = Tables(
        crt=tuple(
            CrtColumn(
                r.get(c, "column", str, "tables.toml crt", "?"),
                r.get(c, "loser", str, "tables.toml crt", "both"),
                r.get(c, "retreat", int, "tables.toml crt", 0),
            )
            for c in r.get(t, "crt", list, "tables.toml", [])
        ),
        terrain_shift=dict(r.get(t, "terrain_shift", dict, "tables.toml", {})),
        bridge_shift=r.get(other, "bridge", int, "tables.toml [other_shifts]", 0),
        per_cohesion_lost=r.get(other, "per_cohesion_lost", int, "tables.toml [other_shifts]", 0),
        non_adjacent_hexes=r.get(other, "non_adjacent_hexes", int, "tables.toml [other_shifts]", 0),
        ability_shift=r.get(other, "ability", int, "tables.toml [other_shifts]", 0),
        move_cost={k: float(v) for k, v in moves.items() if k in TERRAINS and isinstance(v, (int, float))},
        road_cost=float(r.get(moves, "road", (int, float), "tables.toml [move_cost]", 0.5)),
        ferry_cost=float(r.get(moves, "ferry", (int, float), "tables.toml [move_cost]", 4)),
        stacking=dict(r.get(t, "stacking", dict, "tables.toml", {})),
        losses_from=r.get(
            r.get(t, "losses", dict, "tables.toml", {}), "from", str, "tables.toml [losses]", "every-unit"
        ),
    )
    s = raw["scenario"]
    victory = r.get(s, "victory", dict, "scenario.toml", {})
    scenario = Scenario(
        name=r.get(s, "name", str, "scenario.toml", "?"),
        turns=r.get(s, "turns", int, "scenario.toml", 8),
        deployment={k: tuple(v) for k, v in r.get(s, "deployment", dict, "scenario.toml", {}).items()},
        deployment_lines=dict(r.get(s, "deployment_lines", dict, "scenario.toml", {})),
        exit_cp=r.get(victory, "exit_cp", int, "scenario.toml [victory]", 8),
        red_break_fraction=float(r.get(victory, "red_break_fraction", (int, float), "scenario.toml [victory]", 0.5)),
        key_town=r.get(victory, "key_town", str, "scenario.toml [victory]", ""),
        other_towns=tuple(r.get(victory, "other_towns", list, "scenario.toml [victory]", [])),
    )
    data = GameData(mapdata, types, formations, tables, scenario)
    problems = r.problems + check_data(data)
    return data, problems


def check_data(data: GameData) -> list[str]:
    """Every problem in ``data``, each in words (empty: the data are sound)."""
    found: list[str] = check_map(data)
    for t in data.types.values():
        if t.ability not in ABILITIES:
            found.append(
                f"units.toml: type {t.id} has no known ability ({t.ability!r}; allowed {', '.join(ABILITIES)})"
            )
        if t.cp < 0 or t.mp < 1 or t.cohesion < 1:
            found.append(f"units.toml: type {t.id} has impossible values {t.cp}/{t.mp}/{t.cohesion}")
    seats = [f.seat for f in data.formations]
    if sorted(seats) != sorted(SEATS):
        found.append(f"units.toml: the formations' seats are {seats}, expected each of {', '.join(SEATS)} once")
    for f in data.formations:
        if f.side not in SIDES:
            found.append(f"units.toml: formation {f.seat} has side {f.side!r}; allowed {', '.join(SIDES)}")
        found += [f"units.toml: formation {f.seat} names unknown type {b!r}" for b in f.blocks if b not in data.types]
    tables = data.tables
    if len(tables.crt) != 11:
        found.append(f"tables.toml: the CRT has {len(tables.crt)} columns, expected 11 (1:4 to 8+:1)")
    found += [
        f"tables.toml: CRT column {c.column} has loser {c.loser!r}; allowed {', '.join(LOSERS)}"
        for c in tables.crt
        if c.loser not in LOSERS
    ]
    found += [
        f"tables.toml: CRT column {c.column} retreats {c.retreat} hexes (0-2 allowed)"
        for c in tables.crt
        if not 0 <= c.retreat <= 2
    ]
    if tables.losses_from not in LOSS_READINGS:
        found.append(f"tables.toml: [losses] from = {tables.losses_from!r}; allowed {', '.join(LOSS_READINGS)}")
    for name, table in (
        ("terrain_shift", tables.terrain_shift),
        ("move_cost", tables.move_cost),
        ("stacking", tables.stacking),
    ):
        missing = [k for k in TERRAINS if k not in table]
        if missing:
            found.append(f"tables.toml: [{name}] lacks {', '.join(missing)}")
    s = data.scenario
    towns = {t.name for t in data.map.towns}
    for name in (s.key_town, *s.other_towns):
        if name not in towns:
            found.append(f"scenario.toml: victory names {name!r}, which is not a town on the map")
    if not 1 <= s.turns <= 30:
        found.append(f"scenario.toml: turns {s.turns} is not 1-30")
    if not 0 < s.red_break_fraction < 1:
        found.append(f"scenario.toml: red_break_fraction {s.red_break_fraction} is not between 0 and 1")
    for f in data.formations:
        if f.side != "blue":
            continue
        hexes = s.deployment.get(f.seat, ())
        if len(hexes) != len(f.blocks):
            found.append(f"scenario.toml: {f.seat} deploys {len(f.blocks)} blocks but lists {len(hexes)} hexes")
        line = s.deployment_lines.get(f.seat)
        if line is None:
            found.append(f"scenario.toml: no deployment line for {f.seat}")
            continue
        for label in hexes:
            if not (len(label) == 4 and label.isdigit()) or int(label[:2]) < line:
                found.append(f"scenario.toml: {f.seat} deploys at {label!r}, west of its line (column {line})")
    return found


@lru_cache(maxsize=1)
def game_data() -> GameData:
    """The shipped data, read once; HexDataError naming every problem if any."""
    data, problems = read_data(data_dir(GAME_ID))
    if problems or data is None:
        raise HexDataError("data/hex-encounters", "", "; ".join(problems))
    return data
