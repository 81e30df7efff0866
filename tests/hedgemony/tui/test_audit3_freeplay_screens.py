"""Issue 30 items 9 and 10 on the screens: a Blue proposal says its kind of operation
(ch. 3, line 542: Blue "need only articulate their intentions"), the proposer reads the
odds of every outcome before it pays (ch. 7, line 566), and a Procure card buys any
number of FFs at several Mod Levels, typed in (ch. 8, line 1297)."""

from __future__ import annotations

import attrs
import pytest
from textual.geometry import Region
from textual.widgets import DataTable, Input, Select

from hedgemony_tui.games.hedgemony.engine import costs
from hedgemony_tui.games.hedgemony.engine.game import legal_intents
from hedgemony_tui.games.hedgemony.engine.intents import (
    AcceptRuling,
    EndInvestments,
    PayReadiness,
    Procure,
    ProcureLine,
    ProposeAction,
    RuleAction,
)
from hedgemony_tui.games.hedgemony.front.screens.proposal import RulingAnswerScreen
from hedgemony_tui.games.hedgemony.front.screens.white_cell import ProposeScreen
from hedgemony_tui.games.hedgemony.front.screens.worksheets import InvestScreen
from tests.hedgemony.turn_helpers import CONTENT, act, fresh, signal_all
from tests.tui.tui_helpers import ScreenHarness, shown_text

SIZE = (100, 30)


def drawn(widget) -> str:
    """The lines a widget shows on screen now, as plain text."""
    return "\n".join(line.text for line in widget.render_lines(Region(0, 0, widget.size.width, widget.size.height)))


def blue_actions():
    state = act(signal_all(fresh()), PayReadiness("US"))
    return act(act(state, EndInvestments("US")), EndInvestments("NATO"))


