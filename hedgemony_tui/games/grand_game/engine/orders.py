"""One seat's order sheet for one season of the Grand Game, as frozen records.

The seed's players write their orders on paper for every territory, fleet and aircraft at
once (L144); this module is that paper. What a sheet may say is checked by
:mod:`.orders_check` (``check_orders``), what is open to each territory, fleet or aircraft
group is listed by :mod:`.orders_choices`, and :mod:`.movement` carries the sheets out. The
readings taken where the seed is silent are in ``rules/grand-game/orders.md``.

A sheet is **sealed**: no other seat sees it, its permissions included, until the season is
resolved (the board it is written against is public, see :mod:`.board`).
"""

from __future__ import annotations

import attrs

# Land orders (L354-L367): the defensive ones are given to the units that stay in a
# territory, the offensive ones to units that move into another.
SCREEN, DEFEND, HOLD = "screen", "defend", "hold"
SCOUT, ADVANCE, BLITZKRIEG = "scout", "advance", "blitzkrieg"
DEFENSIVE = (SCREEN, DEFEND, HOLD)
OFFENSIVE = (SCOUT, ADVANCE, BLITZKRIEG)

# Fleet orders (L301-L309).
HIDE, PATROL, ENGAGE = "hide", "patrol", "engage"
FLEET_ORDERS = (HIDE, PATROL, ENGAGE)

# Written permissions (G-R3): using my railways (L342), standing on my territory as one of
# its defenders (L351), passing my canal (L113).
RAIL, PRESENCE, CANAL = "rail", "presence", "canal"
PERMISSIONS = (RAIL, PRESENCE, CANAL)

LIGHT_LAND_UNITS, LIGHT_SUPPLIES, HEAVY_AIRCRAFT, HEAVY_SUPPLIES = 2, 6, 1, 6
"""L275: a light fleet carries up to two land units and six supplies; a heavy fleet bases one
aircraft and has room for six supplies."""


@attrs.frozen
class Cargo:
    """Land units and supplies carried by ship (aircraft ride heavy fleets by air orders)."""

    infantry: int = 0
    armor: int = 0
    supplies: int = 0

    @property
    def units(self) -> int:
        return self.infantry + self.armor

    @property
    def empty(self) -> bool:
        return self == Cargo()

    def __add__(self, other: Cargo) -> Cargo:
        return Cargo(self.infantry + other.infantry, self.armor + other.armor, self.supplies + other.supplies)


@attrs.frozen
class LandMove:
    """Units (and the supplies allotted to them) leaving a territory for ``to``.

    A one-step move goes to a neighbouring land territory. With ``rail`` (the territories
    passed after the start, ending with ``to``) it is a rail move, resolved before all
    others (L336); only a rail move may carry aircraft, crated (L345). ``order`` is how the
    units fight if they meet a defender where they arrive; ``retreat`` is where they fall
    back to when the order allows one (L365-L366)."""

    to: str
    order: str = ADVANCE
    infantry: int = 0
    armor: int = 0
    supplies: int = 0
    aircraft: int = 0
    rail: tuple[str, ...] = ()
    retreat: str | None = None

    @property
    def units(self) -> int:
        """Units counted against a rail permission's limit: land units and crated aircraft."""
        return self.infantry + self.armor + self.aircraft

    @property
    def by_rail(self) -> bool:
        return bool(self.rail)


@attrs.frozen
class LandOrders:
    """The orders for one land territory where the seat has units: the defensive order of
    the units that stay (``stance``, with its retreat where L357-L358 allow one) and the
    moves out of it. A territory with units but no entry stays under Defend."""

    territory: str
    stance: str = DEFEND
    retreat: str | None = None
    moves: tuple[LandMove, ...] = ()


@attrs.frozen
class FleetOrder:
    """One group of a seat's fleets in ``place`` (a sea territory, or a port housing them).

    ``to`` is None to stay, else the one territory it sails to (L312: one sea territory a
    season; leaving or entering a port costs that move). ``attack_port`` names a hostile
    port on the fleet's sea to attack from it (L315); ``shipping`` names the economic zone a
    fleet ordered to attack shipping will damage (L318). ``carry`` is what the group has
    aboard as the season begins; ``load`` is taken aboard from ``load_from`` and ``unload``
    put ashore at ``unload_to`` (L348: free in a port, a whole season across a coast), where
    landing units fight under ``landing`` with ``landing_retreat``."""

    place: str
    light: int = 0
    heavy: int = 0
    order: str = PATROL
    to: str | None = None
    attack_port: str | None = None
    shipping: str | None = None
    carry: Cargo = Cargo()
    load_from: str | None = None
    load: Cargo = Cargo()
    unload_to: str | None = None
    unload: Cargo = Cargo()
    landing: str = ADVANCE
    landing_retreat: str | None = None

    @property
    def end(self) -> str:
        """Where the group is when the season's moves are done (before any port attack)."""
        return self.to if self.to is not None else self.place


@attrs.frozen
class AirOrder:
    """A group of ``count`` aircraft based in ``place``.

    ``zone`` is the air zone it fights over (its base's or a neighbour, L221), or None to
    stay in ``place`` as a non-participant (L245). ``landings`` holds one landing place per
    aircraft in priority order (L224): the survivors take them from the first."""

    place: str
    count: int
    zone: str | None = None
    landings: tuple[str, ...] = ()


@attrs.frozen
class AirTask:
    """How the seat uses whatever air superiority it wins over ``zone`` (L251).

    ``bombing`` names an economic zone for each point of superiority, first point first;
    points beyond the list are tactical air, which helps every combat in the zone and, with
    ``sea_target``, attacks that sea territory with air power alone (L251, L278)."""

    zone: str
    bombing: tuple[str, ...] = ()
    sea_target: str | None = None


@attrs.frozen
class Permission:
    """A written permission for ``grantee`` (G-R3): ``kind`` is rail, presence or canal;
    ``territories`` limits it to those of the writer's (empty: all of them) and ``units``
    to that many units in the season (None: no limit), as L342's examples allow."""

    grantee: str
    kind: str
    territories: tuple[str, ...] = ()
    units: int | None = None

    def covers(self, territory: str) -> bool:
        return not self.territories or territory in self.territories


@attrs.frozen
class OrderSheet:
    """One seat's orders for one season (sealed until it is resolved)."""

    seat: str
    land: tuple[LandOrders, ...] = ()
    fleets: tuple[FleetOrder, ...] = ()
    air: tuple[AirOrder, ...] = ()
    air_tasks: tuple[AirTask, ...] = ()
    permissions: tuple[Permission, ...] = ()

    def land_at(self, territory: str) -> LandOrders:
        """The entry for ``territory`` (Defend with no moves when the sheet has none)."""
        return next((o for o in self.land if o.territory == territory), LandOrders(territory))
