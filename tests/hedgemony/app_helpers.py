"""The app on a Hedgemony game for Pilot tests: every seat a person unless told
otherwise, saves in a temporary folder, and typing into the decision panel."""

from __future__ import annotations

import tempfile

from hedgemony_tui.games.hedgemony.engine.game import pending
from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.shell.app import TableApp, build_app
from hedgemony_tui.table.saves import SavedGame
from hedgemony_tui.table.seats import Seats
from tests.tui.tui_helpers import settle


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


async def decide(pilot, words: str) -> None:
    """Type ``words`` into the decision filter and press Enter (the first match is taken;
    a choice that ends a turn or phase asks once more, and a second Enter confirms it)."""
    await settle(pilot)
    app = pilot.app
    before = app.host.state
    app.screen.query_one("#decision-filter").focus()
    await pilot.press(*["space" if ch == " " else ch for ch in words], "enter")
    await settle(pilot)
    panel = app.screen.query("#decision")
    if app.host.state is before and panel and getattr(panel.first(), "asking", None) is not None:
        await pilot.press("enter")
        await settle(pilot)
    assert app.host.state is not before, f"{words!r} did not decide {pending(before).prompt!r}"
