"""Shared helpers of the Pilot tests of every game: the terminal size, an app that shows
one screen alone (:class:`ScreenHarness`), getting back to the board past hand-overs and
result screens, and the text a widget or the whole terminal shows.

Hedgemony's app on a state (``app_on``, ``human_app``, ``decide``) is in
``tests/hedgemony/app_helpers.py``; the toy game's registration is the ``toy_registered``
fixture of ``tests/tui/conftest.py``."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console
from textual.app import App

from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.shell.screens.handover import HandOverScreen

SIZE = (120, 40)


class ScreenHarness(App[None]):
    """Pushes one screen (made by ``make``) with no table behind it, and records each
    result it returns in ``results`` (the last one is ``result``)."""

    TITLE = "Harness"  # the window title the screens' snapshots were taken under
    NO_RESULT = object()  # ``result`` while the screen has returned nothing

    def __init__(self, make) -> None:
        super().__init__()
        self.make = make
        self.results: list[Any] = []  # whatever the screen returns (an intent, a number, None)
        self.animation_level = "none"

    @property
    def result(self):
        return self.results[-1] if self.results else self.NO_RESULT

    def on_mount(self) -> None:
        self.push_screen(self.make(), self.results.append)


async def settle(pilot, limit: int = 12) -> None:
    """Take the keyboard at hand-overs and close result screens until the board is back."""
    app = pilot.app
    await pilot.pause()
    for _ in range(limit):
        if isinstance(app.screen, GameScreen):
            return
        await pilot.press("enter" if isinstance(app.screen, HandOverScreen) else "escape")
        await pilot.pause()
    raise AssertionError(f"stuck on {type(app.screen).__name__}")


def shown_text(static, width: int = 160) -> str:
    """The plain text of what a Static shows (rich renderables included)."""
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(static.content)
    return console.export_text()


def screen_text(app) -> str:
    """The characters on the terminal now, as plain text: the screen on top and those
    under it that show through."""
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


def grand_game_app(person: str = "arvenne", seed: int = 3, turns: int = 1) -> Any:
    """The shell on a new Grand Game: ``person`` played by a person, the other five by
    ``basic``, computers answering at once, saves in a folder of its own."""
    import tempfile

    from hedgemony_tui.games.grand_game.rules import RULES
    from hedgemony_tui.shell.app import build_app
    from hedgemony_tui.table.saves import SavedGame
    from hedgemony_tui.table.seats import Seats

    kinds = {s.id: ("human" if s.id == person else "basic") for s in RULES.seats()}
    seats = Seats.of_specs(RULES.seats(), kinds)
    state = RULES.setup(seed, {"turns": turns})
    return build_app(SavedGame(RULES, state, state, (), seats), saves_dir=tempfile.mkdtemp(), bot_delay=0)
