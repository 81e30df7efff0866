"""Choosing on the map, in the shell: Tab reaches the map, the arrows move the cursor,
Enter makes a move (a unit, then its destination) exactly as the same intents would, a
click puts the cursor on the hex clicked, a hex with several choices opens a short list,
a hex with none says why, and the window of rows follows the cursor."""

from __future__ import annotations

import pytest

from hedgemony_tui.games.hex_encounters.engine import flow
from hedgemony_tui.games.hex_encounters.engine.intents import MoveTo, Select
from hedgemony_tui.games.hex_encounters.front.board import HexBoard, decision_hex
from hedgemony_tui.games.hex_encounters.front.mapdraw import column_x
from hedgemony_tui.games.hex_encounters.front.mapview import HexMap
from hedgemony_tui.shell.screens.dialogs import PickScreen

from .helpers import position
from .test_screens import _app, _board


def _moving():
    """Blue to move two mechanized battalions stacked in Kovanburg and a recce."""
    return position(
        {"B1": ("mech", "1105"), "B3": ("mech", "1105"), "B2": ("recce", "1207"), "A1": ("red-armor", "0504")},
        phase="blue-move",
        seat="BLUE",
    )


async def _to_map(pilot) -> HexBoard:
    app = pilot.app
    assert app.focused.id == "decision-filter"
    for _ in range(3):
        await pilot.press("tab")
        if isinstance(app.focused, HexMap):
            break
    assert isinstance(app.focused, HexMap)
    board = app.screen.query_one("#hex-board", HexBoard)
    assert "Enter chooses here" in str(app.screen.query_one("#hex-caption").render())
    return board


async def _walk(pilot, board: HexBoard, target: str) -> None:
    """Arrow keys from the cursor to ``target``: across the columns (the row number is
    kept), then up or down the column."""
    for _ in range(40):
        here = board.cursor
        if here == target:
            return
        if here[:2] != target[:2]:
            await pilot.press("right" if here[:2] < target[:2] else "left")
        else:
            await pilot.press("down" if here[2:] < target[2:] else "up")
    raise AssertionError(f"the cursor did not reach {target}: {board.cursor}")


