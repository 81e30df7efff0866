"""The line "While you were away: this result and N more" counts the results that will be shown:
a result the front draws no screen for (nothing in it the seat may see) is skipped by
the flow, so it is not counted (the world-system's rogue state was told "and 4 more"
before the one result that followed)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from hedgemony_tui.shell.flow import FlowApp
from hedgemony_tui.table.feed import Result


def _result(index: int, shown: bool) -> Result:
    return Result("italy", index, "italy", "person", ("shown" if shown else "hidden", index), None, None, away=True)


def _context(owed: list[Result]) -> str:
    front = SimpleNamespace(
        result_screen=lambda table, intent, before, after, seat: object() if intent[0] == "shown" else None
    )
    app: Any = SimpleNamespace(
        _current_result=owed[0],
        host=SimpleNamespace(results=lambda seat: tuple(owed)),
        front=front,
        table=None,
    )
    app._has_screen = lambda result: FlowApp._has_screen(app, result)
    return FlowApp.result_context(app)


def test_results_with_no_screen_are_not_counted() -> None:
    owed = [_result(0, True), _result(1, False), _result(2, True), _result(3, False), _result(4, False)]
    assert _context(owed) == "While you were away: this result and 1 more"


def test_the_last_result_shown_says_no_more() -> None:
    assert _context([_result(0, True), _result(1, False)]) == "While you were away: this result"
