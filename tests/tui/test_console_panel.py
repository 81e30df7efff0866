"""The facilitator's console panel (``shell/screens/console.py``, issue 34), in a Pilot against
a real table store served by the real :class:`~hedgemony_tui.table.table_server.TableServer`
on a thread: it lists the seats and who owes the decision, pause and revoke are submissions
the server settles, revoking asks first, and nothing the control seat may not see reaches it."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from textual.widgets import DataTable, Static

from hedgemony_tui.table.host import TableHost
from hedgemony_tui.table.registry import get_rules
from hedgemony_tui.table.remote_feed import dump, packet_for
from hedgemony_tui.table.seats import Seats
from hedgemony_tui.table.session import Session
from hedgemony_tui.table.store import CONSOLE, TableStore
from hedgemony_tui.table.table_server import TableServer


def _host(state: Any = None) -> TableHost:
    rules = get_rules("hedgemony")
    start = rules.setup(3, {}) if state is None else state
    return TableHost(rules, Session(rules, start), Seats.of_specs(rules.seats()))


@contextmanager
def _served(path: str, host: TableHost) -> Iterator[None]:
    """The real table server on a thread (its own store connection, as SQLite wants)."""
    stop, ready = threading.Event(), threading.Event()

    def run() -> None:
        store = TableStore.open(path)
        server = TableServer(host, store, None)
        server.publish()
        ready.set()
        try:
            server.serve(stop, heartbeat=0.2)
        finally:
            store.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(10)
    try:
        yield
    finally:
        stop.set()
        thread.join(5)


async def _panel(pilot: Any) -> Any:
    from hedgemony_tui.shell.screens.console import ConsolePanel

    await pilot.pause()
    await pilot.press("ctrl+k")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ConsolePanel)
    return pilot.app.screen


def _line(panel: Any) -> str:
    return str(panel.query_one("#console-line", Static).render())


def _state(panel: Any) -> str:
    return str(panel.query_one("#console-state", Static).render())


async def _wait(pilot: Any, done: Any) -> None:
    for _ in range(150):
        if done():
            return
        await pilot.pause(0.03)
    assert done()


async def test_the_panel_lists_every_seat_and_who_still_owes_the_decision(tmp_path):
    from hedgemony_tui.shell.remote_app import remote_app

    path = str(tmp_path / "t.sqlite")
    store = TableStore.create(path, game="hedgemony")
    host = _host()
    with _served(path, host):
        app = remote_app(TableStore.open(path), store.new_code(CONSOLE, "console"))
        async with app.run_test(size=(120, 40)) as pilot:
            panel = await _panel(pilot)
            table = panel.query_one("#console-seats", DataTable)
            seats = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]
            assert seats == list(host.seats.seats)
            owing = host.decision().seats
            assert owing  # the game opens on a decision someone owes
            for i, seat in enumerate(seats):
                row = [str(cell) for cell in table.get_row_at(i)]
                assert row[1] == host.seats.name(seat)
                assert row[5] == ("yes" if seat in owing else "")
            assert "Running" in _state(panel) and "hedgemony room --store" in _state(panel)
            await pilot.press("ctrl+k")  # back to the game
            await pilot.pause()
            assert not hasattr(app.screen, "redraw") or app.screen is not panel
    store.close()


async def test_p_pauses_the_table_through_the_server_and_the_panel_says_paused(tmp_path):
    from hedgemony_tui.shell.remote_app import remote_app

    path = str(tmp_path / "t.sqlite")
    store = TableStore.create(path, game="hedgemony")
    with _served(path, _host()):
        app = remote_app(TableStore.open(path), store.new_code(CONSOLE, "console"))
        async with app.run_test(size=(120, 40)) as pilot:
            panel = await _panel(pilot)
            await pilot.press("p")
            await _wait(pilot, lambda: "Paused" in _state(panel))
            assert store.meta("paused") == "1"
            await pilot.press("p")
            await _wait(pilot, lambda: "Running" in _state(panel))
            assert store.meta("paused") == "0"
            await pilot.press("plus")
            await _wait(pilot, lambda: store.meta("bot_delay") == repr(0.5))
    store.close()


async def test_revoking_a_seat_asks_first_then_gives_one_new_code(tmp_path):
    from hedgemony_tui.shell.remote_app import remote_app

    path = str(tmp_path / "t.sqlite")
    store = TableStore.create(path, game="hedgemony")
    host = _host()
    seat = list(host.seats.seats)[0]
    old = store.new_code(seat)
    with _served(path, host):
        app = remote_app(TableStore.open(path), store.new_code(CONSOLE, "console"))
        async with app.run_test(size=(120, 40)) as pilot:
            panel = await _panel(pilot)
            await pilot.press("r")  # the cursor starts on the first seat
            await pilot.pause()
            assert f"Revoke seat {seat}" in _line(panel)
            assert store.code_seat(old) == (seat, "seat")  # nothing sent yet
            await pilot.press("n")
            await pilot.pause()
            assert store.code_seat(old) == (seat, "seat") and "Nothing revoked" in _line(panel)
            await pilot.press("r", "y")
            await _wait(pilot, lambda: "New code for" in _line(panel))
            assert store.code_seat(old) is None
            new = _line(panel).split(": ", 1)[1].split()[0]
            assert store.code_seat(new) == (seat, "seat")
    store.close()


async def test_the_panel_is_the_same_whatever_the_secrets_the_control_seat_may_not_see(tmp_path):
    from hedgemony_tui.shell.remote_app import remote_app

    rules = get_rules("hedgemony")
    base = rules.setup(3, {})
    control = _host(base).control
    assert control is not None  # Hedgemony has a White Cell
    player = next(s for s in _host(base).seats.seats if s != control)
    variants = [base, rules.vary_secrets(base, control, 1), rules.vary_secrets(base, player, 2)]
    assert any(state != base for state in variants[1:])  # some secrets did vary
    texts = []
    for salt, state in enumerate(variants):
        host = _host(state)
        store = TableStore.create(tmp_path / f"t{salt}.sqlite", game="hedgemony")
        store.publish({CONSOLE: dump(packet_for(host, CONSOLE))})
        app = remote_app(TableStore.open(store.path), store.new_code(CONSOLE, "console"))
        async with app.run_test(size=(120, 40)) as pilot:
            panel = await _panel(pilot)
            table = panel.query_one("#console-seats", DataTable)
            rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
            texts.append((rows, _state(panel).replace(str(store.path), "STORE"), _line(panel)))
        store.close()
    assert texts[0] == texts[1] == texts[2]
