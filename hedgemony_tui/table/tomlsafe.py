"""TOML parsing guarded against bombs: deep nesting, huge dotted keys and huge files.

``tomllib`` recurses once per nested array or inline table, so a 2 kB file of ``[[[[...``
ends in a ``RecursionError`` traceback; and it builds one nested dict per dotted-key
segment, so an 80 kB key ``a.a.a...`` took 6.3 GB of memory. :func:`loads` scans the
text *before* the parser runs (nesting depth outside strings, the segments and length
of every key, the total size) and refuses with one clear :class:`UnsafeToml`; it also
catches ``RecursionError``/``MemoryError`` from the parser as a last resort.

:class:`UnsafeToml` is a :class:`tomllib.TOMLDecodeError` (so a ``ValueError``): a
caller that already turns a TOML error into its own error type (SaveError,
ScenarioError, RulesDataError) handles a bomb the same way, with no new ``except``.

The scan is a tokenizer, not a TOML parser: it only needs to know whether it is inside
a string, a comment, a key or a value. Anything it misreads in a malformed file is left
for ``tomllib`` to refuse with its own message.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

MAX_DEPTH = 32
"""Arrays and inline tables nested deeper than this are refused; Hedgemony's files nest
a handful of levels at most."""
MAX_KEY_SEGMENTS = 32
"""Dotted-key segments (``a.b.c`` is 3) allowed in one key or table header."""
MAX_KEY_LENGTH = 256
"""Characters allowed in one key or table header (dots and quotes included)."""
MAX_BYTES = 5_000_000
"""The default size cap (bytes of UTF-8)."""

# Caps for each kind of file, far above any real one: a real save is a few hundred kB,
# a card file some tens of kB, the scenario and the mats less.
MAX_SAVE_BYTES = 5_000_000
MAX_CARD_FILE_BYTES = 2_000_000
MAX_SCENARIO_BYTES = 2_000_000
MAX_BOARD_BYTES = 2_000_000
MAX_MAT_BYTES = 2_000_000


class UnsafeToml(tomllib.TOMLDecodeError):
    """A TOML text refused before (or while) parsing: too big, too deep, a key too long."""

    def __init__(self, problem: str) -> None:
        self.problem = problem
        super().__init__(problem)


# Everything the scan must stop at; the runs of other characters are skipped by the regex.
_SPECIAL = re.compile(r'"""|\'\'\'|["\'#\[\]{}=,.\n]')
_BASIC_END = re.compile(r'(?:[^"\\\n]|\\.)*"')
_LITERAL_END = re.compile(r"[^'\n]*'")
_ML_BASIC_END = re.compile(r'(?:[^\\"]|\\.|"(?!""))*""""{0,2}', re.DOTALL)
_ML_LITERAL_END = re.compile(r"(?:[^']|'(?!''))*''''{0,2}", re.DOTALL)
_NEWLINE = re.compile(r"\n")


def scan(
    text: str,
    *,
    max_depth: int = MAX_DEPTH,
    max_key_segments: int = MAX_KEY_SEGMENTS,
    max_key_length: int = MAX_KEY_LENGTH,
) -> str | None:
    """What makes ``text`` unsafe to parse, in words (with its line), or None."""
    stack: list[str] = []  # open '[' (arrays) and '{' (inline tables) in values
    in_key = True  # at a line start, in a table header, or after '{' / ',' of an inline table
    key_start = 0
    segments = 1
    pos = 0

    def line() -> int:
        return text.count("\n", 0, pos) + 1

    def start_key(at: int) -> None:
        nonlocal in_key, key_start, segments
        in_key, key_start, segments = True, at, 1

    while True:
        if in_key and pos - key_start > max_key_length:
            return f"a key longer than {max_key_length} characters at line {line()} (allowed: {max_key_length})"
        found = _SPECIAL.search(text, pos)
        if found is None:
            break
        token, pos = found.group(), found.end()
        if in_key and found.start() - key_start > max_key_length:
            return f"a key longer than {max_key_length} characters at line {line()} (allowed: {max_key_length})"
        if token in ('"', "'", '"""', "'''"):
            end = {'"': _BASIC_END, "'": _LITERAL_END, '"""': _ML_BASIC_END, "'''": _ML_LITERAL_END}[token]
            closed = end.match(text, pos)
            if closed is None:
                break  # an unterminated string: tomllib says so
            pos = closed.end()
        elif token == "#":
            newline = _NEWLINE.search(text, pos)
            pos = len(text) if newline is None else newline.start()
        elif token == "\n":
            if not stack:
                start_key(pos)
        elif in_key:
            if token == ".":
                segments += 1
                if segments > max_key_segments:
                    return (
                        f"a dotted key of more than {max_key_segments} parts at line {line()}"
                        f" (allowed: {max_key_segments})"
                    )
            elif token == "=":
                in_key = False
            elif token == "}" and stack and stack[-1] == "{":  # an empty inline table {}
                stack.pop()
                in_key = False
            # '[' and ']' in a key are a table header's brackets, not nesting.
        elif token in "[{":
            stack.append(token)
            if len(stack) > max_depth:
                return f"arrays or tables nested more than {max_depth} deep at line {line()} (allowed: {max_depth})"
            if token == "{":
                start_key(pos)
        elif token in "]}":
            if stack:
                stack.pop()
        elif token == "," and stack and stack[-1] == "{":
            start_key(pos)
    return None


def loads(
    text: str,
    *,
    what: str,
    max_bytes: int = MAX_BYTES,
    max_depth: int = MAX_DEPTH,
    max_key_segments: int = MAX_KEY_SEGMENTS,
    max_key_length: int = MAX_KEY_LENGTH,
) -> dict[str, Any]:
    """``tomllib.loads(text)``, refused with :class:`UnsafeToml` (naming ``what``, e.g.
    "this save") when the text is too big, nested too deep or has a key too long."""
    size = len(text) if len(text) * 4 <= max_bytes else len(text.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise UnsafeToml(f"{what} is {size:,} bytes, larger than the {max_bytes:,} allowed")
    problem = scan(text, max_depth=max_depth, max_key_segments=max_key_segments, max_key_length=max_key_length)
    if problem is not None:
        raise UnsafeToml(f"{what} has {problem}")
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise UnsafeToml(f"{what} is nested too deeply to read (allowed: {max_depth} levels)") from None
    except MemoryError:
        raise UnsafeToml(f"{what} needs too much memory to read") from None
