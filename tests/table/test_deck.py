"""Decks: keyed shuffles, draws, discards and reshuffles."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hedgemony_tui.table.deck import Deck, discard, draw, recycled, shuffle_cards, shuffled
from hedgemony_tui.table.dice import Rng

CARDS = tuple(f"C{i:02d}" for i in range(20))


def test_the_same_seed_turn_and_key_deal_the_same_order() -> None:
    first = shuffled(Deck(CARDS), Rng(7), 1, "events")
    again = shuffled(Deck(CARDS), Rng(7), 1, "events")
    assert first == again
    assert first[0].pile != CARDS  # it did shuffle


def test_a_known_order_stays_put() -> None:
    # Saved games replay shuffles from their seed: this order must never drift.
    deck, rng = shuffled(Deck("abcde"), Rng(1), 1, "events")
    assert deck.pile == ("b", "e", "a", "c", "d")
    assert rng.keys == ("1:events/4", "1:events/3", "1:events/2", "1:events/1")


def test_key_seed_and_turn_each_change_the_order() -> None:
    base = shuffled(Deck(CARDS), Rng(7), 1, "events")[0].pile
    assert shuffled(Deck(CARDS), Rng(7), 1, "crises")[0].pile != base
    assert shuffled(Deck(CARDS), Rng(8), 1, "events")[0].pile != base
    assert shuffled(Deck(CARDS), Rng(7), 2, "events")[0].pile != base


def test_shuffling_again_with_the_returned_generator_deals_afresh() -> None:
    once, rng = shuffled(Deck(CARDS), Rng(7), 1, "events")
    twice, _ = shuffled(Deck(CARDS), rng, 1, "events")
    assert twice.pile != once.pile


def test_other_rolls_in_the_turn_do_not_move_the_shuffle() -> None:
    _, busy = Rng(7).keyed_below(10, 1, "combat")
    assert shuffled(Deck(CARDS), busy, 1, "events")[0].pile == shuffled(Deck(CARDS), Rng(7), 1, "events")[0].pile


@given(st.lists(st.integers(0, 5), max_size=30), st.integers(0, 2**32), st.text(max_size=8))
def test_a_shuffle_is_a_permutation(cards: list[int], seed: int, key: str) -> None:
    deck, _ = shuffled(Deck(cards, ("kept",)), Rng(seed), 3, key)
    assert Counter(deck.pile) == Counter(cards)
    assert deck.discards == ("kept",)


def test_shuffles_are_roughly_uniform() -> None:
    # 3000 keys: each card should lead about 1000 times (sd ~26) and each of the six
    # orders appear about 500 times (sd ~20). The bounds are ~6 sd wide: never flaky,
    # yet a constant or badly skewed order fails at once.
    firsts: Counter[str] = Counter()
    orders: Counter[tuple[str, ...]] = Counter()
    for i in range(3000):
        pile, _ = shuffle_cards("xyz", Rng(11), 1, f"deck-{i}")
        firsts[pile[0]] += 1
        orders[pile] += 1
    assert set(firsts) == {"x", "y", "z"}
    assert all(850 <= n <= 1150 for n in firsts.values()), firsts
    assert len(orders) == 6
    assert all(380 <= n <= 620 for n in orders.values()), orders


def test_tiny_decks_shuffle_to_themselves() -> None:
    rng = Rng(3)
    assert shuffled(Deck(()), rng, 1, "k") == (Deck(()), rng)
    assert shuffled(Deck(("only",)), rng, 1, "k") == (Deck(("only",)), rng)


def test_draw_takes_from_the_top() -> None:
    cards, deck = draw(Deck("abcde", "z"), 2)
    assert cards == ("a", "b")
    assert deck == Deck("cde", "z")
    assert draw(deck) == (("c",), Deck("de", "z"))
    assert draw(deck, 0) == ((), deck)
    assert draw(deck, 3) == (("c", "d", "e"), Deck((), "z"))


def test_draw_refuses_too_few_cards_naming_the_counts() -> None:
    deck = Deck("abc", "xy")
    with pytest.raises(
        ValueError,
        match=r"cannot draw 4 cards: only 3 in the draw pile \(and 2 in the discards, which only a reshuffling draw uses\)",
    ):
        draw(deck, 4)
    with pytest.raises(ValueError, match=r"^cannot draw 1 card: only 0 in the draw pile$"):
        draw(Deck(()), 1)
    with pytest.raises(ValueError, match="negative"):
        draw(deck, -1)
    with pytest.raises(ValueError, match="cannot draw 6 cards: only 3 in the draw pile and 2 in the discards"):
        draw(deck, 6, reshuffle_with=(Rng(1), 1, "k"))


def test_draw_reshuffles_the_discards_when_the_pile_runs_out() -> None:
    rng = Rng(5)
    cards, deck, after = draw(Deck(("a",), ("x", "y", "z")), 3, reshuffle_with=(rng, 2, "events"))
    fresh, expected_rng = shuffle_cards(("x", "y", "z"), rng, 2, "events")
    assert cards == ("a",) + fresh[:2]
    assert deck == Deck(fresh[2:], ())
    assert after == expected_rng
    assert sorted(cards + deck.pile) == ["a", "x", "y", "z"]


def test_draw_only_reshuffles_when_a_card_is_needed() -> None:
    rng = Rng(5)
    deck = Deck(("a", "b"), ("x",))
    assert draw(deck, 2, reshuffle_with=(rng, 1, "k")) == (("a", "b"), Deck((), ("x",)), rng)
    assert draw(deck, 1, reshuffle_with=(rng, 1, "k")) == (("a",), Deck(("b",), ("x",)), rng)


def test_drawn_cards_are_not_reshuffled_into_the_new_pile() -> None:
    cards, deck, _ = draw(Deck(("a", "b"), ("x", "y")), 4, reshuffle_with=(Rng(9), 1, "k"))
    assert cards[:2] == ("a", "b") and sorted(cards[2:]) == ["x", "y"]
    assert deck == Deck((), ())


def test_discard_appends_in_order() -> None:
    deck = discard(Deck("ab", "x"), ["y", "z"])
    assert deck == Deck("ab", "xyz")
    assert discard(deck, []) == deck


def test_recycled_puts_the_shuffled_discards_under_the_pile() -> None:
    rng = Rng(4)
    deck, after = recycled(Deck("ab", "wxyz"), rng, 1, "k")
    fresh, expected = shuffle_cards("wxyz", rng, 1, "k")
    assert deck == Deck(("a", "b") + fresh, ())
    assert after == expected


@given(st.integers(0, 12), st.integers(0, 12), st.integers(0, 24), st.integers(0, 1000))
def test_draws_conserve_cards(pile: int, spare: int, n: int, seed: int) -> None:
    deck = Deck(range(pile), range(100, 100 + spare))
    if n > pile + spare:
        with pytest.raises(ValueError):
            draw(deck, n, reshuffle_with=(Rng(seed), 1, "k"))
        return
    cards, after, _ = draw(deck, n, reshuffle_with=(Rng(seed), 1, "k"))
    assert len(cards) == n
    assert sorted(cards + after.pile + after.discards) == sorted(deck.pile + deck.discards)
    assert cards[: min(n, pile)] == deck.pile[: min(n, pile)]
