"""The Grand Game's result screen: after a season is carried out (and after a year's trade)
each seat is shown what the phase did, from its own views only; a step that ends no phase
shows nothing; keys typed before the screen was ready do not close it; the pace question
speaks of cards and dice drawn inside a step for a game whose front says it has them."""

from __future__ import annotations

import io
from types import SimpleNamespace
from typing import Any

from rich.console import Console
from textual import events

from hedgemony_tui.games.grand_game.engine.game_intents import March, SealOrders
from hedgemony_tui.games.grand_game.engine.game_state import GrandState
from hedgemony_tui.games.grand_game.front.adapter import GrandFront
from hedgemony_tui.games.grand_game.front.results import SeasonResult, counters, result_screen, result_text
from hedgemony_tui.games.grand_game.rules import RULES
from hedgemony_tui.shell.screens.result_pause import hidden_draws
from tests.grand_game.game_helpers import SEATS, act, allocate_all, arrange, start, write
from tests.tui.tui_helpers import ScreenHarness

ME = "arvenne"


def text(renderable: object) -> str:
    console = Console(width=110, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def fought() -> tuple[GrandState, GrandState]:
    """Spring of year 1, the last sheet about to be handed in: Arvenne's armour marches from
    Pesque into Lucre, where a lone Pellian infantry stands; then every sheet is in."""
    state = allocate_all(start(1))
    state = arrange(
        state,
        {("pesque", ME): {"armor": 4, "infantry": 2, "supplies": 2, "light": 1}, ("lucre", "pellia"): {"infantry": 1}},
    )
    state = write(state, ME, "pesque", March(ME, "pesque", "lucre", "armor", 4))
    for seat in SEATS[:-1]:
        state = act(state, SealOrders(seat))
    return state, act(state, SealOrders(SEATS[-1]))


def test_a_season_carried_out_is_shown_to_each_seat_from_its_own_view():
    before, after = fought()
    assert before.phase == "spring" and after.phase == "fall"
    mine = text(result_text(RULES.view(before, ME), RULES.view(after, ME), ME))
    assert "Year 1, spring: what the orders did" in mine
    # the combat's record, cards and modifiers with it; the season in words, never its serial
    assert "Land combat in Lucre, spring of year 1" in mine and ", turn " not in mine
    assert "drew land card" in mine
    # Every territory that changed hands is named, with the new holder.
    moved = [t for t in after.owners if before.owners.get(t) != after.owners.get(t)]
    assert moved == ["lucre"] and after.owners["lucre"] == ME
    assert "You took Lucre from Pellia" in mine and "Lucre: Pellia -> Arvenne" in mine
    # The seat's own counters, before and after.
    was, now = counters(before, ME), counters(after, ME)
    for kind in ("armor", "infantry", "supplies"):
        if was[kind] != now[kind]:
            assert f"{kind} {was[kind]} -> {now[kind]}" in mine
    # Pellia sees its loss from its side.
    theirs = text(result_text(RULES.view(before, "pellia"), RULES.view(after, "pellia"), "pellia"))
    assert "You lost Lucre to Arvenne" in theirs


def test_the_result_shows_no_line_written_for_another_seat_only():
    before, after = fought()
    private = [ln.text for ln in after.log if ln.seat and ln.seat != ME]
    mine = text(result_text(RULES.view(before, ME), RULES.view(after, ME), ME))
    assert all(line not in mine for line in private)


def test_a_step_that_ends_no_phase_has_no_result_screen_and_a_phase_end_concerns_everyone():
    before, after = fought()
    written = act(before, SealOrders(SEATS[-1]))
    quiet = start(1)
    assert result_screen(None, RULES.view(quiet, ME), RULES.view(quiet, ME), ME) is None
    table: Any = None  # the Grand Game's result screen reads only the two views
    shown = GrandFront().result_screen(table, None, RULES.view(before, ME), RULES.view(written, ME), ME)
    assert isinstance(shown, SeasonResult)
    assert set(RULES.concerns(before, after, SealOrders(SEATS[-1]))) == set(SEATS)
    one_more = act(allocate_all(start(1)), SealOrders(ME))
    assert RULES.concerns(allocate_all(start(1)), one_more, SealOrders(ME)) == (ME,)


def test_the_pace_question_speaks_of_draws_for_a_front_that_has_them():
    assert hidden_draws(SimpleNamespace(front=GrandFront()))
    assert not hidden_draws(SimpleNamespace(front=SimpleNamespace()))


async def test_keys_typed_before_the_result_was_ready_do_not_close_it():
    before, after = fought()
    body = result_text(RULES.view(before, ME), RULES.view(after, ME), ME)
    assert body is not None
    app = ScreenHarness(lambda: SeasonResult(body))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SeasonResult)
        stale = events.Key("enter", None)
        stale.time = screen.shown_at - 1.0  # typed while the season was still carried out
        app.post_message(stale)
        await pilot.pause()
        assert app.screen is screen and app.results == []
        await pilot.press("enter")  # typed after: closes it
        await pilot.pause()
    assert app.results == [None]


