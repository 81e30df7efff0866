"""Hot seat between allies who see the same game: Hex Encounters' Blue and Green share
every secret (each sees the other's blocks), so the keyboard passes between them with a
"next player" note and no hand-over screen; between the sides, whose views differ, the
hand-over still stands."""

from __future__ import annotations

import pytest

from hedgemony_tui.games.hex_encounters.rules import RULES
from hedgemony_tui.shell import build_app
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.shell.screens.handover import HandOverScreen
from hedgemony_tui.table.saves import SavedGame
from hedgemony_tui.table.seats import Seats


def _app(kinds: dict[str, str], tmp_path):
    state = RULES.setup(5, {"turns": 2})
    seats = Seats.of_specs(RULES.seats(), kinds, None)
    return build_app(SavedGame(RULES, state, state, (), seats), saves_dir=tmp_path / "saves", bot_delay=0)


async def _to_board(pilot) -> None:
    """Pass the first hand-over and any pop-up until the board shows."""
    for _ in range(12):
        await pilot.pause()
        screen = pilot.app.screen
        if isinstance(screen, GameScreen):
            return
        await pilot.press("enter" if isinstance(screen, HandOverScreen) else "escape")
    raise AssertionError(f"stuck on {type(pilot.app.screen).__name__}")


async def _deploy_all(pilot, seats_seen: list[str]) -> int:
    """Deploy every Green and Blue block by choosing the first option; count hand-overs."""
    app = pilot.app
    handovers = 0
    for _ in range(40):
        await pilot.pause()
        if isinstance(app.screen, HandOverScreen):
            handovers += 1
            await pilot.press("enter")
            continue
        if not isinstance(app.screen, GameScreen):
            await pilot.press("escape")
            continue
        if RULES.pending(app.host.state).seats[0] not in ("GREEN", "BLUE") or app.host.state.phase != "deploy":
            return handovers
        seats_seen.append(app.viewer_seat())
        app.choose(app.my_options()[0][0])
    raise AssertionError("deployment did not end")


@pytest.mark.slow
async def test_allies_pass_the_keyboard_without_a_hand_over(tmp_path) -> None:
    app = _app({"RED134": "basic", "RED218": "basic", "BLUE": "human", "GREEN": "human"}, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await _to_board(pilot)
        seen: list[str] = []
        assert await _deploy_all(pilot, seen) == 0
        assert {"GREEN", "BLUE"} <= set(seen)  # both deployed, each from its own seat


@pytest.mark.slow
async def test_between_the_sides_the_hand_over_stands(tmp_path) -> None:
    app = _app({"RED134": "human", "RED218": "basic", "BLUE": "human", "GREEN": "basic"}, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await _to_board(pilot)
        seen: list[str] = []
        handovers = await _deploy_all(pilot, seen)  # Blue deploys, then Red's turn comes
        for _ in range(20):  # ...to RED134, a person: the keyboard is handed over on the way
            await pilot.pause()
            if isinstance(app.screen, HandOverScreen):
                handovers += 1
                await pilot.press("enter")
            elif isinstance(app.screen, GameScreen) and app.viewer_seat() == "RED134":
                break
            elif not isinstance(app.screen, GameScreen):
                await pilot.press("escape")
        assert app.viewer_seat() == "RED134" and handovers == 1
