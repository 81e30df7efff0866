"""The Grand Game's worksheets (issue 35): the allocation worksheet and the order sheet with
its odds, built for states reached through ``RULES.apply``, read from the seat's view only,
and shown on a screen that scrolls at 100x30 and fits 120x40."""

from __future__ import annotations

import io
import re
from fractions import Fraction
from types import SimpleNamespace

import attrs
import pytest
from rich.console import Console

from hedgemony_tui.games.grand_game.engine.allocation import Line, options
from hedgemony_tui.games.grand_game.engine.game import the_map
from hedgemony_tui.games.grand_game.engine.game_alloc import allocation_of, book_of, checked
from hedgemony_tui.games.grand_game.engine.game_intents import (
    Buy,
    FleetStance,
    Fly,
    March,
    Sail,
    SetPolitics,
    Stance,
)
from hedgemony_tui.games.grand_game.engine.game_state import GrandState
from hedgemony_tui.games.grand_game.engine.land_forces import LandForce
from hedgemony_tui.games.grand_game.engine.land_odds import land_odds
from hedgemony_tui.games.grand_game.engine.map import adjacent_air_zones
from hedgemony_tui.games.grand_game.front.worksheets import ReadingSheet, worksheets
from hedgemony_tui.games.grand_game.front.worksheets_draw import allocation_sheet, order_sheet
from hedgemony_tui.games.grand_game.front.worksheets_odds import sheet_odds, terrain_of, total
from hedgemony_tui.games.grand_game.rules import RULES
from hedgemony_tui.table.contract import Decision
from tests.grand_game.game_helpers import act, allocate_all, arrange, start, write
from tests.tui.tui_helpers import ScreenHarness

ME = "arvenne"


def text(renderable: object, width: int = 100) -> str:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def bought() -> GrandState:
    """Arvenne's allocation half written: politics at 10%, one development, one infantry."""
    state = act(start(1), SetPolitics(ME, 10))
    state = act(state, Buy(ME, "develop", "arvel-basin"))
    return act(state, Buy(ME, "infantry", "arvel"))


def attacking() -> GrandState:
    """Spring of year 1: Arvenne sends Pesque's infantry and a supply into Pellia's Lucre
    (Pellian infantry stands there), flies Arvel's aircraft over the South zone, and
    Pellia has written a Hold in Lucre (sealed: Arvenne's worksheet must not know it)."""
    state = allocate_all(start(1))
    state = write(state, ME, "pesque", March(ME, "pesque", "lucre", "infantry", 1))
    state = write(state, ME, "pesque", March(ME, "pesque", "lucre", "supplies", 1))
    state = write(state, ME, "arvel", Fly(ME, "arvel", "south", "arvel"))
    return write(state, "pellia", "lucre", Stance("pellia", "lucre", "hold"))


# -- the allocation worksheet --------------------------------------------------------------


def test_the_allocation_worksheet_prices_every_line_as_the_checker_does():
    state = bought()
    shown = text(allocation_sheet(RULES.view(state, ME), ME))
    check = checked(the_map(), state, ME)
    assert f"GDP to spend this year: {check.gdp}" in shown
    assert "politics at 10% of GDP (L131)" in shown
    for p in check.priced:
        row = next(line for line in shown.splitlines() if line.strip().startswith(f"{p.number} "))
        assert row.split()[-1] == str(p.cost)
    assert f"Spent {check.spent} of {check.gdp}; left {check.left}." in shown
    assert check.problems  # GDP is left over: the checker says so, and so does the sheet
    assert check.problems[0].split(":")[0] in shown


def test_the_allocation_worksheet_lists_what_is_left_to_buy_and_developments_rising_price():
    state = bought()
    shown = text(allocation_sheet(RULES.view(state, ME), ME))
    assert "A point costs 2; each point bought this year, in any zone, adds 1 to the next." in " ".join(shown.split())
    # Each zone's next prices are what the checker charges when those points are bought there.
    for zone in book_of(the_map(), state, ME).zones:
        charged, trial = [], attrs.evolve(state, gdp={**state.gdp, ME: 99})  # room for five points
        for _ in range(5):
            before = checked(the_map(), trial, ME).spent
            trial = act(trial, Buy(ME, "develop", zone))
            charged.append(checked(the_map(), trial, ME).spent - before)
        name = the_map().zones[zone].name
        assert f"{name}: {', '.join(str(n) for n in charged)} GDP" in shown, (zone, charged)
    # Everything the engine says still fits is in the table, at its price and count, in its place's row.
    table = shown.split("still buys")[1].split("Development's")[0]
    book = book_of(the_map(), state, ME)
    found = options(allocation_of(state.draft_of(ME)), book)
    assert found
    for o in found:
        if o.item == "politics":
            assert f"{o.level}% ({o.cost:+d} GDP)" in table
            continue
        row = next(line for line in table.splitlines() if re.split(r"\s{2,}", line)[0] == book.name(o.place or ""))
        assert f"{o.cost} ({o.most})" in row