def test_the_end_screen_prints_a_ratio_score_without_float_noise_and_every_score_alike():
    from hedgemony_tui.table.contract import Outcome, SeatResult

    ratios = Outcome((SeatResult("a", "win", 16 / 6), SeatResult("b", "lose", 10 / 3), SeatResult("c", "lose", 6.0)))
    assert [ratios.score_text(r.score) for r in ratios.results if r.score is not None] == ["2.67", "3.33", "6.00"]
    points = Outcome((SeatResult("a", "win", 12), SeatResult("b", "lose", 3.0), SeatResult("c", "lose")))
    assert [points.score_text(r.score) for r in points.results if r.score is not None] == ["12", "3"]


def test_the_private_orders_line_names_a_fleet_s_loading():
    from hedgemony_tui.games.grand_game.engine.game_intents import Embark
    from tests.grand_game.game_helpers import seal_orders

    state = allocate_all(start(1))
    state = write(state, ME, "pesque", Embark(ME, "pesque", "pesque", "infantry", 1))
    after = seal_orders(state)
    mine = [ln.text for ln in after.log if ln.seat == ME and ln.text.startswith("Your orders")]
    assert mine and "loading 1 infantry from Pesque" in mine[-1]


def test_a_move_into_one_s_own_territory_reads_as_a_move_not_an_advance():
    from hedgemony_tui.games.grand_game.front.words import sheet_words

    state = allocate_all(start(1))
    state = write(state, ME, "pesque", March(ME, "pesque", "carrow", "infantry", 1))
    state = write(state, ME, "pesque", March(ME, "pesque", "lucre", "supplies", 1))
    shown = " ".join(sheet_words(RULES.view(state, ME), ME))
    assert "1 infantry move to Carrow" in shown and "Advance into Carrow" not in shown
    assert "Advance into Lucre" in shown  # Pellia's: an attack


def test_the_order_sheet_counts_landing_places_and_shows_units_boarding_a_fleet():
    from hedgemony_tui.games.grand_game.engine.game_intents import Embark, Fly
    from hedgemony_tui.games.grand_game.front.worksheets_draw import order_sheet

    state = allocate_all(start(1))
    state = write(state, ME, "arvel", Fly(ME, "arvel", "south", "arvel"))
    state = write(state, ME, "pesque", Embark(ME, "pesque", "pesque", "infantry", 1))
    shown = text(order_sheet(RULES.view(state, ME), ME))
    assert "Arvel, Arvel" not in shown and "landing: 2 at Arvel" in shown
    assert "1 infantry board the fleets at Pesque" in shown


def test_the_new_game_form_s_texts_fit_their_lines_at_100_columns():
    # The form gives the summary one line and an option's help two lines of about 60 columns.
    assert len(RULES.info.summary) <= 96
    for option in RULES.options():
        assert len(f"{option.minimum}-{option.maximum}; {option.help}") <= 2 * 60, option.label


def test_winter_s_result_shows_the_reconciliation_and_how_each_gdp_was_reached():
    # A tester found no Francs or GDP workings on winter's result ("...then the reconciliation").
    from tests.grand_game.game_helpers import seal_orders

    state = seal_orders(seal_orders(allocate_all(start(1))))
    assert state.phase == "winter"
    before = state
    for seat in SEATS[:-1]:
        state = act(state, SealOrders(seat))
    after = act(state, SealOrders(SEATS[-1]))
    assert after.phase == "trade"
    mine = text(result_text(RULES.view(before, ME), RULES.view(after, ME), ME))
    assert "Year 1, winter: the orders carried out, then the reconciliation" in mine
    assert "Arvenne: GDP for next year 9 = Arvel Basin 6 + Morlay Coast 3" in mine
    assert "Lusk: GDP for next year 6 = Lowlands 12, half" in mine
