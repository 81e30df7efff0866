"""Land combat: base values and how many cards each side draws (seed L159, L196, L327,
L357-L367), through the resolver ``land_combat``."""

from __future__ import annotations

import pytest

from hedgemony_tui.games.grand_game.engine.land_combat import LandCombat, land_combat
from hedgemony_tui.games.grand_game.engine.land_deck import LandCard
from hedgemony_tui.games.grand_game.engine.land_forces import (
    ADVANCE,
    BLITZKRIEG,
    CANAL,
    DEFEND,
    HOLD,
    RIVER,
    SCOUT,
    SCREEN,
    SHORE,
    Crossing,
    LandForce,
    Terrain,
)
from hedgemony_tui.table.dice import Rng

PLAIN = Terrain()

BLANK = (LandCard(1, 0, (), 0),)
"""A deck whose every card adds nothing and kills nothing: totals are the base values."""


def fight(attacker: LandForce, defender: LandForce, terrain: Terrain = PLAIN) -> LandCombat:
    combat, _ = land_combat("Vesne", attacker, defender, terrain, Rng(11), 1, BLANK)
    return combat


def cards_of(combat: LandCombat, side: str) -> int:
    fight_ = combat.fights[0]
    return len(fight_.cards[fight_.sides.index(side)])


def base_of(combat: LandCombat, side: str) -> int:
    fight_ = combat.fights[0]
    return fight_.plans[fight_.sides.index(side)].base


def attack(order: str = ADVANCE, **kw: object) -> LandForce:
    return LandForce("red", order, **kw)  # type: ignore[arg-type]


def defend(order: str = DEFEND, **kw: object) -> LandForce:
    return LandForce("blue", order, **kw)  # type: ignore[arg-type]


def test_a_tie_on_totals_goes_to_the_defender() -> None:
    """L159: equal totals leave the territory with its defender; one point more takes it."""
    even = fight(attack(armor=3, supplies=3), defend(infantry=4, supplies=4))
    assert base_of(even, "red") == base_of(even, "blue") == 12
    assert even.occupant == "blue"
    assert "ties going to the defender" in even.reason
    more = fight(attack(armor=3, infantry=1, supplies=4, tactical=0), defend(infantry=4, supplies=4))
    assert base_of(more, "red") == 14
    assert more.occupant == "red"


def test_every_side_draws_at_least_one_card() -> None:
    """L196: however small a force, it draws one card."""
    combat = fight(attack(infantry=1, supplies=1), defend(infantry=1, supplies=1))
    assert cards_of(combat, "red") == 1 and base_of(combat, "red") == 2
    assert any("at least one card" in term.what for term in combat.fights[0].plans[1].card_terms)


@pytest.mark.parametrize(("armor", "infantry", "cards"), [(2, 1, 2), (2, 2, 2), (3, 2, 3), (5, 0, 4)])
def test_one_card_for_every_five_base_points(armor: int, infantry: int, cards: int) -> None:
    """L196: a card per five points of base value, so 10 points draw two and 15 three."""
    combat = fight(attack(armor=armor, infantry=infantry, supplies=9), defend(infantry=1, supplies=1))
    assert base_of(combat, "red") == 4 * armor + 2 * infantry
    assert cards_of(combat, "red") == cards


def test_fifteen_points_draw_three_cards() -> None:
    """L196: a base of exactly 15 draws three cards; a little less draws two."""
    fifteen = fight(attack(infantry=1, supplies=1), defend(infantry=5, supplies=5))
    assert (base_of(fifteen, "blue"), cards_of(fifteen, "blue")) == (15, 3)
    thirteen = fight(attack(infantry=1, supplies=1), defend(infantry=5, supplies=4))
    assert (base_of(thirteen, "blue"), cards_of(thirteen, "blue")) == (13, 2)


@pytest.mark.parametrize(
    ("order", "units", "cards"),
    [(SCREEN, 4, 1), (SCREEN, 7, 2), (DEFEND, 4, 2), (HOLD, 3, 3), (HOLD, 4, 4)],
)
def test_defensive_orders_draw_at_their_own_rate(order: str, units: int, cards: int) -> None:
    """L357-L359: Screen draws a card per ten points (still one at least), Defend the usual
    five, Hold a card for every three points."""
    retreat = None if order == HOLD else "Holt"
    combat = fight(attack(infantry=1, supplies=1), defend(order, infantry=units, supplies=units, retreat=retreat))
    assert base_of(combat, "blue") == 3 * units
    assert cards_of(combat, "blue") == cards


def test_scout_draws_a_card_per_ten_points() -> None:
    """L365: a Scout attack draws a card for every ten points, never fewer than one."""
    small = fight(attack(SCOUT, armor=2, supplies=2, retreat="Holt"), defend(infantry=1, supplies=1))
    assert (base_of(small, "red"), cards_of(small, "red")) == (8, 1)
    big = fight(attack(SCOUT, armor=5, supplies=5, retreat="Holt"), defend(infantry=1, supplies=1))
    assert (base_of(big, "red"), cards_of(big, "red")) == (20, 2)


def test_the_seed_example_of_a_landing_beside_an_overland_attack() -> None:
    """L327: 15 points from a neighbouring territory and 15 landing from the sea make a base
    of 30, but the overland part draws three cards and the landing only one."""
    # Overland: 3 armor and 1 infantry supplied (14) and 1 point of tactical air = 15.
    # Landing: 3 armor and 1 infantry supplied (14) and 1 infantry without supply (1) = 15.
    attacker = attack(
        armor=3, infantry=1, supplies=8, superiority=1, tactical=1, crossing=(Crossing(SHORE, armor=3, infantry=2),)
    )
    combat = fight(attacker, defend(infantry=1, supplies=1))
    plan = combat.fights[0].plans[combat.fights[0].sides.index("red")]
    assert plan.base == 30
    assert [term.cards for term in plan.card_terms] == [3, 1]
    assert plan.cards == 4