@pytest.mark.slow
async def test_arrows_and_enter_make_a_move_as_the_intents_would(tmp_path):
    state = _moving()
    app = _app(state, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await _board(pilot)
        board = await _to_map(pilot)
        assert board.cursor == decision_hex(app) == "1105"  # the first unit the decision offers
        await _walk(pilot, board, "1207")
        assert board.cursor == "1207"
        assert "1207" in str(app.screen.query_one("#hex-inspector").render())
        await pilot.press("enter")
        await pilot.pause()
        picked = flow.apply(state, Select("BLUE", "B2"))
        assert app.host.state == picked
        assert board.cursor == "1207" and isinstance(app.focused, HexMap)  # the unit moving
        dest = max(o.hex for o in flow.legal(picked) if isinstance(o, MoveTo) and o.hex != "exit")
        await _walk(pilot, board, dest)
        await pilot.press("enter")
        await pilot.pause()
        assert app.host.state == flow.apply(picked, MoveTo("BLUE", "B2", dest))
        assert app.host.state.block("B2").hex == dest


@pytest.mark.slow
async def test_a_hex_with_two_choices_opens_a_list_and_one_with_none_says_why(tmp_path):
    state = _moving()
    app = _app(state, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await _board(pilot)
        board = await _to_map(pilot)
        await pilot.press("enter")  # 1105: B1 and B3 may both move
        await pilot.pause()
        assert isinstance(app.screen, PickScreen)
        await pilot.press("escape")  # cancelled: nothing chosen
        await pilot.pause()
        assert app.host.state == state
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("down", "enter")
        await pilot.pause()
        await pilot.pause()
        assert app.host.state == flow.apply(state, Select("BLUE", "B3"))
        assert isinstance(app.focused, HexMap)  # back on the map to pick the destination
        # A hex no destination of B3's is: nothing chosen, a message saying what is wanted.
        reach = {o.hex for o in flow.legal(app.host.state) if isinstance(o, MoveTo)}  # a unit is picked: all MoveTo
        far = next(h for h in ("0101", "0110", "1601", "1610") if h not in reach)
        board.set_cursor(far)
        before = app.host.state
        await pilot.press("enter")
        await pilot.pause()
        assert app.host.state == before
        said = [n.message for n in app._notifications]
        assert any(f"Nothing to choose at {far}" in m and "marked *" in m for m in said), said


@pytest.mark.slow
async def test_a_click_puts_the_cursor_on_the_hex_clicked_and_a_double_click_chooses(tmp_path):
    app = _app(_moving(), tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await _board(pilot)
        board = app.screen.query_one("#hex-board", HexBoard)
        first, _ = board.rows_shown
        for label in ("1207", "0404", "1002"):
            col, row = int(label[:2]), int(label[2:])
            if row < first:
                continue
            # The second line of the hex, its middle character.
            y = 1 + (row - first) * 2 + (col % 2 == 0) + 1
            await pilot.click("#hex-map", offset=(column_x(col) + 1, y))
            await pilot.pause()
            assert board.cursor == label
            assert isinstance(app.focused, HexMap)
        state = app.host.state
        first, _ = board.rows_shown
        await pilot.click("#hex-map", offset=(column_x(12) + 1, 1 + (7 - first) * 2 + 1), times=2)  # 1207
        await pilot.pause()
        assert app.host.state == flow.apply(state, Select("BLUE", "B2"))  # a double click chooses


@pytest.mark.slow
async def test_the_window_of_rows_follows_the_cursor_and_the_list_still_works(tmp_path):
    state = _moving()
    app = _app(state, tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await _board(pilot)
        board = app.screen.query_one("#hex-board", HexBoard)
        # The decision list keeps its keys while the map is not focused.
        await pilot.press("down")
        assert app.focused.id == "decision-options" and board.cursor == "1105"
        await pilot.press("shift+tab", "shift+tab")
        await pilot.pause()
        assert isinstance(app.focused, HexMap)
        assert board.rows_shown != (1, 10)  # at 100x30 not every row fits
        for _ in range(9):
            await pilot.press("down")
            first, last = board.rows_shown
            assert first <= int(board.cursor[2:]) <= last
        assert board.cursor == "1110"
        for _ in range(9):
            await pilot.press("up")
            first, last = board.rows_shown
            assert first <= int(board.cursor[2:]) <= last
        assert board.cursor == "1101"
        await pilot.press("pagedown")  # the forces under the map, from the map
        await pilot.pause()
        assert board.scroll_y > 0 and isinstance(app.focused, HexMap)
        await pilot.press("pageup")
        await pilot.pause()
        assert board.scroll_y == 0
        await pilot.press("tab")  # back to the list: Enter there picks its line as before
        assert app.focused.id == "decision-filter"
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.host.state.selected in ("B1", "B2", "B3") and app.host.state.phase == "blue-move"
        assert board.cursor == app.host.state.block(app.host.state.selected).hex  # the unit picked in the list


@pytest.mark.slow
async def test_the_caption_names_the_key_that_reaches_the_map(tmp_path):
    app = _app(_moving(), tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await _board(pilot)
        assert app.focused.id == "decision-filter"  # where every screen puts the focus
        caption = str(app.screen.query_one("#hex-caption").render())
        assert "F9" in caption
        await pilot.press("f9")  # the key the caption names: one press
        await pilot.pause()
        assert isinstance(app.focused, HexMap)
        assert "Enter chooses here" in str(app.screen.query_one("#hex-caption").render())
        # From the decision list too (where the focus is after a line is picked with the
        # arrows): Shift+Tab from there goes to the search box, F9 still to the map.
        await pilot.press("tab", "down")
        await pilot.pause()
        assert app.focused.id == "decision-options"
        assert "F9" in str(app.screen.query_one("#hex-caption").render())
        await pilot.press("f9")
        await pilot.pause()
        assert isinstance(app.focused, HexMap)
