"""File names given on the command line, checked before anything opens them.

An empty name, a name too long for the file system (``<name>.bak`` adds four
characters, so 252 and more fail on most systems), a FIFO (opening it blocks until
someone writes to it: the command hung), a device or a folder: each is refused in one
line naming the problem, as a :class:`RuleInputError` (exit status 2).
"""

from __future__ import annotations

import os

from ..table.errors import RuleInputError
from ..table.files import regular_file_problem

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


def _shown(text: str) -> str:
    if not text.strip():
        return repr(text)
    return text if len(text) <= 60 else text[:57] + "..."


def save_to_read(text: str, what: str = "save") -> str:
    """``text`` if it may name a save to read (missing files are the reader's to report)."""
    problem = _name_problem(text, what) or regular_file_problem(text)
    if problem:
        raise RuleInputError(f"{_shown(text)}: {problem}")
    return text


def file_to_write(text: str, what: str = "output") -> str:
    """``text`` if a file may be written there: never over a FIFO, a device or a folder."""
    problem = _name_problem(text, what) or regular_file_problem(text)
    if problem:
        raise RuleInputError(f"{_shown(text)}: {problem}; give the name of a file to write")
    return text
