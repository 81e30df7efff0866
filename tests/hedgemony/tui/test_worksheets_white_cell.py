"""Pilot and snapshot tests of the worksheets (readiness, posture moves, investments) and the
White Cell dialogs (event injection, free-play proposals and rulings).

Each screen is pushed by a tiny harness app over a real game state reached through the
engine's own door (``legal_intents`` / ``reduce``); the tests drive it by keys and check
that it returns exactly one legal intent, that the prices it shows are the engine's, and
that a custom ruling the engine refuses shows the engine's reason and returns nothing.
"""

from __future__ import annotations

import functools
import io

import attrs
import pytest
from rich.console import Console
from textual.widgets import DataTable, Input, Select, Static

from hedgemony_tui.games.hedgemony.engine import play as plays
from hedgemony_tui.games.hedgemony.engine import rulings
from hedgemony_tui.games.hedgemony.engine.game import legal_intents, reduce
from hedgemony_tui.games.hedgemony.engine.intents import (
    BuyBack,
    Continue,
    Deploy,
    EndInvestments,
    EndPhase,
    GrantEmergencyFunding,
    InjectEvent,
    Modernize,
    PayReadiness,
    Procure,
    ProposeAction,
    RefuseAction,
    RollDie,
    RuleAction,
    SetReadiness,
)
from hedgemony_tui.games.hedgemony.engine.names import stack as stack_words
from hedgemony_tui.games.hedgemony.engine.phases import blue
from hedgemony_tui.games.hedgemony.engine.phases.blue import readiness_due
from hedgemony_tui.games.hedgemony.front.screens.readiness import ReadinessScreen
from hedgemony_tui.games.hedgemony.front.screens.ruling import RulingScreen
from hedgemony_tui.games.hedgemony.front.screens.white_cell import InjectScreen, ProposeScreen
from hedgemony_tui.games.hedgemony.front.screens.worksheets import DeployScreen, InvestScreen
from hedgemony_tui.table.errors import IllegalIntent
from tests.hedgemony.turn_helpers import CONTENT, act, bill_due, fresh, signal_all, to_red_phase
from tests.tui.tui_helpers import SIZE, ScreenHarness

# --- states reached through the engine ---------------------------------------------------------


@functools.cache
@functools.cache
def paid():
    return act(bill_due(), PayReadiness("US"))


@functools.cache
def lowered():
    """US-2 (1 FF in Japan) lowered to 50%: buy-backs to 60-100% are open."""
    return act(paid(), SetReadiness("US", "US-2", 50))


@functools.cache
def acting():
    """The Blue actions step: every Blue investment is made (ch. 3), free play is open."""
    return act(act(paid(), EndInvestments("US")), EndInvestments("NATO"))


@functools.cache
def proposed():
    """The list's show of force off Korea: two Red players with a stake, so two rulings
    on RT B (the table of its kind) and a refusal."""
    first = next(
        i
        for i in legal_intents(acting(), CONTENT)
        if isinstance(i, ProposeAction) and (i.location, i.kind) == ("korean-peninsula", "show-of-force")
    )
    return act(acting(), first)


@functools.cache
def short_of_funds():
    """Turn 2: the U.S. spent everything on new forces in turn 1 and cannot pay its bill."""
    state = act(paid(), Procure("US", "US-PROC", 7, 1))
    state = act(act(state, EndPhase("US")), EndPhase("NATO"))
    while state.turn == 1:
        options = [i for i in legal_intents(state, CONTENT) if not isinstance(i, InjectEvent)]
        state = act(state, next((i for i in options if isinstance(i, (EndPhase, RollDie, Continue))), options[0]))
    return signal_all(state)


@functools.cache
def red_phase():
    return to_red_phase(fresh())


def cells(screen, table_id: str) -> list[list[str]]:
    grid = screen.query_one(f"#{table_id}", DataTable)
    return [[str(c) for c in grid.get_row_at(i)] for i in range(grid.row_count)]


def row_keys(screen, table_id: str) -> list[str]:
    grid = screen.query_one(f"#{table_id}", DataTable)
    return [row.key.value for row in grid.ordered_rows]


