"""`hedgemony host` killed with SIGKILL mid-game and resumed (issue 34): the store keeps
the game, the codes still work, the TOML autosave agrees with the store and opens."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hedgemony_tui.table.remote_feed import load
from hedgemony_tui.table.store import TableStore

pytestmark = pytest.mark.slow
PEOPLE = ("US", "PRC")
HEDGEMONY = [sys.executable, "-m", "hedgemony_tui"]


def _start(cwd: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*HEDGEMONY, "host", *args], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def _read_until(proc: subprocess.Popen[str], marker: str) -> str:
    lines = []
    assert proc.stdout is not None
    for line in proc.stdout:
        lines.append(line)
        if marker in line:
            return "".join(lines)
    raise AssertionError("the host said: " + "".join(lines) + (proc.stderr.read() if proc.stderr else ""))


def _play(store: TableStore, clients: dict[str, str], decisions: int, timeout: float = 60) -> None:
    """As two screens would: choose option 0 whenever a seat owes the decision, until the
    journal in the store's save has ``decisions`` decisions."""
    end = time.monotonic() + timeout
    asked: dict[str, int] = {}
    while time.monotonic() < end:
        if _decisions(store) >= decisions:
            return
        for seat, client in clients.items():
            got = store.packet(seat)
            if got is None:
                continue
            version, body = got
            packet = load(body)
            if packet.results:
                store.submit(seat, client, "seen", version, {"count": len(packet.results)})
            if packet.feed.options and asked.get(seat) != version:
                asked[seat] = version
                store.submit(seat, client, "choose", version, {"option": 0})
        time.sleep(0.05)
    last = store._db.execute("SELECT seat, kind, version, status, message FROM submissions ORDER BY id DESC LIMIT 4")
    raise AssertionError(f"the game stalled at {_decisions(store)} decisions; last asked: {last.fetchall()}")


def _decisions(store: TableStore) -> int:
    row = store._db.execute("SELECT decisions FROM save WHERE id = 1").fetchone()
    return int(row[0]) if row else 0


def _journal(store: TableStore) -> list[str]:
    text = store.save_text() or ""
    return re.findall(r"^\[\[journal\]\]$[^\[]*", text, flags=re.M)


def test_the_host_killed_mid_game_resumes_from_its_store(tmp_path: Path) -> None:
    store_path = tmp_path / "table.sqlite"
    people = [arg for seat in PEOPLE for arg in ("--person", seat)]
    host = _start(tmp_path, *people, "--store", str(store_path), "--bot-delay", "0", "--white-cell", "random")
    try:
        said = _read_until(host, "Ctrl+C")
        codes = {k: v for k, v in re.findall(r"^  \S+ \((\w+)\): (\S+)$", said, flags=re.M) if k in PEOPLE}
        assert "Console (facilitator)" in said
        assert set(codes) == set(PEOPLE)
        store = TableStore.open(store_path)
        seats = {store.code_seat(code)[0]: code for code in codes.values()}  # type: ignore[index]
        clients = {seat: store.attach(seat) for seat in seats}
        _play(store, clients, 12)
    finally:
        os.kill(host.pid, signal.SIGKILL)
        host.wait(10)
    before = _journal(store)
    assert len(before) >= 12
    resumed = _start(tmp_path, "--resume", str(store_path))
    try:
        _read_until(resumed, "Resumed the table")
        # A second host of the same table is refused, and changes nothing.
        held = store.save_text()
        twice = subprocess.run(
            [*HEDGEMONY, "host", "--resume", str(store_path)], cwd=tmp_path, capture_output=True, text=True, timeout=60
        )
        assert twice.returncode == 2
        assert "another host is already running this table" in twice.stderr
        assert "Traceback" not in twice.stderr
        assert store.save_text() == held
        # The codes still give their seats; the seats go on from where they were.
        assert {store.code_seat(code)[0] for code in codes.values()} == set(PEOPLE)  # type: ignore[index]
        _play(store, clients, len(before) + 10)
        after = _journal(store)
        assert after[: len(before)] == before  # the same game, nothing lost
    finally:
        resumed.send_signal(signal.SIGINT)
        out, err = resumed.communicate(timeout=20)
    assert resumed.returncode == 0, err
    save = Path(store.meta("save_path"))
    assert save.read_text(encoding="utf-8") == store.save_text()
    shown = subprocess.run([*HEDGEMONY, "show", str(save)], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert shown.returncode == 0, shown.stderr
