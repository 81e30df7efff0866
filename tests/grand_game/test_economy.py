"""Economic zones, GDP, damage, development and repair (seed L99, L132, L254, L318; G-X5)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hedgemony_tui.games.grand_game.engine.bombing import strategic_bombing
from hedgemony_tui.games.grand_game.engine.economy import (
    FULL,
    NONE,
    PARTIAL,
    RULES,
    Economy,
    EconomyError,
    EconomyRules,
    control,
    controlled_zones,
    controller,
    development_cost,
    gdp,
)
from hedgemony_tui.games.grand_game.engine.interdiction import InterdictionToken, attack_shipping
from hedgemony_tui.table.dice import Rng

ZONES = {"north": ("a", "b", "c", "d"), "south": ("e", "f", "g", "h", "i"), "east": ("j", "k")}
VALUES = {"north": 6, "south": 5, "east": 4}


def owners(**held: str | None) -> dict[str, str | None]:
    """Every land territory to its holder: ``red`` unless named otherwise."""
    out: dict[str, str | None] = {land: "red" for lands in ZONES.values() for land in lands}
    out.update(held)
    return out


def test_full_control_needs_every_land_territory() -> None:
    """L99: a player controls a zone fully only when it holds all of its land territories."""
    assert control(ZONES["north"], owners(), "red") == FULL
    assert control(ZONES["north"], owners(a="blue"), "red") == PARTIAL


def test_partial_control_needs_51_percent() -> None:
    """L99: partial control is holding at least 51% of the zone's land territories; less is none."""
    assert control(ZONES["north"], owners(a="blue"), "red") == PARTIAL  # 3 of 4
    assert control(ZONES["north"], owners(a="blue", b="blue"), "red") == NONE  # 2 of 4 is only 50%
    assert control(ZONES["south"], owners(e="blue", f="blue"), "red") == PARTIAL  # 3 of 5
    assert control(ZONES["east"], owners(j="blue"), "red") == NONE


def test_51_percent_is_counted_exactly_not_as_more_than_half() -> None:
    """L99 says 51%, not a majority: 26 of 51 territories is more than half but under 51%."""
    lands = tuple(f"t{i}" for i in range(51))
    held: dict[str, str | None] = {land: ("red" if i < 26 else "blue") for i, land in enumerate(lands)}
    assert control(lands, held, "red") == NONE
    held["t26"] = "red"
    assert control(lands, held, "red") == PARTIAL  # 27 of 51 = 52.9%


def test_a_zone_has_at_most_one_controller() -> None:
    """L99: control is full, partial or none, and no two players can both hold 51%."""
    assert controller(ZONES["north"], owners(a="blue")) == ("red", PARTIAL)
    assert controller(ZONES["north"], owners(a="blue", b="blue")) == (None, NONE)
    assert controller(ZONES["east"], owners(j=None, k=None)) == (None, NONE)


def test_gdp_counts_full_zones_whole_and_partial_zones_half() -> None:
    """G-X5: a zone yields its value under full control, half under partial, nothing under none."""
    report = gdp("red", ZONES, Economy(VALUES), owners(a="blue", j="blue"))
    assert [(z.zone, z.control, z.amount) for z in report.zones] == [
        ("north", PARTIAL, Fraction(3)),
        ("south", FULL, Fraction(5)),
    ]
    assert report.gdp == 8
    assert "north: value 6 - damage 0, partial control: half = 3" in report.lines()


def test_gdp_rounds_once_at_the_total_halves_up() -> None:
    """G-X5 (our rounding): two half zones of 5 give 5, not 4; a single half of 5 gives 3."""
    zones = {"x": ("a", "b", "c"), "y": ("d", "e", "f")}
    held: dict[str, str | None] = {"a": "red", "b": "red", "c": "blue", "d": "red", "e": "red", "f": "blue"}
    assert gdp("red", zones, Economy({"x": 5, "y": 5}), held).gdp == 5
    assert gdp("red", {"x": zones["x"]}, Economy({"x": 5}), held).gdp == 3
    assert gdp("red", {"x": zones["x"]}, Economy({"x": 5}), held).exact == Fraction(5, 2)


def test_damage_lowers_the_yield_before_the_share() -> None:
    """G-X5 (our reading): damage lowers the zone's value, and a partial holder gets half of what is left."""
    economy = Economy(VALUES, {"north": 2})
    report = gdp("red", ZONES, economy, owners(a="blue"))
    assert {z.zone: z.amount for z in report.zones}["north"] == Fraction(2)  # (6 - 2) / 2
    assert report.gdp == 2 + 5 + 4


