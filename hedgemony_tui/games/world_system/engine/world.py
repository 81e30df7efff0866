"""The world-system HEGEMONY's fixed numbers: the twelve states, the deal and growth.

They are read from ``data/world-system/world.toml`` (seed 003, L4-L9, L40-L41, L74-L75)
and checked on reading: a key missing, misspelt or out of range is one
:class:`WorldDataError` naming the file, the key and what is allowed.
"""

from __future__ import annotations

import tomllib
from enum import StrEnum
from functools import cache
from typing import Any

import attrs

from hedgemony_tui.table.errors import RulesDataError
from hedgemony_tui.table.resources import data_dir

GAME_ID = "world-system"
MODERATOR = "moderator"


class WorldDataError(RulesDataError):
    """``data/world-system/world.toml`` is missing or wrong; the message says where and how
    (a :class:`RulesDataError`, which every command reports in a line)."""

    def __init__(self, message: str) -> None:
        Exception.__init__(self, message)
        self.file, self.key, self.problem = "world.toml", "", message


class Status(StrEnum):
    """A state's main status (L6-L8); the hegemon is a core state with the hegemon's card."""

    CORE = "core"
    SEMI = "semiperipheral"
    PERIPHERAL = "peripheral"


RANK = {Status.PERIPHERAL: 0, Status.SEMI: 1, Status.CORE: 2}
"""Higher is richer: a promotion moves a state up one rank."""


class Goal(StrEnum):
    """What a hegemony contender declares (L79-L80)."""

    ECONOMY = "world-economy"
    EMPIRE = "world-empire"


@attrs.frozen
class World:
    """The numbers of one table: names in seat order, the deal, growth, the cycles."""

    ids: tuple[str, ...]
    names: tuple[str, ...]
    deal: dict[str, int]
    capital: dict[Status, int]
    hegemon_capital: int
    terrorists: int
    growth: dict[str, int]
    last_cycle: int
    union: int

    def name(self, seat: str) -> str:
        if seat == MODERATOR:
            return "Moderator"
        try:
            return self.names[self.ids.index(seat)]
        except ValueError:
            return seat


_DEAL_KEYS = ("core", "semiperipheral", "peripheral", "terrorists")
_CAPITAL_KEYS = ("core_capital", "semiperipheral_capital", "peripheral_capital", "hegemon_capital")
_GROWTH_KEYS = ("hegemon", "core", "semiperipheral", "peripheral")


def _whole(table: dict[str, Any], key: str, where: str, low: int, high: int) -> int:
    if key not in table:
        raise WorldDataError(f"{where}: the key {key!r} is missing (a whole number {low}-{high})")
    value = table[key]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise WorldDataError(f"{where}.{key} must be a whole number {low}-{high}, not {value!r}")
    return value


def _unknown(table: dict[str, Any], known: tuple[str, ...], where: str) -> None:
    extra = sorted(set(table) - set(known))
    if extra:
        raise WorldDataError(f"{where}: unknown key {', '.join(map(repr, extra))} (the keys are {', '.join(known)})")


def parse_world(document: dict[str, Any], where: str = "world.toml") -> World:
    """The world from a parsed ``world.toml``; WorldDataError for anything wrong."""
    _unknown(document, ("states", "deal", "growth", "cycles"), where)
    states = document.get("states")
    if not isinstance(states, list) or not states:
        raise WorldDataError(f"{where}: 'states' must be a list of {{ id = ..., name = ... }}")
    ids: list[str] = []
    names: list[str] = []
    for i, entry in enumerate(states, 1):
        if not isinstance(entry, dict) or set(entry) != {"id", "name"}:
            raise WorldDataError(f"{where}: state {i} must have exactly an id and a name, not {entry!r}")
        sid, name = entry["id"], entry["name"]
        if not isinstance(sid, str) or not sid.isidentifier() or sid != sid.lower() or sid == MODERATOR:
            raise WorldDataError(f"{where}: state {i}'s id must be a lower-case word (not 'moderator'), not {sid!r}")
        if sid in ids:
            raise WorldDataError(f"{where}: the id {sid!r} is listed twice")
        if not isinstance(name, str) or not name.strip():
            raise WorldDataError(f"{where}: state {sid!r} needs a name")
        ids.append(sid)
        names.append(name)
    deal = document.get("deal")
    growth = document.get("growth")
    cycles = document.get("cycles")
    for key, table in (("deal", deal), ("growth", growth), ("cycles", cycles)):
        if table is None:
            raise WorldDataError(f"{where}: the table [{key}] is missing")
        if not isinstance(table, dict):
            raise WorldDataError(f"{where}: [{key}] must be a table of whole numbers, not {table!r}")
    assert isinstance(deal, dict) and isinstance(growth, dict) and isinstance(cycles, dict)
    _unknown(deal, _DEAL_KEYS + _CAPITAL_KEYS, f"{where} [deal]")
    _unknown(growth, _GROWTH_KEYS, f"{where} [growth]")
    _unknown(cycles, ("last", "terrorist_union"), f"{where} [cycles]")
    counts = {key: _whole(deal, key, f"{where} [deal]", 0, len(ids)) for key in _DEAL_KEYS}
    if counts["core"] + counts["semiperipheral"] + counts["peripheral"] != len(ids):
        raise WorldDataError(
            f"{where} [deal]: core + semiperipheral + peripheral must make the {len(ids)} states, "
            f"not {counts['core'] + counts['semiperipheral'] + counts['peripheral']}"
        )
    if counts["core"] < 1 or counts["terrorists"] > counts["semiperipheral"] + counts["peripheral"]:
        raise WorldDataError(f"{where} [deal]: at least one core state, and no more terrorists than non-core states")
    capital = {
        Status.CORE: _whole(deal, "core_capital", f"{where} [deal]", 1, 10_000),
        Status.SEMI: _whole(deal, "semiperipheral_capital", f"{where} [deal]", 1, 10_000),
        Status.PERIPHERAL: _whole(deal, "peripheral_capital", f"{where} [deal]", 1, 10_000),
    }
    return World(
        ids=tuple(ids),
        names=tuple(names),
        deal={key: counts[key] for key in ("core", "semiperipheral", "peripheral")},
        capital=capital,
        hegemon_capital=_whole(deal, "hegemon_capital", f"{where} [deal]", 1, 10_000),
        terrorists=counts["terrorists"],
        growth={key: _whole(growth, key, f"{where} [growth]", 0, 10_000) for key in _GROWTH_KEYS},
        last_cycle=_whole(cycles, "last", f"{where} [cycles]", 1, 20),
        union=_whole(cycles, "terrorist_union", f"{where} [cycles]", 2, len(ids)),
    )


@cache
def world() -> World:
    """The shipped world (read once)."""
    path = data_dir(GAME_ID) / "world.toml"
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise WorldDataError(f"{path}: the file is missing") from None
    except tomllib.TOMLDecodeError as exc:
        raise WorldDataError(f"{path}: not valid TOML ({exc})") from None
    return parse_world(document, str(path))
