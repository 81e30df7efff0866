"""Setting up on a hex of one's choice, in the shell (issue 30 item 16, seed L142/L165:
no block may set up further than its forward deployment column): the decision list
offers the default set and "Set up ... on a hex you choose"; the map then marks every
hex from the line eastward and Enter on one places the block there, exactly as the
intents would."""

from __future__ import annotations

import pytest

from hedgemony_tui.games.hex_encounters.engine import flow
from hedgemony_tui.games.hex_encounters.engine.intents import MoveTo, Select
from hedgemony_tui.games.hex_encounters.front.board import HexBoard
from hedgemony_tui.games.hex_encounters.front.mapview import HexMap
from hedgemony_tui.games.hex_encounters.rules import RULES

from .test_map_pilot import _walk
from .test_screens import _app, _board


async def _set_up_freely(size: tuple[int, int], tmp_path) -> None:
    state = RULES.setup(5, {})
    app = _app(state, tmp_path)
    async with app.run_test(size=size) as pilot:
        await _board(pilot)
        app.screen.query_one("#decision-filter").focus()
        await pilot.press(*"Set", "space", *"up")  # the first "Set up ... on a hex you choose",
        await pilot.press("down", "up", "enter")  # picked in the list: the focus stays there
        await pilot.pause()
        first = next(o for o in flow.legal(state) if isinstance(o, Select))
        picked = flow.apply(state, first)
        assert app.host.state == picked
        prompt = str(app.screen.query_one("#decision-prompt").render())
        assert "where does" in prompt and "Ctrl+Z" in prompt  # how to take the block back
        assert app.focused.id == "decision-options"
        board = app.screen.query_one("#hex-board", HexBoard)
        await pilot.press("f9")  # one key to the map, from the list as from the search box
        await pilot.pause()
        assert isinstance(app.focused, HexMap)
        await _walk(pilot, board, "1210")
        await pilot.press("enter")
        await pilot.pause()
        assert app.host.state == flow.apply(picked, MoveTo("GREEN", first.unit, "1210"))
        assert app.host.state.block(first.unit).hex == "1210"


@pytest.mark.slow
async def test_a_block_is_set_up_on_a_hex_picked_on_the_map_120x40(tmp_path):
    await _set_up_freely((120, 40), tmp_path)


@pytest.mark.slow
async def test_a_block_is_set_up_on_a_hex_picked_on_the_map_100x30(tmp_path):
    await _set_up_freely((100, 30), tmp_path)


def test_the_default_deployments_say_which_start_hex_they_fill() -> None:
    """Every block is offered the same next hex of the scenario's list: the label and the
    prompt say it is the scenario's start hex n of m, not a set only the README explains."""
    from hedgemony_tui.games.hex_encounters.engine.intents import Deploy
    from hedgemony_tui.games.hex_encounters.front.labels import label

    state = RULES.setup(5, {})
    deploys = [o for o in flow.legal(state) if isinstance(o, Deploy)]
    assert deploys and all("to 0704 woods, the scenario's start hex 1 of 6" in label(state, d) for d in deploys)
    assert "default set" not in label(state, deploys[0])
    prompt = RULES.pending(state).prompt
    assert prompt.startswith("Territorial Defence: which block goes to 0704, the scenario's start hex 1 of 6?")
    after = flow.apply(state, deploys[0])
    assert "start hex 2 of 6" in label(after, next(o for o in flow.legal(after) if isinstance(o, Deploy)))


def test_prompts_name_the_commanders_as_players_read_them() -> None:
    """The prompts name the formation ("134th Regiment"), not the seat's id ("RED134")."""
    from hedgemony_tui.games.hex_encounters.engine.state import SEATS
    from hedgemony_tui.games.hex_encounters.engine.tools import commander

    from .helpers import position

    state = position({"A1": ("mech", "1005")}, phase="red-move", seat="RED134")
    prompt = RULES.pending(state).prompt
    assert prompt.startswith("Turn ") and "134th Regiment, pick a unit to move" in prompt and "RED134" not in prompt
    moving = flow.apply(state, next(o for o in flow.legal(state) if isinstance(o, Select)))
    assert "Ctrl+Z" in RULES.pending(moving).prompt and "RED134" not in RULES.pending(moving).prompt
    assert {commander(s) for s in SEATS} == {"134th Regiment", "218th Regiment", "32nd Brigade", "Territorial Defence"}