async def test_a_proposal_of_ones_own_names_its_kind():
    """The custom proposal: pick a kind (each shown with the table it is resolved on),
    type the words, and ctrl+s proposes it; the screen returns the kind chosen."""
    state = blue_actions()
    app = ScreenHarness(lambda: ProposeScreen(state, "US"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        kinds = screen.query_one("#kind", Select)
        kinds.value = "gray-zone"
        where = screen.query_one("#where", Select)
        where.value = "japan"
        screen.query_one("#what", Input).focus()
        await pilot.press(*"Cyber shadowing", "ctrl+s")
        await pilot.pause()
    assert app.results == [ProposeAction("US", "japan", "Cyber shadowing", "gray-zone")]


async def test_the_standard_proposals_show_kind_and_table():
    state = blue_actions()
    app = ScreenHarness(lambda: ProposeScreen(state, "US"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        grid = app.screen.query_one("#standard", DataTable)
        rows = [" ".join(str(c) for c in grid.get_row_at(i)) for i in range(grid.row_count)]
        assert any("combat operation" in r and "CRT A" in r for r in rows)
        assert any("show of force" in r and "RT B" in r for r in rows)
        await pilot.press("enter")
        await pilot.pause()
    offered = [i for i in legal_intents(state, CONTENT) if isinstance(i, ProposeAction) and i.player == "US"]
    assert app.results == [offered[0]] and offered[0].kind


async def test_the_ruling_sheet_shows_the_odds_of_every_outcome_before_paying():
    state = act(blue_actions(), ProposeAction("US", "korean-peninsula", "Strike the launch sites", "combat"))
    ruling = next(i for i in legal_intents(state, CONTENT) if isinstance(i, RuleAction) and i.opponent == "DPRK")
    state = act(state, ruling)
    app = ScreenHarness(lambda: RulingAnswerScreen(state))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        terms = shown_text(app.screen.query_one("#terms"), 100)
        for words in (
            "proposed a combat operation",
            "CRT A",
            "odds A",
            "odds B",
            "A: US commits all",
            "DPRK stays out",
            "B: US commits all",
            "DPRK answers with its",
            "expects",
            "Red Major Gain",
        ):
            assert words in terms, words
        assert "%" in terms
        await pilot.press("enter")
        await pilot.pause()
    assert app.results == [AcceptRuling("US")]


# --- item 9: the procurement sheet -----------------------------------------------------------------


def investing(rp=200):
    state = act(signal_all(fresh()), PayReadiness("US"))
    return attrs.evolve(state, players=tuple(attrs.evolve(p, rp=rp) if p.id == "US" else p for p in state.players))


@pytest.mark.slow
async def test_a_count_is_typed_per_mod_level_with_the_price_as_you_type():
    """Ch. 13 (line 2560): the number of FFs is the player's to name, at each Mod Level;
    the sheet has an input for it (no list of counts), prices the lines as they are
    typed, and buys them all with one card."""
    state = investing()
    app = ScreenHarness(lambda: InvestScreen(state, "US", card_id="US-PROC"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        count = screen.query_one("#count", Input)
        count.focus()
        await pilot.press("ctrl+a", *"13")
        await pilot.pause()
        preview = shown_text(screen.query_one("#preview"), 120)
        price = costs.procurement_cost(CONTENT.rules, 13, 1).value
        assert "13 new FF at M1" in preview and f"{price} RP mat" in preview, preview
        await pilot.press("enter")  # the line is kept; on to the next Mod Level
        await pilot.pause()
        screen.query_one("#level", Select).value = 2
        count.focus()
        await pilot.press("ctrl+a", *"7", "enter")
        await pilot.pause()
        both = price + costs.procurement_cost(CONTENT.rules, 7, 2).value
        preview = shown_text(screen.query_one("#preview"), 120)
        assert "13 new FF at M1 + 7 new FF at M2" in preview and f"{both} RP mat" in preview, preview
        await pilot.press("ctrl+b")
        await pilot.pause()
    assert app.results == [Procure("US", "US-PROC", 13, 1, (ProcureLine(7, 2),))]


@pytest.mark.slow
async def test_a_count_that_is_not_a_number_or_too_dear_says_why():
    """Finding 12: a count beyond what the RPs buy is capped there, with a message; lines
    at several levels that together cost too much say how many RP are missing."""
    state = investing(rp=10)
    most = max(n for n in range(1, 40) if costs.procurement_cost(CONTENT.rules, n, 1).value <= 10)
    app = ScreenHarness(lambda: InvestScreen(state, "US", card_id="US-PROC"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, InvestScreen)
        count = screen.query_one("#count", Input)
        count.focus()
        await pilot.press("ctrl+a", *"40")
        await pilot.pause()
        assert f"buys at most {most} FF at M1" in shown_text(screen.query_one("#message"), 100)
        assert count.value == str(most) and screen.chosen["M1"] == most
        await pilot.press("enter")  # on to M2: one more FF there is more than 10 RP buy
        await pilot.pause()
        count.focus()
        await pilot.press("ctrl+a", "1")
        await pilot.pause()
        preview = shown_text(screen.query_one("#preview"), 300)
        assert "cannot pay it" in preview and "13 RP; 3 RP short" in preview and "RP left" not in preview, preview
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert app.results == [] and "cannot pay it" in shown_text(screen.query_one("#message"), 100)


@pytest.mark.slow
async def test_a_twenty_digit_count_is_capped():
    state = investing()
    app = ScreenHarness(lambda: InvestScreen(state, "US", card_id="US-PROC"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, InvestScreen)
        screen.query_one("#count", Input).focus()
        await pilot.press("ctrl+a", *"12345678901234567890")
        await pilot.pause()
        assert screen.chosen["M1"] < 200 and "buys at most" in shown_text(screen.query_one("#message"), 100)
        assert "RP short" not in shown_text(screen.query_one("#preview"), 100)


async def test_the_prices_show_whole_and_the_rows_say_what_they_are():
    """Finding 2: at both sizes the option table shows every price in full (the long Choice
    column is the one cut), and the modernization rows name where the forces are."""
    state = investing()
    for size in ((120, 40), (100, 30)):
        app = ScreenHarness(lambda: InvestScreen(state, "US", card_id="US-PROC"))
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, InvestScreen)
            options = screen.query_one("#options")
            shown = drawn(options)
            for head in ("Mat RP", "Total", "Left"):
                assert head in shown, (size, shown)
            first = next(iter(screen.shown.values()))
            assert shown.splitlines()[1].split()[:3] == [
                str(screen.mat_price(first)),
                str(screen.total(first)),
                str(200 - screen.total(first)),
            ], shown
            cards = screen.query_one("#cards", DataTable)
            modernize = next(i for i, c in enumerate(screen.by_card) if CONTENT.card(c).resolution == "modernize")
            cards.move_cursor(row=modernize)
            await pilot.pause()
            own = drawn(screen.query_one("#own"))
            assert "US-1" not in own and "FF at M" in own, own
