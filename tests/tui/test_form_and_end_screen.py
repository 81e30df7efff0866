"""The end of the game (issue 33): every game's seed in the title bar, a player's IP moves
by a roll each named by its cause (never "US -1, US -1"), and the game kept under a name
that the replay hint then names (never the autosave)."""

from __future__ import annotations

import re

import pytest
from textual.widgets import Input, Static

from hedgemony_tui.games.hedgemony.engine.state import Change
from hedgemony_tui.games.hedgemony.front.end_report import decisive_rolls, ip_moves
from hedgemony_tui.shell.app import build_app
from hedgemony_tui.shell.screens.dialogs import PathScreen
from hedgemony_tui.shell.screens.end_game import EndGameScreen
from hedgemony_tui.table import match
from hedgemony_tui.table.registry import game_ids, get_rules
from hedgemony_tui.table.saves import SavedGame
from hedgemony_tui.table.seats import Seats
from hedgemony_tui.table.session import Session
from tests.tui.tui_helpers import shown_text

SEED = 4_242_424_242_424


def finished(game: str, seed: int = SEED) -> SavedGame:
    """A game played to its end by the computer players, every seat theirs."""
    rules = get_rules(game)
    start = rules.setup(seed, {o.id: o.default for o in rules.options()})
    if game == "hedgemony":
        start = rules.setup(seed, {**{o.id: o.default for o in rules.options()}, "turns": 1})
    session = Session(rules, start)
    players = {s.id: rules.policy_names()[0] for s in rules.seats() if not s.control}
    modes = rules.control_modes()
    match.play(
        rules,
        start,
        match.policies_for(rules, players),
        rules.control_bot(modes[0]) if modes else None,
        apply=lambda state, seat, choice: session.apply(choice.intent, by="bot", reason=choice.reason),
    )
    assert rules.pending(session.state).over
    kinds = {**players, **{s.id: modes[0] for s in rules.seats() if s.control}}
    return SavedGame(rules, session.state, start, tuple(session.journal), Seats.of_specs(rules.seats(), kinds))


async def at_the_end(pilot) -> EndGameScreen:
    for _ in range(6):
        await pilot.pause()
        if isinstance(pilot.app.screen, EndGameScreen):
            return pilot.app.screen
    raise AssertionError(f"no end screen (on {type(pilot.app.screen).__name__})")


@pytest.mark.parametrize("game", list(game_ids()))
async def test_every_games_end_screen_shows_its_seed_at_the_top(game, tmp_path):
    app = build_app(finished(game), saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await at_the_end(pilot)
        title = shown_text(screen.query_one("#end-title", Static), width=100)
        assert f"Seed {SEED}" in title, title


def test_a_players_ip_moved_twice_by_a_roll_names_each_cause():
    moved = [
        (Change("RU", "ip", 2, 10), "Red Minor Gain"),
        (Change("US", "ip", -1, 20), "Red Minor Gain"),
        (Change("US", "ip", -1, 19), "unopposed"),
        (Change("US", "rp", -3, 5), "cost"),
    ]
    assert ip_moves(moved) == "RU +2, US -1 (Red Minor Gain), US -1 (unopposed)"
    # The same cause twice is one entry, added up.
    twice = [(Change("US", "ip", -1, 20), "Red Minor Gain"), (Change("US", "ip", -1, 19), "Red Minor Gain")]
    assert ip_moves(twice) == "US -2"


@pytest.mark.slow
def test_the_decisive_rolls_never_repeat_a_player_without_its_cause():
    from hedgemony_tui.games.hedgemony.engine.content import content_for
    from hedgemony_tui.games.hedgemony.engine.game import content_of

    for seed in (1, 2, 3):
        state = finished("hedgemony", seed).state
        text = shown_text(Static(decisive_rolls(state, content_of(state, content_for(state.scenario)))), width=200)
        for line in text.splitlines():
            bare = re.findall(r"\b([A-Z]{2,4}) [+-]\d+(?! \()", line)
            assert len(bare) == len(set(bare)), line


@pytest.mark.slow
async def test_k_keeps_the_game_under_a_name_and_the_replay_hint_names_it(tmp_path):
    app = build_app(finished("rescue"), saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        screen = await at_the_end(pilot)
        assert "Not kept under a name" in shown_text(screen.query_one("#end-kept", Static))
        await pilot.press("d", "y")  # D asks where it writes; y writes
        await pilot.pause()
        said = [n.message for n in app._notifications if "Debrief pack written" in n.message][-1]
        assert "autosave" not in said and "keep the game under a name first (K)" in said
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, PathScreen)
        app.screen.query_one(Input).value = "our-rescue"
        await pilot.press("enter")
        for _ in range(3):
            await pilot.pause()
        kept = tmp_path / "our-rescue.toml"
        assert kept.is_file() and isinstance(app.screen, EndGameScreen)
        assert f"Kept as {kept}" in shown_text(app.screen.query_one("#end-kept", Static), width=300)
        app.clear_notifications()
        await pilot.press("d", "y")  # D asks where it writes; y writes
        await pilot.pause()
        said = [n.message for n in app._notifications if "Debrief pack written" in n.message][-1]
        assert f"hedgemony replay {kept}" in said and "autosave" not in said
