"""A seat's sealed allocation of its GDP, checked as it is written (seed L129-L135, L263; G-X5)."""

from __future__ import annotations

import attrs
import pytest

from hedgemony_tui.games.grand_game.engine.air_combat import rebuild_cost
from hedgemony_tui.games.grand_game.engine.allocation import (
    ATOMIC,
    DEVELOP,
    POLITICS,
    REBUILD,
    REPAIR,
    Allocation,
    AllocationError,
    Line,
    SeatBook,
    check,
    development_ladder,
    options,
    politics_cost,
    seat_book,
    settle,
)
from hedgemony_tui.games.grand_game.engine.economy import FULL, PARTIAL, Economy, EconomyRules
from hedgemony_tui.games.grand_game.engine.units import (
    AIRCRAFT,
    HEAVY_FLEET,
    INFANTRY,
    LIGHT_FLEET,
    SUPPLY,
    UNITS,
)

ZONES = {"north": ("a", "b", "c", "d"), "south": ("e", "f", "g", "h", "i"), "east": ("j", "k")}
OWNERS: dict[str, str | None] = {
    **dict.fromkeys(("a", "b", "c", "d", "f", "g", "h", "i"), "red"),
    **dict.fromkeys(("e", "j", "k"), "blue"),
}
NAMES = {"a": "Avon", "b": "Bree", "c": "Carr", "e": "Esk", "north": "North", "south": "South", "east": "East"}
ECONOMY = Economy({"north": 6, "south": 5, "east": 4}, {"north": 2})


def book(set_aside: int = 0) -> SeatBook:
    """Red holds North (damaged 2) fully and South partly: GDP (6 - 2) + 5/2 = 6.5, so 7."""
    return seat_book(
        "red", ZONES, ECONOMY, OWNERS, cities=("b", "e"), ports=("a",), names=NAMES, set_aside_aircraft=set_aside
    )


def problems(*lines: Line, politics: int = 0, seat_book: SeatBook | None = None) -> tuple[str, ...]:
    return check(Allocation("red", politics, lines), seat_book or book()).problems


def test_the_book_is_read_from_plain_map_data() -> None:
    b = book()
    assert (b.gdp, dict(b.zones), dict(b.damage)) == (7, {"north": FULL, "south": PARTIAL}, {"north": 2})
    assert b.cities == frozenset({"a", "b", "e"})


