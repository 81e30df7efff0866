"""The table's store: one SQLite file that every screen of a table shares (issue 34).

One process, the table server, owns the game; every screen (a seat's terminal, a browser
tab, the facilitator's console, the room on a projector) is a process of its own that
reads only its seat's **packet** from this store and writes **submissions** to it. The
store is the only thing they share: a screen that is closed, or a server that is killed,
loses nothing that was committed here.

* ``meta``: the game, the save file, the server's heartbeat, pause and pace.
* ``codes``: a join code per seat (and one for the console). Only a code's sha256 is
  kept; the code itself (128 random bits) is shown once, when made, and a new code for a
  seat revokes the old one.
* ``clients``: the one screen that holds each seat now. A second screen for the same seat
  takes it over; the first sees it no longer holds it and says so.
* ``packets``: each seat's packet (what it may see), with a version bumped only when its
  bytes change, so a screen redraws only when its own view moved.
* ``submissions``: what screens asked for, in order, with the server's answer.
* ``save``: the game's TOML save text, written in the same transaction as the packets
  it matches.

One host at a time: :meth:`TableStore.claim_host` takes an exclusive lock on a file beside
the store (``<store>.host``, holding the host's process id) for as long as the host runs.
A second ``hedgemony host --resume`` of the same table is refused, instead of two servers
applying the same submissions. The kernel drops the lock when the process ends, even by
``kill -9``, so a host that died never blocks its own resumption.

Screens watch ``PRAGMA data_version`` (which changes when another connection commits), a
cheap check that reads nothing of the game. WAL mode lets them read while the server
writes; ``synchronous=NORMAL`` keeps every commit through a killed process.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import sqlite3
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

try:  # POSIX; elsewhere the lock is not taken (one host is then the facilitator's care)
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

FORMAT = "1"
CONSOLE = "@console"
"""The packet and client key of the facilitator's console (no seat is named so)."""
PLAYED_BY = "played_by:"
"""A meta key's prefix: ``played_by:SEAT`` is "computer" or "person" once the console switched it."""

SEAT, CONSOLE_ROLE = "seat", "console"
PENDING, APPLIED, REFUSED = "pending", "applied", "refused"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS codes (
    code_hash TEXT PRIMARY KEY, seat TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('seat', 'console')),
    revoked INTEGER NOT NULL DEFAULT 0, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS clients (seat TEXT PRIMARY KEY, client_id TEXT NOT NULL, since REAL NOT NULL, seen REAL NOT NULL);
