"""The journal (F4) wraps a long entry onto more lines of its row instead of cutting it at
the right edge: newcomers to the Grand Game, whose lines are long, lost their ends at 100x30
and at 120x40. A resize wraps the rows again to the new width."""

from __future__ import annotations

from typing import Any

from textual.widgets import DataTable

from hedgemony_tui.shell.screens.journal import JournalScreen
from tests.tui.tui_helpers import grand_game_app, screen_text, settle


def _check_wrapped(app: Any, width: int) -> None:
    table = app.screen.query_one(DataTable)
    # Every column together fits the screen: nothing runs past the right edge.
    assert sum(c.get_render_width(table) for c in table.ordered_columns) <= width
    entry = table.ordered_columns[-1]  # the entry column, last
    cells = [str(table.get_row_at(i)[-1]) for i in range(table.row_count)]
    long = [i for i, text in enumerate(cells) if len(text) > entry.width]
    assert long, "the opening line of the game is longer than the entry column"
    for i in long:
        row = table.rows[table.coordinate_to_cell_key((i, 0)).row_key]
        assert row.height >= -(-len(cells[i]) // entry.width)  # room for every wrapped line
    # The whole of the opening line is on screen, its end included (once cut at the edge).
    shown = " ".join(screen_text(app).split())
    assert "it lasts 1 year." in shown


async def test_a_long_journal_entry_wraps_at_100x30_and_again_after_a_resize() -> None:
    app = grand_game_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("f4")
        await pilot.pause()
        assert isinstance(app.screen, JournalScreen)
        await pilot.press("home")
        await pilot.pause()
        _check_wrapped(app, 100)
        narrow = app.screen.query_one(DataTable).ordered_columns[-1].width
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.press("home")
        await pilot.pause()
        assert app.screen.query_one(DataTable).ordered_columns[-1].width == narrow + 20
        _check_wrapped(app, 120)
