"""The table server (issue 34): submissions from screens in other processes, through the
store only, applied in order; computers play; pause; one publish per change with the save."""

from __future__ import annotations

import threading
from pathlib import Path

from hedgemony_tui.table.host import TableHost
from hedgemony_tui.table.public import PUBLIC
from hedgemony_tui.table.registry import get_rules
from hedgemony_tui.table.remote_feed import load
from hedgemony_tui.table.seats import Seats
from hedgemony_tui.table.session import Session
from hedgemony_tui.table.store import CONSOLE, TableStore
from hedgemony_tui.table.table_server import PAUSED, STALE, TAKEN_OVER, TableServer

PEOPLE = ("US", "PRC")


def _host() -> TableHost:
    """Hedgemony with two people (US and PRC); the computer plays the rest and the White Cell."""
    rules = get_rules("hedgemony")
    kinds = {s.id: ("random" if s.control else "basic") for s in rules.seats() if s.id not in PEOPLE}
    return TableHost(rules, Session(rules, rules.setup(3, {})), Seats.of_specs(rules.seats(), kinds))


def _table(tmp_path: Path) -> tuple[TableServer, TableStore, Path]:
    host = _host()
    save = tmp_path / "game.toml"
    server = TableServer(host, TableStore.create(tmp_path / "t.sqlite", game="hedgemony"), save)
    client = TableStore.open(tmp_path / "t.sqlite")  # a screen's own connection
    return server, client, save


def _settle(server: TableServer) -> None:
    """Step until no computer owes the decision (a person does)."""
    for _ in range(50):
        server.step()
        if not server.host.computer_owes():
            return


def _choose(client: TableStore, seat: str, option: int = 0, version: int | None = None) -> int:
    me = client.attach(seat) if client.owner(seat) is None else str(client.owner(seat))
    return client.submit(seat, me, "choose", client.version(seat) if version is None else version, {"option": option})


def test_a_seat_chooses_through_the_store_and_every_screen_sees_it(tmp_path: Path) -> None:
    server, client, save = _table(tmp_path)
    _settle(server)  # the computers take their part of the sealed signals; PRC owes its own
    assert server.host.decision().seats == ("PRC",)
    taken = len(server.host.session.journal)
    packet = load(client.packet("PRC")[1])  # type: ignore[index]
    assert packet.feed.options
    room_before = client.version(PUBLIC)
    sid = _choose(client, "PRC")
    server.step()
    assert client.submission(sid).status == "applied"
    journal = server.host.session.journal
    assert len(journal) == taken + 1 and journal[taken].seat == "PRC" and journal[taken].by == "person"
    assert client.version(PUBLIC) > room_before
    # The store's save and the TOML autosave say the same game.
    assert client.save_text() == save.read_text(encoding="utf-8") == server.save_text()


def test_a_stale_choice_or_a_screen_that_lost_its_seat_is_refused(tmp_path: Path) -> None:
    server, client, _ = _table(tmp_path)
    _settle(server)
    taken = len(server.host.session.journal)
    sid = _choose(client, "PRC", version=client.version("PRC") - 1)
    server.step()
    assert (client.submission(sid).status, client.submission(sid).message) == ("refused", STALE)
    old = client.attach("PRC")
    client.attach("PRC")  # a second screen takes the seat over
    sid = client.submit("PRC", old, "choose", client.version("PRC"), {"option": 0})
    server.step()
    assert client.submission(sid).message == TAKEN_OVER
    assert len(server.host.session.journal) == taken


def test_paused_means_no_computer_moves_and_choices_are_refused(tmp_path: Path) -> None:
    server, client, _ = _table(tmp_path)
    console = client.attach(CONSOLE)
    client.submit(CONSOLE, console, "console", 0, {"action": "pause"})
    server.step()
    assert len(server.host.session.journal) == 0  # a computer would have decided
    assert load(client.packet("PRC")[1]).paused  # type: ignore[index]
    client.submit(CONSOLE, console, "console", 0, {"action": "resume"})
    _settle(server)
    assert len(server.host.session.journal) == 3
    client.submit(CONSOLE, console, "console", 0, {"action": "pause"})
    server.step()
    sid = _choose(client, "PRC")
    server.step()
    assert client.submission(sid).message == PAUSED


def test_serve_wakes_on_a_submission_and_stops(tmp_path: Path) -> None:
    server, client, _ = _table(tmp_path)
    stop = threading.Event()
    thread = threading.Thread(target=server.serve, args=(stop,), kwargs={"tick": 0.01})
    # The server's connection is used from its thread only from here on.
    thread.start()
    try:
        for _ in range(300):
            # Idle: the computers have taken their part and only PRC owes the decision.
            if client.version(CONSOLE) and load(client.packet(CONSOLE)[1]).waiting_on == ("PRC",):  # type: ignore[index]
                break
            stop.wait(0.01)
        sid = _choose(client, "PRC")
        for _ in range(300):
            if client.submission(sid).status != "pending":
                break
            stop.wait(0.01)
        assert client.submission(sid).status == "applied"
        assert client.meta("heartbeat")
    finally:
        stop.set()
        thread.join(5)


def test_flush_brings_the_toml_back_to_the_store(tmp_path: Path) -> None:
    server, store, save = _table(tmp_path)
    server.step()
    kept = store.save_text()
    assert kept is not None and save.read_text(encoding="utf-8") == kept
    save.write_text("behind", encoding="utf-8")  # a stop between the store's write and the file's
    server.flush()
    assert save.read_text(encoding="utf-8") == kept
