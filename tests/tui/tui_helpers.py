"""Shared helpers of the TUI tests: an app on a Hedgemony state (every seat a person
unless told otherwise), typing into the decision panel, and an app that shows one
screen alone (:class:`ScreenHarness`)."""

from __future__ import annotations

import tempfile

from textual.app import App

from hedgemony_tui.games.hedgemony.engine.game import pending
from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.shell.app import TableApp, build_app
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.shell.screens.handover import HandOverScreen
from hedgemony_tui.table.saves import SavedGame
from hedgemony_tui.table.seats import Seats

SIZE = (120, 40)


class ScreenHarness(App):
    """Pushes one screen (made by ``make``) with no table behind it, and records each
    result it returns in ``results``."""

    TITLE = "Harness"  # the window title the screens' snapshots were taken under

    def __init__(self, make) -> None:
        super().__init__()
        self.make = make
        self.results: list = []
        self.animation_level = "none"

    def on_mount(self) -> None:
        self.push_screen(self.make(), self.results.append)


def app_on(state, kinds: dict[str, str] | None = None, names: dict[str, str] | None = None, **kwargs) -> TableApp:
    """The app playing ``state`` from now on (no journal yet): each seat a person unless
    ``kinds`` names a computer policy (or, for the White Cell, a mode). Its saves go to a
    new temporary folder unless ``saves_dir`` says where: a test never writes into the
    project's own ``saves/``."""
    seats = Seats.of_specs(RULES.seats(), kinds, names)
    kwargs.setdefault("saves_dir", tempfile.mkdtemp(prefix="hedgemony-tui-test-"))
    return build_app(SavedGame(RULES, state, state, (), seats), **kwargs)


def new_state(seed: int = 1, turns: int = 2):
    return RULES.setup(seed, {"turns": turns})


def human_app(tmp_path, seed: int = 1, turns: int = 2) -> TableApp:
    return app_on(new_state(seed, turns), saves_dir=tmp_path / "saves", bot_delay=0)


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


async def decide(pilot, words: str) -> None:
    """Type ``words`` into the decision filter and press Enter (the first match is taken)."""
    await settle(pilot)
    app = pilot.app
    before = app.host.state
    app.screen.query_one("#decision-filter").focus()
    await pilot.press(*["space" if ch == " " else ch for ch in words], "enter")
    await settle(pilot)
    assert app.host.state is not before, f"{words!r} did not decide {pending(before).prompt!r}"


def shown_text(static, width: int = 160) -> str:
    """The plain text of what a Static shows (rich renderables included)."""
    import io

    from rich.console import Console

    console = Console(width=width, record=True, file=io.StringIO())
    console.print(static.content)
    return console.export_text()
