"""The worksheets that take a number or a form (issues 19 and 23): the commitment sheet
that lists the nearest, cheapest sources first and stays open until Done; the readiness
sheet that sets any number of FFs of a stack to a level; the investment sheet that buys
any number of FFs at several Mod Levels; the appeal for emergency funding and the White
Cell's answer; and the White Cell's discretion forms. Each sends one intent the engine
accepts, and shows the engine's reason for one it refuses."""

from __future__ import annotations

from typing import Any, TypeVar

import attrs
import pytest
from textual.screen import Screen
from textual.widgets import DataTable, Input, OptionList, Select

from hedgemony_tui.games.hedgemony.engine import appeal
from hedgemony_tui.games.hedgemony.engine.game import legal_intents, reduce
from hedgemony_tui.games.hedgemony.engine.intents import (
    AppealForFunding,
    CommitForces,
    DoneCommitting,
    GrantEmergencyFunding,
    PayReadiness,
    Procure,
    ProcureLine,
    SetReadiness,
)
from hedgemony_tui.games.hedgemony.engine.side_costs import source_rank
from hedgemony_tui.games.hedgemony.engine.white_cell_intents import ImposePin
from hedgemony_tui.games.hedgemony.front.screens.appeal import AppealScreen
from hedgemony_tui.games.hedgemony.front.screens.commit import CommitScreen
from hedgemony_tui.games.hedgemony.front.screens.discretion import DiscretionScreen
from hedgemony_tui.games.hedgemony.front.screens.readiness import ReadinessScreen
from hedgemony_tui.games.hedgemony.front.screens.worksheets import InvestScreen
from hedgemony_tui.shell.screens.dialogs import ConfirmScreen
from tests.hedgemony.app_helpers import app_on
from tests.hedgemony.engine.test_side_costs import ru_05_awaiting_us
from tests.hedgemony.turn_helpers import CONTENT, act, fresh, signal_all
from tests.tui.tui_helpers import SIZE, ScreenHarness, shown_text

COMPUTERS = {"RU": "basic", "PRC": "basic", "DPRK": "basic", "IR": "basic", "NATO": "basic", "WHITE": "none"}


ScreenT = TypeVar("ScreenT", bound=Screen[Any])


async def _until(pilot, kind: type[ScreenT], limit: int = 30) -> ScreenT:
    for _ in range(limit):
        await pilot.pause()
        if isinstance(pilot.app.screen, kind):
            return pilot.app.screen
    raise AssertionError(f"no {kind.__name__}; on {type(pilot.app.screen).__name__}")


def paid():
    return act(signal_all(fresh()), PayReadiness("US"))


# --- the commitment worksheet --------------------------------------------------------------------


