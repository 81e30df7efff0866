"""The title's G key changes the game, as its footer label ("g Game") promises: each press
moves to the next game of the list (round to the first), and the picker takes the focus so
the arrows go on from there. Found by a newcomer, who pressed G and saw nothing change."""

from __future__ import annotations

from textual.widgets import OptionList

from hedgemony_tui.shell.app import build_app
from hedgemony_tui.shell.screens.title import TitleScreen
from tests.tui.tui_helpers import SIZE


async def test_g_on_the_title_steps_to_the_next_game(tmp_path):
    app = build_app(saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        title = app.screen
        assert isinstance(title, TitleScreen)
        picker = title.query_one("#game-picker", OptionList)
        games = [picker.get_option_at_index(i).id for i in range(picker.option_count)]
        first = title.picked()
        assert first is not None and len(games) > 1
        seen = []
        for _ in games:
            await pilot.press("g")
            await pilot.pause()
            seen.append(title.picked())
        assert picker.has_focus
        start = games.index(first)
        assert seen == [games[(start + k) % len(games)] for k in range(1, len(games) + 1)]
