"""A user's files, read and written safely: bounded reads of regular files only, and
outputs that never replace what is not ours.

**Reading.** Opening a FIFO (named pipe) for reading blocks until someone writes to it,
so a FIFO given as a save, card, scenario or mat file hung the program; a device such as
``/dev/zero`` never ends, so reading it "to the end" ran out of memory. :func:`read_regular`
opens without blocking, checks with ``fstat`` on the open descriptor (no race between the
check and the read) that it is a regular file no larger than the cap, and reads at most
one byte past the cap even so (a file may grow while it is read). Its refusals are
:class:`NotRegularFile` and :class:`FileTooBig`, both ``OSError``, so a caller that
already reports an unreadable file reports these too.

**Writing.** A command's output goes only where nothing is yet, or over a file its
caller recognises as its own (a save of ours, kept as ``<name>.bak``), or where the
person said ``--force``: :func:`output_problem` says why not in words. A new file is
created with :func:`write_new`, which never replaces anything, even a file that
appeared since the check (a hard link to a finished temporary file fails if the name is
taken; without links, ``O_EXCL``). A folder of outputs (the debrief pack) is written by
:class:`NewFolder`: a new or empty folder, never a symbolic link, each file created
inside it with ``O_EXCL | O_NOFOLLOW`` relative to the open folder, so a link planted
in it is never followed.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from types import TracebackType
from typing import Any

from .errors import RuleInputError
from .text import inert

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | getattr(os, "O_BINARY", 0)


class NotRegularFile(OSError):
    """The path names a FIFO, device, socket or folder rather than a regular file."""


class FileTooBig(OSError):
    """The file is larger than the reader's cap."""


class OutputExists(OSError):
    """A file to create appeared under the chosen name before it could be written."""


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    return "not a regular file"