def text_of(screen, selector: str) -> str:
    """What a Static shows, as plain text (rich renderables drawn on a wide console)."""
    console = Console(width=400, file=io.StringIO(), record=True)
    console.print(screen.query_one(selector, Static).content)
    return console.export_text().strip()


async def started(app, pilot):
    await pilot.pause()
    return app.screen


# --- readiness ---------------------------------------------------------------------------------


async def test_readiness_pays_the_bill_by_key():
    state = bill_due()
    app = ScreenHarness(lambda: ReadinessScreen(state))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        due = blue.readiness_due(state, CONTENT)
        assert cells(screen, "choices") == [[f"Pay the readiness bill ({due} RP)", f"-{due}", "—"]]
        await pilot.press("p")
        await pilot.pause()
    assert app.results == [PayReadiness("US")]
    assert app.results[0] in legal_intents(state, CONTENT)


async def test_readiness_enter_on_a_stack_then_on_a_choice():
    state = bill_due()
    app = ScreenHarness(lambda: ReadinessScreen(state))
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await pilot.press("enter", "enter")
        await pilot.pause()
    assert app.results == [PayReadiness("US")]


async def test_the_white_cell_grants_emergency_funding_when_the_bill_is_too_high():
    state = short_of_funds()
    shortfall = blue.readiness_due(state, CONTENT) - state.player("US").rp
    assert shortfall > 0
    app = ScreenHarness(lambda: ReadinessScreen(state))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        assert cells(screen, "choices")[0][:2] == [
            f"White Cell: grant {shortfall} RP emergency funding",
            f"+{shortfall}",
        ]
        await pilot.press("enter", "enter")
        await pilot.pause()
    assert app.results == [GrantEmergencyFunding("US", shortfall)]
    assert app.results[0] in legal_intents(state, CONTENT)


async def test_lowering_a_tier_shows_next_turns_bill_from_the_engine():
    state = paid()
    app = ScreenHarness(lambda: ReadinessScreen(state))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        due = blue.readiness_due(state, CONTENT)
        rows = dict((row[0], row) for row in cells(screen, "choices"))
        us1 = stack_words(CONTENT, state.stack("US-1"))  # the stack by its words, never its id
        for level in (90, 80, 70, 60, 50):
            after = blue.readiness_due(reduce(state, SetReadiness("US", "US-1", level), CONTENT), CONTENT)
            assert rows[f"Lower {us1} to {level}%"] == [f"Lower {us1} to {level}%", "0", f"{after} ({after - due:+d})"]
        assert "saving shows only from next turn" in text_of(screen, "#choice-note")
        await pilot.press("enter", "enter")
        await pilot.pause()
    assert app.results == [SetReadiness("US", "US-1", 90)]
    assert app.results[0] in legal_intents(state, CONTENT)


async def test_buy_back_prices_are_the_engines():
    state = lowered()
    stack = state.stack("US-2")
    app = ScreenHarness(lambda: ReadinessScreen(state))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await pilot.press("down")  # US-2
        await pilot.pause()
        shown = cells(screen, "choices")
        prices = {level: blue.buyback_price(CONTENT, stack, level) for level in (60, 70, 80, 90, 100)}
        us2 = stack_words(CONTENT, stack)
        for level, price in prices.items():
            assert [f"Buy {us2} back to {level}%", f"-{price}"] == next(
                row[:2] for row in shown if row[0] == f"Buy {us2} back to {level}%"
            )
            assert f"{level}% {price} RP" in text_of(screen, "#stack-note")
        await pilot.press("enter", "enter")
        await pilot.pause()
    assert app.results == [BuyBack("US", "US-2", 100)]
    assert app.results[0] in legal_intents(state, CONTENT)


async def test_retirement_is_offered_for_conus_forces_only():
    state = paid()
    app = ScreenHarness(lambda: ReadinessScreen(state))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        assert any(row[0] == "Retire 3 FF of 14 FF M3 in CONUS" for row in cells(screen, "choices"))
        await pilot.press("down")  # US-2, overseas
        await pilot.pause()
        assert not any(row[0].startswith("Retire") for row in cells(screen, "choices"))


