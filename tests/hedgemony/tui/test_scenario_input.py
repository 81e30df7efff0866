"""The new-game form takes a scenario folder (issue 18): a text option of the rules,
filled in by ``hedgemony play --scenario DIR``; a bad folder is refused on the form."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual.widgets import Input, Select

from hedgemony_tui.games.hedgemony.engine.resources import data_dir
from hedgemony_tui.shell.app import build_app
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.shell.screens.new_game import NewGameScreen
from tests.tui.tui_helpers import SIZE

PLAYERS = ("US", "NATO", "RU", "PRC", "DPRK", "IR")


async def _form(pilot):
    await pilot.pause()
    await pilot.press("n")
    await pilot.pause()
    form = pilot.app.screen
    assert isinstance(form, NewGameScreen)
    for seat in PLAYERS:
        form.query_one(f"#kind-{seat}", Select).value = "random"
    form.query_one("#option-turns", Input).value = "1"
    return form


@pytest.mark.slow
async def test_a_game_starts_from_the_folder_given_on_the_command_line(tmp_path):
    folder = tmp_path / "edited"
    shutil.copytree(Path(str(data_dir() / "scenarios" / "default")), folder)
    app = build_app(saves_dir=tmp_path / "saves", bot_delay=0)
    app.option_defaults = {"scenario": str(folder)}  # what `play --scenario DIR` sets
    async with app.run_test(size=SIZE) as pilot:
        form = await _form(pilot)
        assert form.query_one("#option-scenario", Input).value == str(folder)
        await pilot.press("ctrl+s")
        await pilot.pause()
        # The game screen, perhaps under the first roll's result (every roll is shown).
        assert any(isinstance(screen, GameScreen) for screen in app.screen_stack)
        assert app.host.state.scenario.startswith(f"folder:{folder.resolve()}#")


async def test_a_folder_that_is_not_a_scenario_is_refused_on_the_form(tmp_path):
    app = build_app(saves_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        form = await _form(pilot)
        form.query_one("#option-scenario", Input).value = str(tmp_path / "nowhere")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and app.session is None
        assert any("no such folder" in n.message for n in app._notifications)
