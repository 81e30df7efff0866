"""The order checker's land part: every kind of bad land order is named in the player's words
(seed 002 L330-L367; readings in rules/grand-game/orders.md)."""

from __future__ import annotations

from hedgemony_tui.games.grand_game.engine import map as M
from hedgemony_tui.games.grand_game.engine.board import Stack, starting_board
from hedgemony_tui.games.grand_game.engine.orders import (
    ADVANCE,
    BLITZKRIEG,
    DEFEND,
    HOLD,
    RAIL,
    SCOUT,
    SCREEN,
    LandMove,
    LandOrders,
    OrderSheet,
    Permission,
)
from hedgemony_tui.games.grand_game.engine.orders_check import check_orders, rail_notes

m = M.the_map()
BOARD = starting_board(m).with_stacks(
    [
        ("kester", "kesterland", Stack(infantry=3, armor=1, supplies=4)),
        ("wendt", "kesterland", Stack(infantry=2, armor=2, supplies=2)),
        ("arvel", "arvenne", Stack(infantry=2)),
        ("lusk", "lusk", Stack(infantry=4, armor=1, supplies=6)),
        ("fenwy", "lusk", Stack(infantry=1)),
    ]
)


def sheet(seat: str, *land: LandOrders) -> OrderSheet:
    return OrderSheet(seat, land=land)


def problems(seat: str, *land: LandOrders) -> list[str]:
    return check_orders(m, BOARD, seat, sheet(seat, *land))


def test_a_sound_sheet_has_no_problem() -> None:
    """Units split between orders: some stay on Screen, some Advance next door, some Blitz."""
    entry = LandOrders(
        "wendt",
        SCREEN,
        retreat="brack",
        moves=(LandMove("holt", ADVANCE, infantry=1, supplies=1), LandMove("vesne", BLITZKRIEG, armor=2, supplies=1)),
    )
    assert problems("kesterland", entry) == []


def test_more_units_moved_than_the_territory_holds() -> None:
    """A move can only take the units that are there; the sheet says how many there are."""
    entry = LandOrders("kester", moves=(LandMove("brack", infantry=2), LandMove("brenn", infantry=2)))
    assert "Kester has 3 infantry; the sheet moves 4" in problems("kesterland", entry)
    entry = LandOrders("kester", moves=(LandMove("brack", infantry=1, supplies=5),))
    assert "Kester has 4 supplies; the sheet moves 5" in problems("kesterland", entry)


def test_a_land_step_goes_to_a_neighbour_only() -> None:
    """L330: a land unit steps one land territory a season."""
    entry = LandOrders("arvel", moves=(LandMove("vesne", infantry=1),))
    assert any("Vesne is not next to Arvel" in p for p in problems("arvenne", entry))


def test_orders_for_a_territory_with_nothing_of_yours() -> None:
    assert problems("kesterland", LandOrders("brack")) == ["you have nothing in Brack to give orders to"]


def test_unknown_order_words_are_named_with_what_is_allowed() -> None:
    """L354-L367: three defensive orders for those who stay, three offensive for those who go."""
    out = problems("kesterland", LandOrders("kester", "charge", moves=(LandMove("brack", "dig in", infantry=1),)))
    assert any("'charge' is not an order for units that stay; use screen, defend or hold" in p for p in out)
    assert any("'dig in' is not an order for moving units; use scout, advance or blitzkrieg" in p for p in out)


def test_hold_allows_no_retreat() -> None:
    """L359: on Hold nothing falls back; losing the territory loses all in it."""
    out = problems("kesterland", LandOrders("kester", HOLD, retreat="brack"))
    assert out == ["Kester: units on Hold may not retreat (L359); remove the retreat to Brack"]
    assert problems("kesterland", LandOrders("kester", DEFEND, retreat="brack")) == []


def test_scout_must_name_its_retreat_in_advance() -> None:
    """L365: a Scout that fails falls back with its supplies, to a place named beforehand."""
    bare = LandOrders("wendt", moves=(LandMove("holt", SCOUT, infantry=1),))
    assert any("a Scout must name its retreat territory in advance (L365)" in p for p in problems("kesterland", bare))
    named = LandOrders("wendt", moves=(LandMove("holt", SCOUT, infantry=1, retreat="wendt"),))
    assert problems("kesterland", named) == []


def test_a_retreat_must_be_next_door_and_yours() -> None:
    far = LandOrders("wendt", moves=(LandMove("holt", ADVANCE, infantry=1, retreat="kester"),))
    assert any("the retreat Kester is not next to Holt" in p for p in problems("kesterland", far))
    theirs = LandOrders("wendt", moves=(LandMove("holt", ADVANCE, infantry=1, retreat="marrin"),))
    assert any("the retreat Marrin is not yours" in p for p in problems("kesterland", theirs))


def test_taking_a_territory_needs_a_land_unit() -> None:
    """L371: only infantry or armor can occupy; supplies alone cannot go into another's land."""
    entry = LandOrders("wendt", moves=(LandMove("holt", supplies=1),))
    assert any("Holt is not yours, so the move needs infantry or armor" in p for p in problems("kesterland", entry))
    own = LandOrders("wendt", moves=(LandMove("brack", supplies=1),))
    assert problems("kesterland", own) == []


def test_aircraft_do_not_walk() -> None:
    """L221/L345: aircraft go by air orders, or crated by rail; never in a land step."""
    entry = LandOrders("wendt", moves=(LandMove("brack", aircraft=1, infantry=1),))
    assert any("aircraft fly by air orders" in p for p in problems("kesterland", entry))


def test_a_rail_move_must_start_on_the_railway_and_stay_on_it() -> None:
    """L330/L336: to take the train you must start on the line and ride along it."""
    off = LandOrders("fenwy", moves=(LandMove("holt", infantry=1, rail=("holt",)),))
    assert any("a rail move must start on the railway" in p for p in problems("lusk", off))
    jump = LandOrders("lusk", moves=(LandMove("holt", infantry=1, rail=("fenwy", "holt")),))
    assert any("Lusk to Fenwy is not along a railway" in p for p in problems("lusk", jump))
    good = LandOrders("lusk", moves=(LandMove("holt", infantry=2, rail=("dykmar", "holt")),))
    assert problems("lusk", good) == []


def test_rail_through_another_seat_is_a_warning_not_a_problem() -> None:
    """L342: a permission written this season is sealed, so the sheet stands; the note says
    where the move stops if no permission covers it."""
    entry = LandOrders("lusk", moves=(LandMove("brack", infantry=2, rail=("dykmar", "holt", "wendt", "brack")),))
    s = sheet("lusk", entry)
    assert check_orders(m, BOARD, "lusk", s) == []
    assert rail_notes(m, BOARD, "lusk", s) == ["Wendt is not yours and no permission covers it: the move stops at Holt"]
    known = [("kesterland", Permission("lusk", RAIL))]
    assert rail_notes(m, BOARD, "lusk", s, known) == []


def test_two_entries_for_one_territory_and_a_sheet_for_someone_else() -> None:
    out = problems("kesterland", LandOrders("kester"), LandOrders("kester"))
    assert any("Kester has 2 order entries" in p for p in out)
    assert check_orders(m, BOARD, "lusk", sheet("kesterland")) == [
        "this sheet is written for 'kesterland', not for 'lusk'"
    ]
    assert check_orders(m, BOARD, "atlantis", sheet("atlantis"))[0].startswith("'atlantis' is not a seat")
