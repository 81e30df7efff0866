"""Which file a game saves itself to, and changing a save that someone else may be writing.

Every game in play has its own autosave: a game opened from a file saves back to that
file (with its ``.bak``), and a new game gets a name of its own,
``<game>-<date>-<time>-<short id>.autosave.toml``, never one another game is using.
The title's "Continue" lists the recent ones (:func:`recent_autosaves`).

A replay's bookmark changes a save that a game in play, or another replay, may be
writing at the same time. :func:`~.save_files.update_notes` therefore reads the file as it is now,
under a lock (:func:`locked`: ``fcntl.flock`` on a ``.<name>.lock`` file beside it,
which works between processes), checks that its journal still begins with the
decisions the viewer saw, and writes it back with the new notes. The app's autosave
takes the same lock, so a bookmark never writes back a journal older than the one on
disk.

A game is played in one window at a time: the window playing a file holds its claim
(:func:`claim`: ``fcntl.flock`` on a ``.<name>.claim`` file beside it, held until the game
is closed or replaced; the OS lets go of it when the process ends, however it ends).
Another window asking for the same file is refused (:class:`OpenElsewhere`); a replay
or the room view reads it without a claim. Without flock (Windows) there are no claims.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import os
import secrets
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from .errors import SaveError

# Nothing of the save format (saves, codec, cattrs) is imported here: the title lists the
# autosaves before its first paint, which must not wait for them. What reads or writes a
# save's contents is in :mod:`.save_files`.

AUTOSAVE_SUFFIX = ".autosave.toml"
LOCK_WAIT_SECONDS = 10.0
"""Another writer holds a save's lock for one write (milliseconds); this long is a stuck one."""


def autosave_path(saves_dir: str | os.PathLike[str], game_id: str) -> Path:
    """The autosave file of game ``game_id`` inside ``saves_dir``."""
    # The id becomes a file name: refuse anything that could point elsewhere.
    if not game_id or game_id.startswith(".") or any(c in game_id for c in "/\\:\0"):
        raise SaveError(
            f"{game_id!r} cannot be used as a game id in a file name",
            hint="Use letters, digits, '-' and '_'.",
        )
    return Path(saves_dir) / f"{game_id}.autosave.toml"


def new_autosave_path(saves_dir: str | os.PathLike[str], game_id: str, *, now: _dt.datetime | None = None) -> Path:
    """A new game's own autosave: the game, the date and time, and a short random id (so
    two games started in the same second differ); never a file that exists."""
    now = now or _dt.datetime.now()
    while True:
        # autosave_path checks the game id is a safe file name.
        path = autosave_path(saves_dir, f"{game_id}-{now:%Y%m%d-%H%M%S}-{secrets.token_hex(3)}")
        if not path.exists():
            return path


def autosave_game(path: Path, game_ids: Sequence[str]) -> str | None:
    """The game an autosave's name says it holds (the longest id its name starts with)."""
    name = path.name
    if not name.endswith(AUTOSAVE_SUFFIX):
        return None  # ``autosave.toml`` (the old single one) names no game
    stem = name.removesuffix(AUTOSAVE_SUFFIX)
    found = [g for g in game_ids if stem == g or stem.startswith(g + "-")]
    return max(found, key=len, default=None)


def recent_autosaves(saves_dir: str | os.PathLike[str], limit: int = 12) -> list[Path]:
    """The autosaves in ``saves_dir``, newest first (at most ``limit``); none if unreadable."""
    try:
        # Absolute: a relative name would be read against the saves folder again.
        found = []
        # ``autosave.toml``: the one autosave of the days before there were several games.
        for path in Path(saves_dir).resolve().glob("*autosave.toml"):
            if path.name != "autosave.toml" and not path.name.endswith(AUTOSAVE_SUFFIX):
                continue
            with contextlib.suppress(OSError):
                if path.is_file() and not path.name.startswith("."):
                    found.append((path.stat().st_mtime, path))
    except OSError:
        return []
    found.sort(key=lambda pair: pair[0], reverse=True)
    return [path for _, path in found[:limit]]


def _fcntl() -> Any:
    """The ``fcntl`` module, or None where there is no flock (Windows): no claims then,
    and the atomic write still never leaves half a save."""
    try:
        # At call time, not at the top: the module is absent on Windows, and the tests
        # stand in for Windows by hiding it (sys.modules["fcntl"] = None).
        import fcntl
    except ImportError:
        return None
    return fcntl


