"""Hex Encounters' legend on a key (issue 33): at 100x30 the legend under the map is below
the fold, so F5 shows it from anywhere on the board (the decision list or the map), the
board's caption names the key whatever has the focus, and Esc or F5 go back."""

from __future__ import annotations

from pathlib import Path

import pytest

from hedgemony_tui.games.hex_encounters.front.legend_screen import LegendScreen
from hedgemony_tui.games.hex_encounters.front.mapdraw import LEGEND
from hedgemony_tui.games.hex_encounters.front.mapview import HexMap
from hedgemony_tui.shell.screens.game import GameScreen
from tests.hex_encounters.helpers import position
from tests.hex_encounters.test_screens import _app, _board
from tests.tui.tui_helpers import screen_text


@pytest.mark.parametrize("size", [(100, 30), (120, 40)])
async def test_f5_shows_every_mark_of_the_legend_and_the_caption_names_it(tmp_path: Path, size) -> None:
    state = position({"B3": ("mech", "0505")}, phase="blue-move", seat="BLUE")
    app = _app(state, tmp_path)
    async with app.run_test(size=size) as pilot:
        await _board(pilot)
        assert "F5: the map's legend" in str(app.screen.query_one("#hex-caption").render())
        for from_map in (False, True):
            if from_map:
                await pilot.press("f9")
                await pilot.pause()
                assert app.screen.query_one("#hex-map", HexMap).has_focus
                assert "F5: the legend" in str(app.screen.query_one("#hex-caption").render())
            await pilot.press("f5")
            await pilot.pause()
            assert isinstance(app.screen, LegendScreen)
            shown = screen_text(app)
            for mark, _ in LEGEND:
                assert mark in shown, mark
            assert "Towns:" in shown
            await pilot.press("f5" if from_map else "escape")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
