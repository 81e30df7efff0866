"""What a side brings to one land territory's combat, and the ground it fights on
(seed L327, L351-L367; readings in ``rules/grand-game/land.md``).

A :class:`LandForce` is plain counts: infantry and armor fighting from a neighbouring
territory (or, for the defender, in place), the parts of an attacker that cross a river,
canal or shore (:class:`Crossing`), the supplies the side has in the territory, its air
superiority in the zone and how many of those points it gave to tactical air, its written
order and its retreat territory. :class:`Terrain` is the territory's city, port and
mountain marks and whether it is winter. The map is not read here: the caller passes these.
"""

from __future__ import annotations

import attrs

SCREEN, DEFEND, HOLD = "screen", "defend", "hold"
SCOUT, ADVANCE, BLITZKRIEG = "scout", "advance", "blitzkrieg"
DEFENSIVE = (SCREEN, DEFEND, HOLD)
OFFENSIVE = (SCOUT, ADVANCE, BLITZKRIEG)
"""The land orders (L354-L367): the owner (or a guest with its written permission, L351)
writes a defensive one, everyone else an offensive one."""

RIVER, CANAL, SHORE = "river", "canal", "shore"
OBSTACLE_RATE = {RIVER: 10, CANAL: 12, SHORE: 15}
"""Base points per card for the part of an attack that crosses each obstacle (L327, G-R1)."""

ORDER_RATE = {SCREEN: 10, DEFEND: 5, HOLD: 3, SCOUT: 10, ADVANCE: 5, BLITZKRIEG: 5}
"""Base points per card under each order (L196, L357-L367, G-R1)."""


class LandOrderError(ValueError):
    """A land force or order that cannot fight as written; the message says what is allowed."""


@attrs.frozen
class Terrain:
    """The territory fought over: its marks (L327: a city, a port or a mountain each give
    every defending land unit +1) and the season (winter gives every defender +1)."""

    city: bool = False
    port: bool = False
    mountain: bool = False
    winter: bool = False

    def bonuses(self) -> tuple[tuple[str, str], ...]:
        """Each +1 a defending unit gets here, with its source. A port is a city that
        builds ships (L108), so a port city counts once."""
        out: list[tuple[str, str]] = []
        if self.port:
            out.append(("port", "L327"))
        elif self.city:
            out.append(("city", "L327"))
        if self.mountain:
            out.append(("mountain", "L327"))
        if self.winter:
            out.append(("winter", "L327"))
        return tuple(out)


@attrs.frozen
class Crossing:
    """The part of an attack that comes over a river, a canal or a shore (L327)."""

    obstacle: str
    infantry: int = 0
    armor: int = 0


def _count_problem(side: str, what: str, value: object) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        return f"{side}: {what} must be a whole number 0 or more, not {value!r}"
    return None


@attrs.frozen
class LandForce:
    """One side's force in a land territory's combat.

    ``infantry`` and ``armor`` fight without crossing an obstacle; ``crossing`` lists the
    parts that do (attackers only). ``supplies`` are the side's supplies there before
    combat. ``superiority`` is the side's air superiority in the zone (of any use) and
    ``tactical`` the points of it written for tactical air (L251). ``retreat`` is the
    land territory named for a retreat, where the order allows one."""

    side: str
    order: str
    infantry: int = 0
    armor: int = 0
    supplies: int = 0
    crossing: tuple[Crossing, ...] = ()
    superiority: int = 0
    tactical: int = 0
    retreat: str | None = None

    @property
    def all_infantry(self) -> int:
        return self.infantry + sum(part.infantry for part in self.crossing)

    @property
    def all_armor(self) -> int:
        return self.armor + sum(part.armor for part in self.crossing)

    @property
    def units(self) -> int:
        """Land units (infantry and armor) of the force, crossing or not."""
        return self.all_infantry + self.all_armor

    @property
    def defending(self) -> bool:
        return self.order in DEFENSIVE

    def problems(self) -> list[str]:
        """Everything wrong with the force as written, in a player's words."""
        out: list[str] = []
        if self.order not in DEFENSIVE + OFFENSIVE:
            out.append(
                f"{self.side}: {self.order!r} is not a land order "
                f"(defending: {', '.join(DEFENSIVE)}; attacking: {', '.join(OFFENSIVE)})"
            )
        fields: list[tuple[str, object]] = [("infantry", self.infantry), ("armor", self.armor)]
        fields += [("supplies", self.supplies), ("superiority", self.superiority), ("tactical air", self.tactical)]
        for part in self.crossing:
            fields += [(f"infantry crossing the {part.obstacle}", part.infantry)]
            fields += [(f"armor crossing the {part.obstacle}", part.armor)]
        out += [p for what, value in fields if (p := _count_problem(self.side, what, value))]
        if out:
            return out
        if self.tactical > self.superiority:
            out.append(
                f"{self.side}: {self.tactical} tactical air points but only +{self.superiority} "
                "superiority in the zone; tactical air can use at most the superiority held (L251)"
            )
        for part in self.crossing:
            if part.obstacle not in OBSTACLE_RATE:
                out.append(f"{self.side}: {part.obstacle!r} is not an obstacle (allowed: {', '.join(OBSTACLE_RATE)})")
        if self.defending and self.crossing:
            out.append(f"{self.side}: a defender fights in place; only an attacker crosses a river, canal or shore")
        if not self.defending and self.units == 0:
            out.append(
                f"{self.side}: an attack needs at least one infantry or armor; aircraft cannot take land alone (L260)"
            )
        if self.order == HOLD and self.retreat is not None:
            out.append(f"{self.side}: a Hold order allows no retreat (L359); leave the retreat empty")
        if self.order == SCOUT and self.retreat is None:
            out.append(f"{self.side}: a Scout order must name its retreat territory in advance (L365)")
        return out