@contextlib.contextmanager
def locked(path: str | os.PathLike[str], *, wait: float = LOCK_WAIT_SECONDS) -> Iterator[None]:
    """Hold the lock of the save at ``path`` (between processes too); SaveError when
    another writer keeps it longer than ``wait`` seconds."""
    fcntl = _fcntl()
    if fcntl is None:
        yield
        return
    path = Path(path)
    lock = path.with_name(f".{path.name}.lock")
    try:
        lock.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o666)
    except OSError as exc:
        raise SaveError(
            f"cannot lock the save ({exc.strerror or exc})", file=str(path), hint="Check that its folder is writable."
        ) from None
    try:
        limit = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > limit:
                    raise SaveError(
                        "another program has been writing this save for too long",
                        file=str(path),
                        hint="Try again in a moment; nothing was changed.",
                    ) from None
                time.sleep(0.02)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock


class OpenElsewhere(SaveError):
    """The game in this file is being played in another window (another claim holds it)."""

    def __init__(self, path: Path) -> None:
        shown = str(path) if str(path).isprintable() else ascii(str(path))
        super().__init__(
            "it is open in another window (two windows playing one file overwrite each other's moves)",
            hint="Close it there first, or follow it here read-only with `hedgemony room` or "
            f"`hedgemony replay` and the file: {shown}",
        )
        self.file = shown


class Claim:
    """A window's hold on the save it plays (see the module docstring); ``release`` ends it."""

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path = Path(os.path.realpath(path))  # as the Continue list names it (resolved)
        self._fd = fd

    def covers(self, path: str | os.PathLike[str]) -> bool:
        """Whether this is the claim on ``path``."""
        return self.path == Path(os.path.realpath(path))

    def release(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)  # closing the descriptor releases the flock
            self._fd = None

    @property
    def held(self) -> bool:
        return self._fd is not None


def forget_autosave(path: str | os.PathLike[str]) -> None:
    """Remove a game's own autosave with what lies beside it (its ``.bak``, its hidden claim
    and lock files), once the game no longer lives there (saved under a name, or a lesson,
    which keeps none); a file that cannot be removed stays."""
    path = Path(path)
    for gone in (path, path.with_name(path.name + ".bak"), claim_file(path), path.with_name(f".{path.name}.lock")):
        with contextlib.suppress(OSError):
            gone.unlink(missing_ok=True)


def claim_file(path: str | os.PathLike[str]) -> Path:
    """Where the claim on the save at ``path`` is kept (beside it, hidden)."""
    path = Path(path)
    return path.with_name(f".{path.name}.claim")


def claim(path: str | os.PathLike[str]) -> Claim:
    """Claim the save at ``path`` for play in this window; OpenElsewhere when another
    window (another claim, in this process or another) holds it. Without flock, or when
    the claim file cannot be made (a read-only folder), an empty claim: play as before."""
    path = Path(path)
    fcntl = _fcntl()
    if fcntl is None:
        return Claim(path, None)
    try:
        fd = os.open(claim_file(path), os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o666)
    except OSError:
        return Claim(path, None)  # the autosave will say what is wrong with the folder
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise OpenElsewhere(path) from None
    except OSError:
        os.close(fd)
        return Claim(path, None)  # a file system without flock: as before claims
    return Claim(path, fd)


ORPHAN_AGE = 3600.0
"""Seconds a claim or lock file must have stood unused, its save gone, before it is swept."""


def sweep_orphans(saves_dir: str | os.PathLike[str], *, now: float | None = None) -> list[Path]:
    """Remove the hidden claim and lock files whose save is gone (deleted by hand): they
    stayed in the folder for ever. Only files an hour old that no window holds (the flock
    is taken before the file goes) are removed; returns those removed."""
    fcntl = _fcntl()
    if fcntl is None:
        return []
    now = time.time() if now is None else now
    removed = []
    try:
        candidates = [p for p in Path(saves_dir).glob(".*") if p.suffix in (".claim", ".lock")]
    except OSError:
        return []
    for hidden in candidates:
        save = hidden.with_name(hidden.name[1 : -len(hidden.suffix)])
        try:
            if save.exists() or now - hidden.lstat().st_mtime < ORPHAN_AGE or not hidden.is_file():
                continue
            fd = os.open(hidden, os.O_RDWR | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            hidden.unlink()
            removed.append(hidden)
        except OSError:
            pass  # held by a window, or gone already
        finally:
            os.close(fd)
    return removed


def open_elsewhere(path: str | os.PathLike[str]) -> bool:
    """Whether another claim than ours holds the save at ``path`` now (for the Continue
    list; a claim this window holds counts too, so the caller leaves its own game out)."""
    fcntl = _fcntl()
    if fcntl is None:
        return False
    try:
        fd = os.open(claim_file(path), os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return False  # no claim file: never claimed
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(fd)
    return False
