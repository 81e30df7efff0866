"""The front's smoke check, for every game the suite runs: its screens load, its board
composes on a real game screen, every legal intent along a random game has a label (and,
for a front with a menu of groups, a path), and its journal rows number over the whole log.

A front is drawn only from a seat's side of the table (the shell's read-only
:class:`~hedgemony_tui.shell.viewing.SeatTable` stands in for the app): a label that
needs more than the seat's view fails here before it leaks on a screen.
"""

from __future__ import annotations

import random
import tempfile
from types import SimpleNamespace
from typing import Any

import pytest

from hedgemony_tui.shell.app import build_app
from hedgemony_tui.shell.front import Front, PathFront
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.shell.screens.handover import HandOverScreen
from hedgemony_tui.shell.viewing import SeatTable
from hedgemony_tui.table import conformance as cf
from hedgemony_tui.table import registry
from hedgemony_tui.table.contract import AnyRules
from hedgemony_tui.table.saves import SavedGame
from hedgemony_tui.table.seats import Seats
from tests.conformance.reporting import report


def seat_table(rules: AnyRules, state: Any, seat: str) -> SeatTable:
    """One seat's side of the table over a bare state: the shell's own read-only table
    (its view, its decision, no options), as the journal names decisions with it."""
    return SeatTable(SimpleNamespace(rules=rules, seats=Seats.of_specs(rules.seats())), rules.view(state, seat), seat)


@pytest.fixture(scope="module")
def playout(rules: AnyRules) -> cf.Playout:
    return cf.random_playout(rules, 5, cf.short_options(rules))


def test_the_front_loads_and_has_every_member(rules: AnyRules) -> None:
    front = registry.get_front(rules.info.id)
    assert isinstance(front, Front), f"{rules.info.id}'s FRONT lacks members of the shell's Front protocol"
    assert front.title and front.tagline and front.banner
    columns, lines = front.min_size
    assert 0 < columns <= 400 and 0 < lines <= 200, f"min_size {front.min_size} is not a terminal size"


def test_every_legal_intent_has_a_label(rules: AnyRules, playout: cf.Playout) -> None:
    front = registry.get_front(rules.info.id)
    problems: list[str] = []
    labelled = 0
    for step in cf.sample_steps(playout, per_kind=2, every=40):
        for intent in rules.legal(step.before):
            seat = rules.seat_of(intent)
            table = seat_table(rules, step.before, seat)
            try:
                label = front.intent_label(table, intent)
                path = front.intent_path(table, intent) if isinstance(front, PathFront) else ()
            except Exception as exc:
                problems.append(f"{playout.where(step)}: {intent!r} for {seat}: {type(exc).__name__}: {exc}")
                continue
            labelled += 1
            if not isinstance(label, str) or not label.strip():
                problems.append(f"{playout.where(step)}: {intent!r} has the label {label!r}")
            if isinstance(front, PathFront) and not (path and all(isinstance(p, str) and p for p in path)):
                problems.append(f"{playout.where(step)}: {intent!r} has the menu path {path!r}")
    assert problems[:20] == [], report(problems[:20])
    assert labelled > 0


def test_journal_rows_number_over_the_whole_log(rules: AnyRules, playout: cf.Playout) -> None:
    # A row's number counts the entries of the whole game's log up to and including it,
    # whatever a seat's view leaves out: the shell's notes (saves, computer players'
    # reasons) are placed between rows by that count.
    front = registry.get_front(rules.info.id)
    problems: list[str] = []
    for state in (playout.steps[len(playout.steps) // 2].after, playout.final):
        size = len(state.log)
        whole = front.log_rows(state)
        if whole and whole[-1][0] != size:
            problems.append(f"the whole log's last row counts {whole[-1][0]} entries of {size}")
        places: dict[str, set[int]] = {}
        for number, row in whole:
            places.setdefault(row.text, set()).add(number)
        for seat in (s.id for s in rules.seats()):
            rows = front.log_rows(rules.view(state, seat))
            numbers = [number for number, _ in rows]
            if any(b <= a for a, b in zip(numbers, numbers[1:])) or any(not 1 <= n <= size for n in numbers):
                problems.append(f"{seat}: row numbers {numbers[:12]}... do not count over a log of {size}")
            # A row the seat reads word for word as the whole log has it sits at its place there.
            moved = [(n, row.text) for n, row in rows if row.text in places and n not in places[row.text]]
            if moved:
                n, text = moved[0]
                problems.append(f"{seat}: {text!r} is row {n} of its journal, but {sorted(places[text])} of the log")
    assert problems == [], report(problems)


async def test_the_board_composes_on_the_game_screen(rules: AnyRules) -> None:
    front = registry.get_front(rules.info.id)
    state = rules.setup(random.Random(rules.info.id).randrange(1000), cf.short_options(rules))
    seats = Seats.of_specs(rules.seats())
    saves = tempfile.mkdtemp(prefix="hedgemony-tui-front-")
    app = build_app(SavedGame(rules, state, state, (), seats), saves_dir=saves, bot_delay=0)
    width, height = front.min_size
    async with app.run_test(size=(max(width, 100), max(height, 30))) as pilot:
        await pilot.pause()
        for _ in range(6):
            if isinstance(app.screen, GameScreen):
                break
            await pilot.press("enter" if isinstance(app.screen, HandOverScreen) else "escape")
            await pilot.pause()
        assert isinstance(app.screen, GameScreen), f"stuck on {type(app.screen).__name__}"
        assert app.screen.query("#decision-filter"), "the decision panel is missing"
