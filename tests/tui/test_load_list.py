"""The Load dialog's list says what each save is (the game, its turn and phase, who plays,
when it was saved), as Continue does, and picking a line loads that file (issue 33: a
newcomer saw bare file names)."""

from __future__ import annotations

from textual.widgets import OptionList

from hedgemony_tui.games.rescue.rules import RULES
from hedgemony_tui.shell.app import build_app
from hedgemony_tui.shell.screens.dialogs import PathScreen
from hedgemony_tui.table.saves import save_game
from hedgemony_tui.table.seats import Seats
from tests.tui.tui_helpers import SIZE


async def test_the_load_list_describes_each_save_and_picks_it(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    state = RULES.setup(5, {})
    seats = Seats.of_specs(RULES.seats(), {s.id: "human" for s in RULES.seats()}, None)
    save_game(saves / "our-game.toml", RULES, state, start=state, seats=seats)
    app = build_app(saves_dir=saves, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, PathScreen)
        listing = app.screen.query_one("#path-list", OptionList)
        line = str(listing.get_option_at_index(0).prompt)
        assert RULES.info.title in line and "saved" in line and "our-game.toml" in line
        listing.focus()
        await pilot.press("enter")
        for _ in range(4):
            await pilot.pause()
        assert app.host is not None and app.rules.info.id == RULES.info.id
        assert app.save_path is not None and app.save_path.endswith("our-game.toml")
