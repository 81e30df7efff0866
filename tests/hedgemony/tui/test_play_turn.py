"""A whole turn played through the screens by keys, every seat a person at one keyboard.

Decisions go through the generic decision panel (type a filter, Enter), except the U.S.
response, committed through the commit worksheet with its what-if and rolled through the
roll worksheet with its odds; hand-overs are taken with Enter.
"""

from __future__ import annotations

import pytest

from hedgemony_tui.games.hedgemony.engine.game import pending
from hedgemony_tui.games.hedgemony.engine.state import Phase
from hedgemony_tui.games.hedgemony.front.screens.commit import CommitScreen
from hedgemony_tui.games.hedgemony.front.screens.resolution import ResultScreen, RollScreen
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.shell.screens.handover import HandOverScreen
from tests.hedgemony.app_helpers import decide, human_app
from tests.tui.tui_helpers import SIZE, settle, shown_text


def phase_now(app) -> Phase:
    # A call, not the attribute: mypy keeps an asserted phase across the awaits that move the game on.
    return app.host.state.phase


@pytest.mark.slow
async def test_a_whole_turn_by_keys(tmp_path):
    app = human_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # Several people share the keyboard: the first decision asks to pass it to Russia.
        assert isinstance(app.screen, HandOverScreen)
        assert "RU" in app.screen.seat_name
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.host.keyboard == "RU"

        # Red signaling: Russia picks its three cards by typing them; the others take the first offer.
        await decide(pilot, "RU-05 RU-RD RU-E07")
        assert app.host.state.signals["RU"] == ("RU-05", "RU-RD", "RU-E07")
        for seat in ("PRC", "DPRK", "IR"):
            assert pending(app.host.state).seat == seat
            await decide(pilot, "signal")
        assert app.host.state.phase is Phase.BLUE

        # Blue: the U.S. pays its readiness bill, then both Blue players end their phase.
        rp_before = app.host.state.player("US").rp
        await decide(pilot, "pay")
        assert app.host.state.readiness_paid and app.host.state.player("US").rp < rp_before
        await decide(pilot, "end")
        await decide(pilot, "end")
        assert phase_now(app) is Phase.RED and app.host.keyboard == "RU"

        # Red: Russia plays a contest card; the U.S. answers with forces; the die decides.
        await decide(pilot, "RU-E07")
        assert app.host.state.run is not None and app.host.state.run.card == "RU-E07"
        await decide(pilot, "iraq")
        await decide(pilot, "commit 3 FF of 5 FF M2 in Russia")  # the stack RU-8, by name
        await decide(pilot, "done")
        assert pending(app.host.state).kind == "respond" and pending(app.host.state).seat == "US"
        assert app.host.keyboard == "US"
        # The U.S. commits through the commit worksheet (F6), with the what-if beside it.
        await pilot.press("f6")
        await pilot.pause()
        assert isinstance(app.screen, CommitScreen)
        compare = shown_text(app.screen.query_one("#commit-compare"))
        assert "What if" in compare and "%" in compare
        await pilot.press("enter")  # the highlighted option: a first commitment
        await settle(pilot)
        assert app.host.state.run.blue, "the U.S. response was not recorded"
        await decide(pilot, "done")
        # Russia may escalate (ch. 8): the menu says stop; it stops, and the die decides.
        assert (pending(app.host.state).seat, pending(app.host.state).kind) == ("RU", "commit")
        await decide(pilot, "stop")
        assert pending(app.host.state).kind == "roll"
        # The roll through the roll worksheet: the odds before the roll, then the result.
        await pilot.press("f6")
        await pilot.pause()
        assert isinstance(app.screen, RollScreen)
        assert "Odds before the roll" in shown_text(app.screen.query_one("#roll-odds"))
        rolls_before = sum(1 for e in app.host.state.log if e.roll is not None)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        await settle(pilot)
        assert sum(1 for e in app.host.state.log if e.roll is not None) == rolls_before + 1
        assert app.host.state.run is None

        # The rest of the Red phase, the budget rolls and the White Cell's summary.
        guard = 0
        while app.host.state.phase is Phase.RED and guard < 20:
            kind = pending(app.host.state).kind
            await decide(pilot, {"red": "end", "roll": "roll"}.get(kind, "done"))
            guard += 1
        assert app.host.state.phase in (Phase.ALLOCATION, Phase.SUMMARY)
        while app.host.state.phase is Phase.ALLOCATION and guard < 40:
            await decide(pilot, "roll")
            guard += 1
        assert app.host.state.phase is Phase.SUMMARY and pending(app.host.state).seat == "WHITE"
        assert app.host.keyboard == "WHITE"
        # The White Cell's ground truth: this turn's changes for every player.
        await pilot.press("f5")
        await pilot.pause()
        sheet = shown_text(app.screen.query_one("#ground-truth"))
        assert "Resources changes" in sheet and "National Tech Level" in sheet and "Russia (RU)" in sheet
        await pilot.press("escape")
        await decide(pilot, "close the turn")  # the words the line shows
        assert app.host.state.turn == 2 and app.host.state.phase is Phase.SIGNALING

        # The journal lists the session's decisions and rolls, and its search narrows them.
        await settle(pilot)
        await pilot.press("f4")
        await pilot.pause()
        table = app.screen.query_one("#journal-table")
        everything = table.row_count
        assert everything > 20
        app.screen.query_one("#journal-search").focus()
        await pilot.press(*"RU-E07")
        await pilot.pause()
        assert 0 < table.row_count < everything
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
    # Every decision was autosaved, in this game's own autosave (game, date, short id).
    assert [p.name.startswith("hedgemony-") for p in (tmp_path / "saves").glob("*.autosave.toml")] == [True]
