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

import random
from typing import Any

import pytest

from hedgemony_tui.shell.app import build_app
from hedgemony_tui.shell.front import View
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.shell.screens.handover import HandOverScreen
from hedgemony_tui.table import conformance as cf
from hedgemony_tui.table.contract import player_seats
from hedgemony_tui.table.registry import game_ids, get_front, get_rules
from hedgemony_tui.table.saves import SavedGame
from hedgemony_tui.table.seats import Seats
from tests.tui.tui_helpers import SIZE, screen_text

GAMES = (*game_ids(), "template")
SALT = 1
STATES_PER_GAME = 2
SEATS_PER_GAME = 3
"""Seats whose screens are compared, drawn per game (the world-system has twelve, the
Grand Game six): every seat's screens are drawn by the same code from its own feed, and
the table's conformance check compares every seat's feed (tests/conformance/
test_feed_privacy.py); three seats a game keep the sweep within the suite's time."""


@pytest.fixture(autouse=True)
def fixed_names(toy_registered, monkeypatch):
    # The save dialog's default name holds the time, and a new game's autosave the date
    # and a random id (the load dialog lists it): both fixed, the same in both runs.
    def fixed_name(game, turn, now=None):
        return f"{game}-turn{turn}.toml"

    def fixed_autosave(folder, game, now=None):
        return __import__("pathlib").Path(folder) / f"{game}.autosave.toml"

    _replace_everywhere(monkeypatch, "default_save_name", fixed_name)
    _replace_everywhere(monkeypatch, "new_autosave_path", fixed_autosave)
    # The load dialog says when each save was written (its file's time): the two runs
    # write theirs a moment apart, which a minute's turn would show.
    import types

    from hedgemony_tui.table import save_files

    monkeypatch.setattr(
        save_files, "time", types.SimpleNamespace(strftime=lambda fmt, t: "28 Nov 09:00", localtime=lambda t: t)
    )


def _replace_everywhere(monkeypatch, name: str, replacement) -> None:
    """``name`` replaced in every loaded module of the program that defines it or imports
    it by name, so the test does not depend on which module calls it."""
    import sys

    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("hedgemony_tui.") and hasattr(module, name):
            monkeypatch.setattr(module, name, replacement)


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
        board = app.screen
        assert isinstance(board, GameScreen)
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


def sample_states(rules) -> list[Any]:  # any game's states
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


@pytest.mark.slow
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
    if len(seats) > SEATS_PER_GAME:  # a sample keyed by the game, the same in every run
        seats = tuple(sorted(random.Random(game).sample(seats, SEATS_PER_GAME), key=seats.index))
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


@pytest.mark.slow
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
