"""The kinds of operation a Blue player may propose as free play, and the table each is
resolved on (rules/hedgemony/README.md X9). Apart from ``rulings.py`` so that the words
(``ruling_text``) and the screens can use them without importing the rulings."""

from __future__ import annotations

KINDS: dict[str, tuple[str, str]] = {
    # kind -> (its words, the table that resolves it). Ch. 8: CRT A for combat (the ratio
    # of CFs, Critical Capabilities count), RT B for noncombat interactions (the ratio of
    # FFs alone); ch. 10 and 12 name presence, posturing, exercises and gray-zone
    # operations as noncombat. Partnership and aid missions are read the same way: they
    # do not fight (README X9).
    "combat": ("combat operation", "crt-a"),
    "show-of-force": ("show of force", "rt-b"),
    "presence": ("presence operation", "rt-b"),
    "exercise": ("exercise", "rt-b"),
    "gray-zone": ("gray-zone operation", "rt-b"),
    "partnership": ("partnership mission", "rt-b"),
    "aid": ("aid mission", "rt-b"),
}
BASE = "base"
"""A U.S. base (ch. 9: the U.S. describes its intentions and the White Cell sets the
conditions and costs): no table; the White Cell rules it with ``BuildBase`` or refuses."""
PROPOSAL_KINDS = (*KINDS, BASE)
TABLE_NAMES = {"crt-a": "CRT A", "rt-b": "RT B", "d10": "a plain D10"}


def kind_words(kind: str) -> str:
    """A kind of operation in words ("" for a proposal saved before kinds existed)."""
    if kind == BASE:
        return "U.S. base"
    return KINDS[kind][0] if kind in KINDS else ""


def table_for(kind: str) -> str:
    """The table a kind of operation is resolved on ("" for none stated: the White Cell's choice)."""
    return KINDS[kind][1] if kind in KINDS else ""


def a_kind(kind: str) -> str:
    """The kind with its article ("an exercise", "a show of force"); "an action" if none was stated."""
    words = kind_words(kind) or "action"
    return ("an " if words[0] in "aeiou" else "a ") + words