CREATE TABLE IF NOT EXISTS packets (seat TEXT PRIMARY KEY, version INTEGER NOT NULL, body BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS submissions (
    id INTEGER PRIMARY KEY AUTOINCREMENT, seat TEXT NOT NULL, client_id TEXT NOT NULL, kind TEXT NOT NULL,
    version INTEGER NOT NULL, body TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'pending',
    message TEXT NOT NULL DEFAULT '', at REAL NOT NULL, done REAL);
CREATE TABLE IF NOT EXISTS save (id INTEGER PRIMARY KEY CHECK (id = 1), text TEXT NOT NULL, decisions INTEGER NOT NULL);
"""


class StoreError(Exception):
    """A store that cannot be used, said in one line for a person."""


@attrs.frozen
class Submission:
    """One thing a screen asked for, and the server's answer once settled."""

    id: int
    seat: str
    client_id: str
    kind: str
    version: int
    body: dict[str, Any]
    status: str
    message: str


def _hash(code: str) -> str:
    return hashlib.sha256(code.strip().encode()).hexdigest()


class TableStore:
    """A connection to a table's store (see the module docstring); one per process."""

    def __init__(self, path: Path, connection: sqlite3.Connection) -> None:
        self.path = path
        self._db = connection
        self._host_lock: int | None = None

    # --- opening -------------------------------------------------------------------------------

    @classmethod
    def create(cls, path: str | os.PathLike[str], *, game: str) -> TableStore:
        """A new store for a game of ``game``; an existing file is refused, never reused."""
        where = Path(path)
        if where.exists():
            raise StoreError(f"{where} already exists: name a new file, or resume it with --resume")
        try:
            where.parent.mkdir(parents=True, exist_ok=True)
            # Only its owner may read it: it holds every seat's packet (their secrets).
            fd = os.open(where, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
            os.close(fd)
        except OSError as exc:
            raise StoreError(f"cannot create {where}: {exc.strerror or exc}") from None
        store = cls._connect(where)
        with store._db:
            store._db.executescript(_SCHEMA)
            store._db.executemany(
                "INSERT INTO meta (key, value) VALUES (?, ?)",
                [("format", FORMAT), ("game", game), ("created", repr(time.time())), ("paused", "0")],
            )
        return store

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> TableStore:
        """An existing store; a missing file or one that is not a table's store is refused."""
        where = Path(path)
        if not where.is_file():
            raise StoreError(f"{where}: no such table store (hedgemony host makes one)")
        store = cls._connect(where)
        try:
            row = store._db.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
        except sqlite3.DatabaseError:
            row = None
        if row is None or row[0] != FORMAT:
            store.close()
            raise StoreError(f"{where} is not a table store of this program")
        return store

    @classmethod
    def _connect(cls, where: Path) -> TableStore:
        try:
            db = sqlite3.connect(where, timeout=5.0, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{where} is not a table store of this program ({exc})") from None
        # isolation_level=None: autocommit, with explicit transactions where several writes
        # must land together (``with self._tx()``).
        db.isolation_level = None
        return cls(where, db)

    def close(self) -> None:
        self._db.close()
        if self._host_lock is not None:
            os.close(self._host_lock)  # closing the descriptor drops the lock
            self._host_lock = None

    def claim_host(self) -> None:
        """Hold this table's host lock until :meth:`close`, or refuse in one line when
        another process holds it (see the module docstring)."""
        if fcntl is None or self._host_lock is not None:
            return
        where = self.path.with_name(self.path.name + ".host")
        try:
            fd = os.open(where, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as exc:
            raise StoreError(f"cannot open {where}: {exc.strerror or exc}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = os.read(fd, 32).decode(errors="replace").strip()
            os.close(fd)
            who = f" (process {holder})" if holder.isdigit() else ""
            raise StoreError(
                f"another host is already running this table{who}: stop it first (Ctrl+C in its terminal), "
                "or join the table instead"
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        self._host_lock = fd

    def _tx(self) -> sqlite3.Connection:
        self._db.execute("BEGIN IMMEDIATE")
        return self._db

    def _commit(self) -> None:
        self._db.execute("COMMIT")

    def _rollback(self) -> None:
        self._db.execute("ROLLBACK")

    def _write(self, sql: str, args: tuple[Any, ...] = ()) -> sqlite3.Cursor:
        return self._db.execute(sql, args)

    def data_version(self) -> int:
        """Changes whenever another connection committed (SQLite's own counter)."""
        return int(self._db.execute("PRAGMA data_version").fetchone()[0])

    # --- meta ----------------------------------------------------------------------------------

    def meta(self, key: str, default: str = "") -> str:
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return str(row[0]) if row else default

    def set_meta(self, key: str, value: str) -> None:
        self._write(
            "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    # --- codes ---------------------------------------------------------------------------------

    def new_code(self, seat: str, role: str = SEAT) -> str:
        """A fresh code for ``seat`` (its earlier codes of that role stop working); the
        plaintext is returned once and never stored."""
        if role not in (SEAT, CONSOLE_ROLE):
            raise StoreError(f"a code is for a seat or the console, not {role!r}")
        code = secrets.token_urlsafe(16)  # 128 bits
        while code.startswith("-"):
            # a code is typed after `hedgemony join`, where a leading dash reads as an option
            code = secrets.token_urlsafe(16)
        self._tx()
        try:
            self._write("UPDATE codes SET revoked = 1 WHERE seat = ? AND role = ?", (seat, role))
            self._write(
                "INSERT INTO codes (code_hash, seat, role, created) VALUES (?, ?, ?, ?)",
                (_hash(code), seat, role, time.time()),
            )
        except BaseException:
            self._rollback()
            raise
        self._commit()
        return code

    def code_seat(self, code: str) -> tuple[str, str] | None:
        """(seat, role) of a code that is still good; None for an unknown or revoked one."""
        row = self._db.execute("SELECT seat, role, revoked FROM codes WHERE code_hash = ?", (_hash(code),)).fetchone()
        if row is None or row[2]:
            return None
        return str(row[0]), str(row[1])

    def revoke(self, seat: str) -> None:
        """Every code of ``seat`` stops working, and its screen loses the seat."""
        self._tx()
        try:
            self._write("UPDATE codes SET revoked = 1 WHERE seat = ?", (seat,))
            self._write("DELETE FROM clients WHERE seat = ?", (seat,))
        except BaseException:
            self._rollback()
            raise
        self._commit()

    # --- clients -------------------------------------------------------------------------------

    def attach(self, seat: str) -> str:
        """A new screen for ``seat``: it takes the seat over (a screen already there loses it)."""
        client = secrets.token_hex(8)
        now = time.time()
        self._write(
            "INSERT INTO clients (seat, client_id, since, seen) VALUES (?, ?, ?, ?) "
            "ON CONFLICT(seat) DO UPDATE SET client_id = excluded.client_id, since = excluded.since, seen = excluded.seen",
            (seat, client, now, now),
        )
        return client

    def owner(self, seat: str) -> str | None:
        row = self._db.execute("SELECT client_id FROM clients WHERE seat = ?", (seat,)).fetchone()
        return str(row[0]) if row else None

    def seen(self, client_id: str) -> None:
        self._write("UPDATE clients SET seen = ? WHERE client_id = ?", (time.time(), client_id))

    def detach(self, client_id: str) -> None:
        self._write("DELETE FROM clients WHERE client_id = ?", (client_id,))

    def clients(self) -> dict[str, float]:
        """Seat → when its screen was last seen."""
        return {str(s): float(t) for s, t in self._db.execute("SELECT seat, seen FROM clients ORDER BY seat")}

    # --- packets and the save ------------------------------------------------------------------

    def publish(
        self,
        packets: Mapping[str, bytes],
        save_text: str | None = None,
        decisions: int | None = None,
        settled: Sequence[tuple[int, str, str]] = (),
    ) -> dict[str, int]:
        """Write the packets (and the save text they match) in one transaction, with the
        answers to the submissions they follow from (``settled``: id, status, message), so a
        screen told "applied" always finds the packet after it; a seat's version moves only
        when its bytes changed. Returns every packet's version."""
        self._tx()
        try:
            for sid, status, message in settled:
                self._settle(sid, status, message)
            for seat, body in packets.items():
                row = self._db.execute("SELECT version, body FROM packets WHERE seat = ?", (seat,)).fetchone()
                if row is None:
                    self._write("INSERT INTO packets (seat, version, body) VALUES (?, 1, ?)", (seat, body))
                elif bytes(row[1]) != body:
                    self._write(
                        "UPDATE packets SET version = ?, body = ? WHERE seat = ?", (int(row[0]) + 1, body, seat)
                    )
            if save_text is not None:
                self._write(
                    "INSERT INTO save (id, text, decisions) VALUES (1, ?, ?) "
                    "ON CONFLICT(id) DO UPDATE SET text = excluded.text, decisions = excluded.decisions",
                    (save_text, decisions if decisions is not None else -1),
                )
            versions = {str(s): int(v) for s, v in self._db.execute("SELECT seat, version FROM packets")}
        except BaseException:
            self._rollback()
            raise
        self._commit()
        return versions

    def packet(self, seat: str) -> tuple[int, bytes] | None:
        row = self._db.execute("SELECT version, body FROM packets WHERE seat = ?", (seat,)).fetchone()
        return (int(row[0]), bytes(row[1])) if row else None

    def version(self, seat: str) -> int:
        row = self._db.execute("SELECT version FROM packets WHERE seat = ?", (seat,)).fetchone()
        return int(row[0]) if row else 0

    def save_text(self) -> str | None:
        row = self._db.execute("SELECT text FROM save WHERE id = 1").fetchone()
        return str(row[0]) if row else None

    # --- submissions ---------------------------------------------------------------------------

    def submit(self, seat: str, client_id: str, kind: str, version: int, body: Mapping[str, Any]) -> int:
        """A screen's request (JSON only: the server never unpickles what a screen wrote)."""
        cursor = self._write(
            "INSERT INTO submissions (seat, client_id, kind, version, body, at) VALUES (?, ?, ?, ?, ?, ?)",
            (seat, client_id, kind, int(version), json.dumps(dict(body)), time.time()),
        )
        return int(cursor.lastrowid or 0)

    def pending(self) -> list[Submission]:
        """The submissions not yet settled, oldest first."""
        rows = self._db.execute(
            "SELECT id, seat, client_id, kind, version, body, status, message FROM submissions "
            "WHERE status = 'pending' ORDER BY id"
        ).fetchall()
        return [_submission(row) for row in rows]

    def settle(self, sid: int, status: str, message: str = "") -> None:
        self._settle(sid, status, message)

    def _settle(self, sid: int, status: str, message: str) -> None:
        if status not in (APPLIED, REFUSED):
            raise StoreError(f"a submission is settled as applied or refused, not {status!r}")
        self._write(
            "UPDATE submissions SET status = ?, message = ?, done = ? WHERE id = ?", (status, message, time.time(), sid)
        )

    def submission(self, sid: int) -> Submission:
        row = self._db.execute(
            "SELECT id, seat, client_id, kind, version, body, status, message FROM submissions WHERE id = ?", (sid,)
        ).fetchone()
        if row is None:
            raise StoreError(f"no submission {sid}")
        return _submission(row)


def _submission(row: tuple[Any, ...]) -> Submission:
    try:
        body = json.loads(row[5])
    except ValueError:
        body = {}
    return Submission(
        int(row[0]),
        str(row[1]),
        str(row[2]),
        str(row[3]),
        int(row[4]),
        body if isinstance(body, dict) else {},
        str(row[6]),
        str(row[7]),
    )
