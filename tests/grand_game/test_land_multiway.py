"""Multi-way land combat (seed L376): every pair fights at full strength, losses add up,
and the side with survivors and the highest total occupies."""

from __future__ import annotations

import pytest

from hedgemony_tui.games.grand_game.engine.land_combat import land_combat, multiway_land_combat
from hedgemony_tui.games.grand_game.engine.land_deck import LandCard
from hedgemony_tui.games.grand_game.engine.land_forces import ADVANCE, DEFEND, SCOUT, LandForce, LandOrderError, Terrain
from hedgemony_tui.table.dice import Rng

ARM, INF = "armor", "infantry"
ONE_KILL = (LandCard(1, 0, ((INF, ARM),), 0),)
BLANK = (LandCard(1, 0, (), 0),)


def test_each_pair_fights_at_full_strength_and_losses_add_up() -> None:
    """L376: each side fights every other with its whole force; a side hit in two pairs
    loses the sum of both."""
    forces = (
        LandForce("blue", DEFEND, infantry=4, supplies=4),
        LandForce("green", ADVANCE, armor=2, supplies=2),
        LandForce("red", ADVANCE, armor=2, supplies=2),
    )
    combat, _ = multiway_land_combat("Vesne", forces, "blue", Terrain(), Rng(1), 1, ONE_KILL)
    assert [fight.sides for fight in combat.fights] == [("blue", "green"), ("blue", "red"), ("green", "red")]
    # Every pair uses the full base: blue's 12 against each attacker.
    assert all(fight.plans[0].base == 12 for fight in combat.fights[:2])
    # Blue draws two one-kill cards against each attacker, each attacker one against blue
    # and one against the other: blue loses 1 + 1, green faces 2 + 1 rows with 2 armor.
    assert combat.outcomes["blue"].lost_infantry == 2
    assert combat.outcomes["green"].lost_armor == 2
    assert sum(len(fight.rows_against("green")) for fight in combat.fights) == 3


def test_the_survivor_with_the_highest_total_occupies() -> None:
    """L376: among the sides with land units left, the highest total takes the territory."""
    forces = (
        LandForce("blue", DEFEND, infantry=1, supplies=1),
        LandForce("green", ADVANCE, armor=3, supplies=3),
        LandForce("red", ADVANCE, armor=5, supplies=5),
    )
    combat, _ = multiway_land_combat("Vesne", forces, "blue", Terrain(), Rng(1), 1, BLANK)
    # Totals sum over each side's pairs: red 20 + 20, green 12 + 12, blue 3 + 3.
    assert combat.totals == {"blue": 6, "green": 24, "red": 40}
    assert combat.occupant == "red"
    assert "fails to take" in combat.outcomes["green"].fate


def test_a_tie_between_attackers_leaves_the_territory_with_its_holder() -> None:
    """L159 gives ties to the defender; two attackers level at the top take nothing."""
    forces = (
        LandForce("blue", DEFEND, infantry=1, supplies=1),
        LandForce("green", ADVANCE, armor=3, supplies=3),
        LandForce("red", ADVANCE, armor=3, supplies=3),
    )
    combat, _ = multiway_land_combat("Vesne", forces, "blue", Terrain(), Rng(1), 1, BLANK)
    assert combat.occupant == "blue"
    assert "tie" in combat.reason


def test_two_sides_are_the_plain_combat() -> None:
    """With two sides the multi-way function gives the same record as the two-sided one."""
    red = LandForce("red", SCOUT, armor=3, supplies=3, retreat="Holt")
    blue = LandForce("blue", DEFEND, infantry=3, supplies=3)
    two, _ = land_combat("Vesne", red, blue, Terrain(winter=True), Rng(8), 2)
    many, _ = multiway_land_combat("Vesne", (red, blue), "blue", Terrain(winter=True), Rng(8), 2)
    assert two == many


def test_one_force_a_side() -> None:
    """L376 pairs countries: a side brings its whole force as one."""
    forces = (
        LandForce("blue", DEFEND, infantry=1),
        LandForce("red", ADVANCE, infantry=1),
        LandForce("red", ADVANCE, armor=1),
    )
    with pytest.raises(LandOrderError, match="only one force"):
        multiway_land_combat("Vesne", forces, "blue", Terrain(), Rng(1), 1)
