"""The journal (issue 33): typing anywhere searches, a line matches by what its row shows,
and a coach's remark on a decision that was taken back leaves the journal with it."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Input

from hedgemony_tui.games.hedgemony.engine.intents import EndInvestments, EndPhase
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.shell.screens.journal import JournalScreen
from hedgemony_tui.table.coaching import remark_gist
from tests.tui.test_coach_and_lesson import learner_app, until_mine
from tests.tui.tui_helpers import SIZE, settle, shown_text


async def open_journal(pilot) -> JournalScreen:
    await pilot.press("f4")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, JournalScreen)
    return screen


def cells(screen: JournalScreen) -> list[str]:
    table = screen.query_one(DataTable)
    return [" ".join(str(c) for c in table.get_row_at(i)) for i in range(table.row_count)]


@pytest.mark.slow
async def test_typing_on_the_table_searches_by_the_shown_text(tmp_path, monkeypatch):
    app = learner_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until_mine(pilot)
        screen = await open_journal(pilot)
        assert screen.query_one(DataTable).has_focus
        every = screen.query_one(DataTable).row_count
        assert every > 1
        await pilot.press("P", "R", "C")
        await pilot.pause()
        search = screen.query_one("#journal-search", Input)
        assert search.value == "PRC" and search.has_focus
        kept = cells(screen)
        assert 0 < len(kept) < every and all("prc" in line.lower() for line in kept)
        # A phase named on screen otherwise than in the game's own words: the shown name matches.
        monkeypatch.setattr(app.front, "phase_words", lambda phase: "Zebra crossing", raising=False)
        search.value = "zebra"
        await pilot.pause()
        assert screen.query_one(DataTable).row_count == every


@pytest.mark.slow
async def test_an_undone_decisions_coach_remark_leaves_the_journal(tmp_path):
    app = learner_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.host.coached = True
        await until_mine(pilot)
        for _ in range(10):
            ends = [i for i, _ in app.my_options() if isinstance(i, (EndInvestments, EndPhase))]
            if ends:
                break
            app.choose(app.my_options()[0][0])
            await until_mine(pilot)
        assert ends
        before = len([n for n in app.host.notes if n.kind == "coach"])
        app.choose(ends[0])
        await pilot.pause()
        remark = [n for n in app.host.notes if n.kind == "coach"][-1]
        assert len([n for n in app.host.notes if n.kind == "coach"]) == before + 1
        await settle(pilot)
        lines = [w for w in app.screen.query("#coach-line") if w.display]
        gist = remark_gist(remark.text)[:30]  # the line under the board holds the gist only
        assert any(gist in shown_text(w, width=400) for w in lines)  # said under the board
        screen = await open_journal(pilot)
        assert any(remark.text[:40] in line for line in cells(screen))
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("ctrl+z")
        await settle(pilot)
        screen = await open_journal(pilot)
        assert not any(remark.text[:40] in line for line in cells(screen))
        # Nor its line under the board (or a notice).
        assert not [n for n in app._notifications if n.title == "Coach"]
        await pilot.press("escape")
        await pilot.pause()
        shown = [w for w in app.screen.query("#coach-line") if w.display]
        assert not any(gist in shown_text(w, width=400) for w in shown)
