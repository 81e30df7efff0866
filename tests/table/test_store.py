"""The table's store (table/store.py): codes, clients, packets, submissions and the
save text, as several processes see them through one SQLite file."""

from __future__ import annotations

import os
import stat
import subprocess
import sys

import pytest

from hedgemony_tui.table.store import APPLIED, CONSOLE, CONSOLE_ROLE, REFUSED, StoreError, TableStore


@pytest.fixture
def store(tmp_path):
    made = TableStore.create(tmp_path / "t.table.sqlite", game="hedgemony")
    yield made
    made.close()


def test_a_new_store_is_private_and_never_made_over_an_existing_file(tmp_path, store):
    assert stat.S_IMODE(os.stat(store.path).st_mode) == 0o600
    with pytest.raises(StoreError, match="already exists"):
        TableStore.create(store.path, game="hedgemony")
    other = tmp_path / "notes.txt"
    other.write_text("not a store")
    with pytest.raises(StoreError, match="not a table store"):
        TableStore.open(other)
    with pytest.raises(StoreError, match="no such table store"):
        TableStore.open(tmp_path / "missing.sqlite")
    assert TableStore.open(store.path).meta("game") == "hedgemony"


def test_codes_are_long_hashed_one_per_seat_and_revocable(store):
    code = store.new_code("US")
    assert len(code) >= 22  # 16 random bytes in URL-safe base64
    assert store.code_seat(code) == ("US", "seat")
    assert code not in store.path.read_bytes().decode("latin-1")  # only its hash is kept
    again = store.new_code("US")
    assert store.code_seat(code) is None and store.code_seat(again) == ("US", "seat")
    console = store.new_code(CONSOLE, CONSOLE_ROLE)
    assert store.code_seat(console) == (CONSOLE, CONSOLE_ROLE)
    assert store.code_seat("made-up") is None
    store.revoke("US")
    assert store.code_seat(again) is None


def test_a_second_screen_for_a_seat_takes_it_over(store):
    first = store.attach("US")
    assert store.owner("US") == first
    second = store.attach("US")
    assert store.owner("US") == second != first
    store.detach(second)
    assert store.owner("US") is None


def test_a_packet_version_moves_only_when_its_bytes_change(store):
    assert store.publish({"US": b"a", "RU": b"x"}, "save 1", 1) == {"US": 1, "RU": 1}
    assert store.publish({"US": b"a", "RU": b"y"}, "save 2", 2) == {"US": 1, "RU": 2}
    assert store.packet("US") == (1, b"a") and store.version("RU") == 2 and store.version("IR") == 0
    assert store.save_text() == "save 2"


def test_submissions_are_json_settled_in_order(store):
    one = store.submit("US", "c1", "choose", 3, {"option": 2})
    two = store.submit("RU", "c2", "seen", 1, {"count": 1})
    assert [s.id for s in store.pending()] == [one, two]
    assert store.pending()[0].body == {"option": 2}
    store.settle(one, APPLIED)
    store.settle(two, REFUSED, "The decision changed meanwhile")
    assert store.pending() == []
    assert store.submission(two).message == "The decision changed meanwhile"
    with pytest.raises(StoreError):
        store.settle(one, "maybe")


def test_another_process_commit_moves_data_version_and_is_read(store):
    before = store.data_version()
    script = (
        "import sys; from hedgemony_tui.table.store import TableStore; "
        "s = TableStore.open(sys.argv[1]); s.submit('US', 'c', 'choose', 1, {'option': 0})"
    )
    subprocess.run([sys.executable, "-c", script, str(store.path)], check=True)
    assert store.data_version() != before
    assert [s.kind for s in store.pending()] == ["choose"]


def test_answers_land_with_the_packets_they_lead_to(store):
    sid = store.submit("US", "c1", "choose", 1, {"option": 0})
    store.publish({"US": b"after"}, "save", 1, [(sid, APPLIED, "")])
    assert store.submission(sid).status == APPLIED and store.packet("US") == (1, b"after")
    with pytest.raises(StoreError):  # a bad answer writes nothing, not even the packets
        store.publish({"US": b"later"}, None, None, [(sid, "maybe", "")])
    assert store.packet("US") == (1, b"after")


@pytest.mark.skipif(sys.platform == "win32", reason="the host lock is POSIX's flock")
def test_one_host_at_a_time_and_a_dead_hosts_lock_is_gone(tmp_path, store):
    store.claim_host()
    assert (tmp_path / "t.table.sqlite.host").read_text() == str(os.getpid())
    second = TableStore.open(store.path)
    try:
        with pytest.raises(StoreError, match=r"another host is already running this table \(process \d+\)"):
            second.claim_host()
        store.close()  # the first host stops (or dies: the kernel drops the lock either way)
        second.claim_host()
    finally:
        second.close()
