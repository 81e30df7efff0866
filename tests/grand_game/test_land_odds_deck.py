"""The land deck's targets (L193) and checker, and the exact odds of a land combat against
a brute-force count over every hand of cards (L159, L196, L370)."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest

from hedgemony_tui.games.grand_game.engine.land_combat import land_combat
from hedgemony_tui.games.grand_game.engine.land_deck import (
    LAND_DECK,
    LandCard,
    LandDeckError,
    load_land_deck,
    target_problems,
)
from hedgemony_tui.games.grand_game.engine.land_forces import (
    ADVANCE,
    BLITZKRIEG,
    DEFEND,
    HOLD,
    SCREEN,
    SHORE,
    Crossing,
    LandForce,
    LandOrderError,
    Terrain,
)
from hedgemony_tui.games.grand_game.engine.land_odds import land_odds
from hedgemony_tui.table.dice import Rng

ARM, INF = "armor", "infantry"
SMALL = (
    LandCard(1, 0, (), 0),
    LandCard(2, 3, ((INF, ARM),), 1),
    LandCard(3, 1, ((ARM, INF), (ARM, INF)), 0),
    LandCard(4, 2, ((INF, ARM),) * 3, 0),
    LandCard(5, 1, (), 0),
)


def test_the_shipped_deck_meets_the_seeds_targets() -> None:
    """L193: a card's value averages about 1.5, its casualties about two, its flak about an
    eighth, and value and casualties vary apart (L162: values run 0 to 3)."""
    n = len(LAND_DECK)
    assert Fraction(sum(c.value for c in LAND_DECK), n) == Fraction(3, 2)
    assert Fraction(sum(len(c.rows) for c in LAND_DECK), n) == 2
    assert Fraction(sum(c.flak for c in LAND_DECK), n) == Fraction(1, 8)
    assert {c.value for c in LAND_DECK} == {0, 1, 2, 3}
    # Every value has cards with few and with many casualties: they vary apart (no correlation).
    for value in range(4):
        rows = [len(c.rows) for c in LAND_DECK if c.value == value]
        assert Fraction(sum(rows), len(rows)) == 2 and min(rows) <= 1 and max(rows) >= 3
    assert target_problems(LAND_DECK) == []


def test_a_deck_that_misses_its_targets_is_named() -> None:
    rich = tuple(LandCard(i, 3, ((ARM, INF),) * i, 0) for i in range(1, 5))
    problems = target_problems(rich)
    assert any(p.startswith("mean value a card is 3.000; it must be 1.5 within 0.1") for p in problems)
    assert any("mean flak a card is 0.000" in p for p in problems)
    assert any("value and casualty rows must both vary" in p for p in problems)


def test_a_malformed_deck_file_gives_one_error_naming_every_problem(tmp_path: Path) -> None:
    path = tmp_path / "land-deck.toml"
    path.write_text(
        '[deck]\nsize = 2\n[[card]]\nvalue = 4\nrows = [["armor"]]\nflak = 0\n'
        '[[card]]\nvalue = 1\nrows = []\nflak = -1\nkind = "x"\n',
        encoding="utf-8",
    )
    with pytest.raises(LandDeckError) as caught:
        load_land_deck(path)
    message = str(caught.value)
    assert message.startswith(str(path))
    assert "[deck] is not part of a land deck (allowed: [[card]])" in message
    assert "card 1: value must be 0, 1, 2 or 3 (L162), not 4" in message
    assert 'card 1: each row must be ["armor", "infantry"] or ["infantry", "armor"]' in message
    assert "card 2: flak must be a whole number 0 or more, not -1" in message
    assert "card 2: kind is not a field (allowed: value, rows, flak)" in message
    path.write_text("[[card]\n", encoding="utf-8")
    with pytest.raises(LandDeckError, match="not valid TOML"):
        load_land_deck(path)


def _hands(deck: tuple[LandCard, ...], count: int) -> list[tuple[int, int]]:
    """Every set of cards a side may hold, as (values, rows): whole decks, then each way of
    taking the rest from a fresh copy."""
    whole, rest = divmod(count, len(deck))
    value = whole * sum(c.value for c in deck)
    rows = whole * sum(len(c.rows) for c in deck)
    return [(value + sum(c.value for c in h), rows + sum(len(c.rows) for c in h)) for h in combinations(deck, rest)]


def _brute(attacker: LandForce, defender: LandForce, terrain: Terrain) -> tuple[Fraction, Fraction, Fraction]:
    odds = land_odds("Vesne", attacker, defender, terrain, SMALL)
    assert odds.attacker is not None and odds.defender is not None
    a_hands, d_hands = _hands(SMALL, odds.attacker.cards), _hands(SMALL, odds.defender.cards)
    ua, ud = attacker.units, defender.units
    takes = lost_a = lost_d = Fraction(0)
    weight = Fraction(1, len(a_hands) * len(d_hands))
    for va, ra in a_hands:
        for vd, rd in d_hands:
            a_left, d_left = ua - min(rd, ua), ud - min(ra, ud)
            taken = a_left > 0 and (d_left == 0 or odds.attacker.base + va > odds.defender.base + vd)
            takes += weight * taken
            lost_a += weight * min(rd, ua)
            gone = defender.order == HOLD or defender.retreat is None
            lost_d += weight * (ud if taken and gone else min(ra, ud))
    return takes, lost_a, lost_d


@pytest.mark.parametrize(
    ("attacker", "defender", "terrain"),
    [
        (
            LandForce("red", ADVANCE, armor=2, infantry=1, supplies=3),
            LandForce("blue", DEFEND, infantry=2, supplies=2, retreat="Holt"),
            Terrain(),
        ),
        (
            LandForce("red", ADVANCE, armor=3, supplies=1),
            LandForce("blue", HOLD, infantry=3, supplies=3),
            Terrain(city=True),
        ),
        (
            LandForce(
                "red",
                BLITZKRIEG,
                armor=4,
                supplies=8,
                superiority=3,
                tactical=3,
                crossing=(Crossing(SHORE, infantry=2),),
            ),
            LandForce("blue", SCREEN, infantry=4, armor=1, supplies=2, retreat="Holt"),
            Terrain(mountain=True, winter=True),
        ),
    ],
)
def test_land_odds_match_a_count_over_every_hand(attacker: LandForce, defender: LandForce, terrain: Terrain) -> None:
    """L196, L370: with the bases and card counts fixed by the orders, the chance of taking
    the territory and the expected losses are counts over the hands each side may draw."""
    odds = land_odds("Vesne", attacker, defender, terrain, SMALL)
    takes, lost_a, lost_d = _brute(attacker, defender, terrain)
    assert odds.takes == takes
    assert odds.expected_losses == (lost_a, lost_d)
    assert 0 <= odds.takes <= 1 and odds.beats_on_totals >= 0


def test_the_odds_and_the_resolver_share_their_plans() -> None:
    """The odds read the same base values and card counts the resolver then uses."""
    red = LandForce("red", BLITZKRIEG, armor=3, infantry=2, supplies=7, superiority=2, tactical=2)
    blue = LandForce("blue", DEFEND, infantry=3, supplies=3)
    odds = land_odds("Vesne", red, blue, Terrain(port=True))
    combat, _ = land_combat("Vesne", red, blue, Terrain(port=True), Rng(3), 1)
    plans = {plan.side: plan for plan in combat.fights[0].plans}
    assert (odds.attacker, odds.defender) == (plans["red"], plans["blue"])
    assert any("attacker takes Vesne" in line for line in odds.lines())


def test_the_odds_agree_with_many_resolved_combats() -> None:
    """The resolver's results over many seeds come near the exact chance."""
    red = LandForce("red", ADVANCE, armor=2, infantry=1, supplies=3)
    blue = LandForce("blue", DEFEND, infantry=3, supplies=3)
    odds = land_odds("Vesne", red, blue, Terrain(), SMALL)
    runs = 400
    taken = sum(
        land_combat("Vesne", red, blue, Terrain(), Rng(seed), 1, SMALL)[0].occupant == "red" for seed in range(runs)
    )
    assert abs(Fraction(taken, runs) - odds.takes) < Fraction(7, 100)


def test_certain_results_are_certain() -> None:
    """L156: a very large force beats a very small one for sure; an empty territory is taken."""
    blank = (LandCard(1, 0, (), 0),)
    odds = land_odds(
        "Vesne", LandForce("red", ADVANCE, armor=6, supplies=6), LandForce("blue", DEFEND, infantry=1), Terrain(), blank
    )
    # The beaten defender named no retreat, so its one unit is lost with the territory.
    assert odds.takes == 1
    assert odds.expected_losses == (Fraction(0), Fraction(1))
    empty = land_odds("Vesne", LandForce("red", ADVANCE, infantry=1), LandForce("blue", DEFEND), Terrain())
    assert empty.takes == 1


def test_the_odds_refuse_bad_forces_too() -> None:
    with pytest.raises(LandOrderError, match="only the territory's holder writes"):
        land_odds("Vesne", LandForce("red", DEFEND, infantry=1), LandForce("blue", DEFEND, infantry=1), Terrain())
