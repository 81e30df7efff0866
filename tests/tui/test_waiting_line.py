"""The decision panel's "Waiting on …" line calls an automated control seat what the new-game
form calls it ("automated"), and a computer player a computer (a newcomer read "Moderator
(computer)" beside the form's "automated")."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from hedgemony_tui.shell.flow import FlowApp
from hedgemony_tui.table.contract import Decision


def _line(waiting: tuple[str, ...], people: tuple[str, ...]) -> str:
    names = {"moderator": "Moderator", "germany": "Germany", "italy": "Italy"}
    app: Any = SimpleNamespace(
        feed=SimpleNamespace(over=False, stopped="", decision=Decision(waiting, "vote", "")),
        rules=SimpleNamespace(info=SimpleNamespace(control_seat="moderator")),
        seats=SimpleNamespace(name=names.__getitem__, human=lambda seat: seat in people),
    )
    return FlowApp.waiting_line(app)


def test_the_control_seat_is_automated_and_a_player_a_computer() -> None:
    assert _line(("moderator",), ()) == "Waiting on Moderator (automated)…"
    assert _line(("germany", "italy"), ("italy",)) == "Waiting on Germany (computer), Italy…"
    assert _line(("italy",), ("italy",)) == "Waiting on Italy."
