"""How the order checker and movement name places: as the map prints them, never as ids."""

from __future__ import annotations

from .map_data import GameMap


def name(m: GameMap, place: str) -> str:
    """A place's name as the map prints it (the id quoted when the map does not know it)."""
    if place in m.lands:
        return m.lands[place].name
    if place in m.seas:
        return m.seas[place].name
    if place in m.air_zones:
        return m.air_zones[place].name
    if place in m.zones:
        return m.zones[place].name
    return repr(place)
