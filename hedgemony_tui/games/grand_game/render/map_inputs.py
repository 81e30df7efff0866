"""What the Grand Game's map is asked to draw: the overlay and the plain mappings that
stand in for the game state (:class:`MapView`), and the units written short.

The game state does not exist yet, so the drawing takes mappings: who holds each
territory, the units in it, superiority per air zone, damage per economic zone, supply
counters per territory. What is not given is left out.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from ..engine.map import GameMap, starting_owners
from . import palette as P

OWNERS, AIR, ECONOMY, SUPPLY, RAIL = "owners", "air", "economy", "supply", "rail"
OVERLAYS = (OWNERS, AIR, ECONOMY, SUPPLY, RAIL)
MIN_CELL_WIDTH, MIN_CELL_HEIGHT = 10, 3

Units = Mapping[str, Mapping[str, Mapping[str, int]]]
"""Territory -> holder (country id) -> kind of unit (engine/units.py) -> how many."""


class OverlayError(ValueError):
    """An overlay the map does not draw."""


@attrs.frozen
class MapView:
    """What to draw on the map. ``owners``: territory -> country id holding it (None or
    missing: no one; ``None`` for the whole mapping: the national borders of the start).
    ``superiority``: air zone -> (country, points) for the side that has it. ``damage``:
    economic zone -> points of damage. ``supply``: territory -> supply counters."""

    game_map: GameMap
    overlay: str = OWNERS
    owners: Mapping[str, str | None] | None = None
    units: Units = attrs.field(factory=dict)
    superiority: Mapping[str, tuple[str, int]] = attrs.field(factory=dict)
    damage: Mapping[str, int] = attrs.field(factory=dict)
    supply: Mapping[str, int] = attrs.field(factory=dict)

    def holders(self) -> Mapping[str, str | None]:
        return starting_owners(self.game_map) if self.owners is None else self.owners

    def letter(self, country: str | None) -> str:
        found = self.game_map.countries.get(country or "")
        return found.letter if found else "-"

    def country_index(self, country: str | None) -> int:
        ids = list(self.game_map.countries)
        return ids.index(country) if country in ids else -1

    def ink(self, country: str | None) -> str:
        index = self.country_index(country)
        return "bold" if index < 0 else f"bold {P.pick(P.COUNTRY_INKS, index)}"


def units_words(view: MapView, territory: str, holder: str | None, room: int) -> str:
    """The units in ``territory`` in ``room`` characters: ``3i2a`` for the holder's own,
    ``K2a`` for another country's; when that is too long, ``5u`` counts per owner; cut with
    ``…`` if still too long."""
    here = view.units.get(territory, {})
    owners = sorted(here, key=lambda c: (c != holder, view.country_index(c), c))
    full, short = [], []
    for owner in owners:
        counts = here[owner]
        prefix = "" if owner == holder else view.letter(owner)
        words = "".join(f"{n}{P.UNIT_LETTERS.get(kind, '?')}" for kind, n in counts.items() if n)
        if words:
            full.append(prefix + words)
            short.append(f"{prefix}{sum(counts.values())}u")
    for text in (" ".join(full), " ".join(short)):
        if len(text) <= room:
            return text
    text = " ".join(short)
    return text[: max(0, room - 1)] + "…" if room > 0 else ""
