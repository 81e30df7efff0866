"""Gaming to the Rescue! in the shell, by keys: from the title with one person and two
computer players to the end of the game; a hot seat of three people passes the keyboard
with a "next player" notice; the map, the side panel and the requirement worksheet."""

from __future__ import annotations

import pytest
from textual.widgets import Select

from hedgemony_tui.games.rescue.rules import RULES
from hedgemony_tui.shell.app import build_app
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.shell.screens.handover import HandOverScreen
from hedgemony_tui.shell.screens.title import TitleScreen

SIZE = (100, 30)


async def _board(pilot, limit: int = 8) -> None:
    app = pilot.app
    for _ in range(limit):
        await pilot.pause()
        if isinstance(app.screen, GameScreen):
            return
        await pilot.press("escape")


def _text(app, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


def _screen(app) -> str:
    """The characters on the terminal now."""
    import io

    from rich.console import Console

    console = Console(width=app.size.width, height=app.size.height, file=io.StringIO(), record=True)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text(styles=False)


@pytest.mark.slow
async def test_one_person_and_two_computers_play_a_whole_game_by_keys(tmp_path):
    app = build_app(saves_dir=tmp_path, bot_delay=0, game="rescue")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        title = app.screen
        assert isinstance(title, TitleScreen) and title.picked() == "rescue"
        await pilot.press("n")
        await pilot.pause()
        assert app.screen.query_one("#kind-HC", Select).value == "human"
        assert app.screen.query_one("#kind-USM", Select).value == "basic"
        await pilot.press("ctrl+s")
        await _board(pilot)
        assert isinstance(app.screen, GameScreen) and app.rules is RULES
        for _ in range(400):
            if RULES.pending(app.host.state).over:
                break
            await _board(pilot)
            if app.my_options():
                app.screen.query_one("#decision-filter").focus()
                await pilot.press("enter")
            await pilot.pause()
        await pilot.pause()
        assert RULES.pending(app.host.state).over
        assert RULES.outcome(app.host.state).team in ("Gameland saved", "Gameland failed")


@pytest.mark.slow
async def test_three_people_pass_the_keyboard_with_a_next_player_notice(tmp_path):
    app = build_app(saves_dir=tmp_path, bot_delay=0, game="rescue")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        for seat in ("USM", "HN", "HC"):
            app.screen.query_one(f"#kind-{seat}", Select).value = "human"
        await pilot.press("ctrl+s")
        await _board(pilot)
        seen = []
        for _ in range(60):
            # A roll's result screen may come up at any pause: close it, then read the board
            # with no pause between the look and the keys.
            await _board(pilot)
            assert not isinstance(app.screen, HandOverScreen)
            if not isinstance(app.screen, GameScreen):
                continue
            seen.append(app.viewer_seat())
            if app.host.state.stage == "turn":
                break
            app.screen.query_one("#decision-filter").focus()
            await pilot.press("enter")
        assert {"USM", "HN", "HC"} <= set(seen)
        prompt = _text(app, "#decision-prompt")
        # No names typed: the seat as the form lists it, not its bare id.
        assert any(
            f"Next player: {name} ({seat})" in prompt
            for seat, name in (("USM", "US Military"), ("HN", "Host Nation"), ("HC", "Humanitarian Community"))
        )
        # The board: the map with its badges, the side panel, the costs under the map.
        app.clear_notifications()
        await pilot.pause()
        board = _screen(app)
        assert "C-3" in board and "A-3" in board and "Order:" in board and "GP" in board and "sus" in board
        # The requirement worksheet on F6 during a turn.
        await pilot.press("f6")
        await pilot.pause()
        assert type(app.screen).__name__ == "RequirementSheet"
        sheet = _screen(app)
        assert "discount" in sheet and "minimum 1" in sheet and "you hold" in sheet
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        # Every crisis's cost for every player on F2.
        await pilot.press("f2")
        await pilot.pause()
        assert type(app.screen).__name__ == "CrisesScreen"
        assert "tokens each needs" in _screen(app)
        app.screen.query_one("#rescue-crises").scroll_end(animate=False)
        await pilot.pause()
        assert "HN = Host Nation" in _screen(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_computer_players_say_they_roll_their_own_dice_at_a_physical_dice_table(tmp_path):
    """Physical dice with two computer players: the option's help says a computer player
    rolls its own, and each of their rolls has a journal line everyone reads saying so;
    the setting-up's lines and the table's own notes carry the same cycle number."""
    from hedgemony_tui.table.notes import merge_rows
    from hedgemony_tui.table.saves import SavedGame
    from hedgemony_tui.table.seats import Seats

    help_text = next(o.help for o in RULES.options() if o.id == "physical_dice")
    assert "computer player rolls its own" in help_text
    state = RULES.setup(11, {"physical_dice": True})
    seats = Seats.of_specs(RULES.seats(), {"USM": "basic", "HN": "basic", "HC": "human"}, None)
    app = build_app(SavedGame(RULES, state, state, (), seats), saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await _board(pilot)
        for _ in range(20):  # the computers roll; HC types its faces
            await pilot.pause()
            if app.host.state.stage != "initiative" and app.host.state.stage != "placing":
                break
            if app.viewer_seat() == "HC" and app.my_options():
                app.screen.query_one("#decision-filter").focus()
                await pilot.press("enter")
        feed = app.feed
        rows = merge_rows(app.front.log_rows(feed.view), feed.notes, "HC")
        own = [r for r in rows if "rolled its own die" in r.text]
        assert {r.actor for r in own} == {"USM", "HN"} and not any(r.private for r in own)
        assert all(r.turn == 1 for r in rows if r.actor in ("USM", "HN", "HC") and r.kind in ("roll", "decision"))