# --- posture moves -----------------------------------------------------------------------------


@pytest.mark.slow
async def test_deploy_picks_stack_place_and_ffs_with_the_engines_price():
    state = paid()
    rp = state.player("US").rp
    app = ScreenHarness(lambda: DeployScreen(state, "US"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await pilot.press("enter", "down", "down", "down", "down", "enter")  # US-1, fifth place
        await pilot.pause()
        place = row_keys(screen, "places")[4]
        stack = state.stack("US-1")
        for ffs, cost, left, bill in cells(screen, "ffs"):
            price = blue.move_cost(state, CONTENT, stack, int(ffs), place)
            assert (cost, left) == ("free" if price == 0 else f"{price} RP", str(rp - price))
            # Next turn's readiness bill after the move, against now (forces overseas cost more).
            change = readiness_due(act(state, Deploy("US", "US-1", int(ffs), place)), CONTENT) - readiness_due(
                state, CONTENT
            )
            assert bill == (f"{change:+d}" if change else "0")
        await pilot.press("down")
        await pilot.pause()
        price = blue.move_cost(state, CONTENT, stack, 2, place)
        assert f"{rp - price} RP left" in text_of(screen, "#preview")
        assert "next turn's readiness bill" in text_of(screen, "#preview")
        await pilot.press("enter")
        await pilot.pause()
    assert app.results == [Deploy("US", "US-1", 2, place)]
    assert app.results[0] in legal_intents(state, CONTENT)


async def test_red_deploy_offers_exactly_the_legal_moves():
    state = red_phase()
    seat = state.queue[0]
    legal = [i for i in legal_intents(state, CONTENT) if isinstance(i, Deploy) and i.player == seat]
    assert legal, "the Red player should have posture moves"
    app = ScreenHarness(lambda: DeployScreen(state, seat))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        first = row_keys(screen, "stacks")[0]
        assert row_keys(screen, "places") == list(dict.fromkeys(i.to for i in legal if i.stack == first))
        assert "Red posture moves stay inside" in text_of(screen, "#rule-note")
        await pilot.press("enter", "enter", "enter")
        await pilot.pause()
    assert len(app.results) == 1 and app.results[0] in legal


# --- procurement and modernization -------------------------------------------------------------


@pytest.mark.slow
async def test_invest_procurement_total_is_card_cost_plus_mat_price():
    state = paid()
    rp = state.player("US").rp
    app = ScreenHarness(lambda: InvestScreen(state, "US"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        cards = row_keys(screen, "cards")
        for _ in range(cards.index("US-PROC")):
            await pilot.press("down")
        await pilot.press("enter", "down")
        await pilot.pause()
        card = CONTENT.card("US-PROC")
        shown = cells(screen, "options")
        options = [i for i in legal_intents(state, CONTENT) if isinstance(i, Procure)]
        assert len(shown) == len(options)
        for intent, (mat, total, left, label) in zip(options, shown):
            price = plays.procurement_price(state, CONTENT, "US", intent.ffs, intent.mod)
            expected = plays.card_cost(state, CONTENT, "US", card) + price
            assert (label, mat, total, left) == (
                f"{intent.ffs} new FF at M{intent.mod}",
                str(price),
                str(expected),
                str(rp - expected),
            )
        tech = state.player("US").tech_level
        assert max(i.mod for i in options) <= tech
        assert f"National Tech Level {tech}" in text_of(screen, "#cap-note")
        assert "a higher Mod Level needs R&D" in text_of(screen, "#cap-note")
        await pilot.press("enter")
        await pilot.pause()
    assert app.results == [options[1]]


async def test_invest_modernization_explains_the_caps():
    state = paid()
    app = ScreenHarness(lambda: InvestScreen(state, "US"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        for _ in range(row_keys(screen, "cards").index("US-MOD")):
            await pilot.press("down")
        await pilot.pause()
        card = CONTENT.card("US-MOD")
        cap = plays.modernize_cap(state, "US", card)
        assert f"up to {cap} FFs" in text_of(screen, "#cap-note")
        await pilot.press("enter", "enter")
        await pilot.pause()
    assert len(app.results) == 1 and isinstance(app.results[0], Modernize)
    assert app.results[0] in legal_intents(state, CONTENT)


# --- event injection ---------------------------------------------------------------------------


@pytest.mark.slow
async def test_inject_filters_by_kind_and_aor():
    state = paid()
    legal = {i.card for i in legal_intents(state, CONTENT) if isinstance(i, InjectEvent)}
    app = ScreenHarness(lambda: InjectScreen(state))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        assert set(row_keys(screen, "events")) == legal
        await pilot.press("k")  # domestic
        await pilot.pause()
        assert {CONTENT.card(c).kind.value for c in row_keys(screen, "events")} == {"domestic"}
        await pilot.press("k", "a", "a")  # international; the first AOR after "none"
        await pilot.pause()
        aor = screen.query_one("#aor", Select).value
        shown = row_keys(screen, "events")
        assert shown and all(
            CONTENT.card(c).kind.value == "international" and CONTENT.card(c).aor == aor for c in shown
        )
        await pilot.press("down", "enter")
        await pilot.pause()
    assert app.results == [InjectEvent(shown[1])]
    assert app.results[0] in legal_intents(state, CONTENT)


# --- free play: proposals ----------------------------------------------------------------------


async def test_propose_a_standard_action():
    state = acting()
    app = ScreenHarness(lambda: ProposeScreen(state, "US"))
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await pilot.press("down", "enter")
        await pilot.pause()
    standard = [i for i in legal_intents(state, CONTENT) if isinstance(i, ProposeAction)]
    assert app.results == [standard[1]]


@pytest.mark.slow
async def test_propose_own_words_anywhere_on_the_board():
    state = acting()
    app = ScreenHarness(lambda: ProposeScreen(state, "US"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        screen.query_one("#where", Select).value = "south-china-sea"
        screen.query_one("#kind", Select).value = "presence"
        screen.query_one("#what", Input).focus()
        await pilot.press(*"Freedom of navigation patrol")
        await pilot.press("enter")
        await pilot.pause()
    intent = ProposeAction("US", "south-china-sea", "Freedom of navigation patrol", "presence")
    assert app.results == [intent]
    reduce(state, intent, CONTENT)  # the engine takes it


async def test_a_refused_proposal_shows_the_engines_reason_and_keeps_the_form():
    state = bill_due()  # the bill is not paid: no proposal yet
    app = ScreenHarness(lambda: ProposeScreen(state, "US"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        screen.query_one("#what", Input).focus()
        await pilot.press(*"Patrol")
        await pilot.press("ctrl+s")
        await pilot.pause()
        where = screen.query_one("#where", Select).value
        kind = screen.query_one("#kind", Select).value
        with pytest.raises(IllegalIntent) as refused:
            reduce(state, ProposeAction("US", where, "Patrol", kind), CONTENT)
        assert text_of(screen, "#message") == str(refused.value)
        assert screen.query_one("#what", Input).value == "Patrol"
        assert app.screen is screen
    assert app.results == []


# --- free play: rulings ------------------------------------------------------------------------


async def test_rule_with_a_standard_ruling_by_keys():
    state = proposed()
    app = ScreenHarness(lambda: RulingScreen(state))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await pilot.press("down")
        await pilot.pause()
        ruling = [i for i in legal_intents(state, CONTENT) if isinstance(i, (RuleAction, RefuseAction))][1]
        assert f"{ruling.cost} RP" in text_of(screen, "#ruling-view")
        await pilot.press("enter")
        await pilot.pause()
    assert app.results == [ruling]


@pytest.mark.slow
async def test_a_custom_ruling_is_built_checked_and_returned():
    state = proposed()
    app = ScreenHarness(lambda: RulingScreen(state))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await pilot.press("c")
        await pilot.pause()
        screen.query_one("#cost", Input).value = "3"
        screen.query_one("#name", Input).value = "naval patrol"
        screen.query_one("#blue-4", Input).value = "4"
        await pilot.pause()
        assert text_of(screen, "#problems").startswith("✓")
        await pilot.press("ctrl+s")
        await pilot.pause()
    [ruling] = app.results
    standard = next(i for i in legal_intents(state, CONTENT) if isinstance(i, RuleAction))
    rows = standard.rows[:4] + (attrs.evolve(standard.rows[4], blue_ip=4),)
    assert ruling == attrs.evolve(standard, cost=3, title="naval patrol", rows=rows)
    assert rulings.ruling_problems(state, CONTENT, ruling) == []
    reduce(state, ruling, CONTENT)


@pytest.mark.slow
async def test_an_illegal_custom_ruling_shows_the_validators_message_and_returns_nothing():
    state = proposed()
    app = ScreenHarness(lambda: RulingScreen(state))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await pilot.press("c")
        await pilot.pause()
        screen.query_one("#table", Select).value = "crt-a"
        await pilot.pause()
        screen.query_one("#opponent", Select).value = ""  # combat against no one (RT B may have none)
        screen.query_one("#cost", Input).value = "99"
        await pilot.pause()
        built = screen.build()
        problems = rulings.ruling_problems(state, CONTENT, built)
        assert len(problems) == 2
        assert all(problem in text_of(screen, "#problems") for problem in problems)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert text_of(screen, "#message") == "Not ruled: " + "; ".join(problems)
        assert app.screen is screen
        assert screen.query_one("#cost", Input).value == "99"
    assert app.results == []


@pytest.mark.slow
async def test_refuse_with_a_reason():
    state = proposed()
    app = ScreenHarness(lambda: RulingScreen(state))
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await pilot.press("x")
        await pilot.pause()
        await pilot.press(*"not plausible", "enter")
        await pilot.pause()
    assert app.results == [RefuseAction("not plausible")]
    reduce(state, app.results[0], CONTENT)


@pytest.mark.slow
async def test_the_mouse_works_too():
    """A click highlights a row and a second click on it chooses; buttons submit forms."""
    state = paid()
    app = ScreenHarness(lambda: InjectScreen(state))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        second = row_keys(screen, "events")[1]
        await pilot.click("#events", offset=(3, 2))
        await pilot.pause()
        assert app.results == [] and screen.query_one("#card", Static).content.subtitle.plain == second
        await pilot.click("#events", offset=(3, 2))
        await pilot.pause()
    assert app.results == [InjectEvent(second)]

    app = ScreenHarness(lambda: RulingScreen(proposed()))
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await pilot.press("c")
        await pilot.pause()
        await pilot.click("#rule")
        await pilot.pause()
    assert app.results == [next(i for i in legal_intents(proposed(), CONTENT) if isinstance(i, RuleAction))]


@pytest.mark.parametrize(
    "make",
    [
        lambda: ReadinessScreen(paid()),
        lambda: DeployScreen(paid(), "US"),
        lambda: InvestScreen(paid(), "NATO"),
        lambda: InjectScreen(paid()),
        lambda: ProposeScreen(paid(), "US"),
        lambda: RulingScreen(proposed()),
    ],
    ids=["readiness", "deploy", "invest", "inject", "propose", "ruling"],
)
async def test_escape_cancels(make):
    app = ScreenHarness(make)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await pilot.press("escape")
        await pilot.pause()
    assert app.results == [None]


# --- snapshots at the smallest supported terminal ----------------------------------------------


def test_snapshot_readiness_worksheet(snap_compare):
    assert snap_compare(ScreenHarness(lambda: ReadinessScreen(lowered())), terminal_size=(100, 30), press=["down"])


def test_snapshot_ruling_standard(snap_compare):
    assert snap_compare(ScreenHarness(lambda: RulingScreen(proposed())), terminal_size=(100, 30), press=["down"])


def test_snapshot_ruling_custom(snap_compare):
    assert snap_compare(ScreenHarness(lambda: RulingScreen(proposed())), terminal_size=(100, 30), press=["c", "_"])
