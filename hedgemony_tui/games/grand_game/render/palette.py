"""Colours and marks of the Grand Game's map, shared by the map and its legends.

Colour only ever repeats what a mark already says: each country's letter stands in every
territory it holds, each zone's tag in each of its territories, so the map reads the same
with NO_COLOR.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.units import AIRCRAFT, ARMOR, HEAVY_FLEET, INFANTRY, LIGHT_FLEET, SUPPLY

COUNTRY_INKS = ("#5f9fff", "#ff5f5f", "#ffaf00", "#87d75f", "#d787ff", "#5fd7d7", "#ff87d7", "#afaf00")
COUNTRY_GROUNDS = ("#1c2c4c", "#4a1e1e", "#3d3020", "#1e3b28", "#3c2236", "#22383c", "#44203a", "#3a3a1e")
ZONE_GROUNDS = ("#1c2c4c", "#1e3b28", "#3d3020", "#3c2236", "#22383c", "#3a3a1e", "#2c2244", "#3b2420", "#203a3a")
SEA_STYLE = "#5f87af on #0a1a2a"
SEA_NAME_STYLE = "bold #87afd7 on #0a1a2a"
NEUTRAL_GROUND = "#262626"

CAPITAL, CITY, PORT, MOUNTAIN, RAIL = "★", "●", "Ψ", "▲", "#"
RIVER, CANAL, SEA_FILL = "≈", "‡", "~"
RAIL_ACROSS, RAIL_DOWN = "═", "║"
FULL_MARK, PARTIAL_MARK, NONE_MARK = "■", "◧", "□"  # not ●, which marks a city

UNIT_LETTERS = {INFANTRY: "i", ARMOR: "a", AIRCRAFT: "f", LIGHT_FLEET: "l", HEAVY_FLEET: "h", SUPPLY: "s"}
"""One letter per kind of unit (``3i2a`` is three infantry and two armor): the unit kinds of
engine/units.py; "f" for aircraft (flyers), since "a" is armor."""


def pick(palette: Sequence[str], index: int) -> str:
    return palette[index % len(palette)]