def test_an_allocation_spent_to_the_last_point_says_it_may_be_sealed():
    state = start(1)
    while (check := checked(the_map(), state, ME)).left > 0 and check.problems:
        state = act(state, Buy(ME, "supply", "arvel"))
    shown = text(allocation_sheet(RULES.view(state, ME), ME))
    assert "None: this allocation may be sealed." in shown
    assert Line("supply", "arvel", check.gdp) in state.draft_of(ME).lines


# -- the order sheet and its odds -------------------------------------------------------------


def test_the_order_sheet_shows_the_sheet_as_written_and_the_checker():
    state = attacking()
    shown = text(order_sheet(RULES.view(state, ME), ME))
    assert "Year 1, spring: the orders of Arvenne" in shown
    assert "-> 1 infantry, 1 supply to Lucre one step, advance" in shown
    assert "Arvel: 2 aircraft fly over South" in shown
    assert "Morlay: 1 light, 1 heavy on patrol, stays" in shown
    assert "None: this sheet may be handed in." in shown


def test_an_attack_into_a_defended_territory_shows_the_chance_of_each_result_summing_to_one():
    state = attacking()
    m = the_map()
    view = RULES.view(state, ME)
    odds = sheet_odds(m, view.board(), ME, view.sheet_of(ME).sheet, winter=False)
    (attack,) = odds.land
    assert attack.territory == "lucre" and attack.odds is not None
    results = attack.results(m, ME)
    assert total(results) == 1
    # The same odds as the engine's for the forces the board shows: Pellia's units in Lucre on
    # Defend (its Hold is sealed); Arvenne's infantry with its supply.
    there = view.board().at("lucre", "pellia")
    assert there.land_units > 0
    expected = land_odds(
        "lucre",
        LandForce(ME, "advance", infantry=1, supplies=1),
        LandForce("pellia", "defend", infantry=there.infantry, armor=there.armor, supplies=there.supplies),
        terrain_of(m, "lucre", False),
    )
    assert results[0] == ("you take Lucre", expected.takes)
    shown = text(order_sheet(view, ME), width=220)  # wide: the assumption is one line
    assert re.search(rf"you take Lucre +{float(expected.takes):.1%}", shown)
    assert re.search(rf"Pellia keeps Lucre +{float(1 - expected.takes):.1%}", shown)
    assert "on Defend with no retreat named" in shown


def test_air_superiority_odds_count_every_enemy_aircraft_that_could_reach_the_zone():
    state = attacking()
    m = the_map()
    view = RULES.view(state, ME)
    (air,) = sheet_odds(m, view.board(), ME, view.sheet_of(ME).sheet, winter=False).air
    board = view.board()
    assert air.zone == "south" and air.mine == 2
    near = {"south"} | adjacent_air_zones(m, "south")
    expected = sum(
        board.at(p, s).aircraft
        for s in board.seats
        if s != ME
        for p in board.places_of(s)
        if any(p in m.air_zones[z].territories for z in near)
    )
    assert air.enemy == expected > 0
    assert total(air.results()) == 1
    assert "an upper bound" in text(order_sheet(view, ME))


def test_a_fleet_sailing_into_a_sea_with_an_enemy_fleet_shows_the_chance_they_fight():
    state = arrange(allocate_all(start(1)), {("calm-sea", "pellia"): {"light": 1, "supplies": 1}})
    state = write(state, ME, "pesque", Sail(ME, "pesque", "calm-sea"))
    state = write(state, ME, "pesque", FleetStance(ME, "pesque", "engage"))
    view = RULES.view(state, ME)
    (fight,) = sheet_odds(the_map(), view.board(), ME, view.sheet_of(ME).sheet, winter=False).sea
    assert (fight.sea, fight.enemy, fight.mine.order) == ("calm-sea", "pellia", "engage")
    # Both search: each finds on 4 or less of a d6 (L272), so they meet unless both miss.
    assert fight.odds.fight == 1 - Fraction(2, 6) ** 2
    assert total(fight.results()) == 1
    assert "Fleets from Pesque against Pellia in Calm Sea" in text(order_sheet(view, ME))


