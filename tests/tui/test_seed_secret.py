"""The seed predicts every die: the White Cell's alone while the game runs (no player's
view, screen or default save name holds it), random and unguessable by default on the
new-game form (a small typed one is flagged), and shown to everyone once the game is
over so that it can be replayed."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Static

from hedgemony_tui.games.hedgemony.engine.state import WHITE
from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.games.template import rules as template
from hedgemony_tui.shell.app import build_app
from hedgemony_tui.shell.screens.new_game import GUESSABLE_SEED, NewGameScreen
from hedgemony_tui.table.contract import player_seats
from hedgemony_tui.table.saves import SavedGame
from hedgemony_tui.table.seats import Seats
from tests.tui.test_privacy_screens import every_screen
from tests.tui.tui_helpers import SIZE, screen_text

SEED = 7_364_019_288_551_203_117


def test_the_seed_is_in_no_players_view_and_in_the_white_cells():
    state = RULES.setup(SEED, {"turns": 2})
    lines = [e for e in state.log if str(SEED) in e.text]
    assert lines and all(tuple(e.visible_to) == (WHITE,) for e in lines)
    for seat in player_seats(RULES):
        seen = RULES.view(state, seat)
        assert str(SEED) not in repr(seen), seat
    assert any(str(SEED) in e.text for e in RULES.view(state, WHITE).log)


@pytest.mark.slow
@pytest.mark.parametrize("seat", ["US", "RU"])
async def test_no_screen_of_a_player_shows_the_seed(seat, tmp_path, monkeypatch):
    monkeypatch.setattr(
        "hedgemony_tui.shell.saving.default_save_name",
        __import__("hedgemony_tui.shell.saving", fromlist=["x"]).default_save_name,
    )
    shown = await every_screen(RULES, RULES.setup(SEED, {"turns": 2}), seat, tmp_path / "saves")
    for name, text in shown.items():
        assert str(SEED) not in text and str(SEED)[:8] not in text, name


@pytest.mark.slow
async def test_the_form_draws_a_random_seed_unseen_and_flags_a_small_one(tmp_path):
    app = build_app(saves_dir=tmp_path, bot_delay=0)
    seeds = []
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(2):
            await pilot.pause()
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            # Nothing shown: the seed is drawn when the game starts.
            assert app.screen.query_one("#seed", Input).value == ""
            values = app.screen.values()
            assert values is not None
            seeds.append(values[0])
            assert "guess" not in str(app.screen.query_one("#seed-hint", Static).render())
            await pilot.press("escape")
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#seed", Input).value = "42"
        await pilot.pause()
        assert "could guess it" in str(app.screen.query_one("#seed-hint", Static).render())
    assert seeds[0] != seeds[1] and all(GUESSABLE_SEED <= s < 2**63 for s in seeds)


async def test_the_seed_is_shown_to_all_when_the_game_is_over(tmp_path, toy_registered):
    rules = template.RULES
    state = rules.setup(SEED, {"target": 3})
    app = build_app(
        SavedGame(rules, state, state, (), Seats.of_specs(rules.seats(), {"B": "first"})),
        saves_dir=tmp_path,
        bot_delay=0,
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert str(SEED) not in screen_text(app)
        app.screen.query_one("#decision-filter").focus()
        await pilot.press("2", "enter")
        for _ in range(6):
            await pilot.pause()
        assert rules.pending(app.host.state).over
        # The end-of-game screen opens on top, the seed on it; the decision panel under it says it too.
        assert type(app.screen).__name__ == "EndGameScreen" and str(SEED) in screen_text(app)
        board = next(s for s in app.screen_stack if type(s).__name__ == "GameScreen")
        assert str(SEED) in str(board.query_one("#decision-count").render())  # the decision panel
        assert any(n.kind == "seed" and str(SEED) in n.text and not n.visible_to for n in app.host.notes)
