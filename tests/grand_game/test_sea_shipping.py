"""Attacking shipping and the interdiction token (seed L318)."""

from __future__ import annotations

import pytest

from hedgemony_tui.games.grand_game.engine.interdiction import (
    InterdictionToken,
    ShippingOrderError,
    attack_shipping,
    lapse,
)

COAST = frozenset({"E1", "E2"})


def test_a_surviving_raider_lays_a_token() -> None:
    """L318: a unit with the attack-shipping order that comes through the phase marks the sea
    as interdicted, aimed at the one economic zone named in advance."""
    result = attack_shipping(None, "S1", "red", "E2", COAST, survived=True, phase=4)
    assert result.token == InterdictionToken("S1", "red", "E2", 4) and result.damage == 0


def test_the_next_phase_completes_the_damage() -> None:
    """L318: a second surviving raider there in the next combat phase (even next turn) lifts
    the token and the named zone takes one point of damage."""
    token = InterdictionToken("S1", "red", "E2", 3)
    result = attack_shipping(token, "S1", "red", "E1", COAST, survived=True, phase=4)
    assert result.token is None and (result.damaged, result.damage) == ("E2", 1)


def test_a_raider_that_does_not_survive_leaves_nothing() -> None:
    """L318: only a unit that survives the phase places or completes interdiction."""
    assert attack_shipping(None, "S1", "red", "E1", COAST, survived=False, phase=4).token is None
    token = InterdictionToken("S1", "red", "E2", 3)
    result = attack_shipping(token, "S1", "red", "E2", COAST, survived=False, phase=4)
    assert result.token is None and result.damage == 0


def test_a_token_not_followed_at_once_lapses() -> None:
    """L318: the token marks interdiction for one turn; a raid two phases later starts anew."""
    old = InterdictionToken("S1", "red", "E2", 2)
    result = attack_shipping(old, "S1", "red", "E1", COAST, survived=True, phase=4)
    assert result.damage == 0 and result.token == InterdictionToken("S1", "red", "E1", 4)
    assert lapse(old, 3) == old and lapse(old, 4) is None and lapse(None, 1) is None


def test_another_sides_token_is_not_completed_by_a_rival() -> None:
    token = InterdictionToken("S1", "blue", "E2", 3)
    result = attack_shipping(token, "S1", "red", "E2", COAST, survived=True, phase=4)
    assert result.token == token and result.damage == 0


def test_the_target_must_be_an_enemy_zone_on_that_sea() -> None:
    """L318: the sea must border the enemy economic zone that is named."""
    with pytest.raises(ShippingOrderError, match="zones it may name: E1, E2"):
        attack_shipping(None, "S1", "red", "E9", COAST, survived=True, phase=1)
    with pytest.raises(ShippingOrderError, match="touches no enemy economic zone"):
        attack_shipping(None, "S1", "red", "E9", frozenset(), survived=True, phase=1)
