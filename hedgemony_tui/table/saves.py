"""Save files on disk: atomic writes with one backup, careful reads, and load/save helpers.

The text format belongs to :mod:`hedgemony_tui.games.hedgemony.engine.codec`; this module only moves
that text to and from files, which is why it sits outside the (pure) engine.

Writing never leaves a half-written save where a good one was: the text goes to a
temporary file in the same folder, is flushed to disk, the current save is kept as
``<name>.bak`` (one previous version, no more), and only then does an atomic
``os.replace`` put the new file in place. Every failure is a
:class:`~hedgemony_tui.table.errors.SaveError` naming the file.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any, TypeVar

from hedgemony_tui.table.codec import from_toml_text, to_toml_text
from hedgemony_tui.table.errors import SaveError

T = TypeVar("T")

MAX_SAVE_BYTES = 5_000_000
"""A real save is a few hundred kilobytes at most; anything far bigger is not one."""


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


def autosave_path(saves_dir: str | os.PathLike[str], game_id: str) -> Path:
    """The autosave file of game ``game_id`` inside ``saves_dir``."""
    # The id becomes a file name: refuse anything that could point elsewhere.
    if not game_id or game_id.startswith(".") or any(c in game_id for c in "/\\:\0"):
        raise SaveError(
            f"{game_id!r} cannot be used as a game id in a file name",
            hint="Use letters, digits, '-' and '_'.",
        )
    return Path(saves_dir) / f"{game_id}.autosave.toml"


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
        raise SaveError(
            "this is a folder, not a save file", file=str(path), hint="Choose a file name."
        )
    temp: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
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
            hint="Check that the folder is writable and the disk is not full;"
            " the previous save, if any, is unchanged.",
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
        with open(path, "rb") as source:
            # Read one byte past the cap rather than trust the size: the file may grow,
            # or be a device with no size at all.
            raw = source.read(max_bytes + 1)
    except OSError as exc:
        raise SaveError(
            f"could not read the file ({exc.strerror or exc})",
            file=name,
            hint="Check that it exists and that you may read it.",
        ) from exc
    if len(raw) > max_bytes:
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


def load(path: str | os.PathLike[str], cls: type[T], *, kind: str) -> T:
    """Read the ``kind`` file at ``path`` as a ``cls``; errors mention ``<name>.bak`` if there is one."""
    path = Path(path)
    try:
        return from_toml_text(read_save(path), cls, kind=kind)
    except SaveError as exc:
        backup = backup_path(path)
        hint = exc.hint
        if backup.is_file():
            hint = f"{hint} The previous version is kept in {backup}: rename it to {path.name} to use it."
        raise exc.for_file(str(path), hint=hint.strip()) from exc


def save(path: str | os.PathLike[str], obj: Any, *, kind: str) -> None:
    """Write ``obj`` to ``path`` as a ``kind`` file, atomically, keeping one backup."""
    try:
        text = to_toml_text(obj, kind=kind)
    except SaveError as exc:
        raise exc.for_file(str(path)) from exc
    write_save(path, text)


# --- game saves ----------------------------------------------------------------------------

GAME_KIND = "hedgemony-save"


def save_game(path: str | os.PathLike[str], state: Any) -> None:
    """Write a game state atomically, keeping the previous save as ``<name>.bak``."""
    save(path, state, kind=GAME_KIND)


def load_game(path: str | os.PathLike[str]) -> Any:
    """Read a game state and check it against its scenario; SaveError on any problem."""
    from hedgemony_tui.games.hedgemony.engine.content import content_for
    from hedgemony_tui.games.hedgemony.engine.integrity import problems
    from hedgemony_tui.games.hedgemony.engine.state import GameState

    state = load(path, GameState, kind=GAME_KIND)
    try:
        content = content_for(state.scenario)
    except KeyError:
        raise SaveError(f"the save names a scenario this program does not have ({state.scenario!r})",
                        file=str(path)) from None
    found = problems(state, content)
    if found:
        hint = f"The previous version is kept in {backup_path(path)}." if backup_path(path).is_file() else ""
        raise SaveError("the saved game breaks the rules: " + "; ".join(found[:3]), file=str(path), hint=hint)
    return state