@pytest.mark.slow
async def test_the_commitment_sheet_orders_its_sources_and_stays_open_until_done():
    state = ru_05_awaiting_us()
    app = app_on(state, COMPUTERS, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f6")
        screen = await _until(pilot, CommitScreen)
        commits = [i for i in screen.options if isinstance(i, CommitForces)]
        ranks = [source_rank(state, CONTENT, "US", state.stack(i.stack)) for i in commits]
        assert ranks == sorted(ranks) and ranks[0][0] < ranks[-1][0]  # in theater (and free) first, CONUS last
        first = screen.highlighted_intent()
        assert first == commits[0]
        await pilot.press("enter")
        for _ in range(4):
            await pilot.pause()
        # The commit went to the table, and the sheet is still open on the card as it is now.
        assert app.screen is screen and first.stack in {c.stack for c in app.host.state.run.blue}
        assert "US 1 FF" in shown_text(screen.query_one("#commit-forces"))
        assert DoneCommitting("US") in screen.options
        await pilot.press("d")
        for _ in range(4):
            await pilot.pause()
        # Done hands the decision on for good: the sheet's choice asks first, as the list does.
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        for _ in range(4):
            await pilot.pause()
        assert not isinstance(app.screen, CommitScreen)
        # Done ends the U.S. round; it decides again only if Russia escalated (ch. 8: a new round).
        run = app.host.state.run
        assert (
            run is None
            or run.stage.value not in ("commit", "respond")
            or app.rules.pending(app.host.state).seat != "US"
            or run.round > 1
        )


async def test_each_variant_shows_its_costs_besides_ip():
    state = ru_05_awaiting_us()
    app = ScreenHarness(lambda: CommitScreen(state, "US"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CommitScreen)
        compare = shown_text(screen.query_one("#commit-compare"), 200)
        intent = screen.highlighted_intent()
        assert intent is not None
        costs = screen.side_costs((intent,))
    assert "Besides IP" in compare and "Reset: FFs sent home" in compare and "Bill" in compare
    # RU-05's reset rules: half the committed FFs (rounded up) go home whatever the roll.
    assert costs.reset_ffs.high == -(-intent.ffs // 2)


# --- readiness: any number of FFs ---------------------------------------------------------------


@pytest.mark.slow
async def test_the_readiness_sheet_sets_a_number_of_ffs_and_stays_open():
    state = paid()
    app = app_on(state, COMPUTERS, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(ReadinessScreen(app.seen_state()), app.choose)
        screen = await _until(pilot, ReadinessScreen)
        us1 = next(s for s in state.stacks_of("US") if s.location == "conus")
        assert screen.stack_id == us1.id and str(screen.query_one("#tier-level", Select).value) == "50"
        await pilot.press("t", "4")
        await pilot.pause()
        preview = shown_text(screen.query_one("#tier-preview"))
        assert (
            f"Lower 4 FF of {us1.ffs} FF M{us1.mod} in CONUS to 50%" in preview
            and "next turn's readiness bill" in preview
        )
        await pilot.press("enter")
        for _ in range(4):
            await pilot.pause()
        assert app.screen is screen  # still open, on the forces as they are now
        stacks = {(s.location, s.readiness): s.ffs for s in app.host.state.stacks_of("US") if s.location == "conus"}
        assert stacks == {("conus", 100): us1.ffs - 4, ("conus", 50): 4}
        assert app.host.state == reduce(state, SetReadiness("US", us1.id, 50, 4), CONTENT)
        # A number the stack does not hold is refused with what is allowed, and nothing is sent.
        field = screen.query_one("#tier-ffs", Input)
        field.value = "99"
        await pilot.press("enter")
        await pilot.pause()
        assert "holds" in shown_text(screen.query_one("#message")) and app.screen is screen


@pytest.mark.slow
async def test_the_investment_sheet_buys_any_number_at_several_mod_levels():
    state = paid()
    app = ScreenHarness(lambda: InvestScreen(state, "US"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        cards = [row.key.value for row in screen.query_one("#cards", DataTable).ordered_rows]
        for _ in range(cards.index("US-PROC")):
            await pilot.press("down")
        await pilot.pause()
        screen.query_one("#own").focus()
        await pilot.press("+", "+", "down", "+", "b")  # 2 at M1, 1 at M2
        await pilot.pause()
    wanted = Procure("US", "US-PROC", 2, 1, (ProcureLine(1, 2),))
    assert app.results == [wanted]
    assert wanted not in legal_intents(state, CONTENT)  # not in the lists, yet the engine takes it
    reduce(state, wanted, CONTENT)


# --- the appeal for emergency funding -----------------------------------------------------------


def broke_and_answering():
    state = ru_05_awaiting_us()
    return attrs.evolve(state, players=tuple(attrs.evolve(p, rp=0) if p.id == "US" else p for p in state.players))


@pytest.mark.slow
async def test_the_us_appeals_from_the_commitment_sheet_and_the_white_cell_rules():
    state = broke_and_answering()
    appeals = [i for i in legal_intents(state, CONTENT) if isinstance(i, AppealForFunding)]
    assert appeals
    app = ScreenHarness(lambda: CommitScreen(state, "US"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        listing = app.screen.query_one("#commit-options", OptionList)
        index = next(i for i, o in enumerate(listing.options) if o.id and "Appeal" in str(o.prompt))
        listing.highlighted = index
        await pilot.press("enter")
        await pilot.pause()
    assert len(app.results) == 1 and app.results[0] in appeals
    asked = act(state, app.results[0])
    app = ScreenHarness(lambda: AppealScreen(asked))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        note = shown_text(app.screen.query_one("#appeal-note"), 200)
        for face in range(10):  # the die's grant on each face is the engine's
            granted = appeal.die_grant(face, asked.appeal.amount)
            assert (f"{granted} RP" if granted else "nothing") in note
        app.screen.query_one("#amount", Input).focus()
        await pilot.press("9", "9", "enter")  # more than a turn's allocation: refused, stays
        await pilot.pause()
        assert "grant 1-" in shown_text(app.screen.query_one("#message"))
        app.screen.query_one("#amount", Input).value = "2"
        await pilot.press("enter")
        await pilot.pause()
    assert app.results == [GrantEmergencyFunding("US", 2)]
    after = reduce(asked, app.results[0], CONTENT)
    assert after.player("US").rp == 2 and after.appeal is None


# --- the White Cell's discretion ----------------------------------------------------------------


@pytest.mark.slow
async def test_a_white_cell_pin_and_a_refused_penalty():
    state = paid()
    app = ScreenHarness(lambda: DiscretionScreen(state))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("4")  # the penalty tab: more RP than the player has is refused
        await pilot.pause()
        screen.query_one("#penalty-player", Select).value = "DPRK"
        screen.query_one("#penalty-rp", Input).value = str(state.player("DPRK").rp + 1)
        await pilot.pause()
        assert "DPRK has" in shown_text(screen.query_one("#verdict"))
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.results == [] and "DPRK has" in shown_text(screen.query_one("#message"))
        await pilot.press("2")  # the pin tab, first stack, one turn
        await pilot.pause()
        assert "pins" in shown_text(screen.query_one("#verdict"))
        await pilot.press("ctrl+s")
        await pilot.pause()
    pin = app.results[0]
    assert isinstance(pin, ImposePin) and pin.turns == 1
    assert reduce(state, pin, CONTENT).stack(pin.stack).pinned(state.turn)
