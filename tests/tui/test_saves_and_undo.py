"""Saves that never lose a decision: the autosave after every decision, written on a
thread; a failed write is a warning and play goes on; Quit asks only when something
would be lost; a save without seats asks who plays; undo takes back the keyboard
holder's last decision with the computer decisions after it (never only computer
ones, never another person's), says which, and survives a save and a load; save names
are unique, resolve in the saves folder, ask before replacing a save and never replace
a file that is not one of ours."""

from __future__ import annotations

import threading

import pytest
from textual.widgets import Input, Select

from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.games.template import rules as template
from hedgemony_tui.shell.app import build_app
from hedgemony_tui.shell.saving import default_save_name
from hedgemony_tui.shell.screens.dialogs import ConfirmScreen, PathScreen
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.shell.screens.seats_dialog import SeatsScreen
from hedgemony_tui.table.errors import SaveError
from hedgemony_tui.table.save_io import write_save
from hedgemony_tui.table.saves import SavedGame, read_game, save_game
from hedgemony_tui.table.seats import Seats
from tests.hedgemony.app_helpers import decide, human_app
from tests.tui.tui_helpers import SIZE, settle


def toy_app(tmp_path, kinds: dict[str, str], saved: SavedGame | None = None):
    rules = template.RULES
    if saved is None:
        state = rules.setup(1, {"target": 20})
        saved = SavedGame(rules, state, state, (), Seats.of_specs(rules.seats(), kinds))
    return build_app(saved, saves_dir=tmp_path / "saves", bot_delay=0)


def notes_of(app) -> str:
    return "\n".join(n.message for n in app._notifications)


async def pauses(pilot, n: int = 6) -> None:
    for _ in range(n):
        await pilot.pause()


# --- the autosave --------------------------------------------------------------------------------


@pytest.mark.slow
async def test_every_decision_is_autosaved_on_a_thread(tmp_path, monkeypatch):
    threads: list[str] = []
    real = write_save

    def spy(path, text):
        threads.append(threading.current_thread().name)
        real(path, text)

    app = human_app(tmp_path)
    monkeypatch.setattr(app.autosave_writer(), "_write", spy)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await decide(pilot, "signal")  # Russia's signal: no phase changes, still saved
        app.flush_saves()
        assert app.autosave_path is not None
        on_disk = read_game(app.autosave_path)
        assert len(on_disk.journal) == 1 and on_disk.state == app.host.state
        assert on_disk.seats is not None and on_disk.seats.human("RU")
        assert threads and all(name == "autosave" for name in threads)
        assert threading.main_thread().name not in threads
        assert not app.unsaved()


@pytest.mark.slow
async def test_a_failed_autosave_is_a_warning_and_the_game_goes_on(tmp_path):
    app = human_app(tmp_path)

    def broken(path, text):
        raise SaveError("the disk is full")

    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        app.autosave_writer()._write = broken
        await decide(pilot, "signal")
        app.flush_saves()
        await pauses(pilot)
        assert "autosave failed" in notes_of(app) and "the disk is full" in notes_of(app)
        assert len(app.session.journal) == 1 and app.is_running
        # Something would be lost now: Quit asks, and No keeps playing.
        await pilot.press("ctrl+q")
        await pauses(pilot)
        assert isinstance(app.screen, ConfirmScreen) and "not saved" in app.screen.question
        await pilot.press("n")
        await pauses(pilot)
        assert app.is_running and isinstance(app.screen, GameScreen)


@pytest.mark.slow
async def test_quit_mid_game_asks_and_says_where_the_game_is_saved(tmp_path):
    app = human_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await decide(pilot, "signal")
        await pilot.press("ctrl+q")
        await pauses(pilot)
        assert isinstance(app.screen, ConfirmScreen) and str(app.autosave_path) in app.screen.question
        await pilot.press("y")
        await pauses(pilot)
        assert not app.is_running and app.return_code == 0
    assert app.autosave_path is not None
    assert len(read_game(app.autosave_path).journal) == 1


