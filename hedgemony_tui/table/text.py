"""Text from files and people made inert before it is drawn or written.

A seat's name, a bookmark's note, a branch's parent, a path typed on the command line:
any of them may hold control characters, and a terminal obeys an ``ESC [ 2 J`` it is
given (it clears the screen) and an ``ESC ] 0 ; … BEL`` (it sets the window title).
:func:`inert` turns every such character into a visible escape (``\\x1b``, ``\\x07``),
so the text still shows what was typed and drives nothing. Tabs and line breaks are
kept only where the caller says the text may span lines (a note); everywhere else they
are shown as escapes too, so a name stays on its one line.
"""

from __future__ import annotations

import os
import unicodedata

_KEEP_IN_BLOCKS = frozenset("\n\t")


def _visible(char: str) -> str:
    # Python's own escapes, so the text reads the way a programmer would write it: two
    # hex digits up to 0xff, four up to 0xffff, eight beyond (``\\U0001f600``), never an
    # escape whose end is ambiguous.
    code = ord(char)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def _is_control(char: str) -> bool:
    # C0 (0x00-0x1f), DEL, C1 (0x80-0x9f), and the format characters that reorder or
    # hide text (bidirectional overrides can make a name read as something else, so all
    # of "Cf" is shown, but for the zero-width joiner that emoji sequences are made of).
    code = ord(char)
    if code < 0x20 or code == 0x7F or 0x80 <= code <= 0x9F:
        return True
    # The line and paragraph separators (Zl, Zp) break a line in many viewers: a name
    # must stay on its one line, so they are shown too.
    return unicodedata.category(char) in ("Cf", "Cs", "Co", "Cn", "Zl", "Zp") and char not in "\u200d"


def inert(text: object, *, multiline: bool = False) -> str:
    """``text`` as a string whose control characters are shown as visible escapes.

    ``multiline`` keeps line breaks and tabs (a note may have several lines); a name,
    title or path passes without it and stays on one line. Anything else printable,
    in any script, is kept as it was.
    """
    value = text if isinstance(text, str) else str(text)
    if value.isprintable() and not any(_is_control(c) for c in value):
        return value
    out = []
    for char in value:
        if multiline and char in _KEEP_IN_BLOCKS:
            out.append(char)
        elif _is_control(char):
            out.append(_visible(char))
        else:
            out.append(char)
    return "".join(out)


def has_control(text: str) -> bool:
    """Whether ``text`` holds a character :func:`inert` would show as an escape."""
    return any(_is_control(c) for c in text)


def shown(text: str | os.PathLike[str]) -> str:
    """A file name as a message quotes it: inert, and cut to 60 characters."""
    value = os.fspath(text)
    if not value.strip():
        return repr(value)
    value = inert(value)
    return value if len(value) <= 60 else value[:57] + "..."
