"""A seat's stand-in host in its own process (``shell/remote.py``, issue 34), against a real
table store: it reads only its own seat's packet, a choice is a submission the server
settles, a refusal comes back as one message, and another seat's secrets never reach it.

A small thread plays the server's part here (settling submissions on a host of the tiny
test game); the real ``table_server`` is tested by its own engineer's tests."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest

from hedgemony_tui.shell.remote import RemoteHost
from hedgemony_tui.table.errors import IllegalIntent
from hedgemony_tui.table.feed import PUBLIC, PersonTurn, Wait
from hedgemony_tui.table.host import TableHost
from hedgemony_tui.table.remote_feed import dump, packet_for
from hedgemony_tui.table.store import TableStore
from tests.table.host_game import RULES
from tests.table.host_helpers import make


def _publish(store: TableStore, host: TableHost) -> None:
    store.publish({s: dump(packet_for(host, s)) for s in (*host.seats.seats, PUBLIC)})


class _Server:
    """Settles submissions as the protocol says: choose by option index, or refuse."""

    def __init__(self, path, host: TableHost, refuse: str = "") -> None:
        self.store, self.host, self.refuse = TableStore.open(path), host, refuse
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        while not self.stop.is_set():
            for sub in self.store.pending():
                if sub.kind == "choose" and not self.refuse:
                    option = self.host.feed(sub.seat).options[sub.body["option"]]
                    self.host.submit(sub.seat, option)
                    _publish(self.store, self.host)
                    self.store.settle(sub.id, "applied")
                else:
                    self.store.settle(sub.id, "refused", self.refuse or "not handled here")
            time.sleep(0.01)


@pytest.fixture
def table(tmp_path) -> Iterator[tuple[str, TableHost, TableStore]]:
    path = str(tmp_path / "table.sqlite")
    store = TableStore.create(path, game="tiny")
    host = make()
    _publish(store, host)
    yield path, host, store
    store.close()


def _remote(path: str, seat: str) -> RemoteHost:
    store = TableStore.open(path)
    return RemoteHost(store, seat, store.attach(seat), RULES)


def test_a_seat_reads_its_own_feed_and_may_not_ask_for_another(table):
    path, host, _ = table
    first = host.decision().seats[0]
    other = next(s for s in host.humans() if s != first)
    remote = _remote(path, first)
    assert remote.feed(first).options == host.feed(first).options
    assert isinstance(remote.next_step(), PersonTurn) and remote.session is None
    with pytest.raises(PermissionError):
        remote.feed(other)


def test_a_choice_made_on_one_screen_reaches_the_next_seats_screen(table):
    path, host, _ = table
    first = host.decision().seats[0]
    remote = _remote(path, first)
    server = _Server(path, host)
    server.thread.start()
    try:
        before = host.decision()
        remote.submit(first, remote.my_options(first)[0])
        assert host.decision() != before  # the server applied it
        nxt = host.decision().seats[0]
        watcher = _remote(path, nxt)
        assert watcher.feed(nxt).options == host.feed(nxt).options
    finally:
        server.stop.set()
        server.thread.join()


def test_a_refused_choice_raises_the_servers_message_and_leaves_the_packet(table):
    path, host, _ = table
    first = host.decision().seats[0]
    remote = _remote(path, first)
    version = remote.version
    server = _Server(path, host, refuse="The decision changed meanwhile: choose again")
    server.thread.start()
    try:
        with pytest.raises(IllegalIntent, match="changed meanwhile"):
            remote.submit(first, remote.my_options(first)[0])
    finally:
        server.stop.set()
        server.thread.join()
    assert remote.version == version and remote.feed(first).options == host.feed(first).options


def test_a_second_screen_takes_the_seat_over(table):
    path, host, _ = table
    seat = host.humans()[0]
    first = _remote(path, seat)
    assert first.owns_seat()
    _remote(path, seat)
    assert not first.owns_seat()


def test_without_a_heartbeat_the_host_is_not_running(table):
    path, host, store = table
    remote = _remote(path, host.humans()[0])
    assert not remote.host_running()
    store.set_meta("heartbeat", repr(time.time()))
    assert remote.host_running()


def test_a_seat_not_owing_the_decision_waits(table):
    path, host, _ = table
    idle = next(s for s in host.humans() if not host.feed(s).options)
    assert isinstance(_remote(path, idle).next_step(), Wait)


# --- the seat's screens (a real game, its screens, a Pilot) -----------------------------------


def _real_table(tmp_path, game: str = "rescue") -> tuple[TableStore, TableHost]:
    from hedgemony_tui.table.registry import get_rules
    from hedgemony_tui.table.seats import Seats
    from hedgemony_tui.table.session import Session

    rules = get_rules(game)
    host = TableHost(rules, Session(rules, rules.setup(3, {})), Seats.of_specs(rules.seats()))
    store = TableStore.create(tmp_path / "t.sqlite", game=game)
    _publish(store, host)
    return store, host


async def test_a_code_opens_its_seats_game_screen_and_a_wrong_code_says_why(tmp_path):
    from hedgemony_tui.shell.remote_app import CODE_REFUSED, remote_app
    from hedgemony_tui.shell.screens.game import GameScreen
    from hedgemony_tui.shell.screens.join import JoinScreen
    from tests.tui.tui_helpers import settle

    store, host = _real_table(tmp_path)
    seat = host.humans()[0]
    code = store.new_code(seat)
    app = remote_app(store, None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, JoinScreen)
        await pilot.click("#join-code")
        for key in "wrong":
            await pilot.press(key)
        await pilot.press("enter")
        await pilot.pause()
        problem = app.screen.query_one("#join-problem")
        assert str(problem.render()) == CODE_REFUSED
        from textual.widgets import Input

        app.screen.query_one("#join-code", Input).value = code
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.host.me == seat and store.owner(seat) == app.host.client_id
        assert app.session is None
        # The host saves the game, and no keyboard is shared: no Save, Load or hand-over key.
        for action in ("save", "load", "to_control"):
            assert not app.screen.check_action(action, ())
    store.close()


async def _open(store: TableStore, seat: str):
    from hedgemony_tui.shell.remote_app import remote_app

    return remote_app(TableStore.open(store.path), store.new_code(seat))


async def test_a_choice_on_one_seats_screen_reaches_the_other_seats_screen(tmp_path):
    store, host = _real_table(tmp_path)
    first = host.decision().seats[0]
    other = next(s for s in host.humans() if s != first)
    server = _Server(store.path, host)
    server.thread.start()
    a, b = await _open(store, first), await _open(store, other)
    try:
        async with a.run_test(size=(120, 40)) as pa, b.run_test(size=(120, 40)) as pb:
            await pa.pause()
            await pb.pause()
            seen_before = b.host.version
            a.choose(a.host.my_options(first)[0])
            await pa.pause()
            assert a.host.version > 0 and len(host.session.journal) == 1
            for _ in range(100):  # the watcher notices within a few polls
                await pb.pause(0.03)
                if b.host.version != seen_before:
                    break
            assert b.host.version != seen_before
            assert b.host.feed(other).turn == host.feed(other).turn
    finally:
        server.stop.set()
        server.thread.join()


async def test_a_seats_screen_is_the_same_whatever_another_seats_secrets(tmp_path):
    from hedgemony_tui.table.registry import get_rules
    from hedgemony_tui.table.seats import Seats
    from hedgemony_tui.table.session import Session
    from tests.tui.tui_helpers import screen_text, settle

    rules = get_rules("rescue")
    base = rules.setup(3, {})
    seat = Seats.of_specs(rules.seats()).humans()[0]
    texts = []
    for salt in (0, 1, 2):
        state = base if salt == 0 else rules.vary_secrets(base, seat, salt)
        host = TableHost(rules, Session(rules, state), Seats.of_specs(rules.seats()))
        store = TableStore.create(tmp_path / f"t{salt}.sqlite", game="rescue")
        _publish(store, host)
        app = await _open(store, seat)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            for _ in range(40):  # the whole screen, footer included, even on a loaded machine
                if "palette" in screen_text(app):
                    break
                await pilot.pause(0.05)
            await pilot.pause()
            texts.append(screen_text(app))
        store.close()
    assert rules.vary_secrets(base, seat, 1) != base  # the secrets did vary
    assert rules.info.title in texts[0] or seat in texts[0] or len(texts[0].split()) > 20
    assert texts[0] == texts[1] == texts[2]


async def test_a_screen_whose_seat_was_opened_elsewhere_says_so_and_takes_no_more_choices(tmp_path):
    from hedgemony_tui.shell.remote import TAKEN_OVER

    store, host = _real_table(tmp_path)
    seat = host.decision().seats[0]
    app = await _open(store, seat)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        store.attach(seat)  # another screen opens the same seat
        for _ in range(100):
            await pilot.pause(0.03)
            if app.host.closed:
                break
        assert app.host.closed
        assert any(TAKEN_OVER in str(n.message) for n in app._notifications)
        assert app.host.my_options(seat) == () and app.my_options() == []
        with pytest.raises(IllegalIntent, match="another screen"):
            app.host.submit(seat, app.host.feed(seat).options[0])


async def test_the_room_from_the_store_redraws_when_the_public_packet_changes(tmp_path):
    from hedgemony_tui.shell.remote_room import StoreRoomApp

    store, host = _real_table(tmp_path)
    room = StoreRoomApp(TableStore.open(store.path))
    async with room.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        first = room.store.version(PUBLIC)
        seat = host.decision().seats[0]
        host.submit(seat, host.my_options(seat)[0])
        _publish(store, host)
        for _ in range(100):
            await pilot.pause(0.03)
            if room._version != first:
                break
        assert room._version == store.version(PUBLIC) != first
        assert room.seen_state() is room.packet.feed.view
    room.store.close()
    store.close()


async def test_a_console_code_opens_the_control_seats_full_feed(tmp_path):
    from hedgemony_tui.shell.remote_app import remote_app
    from hedgemony_tui.shell.screens.game import GameScreen
    from hedgemony_tui.table.remote_feed import CONSOLE

    store, host = _real_table(tmp_path, "hedgemony")
    store.publish({CONSOLE: dump(packet_for(host, CONSOLE))})
    app = remote_app(TableStore.open(store.path), store.new_code(CONSOLE, "console"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.host.seat == CONSOLE and app.host.me == host.control
        assert app.host.view(host.control) is not None
        with pytest.raises(PermissionError):
            app.host.feed(host.humans()[0])
    store.close()