@pytest.mark.slow
async def test_a_save_without_seats_asks_who_plays_which_seat(tmp_path):
    state = RULES.setup(3, {"turns": 2})
    path = tmp_path / "old.toml"
    save_game(path, RULES, state)  # no [seats]: an old save, or a backup
    saved = read_game(path)
    assert saved.seats is None
    app = build_app(saved, saves_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pauses(pilot)
        assert isinstance(app.screen, SeatsScreen) and app.session is None
        assert {w.id for w in app.screen.query("Select")} == {f"seat-kind-{s.id}" for s in RULES.seats()}
        app.screen.query_one("#seat-kind-US", Select).value = "human"
        app.screen.query_one("#seat-kind-RU", Select).value = "human"
        for seat in ("NATO", "PRC", "DPRK", "IR"):
            app.screen.query_one(f"#seat-kind-{seat}", Select).value = "basic"
        await pilot.press("ctrl+s")
        await pauses(pilot)
        assert app.session is not None
        assert app.seats.humans() == ("US", "RU", *(("WHITE",) if app.seats.human("WHITE") else ()))
        assert app.seats.of("PRC").kind == "basic"


# --- undo ------------------------------------------------------------------------------------------


async def test_undo_takes_back_my_decision_and_the_computers_after_it(tmp_path, toy_registered):
    app = toy_app(tmp_path, {"A": "human", "B": "first"})
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pauses(pilot)
        app.screen.query_one("#decision-filter").focus()
        await pilot.press("2", "enter")
        await pauses(pilot)
        assert app.host.state.total == 3 and app.host.state.to_move == "A"  # A added 2, the computer B 1
        await pilot.press("ctrl+z")
        await pauses(pilot)
        assert app.host.state.total == 0 and not app.session.journal
        assert "taken back: A adds 2" in notes_of(app) and "B (first)" in notes_of(app)


async def test_undo_never_takes_back_only_the_computers_decisions(tmp_path, toy_registered):
    app = toy_app(tmp_path, {"A": "first", "B": "human"})
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pauses(pilot)
        assert app.host.state.total == 1 and app.viewer_seat() == "B"  # the computer A moved first
        await pilot.press("ctrl+z")
        await pauses(pilot)
        assert app.host.state.total == 1 and len(app.session.journal) == 1
        assert "nothing of yours to undo" in notes_of(app)


async def test_undo_survives_a_save_and_a_load(tmp_path, toy_registered):
    app = toy_app(tmp_path, {"A": "human", "B": "first"})
    async with app.run_test(size=SIZE) as pilot:
        await pauses(pilot)
        app.screen.query_one("#decision-filter").focus()
        await pilot.press("1", "enter")
        await pauses(pilot)
        app.flush_saves()
        autosave = app.autosave_path
    again = toy_app(tmp_path, {}, read_game(autosave))
    async with again.run_test(size=SIZE) as pilot:
        await pauses(pilot)
        assert again.host.state.total == 2 and again.seats.of("B").kind == "first"
        await pilot.press("ctrl+z")
        await pauses(pilot)
        assert again.host.state.total == 0


# --- save names and overwriting ---------------------------------------------------------------------


def test_default_save_names_hold_the_game_time_and_turn_and_no_seed():
    import datetime as dt

    name = default_save_name("hedgemony", 3, dt.datetime(2026, 11, 24, 12, 30, 5))
    assert name == "hedgemony-2026-11-24-123005-turn3.toml"


async def test_ctrl_s_suggests_a_name_without_the_seed_in_the_saves_folder(tmp_path):
    app = human_app(tmp_path, seed=987654321)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+s")
        await pauses(pilot, 2)
        assert isinstance(app.screen, PathScreen)
        typed = app.screen.query_one("#path-input", Input)
        assert "987654321" not in typed.value and typed.value.startswith("hedgemony-")
        typed.value = "mine"
        await pilot.press("enter")
        await pauses(pilot)
    assert (tmp_path / "saves" / "mine.toml").is_file()


@pytest.mark.slow
async def test_overwriting_asks_and_a_file_not_ours_is_never_replaced(tmp_path):
    app = human_app(tmp_path)
    saves = tmp_path / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    other = saves / "pyproject.toml"
    other.write_text('[project]\nname = "not a save"\n')
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        assert not app.save_to("pyproject")
        await pauses(pilot, 2)
        assert other.read_text() == '[project]\nname = "not a save"\n'
        assert "not a save of a game here" in notes_of(app)
        assert app.save_to("first")
        app.save_path = None
        await decide(pilot, "signal")
        assert not app.save_to("first")  # it exists: asked first
        await pauses(pilot, 2)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pauses(pilot)
        assert len(read_game(saves / "first.toml").journal) == 1


@pytest.mark.slow
async def test_continue_works_with_a_relative_saves_folder(tmp_path, monkeypatch):
    """The CLI's saves folder is relative ("saves"): Continue must still find the game."""
    monkeypatch.chdir(tmp_path)
    first = human_app(tmp_path)
    first.saves_dir = __import__("pathlib").Path("saves")
    async with first.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await decide(pilot, "signal")
        first.flush_saves()
        playing = first.host.state
    title = build_app(saves_dir="saves", bot_delay=0)
    async with title.run_test(size=SIZE) as pilot:
        await pauses(pilot, 2)
        await pilot.press("c")  # the recent autosaves, newest first: Enter takes it
        await pauses(pilot, 2)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(title.screen, GameScreen) and title.host.state == playing
        assert title.seats.human("RU")


@pytest.mark.slow
async def test_saving_under_a_name_takes_the_games_old_autosave_off_the_continue_list(tmp_path):
    """A newcomer saved under a name in year 6, played on to the end, and the title's
    Continue still offered the autosave of year 6: the game's own autosave goes once the
    game lives in the named file, and the named file is where it goes on saving."""
    app = human_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await decide(pilot, "signal")
        app.flush_saves()
        (autosave,) = app.recent_autosaves()
        assert autosave.is_file()
        assert app.save_to("named")
        named = tmp_path / "saves" / "named.toml"
        assert named.is_file() and not autosave.exists() and app.recent_autosaves() == []
        await decide(pilot, "signal")
        app.flush_saves()
        assert len(read_game(named).journal) == 2 and not autosave.exists()


@pytest.mark.slow
async def test_a_save_into_a_folder_that_does_not_exist_is_refused_and_makes_no_folder(tmp_path):
    # A tester's Ctrl+S to /nonexistent/dir/x.toml made both folders and said "saved".
    app = human_app(tmp_path)
    missing = tmp_path / "nowhere" / "deeper"
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        assert not app.save_to(str(missing / "x"))
        await pauses(pilot, 2)
        assert not (tmp_path / "nowhere").exists()
        assert f"there is no folder {missing}" in notes_of(app)
        assert app.save_to("class/first")  # inside the saves folder, a new subfolder is made
        assert (tmp_path / "saves" / "class" / "first.toml").is_file()
