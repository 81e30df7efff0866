"""Air combat in an air zone (seed L220-L263): the battle, superiority, its split between
bombing and tactical air, and the aircraft at the end of the season."""

from __future__ import annotations

from pathlib import Path

import pytest

from hedgemony_tui.games.grand_game.engine.air_combat import (
    AirOrderError,
    AirTasks,
    air_battle,
    end_of_season,
    rebuild_cost,
    split_superiority,
)
from hedgemony_tui.games.grand_game.engine.air_deck import AIR_DECK, AirCard, AirDeckError, load_air_deck
from hedgemony_tui.games.grand_game.engine.air_sea_cards import mean, sum_odds
from hedgemony_tui.games.grand_game.engine.units import AIRCRAFT, UNITS
from hedgemony_tui.table.dice import Rng

ONES = tuple(AirCard(n, 1) for n in range(1, 13))
ZEROS = tuple(AirCard(n, 0) for n in range(1, 13))


def test_each_aircraft_draws_one_card_and_fights_at_one() -> None:
    """L248: aircraft have combat value 1 and every aircraft in the zone's battle draws one card."""
    assert UNITS[AIRCRAFT].attack == UNITS[AIRCRAFT].defence == 1
    battle, _ = air_battle("Z1", {"red": 3, "blue": 5}, Rng(4), 2)
    (duel,) = battle.duels
    assert [len(cards) for cards in duel.cards] == [5, 3]  # sides in name order: blue, red


def test_superiority_is_the_lead_in_aircraft_left() -> None:
    """L248: after the cards, the side with more aircraft left holds superiority equal to its lead."""
    battle, _ = air_battle("Z1", {"red": 3, "blue": 2}, Rng(1), 1, deck=ONES)
    assert battle.casualties == {"red": 2, "blue": 2}  # blue's 3 hits are capped at its 2 aircraft
    assert battle.survivors == {"red": 1, "blue": 0}
    assert (battle.superior, battle.superiority) == ("red", 1)
    battle, _ = air_battle("Z1", {"red": 4, "blue": 2}, Rng(1), 1, deck=ZEROS)
    assert (battle.superior, battle.superiority) == ("red", 2)
    assert battle.superiority_of("blue") == 0


def test_a_tie_gives_nobody_superiority() -> None:
    """L248: equal numbers left means no side holds the air."""
    battle, _ = air_battle("Z1", {"red": 3, "blue": 3}, Rng(1), 1, deck=ZEROS)
    assert battle.superior is None and battle.superiority == 0
    assert any("no air superiority" in line for line in battle.lines())


def test_unopposed_aircraft_hold_the_air_without_cards() -> None:
    """L248: cards are drawn only between opposing aircraft; alone, all of them count."""
    battle, _ = air_battle("Z1", {"red": 2, "blue": 0}, Rng(1), 1)
    assert battle.duels == () and (battle.superior, battle.superiority) == ("red", 2)


def test_three_sides_fight_pair_by_pair() -> None:
    """L376 by analogy: every pair fights in full and each side's losses are added up."""
    battle, _ = air_battle("Z1", {"a": 2, "b": 2, "c": 5}, Rng(1), 1, deck=ONES)
    assert len(battle.duels) == 3
    assert battle.casualties == {"a": 2, "b": 2, "c": 4}
    assert (battle.superior, battle.superiority) == ("c", 1)


def test_same_seed_and_key_same_battle() -> None:
    first, _ = air_battle("Z1", {"red": 4, "blue": 4}, Rng(9), 3)
    assert air_battle("Z1", {"red": 4, "blue": 4}, Rng(9), 3)[0] == first
    # Another zone's battle is keyed apart: across a few zones the cards differ.
    zones = ("Z1", "Z2", "Z3", "Z4", "Z5")
    assert len({air_battle(zone, {"red": 4, "blue": 4}, Rng(9), 3)[0].duels[0].cards for zone in zones}) > 1


def test_a_bad_aircraft_count_is_one_clear_error() -> None:
    with pytest.raises(AirOrderError, match="whole number of aircraft"):
        air_battle("Z1", {"red": -1, "blue": 2}, Rng(1), 1)


def test_the_air_deck_meets_its_target() -> None:
    """L248 and G-X3: cards hit 0, 1 or 2; the shipped deck averages 0.75 hits a card."""
    assert {card.hits for card in AIR_DECK} == {0, 1, 2}
    assert mean(sum_odds([card.hits for card in AIR_DECK], 1)) == pytest.approx(0.75)