def regular_file_problem(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` is not a regular file one may open (in words), or None if it is one
    or does not exist (the caller says "no such file" its own way)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            return "the name is too long for this system's files"
        return exc.strerror or str(exc)
    except ValueError:  # an embedded NUL character
        return "the name holds a character no file name may hold"
    if stat.S_ISREG(mode):
        return None
    return f"this is {_kind(mode)}, not a file"


def too_big(size: int, max_bytes: int) -> str:
    """The words of a :class:`FileTooBig` refusal."""
    return f"the file holds {size:,} bytes; at most {max_bytes:,} are read"


def read_regular(path: str | os.PathLike[str], max_bytes: int) -> bytes:
    """The bytes of the regular file at ``path`` (at most ``max_bytes + 1``: a caller may
    compare with its cap, for a file that grew while it was read), or an ``OSError``:
    :class:`NotRegularFile` for a FIFO, a device or a folder, :class:`FileTooBig` for a
    file whose size is already over the cap when it is opened."""
    try:
        # O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting for a writer.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except ValueError:
        raise NotRegularFile(errno.EINVAL, "the name holds a character no file name may hold") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotRegularFile(errno.EINVAL, f"this is {_kind(info.st_mode)}, not a file")
        if info.st_size > max_bytes:
            raise FileTooBig(errno.EFBIG, too_big(info.st_size, max_bytes))
        chunks: list[bytes] = []
        size = 0
        while size <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_capped(path: Any, max_bytes: int) -> bytes:
    """The bytes of ``path``, a file a person may have chosen (a ``Path`` or a name: read
    by :func:`read_regular`, refused past ``max_bytes``) or a packaged resource (an
    importlib ``Traversable``: the shipped data, read whole)."""
    if isinstance(path, (str, os.PathLike)):
        data = read_regular(path, max_bytes)
        if len(data) > max_bytes:
            raise FileTooBig(errno.EFBIG, too_big(len(data), max_bytes))
        return data
    data = path.read_bytes()
    if not isinstance(data, bytes):
        raise TypeError(f"{path!r}.read_bytes() gave {type(data).__name__}")
    return data


def read_user_file(name: str | os.PathLike[str], max_bytes: int, what: str = "file") -> bytes:
    """The bytes of a file a person named (on the command line, in a form), or one
    :class:`~.errors.RuleInputError` line saying what is wrong and what is allowed: an
    empty name, no such file, not a regular file (a FIFO, a device such as ``/dev/zero``,
    a folder), larger than ``max_bytes``. The one bounded reader of the commands."""
    text = os.fspath(name)
    quoted = inert(text) if text.strip() else repr(text)
    if not text.strip():
        raise RuleInputError(f"the {what} name is empty: give a file name")
    try:
        data = read_regular(text, max_bytes)
    except FileNotFoundError:
        raise RuleInputError(f"{quoted}: there is no such {what} (or it is a link to nothing)") from None
    except NotRegularFile as exc:
        raise RuleInputError(f"{quoted}: {exc.strerror}; give the name of a {what}") from None
    except FileTooBig as exc:
        raise RuleInputError(f"{quoted}: {exc.strerror}; a {what} is never that big") from None
    except OSError as exc:
        raise RuleInputError(f"{quoted}: cannot read it ({exc.strerror or exc})") from None
    if len(data) > max_bytes:  # it grew while it was read
        raise RuleInputError(f"{quoted}: {too_big(len(data), max_bytes)}; a {what} is never that big")
    return data


# --- outputs ---------------------------------------------------------------------------------


def output_problem(
    path: str | os.PathLike[str], *, force: bool = False, ours: Callable[[Path], bool] | None = None
) -> str | None:
    """Why a command may not write its output to ``path`` (in words), or None if it may:
    nothing is there yet, or a regular file that ``ours`` recognises (the caller keeps
    it as ``<name>.bak``), or any regular file when ``force`` is set. A symbolic link, a
    folder, a FIFO or a device is refused even with ``force``."""
    target = Path(path)
    try:
        mode = os.lstat(target).st_mode
    except FileNotFoundError:
        return None
    except ValueError:
        return "the name holds a character no file name may hold"
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            return "the name is too long for this system's files"
        return exc.strerror or str(exc)
    if stat.S_ISLNK(mode):
        return "this is a symbolic link; an output never follows one: give the name of a new file"
    if not stat.S_ISREG(mode):
        return f"this is {_kind(mode)}, not a file: give the name of a new file"
    if force or (ours is not None and ours(target)):
        return None
    return "a file of that name exists and it is not a save of ours: give a new name, or add --force to replace it"


def _temp_name(name: str) -> str:
    # The saves' writer removes stale temporary files of this shape (``.<name>.<8>.tmp``).
    return f".{name}.{secrets.token_hex(4)}.tmp"


def write_new(path: str | os.PathLike[str], data: bytes) -> None:
    """Create ``path`` holding ``data``, complete or not at all, and never over anything
    (:class:`OutputExists` if the name is taken, even by a link to nothing)."""
    temp = temp_beside(path)
    fd = os.open(temp, _NEW_FILE, 0o666)  # 0o666 less the umask: an ordinary new file
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    publish_new(temp, path)


def _write_exclusive(target: Path, data: bytes, folder_fd: int | None = None) -> None:
    try:
        if folder_fd is None:
            fd = os.open(target, _NEW_FILE, 0o666)
        else:
            fd = os.open(target.name, _NEW_FILE, 0o666, dir_fd=folder_fd)
    except FileExistsError:
        raise OutputExists(errno.EEXIST, "a file of that name appeared meanwhile; nothing was written") from None
    with os.fdopen(fd, "wb") as out:
        out.write(data)
        out.flush()
        os.fsync(out.fileno())


def publish_new(temp: str | os.PathLike[str], path: str | os.PathLike[str]) -> None:
    """Give the finished file ``temp`` the name ``path`` only if nothing has it yet
    (:class:`OutputExists` otherwise); ``temp`` is removed either way."""
    try:
        # A hard link cannot replace a name that exists: the final name appears at once
        # with the whole content, or the write is refused.
        os.link(temp, path, follow_symlinks=False)
    except FileExistsError:
        raise OutputExists(errno.EEXIST, "a file of that name appeared meanwhile; nothing was written") from None
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK, errno.EACCES):
            raise
        _write_exclusive(Path(path), Path(temp).read_bytes())
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temp)


def temp_beside(path: str | os.PathLike[str]) -> Path:
    """A fresh temporary name in ``path``'s folder (for a writer that makes the file
    whole first, then :func:`publish_new`)."""
    target = Path(path)
    return target.parent / _temp_name(target.name)


class NewFolder:
    """A folder to fill with new files: created if missing; refused if it is a symbolic
    link, not a folder, or (without ``force``) not empty. Used as a context manager; its
    files are written by :meth:`write`, relative to the open folder and never through a
    link (``force`` removes a file of the same name first: a link is removed, never
    followed)."""

    def __init__(self, path: str | os.PathLike[str], *, force: bool = False) -> None:
        self.path = Path(path)
        self.force = force
        self._fd: int | None = None

    def problem(self) -> str | None:
        """Why the folder cannot take the files (in words), or None."""
        try:
            mode = os.lstat(self.path).st_mode
        except FileNotFoundError:
            return None
        except OSError as exc:
            return exc.strerror or str(exc)
        except ValueError:
            return "the name holds a character no file name may hold"
        if stat.S_ISLNK(mode):
            return "this is a symbolic link; the pack is written only into a real folder: give a new folder name"
        if not stat.S_ISDIR(mode):
            return f"this is {_kind(mode)}, not a folder: give the name of a new or empty folder"
        if not self.force:
            try:
                taken = any(True for _ in os.scandir(self.path))
            except OSError as exc:
                return exc.strerror or str(exc)
            if taken:
                return "the folder is not empty: give a new or empty folder, or add --force to replace its files"
        return None

    def __enter__(self) -> NewFolder:
        problem = self.problem()
        if problem:
            raise FileExistsError(errno.EEXIST, problem)
        self.path.mkdir(parents=True, exist_ok=True)
        if os.open in os.supports_dir_fd:
            # O_NOFOLLOW: a folder swapped for a link since the check is refused here.
            self._fd = os.open(self.path, os.O_RDONLY | _DIRECTORY | _NOFOLLOW)
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def write(self, name: str, data: bytes) -> Path:
        """Create the file ``name`` in the folder holding ``data``; its path."""
        if os.sep in name or (os.altsep and os.altsep in name) or name in ("", ".", ".."):
            raise ValueError(f"{name!r} is not a plain file name")
        target = self.path / name
        if self.force:
            with contextlib.suppress(FileNotFoundError):
                if self._fd is not None:
                    os.unlink(name, dir_fd=self._fd)
                else:
                    os.unlink(target)
        _write_exclusive(target, data, self._fd)
        return target

    def write_all(self, files: Iterable[tuple[str, bytes]]) -> list[Path]:
        return [self.write(name, data) for name, data in files]
