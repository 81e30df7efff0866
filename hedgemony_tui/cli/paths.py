"""File names given on the command line, checked before anything opens them.

An empty name, a name too long for the file system (``<name>.bak`` adds four
characters, so 252 and more fail on most systems), a FIFO (opening it blocks until
someone writes to it: the command hung), a device or a folder: each is refused in one
line naming the problem, as a :class:`RuleInputError` (exit status 2).

Outputs go through :func:`output_to_write`: only a name where nothing is yet, a save of
ours (replaced atomically, the old one kept as ``<name>.bak``) or, with ``--force``, any
regular file (``table.files.output_problem``). Every name quoted in a message is made
inert first (:func:`~hedgemony_tui.table.text.inert`): a name is typed by a person and
may hold escape sequences a terminal would obey.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..table.codec import peek_kind
from ..table.errors import RuleInputError, SaveError
from ..table.files import output_problem, read_regular, regular_file_problem
from ..table.registry import game_for_kind
from ..table.save_io import MAX_SAVE_BYTES
from ..table.text import shown

MAX_NAME = 251
"""The longest last part of a file name we accept: 255 bytes (most file systems) less
the ``.bak`` the saves keep beside a file."""


def _name_problem(text: str, what: str) -> str | None:
    if not text.strip():
        return f"the {what} name is empty: give a file name"
    if "\0" in text:
        return f"the {what} name holds a NUL character"
    name = os.path.basename(text.rstrip("/\\")) or text
    if len(os.fsencode(name)) > MAX_NAME:
        return f"the {what} name is {len(os.fsencode(name))} bytes long; at most {MAX_NAME} are allowed"
    return None


def save_to_read(text: str, what: str = "save") -> str:
    """``text`` if it may name a save to read (missing files are the reader's to report)."""
    problem = _name_problem(text, what) or regular_file_problem(text)
    if problem:
        raise RuleInputError(f"{shown(text)}: {problem}")
    return text


def file_to_write(text: str, what: str = "output") -> str:
    """``text`` if a file may be written there: never over a FIFO, a device or a folder."""
    problem = _name_problem(text, what) or regular_file_problem(text)
    if problem:
        raise RuleInputError(f"{shown(text)}: {problem}; give the name of a file to write")
    return text


def is_our_save(path: Path) -> bool:
    """Whether ``path`` holds a save of a game on this table (its ``kind`` says so)."""
    try:
        text = read_regular(path, MAX_SAVE_BYTES).decode("utf-8-sig")
        return game_for_kind(peek_kind(text)) is not None
    except (OSError, UnicodeDecodeError, SaveError):
        return False


def output_to_write(text: str, what: str, *, force: bool = False, saves: bool = False) -> Path:
    """``text`` as the path of an output: refused (one line saying what is allowed) if
    something is there that is not ours to replace. ``saves``: a save of ours may be
    replaced (its writer keeps the old one as ``<name>.bak``)."""
    problem = _name_problem(text, what) or output_problem(text, force=force, ours=is_our_save if saves else None)
    if problem:
        raise RuleInputError(f"{shown(text)}: {problem}")
    return Path(text)


def folder_to_write(text: str, what: str = "output folder") -> Path:
    """``text`` as a folder name (empty refused); whether it may be written is
    :class:`~hedgemony_tui.table.files.NewFolder`'s to say."""
    if not text.strip():
        raise RuleInputError(f"the {what} name is empty: give a folder name")
    if "\0" in text:
        raise RuleInputError(f"the {what} name holds a NUL character")
    return Path(text)