def test_bombing_damage_lowers_gdp_until_repaired() -> None:
    """L254: each bombing die does 0-3 points of economic damage; the zone yields less until repaired."""
    bombing, _ = strategic_bombing("red", "air-1", 3, (("north", 3),), Rng(7), 2)
    economy = Economy(VALUES)
    dealt = bombing.damage.get("north", 0)
    assert dealt > 0  # this seed's dice do damage, so the test shows something
    economy, record = economy.damaged("north", dealt, "bombing")
    assert economy.damage_on("north") == min(6, dealt)
    assert gdp("red", ZONES, economy, owners()).gdp == 15 - min(6, dealt)
    assert record.describe().startswith(f"north: {min(6, dealt)} damage from bombing")
    assert gdp("red", ZONES, economy.repaired("north", 99), owners()).gdp == 15


def test_shipping_damage_is_one_point() -> None:
    """L318: a followed-up interdiction token costs the named coastal zone one point of damage."""
    token = InterdictionToken("sea-1", "blue", "south", 4)
    result = attack_shipping(token, "sea-1", "blue", "south", frozenset({"south"}), True, 5)
    assert result.damaged == "south"
    economy, _ = Economy(VALUES).damaged(result.damaged, result.damage, "shipping")
    assert gdp("red", ZONES, economy, owners()).gdp == 14


def test_damage_cannot_take_a_zone_below_nothing() -> None:
    """G-X5 (ours): damage beyond the zone's value is recorded as absorbed, not stored."""
    economy, record = Economy(VALUES, {"east": 3}).damaged("east", 3, "bombing")
    assert economy.damage_on("east") == 4
    assert (record.taken, record.yield_after) == (1, 0)
    assert "2 beyond what it still yielded" in record.describe()


def test_repair_removes_damage_and_no_more() -> None:
    economy = Economy(VALUES, {"north": 3}).repaired("north", 2)
    assert economy.damage_on("north") == 1
    assert economy.repaired("north", 5) == Economy(VALUES)


def test_development_raises_a_zone_value_by_one_a_point() -> None:
    """L132: development is bought for an economic zone and makes it richer (G-X5: +1 value a point)."""
    economy = Economy(VALUES).developed("south", 2)
    assert economy.values["south"] == 7
    assert gdp("red", ZONES, economy, owners()).gdp == 17


def test_development_gets_dearer_the_more_is_bought_in_a_year() -> None:
    """L132: each development point costs more than the one before (G-X5: 2, 3, 4, ... in one year)."""
    assert [development_cost(0, n) for n in range(5)] == [0, 2, 5, 9, 14]
    assert development_cost(2, 2) == 4 + 5
    assert development_cost(0, 3, EconomyRules(develop_base=3, develop_step=2)) == 3 + 5 + 7


def test_development_can_also_get_dearer_over_the_game_zone_by_zone() -> None:
    """L132 read over the whole game (a tuning option, off as shipped): the price can also
    rise with the points a zone has already had, flatly (wear) or per share of its map value
    gained (growth: 4 adds 1 for each quarter)."""
    wear = EconomyRules(develop_step=0, develop_wear=1)
    assert [development_cost(0, 1, wear, zone_had=h) for h in range(4)] == [2, 3, 4, 5]
    assert development_cost(0, 2, wear, zone_had=1) == 3 + 4
    growth = EconomyRules(develop_step=0, develop_growth=4)
    # A zone of value 6: a quarter is 1.5 points, so the price steps after 2, 3 and 5 points.
    assert [development_cost(0, 1, growth, h, 6) for h in range(7)] == [2, 2, 3, 4, 4, 5, 6]
    # A zone of value 12 grows twice as many points at each price: growth is by share.
    assert [development_cost(0, 1, growth, h, 12) for h in range(7)] == [2, 2, 2, 3, 3, 3, 4]
    assert development_cost(0, 3, growth, 0, 6) == 2 + 2 + 3
    assert development_cost(0, 1, RULES, zone_had=5, zone_base=6) == 2  # as shipped: this year only
    with pytest.raises(EconomyError):
        development_cost(0, 1, wear, zone_had=-1)


def test_controlled_zones_lists_full_and_partial() -> None:
    assert controlled_zones("red", ZONES, owners(a="blue", j="blue")) == {"north": PARTIAL, "south": FULL}


def test_bad_economic_input_is_named() -> None:
    with pytest.raises(EconomyError, match="north: value must be a whole number 0 or more"):
        Economy({"north": -1})
    with pytest.raises(EconomyError, match="damage must be a whole number from 0 to its value 6"):
        Economy(VALUES, {"north": 7})
    with pytest.raises(EconomyError, match="west is not an economic zone"):
        Economy(VALUES).damaged("west", 1, "bombing")
    with pytest.raises(EconomyError, match="development must be a whole number"):
        Economy(VALUES).developed("north", -1)
    with pytest.raises(EconomyError, match="has land territories but no value"):
        gdp("red", {**ZONES, "west": ("z",)}, Economy(VALUES), owners())
