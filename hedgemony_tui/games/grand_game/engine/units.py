"""The Grand Game's unit table (``data/grand-game/units.toml``), checked when loaded.

The seed fixes only the aircraft's value (1, L248); the rest is the designer's table
G-X2 (``rules/grand-game/README.md``). Supplies are counters with a cost and no value.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib.resources.abc import Traversable
from types import MappingProxyType

import attrs

from hedgemony_tui.table.resources import data_dir

INFANTRY = "infantry"
ARMOR = "armor"
AIRCRAFT = "aircraft"
LIGHT_FLEET = "light-fleet"
HEAVY_FLEET = "heavy-fleet"
SUPPLY = "supply"

LAND_UNITS = (INFANTRY, ARMOR)
FLEETS = (LIGHT_FLEET, HEAVY_FLEET)
UNIT_KINDS = (INFANTRY, ARMOR, AIRCRAFT, LIGHT_FLEET, HEAVY_FLEET)
KINDS = UNIT_KINDS + (SUPPLY,)


class UnitTableError(ValueError):
    """The unit table is malformed; the message names the file, the entry and what is allowed."""


@attrs.frozen
class UnitType:
    kind: str
    attack: int
    defence: int
    cost: int


def parse_units(text: str, where: str = "units.toml") -> Mapping[str, UnitType]:
    """The unit table from TOML text, or one :class:`UnitTableError` naming every problem."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise UnitTableError(f"{where}: not valid TOML ({error})") from None
    problems: list[str] = []
    for name in sorted(set(raw) - set(KINDS)):
        problems.append(f"[{name}] is not a kind of unit (allowed: {', '.join(KINDS)})")
    table: dict[str, UnitType] = {}
    for kind in KINDS:
        entry = raw.get(kind)
        if not isinstance(entry, dict):
            problems.append(f"[{kind}] is missing")
            continue
        fields = ("cost",) if kind == SUPPLY else ("attack", "defence", "cost")
        for extra in sorted(set(entry) - set(fields)):
            problems.append(f"[{kind}] {extra} is not a field (allowed: {', '.join(fields)})")
        values: dict[str, int] = {}
        for field in fields:
            value = entry.get(field)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                problems.append(f"[{kind}] {field} must be a whole number 0 or more, not {value!r}")
            else:
                values[field] = value
        if len(values) == len(fields):
            table[kind] = UnitType(kind, values.get("attack", 0), values.get("defence", 0), values["cost"])
    if AIRCRAFT in table and (table[AIRCRAFT].attack, table[AIRCRAFT].defence) != (1, 1):
        problems.append("[aircraft] the seed fixes every aircraft's combat value at 1 (L248)")
    if problems:
        raise UnitTableError(f"{where}: " + "; ".join(problems))
    return MappingProxyType(table)


def load_units(path: Traversable | None = None) -> Mapping[str, UnitType]:
    """The shipped unit table (or the one at ``path``)."""
    path = path or data_dir("grand-game") / "units.toml"
    return parse_units(path.read_text(encoding="utf-8"), str(path))


UNITS: Mapping[str, UnitType] = load_units()
