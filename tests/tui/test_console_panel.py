"""The facilitator's console panel (``shell/screens/console.py``, issue 34), in a Pilot against
a real table store served by the real :class:`~hedgemony_tui.table.table_server.TableServer`
on a thread: it lists the seats and who owes the decision, pause and revoke are submissions
the server settles, revoking asks first, and nothing the control seat may not see reaches it;
``c`` hands a seat to a computer or back to a person (a new code shown once), after asking."""

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


# --- switching a seat between a person and a computer (c) ----------------------------------------

PEOPLE = ("US", "PRC")


def _mixed_host() -> TableHost:
    """US and PRC played by people; the computer plays the rest and the White Cell."""
    rules = get_rules("hedgemony")
    kinds = {s.id: ("random" if s.control else "basic") for s in rules.seats() if s.id not in PEOPLE}
    return TableHost(rules, Session(rules, rules.setup(3, {})), Seats.of_specs(rules.seats(), kinds))


def _row(panel: Any, seat: str) -> list[str]:
    table = panel.query_one("#console-seats", DataTable)
    return [str(c) for c in table.get_row_at(list(panel.seats()).index(seat))]


async def _select(pilot: Any, panel: Any, seat: str) -> None:
    table = panel.query_one("#console-seats", DataTable)
    table.move_cursor(row=list(panel.seats()).index(seat))
    await pilot.pause()


async def test_c_gives_a_persons_seat_to_a_computer_after_asking_and_the_computer_plays_it(tmp_path):
    from hedgemony_tui.shell.remote_app import remote_app
    from hedgemony_tui.shell.screens.dialogs import ConfirmScreen

    path = str(tmp_path / "t.sqlite")
    store = TableStore.create(path, game="hedgemony")
    host = _mixed_host()
    old = store.new_code("PRC")
    with _served(path, host):
        app = remote_app(TableStore.open(path), store.new_code(CONSOLE, "console"))
        async with app.run_test(size=(120, 40)) as pilot:
            panel = await _panel(pilot)
            await _wait(pilot, lambda: panel.remote.packet.waiting_on == ("PRC",))  # the computers chose
            assert _row(panel, "PRC")[2] == "person" and _row(panel, "RU")[2] == "computer"
            await _select(pilot, panel, "PRC")
            await pilot.press("c")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen) and "computer" in app.screen.question
            await pilot.press("n")  # no: nothing is sent
            await pilot.pause()
            assert app.screen is panel and "Nothing switched" in _line(panel) and host.seats.human("PRC")
            await pilot.press("c", "y")
            await _wait(pilot, lambda: _row(panel, "PRC")[2] == "computer")
            assert "A computer now plays" in _line(panel)
            assert store.code_seat(old) is None
            # The computer takes PRC's pending decision at the table's pace (no delay set here).
            await _wait(pilot, lambda: any(e.seat == "PRC" for e in host.session.journal))
            assert next(e for e in host.session.journal if e.seat == "PRC").by == "basic"
    store.close()


async def test_c_gives_a_computers_seat_to_a_person_with_a_code_shown_once(tmp_path):
    from hedgemony_tui.shell.remote_app import remote_app
    from hedgemony_tui.shell.screens.console import CodeScreen

    path = str(tmp_path / "t.sqlite")
    store = TableStore.create(path, game="hedgemony")
    host = _mixed_host()
    with _served(path, host):
        app = remote_app(TableStore.open(path), store.new_code(CONSOLE, "console"))
        async with app.run_test(size=(120, 40)) as pilot:
            panel = await _panel(pilot)
            await _select(pilot, panel, "RU")
            await pilot.press("c", "y")
            await _wait(pilot, lambda: isinstance(app.screen, CodeScreen))
            code = app.screen.code
            assert store.code_seat(code) == ("RU", "seat")
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is panel and _row(panel, "RU")[2] == "person"
            assert "shown once" in _line(panel) and code not in _line(panel)  # never on the panel itself
            # The White Cell is this console's own seat: not switched, and nothing is asked.
            await _select(pilot, panel, "WHITE")
            await pilot.press("c")
            await pilot.pause()
            assert app.screen is panel and "control seat" in _line(panel)
    store.close()


async def test_a_persons_screen_says_its_seat_went_to_a_computer(tmp_path):
    from hedgemony_tui.shell.remote import TO_COMPUTER
    from hedgemony_tui.shell.remote_app import remote_app

    path = str(tmp_path / "t.sqlite")
    store = TableStore.create(path, game="hedgemony")
    with _served(path, _mixed_host()):
        app = remote_app(TableStore.open(path), store.new_code("PRC"))
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            console = store.attach(CONSOLE)
            store.submit(CONSOLE, console, "console", 0, {"action": "switch", "seat": "PRC", "to": "computer"})
            await _wait(pilot, lambda: any(TO_COMPUTER in str(n.message) for n in app._notifications))
            assert app.host.closed
            assert app.host.my_options("PRC") == ()
    store.close()


async def test_a_redraw_once_the_panel_is_closed_does_nothing(tmp_path):
    # A CI run: the watcher's redraw (from the remote app's thread) reached the panel after it
    # was closed and unmounted, and raised NoMatches('#console-seats'). It must do nothing.
    from hedgemony_tui.shell.remote_app import remote_app

    path = str(tmp_path / "t.sqlite")
    store = TableStore.create(path, game="hedgemony")
    with _served(path, _host()):
        app = remote_app(TableStore.open(path), store.new_code(CONSOLE, "console"))
        async with app.run_test(size=(120, 40)) as pilot:
            panel = await _panel(pilot)
            await pilot.press("ctrl+k")  # back to the game: the panel is dismissed and unmounted
            await pilot.pause()
            assert app.screen is not panel and not panel.query("#console-seats")
            panel.redraw()  # as the watcher would: no error, nothing drawn
            assert app.watcher is not None
            app.watcher._redraw()  # the watcher's own path, with the game screen on top
    store.close()
