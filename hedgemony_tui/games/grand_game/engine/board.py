"""What is where on the Grand Game's map: the plain record the order checker and movement read.

The board is **public**: every seat may see who holds each land territory and every stack of
units, fleets, aircraft and supplies on the map (the seed's players look at one shared map;
nothing in it hides counters). What is **sealed** is each seat's order sheet, including the
written permissions on it (L342, L351, L113): no seat sees another's until the season is
resolved. The later game state holds one :class:`Board`; this module knows no rules.

A stack is one seat's counters in one place. In a land territory it holds land units,
aircraft based there, supplies, and (in a port) the fleets housed there. In a sea territory
it holds fleets, the aircraft based on its heavy fleets and the land units and supplies its
light fleets carry (the seed counts a carrying light fleet as "loaded", L275).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

import attrs

from .map_data import GameMap


@attrs.frozen
class Stack:
    """One seat's counters in one place."""

    infantry: int = 0
    armor: int = 0
    aircraft: int = 0
    light: int = 0  # light fleets
    heavy: int = 0  # heavy fleets
    supplies: int = 0

    @property
    def land_units(self) -> int:
        return self.infantry + self.armor

    @property
    def fleets(self) -> int:
        return self.light + self.heavy

    @property
    def empty(self) -> bool:
        return self == Stack()


def _frozen_owners(owners: Mapping[str, str | None]) -> Mapping[str, str | None]:
    return MappingProxyType(dict(owners))


def _frozen_stacks(stacks: Mapping[tuple[str, str], Stack]) -> Mapping[tuple[str, str], Stack]:
    # Empty stacks are dropped so two boards with the same counters compare equal.
    return MappingProxyType({key: s for key, s in sorted(stacks.items()) if not s.empty})


@attrs.frozen
class Board:
    """Who holds each land territory and every seat's stack in every place (public)."""

    seats: tuple[str, ...]
    owners: Mapping[str, str | None] = attrs.field(converter=_frozen_owners)
    stacks: Mapping[tuple[str, str], Stack] = attrs.field(converter=_frozen_stacks, factory=dict)

    def owner(self, land: str) -> str | None:
        return self.owners.get(land)

    def at(self, place: str, seat: str) -> Stack:
        """``seat``'s stack in ``place`` (an empty one if it has nothing there)."""
        return self.stacks.get((place, seat), Stack())

    def seats_at(self, place: str) -> tuple[str, ...]:
        return tuple(seat for (where, seat) in self.stacks if where == place)

    def places_of(self, seat: str) -> tuple[str, ...]:
        """Every place where ``seat`` has a stack, in name order."""
        return tuple(where for (where, who) in self.stacks if who == seat)

    def held_by(self, seat: str) -> frozenset[str]:
        return frozenset(t for t, who in self.owners.items() if who == seat)

    def with_stacks(self, stacks: Iterable[tuple[str, str, Stack]]) -> Board:
        """A copy with the given (place, seat, stack) entries set (for setting up a position)."""
        merged = dict(self.stacks)
        merged.update({(place, seat): stack for place, seat, stack in stacks})
        return attrs.evolve(self, stacks=merged)


def starting_board(m: GameMap, seats: Iterable[str] | None = None) -> Board:
    """An empty board with every land territory held by its country (L92); the seats are the
    countries unless named."""
    return Board(
        seats=tuple(seats) if seats is not None else tuple(m.countries),
        owners={t.id: t.country for t in m.lands.values()},
    )
