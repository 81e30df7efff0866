"""A scenario and its board as typed, frozen data, read and checked from TOML.

A scenario folder holds ``board.toml`` (the AORs, which of them border each other,
and the named locations) and ``scenario.toml`` (the players' starting conditions,
the force laydown, the optional rules and the victory conditions). The default
scenario is the rulebook's appendix, Tables A.1 and A.2.

:func:`load_scenario` reads a folder and checks every value; the first problem
raises :class:`~hedgemony_tui.table.errors.ScenarioError` naming the file, the key
path and what is allowed. The victory conditions are a small tagged language,
described in ``data/hedgemony/scenarios/default/scenario.toml`` and modelled and judged in
:mod:`.victory`; this module re-exports its names.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any, TypeGuard

import attrs

from hedgemony_tui.table import tomlsafe
from hedgemony_tui.table.errors import RuleInputError, ScenarioError
from hedgemony_tui.table.files import read_capped

from .terms import MOD_LEVELS, READINESS_LEVELS
from .victory import (
    COMPARISONS,
    CONDITION_KINDS,
    AllOf,
    AnyOf,
    Condition,
    IpAboveAllOthers,
    IpAtMost,
    IpCompare,
    IpThreshold,
    NoForcesAt,
    PlayerLoses,
    PlayerResult,
    PlayerVictory,
    PlayerWins,
    VictoryResult,
    evaluate_victory,
    find_cycle,
)

__all__ = [
    "AOR", "Board", "Location", "Options", "PlayerSetup", "Scenario", "StackSetup",
    "CAPABILITIES", "SIDES", "load_scenario", "evaluate_victory",
    "AllOf", "AnyOf", "Condition", "IpAboveAllOthers", "IpAtMost", "IpCompare", "IpThreshold",
    "NoForcesAt", "PlayerLoses", "PlayerResult", "PlayerVictory", "PlayerWins", "VictoryResult",
]  # fmt: skip

CAPABILITIES = ("LRF", "C4ISR", "IAMD", "SOF", "NUCLEAR")
"""Critical Capability ids of the default scenario (ch. 4): long-range fires; command,
control, communications, computers, intelligence, surveillance and reconnaissance;
integrated air and missile defense; special operations forces; nuclear forces."""

SIDES = ("blue", "red")

_UPPER_ID = re.compile(r"^[A-Z][A-Z0-9]*$")
_SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
MAP_WIDTH, MAP_HEIGHT = 100, 30


# --- the board --------------------------------------------------------------------------


@attrs.frozen
class AOR:
    """A combatant command's area of responsibility: moving between AORs costs RPs (ch. 9)."""

    id: str
    name: str
    adjacent: tuple[str, ...]


@attrs.frozen
class Location:
    """A named place on the board, inside one AOR; ``x``, ``y`` place it on a 100 x 30 map."""

    id: str
    name: str
    aor: str
    x: int
    y: int
    note: str = ""


@attrs.frozen
class Board:
    aors: tuple[AOR, ...]
    locations: tuple[Location, ...]
    # Indexes by id, built once: the engine asks "which AOR is this place in?" very often.
    _aor_index: dict[str, AOR] = attrs.field(init=False, eq=False, repr=False)
    _location_index: dict[str, Location] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_aor_index", {a.id: a for a in self.aors})
        object.__setattr__(self, "_location_index", {loc.id: loc for loc in self.locations})

    def aor(self, aor_id: str) -> AOR:
        found = self._aor_index.get(aor_id)
        if found is None:
            raise RuleInputError(f"unknown AOR {aor_id!r}; the board has {', '.join(a.id for a in self.aors)}")
        return found

    def location(self, location_id: str) -> Location:
        found = self._location_index.get(location_id)
        if found is None:
            known = ", ".join(loc.id for loc in self.locations)
            raise RuleInputError(f"unknown location {location_id!r}; the board has {known}")
        return found

    def aor_of(self, location_id: str) -> str:
        return self.location(location_id).aor

    def adjacent(self, aor_a: str, aor_b: str) -> bool:
        """Whether two different AORs share a boundary (an AOR is not adjacent to itself)."""
        self.aor(aor_b)
        return aor_b in self.aor(aor_a).adjacent

    def locations_in(self, aor_id: str) -> tuple[Location, ...]:
        self.aor(aor_id)
        return tuple(loc for loc in self.locations if loc.aor == aor_id)