def test_a_broken_air_deck_names_the_card_and_what_is_allowed(tmp_path: Path) -> None:
    path = tmp_path / "air-deck.toml"
    path.write_text("[[card]]\nhits = 3\n[[card]]\nhits = 1\nflak = 2\n", encoding="utf-8")
    with pytest.raises(AirDeckError) as caught:
        load_air_deck(path)
    message = str(caught.value)
    assert str(path) in message
    assert "card 1: hits must be 0, 1 or 2" in message
    assert "card 2: flak is not a field (allowed: hits)" in message
    path.write_text("hits = 1\n", encoding="utf-8")
    with pytest.raises(AirDeckError, match="no \\[\\[card\\]\\] entries"):
        load_air_deck(path)
    path.write_text("[[card\n", encoding="utf-8")
    with pytest.raises(AirDeckError, match="not valid TOML"):
        load_air_deck(path)


def test_superiority_is_split_as_written() -> None:
    """L251: the orders set, before the battle, how superiority divides between bombing named
    economic zones and tactical air; our reading fills tactical-first, then bombing in the
    order written, and gives the rest to tactical air."""
    tasks = AirTasks(bombing=(("E1", 2), ("E2", 2)), tactical_first=1)
    split = split_superiority("red", "Z1", 4, tasks, frozenset({"E1", "E2"}))
    assert split.bombing == (("E1", 2), ("E2", 1)) and split.tactical == 1
    split = split_superiority("red", "Z1", 6, tasks, frozenset({"E1", "E2"}))
    assert split.bombing == (("E1", 2), ("E2", 2)) and split.tactical == 2
    split = split_superiority("red", "Z1", 0, tasks, frozenset({"E1", "E2"}))
    assert split.bombing == () and split.tactical == 0


def test_bombing_a_zone_outside_the_air_zone_is_refused() -> None:
    """L251: each point of bombing names an economic zone the air zone covers."""
    with pytest.raises(AirOrderError, match="economic zones in this air zone: E1"):
        split_superiority("red", "Z1", 2, AirTasks(bombing=(("E9", 1),)), frozenset({"E1"}))


def test_flak_is_taken_at_the_end_and_survivors_land_by_priority() -> None:
    """L278 and G-R2: flak hits are only counted during the season and cost aircraft at its
    end; L224: the landing places are listed in priority order, so the aircraft that are
    left take the first ones."""
    battle, _ = air_battle("B", {"red": 3, "blue": 0}, Rng(1), 1)
    end = end_of_season("red", "B", battle, 1, ("T34", "T72", "T34"), frozenset({"T34", "T72"}), False)
    assert end.flak_losses == 1 and end.landed == ("T34", "T72") and end.lost_landing == ()


def test_an_aircraft_whose_landing_place_is_lost_is_destroyed() -> None:
    """L245: an aircraft must land in a place its side still holds, or it is lost."""
    battle, _ = air_battle("B", {"red": 2, "blue": 0}, Rng(1), 1)
    end = end_of_season("red", "B", battle, 0, ("T34", "T72"), frozenset({"T72"}), True)
    assert end.landed == ("T72",) and end.lost_landing == ("T34",)
    assert end.set_aside == 0  # not shot down, so not saved for a cheap rebuild


def test_aircraft_shot_down_over_a_held_economic_zone_are_set_aside() -> None:
    """L263: losses in the air battle or to flak, where the side holds a whole economic zone
    of the air zone, are kept aside and rebuilt for less (half price, our choice)."""
    battle, _ = air_battle("Z1", {"red": 3, "blue": 2}, Rng(1), 1, deck=ONES)
    end = end_of_season("red", "Z1", battle, 1, ("A", "B", "C"), frozenset({"A", "B", "C"}), True)
    assert end.flak_losses == 1 and end.set_aside == 3
    assert end.rebuild_cost == rebuild_cost(3) == 9 == 3 * UNITS[AIRCRAFT].cost // 2
    assert end_of_season("red", "Z1", battle, 1, ("A", "B", "C"), frozenset({"A"}), False).set_aside == 0


def test_every_aircraft_sent_needs_a_landing_place() -> None:
    battle, _ = air_battle("Z1", {"red": 2, "blue": 0}, Rng(1), 1)
    with pytest.raises(AirOrderError, match="exactly one landing place for each"):
        end_of_season("red", "Z1", battle, 0, ("A",), frozenset({"A"}), False)
