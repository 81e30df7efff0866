"""Issue 33's leftovers (part A) on the shell's screens: the title marks the game its menu
is for, and at 100x30 the board's footer keeps the keys of the decision at hand, and the
Load and Continue lists keep their key lines."""

from __future__ import annotations

from textual.widgets import OptionList

from hedgemony_tui.games.rescue.rules import RULES as RESCUE
from hedgemony_tui.shell.app import build_app
from hedgemony_tui.shell.screens.dialogs import PathScreen, PickScreen
from hedgemony_tui.shell.screens.title import TitleScreen
from hedgemony_tui.table.saves import save_game
from hedgemony_tui.table.seats import Seats
from tests.tui.test_decision_list_misfire import to_blue
from tests.tui.test_decision_panel import newcomer_app
from tests.tui.tui_helpers import screen_text

SMALL = (100, 30)
PICKED = "▶ "  # the title's mark of the picked game (title.PICKED)


def _saves(folder, names: list[str]) -> None:
    """Rescue games saved under ``names`` in ``folder``."""
    folder.mkdir(exist_ok=True)
    state = RESCUE.setup(5, {})
    seats = Seats.of_specs(RESCUE.seats(), {s.id: "human" for s in RESCUE.seats()}, None)
    for name in names:
        save_game(folder / name, RESCUE, state, start=state, seats=seats)


async def test_the_title_marks_the_last_game_played_and_says_why(tmp_path):
    saves = tmp_path / "saves"
    _saves(saves, ["rescue-20260101-120000-abc123.autosave.toml"])
    app = build_app(saves_dir=saves, bot_delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        picker = app.screen.query_one("#game-picker", OptionList)
        marked = [str(picker.get_option_at_index(n).prompt) for n in range(picker.option_count)]
        marked = [line for line in marked if line.startswith(PICKED)]
        assert marked == [PICKED + RESCUE.info.title], marked
        assert RESCUE.info.title in str(picker.border_title) and "last played" in str(picker.border_subtitle)
        text = screen_text(app)
        assert f"Game: {RESCUE.info.title}" in text and "last played" in text
        # Another game picked: the mark moves with it, and the frame names it.
        await pilot.press("down")
        await pilot.pause()
        lines = [str(picker.get_option_at_index(n).prompt) for n in range(picker.option_count)]
        now = lines[picker.highlighted or 0]
        assert now.startswith(PICKED) and sum(line.startswith(PICKED) for line in lines) == 1
        assert now.removeprefix(PICKED) in str(picker.border_title)


async def test_at_100x30_the_boards_footer_keeps_the_worksheet_and_white_cell_keys(tmp_path):
    app = newcomer_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await to_blue(pilot)
        await pilot.press("p")  # a search under way: Esc Back shows as well
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        assert "f6 Worksheet" in footer and "f8 To White Cell" in footer and "esc Back" in footer, footer


async def test_at_100x30_the_load_and_continue_lists_keep_their_key_lines(tmp_path):
    saves = tmp_path / "saves"
    _saves(saves, [f"rescue-20260101-1200{n:02d}-abc1{n:02d}.autosave.toml" for n in range(12)])
    app = build_app(saves_dir=saves, bot_delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, PathScreen)
        assert "Enter confirms · Esc cancels" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, PickScreen)
        assert "Enter picks · Esc cancels" in screen_text(app)