# --- the scenario -----------------------------------------------------------------------


@attrs.frozen
class PlayerSetup:
    """One player's starting conditions (Table A.1 for the default scenario)."""

    id: str
    name: str
    side: str
    home_aor: str
    home_location: str
    starting_rp: int
    per_turn_rp: int
    starting_ip: int
    tech_level: int
    capabilities: tuple[tuple[str, int], ...]
    # Table A.1's "starting force size"; the loader checks the laydown adds up to it.
    starting_forces: int | None = None

    def capability(self, name: str) -> int | None:
        """The Critical Capability's Mod Level, or None when the player does not have it."""
        for capability, level in self.capabilities:
            if capability == name:
                return level
        return None


@attrs.frozen
class StackSetup:
    """A stack of Force Factors in the starting laydown, and the place it is based at."""

    player: str
    ffs: int
    mod: int
    location: str
    home: str
    readiness: int = 100


@attrs.frozen
class Options:
    """The optional rules of chapter 3, as the scenario sets them."""

    red_extra_card_cost: int = 1
    activation_markers: bool = False
    random_events: bool = False
    # With random events on, a D10 roll below this number injects an event.
    random_event_chance: int = 3
    random_red_order: bool = False
    red_order: tuple[str, ...] = ()


@attrs.frozen
class Scenario:
    id: str
    name: str
    description: str
    turns: int
    players: tuple[PlayerSetup, ...]
    board: Board
    laydown: tuple[StackSetup, ...]
    options: Options
    victory: tuple[PlayerVictory, ...]

    def player(self, player_id: str) -> PlayerSetup:
        for player in self.players:
            if player.id == player_id:
                return player
        raise RuleInputError(f"unknown player {player_id!r}; the scenario has {', '.join(self.player_ids)}")

    @property
    def player_ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.players)

    @property
    def blue(self) -> tuple[str, ...]:
        """The Blue players' ids, in the scenario's order."""
        return tuple(p.id for p in self.players if p.side == "blue")

    @property
    def red(self) -> tuple[str, ...]:
        """The Red players' ids, in the scenario's order."""
        return tuple(p.id for p in self.players if p.side == "red")

    def victory_for(self, player_id: str) -> PlayerVictory:
        for entry in self.victory:
            if entry.player == player_id:
                return entry
        raise RuleInputError(f"no victory conditions for {player_id!r}")

    def stacks_of(self, player_id: str) -> tuple[StackSetup, ...]:
        return tuple(s for s in self.laydown if s.player == player_id)


# --- reading and checking ---------------------------------------------------------------