def test_a_whole_allocation_is_clean() -> None:
    """L129-L134: politics, a unit at a city, a repair and supplies, spending every point."""
    lines = [Line(INFANTRY, "b"), Line(REPAIR, "north", 2)]
    spent = politics_cost(7, 10) + UNITS[INFANTRY].cost + 2
    lines.append(Line(SUPPLY, "a", (7 - spent) // UNITS[SUPPLY].cost))
    result = check(Allocation("red", 10, tuple(lines)), book())
    assert result.ok, result.problems
    assert (result.spent, result.left, result.lost) == (7, 0, 0)


def test_gdp_left_over_must_be_spent() -> None:
    """L129: GDP is not carried into next year, so the checker asks for all of it while something fits."""
    result = check(Allocation("red", 0, (Line(INFANTRY, "b"),)), book())
    left = 7 - UNITS[INFANTRY].cost
    assert result.left == left
    assert result.problems[0].startswith(f"{left} GDP left unspent: all of it must be spent this year")
    assert "the cheapest thing left is repair at North: 1 GDP" in result.problems[0]


def test_gdp_that_nothing_can_use_is_lost_not_an_error() -> None:
    """L129: capacity not used is lost; when nothing the seat may buy fits, the rest is simply lost."""
    poor = SeatBook("red", 1, {"north": FULL}, {}, frozenset({"c"}), frozenset({"a"}), frozenset())
    result = check(Allocation("red"), poor)
    assert result.ok and result.lost == 1
    assert "1 GDP cannot buy anything you may buy: it is lost (L129)" in result.lines()


def test_no_more_than_the_gdp_may_be_spent() -> None:
    """L129: GDP cannot be bought or borrowed, so spending more than the year's GDP is refused."""
    found = problems(Line(AIRCRAFT, "b", 2))
    assert found == (
        f"{2 * UNITS[AIRCRAFT].cost - 7} GDP more than the 7 you have: take something off (no GDP is borrowed, L129)",
    )


def test_gdp_is_not_an_item_to_trade() -> None:
    """L129: GDP is not bought, sold or traded: no line can move it anywhere."""
    assert "gdp is not something GDP buys" in problems(Line("gdp", "blue", 3))[0]


def test_politics_levels_are_0_10_20_30_percent() -> None:
    """L131: political spending comes in four steps of ten percent of GDP, from none to 30%."""
    assert "politics must be 0, 10, 20 or 30% of GDP (L131), not 15%" in problems(politics=15)
    assert [politics_cost(7, level) for level in (0, 10, 20, 30)] == [0, 1, 1, 2]
    assert [politics_cost(25, level) for level in (10, 20, 30)] == [3, 5, 8]  # 2.5 and 7.5 round up
    assert politics_cost(3, 10) == 1  # a level above 0 is never free
    assert politics_cost(0, 30) == 0


def test_development_goes_to_a_controlled_zone_and_gets_dearer() -> None:
    """L132: development is assigned to an economic zone and each point costs more (2, then 3)."""
    result = check(Allocation("red", 0, (Line(DEVELOP, "north"), Line(DEVELOP, "south"), Line(SUPPLY, "b", 2))), book())
    assert [p.cost for p in result.priced] == [2, 3, 2]
    assert result.ok


def test_with_a_price_over_the_game_each_zone_keeps_its_own_count() -> None:
    """L132 read over the game (a tuning option): a zone's earlier points, from the book, and
    this allocation's earlier lines for it raise its price; another zone's do not."""
    rules = EconomyRules(develop_step=0, develop_wear=1)
    grown = attrs.evolve(book(), gdp=30, developed={"north": 2})
    lines = (Line(DEVELOP, "north"), Line(DEVELOP, "south"), Line(DEVELOP, "north", 2), Line(DEVELOP, "south"))
    result = check(Allocation("red", 0, lines), grown, rules)
    assert [p.cost for p in result.priced] == [4, 2, 5 + 6, 3]
    listed = {o.place: o.cost for o in options(Allocation("red", 0, lines), grown, rules) if o.item == DEVELOP}
    assert listed == {"north": 7, "south": 4}
    assert development_ladder(Allocation("red", 0, lines), grown, "north", 3, rules) == (7, 8, 9)


def test_development_elsewhere_is_refused() -> None:
    """L132 (our reading): a seat develops only a zone it controls, fully or partly."""
    assert (
        "you may develop only an economic zone you control: East is not one (yours: North, South)"
        in (problems(Line(DEVELOP, "east"))[0])
    )
    assert "west is not an economic zone" in problems(Line(DEVELOP, "west"))[0]


def test_atomic_research_is_left_out() -> None:
    """L133 is not in the smallest version (spec 2.7): it is named, not silently ignored."""
    assert "atomic research is not part of this version" in problems(Line(ATOMIC, "a"))[0]


def test_fleets_are_built_at_a_port() -> None:
    """L108/L134: ships come from ports only."""
    assert "fleets are built at a port: Bree is not one" in problems(Line(LIGHT_FLEET, "b"))[0]
    assert "fleets are built at a port: Carr is not one" in problems(Line(HEAVY_FLEET, "c"))[0]
    assert not [p for p in problems(Line(LIGHT_FLEET, "a")) if p.startswith("line")]


def test_units_are_built_at_a_city_the_seat_holds() -> None:
    """L134: every unit and supply is produced at a city (a port is a city, L108) of the buyer."""
    assert "units and supplies are built at a city: Carr is not one" in problems(Line(INFANTRY, "c"))[0]
    assert "you may build only at a city you hold: Esk is not yours" in problems(Line(INFANTRY, "e"))[0]
    result = check(Allocation("red", 0, (Line(INFANTRY, "a"),)), book())
    assert result.priced[0].cost == UNITS[INFANTRY].cost


def test_repair_is_bounded_by_the_damage() -> None:
    """G-X5 (ours): repair is bought per point of damage, at most the damage the zone carries."""
    found = problems(Line(REPAIR, "north", 1), Line(REPAIR, "north", 2))
    assert "line 2 (2 repair at North): North has 2 damage, 1 already repaired here: repair at most 1" in found
    assert "South has 0 damage" in problems(Line(REPAIR, "south"))[0]
    assert check(Allocation("red", 0, (Line(REPAIR, "north", 2),)), book()).priced[0].cost == 2  # 1 a point


def test_set_aside_aircraft_are_rebuilt_at_a_discount() -> None:
    """L263: aircraft set aside may be rebuilt cheaper, at a city, no more than were set aside."""
    result = check(Allocation("red", 0, (Line(REBUILD, "b", 2),)), book(set_aside=2))
    assert result.priced[0].cost == rebuild_cost(2) < 2 * UNITS[AIRCRAFT].cost
    assert (
        "only 2 aircraft set aside are left to rebuild (L263)"
        in problems(Line(REBUILD, "b", 3), seat_book=book(set_aside=2))[0]
    )


def test_bad_lines_are_each_named_at_once() -> None:
    found = problems(Line(INFANTRY, "b", 0), Line("tank", "b"), Line(HEAVY_FLEET, "b"), politics=40)
    assert len([p for p in found if p.startswith("line")]) == 3
    assert "the count must be a whole number, 1 or more, not 0" in found[1]
    assert "tank is not something GDP buys" in found[2]
    assert "fleets are built at a port" in found[3]
    assert "not 40%" in found[0]
    assert "the count must be a whole number, 1 or more, not True" in problems(Line(SUPPLY, "b", True))[0]


def test_an_allocation_for_another_seat_is_refused() -> None:
    result = check(Allocation("blue"), book())
    assert "this allocation is for blue, but the book is red's" in result.problems


def test_options_list_only_what_may_be_added() -> None:
    """The legal list: nothing dearer than what is left, fleets only at the port, every option clean."""
    allocation = Allocation("red", 10, (Line(INFANTRY, "b"),))
    listed = options(allocation, book())
    left = 7 - politics_cost(7, 10) - UNITS[INFANTRY].cost
    assert all(o.cost <= left for o in listed)
    assert all(o.place == "a" for o in listed if o.item in (LIGHT_FLEET, HEAVY_FLEET))
    assert {(o.item, o.place) for o in listed if o.item in (DEVELOP, REPAIR)} == {
        (DEVELOP, "north"),
        (DEVELOP, "south"),
        (REPAIR, "north"),
    }
    for option in listed:
        if option.item == POLITICS:
            assert option.level is not None
            trial = allocation.at_level(option.level)
        else:
            assert option.place is not None
            trial = allocation.adding(Line(option.item, option.place, option.most))
        result = check(trial, book())
        assert result.left >= 0 and not [p for p in result.problems if p.startswith("line")], option


def test_a_spent_allocation_offers_only_cheaper_politics() -> None:
    spent = Allocation("red", 10, (Line(INFANTRY, "b"), Line(SUPPLY, "b", 7 - 1 - UNITS[INFANTRY].cost)))
    assert {(o.item, o.level) for o in options(spent, book())} == {(POLITICS, 0), (POLITICS, 20)}


def test_settle_applies_development_and_repair_and_returns_the_builds() -> None:
    """L150: at reconciliation the ordered units are placed and GDP is updated."""
    allocation = Allocation("red", 10, (Line(DEVELOP, "south"), Line(REPAIR, "north", 2), Line(SUPPLY, "b", 2)))
    economy, settlement = settle(allocation, book(), ECONOMY)
    assert economy.values["south"] == 6 and economy.damage_on("north") == 0
    assert settlement.builds == ((SUPPLY, "b", 2),)
    assert settlement.politics_spend == 1
    assert "develops south by 1" in settlement.lines()


def test_settle_refuses_an_allocation_with_problems() -> None:
    with pytest.raises(AllocationError, match="GDP left unspent"):
        settle(Allocation("red"), book(), ECONOMY)
