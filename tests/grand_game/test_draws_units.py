"""The card count per base value (L196, reading G-R1), keyed shuffles, and the unit table."""

from __future__ import annotations

import pytest

from hedgemony_tui.games.grand_game.engine.draws import cards_drawn, shuffled
from hedgemony_tui.games.grand_game.engine.units import AIRCRAFT, UNITS, UnitTableError, parse_units
from hedgemony_tui.table.dice import Rng


def test_one_card_at_least_and_one_per_five_points() -> None:
    """L196: a force always draws one card; ten points draw two and fifteen three."""
    assert [cards_drawn(b) for b in (0, 1, 5, 9)] == [1, 1, 1, 1]
    assert cards_drawn(10) == 2
    assert cards_drawn(14) == 2
    assert cards_drawn(15) == 3


def test_orders_change_the_rate() -> None:
    """L357/L359: Screen draws one per ten points (at least one), Hold one per three."""
    assert cards_drawn(9, rate=10) == 1
    assert cards_drawn(20, rate=10) == 2
    assert cards_drawn(9, rate=3) == 3


def test_a_crossing_part_may_draw_none() -> None:
    """L327's example: 15 overland and 15 landing across a shore (one per 15) draw 3 + 1."""
    assert cards_drawn(15) + cards_drawn(15, rate=15, minimum=0) == 4
    assert cards_drawn(14, rate=15, minimum=0) == 0


def test_a_rate_below_one_is_refused() -> None:
    with pytest.raises(ValueError):
        cards_drawn(5, rate=0)


def test_shuffles_are_keyed() -> None:
    """The same seed and name give the same order; another name or seed another."""
    first, _ = shuffled(20, Rng(11), 3, "spring/T12")
    assert sorted(first) == list(range(20))
    assert shuffled(20, Rng(11), 3, "spring/T12")[0] == first
    assert shuffled(20, Rng(11), 3, "spring/T13")[0] != first
    assert shuffled(20, Rng(12), 3, "spring/T12")[0] != first


def test_the_shipped_unit_table() -> None:
    """L248: aircraft fight at 1; the rest is the designer's table (G-X2)."""
    assert UNITS[AIRCRAFT].attack == UNITS[AIRCRAFT].defence == 1
    assert all(unit.cost > 0 for unit in UNITS.values())


def test_a_broken_unit_table_names_every_problem() -> None:
    text = '[infantry]\nattack = "two"\ndefence = 3\ncost = 3\n[tank]\ncost = 1\n'
    with pytest.raises(UnitTableError) as caught:
        parse_units(text)
    message = str(caught.value)
    assert "[tank] is not a kind of unit" in message
    assert "[infantry] attack must be a whole number" in message
    assert "[armor] is missing" in message


def test_aircraft_not_at_one_is_refused() -> None:
    good = "".join(
        f"[{kind}]\nattack = 1\ndefence = 1\ncost = 1\n" for kind in ("infantry", "armor", "light-fleet", "heavy-fleet")
    )
    text = good + "[aircraft]\nattack = 2\ndefence = 1\ncost = 6\n[supply]\ncost = 1\n"
    with pytest.raises(UnitTableError, match="L248"):
        parse_units(text)


def test_not_toml() -> None:
    with pytest.raises(UnitTableError, match="not valid TOML"):
        parse_units("[infantry\n")