def _show(value: Any) -> str:
    """A value as it would be written in TOML, for error messages."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return str(value)


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


class _File:
    """One TOML file of a scenario folder: reads it, and words its problems."""

    def __init__(self, directory: Any, shown_as: str, name: str) -> None:
        self.label = f"{shown_as}/{name}"
        path = directory / name
        if not path.is_file():
            raise ScenarioError(self.label, "", "file not found")
        try:
            # read_capped: a regular file of at most the cap (a FIFO or a device never read).
            self.doc: dict[str, Any] = tomlsafe.loads(
                read_capped(path, tomlsafe.MAX_SCENARIO_BYTES).decode("utf-8"),
                what=f"this {name}",
                max_bytes=tomlsafe.MAX_SCENARIO_BYTES,
            )
        except OSError as exc:
            raise ScenarioError(self.label, "", f"cannot read it: {exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise ScenarioError(self.label, "", "not UTF-8 text") from None
        except tomllib.TOMLDecodeError as exc:
            raise ScenarioError(self.label, "", f"not valid TOML: {exc}") from None

    def fail(self, key: str, problem: str) -> ScenarioError:
        return ScenarioError(self.label, key, problem)

    def table(self, value: Any, key: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(key, f"must be a table, found {_show(value)}")
        return value

    def keys(self, table: dict[str, Any], key: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
        """Refuse unknown keys (naming the allowed ones) and report the first missing one."""
        allowed = required + optional
        for name in table:
            if name not in allowed:
                where = f"{key}.{name}" if key else name
                raise self.fail(where, f"unknown key; allowed keys: {', '.join(allowed)}")
        for name in required:
            if name not in table:
                raise self.fail(f"{key}.{name}" if key else name, "missing")

    def text(self, table: dict[str, Any], key: str, name: str) -> str:
        value = table[name]
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"{key}.{name}" if key else name, f"must be a non-empty string, found {_show(value)}")
        return value.strip()

    def whole(self, table: dict[str, Any], key: str, name: str, low: int | None = None, high: int | None = None) -> int:
        value = table[name]
        if not (_is_int(value) and (low is None or value >= low) and (high is None or value <= high)):
            if low is not None and high is not None:
                allowed = f"a whole number {low}-{high}"
            elif low is not None:
                allowed = f"a whole number {low} or more"
            else:
                allowed = "a whole number"
            raise self.fail(f"{key}.{name}" if key else name, f"must be {allowed}, found {_show(value)}")
        return value

    def flag(self, table: dict[str, Any], key: str, name: str) -> bool:
        value = table[name]
        if not isinstance(value, bool):
            raise self.fail(f"{key}.{name}", f"must be true or false, found {_show(value)}")
        return value

    def one_of(self, value: Any, key: str, allowed: tuple[str, ...], what: str) -> str:
        if not isinstance(value, str) or value not in allowed:
            raise self.fail(key, f"unknown {what} {_show(value)}; allowed: {', '.join(allowed)}")
        return value


def _load_board(file: _File) -> Board:
    doc = file.doc
    file.keys(doc, "", ("aors", "locations"))
    aors_raw = file.table(doc["aors"], "aors")
    if not aors_raw:
        raise file.fail("aors", "the board needs at least one AOR")
    ids = tuple(aors_raw)
    for aor_id in ids:
        if not _UPPER_ID.match(aor_id):
            raise file.fail(f"aors.{aor_id}", "an AOR id must be capital letters and digits, like EUCOM")
    aors: list[AOR] = []
    for aor_id, raw in aors_raw.items():
        key = f"aors.{aor_id}"
        raw = file.table(raw, key)
        file.keys(raw, key, ("name", "adjacent"))
        adjacent = raw["adjacent"]
        if not isinstance(adjacent, list):
            raise file.fail(f"{key}.adjacent", f"must be a list of AOR ids, found {_show(adjacent)}")
        for other in adjacent:
            file.one_of(other, f"{key}.adjacent", ids, "AOR")
            if other == aor_id:
                raise file.fail(f"{key}.adjacent", "an AOR cannot be adjacent to itself")
        if len(set(adjacent)) != len(adjacent):
            raise file.fail(f"{key}.adjacent", "lists an AOR twice")
        aors.append(AOR(aor_id, file.text(raw, key, "name"), tuple(adjacent)))
    for aor in aors:
        for other in aor.adjacent:
            if aor.id not in aors_raw[other]["adjacent"]:
                raise file.fail(
                    f"aors.{other}.adjacent",
                    f"does not list {aor.id}, though {aor.id} lists {other}; adjacency must go both ways",
                )
    locations_raw = file.table(doc["locations"], "locations")
    locations = []
    taken: dict[tuple[int, int], str] = {}
    for location_id, raw in locations_raw.items():
        key = f"locations.{location_id}"
        if not _SLUG.match(location_id):
            raise file.fail(key, "a location id must be lower-case words joined by hyphens, like south-china-sea")
        raw = file.table(raw, key)
        file.keys(raw, key, ("name", "aor", "x", "y"), ("note",))
        aor_id = file.one_of(raw["aor"], f"{key}.aor", ids, "AOR")
        x = file.whole(raw, key, "x", 0, MAP_WIDTH - 1)
        y = file.whole(raw, key, "y", 0, MAP_HEIGHT - 1)
        if (x, y) in taken:
            raise file.fail(key, f"x = {x}, y = {y} is already the place of {taken[x, y]}; each location needs its own")
        taken[x, y] = location_id
        note = file.text(raw, key, "note") if "note" in raw else ""
        locations.append(Location(location_id, file.text(raw, key, "name"), aor_id, x, y, note))
    if not locations:
        raise file.fail("locations", "the board needs at least one location")
    return Board(tuple(aors), tuple(locations))


_PLAYER_FIELDS = (
    "name", "side", "home_aor", "home_location", "starting_forces",
    "starting_rp", "per_turn_rp", "starting_ip", "tech_level",
)  # fmt: skip


def _load_player(file: _File, board: Board, player_id: str, raw: Any) -> PlayerSetup:
    key = f"players.{player_id}"
    if not _UPPER_ID.match(player_id):
        raise file.fail(key, "a player id must be capital letters and digits, like PRC")
    raw = file.table(raw, key)
    file.keys(raw, key, _PLAYER_FIELDS, ("capabilities",))
    home_aor = file.one_of(raw["home_aor"], f"{key}.home_aor", tuple(a.id for a in board.aors), "AOR")
    places = tuple(loc.id for loc in board.locations)
    home = file.one_of(raw["home_location"], f"{key}.home_location", places, "location")
    if board.aor_of(home) != home_aor:
        raise file.fail(f"{key}.home_location", f'"{home}" is in {board.aor_of(home)}, not in home_aor {home_aor}')
    tech = file.whole(raw, key, "tech_level", MOD_LEVELS.start, MOD_LEVELS.stop - 1)
    capabilities = []
    caps_raw = file.table(raw.get("capabilities", {}), f"{key}.capabilities")
    for name in caps_raw:
        where = f"{key}.capabilities.{name}"
        if name not in CAPABILITIES:
            raise file.fail(where, f"unknown Critical Capability; allowed: {', '.join(CAPABILITIES)}")
        # Level 0 is the baseline the appendix prints for DPRK's nuclear forces.
        level = file.whole(caps_raw, f"{key}.capabilities", name, 0, MOD_LEVELS.stop - 1)
        if level > tech:
            raise file.fail(where, f"Mod Level {level} is above the player's National Tech Level {tech}")
        capabilities.append((name, level))
    return PlayerSetup(
        id=player_id,
        name=file.text(raw, key, "name"),
        side=file.one_of(raw["side"], f"{key}.side", SIDES, "side"),
        home_aor=home_aor,
        home_location=home,
        starting_rp=file.whole(raw, key, "starting_rp", 0),
        per_turn_rp=file.whole(raw, key, "per_turn_rp", 0),
        starting_ip=file.whole(raw, key, "starting_ip", 0),
        tech_level=tech,
        capabilities=tuple(capabilities),
        starting_forces=file.whole(raw, key, "starting_forces", 0),
    )


def _load_laydown(file: _File, board: Board, players: dict[str, PlayerSetup]) -> tuple[StackSetup, ...]:
    raw_list = file.doc["laydown"]
    if not isinstance(raw_list, list):
        raise file.fail("laydown", "must be a list of [[laydown]] tables")
    places = tuple(loc.id for loc in board.locations)
    stacks = []
    for index, raw in enumerate(raw_list):
        key = f"laydown[{index}]"
        raw = file.table(raw, key)
        file.keys(raw, key, ("player", "ffs", "mod", "location", "home"), ("readiness",))
        player = players[file.one_of(raw["player"], f"{key}.player", tuple(players), "player")]
        mod = file.whole(raw, key, "mod", MOD_LEVELS.start, MOD_LEVELS.stop - 1)
        if mod > player.tech_level:
            limit = f"{player.id}'s National Tech Level {player.tech_level}"
            raise file.fail(f"{key}.mod", f"Mod Level {mod} is above {limit}")
        readiness = raw.get("readiness", 100)
        if readiness not in READINESS_LEVELS or not _is_int(readiness):
            levels = ", ".join(str(r) for r in READINESS_LEVELS)
            raise file.fail(f"{key}.readiness", f"must be one of {levels}, found {_show(readiness)}")
        stacks.append(
            StackSetup(
                player=player.id,
                ffs=file.whole(raw, key, "ffs", 1),
                mod=mod,
                location=file.one_of(raw["location"], f"{key}.location", places, "location"),
                home=file.one_of(raw["home"], f"{key}.home", places, "location"),
                readiness=readiness,
            )
        )
    for player in players.values():
        placed = sum(s.ffs for s in stacks if s.player == player.id)
        if placed != player.starting_forces:
            raise file.fail(
                f"players.{player.id}.starting_forces",
                f"is {player.starting_forces} but the laydown places {placed} FFs for {player.id}",
            )
    return tuple(stacks)


_OPTION_FIELDS = (
    "red_extra_card_cost", "activation_markers", "random_events",
    "random_event_chance", "random_red_order", "red_order",
)  # fmt: skip


def _load_options(file: _File, red: tuple[str, ...]) -> Options:
    raw = file.table(file.doc.get("options", {}), "options")
    file.keys(raw, "options", (), _OPTION_FIELDS)
    order = raw.get("red_order", list(red))
    if not isinstance(order, list) or sorted(map(str, order)) != sorted(red) or len(order) != len(red):
        found = json.dumps(order) if isinstance(order, list) else _show(order)
        raise file.fail("options.red_order", f"must list each Red player once ({', '.join(red)}), found {found}")
    values: dict[str, Any] = {"red_order": tuple(order)}
    for name in ("red_extra_card_cost", "random_event_chance"):
        if name in raw:
            values[name] = file.whole(raw, "options", name, 0, 10)
    for name in ("activation_markers", "random_events", "random_red_order"):
        if name in raw:
            values[name] = file.flag(raw, "options", name)
    return Options(**values)


# Fields each condition kind takes besides `kind` and the optional `negate`.
_KIND_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "ip_above_all_others": ((), ()),
    "ip_compare": (("op", "other"), ("offset",)),
    "ip_threshold": (("op", "value"), ()),
    "ip_at_most": (("value",), ()),
    "player_wins": (("player",), ()),
    "player_loses": (("player",), ()),
    "no_forces_at": (("player", "location"), ()),
}
assert tuple(_KIND_FIELDS) == CONDITION_KINDS


def _condition(
    file: _File, raw: Any, key: str, self_id: str, scenario_players: tuple[str, ...], board: Board
) -> Condition:
    if not isinstance(raw, dict):
        example = '{kind = "ip_threshold", op = ">", value = 15}'
        raise file.fail(key, f"must be a condition table such as {example}, found {_show(raw)}")
    negate = file.flag(raw, key, "negate") if "negate" in raw else False
    for group in ("all", "any"):
        if group in raw:
            file.keys(raw, key, (group,), ("negate",))
            parts_raw = raw[group]
            if not isinstance(parts_raw, list) or not parts_raw:
                raise file.fail(f"{key}.{group}", "must be a non-empty list of conditions")
            parts = tuple(
                _condition(file, part, f"{key}.{group}[{i}]", self_id, scenario_players, board)
                for i, part in enumerate(parts_raw)
            )
            return AllOf(parts, negate) if group == "all" else AnyOf(parts, negate)
    if "kind" not in raw:
        kinds = ", ".join(CONDITION_KINDS)
        raise file.fail(f"{key}.kind", f"missing; a condition needs all, any or kind (one of {kinds})")
    kind = file.one_of(raw["kind"], f"{key}.kind", CONDITION_KINDS, "condition kind")
    required, optional = _KIND_FIELDS[kind]
    file.keys(raw, key, ("kind",) + required, optional + ("negate",))
    if "op" in raw:
        file.one_of(raw["op"], f"{key}.op", tuple(COMPARISONS), "comparison")
    for name in ("player", "other"):
        if name in raw:
            file.one_of(raw[name], f"{key}.{name}", scenario_players, "player")
    if kind == "ip_compare" and raw["other"] == self_id:
        raise file.fail(f"{key}.other", f"must name a player other than {self_id}")
    if kind == "ip_above_all_others":
        return IpAboveAllOthers(negate)
    if kind == "ip_compare":
        offset = file.whole(raw, key, "offset") if "offset" in raw else 0
        return IpCompare(raw["op"], raw["other"], offset, negate)
    if kind == "ip_threshold":
        return IpThreshold(raw["op"], file.whole(raw, key, "value"), negate)
    if kind == "ip_at_most":
        return IpAtMost(file.whole(raw, key, "value"), negate)
    if kind == "player_wins":
        return PlayerWins(raw["player"], negate)
    if kind == "player_loses":
        return PlayerLoses(raw["player"], negate)
    location = file.one_of(raw["location"], f"{key}.location", tuple(loc.id for loc in board.locations), "location")
    return NoForcesAt(raw["player"], location, negate)


def _load_victory(file: _File, board: Board, players: tuple[str, ...]) -> tuple[PlayerVictory, ...]:
    raw = file.table(file.doc["victory"], "victory")
    for player_id in raw:
        file.one_of(player_id, f"victory.{player_id}", players, "player")
    entries = []
    for player_id in players:
        if player_id not in raw:
            needed = f"every player needs a [victory.{player_id}] table"
            raise file.fail("victory", f"no conditions for {player_id}; {needed}")
        key = f"victory.{player_id}"
        entry = file.table(raw[player_id], key)
        file.keys(entry, key, ("win",), ("lose",))
        win = _condition(file, entry["win"], f"{key}.win", player_id, players, board)
        lose = _condition(file, entry["lose"], f"{key}.lose", player_id, players, board) if "lose" in entry else None
        entries.append(PlayerVictory(player_id, win, lose))
    cycle = find_cycle(entries)
    if cycle:
        loop = " -> ".join(f"{p} {'wins' if what == 'win' else 'loses'}" for p, what in cycle)
        raise file.fail(
            f"victory.{cycle[0][0]}.{cycle[0][1]}",
            f"the conditions depend on each other in a loop ({loop}); no result could be decided",
        )
    return tuple(entries)


def load_scenario(directory: Any, shown_as: str | None = None) -> Scenario:
    """Read and check ``board.toml`` and ``scenario.toml`` in ``directory``.

    ``directory`` is a ``pathlib.Path``, an importlib ``Traversable`` or a string;
    ``shown_as`` names it in error messages (the folder's own name by default).
    Raises :class:`ScenarioError` on the first problem found.
    """
    if isinstance(directory, str):
        directory = Path(directory)
    shown_as = shown_as or directory.name
    board = _load_board(_File(directory, shown_as, "board.toml"))
    file = _File(directory, shown_as, "scenario.toml")
    doc = file.doc
    file.keys(doc, "", ("id", "name", "description", "turns", "players", "laydown", "victory"), ("options",))
    scenario_id = file.text(doc, "", "id")
    if not _SLUG.match(scenario_id):
        raise file.fail("id", f"must be lower-case words joined by hyphens, found {_show(scenario_id)}")
    players_raw = file.table(doc["players"], "players")
    players = {pid: _load_player(file, board, pid, raw) for pid, raw in players_raw.items()}
    sides = {p.side for p in players.values()}
    if sides != set(SIDES):
        raise file.fail("players", "the scenario needs at least one blue and one red player")
    red = tuple(p.id for p in players.values() if p.side == "red")
    return Scenario(
        id=scenario_id,
        name=file.text(doc, "", "name"),
        description=" ".join(file.text(doc, "", "description").split()),
        turns=file.whole(doc, "", "turns", 1, 30),
        players=tuple(players.values()),
        board=board,
        laydown=_load_laydown(file, board, players),
        options=_load_options(file, red),
        victory=_load_victory(file, board, tuple(players)),
    )
