"""The new-game form at the smallest size (issue 33): moving the focus brings the whole
focused row into view, a checkbox reads on or off without colour, the coach starts on
while a person plays a seat, and the focused row's help shows above the keys."""

from __future__ import annotations

import pytest
from textual.widgets import Checkbox, Input, Select, Static

from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.shell.app import build_app
from hedgemony_tui.shell.screens.new_game import ROW_HELP_ID, NewGameScreen, row_of
from tests.tui.tui_helpers import screen_text, shown_text

SMALL = (100, 30)


async def form(app, pilot, game: str = "hedgemony") -> NewGameScreen:
    await app.push_screen(NewGameScreen(game))
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, NewGameScreen)
    return screen


def in_view(screen: NewGameScreen, widget) -> bool:
    """The widget's whole row lies inside the part of the form on the screen."""
    scroll = screen.query_one("#new-game")
    row = row_of(widget).region
    return scroll.region.contains_region(row)


async def test_tab_and_shift_tab_bring_the_focused_row_into_view(tmp_path):
    app = build_app(saves_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        screen = await form(app, pilot)
        start = screen.query_one("#start")
        for _ in range(60):
            if screen.focused is start:
                break
            await pilot.press("tab")
            await pilot.pause()
            assert in_view(screen, screen.focused), screen.focused
        assert screen.focused is start
        for _ in range(8):
            await pilot.press("shift+tab")
            await pilot.pause()
            assert in_view(screen, screen.focused), screen.focused


async def test_up_and_down_move_between_rows_from_a_text_box(tmp_path):
    app = build_app(saves_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        screen = await form(app, pilot)
        turns = screen.query_one("#option-turns", Input)
        turns.focus()
        await pilot.pause()
        await pilot.press("down")
        await pilot.pause()
        assert screen.focused is screen.query_one("#option-physical_dice")
        assert in_view(screen, screen.focused)
        await pilot.press("up")
        await pilot.pause()
        assert screen.focused is turns


async def test_a_checkbox_says_on_or_off_in_words_without_colour(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = build_app(saves_dir=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await form(app, pilot)
        box = screen.query_one("#option-physical_dice", Checkbox)
        box.focus()
        await pilot.pause()
        row = screen_text(app)
        line = next(line for line in row.splitlines() if "Physical dice" in line)
        assert "[ ] off" in line and "[x]" not in line
        await pilot.press("space")
        await pilot.pause()
        line = next(line for line in screen_text(app).splitlines() if "Physical dice" in line)
        assert box.value and "[x] on" in line and "off" not in line


async def test_the_coach_starts_on_while_a_person_plays_and_follows_the_seats(tmp_path):
    app = build_app(saves_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        screen = await form(app, pilot)
        coached = screen.query_one("#coached", Checkbox)
        assert screen.query_one("#kind-US", Select).value == "human" and coached.value is True
        # Every seat to the computer: nobody to coach, so it goes off ...
        screen.query_one("#kind-US", Select).value = "basic"
        await pilot.pause()
        assert coached.value is False
        screen.query_one("#kind-US", Select).value = "human"
        await pilot.pause()
        assert coached.value is True
        # ... until the box is set by hand: then it stays as set.
        coached.focus()
        await pilot.press("space")
        await pilot.pause()
        screen.query_one("#kind-RU", Select).value = "human"
        await pilot.pause()
        assert coached.value is False


@pytest.mark.slow
async def test_a_game_started_from_the_form_with_a_person_is_coached(tmp_path):
    app = build_app(saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await form(app, pilot)
        await pilot.press("ctrl+s")
        for _ in range(5):
            await pilot.pause()
        assert app.host is not None and app.host.coached is True


async def test_the_focused_rows_help_shows_in_full_above_the_keys(tmp_path):
    app = build_app(saves_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        screen = await form(app, pilot)
        helper = screen.query_one(f"#{ROW_HELP_ID}", Static)
        for option in RULES.options():
            screen.query_one(f"#option-{option.id}").focus()
            await pilot.pause()
            said = " ".join(shown_text(helper, width=96).split())
            assert option.label in said and option.help in said, option.id
        screen.query_one("#kind-PRC").focus()
        await pilot.pause()
        assert "China" in shown_text(helper) and "computer player" in shown_text(helper)
