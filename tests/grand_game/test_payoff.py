"""Francs, transfers, the final payout and the random end (seed L56, L65-L74, L131, L150; G-X7, G-X9)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hedgemony_tui.games.grand_game.engine.allocation import Allocation, Line, SeatBook, settle
from hedgemony_tui.games.grand_game.engine.economy import FULL, Economy
from hedgemony_tui.games.grand_game.engine.payoff import (
    FrancError,
    Francs,
    PayoffRules,
    collect_politics,
    end_chance,
    final_payout,
    pay_final,
    politics_income,
    random_end,
    standings,
    transfer,
    transfer_limits,
    winners,
)
from hedgemony_tui.games.grand_game.engine.units import SUPPLY
from hedgemony_tui.table.dice import Rng

SEATS = ("blue", "green", "red")


def test_political_spending_earns_francs() -> None:
    """L65/L131: spending on politics brings in-game cash, more spending more cash (G-X7: 1 a point)."""
    book = SeatBook("red", 20, {"north": FULL}, {}, frozenset({"b"}), frozenset({"b"}), frozenset())
    allocation = Allocation("red", 30, (Line(SUPPLY, "b", 14),))
    _, settlement = settle(allocation, book, Economy({"north": 20}))
    francs = collect_politics(Francs.start(SEATS), 1, "red", settlement.politics_spend)
    assert francs.of("red") == 6
    assert [politics_income(spend) for spend in (0, 2, 4, 6)] == [0, 2, 4, 6]
    assert francs.entries[-1].reason == "politics: 6 GDP spent"


def test_francs_pass_between_seats() -> None:
    """L150/L74: at the end of reconciliation seats may pay each other Francs (the only trade here)."""
    francs = Francs.start(SEATS).credited(1, "red", 10, "test")
    francs = transfer(francs, 1, "red", "blue", 4)
    assert (francs.of("red"), francs.of("blue")) == (6, 4)
    assert [(e.seat, e.amount) for e in francs.entries[-2:]] == [("red", -4), ("blue", 4)]
    assert transfer_limits(francs, "red") == {"blue": 6, "green": 6}
    assert transfer_limits(Francs.start(SEATS), "red") == {}


def test_a_seat_pays_no_more_than_it_has() -> None:
    """L74: cash limits what a seat can buy; a transfer above its Francs is refused."""
    francs = Francs.start(SEATS).credited(1, "red", 3, "test")
    with pytest.raises(FrancError, match="red has 3 Francs: it can pay at most that, not 4"):
        transfer(francs, 1, "red", "blue", 4)


@pytest.mark.parametrize(
    ("giver", "receiver", "amount", "message"),
    [
        ("red", "red", 1, "red cannot pay Francs to itself"),
        ("red", "grey", 1, "grey is not a seat at this table"),
        ("red", "blue", 0, "a transfer must be a whole number of Francs, 1 or more, not 0"),
        ("red", "blue", -2, "1 or more, not -2"),
        ("red", "blue", True, "1 or more, not True"),
    ],
)
def test_bad_transfers_are_named(giver: str, receiver: str, amount: int, message: str) -> None:
    francs = Francs.start(SEATS).credited(1, "red", 5, "test")
    with pytest.raises(FrancError, match=message):
        transfer(francs, 1, giver, receiver, amount)
    assert francs.of("red") == 5


def test_the_final_payout_is_two_per_gdp_and_one_per_city() -> None:
    """L68: the last turn pays a large sum for the final board (G-X7: 2 per GDP point + 1 per city)."""
    payout = final_payout("red", 12, 4)
    assert payout.amount == 28
    assert payout.describe() == "red: final GDP 12 x 2 + 4 cities x 1 = 28 Francs"
    assert final_payout("red", 12, 4, PayoffRules(payout_per_gdp=3, payout_per_city=2)).amount == 44


def test_the_score_is_the_francs_gathered() -> None:
    """L68: the payoff is the cash a seat acquired over the game, the final payout included."""
    francs = Francs.start(SEATS).credited(9, "blue", 10, "politics")
    francs = pay_final(
        francs, 12, [final_payout("blue", 5, 2), final_payout("red", 11, 0), final_payout("green", 1, 0)]
    )
    assert standings(francs) == (("blue", 22), ("red", 22), ("green", 2))
    assert winners(francs) == ("blue", "red")


def test_no_end_roll_before_turn_ten() -> None:
    """L56: the random end begins at turn 10, so turns 1-9 always go on."""
    rng = Rng(5)
    for turn in range(1, 10):
        roll, after = random_end(turn, rng)
        assert roll is None and after == rng


def test_the_end_roll_can_end_the_game_at_turn_ten() -> None:
    """L56: from turn 10 the game may stop at once (G-X9: a d6 after the turn, 1 or 2 ends it)."""
    rolls = [random_end(10, Rng(seed))[0] for seed in range(200)]
    assert all(r is not None for r in rolls)
    faces = [r.face for r in rolls if r is not None]
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert all(r.ends == (r.face <= 2) for r in rolls if r is not None)
    ended = sum(1 for r in rolls if r is not None and r.ends)
    assert 40 <= ended <= 95  # about a third of 200
    assert end_chance() == Fraction(1, 3)


def test_the_end_roll_is_keyed_and_recorded() -> None:
    """G-X9: the die is a keyed draw named for the turn: the same seed gives the same face,
    whatever else was rolled before, and the record keeps the face."""
    first, _ = random_end(11, Rng(42))
    busy = Rng(42)
    for n in range(5):
        _, busy = busy.keyed_below(6, 11, f"bomb/{n}")
    second, _ = random_end(11, busy)
    assert first == second
    assert first is not None
    verdict = "the game ends" if first.ends else "the game goes on"
    assert first.describe() == f"after year 11: the end die shows {first.face} (ends on 1 or 2): {verdict}"


def test_the_game_ends_on_average_two_turns_after_the_tenth() -> None:
    """G-X9 (ours): with 1 in 3 each year, the game lasts 12 turns on average and at least 10."""
    lengths = []
    for seed in range(300):
        rng, turn = Rng(seed), 10
        while True:
            roll, rng = random_end(turn, rng)
            if roll is not None and roll.ends:
                break
            turn += 1
        lengths.append(turn)
    assert min(lengths) == 10
    assert 11.5 <= sum(lengths) / len(lengths) <= 12.5


def test_bad_credits_are_named() -> None:
    with pytest.raises(FrancError, match="0 or more, not -1"):
        Francs.start(SEATS).credited(1, "red", -1, "test")
    with pytest.raises(FrancError, match="final GDP and cities held must be 0 or more"):
        final_payout("red", -1, 0)
