"""Ctrl+O reads a save only if it is a regular file (``table.files.read_regular``): a
named pipe does not hang the screens, a dangling link or a folder is refused in words,
and the game in play stays."""

from __future__ import annotations

import os

import pytest

from hedgemony_tui.shell.screens.game import GameScreen
from tests.hedgemony.app_helpers import human_app
from tests.tui.tui_helpers import SIZE


@pytest.mark.parametrize("kind", ["fifo", "dangling", "folder"])
async def test_loading_what_is_not_a_save_file_is_refused_in_words(kind, tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    target = saves / f"{kind}.toml"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "dangling":
        target.symlink_to(saves / "gone.toml")
    else:
        target.mkdir()
    app = human_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # take the keyboard
        await pilot.pause()
        state = app.host.state
        told: list[str] = []
        # The notices are caught instead of shown: a method replaced on purpose.
        app.notify = lambda message, **_: told.append(str(message))  # type: ignore[method-assign]
        assert app.load_from(target.name) is False
        assert app.host.state is state and isinstance(app.screen, GameScreen)
        assert told and "cannot load" in told[-1]
        assert {"fifo": "pipe", "dangling": "link to nothing", "folder": "folder"}[kind] in told[-1]
