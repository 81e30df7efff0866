"""The odds of an air battle and of strategic bombing (L248, L254), checked against brute
force, and the bombing dice themselves."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations, product

import pytest

from hedgemony_tui.games.grand_game.engine.air_combat import air_battle, superiority_odds
from hedgemony_tui.games.grand_game.engine.air_deck import AIR_DECK
from hedgemony_tui.games.grand_game.engine.air_sea_cards import draw_indices
from hedgemony_tui.games.grand_game.engine.bombing import bombing_odds, strategic_bombing
from hedgemony_tui.table.dice import Rng

HITS = [card.hits for card in AIR_DECK]


def _hands(count: int) -> list[int]:
    """Every equally likely total of ``count`` cards: whole decks, then every subset of the rest."""
    whole, rest = divmod(count, len(HITS))
    return [whole * sum(HITS) + sum(hand) for hand in combinations(HITS, rest)]


def _brute_superiority(first: int, second: int) -> dict[int, Fraction]:
    out: Counter[int] = Counter()
    hands_a, hands_b = _hands(first), _hands(second)
    for on_b, on_a in product(hands_a, hands_b):
        out[max(0, first - on_a) - max(0, second - on_b)] += 1
    total = len(hands_a) * len(hands_b)
    return {k: Fraction(v, total) for k, v in sorted(out.items())}


@pytest.mark.parametrize(("first", "second"), [(1, 1), (2, 1), (3, 2), (4, 4), (13, 2)])
def test_superiority_odds_match_brute_force(first: int, second: int) -> None:
    """L248: the chance of each superiority, from the deck, equals counting every hand."""
    odds = superiority_odds(first, second)
    assert odds == _brute_superiority(first, second)
    assert sum(odds.values()) == 1


def test_drawing_beyond_the_deck_starts_a_fresh_shuffle() -> None:
    picks, _ = draw_indices(12, 14, Rng(3), 1, "air/x")
    assert sorted(picks[:12]) == list(range(12)) and len(picks) == 14


def test_the_battle_follows_its_odds() -> None:
    """The dealt battles agree with the exact odds (3 against 2 over many seeds)."""
    odds = superiority_odds(3, 2)
    seen: Counter[int] = Counter()
    runs = 1500
    for seed in range(runs):
        battle, _ = air_battle("Z", {"a": 3, "b": 2}, Rng(seed), 1)
        seen[battle.superiority_of("a") - battle.superiority_of("b")] += 1
    for margin, p in odds.items():
        assert seen[margin] / runs == pytest.approx(float(p), abs=0.04)


def test_bombing_dice_do_what_their_face_says() -> None:
    """L254: a bombing die does 1 damage on a 4, 2 on a 5, 3 on a 6, and nothing below 4."""
    table = {1: 0, 2: 0, 3: 0, 4: 1, 5: 2, 6: 3}
    faces: set[int] = set()
    for seed in range(60):
        result, _ = strategic_bombing("red", "Z1", 3, (("E1", 2), ("E2", 1)), Rng(seed), 2)
        assert len(result.dice) == 3
        for die in result.dice:
            assert die.damage == table[die.face]
            faces.add(die.face)
        assert sum(result.damage.values()) == sum(die.damage for die in result.dice)
    assert faces == set(table)


def test_no_superiority_no_bombing() -> None:
    """L254: surviving bombers of a side without superiority may not bomb."""
    result, rng = strategic_bombing("red", "Z1", 0, (("E1", 2),), Rng(1), 2)
    assert result.dice == () and "no air superiority" in result.lines()[0]
    assert rng == Rng(1)


def test_never_more_dice_than_superiority() -> None:
    """L254: one die per point of superiority."""
    result, _ = strategic_bombing("red", "Z1", 2, (("E1", 2), ("E2", 2)), Rng(1), 2)
    assert [die.target for die in result.dice] == ["E1", "E1"]


def test_bombing_is_keyed() -> None:
    first, _ = strategic_bombing("red", "Z1", 3, (("E1", 3),), Rng(5), 4)
    assert strategic_bombing("red", "Z1", 3, (("E1", 3),), Rng(5), 4)[0] == first
    assert "needs 4+" in first.lines()[0]


def test_bombing_odds_match_every_roll() -> None:
    """L254: damage per point is 0 half the time and 1, 2 or 3 a sixth each (mean 1)."""
    assert bombing_odds(1) == {0: Fraction(1, 2), 1: Fraction(1, 6), 2: Fraction(1, 6), 3: Fraction(1, 6)}
    damage = {1: 0, 2: 0, 3: 0, 4: 1, 5: 2, 6: 3}
    brute: Counter[int] = Counter(damage[a] + damage[b] + damage[c] for a, b, c in product(range(1, 7), repeat=3))
    assert bombing_odds(3) == {k: Fraction(v, 216) for k, v in sorted(brute.items())}
