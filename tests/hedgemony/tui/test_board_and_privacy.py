"""The map by mouse and keys, the place panel's choices, and what a seat may see."""

from __future__ import annotations

import pytest

from hedgemony_tui.games.hedgemony.engine.state import WHITE
from hedgemony_tui.games.hedgemony.front.render.journal import Note, journal_rows
from hedgemony_tui.games.hedgemony.front.widgets.board import BoardMap
from hedgemony_tui.games.hedgemony.front.widgets.board_area import PlacePanel
from hedgemony_tui.shell.screens.handover import HandOverScreen
from tests.hedgemony.app_helpers import decide, human_app
from tests.tui.tui_helpers import SIZE, settle, shown_text


@pytest.mark.slow
async def test_click_a_place_lists_its_forces_and_choices(tmp_path):
    app = human_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(4):
            await decide(pilot, "signal")
        await decide(pilot, "pay")
        board = app.screen.query_one(BoardMap)
        cell = board.place_cell("japan")
        assert cell is not None, "Japan is drawn on the map"
        x, y = cell
        await pilot.click(BoardMap, offset=(x + 2, y))  # on its name
        await pilot.pause()
        assert board.selected == "japan"
        info = shown_text(app.screen.query_one("#place-info"))
        assert "Japan" in info and "US 1 FF M3" in info
        # The U.S. may move the stack there or post forces to it: those choices are listed.
        panel = app.screen.query_one(PlacePanel)
        assert panel.place_options
        assert all("US-" in label or "japan" in label.lower() for _, label in panel.place_options)
        # Keys move the selection too.
        await pilot.press("left")
        await pilot.pause()
        assert board.selected != "japan"


async def test_hand_over_shows_nothing_of_the_game(tmp_path):
    app = human_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        assert not app.screen.query(BoardMap) and not app.screen.query("#trackers")
        assert app.my_options() == []  # no decision may be taken through the hand-over


def test_private_journal_lines_show_to_their_owner_and_the_white_cell():
    notes = [
        Note(0, 1, "red-signaling", "RU", "decision", "RU (basic): secret reason", ("RU",)),
        Note(0, 1, "red-signaling", WHITE, "session", "loaded a save"),
    ]
    assert [r.text for r in journal_rows((), notes, "US")] == ["loaded a save"]
    assert len(journal_rows((), notes, "RU")) == 2
    assert len(journal_rows((), notes, WHITE)) == 2


def test_the_map_reads_alike_stacks_of_one_owner_as_one():
    import attrs

    from hedgemony_tui.games.hedgemony.engine.content import content_for
    from hedgemony_tui.games.hedgemony.engine.setup import new_game
    from hedgemony_tui.games.hedgemony.front.render.board import board_map

    content = content_for("default")
    state = new_game(content, 1)
    korea = [s for s in state.stacks if s.location == "korean-peninsula" and s.owner == "US"]
    assert korea, "the laydown has U.S. forces in Korea"
    extra = attrs.evolve(korea[0], id="US-extra", ffs=1)
    text = board_map(content.scenario, state.stacks + (extra,), 1, 100, 34).plain
    total = sum(s.ffs for s in korea) + 1
    assert f"US {total}×M{korea[0].mod}" in text
