"""What one seat's fleets in one place carry through a sea fight (seed L275, L304, L348), for
:mod:`.season_sea`: which light fleets count as loaded, the supplies the force may spend, and the
cargo and landings left once ships are sunk and supplies spent.

Readings (``rules/grand-game/air-sea.md``, "The season's air and sea pipeline"):
- Land units ride light fleets, two to a fleet, so ``ceil(units / 2)`` light fleets are loaded;
  supplies go first into the room of the heavy fleets and those loaded light fleets (six each)
  and only what is left loads further light fleets (L275). Never more than the light fleets.
- The supplies aboard (what stays aboard and what is to be put ashore this season) are what
  the force may spend at sea (L275: every fleet in action uses one).
- After the fight the surviving loaded light fleets keep two land units each and the surviving
  loaded and heavy fleets six supplies each; the rest goes down with the ships. Losses and
  supplies spent come first out of what stays aboard, then out of the landings in the order the
  groups are listed; land units lost are infantry first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from .counts import counted
from .movement import FleetThere
from .orders import HEAVY_SUPPLIES, LIGHT_LAND_UNITS, LIGHT_SUPPLIES, Cargo, FleetOrder

KINDS = ("infantry", "armor", "supplies")


def loaded_fleets(light: int, heavy: int, units: int, supplies: int) -> int:
    """How many of ``light`` fleets are loaded with ``units`` land units and ``supplies`` (L275)."""
    loaded = -(-units // LIGHT_LAND_UNITS)
    beyond = supplies - HEAVY_SUPPLIES * heavy - LIGHT_SUPPLIES * loaded
    if beyond > 0:
        loaded += -(-beyond // LIGHT_SUPPLIES)
    return max(0, min(light, loaded))


def order_of(groups: Sequence[FleetThere]) -> str:
    """The force's order: that of its largest group, the first listed on a tie (a reading: a
    seat's groups in one sea fight as one force, L376 speaks of one force a side)."""
    return max(groups, key=lambda g: g.light + g.heavy).order


@attrs.frozen
class Hold:
    """One seat's fleets in one place as one force: counts, order, and its cargo in parts,
    each part either staying aboard (key None) or to be put ashore (its landing key)."""

    light: int
    heavy: int
    loaded: int
    supplies: int
    order: str
    parts: tuple[tuple[tuple[str, str] | None, Cargo], ...] = ()

    def after(
        self, loaded: int, heavy: int, spent: int, fought: bool = True
    ) -> tuple[Cargo, dict[tuple[str, str], Cargo], list[str]]:
        """What stays aboard and what each landing still puts ashore when ``loaded`` loaded
        light and ``heavy`` heavy fleets are left and ``spent`` supplies were used."""
        parts = [(key, {k: getattr(c, k) for k in KINDS}) for key, c in self.parts]
        notes: list[str] = []
        if fought:
            units = sum(p["infantry"] + p["armor"] for _, p in parts)
            supplies = sum(p["supplies"] for _, p in parts)
            lost_units = max(0, units - LIGHT_LAND_UNITS * loaded)
            lost_supplies = max(0, supplies - LIGHT_SUPPLIES * loaded - HEAVY_SUPPLIES * heavy)
            if lost_units or lost_supplies:
                lost = f"{counted(lost_units, 'land unit')} and {counted(lost_supplies, 'supply', 'supplies')}"
                notes.append(f"{lost} go down with the ships sunk")
            _take(parts, ("infantry", "armor"), lost_units)
            _take(parts, ("supplies",), lost_supplies + spent)
        staying = Cargo()
        ashore: dict[tuple[str, str], Cargo] = {}
        for key, p in parts:
            cargo = Cargo(p["infantry"], p["armor"], p["supplies"])
            if key is None:
                staying = staying + cargo
            else:
                ashore[key] = ashore.get(key, Cargo()) + cargo
        return staying, ashore, notes


def _take(parts: list[tuple[tuple[str, str] | None, dict[str, int]]], kinds: tuple[str, ...], count: int) -> None:
    """Remove ``count`` of ``kinds`` (in that order) from the parts, those staying aboard first."""
    ordered = [p for key, p in parts if key is None] + [p for key, p in parts if key is not None]
    for kind in kinds:
        for p in ordered:
            gone = min(count, p[kind])
            p[kind] -= gone
            count -= gone


def hold_of(groups: Sequence[FleetThere], unloads: Mapping[tuple[str, str], list[FleetOrder]], place: str = "") -> Hold:
    """One seat's groups in ``place`` as one force. ``unloads`` are the seat's fleet orders that
    put cargo ashore, by (seat, place written); a group that stayed where it was written takes
    the unload of the order that matches it (the cargo is aboard during the sea fight, L348)."""
    # A group of no fleets (an unchecked sheet) carries nothing and cannot fight.
    groups = [g for g in groups if g.light >= 0 and g.heavy >= 0 and g.light + g.heavy > 0]
    if not groups:
        return Hold(0, 0, 0, 0, "patrol")
    used: set[int] = set()
    parts: list[tuple[tuple[str, str] | None, Cargo]] = []
    for g in groups:
        parts.append((None, g.cargo))
        if place and g.came_from != place:
            continue  # a group that sailed cannot unload across a coast this season (L348)
        candidates = unloads.get((g.seat, g.came_from), [])
        match = next(
            (
                i
                for i, f in enumerate(candidates)
                if i not in used and (f.light, f.heavy) == (g.light, g.heavy) and f.end == place
            ),
            None,
        )
        if match is not None:
            used.add(match)
            parts.append(((g.seat, g.came_from), candidates[match].unload))
    light = sum(g.light for g in groups)
    heavy = sum(g.heavy for g in groups)
    units = sum(c.units for _, c in parts)
    supplies = sum(c.supplies for _, c in parts)
    return Hold(light, heavy, loaded_fleets(light, heavy, units, supplies), supplies, order_of(groups), tuple(parts))
