"""Saving from the screens: the autosave written off the UI thread after every decision,
default save names, where a typed name points, and which files may be overwritten.

What a save holds is taken on the UI thread: the session's immutable parts (the state,
the start, the journal as a tuple, the seats, the notes), which nothing can change under
the writer. The text is made from them on the writer's thread with the write and its
fsyncs (a late game's save is a megabyte and took 0.4 s to make, after every decision).
Writes never overlap or land out of order: one writer per app keeps the newest game
pending and writes it after the one under way — the games in between are never made
into text — so the file on disk is always the latest decision or the one before it, and
never half of one (``write_save`` is atomic).
"""

from __future__ import annotations

import datetime as _dt
import os
import stat
import threading
from collections.abc import Callable
from pathlib import Path

from hedgemony_tui.table import registry
from hedgemony_tui.table.codec import peek_kind
from hedgemony_tui.table.errors import HedgemonyError
from hedgemony_tui.table.save_files import write_locked
from hedgemony_tui.table.save_io import read_save
from hedgemony_tui.table.save_slots import AUTOSAVE_SUFFIX


class AutosaveWriter:
    """One file written in the background, newest text last (see the module docstring).

    ``submit`` is called on the UI thread with the text (or what makes it: see the module
    docstring) and a generation number; the thread writes it and reports through
    ``done(generation, problem)`` (problem "" when written), which the app runs back on
    its own thread."""

    def __init__(self, write: Callable[[Path, str], None], done: Callable[[int, str], None]) -> None:
        self._write = write
        self._done = done
        self._lock = threading.Lock()
        self._pending: tuple[Path, str | Callable[[], str], int] | None = None
        self._thread: threading.Thread | None = None

    def submit(self, path: Path, text: str | Callable[[], str], generation: int) -> None:
        with self._lock:
            self._pending = (path, text, generation)
            if self._thread is not None and self._thread.is_alive():
                return  # the running writer picks it up when its write ends
            self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:
            with self._lock:
                job, self._pending = self._pending, None
                if job is None:
                    self._thread = None
                    return
            path, text, generation = job
            try:
                self._write(path, text if isinstance(text, str) else text())
                problem = ""
            except (HedgemonyError, OSError) as exc:
                problem = str(exc)
            self._done(generation, problem)

    def busy(self) -> bool:
        with self._lock:
            return self._pending is not None or (self._thread is not None and self._thread.is_alive())

    def flush(self, timeout: float = 10.0) -> None:
        """Wait for the writes under way (at quit: the last decision must reach the disk)."""
        while True:
            with self._lock:
                thread = self._thread
            if thread is None or not thread.is_alive():
                return
            thread.join(timeout)
            if thread.is_alive():
                return


def locked_writer(done: Callable[[int, str], None]) -> AutosaveWriter:
    """The app's autosave writer: each write under the save's lock (a replay bookmarking
    the same file reads and writes it whole), reporting through ``done``."""
    return AutosaveWriter(write_locked, done)


def default_save_name(game_id: str, turn: int, now: _dt.datetime | None = None) -> str:
    """A name no other game shares: the game, the date and time, and the turn — never the
    seed (it predicts the dice)."""
    now = now or _dt.datetime.now()
    return f"{game_id}-{now:%Y-%m-%d-%H%M%S}-turn{turn}.toml"


def kept_save(save_path: str | None) -> str | None:
    """The file the game in play is kept in under a name (a save that lasts until someone
    deletes it), or None while it lives in an autosave only: a game's own autosave is
    one of many in the title's "Continue" list, named by a date, not by the players."""
    if not save_path or Path(save_path).name.endswith(AUTOSAVE_SUFFIX) or Path(save_path).name == "autosave.toml":
        return None
    return save_path


def resolve_save_path(saves_dir: Path, typed: str) -> Path:
    """Where a typed save name points: a bare or relative name lives in the saves folder
    (never the folder the app was started from); ``.toml`` is added when missing."""
    target = Path(typed.strip()).expanduser()
    if not target.is_absolute():
        target = saves_dir / target
    if target.suffix != ".toml":
        target = target.with_name(target.name + ".toml")
    return target


def folder_refusal(saves_dir: Path, path: Path) -> str:
    """Why a save cannot go to ``path``'s folder ("" when it can): a folder outside the saves
    folder must exist already. A typo in a typed folder once made the folders silently and
    said "saved"; inside the saves folder, new subfolders are made as needed."""
    if path.parent.is_dir():
        return ""
    try:
        path.parent.resolve().relative_to(saves_dir.resolve())
    except ValueError:
        return f"there is no folder {path.parent}"
    return ""


def overwrite_refusal(path: Path) -> str:
    """Why ``path`` must not be overwritten by a save ("" when it is free or one of ours):
    only a regular file whose header names a game on this table may be replaced."""
    try:
        info = os.stat(path, follow_symlinks=False)
    except FileNotFoundError:
        return ""
    except OSError as exc:
        return f"{path} cannot be checked ({exc.strerror or exc})"
    if not stat.S_ISREG(info.st_mode):
        return f"{path} is not a regular file"
    try:
        kind = peek_kind(read_save(path))
    except (HedgemonyError, OSError, UnicodeError) as exc:
        return f"{path} is not a save of a game here ({exc})"
    if registry.game_for_kind(kind) is None:
        return f"{path} is not a save of a game here"
    return ""
