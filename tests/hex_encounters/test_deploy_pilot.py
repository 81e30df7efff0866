"""Setting up on a hex of one's choice, in the shell (issue 30 item 16, seed L142/L165:
no block may set up further than its forward deployment column): the decision list
offers the default set and "Set up ... on a hex you choose"; the map then marks every
hex from the line eastward and Enter on one places the block there, exactly as the
intents would."""

from __future__ import annotations

from hedgemony_tui.games.hex_encounters.engine import flow
from hedgemony_tui.games.hex_encounters.engine.intents import MoveTo, Select
from hedgemony_tui.games.hex_encounters.front.board import HexBoard
from hedgemony_tui.games.hex_encounters.front.mapview import HexMap
from hedgemony_tui.games.hex_encounters.rules import RULES

from .test_map_pilot import _walk
from .test_screens import _app, _board


async def _set_up_freely(size: tuple[int, int], tmp_path) -> None:  # type: ignore[no-untyped-def]
    state = RULES.setup(5, {})
    app = _app(state, tmp_path)
    async with app.run_test(size=size) as pilot:
        await _board(pilot)
        app.screen.query_one("#decision-filter").focus()
        await pilot.press(*"Set", "space", *"up", "enter")  # the first "Set up ... on a hex you choose"
        await pilot.pause()
        first = next(o for o in flow.legal(state) if isinstance(o, Select))
        picked = flow.apply(state, first)
        assert app.host.state == picked
        assert "where does" in RULES.pending(picked).prompt
        board = app.screen.query_one("#hex-board", HexBoard)
        for _ in range(3):
            if isinstance(app.focused, HexMap):
                break
            await pilot.press("shift+tab")
            await pilot.pause()
        assert isinstance(app.focused, HexMap)
        await _walk(pilot, board, "1210")
        await pilot.press("enter")
        await pilot.pause()
        assert app.host.state == flow.apply(picked, MoveTo("GREEN", first.unit, "1210"))
        assert app.host.state.block(first.unit).hex == "1210"


async def test_a_block_is_set_up_on_a_hex_picked_on_the_map_120x40(tmp_path):
    await _set_up_freely((120, 40), tmp_path)


async def test_a_block_is_set_up_on_a_hex_picked_on_the_map_100x30(tmp_path):
    await _set_up_freely((100, 30), tmp_path)
