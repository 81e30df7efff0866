"""``table.text.inert``: text from files and people shown, never obeyed (issue 29)."""

from __future__ import annotations

import pytest

from hedgemony_tui.table.text import has_control, inert

EVIL = "\x1b[2J\x1b]0;pwned\x07Alice"


def test_the_escape_sequences_of_the_issue_become_visible_text() -> None:
    assert inert(EVIL) == "\\x1b[2J\\x1b]0;pwned\\x07Alice"
    assert has_control(EVIL) and not has_control(inert(EVIL))


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("\x00", "\\x00"),
        ("\x7f", "\\x7f"),  # C0 and DEL
        ("\x9b2J", "\\x9b2J"),
        ("\x85", "\\x85"),  # C1: the one-byte CSI, next line
        ("a\u202eb", "a\\u202eb"),  # a right-to-left override
        ("a\u2028b", "a\\u2028b"),  # a line separator: a name stays on one line
        ("\U000f0000", "\\U000f0000"),  # private use beyond the BMP: an unambiguous escape
        ("a\rb", "a\\x0db"),  # a carriage return would overwrite the line
    ],
)
def test_every_kind_of_control_character_is_shown(raw: str, shown: str) -> None:
    assert inert(raw) == shown


def test_printable_text_in_any_script_passes_untouched() -> None:
    for text in ("Alice", "Zoë Ødegård", "北京", "مرحبا", "👩‍👩‍👧", "R&D <b>", "tab\tless"[:3]):
        assert inert(text) == text


def test_line_breaks_and_tabs_are_kept_only_in_a_block_of_text() -> None:
    note = "first line\n\tsecond\x1b[31m"
    assert inert(note, multiline=True) == "first line\n\tsecond\\x1b[31m"
    assert inert(note) == "first line\\x0a\\x09second\\x1b[31m"


def test_anything_is_made_text_first() -> None:
    assert inert(12) == "12"
    assert inert(ValueError("bad\x1b")) == "bad\\x1b"