def test_an_attack_the_engine_cannot_fight_as_written_shows_why_instead_of_odds():
    # The order intents never leave a Scout without its retreat (sheet_edit names one), but a
    # sheet from a hand-edited save may: the worksheet must still open, and say why (L365).
    state = attacking()
    draft = state.sheet_of(ME)
    entry = draft.sheet.land_at("pesque")
    moves = tuple(attrs.evolve(mv, order="scout", retreat=None) for mv in entry.moves)
    land = tuple(attrs.evolve(o, moves=moves) if o.territory == "pesque" else o for o in draft.sheet.land)
    state = state.with_sheet(attrs.evolve(draft, sheet=attrs.evolve(draft.sheet, land=land)))
    view = RULES.view(state, ME)
    (attack,) = sheet_odds(the_map(), view.board(), ME, view.sheet_of(ME).sheet, winter=False).land
    assert attack.odds is None and "Scout order must name its retreat" in attack.unresolved
    assert attack.results(the_map(), ME) == ()
    assert "no odds until the order is complete" in text(order_sheet(view, ME), width=220)


def test_a_third_country_standing_in_the_target_gives_every_sides_chance_summing_to_one():
    # Kesterland's infantry stands in Pellia's Lucre (any leave Pellia gave is sealed): three sides.
    state = arrange(allocate_all(start(1)), {("lucre", "kesterland"): {"infantry": 1}})
    state = write(state, ME, "pesque", March(ME, "pesque", "lucre", "infantry", 1))
    view = RULES.view(state, ME)
    (attack,) = sheet_odds(the_map(), view.board(), ME, view.sheet_of(ME).sheet, winter=False).land
    assert attack.multi is not None and {s.side for s in attack.sides} == {ME, "kesterland", "pellia"}
    results = attack.results(the_map(), ME)
    assert total(results) == 1
    assert any(words == "you take Lucre" for words, _ in results)
    assert "Kesterland" in text(order_sheet(view, ME), width=220)


# -- privacy -----------------------------------------------------------------------------


@pytest.mark.parametrize("salt", [0, 1, 2])
def test_the_worksheets_are_the_same_whatever_the_other_seats_have_sealed(salt):
    for state, draw in ((bought(), allocation_sheet), (attacking(), order_sheet)):
        varied = RULES.vary_secrets(state, ME, salt)
        assert varied != state
        assert text(draw(RULES.view(varied, ME), ME)) == text(draw(RULES.view(state, ME), ME))


# -- the screen ---------------------------------------------------------------------------


def _table(state: GrandState, seat: str) -> SimpleNamespace:
    view = RULES.view(state, seat)
    return SimpleNamespace(seen_state=lambda: view)


def test_each_phase_offers_its_worksheet_to_a_country_only():
    allocating, ordering = bought(), attacking()
    for state, kind, name in ((allocating, "allocate", "Allocation"), (ordering, "orders", "Order sheet and odds")):
        table = _table(state, ME)
        (sheet,) = worksheets(table, Decision((ME,), kind, ""), ME)
        assert sheet.name == name
        assert isinstance(sheet.open(table, ME), ReadingSheet)
        assert worksheets(table, Decision((ME,), kind, ""), "") == ()
    assert worksheets(_table(ordering, ME), Decision((ME,), "trade", ""), ME) == ()


@pytest.mark.parametrize("size", [(100, 30), (120, 40)])
async def test_the_order_sheet_scrolls_and_escape_goes_back_with_nothing_chosen(size):
    state = attacking()
    table = _table(state, ME)
    (sheet,) = worksheets(table, Decision((ME,), "orders", ""), ME)
    app = ScreenHarness(lambda: sheet.open(table, ME))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        body = app.screen.query_one("#gg-sheet-body")
        assert body.max_scroll_y > 0  # the whole sheet is longer than the screen: it scrolls
        await pilot.press("pagedown")
        await pilot.pause()
        assert body.scroll_y > 0
        await pilot.press("escape")
        await pilot.pause()
    assert app.results == [None]
