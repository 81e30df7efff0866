"""The hot-seat hand-over cannot be bypassed: every key bound anywhere in the shell or a
game's front (app, screens, widgets), and every palette command, tried on it for every
seat, leaves it showing with nothing behind it reachable; only "ready" passes the
keyboard, and only to the seat it names; the previous holder's toasts are gone."""

from __future__ import annotations

import importlib
import pkgutil

import pytest
from textual.command import CommandPalette
from textual.dom import DOMNode
from textual.widgets._toast import Toast

import hedgemony_tui.games.hedgemony.front as hedgemony_front
import hedgemony_tui.shell as shell
from hedgemony_tui.shell.commands import IntentCommands
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.shell.screens.handover import HandOverScreen
from tests.hedgemony.app_helpers import human_app
from tests.tui.tui_helpers import SIZE, settle

OWN_KEYS = {"enter", "space", "ctrl+q"}
"""The hand-over's own keys (ready, ready, quit): tried last, on purpose."""


def _import_all(package) -> None:
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        importlib.import_module(info.name)


def _subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def every_bound_key(app) -> set[str]:
    """Every key bound by the app and by any screen or widget class of the shell and the
    fronts (Textual's own defaults included: the palette, copy, focus keys)."""
    _import_all(shell)
    _import_all(hedgemony_front)
    keys = {key for key, _ in app._bindings}
    keys |= {key for key, _ in app.screen._bindings}
    for cls in _subclasses(DOMNode):
        if not cls.__module__.startswith("hedgemony_tui"):
            continue
        for binding in cls.__dict__.get("BINDINGS", []):
            key = binding.key if hasattr(binding, "key") else binding[0]
            keys |= {k.strip() for k in key.split(",")}
    keys |= {"ctrl+p", "escape", "tab", "shift+tab", "ctrl+c", "f1", "question_mark", "q"}
    return keys - OWN_KEYS


async def _palette_entries(app):
    provider = IntentCommands(app.screen, None)
    return provider._entries()


# A Blue player, a Red player and the White Cell: the hand-over screen is the same for
# every seat (the host's tests check who is handed the keyboard, without Textual).
@pytest.mark.parametrize(
    "seat", ["US", pytest.param("RU", marks=pytest.mark.slow), pytest.param("WHITE", marks=pytest.mark.slow)]
)
async def test_no_key_or_palette_command_gets_past_the_hand_over(tmp_path, seat):
    app = human_app(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        # The holder's tools, as the palette lists them on the board: tried on the hand-over.
        tools = await _palette_entries(app)
        assert any(name == "Journal" for name, _, _ in tools)
        app.notify("🔒 a private line of the previous holder")
        app.take_keyboard(seat)
        await pilot.pause()
        handover = app.screen
        assert isinstance(handover, HandOverScreen)
        assert not handover.query(Toast) and not app._notifications  # nothing of the last holder
        before, viewer = app.host.state, app.host.keyboard
        for key in sorted(every_bound_key(app)):
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is handover, f"{key!r} left the hand-over for {type(app.screen).__name__}"
            assert not any(isinstance(s, CommandPalette) for s in app.screen_stack), key
            assert app.host.state is before and app.host.keyboard == viewer, key
        assert await _palette_entries(app) == []
        assert app.my_options() == []
        for name, run, _ in tools:
            result = run()
            if hasattr(result, "__await__"):
                await result
            await pilot.pause()
            assert app.screen is handover, f"palette command {name!r} left the hand-over"
            assert app.host.state is before, name
        # Only "ready" leaves, and the keyboard goes to the seat named on it.
        await pilot.press("enter")
        await pilot.pause()
        assert app.host.keyboard == seat and isinstance(app.screen, GameScreen)
        assert app.use_command_palette


async def test_the_first_hand_over_of_a_game_is_guarded_and_then_plays_on(tmp_path):
    app = human_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("f4")  # the journal, on the board's keys
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.my_options()  # not stuck "Waiting on …"