@pytest.mark.parametrize(("obstacle", "rate"), [(RIVER, 10), (CANAL, 12), (SHORE, 15)])
def test_the_crossing_part_draws_at_its_obstacles_rate(obstacle: str, rate: int) -> None:
    """L327: the part of an attack crossing a river draws a card per 10 points, over a canal
    per 12, from the shore per 15; a force that only crosses still draws one (L196)."""
    # 6 armor crossing: 24 points.
    combat = fight(attack(supplies=6, crossing=(Crossing(obstacle, armor=6),)), defend(infantry=1, supplies=1))
    assert base_of(combat, "red") == 24
    assert cards_of(combat, "red") == max(1, 24 // rate)
    beside = fight(attack(armor=3, supplies=9, crossing=(Crossing(obstacle, armor=6),)), defend(infantry=1, supplies=1))
    assert cards_of(beside, "red") == 12 // 5 + 24 // rate


def test_scout_keeps_its_slower_rate_over_a_river() -> None:
    """L365 and L327: a Scout over a river draws a card per ten points either way; over a
    shore the shore's fifteen is slower still (reading in land.md)."""
    river = fight(attack(SCOUT, supplies=5, retreat="Holt", crossing=(Crossing(RIVER, armor=5),)), defend(infantry=1))
    assert cards_of(river, "red") == 2
    shore = fight(attack(SCOUT, supplies=5, retreat="Holt", crossing=(Crossing(SHORE, armor=5),)), defend(infantry=1))
    assert cards_of(shore, "red") == 1


def test_city_mountain_and_winter_each_add_one_per_defending_unit() -> None:
    """L327: a city, port or mountain gives each defending land unit +1, and winter one more;
    a port is a city that builds ships (L108) and counts once."""
    plain = fight(attack(infantry=1, supplies=1), defend(infantry=3, supplies=3))
    assert base_of(plain, "blue") == 9
    city = fight(attack(infantry=1, supplies=1), defend(infantry=3, supplies=3), Terrain(city=True))
    assert base_of(city, "blue") == 12
    hard = Terrain(city=True, port=True, mountain=True, winter=True)
    fortress = fight(attack(infantry=1, supplies=1), defend(infantry=3, supplies=3), hard)
    assert base_of(fortress, "blue") == 9 + 3 * 3
    sources = [term.source for term in fortress.fights[0].plans[fortress.fights[0].sides.index("blue")].terms]
    assert sources.count("L327") == 3
    # The attacker never gets the ground's bonus.
    assert base_of(fortress, "red") == 2


def test_tactical_air_adds_to_base_and_can_cross_a_card_threshold() -> None:
    """L251, L257: each tactical air point adds one to the side's base value in every land
    combat of the zone, which may give it another card."""
    without = fight(attack(armor=2, supplies=2), defend(infantry=1, supplies=1))
    assert (base_of(without, "red"), cards_of(without, "red")) == (8, 1)
    with_air = fight(attack(armor=2, supplies=2, superiority=2, tactical=2), defend(infantry=1, supplies=1))
    assert (base_of(with_air, "red"), cards_of(with_air, "red")) == (10, 2)


def test_blitzkrieg_with_air_superiority_draws_a_card_per_armor_and_point() -> None:
    """L367: with superiority, a Blitzkrieg draws one more card for each armor matched with a
    point of superiority: +3 and three armor give three more cards."""
    blitz = attack(BLITZKRIEG, armor=3, supplies=6, superiority=3, tactical=3)
    combat = fight(blitz, defend(infantry=1, supplies=1))
    assert base_of(combat, "red") == 15
    assert cards_of(combat, "red") == 3 + 3
    fewer = fight(attack(BLITZKRIEG, armor=3, supplies=6, superiority=1, tactical=1), defend(infantry=1))
    assert cards_of(fewer, "red") == 13 // 5 + 1
    advance = fight(attack(ADVANCE, armor=3, supplies=6, superiority=3, tactical=3), defend(infantry=1))
    assert cards_of(advance, "red") == 3


def test_blitzkrieg_without_superiority_gives_the_defender_a_card_per_its_point() -> None:
    """L367: a Blitzkrieg without superiority lets the defender draw one more card for
    each point of superiority the defender holds."""
    blitz = attack(BLITZKRIEG, armor=3, supplies=6)
    combat = fight(blitz, defend(infantry=2, supplies=2, superiority=2, tactical=2))
    assert base_of(combat, "blue") == 8
    assert cards_of(combat, "blue") == 1 + 2
    against_advance = fight(
        attack(ADVANCE, armor=3, supplies=3), defend(infantry=2, supplies=2, superiority=2, tactical=2)
    )
    assert cards_of(against_advance, "blue") == 1


def test_blitzkrieg_needs_two_supplies_a_unit_to_fight_supplied() -> None:
    """L367: each Blitzkrieg unit needs one supply more to count as fully supplied; a unit
    without its supply fights at 1 (G-X4)."""
    combat = fight(attack(BLITZKRIEG, armor=3, supplies=3, superiority=1, tactical=1), defend(infantry=1))
    # One armor is fed (2 supplies), two fight at 1; plus 1 tactical.
    assert base_of(combat, "red") == 4 + 2 + 1
    assert combat.outcomes["red"].spent == 2
