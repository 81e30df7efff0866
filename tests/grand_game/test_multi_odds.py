"""The chance of every result of a land combat with any number of sides (seed L159, L370,
L376): exact when the hands can be counted, a keyed Monte Carlo otherwise, and always the
same plans and control as the resolver (``land_combat.multiway_land_combat``)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from hedgemony_tui.games.grand_game.engine import multi_odds
from hedgemony_tui.games.grand_game.engine.land_combat import multiway_land_combat
from hedgemony_tui.games.grand_game.engine.land_deck import LandCard
from hedgemony_tui.games.grand_game.engine.land_forces import (
    ADVANCE,
    BLITZKRIEG,
    DEFEND,
    HOLD,
    SCOUT,
    SCREEN,
    Crossing,
    LandForce,
    LandOrderError,
    Terrain,
)
from hedgemony_tui.games.grand_game.engine.land_odds import land_odds
from hedgemony_tui.games.grand_game.engine.multi_odds import EXACT, SAMPLED, multi_land_odds, occupant_chances
from hedgemony_tui.table.dice import Rng

ARM, INF = "armor", "infantry"
BLANK = (LandCard(1, 0, (), 0),)
SMALL = (
    LandCard(1, 0, ((INF, ARM),), 0),
    LandCard(2, 1, (), 0),
    LandCard(3, 2, ((ARM, INF), (INF, ARM)), 1),
    LandCard(4, 3, ((INF, ARM),), 0),
)

TWO_SIDED = [
    (LandForce("red", ADVANCE, infantry=3, armor=2, supplies=5), LandForce("blue", DEFEND, infantry=4, supplies=4)),
    (
        LandForce("red", SCOUT, infantry=2, supplies=1, retreat="Holt"),
        LandForce("blue", SCREEN, infantry=2, supplies=2, retreat="Aster"),
    ),
    (
        LandForce("red", BLITZKRIEG, armor=3, supplies=6, superiority=2, tactical=2),
        LandForce("blue", HOLD, infantry=3, armor=1, supplies=4),
    ),
    (
        LandForce("red", ADVANCE, infantry=1, supplies=2, crossing=(Crossing("river", 2, 1),)),
        LandForce("blue", DEFEND, infantry=2, supplies=0, retreat="Aster"),
    ),
]


@pytest.mark.parametrize(("attacker", "defender"), TWO_SIDED)
def test_two_sides_agree_with_land_odds(attacker: LandForce, defender: LandForce) -> None:
    """With two sides the count is the two-sided one (L370): the same chance of taking the
    territory and the same expected losses, to the last fraction."""
    terrain = Terrain(mountain=True, winter=True)
    two = land_odds("Vesne", attacker, defender, terrain)
    many = multi_land_odds("Vesne", (attacker, defender), defender.side, terrain)
    assert many.method == EXACT
    assert many.side(attacker.side).occupies == two.takes
    assert many.side(defender.side).occupies == 1 - two.takes
    assert many.side(attacker.side).expected_losses == two.expected_losses[0]
    assert many.side(defender.side).expected_losses == two.expected_losses[1]
    assert all(sum(p for _, p in side.losses) == 1 for side in many.sides)


def test_certain_totals_give_a_certain_occupant() -> None:
    """L376: with cards that add nothing and kill nothing, the highest total occupies
    (totals summed over each side's pairs: red 40, green 24, blue 6)."""
    forces = (
        LandForce("blue", DEFEND, infantry=1, supplies=1),
        LandForce("green", ADVANCE, armor=3, supplies=3),
        LandForce("red", ADVANCE, armor=5, supplies=5),
    )
    odds = multi_land_odds("Vesne", forces, "blue", Terrain(), BLANK)
    assert odds.method == EXACT
    assert occupant_chances(odds) == {"red": 1}
    assert [side.opponents for side in odds.sides] == [("green", "red"), ("blue", "red"), ("blue", "green")]
    # No card kills; blue, beaten with no retreat named, loses its unit with the territory.
    assert [side.losses for side in odds.sides] == [((1, Fraction(1)),), ((0, Fraction(1)),), ((0, Fraction(1)),)]


def test_a_tie_between_attackers_stays_with_the_holder() -> None:
    """L159 gives ties to the defender; attackers level at the top take nothing, so a holder
    with troops keeps it and an absent holder's territory goes to nobody."""
    forces = (
        LandForce("blue", DEFEND, infantry=1, supplies=1),
        LandForce("green", ADVANCE, armor=3, supplies=3),
        LandForce("red", ADVANCE, armor=3, supplies=3),
    )
    assert occupant_chances(multi_land_odds("Vesne", forces, "blue", Terrain(), BLANK)) == {"blue": 1}
    absent = multi_land_odds("Vesne", forces[1:], None, Terrain(), BLANK)
    assert absent.stays == 1 and occupant_chances(absent) == {None: 1}
    assert "nobody takes it: 100.0%" in absent.lines()


def test_a_beaten_hold_loses_every_unit() -> None:
    """L359: a Hold that loses the territory loses its survivors with it, and the odds count them."""
    forces = (
        LandForce("blue", HOLD, infantry=2, supplies=2),
        LandForce("green", ADVANCE, armor=5, supplies=5),
        LandForce("red", ADVANCE, armor=6, supplies=6),
    )
    odds = multi_land_odds("Vesne", forces, "blue", Terrain(), BLANK)
    assert odds.side("blue").occupies == 0
    assert odds.side("blue").losses == ((2, Fraction(1)),)


def test_exact_three_sides_agree_with_the_resolver() -> None:
    """The exact chances are those of the resolver: 600 keyed three-way combats land
    within five standard errors of every occupant's chance."""
    forces = (
        LandForce("blue", DEFEND, infantry=2, supplies=2, retreat="Aster"),
        LandForce("green", ADVANCE, armor=1, infantry=1, supplies=2),
        LandForce("red", ADVANCE, armor=2, supplies=2),
    )
    odds = multi_land_odds("Vesne", forces, "blue", Terrain(), SMALL)
    assert odds.method == EXACT
    runs = 600
    seen = Counter(
        multiway_land_combat("Vesne", forces, "blue", Terrain(), Rng(seed), 1, SMALL)[0].occupant
        for seed in range(runs)
    )
    for side, p in occupant_chances(odds).items():
        spread = 5 * (float(p) * (1 - float(p)) / runs) ** 0.5 + 1e-9
        assert abs(seen[side] / runs - float(p)) <= spread, side


def test_too_many_hands_are_sampled_with_the_sample_size_said(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the exact count's budget the odds come from a keyed Monte Carlo: the method and
    sample size are part of the answer, the same seed gives the same figures, and they
    stay close to the exact ones."""
    forces = (
        LandForce("blue", DEFEND, infantry=2, supplies=2),
        LandForce("green", ADVANCE, armor=2, supplies=2),
        LandForce("red", ADVANCE, armor=1, infantry=2, supplies=3),
    )
    exact = multi_land_odds("Vesne", forces, "blue", Terrain(city=True))
    monkeypatch.setattr(multi_odds, "EXACT_WORK", 0)
    sampled = multi_land_odds("Vesne", forces, "blue", Terrain(city=True), samples=3000, seed=7)
    assert (exact.method, sampled.method, sampled.samples, sampled.seed) == (EXACT, SAMPLED, 3000, 7)
    assert "Monte Carlo estimate from 3000 sampled combats (seed 7)" in sampled.lines()[0]
    assert sampled == multi_land_odds("Vesne", forces, "blue", Terrain(city=True), samples=3000, seed=7)
    for side in exact.sides:
        p = float(side.occupies)
        assert abs(float(sampled.side(side.side).occupies) - p) <= 5 * (p * (1 - p) / 3000) ** 0.5 + 1e-9
        assert abs(float(sampled.side(side.side).expected_losses - side.expected_losses)) < 0.15


def test_the_odds_refuse_what_the_resolver_refuses() -> None:
    with pytest.raises(LandOrderError, match="only one force"):
        multi_land_odds(
            "Vesne",
            (LandForce("blue", DEFEND, infantry=1), LandForce("red", ADVANCE, infantry=1), LandForce("red", SCOUT)),
            "blue",
            Terrain(),
        )
    with pytest.raises(LandOrderError, match="only the territory's holder"):
        multi_land_odds(
            "Vesne", (LandForce("blue", DEFEND, infantry=1), LandForce("red", DEFEND, infantry=1)), "blue", Terrain()
        )
