"""Privacy across every screen, for every game on the table (the registry's games and the
toy open-information game): for each player seat at the keyboard, every screen and dialog
the shell and the game's front can show draws the same text in two states that differ
only in what that seat may not see (``rules.vary_secrets(state, seat, salt)``).

Method: the same app is built twice (the state, then its varied copy; every seat a
person, the seat under test holding the keyboard, same saves folder and size) and each
screen is opened the same way in both. A screen's text is what the terminal would show:
the compositor's full frame (the screen with the ones under a modal, toasts included),
printed to a recording console and exported as plain text — the characters only, so
colours and the cursor's blink cannot make two equal screens differ, while any character
a secret changes can. Screens: the board, each of the front's views (``front.keys()``:
placemat, hand, ground truth — which refuses a player, and the refusal is compared too),
the journal, help, the command palette's list, the worksheets of the seat's pending
decision, the save and load dialogs, and the result screen and board after the seat's
first legal decision (when it reveals nothing: a roll may rightly differ)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from tui_helpers import SIZE

from hedgemony_tui.shell.app import build_app
from hedgemony_tui.shell.front import View
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.shell.screens.handover import HandOverScreen
from hedgemony_tui.table import conformance as cf
from hedgemony_tui.table.contract import player_seats
from hedgemony_tui.table.registry import game_ids, get_front, get_rules
from hedgemony_tui.table.saves import SavedGame
from hedgemony_tui.table.seats import Seats

GAMES = (*game_ids(), "toy")
SALT = 1
STATES_PER_GAME = 2


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    import hedgemony_tui.games as games

    monkeypatch.setitem(games.GAMES, "toy", ("toy_game", "toy_game", "toy_game"))
    # The save dialog's default name holds the time: the same in both runs.
    monkeypatch.setattr(
        "hedgemony_tui.shell.saving.default_save_name", lambda game, turn, now=None: f"{game}-turn{turn}.toml"
    )
    # A new game's autosave holds the date and a random id (the load dialog lists it): fixed here too.
    monkeypatch.setattr(
        "hedgemony_tui.table.save_slots.new_autosave_path",
        lambda folder, game, now=None: __import__("pathlib").Path(folder) / f"{game}.autosave.toml",
    )


def screen_text(app) -> str:
    """The characters on the terminal now (see the module docstring)."""
    console = Console(
        width=app.size.width,
        height=app.size.height,
        file=io.StringIO(),
        record=True,
        force_terminal=True,
        color_system="truecolor",
        legacy_windows=False,
        safe_box=False,
    )
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text(styles=False)


async def _steady(pilot, n: int = 4) -> None:
    for _ in range(n):
        await pilot.pause()


async def _back_to_board(app, pilot) -> None:
    for _ in range(8):
        if isinstance(app.screen, GameScreen):
            return
        app.pop_screen()
        await _steady(pilot, 2)


async def every_screen(rules, state, seat: str, saves) -> dict[str, str]:
    """The text of every screen the seat at the keyboard can open on ``state``."""
    front = get_front(rules.info.id)
    app = build_app(SavedGame(rules, state, state, (), Seats.of_specs(rules.seats())), saves_dir=saves, bot_delay=0)
    shown: dict[str, str] = {}
    async with app.run_test(size=SIZE) as pilot:
        await _steady(pilot)
        if isinstance(app.screen, HandOverScreen):
            shown["hand-over"] = screen_text(app)
            app.pop_screen()
            app.handing_over = False
        app.host.keyboard = seat
        app.clear_notifications()
        app.refresh_views()
        await _steady(pilot)
        board: GameScreen = app.screen
        shown["board"] = screen_text(app)
        for key in front.keys():
            if isinstance(key, View):
                board.action_view(key.id)
                await _steady(pilot)
                shown[f"view {key.name}"] = screen_text(app)
                await _back_to_board(app, pilot)
                app.clear_notifications()
        for name, action in (
            ("journal", board.action_journal),
            ("help", app.action_help),
            ("save dialog", board.action_save),
            ("load dialog", board.action_load),
        ):
            action()
            await _steady(pilot)
            shown[name] = screen_text(app)
            await _back_to_board(app, pilot)
        await pilot.press("ctrl+p")
        await _steady(pilot, 8)
        shown["palette"] = screen_text(app)
        await _back_to_board(app, pilot)
        decision = rules.pending(app.host.state)
        if not decision.over and seat in decision.seats:
            for index, worksheet in enumerate(front.worksheets(app, decision, seat)):
                app._push_worksheet(worksheet, seat)
                await _steady(pilot)
                shown[f"worksheet {index} {worksheet.name}"] = screen_text(app)
                await _back_to_board(app, pilot)
            mine = [i for i in rules.legal(app.host.state) if rules.seat_of(i) == seat]
            if mine:
                before = app.host.state
                if not rules.reveals(before, rules.apply(before, mine[0])):
                    app.choose(mine[0])
                    await _steady(pilot)
                    shown["after my decision"] = screen_text(app)
    return shown


def sample_states(rules) -> list:
    """A few states spread over a random game (a vote, signals being chosen, a later turn)."""
    playout = cf.random_playout(rules, 2, cf.short_options(rules))
    steps = cf.sample_steps(playout, per_kind=1)
    chosen = [playout.start]
    for step in steps:
        if len(chosen) >= STATES_PER_GAME:
            break
        if step.before is not playout.start:
            chosen.append(step.before)
    return chosen


@pytest.mark.parametrize("game", GAMES)
async def test_no_screen_shows_what_the_seat_may_not_see(game, tmp_path):
    """Each seat's screens on one of the sampled states (the seats take turns through
    them): every string those screens draw comes from the seat's feed, which the table
    host's conformance check compares under ``vary_secrets`` at many more states
    (tests/conformance/test_feed_privacy.py); this sweep checks what the screens add."""
    rules = get_rules(game)
    compared = 0
    states = sample_states(rules)
    seats = player_seats(rules)
    for number, state in enumerate(states):
        for seat in seats[number :: len(states)]:
            varied = rules.vary_secrets(state, seat, SALT)
            if varied == state and compared:
                continue  # nothing hidden from this seat here (an open game): once is enough
            saves = tmp_path / f"saves-{number}-{seat}"
            first = await every_screen(rules, state, seat, saves)
            second = await every_screen(rules, varied, seat, saves)
            assert first.keys() == second.keys(), (seat, number)
            for name in first:
                assert first[name] == second[name], (
                    f"{game}: {seat} sees another seat's secret on {name!r} (state {number})"
                )
            assert {"board", "journal", "help", "palette", "save dialog", "load dialog"} <= first.keys()
            compared += 1
    assert compared


async def test_a_leaking_view_is_caught(tmp_path, monkeypatch):
    """The comparison can fail: with Hedgemony's view made to show everything, another
    seat's private journal line reaches Russia's screens."""
    rules = get_rules("hedgemony")
    playout = cf.random_playout(rules, 2, cf.short_options(rules))
    state = next(
        step.before for step in playout.steps if any(e.visible_to and "RU" not in e.visible_to for e in step.before.log)
    )
    monkeypatch.setattr(type(rules), "view", lambda self, s, seat: s)
    first = await every_screen(rules, state, "RU", tmp_path / "a")
    second = await every_screen(rules, rules.vary_secrets(state, "RU", SALT), "RU", tmp_path / "a")
    assert any(first[name] != second[name] for name in first)
