"""The Grand Game's board on the game screen, through Textual's Pilot: it composes at 100x30
and 120x40 in every phase (allocation, a season with a place in focus, the trade, the end),
the top line says what is owed, the side panel shows the seat's own allocation or sheet and
every country's figures, F2 changes the map's overlay and F3 opens the whole map.

The game is put on the table with ``registry.add`` (it has no entry point yet); every seat
is a person, so no computer player moves the game on under the test."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from typing import Any

import pytest

from hedgemony_tui.games.grand_game.engine.game_intents import Buy, Focus, SealAllocation
from hedgemony_tui.games.grand_game.engine.game_state import GrandState
from hedgemony_tui.games.grand_game.front.board import FullMap, GrandBoard
from hedgemony_tui.games.grand_game.rules import RULES
from hedgemony_tui.shell.app import build_app
from hedgemony_tui.table import registry
from hedgemony_tui.table.saves import SavedGame
from hedgemony_tui.table.seats import Seats
from tests.grand_game.game_helpers import act, allocate_all, done_trading, mine, seal_orders, start, year
from tests.tui.tui_helpers import screen_text, settle

SIZES = ((100, 30), (120, 40))


@pytest.fixture(autouse=True)
def on_the_table() -> Iterator[None]:
    registry.add("grand-game", "hedgemony_tui.games.grand_game")
    yield
    registry.forget("grand-game")


def app_on(state: GrandState) -> Any:
    seats = Seats.of_specs(RULES.seats(), {s.id: "human" for s in RULES.seats()})
    return build_app(SavedGame(RULES, state, state, (), seats), saves_dir=tempfile.mkdtemp(), bot_delay=0)


def allocating() -> GrandState:
    return act(start(2, turns=1), Buy("arvenne", "infantry", "arvel"))


def in_a_season() -> GrandState:
    return act(allocate_all(start(2, turns=1)), Focus("arvenne", "arvel"))


def trading() -> GrandState:
    state = allocate_all(start(2, turns=1))
    for _ in range(3):
        state = seal_orders(state)
    return state


def over() -> GrandState:
    state = year(start(2, turns=1))
    assert state.over
    return state


PHASES = {
    "allocate": (allocating, ["Year 1 · allocation", "Arvenne, your turn", "Your allocation", "Arvel: 3"]),
    "season": (in_a_season, ["Year 1 · spring orders", "Your spring orders", "now: Arvel", "Back to the whole"]),
    "trade": (trading, ["reconciliation and trade", "You have", "Done trading"]),
    "over": (over, ["the game is over", "Francs per point of starting GDP"]),
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("phase", list(PHASES))
async def test_the_board_composes_in_every_phase(phase: str, size: tuple[int, int]) -> None:
    make, expected = PHASES[phase]
    app = app_on(make())
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.pause()
        shown = screen_text(app)
        for words in expected:
            assert words in shown, f"{phase} at {size}: {words!r} missing\n{shown}"
        # The map: territory names (cut to what fits), the holder's letter, the overlay's caption.
        assert "Map: holders and units" in shown
        assert "Kest" in shown and "Grey" in shown
        # Every country's public figures in the side panel: by name on a tall screen, by
        # letter two to a line on a short one (the map's key names the letters).
        if size[1] >= 36:
            for name in ("Arvenne", "Kesterland", "Drovnia", "Lusk", "Pellia", "Sorrel"):
                assert name in shown, f"{name} missing at {size} in {phase}"
        elif phase != "over":
            assert "GDP  Fr score" in shown
        lines = shown.rstrip("\n").split("\n")
        assert len(lines) <= size[1] and max(len(line) for line in lines) <= size[0]


async def test_f2_changes_the_overlay_and_f3_opens_the_whole_map() -> None:
    app = app_on(allocating())
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        board = app.screen.query_one("#gg-board", GrandBoard)
        assert board.overlay == "owners"
        await pilot.press("f2")
        await pilot.pause()
        assert board.overlay == "air"
        assert "Map: air zones" in screen_text(app)
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, FullMap)
        shown = screen_text(app)
        assert "Air zones (superiority):" in shown and "Greywater" in shown and "Kester" in shown
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, FullMap)


async def test_the_decision_list_reads_in_words_with_prices() -> None:
    app = app_on(start(2, turns=1))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        labels = [text for _, text in app.my_options()]
        assert any(t.startswith("Buy 1 infantry at Arvel - 3 GDP, ") and t.endswith(" left after") for t in labels)
        assert not any("arvel-basin" in t for t in labels)  # places by name, never by id


async def test_the_trade_ends_the_game_on_the_board() -> None:
    state = done_trading(trading())
    app = app_on(state)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert "the game is over" in screen_text(app)


async def test_a_line_of_the_allocation_is_taken_at_once_and_the_seal_asks_again() -> None:
    # A line of a sealed answer still being written closes nothing (undo takes it back), so the
    # decision panel does not ask twice for it; handing the allocation in does
    # (table/commitment.py).
    state = start(2, turns=1)
    while SealAllocation("arvenne") not in mine(state, "arvenne"):
        state = act(state, next(i for i in mine(state, "arvenne") if isinstance(i, Buy)))
    app = app_on(state)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        before = app.table.seen_state().draft_of("arvenne").lines
        await pilot.press(*"Take")
        await pilot.press("enter")
        await pilot.pause()
        assert app.table.seen_state().draft_of("arvenne").lines != before
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.table.seen_state().draft_of("arvenne").lines == before
        await pilot.press(*"Seal")
        await pilot.press("enter")
        await pilot.pause()
        assert not app.table.seen_state().draft_of("arvenne").sealed
        assert "it cannot be changed" in screen_text(app)  # the confirmation, before the seal
        await pilot.press("enter")
        await pilot.pause()
        assert app.table.seen_state().draft_of("arvenne").sealed
