"""Attacking shipping and the interdiction token (seed L318), as a pure function over a
token record.

A unit ordered to attack shipping in a sea territory next to an enemy's coastal economic
zone, if it comes through the combat phase alive, leaves a token there: that coast is
interdicted. If the same side again has a surviving unit with that order there in the
very next combat phase (which may be next turn's spring), the token is lifted and the
economic zone named when the token was laid (one, chosen in advance) takes 1 point of
damage. A token not followed up in the next combat phase lapses (it marks interdiction
for one turn; reading in ``rules/grand-game/air-sea.md``).

Combat phases are numbered one after another across turns (three a turn), so "the next"
is the phase number plus one.
"""

from __future__ import annotations

import attrs

SHIPPING_DAMAGE = 1
"""Economic damage of completed interdiction (L318)."""


class ShippingOrderError(ValueError):
    """An attack-shipping order that cannot be given; the message says what is allowed."""


@attrs.frozen
class InterdictionToken:
    """A token on ``sea``: laid by ``side`` in combat phase ``phase``, aimed at ``target``."""

    sea: str
    side: str
    target: str
    phase: int


@attrs.frozen
class ShippingResult:
    """What one attack-shipping order did: the token left on the sea, any damage, and why."""

    token: InterdictionToken | None
    damaged: str | None
    damage: int
    note: str


def attack_shipping(
    token: InterdictionToken | None,
    sea: str,
    side: str,
    target: str,
    enemy_coast: frozenset[str],
    survived: bool,
    phase: int,
) -> ShippingResult:
    """The token on ``sea`` after ``side``'s attack-shipping order in combat phase ``phase``.

    ``enemy_coast`` are the enemy economic zones next to ``sea``; ``target`` must be one of
    them (the zone named in advance); ``survived`` is whether a unit with the order came
    through the phase. ``token`` is the token on ``sea`` before, if any."""
    if target not in enemy_coast:
        allowed = ", ".join(sorted(enemy_coast)) or "none: this sea touches no enemy economic zone"
        raise ShippingOrderError(f"{sea}: {side} cannot attack shipping of {target}; zones it may name: {allowed}")
    live = token if token is not None and token.sea == sea and token.phase == phase - 1 else None
    if live is not None and live.side != side:
        # Another side's token stays; this order starts nothing while the coast is taken.
        return ShippingResult(live, None, 0, f"{sea}: {live.side}'s token is already here; {side}'s order waits")
    if not survived:
        if live is not None:
            return ShippingResult(None, None, 0, f"{sea}: no unit of {side} came through; the token lapses")
        return ShippingResult(None, None, 0, f"{sea}: no unit of {side} came through; no token")
    if live is not None:
        return ShippingResult(
            None,
            live.target,
            SHIPPING_DAMAGE,
            f"{sea}: {side} follows up its token: {live.target} takes {SHIPPING_DAMAGE} damage (L318)",
        )
    laid = InterdictionToken(sea, side, target, phase)
    return ShippingResult(laid, None, 0, f"{sea}: {side} lays an interdiction token aimed at {target}")


def lapse(token: InterdictionToken | None, phase: int) -> InterdictionToken | None:
    """The token still on the board in ``phase`` if no attack-shipping order came there:
    it lasts until the end of the phase after it was laid."""
    if token is None or phase > token.phase + 1:
        return None
    return token
