"""The sea deck's targets (L278), its checker, and the odds of a sea combat against brute force."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations, product
from pathlib import Path

import pytest

from hedgemony_tui.games.grand_game.engine.sea_combat import ENGAGE, HIDE, SeaForce, card_count, sea_combat
from hedgemony_tui.games.grand_game.engine.sea_deck import SEA_DECK, SeaDeckError, load_sea_deck
from hedgemony_tui.games.grand_game.engine.sea_odds import sea_odds
from hedgemony_tui.table.dice import Rng

ROWS = [len(card.rows) for card in SEA_DECK]


def test_the_sea_deck_meets_its_targets() -> None:
    """L278: a sea card should give about one hit and an eighth of a flak hit; L278 also
    says sea cards carry no value for control, so a card has only rows and flak."""
    assert sum(ROWS) / len(SEA_DECK) == 1
    assert Fraction(sum(card.flak for card in SEA_DECK), len(SEA_DECK)) == Fraction(1, 8)
    assert not hasattr(SEA_DECK[0], "value")


def test_a_broken_sea_deck_names_every_problem(tmp_path: Path) -> None:
    path = tmp_path / "sea-deck.toml"
    path.write_text(
        '[[card]]\nrows = [["light", "heavy"]]\nflak = 0\n[[card]]\nrows = []\nflak = -1\nvalue = 2\n',
        encoding="utf-8",
    )
    with pytest.raises(SeaDeckError) as caught:
        load_sea_deck(path)
    message = str(caught.value)
    assert str(path) in message
    assert "card 1: each row must name light, loaded, heavy once each" in message
    assert "card 2: flak must be a whole number 0 or more" in message
    assert "card 2: value is not a field (allowed: rows, flak)" in message


def _hands(count: int) -> list[int]:
    whole, rest = divmod(count, len(ROWS))
    return [whole * sum(ROWS) + sum(hand) for hand in combinations(ROWS, rest)]


def _brute(first: SeaForce, second: SeaForce, winter: bool) -> tuple[Fraction, Fraction, Fraction]:
    """Every pair of search faces, then every hand of cards each side may hold."""
    engage = ENGAGE in (first.order, second.order)
    n_a, n_b = card_count(first, second, engage, False).cards, card_count(second, first, engage, False).cards
    hands_a, hands_b = _hands(n_a), _hands(n_b)
    lost_a = Fraction(sum(min(h, first.fleets) for h in hands_b), len(hands_b))
    lost_b = Fraction(sum(min(h, second.fleets) for h in hands_a), len(hands_a))
    fights = 0
    for fa, fb in product(range(1, 7), repeat=2):
        need_a = None if first.order == HIDE else (3 if winter else 4) + (first.superiority > 0)
        need_b = None if second.order == HIDE else (3 if winter else 4) + (second.superiority > 0)
        fights += (need_a is not None and fa <= need_a) or (need_b is not None and fb <= need_b)
    fight = Fraction(fights, 36)
    return fight, fight * lost_a, fight * lost_b


@pytest.mark.parametrize(
    ("first", "second", "winter"),
    [
        (SeaForce("a", light=2, heavy=1, supplies=3), SeaForce("b", heavy=2, supplies=2), False),
        (SeaForce("a", light=1, order=HIDE), SeaForce("b", heavy=1, supplies=1, superiority=1), True),
        (SeaForce("a", heavy=3, supplies=3, order=ENGAGE), SeaForce("b", light=3, loaded=1, supplies=2), False),
    ],
)
def test_sea_odds_match_brute_force(first: SeaForce, second: SeaForce, winter: bool) -> None:
    """L272: a search finds with need/6 (none when hiding); the expected losses follow from
    every hand of cards."""
    odds = sea_odds(first, second, winter)
    fight, lost_a, lost_b = _brute(first, second, winter)
    assert odds.fight == fight
    assert odds.expected_losses == (lost_a, lost_b)
    assert len(odds.lines()) == 5


def test_find_chances() -> None:
    """L272: 4 in 6 normally, 3 in 6 in winter, one more with superiority, none hiding."""
    odds = sea_odds(SeaForce("a", light=1), SeaForce("b", light=1, superiority=1), winter=True)
    assert odds.finds == (Fraction(3, 6), Fraction(4, 6))
    assert sea_odds(SeaForce("a", light=1, order=HIDE), SeaForce("b", light=1)).finds[0] == 0


def test_port_odds_count_the_ports_card() -> None:
    """L315: at a port the fight is certain and the port's own card adds to the defender's rows."""
    odds = sea_odds(SeaForce("a", heavy=1, supplies=1), SeaForce("b", light=1, supplies=1), port=True)
    assert odds.fight == 1 and odds.cards == (2, 2)
    # Rows against the attacker: two defender cards and the port's, drawn from separate shuffles.
    defender = _hands(2)
    port = _hands(1)
    brute = Fraction(sum(min(1, d + p) for d in defender for p in port), len(defender) * len(port))
    assert odds.expected_losses[0] == brute


def test_dealt_combats_follow_the_odds() -> None:
    """The dealt combats agree with the exact odds over many seeds."""
    a, b = SeaForce("a", light=2, heavy=1, supplies=3), SeaForce("b", heavy=2, supplies=2)
    odds = sea_odds(a, b)
    runs, fought = 1200, 0
    lost: Counter[str] = Counter()
    for seed in range(runs):
        combat, _ = sea_combat("S1", (a, b), Rng(seed), 1)
        fought += combat.duels[0].fought
        lost.update(c.side for c in combat.casualties)
    assert fought / runs == pytest.approx(float(odds.fight), abs=0.04)
    assert lost["a"] / runs == pytest.approx(float(odds.expected_losses[0]), abs=0.12)
    assert lost["b"] / runs == pytest.approx(float(odds.expected_losses[1]), abs=0.12)
