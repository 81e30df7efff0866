"""Reading a user's file safely: only regular files, and never more than a cap.

Opening a FIFO (named pipe) for reading blocks until someone writes to it, so a FIFO
given as a save, card, scenario or mat file hung the program; a device or a folder is
no better. :func:`read_regular` opens without blocking, checks with ``fstat`` on the
open descriptor (no race between the check and the read) that it is a regular file, and
reads at most one byte past the cap. Its refusals are :class:`NotRegularFile`, an
``OSError``, so a caller that already reports an unreadable file reports these too.
"""

from __future__ import annotations

import errno
import os
import stat


class NotRegularFile(OSError):
    """The path names a FIFO, device, socket or folder rather than a regular file."""


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
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


def read_regular(path: str | os.PathLike[str], max_bytes: int) -> bytes:
    """The bytes of the regular file at ``path`` (at most ``max_bytes + 1``: the caller
    compares with its cap), or an ``OSError`` (:class:`NotRegularFile` for a FIFO, a
    device or a folder)."""
    try:
        # O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting for a writer.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except ValueError:
        raise NotRegularFile(errno.EINVAL, "the name holds a character no file name may hold") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegularFile(errno.EINVAL, f"this is {_kind(mode)}, not a file")
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
