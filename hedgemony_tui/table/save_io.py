"""Save files on disk: atomic writes with one backup, careful reads, and load/save helpers.

Writing never leaves a half-written save where a good one was: the text goes to a
temporary file in the same folder, is flushed to disk, the current save is kept as
``<name>.bak`` (one previous version, no more), and only then does an atomic
``os.replace`` put the new file in place; temporary files that a killed write left
behind (ours by name, over a minute old) are removed by the next write. Every failure
is a :class:`~hedgemony_tui.table.errors.SaveError` naming the file. What a *game* save
holds and proves is :mod:`.saves`.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import stat
import tempfile
import time
from pathlib import Path
from typing import Any, TypeVar

from . import tomlsafe
from .codec import FileKind, from_toml_text, to_toml_text
from .errors import SaveError
from .files import FileTooBig, read_regular

T = TypeVar("T")

MAX_SAVE_BYTES = tomlsafe.MAX_SAVE_BYTES
"""A real save is a few hundred kilobytes at most; anything far bigger is not one."""

STALE_TEMP_SECONDS = 60
"""A temporary file of ours older than this was left by a write that was killed."""
_OUR_TEMP = re.compile(r"\..+\.(?:[a-z0-9_]{8}|bak)\.tmp")
"""Our temporary names: ``.<name>.<8 random>.tmp`` (mkstemp) and ``.<name>.bak.tmp``."""


def _read_umask() -> int:
    # The only portable way to read the umask is to set it and put it back; done once,
    # at import, before a front end starts threads that might create files meanwhile.
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_NEW_FILE_MODE = 0o666 & ~_read_umask()
"""The mode an ordinary new file gets; mkstemp's owner-only default would differ."""


def backup_path(path: str | os.PathLike[str]) -> Path:
    """Where the previous version of ``path`` is kept: ``<name>.bak`` beside it."""
    path = Path(path)
    return path.with_name(path.name + ".bak")


def _fsync_folder(folder: Path) -> None:
    # Makes the rename itself durable. Not every system can open a folder (Windows
    # cannot); there the rename is as durable as the system makes it anyway.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _keep_backup(path: Path) -> None:
    """Make ``<name>.bak`` a copy of ``path`` without ever taking ``path`` away."""
    # A hard link costs nothing and the later os.replace of ``path`` leaves the link
    # holding the old content. Renaming ``path`` away instead would leave a moment
    # with no save under its own name; file systems without links get a copy.
    staging = path.with_name(f".{path.name}.bak.tmp")
    with contextlib.suppress(FileNotFoundError):
        os.unlink(staging)
    try:
        os.link(path, staging)
    except OSError:
        shutil.copy2(path, staging)
    os.replace(staging, backup_path(path))


def clean_stale_temps(folder: str | os.PathLike[str], *, now: float | None = None) -> list[Path]:
    """Remove the temporary files a killed write left in ``folder`` (ours by their name,
    regular files, untouched for :data:`STALE_TEMP_SECONDS`); the ones removed.

    A younger one may belong to a write still under way in another process, so it stays.
    Nothing here may fail a save: any error just leaves the file where it is.
    """
    removed: list[Path] = []
    limit = (time.time() if now is None else now) - STALE_TEMP_SECONDS
    try:
        names = [entry for entry in os.scandir(folder) if _OUR_TEMP.fullmatch(entry.name)]
    except OSError:
        return removed
    for entry in names:
        try:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and info.st_mtime < limit:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def write_save(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` atomically, keeping the previous file as ``<name>.bak``.

    On any failure the previous save (and its backup, unless it was already being
    replaced) is left as it was, and :class:`SaveError` says why.
    """
    path = Path(path)
    try:
        payload = text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise SaveError(
            f"the save text cannot be encoded as UTF-8 ({exc.reason})",
            file=str(path),
            hint="This is a bug in Hedgemony TUI; please report it. Nothing was written.",
        ) from exc
    if path.is_dir():
        raise SaveError("this is a folder, not a save file", file=str(path), hint="Choose a file name.")
    temp: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        clean_stale_temps(path.parent)
        mode = path.stat().st_mode & 0o777 if path.exists() else _NEW_FILE_MODE
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as out:
            out.write(payload)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, mode)
        if path.exists():
            _keep_backup(path)
        os.replace(temp, path)
        temp = None
    except OSError as exc:
        raise SaveError(
            f"could not write the save ({exc.strerror or exc})",
            file=str(path),
            hint="Check that the folder is writable and the disk is not full; the previous save, if any, is unchanged.",
        ) from exc
    finally:
        if temp is not None:
            with contextlib.suppress(OSError):
                os.unlink(temp)
    _fsync_folder(path.parent)


def read_save(path: str | os.PathLike[str], *, max_bytes: int = MAX_SAVE_BYTES) -> str:
    """The text of the save at ``path``, refusing what cannot be one (missing, huge, binary)."""
    path = Path(path)
    name = str(path)
    try:
        if not path.exists():
            raise SaveError("there is no file here", file=name, hint="Check the name and folder.")
        if path.is_dir():
            raise SaveError("this is a folder, not a save file", file=name, hint="Choose a file.")
        # The one bounded reader (table.files): a regular file only (a FIFO never blocks,
        # a device is refused), its size checked first, one byte past the cap at most.
        raw = read_regular(path, max_bytes)
    except FileTooBig:
        raw = None  # refused just below, in the words a big file gets
    except OSError as exc:
        raise SaveError(
            f"could not read the file ({exc.strerror or exc})",
            file=name,
            hint="Check that it exists and that you may read it.",
        ) from exc
    if raw is None or len(raw) > max_bytes:
        raise SaveError(
            f"the file is larger than {max_bytes:,} bytes, far too big for a save",
            file=name,
            hint="Choose a save file that Hedgemony TUI wrote.",
        )
    try:
        # utf-8-sig: some editors put a byte-order mark in front, which TOML refuses.
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SaveError(
            f"this is not a text file (byte {exc.start} is not UTF-8)",
            file=name,
            hint="Choose a save file that Hedgemony TUI wrote; restore the backup if this was one.",
        ) from exc


def load(path: str | os.PathLike[str], cls: type[T], *, kind: str | FileKind, allow_edited: bool = False) -> T:
    """Read the ``kind`` file at ``path`` as a ``cls``; errors mention ``<name>.bak`` if there is one.
    ``allow_edited`` accepts a file whose checksum no longer matches (edited on purpose)."""
    path = Path(path)
    try:
        return from_toml_text(read_save(path), cls, kind=kind, allow_edited=allow_edited)
    except SaveError as exc:
        backup = backup_path(path)
        hint = exc.hint
        if backup.is_file():
            hint = f"{hint} The previous version is kept in {backup}: rename it to {path.name} to use it."
        raise exc.for_file(str(path), hint=hint.strip()) from exc


def save(path: str | os.PathLike[str], obj: Any, *, kind: str | FileKind) -> None:
    """Write ``obj`` to ``path`` as a ``kind`` file, atomically, keeping one backup."""
    try:
        text = to_toml_text(obj, kind=kind)
    except SaveError as exc:
        raise exc.for_file(str(path)) from exc
    write_save(path, text)
