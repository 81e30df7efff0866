"""Shared helpers of the TUI tests: a game with every seat human, and typing into the decision panel."""

from __future__ import annotations

from hedgemony_tui.games.hedgemony.engine.content import content_for
from hedgemony_tui.games.hedgemony.engine.game import pending
from hedgemony_tui.games.hedgemony.engine.setup import new_game, settings_for
from hedgemony_tui.games.hedgemony.tui.app import build_app
from hedgemony_tui.games.hedgemony.tui.screens.game import GameScreen
from hedgemony_tui.games.hedgemony.tui.screens.handover import HandOverScreen
from hedgemony_tui.games.hedgemony.tui.seats import Seats

SIZE = (120, 40)


def human_app(tmp_path, seed: int = 1, turns: int = 2):
    content = content_for("default")
    state = new_game(content, seed, settings_for(content, turns=turns))
    return build_app(state, seats=Seats.all_human(content.scenario.player_ids), saves_dir=tmp_path / "saves", bot_delay=0)


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
    before = app.state
    app.screen.query_one("#decision-filter").focus()
    await pilot.press(*["space" if ch == " " else ch for ch in words], "enter")
    await settle(pilot)
    assert app.state is not before, f"{words!r} did not decide {pending(before).prompt!r}"


def shown_text(static, width: int = 160) -> str:
    """The plain text of what a Static shows (rich renderables included)."""
    from rich.console import Console

    import io

    console = Console(width=width, record=True, file=io.StringIO())
    console.print(static.content)
    return console.export_text()
