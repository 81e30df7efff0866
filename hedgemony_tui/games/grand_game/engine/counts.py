"""Counts in words: "1 Franc" but "3 Francs", "1 supply" but "2 supplies", "1 light fleet".

Newcomers read "1 Francs" and "1 units" on the screens; every line the Grand Game writes
with a number before a noun goes through :func:`counted` (a word and, where adding an "s"
is wrong, its plural) or :func:`kind_words` (a unit kind or allocation item by its id, as
the engine stores it: "light-fleet", "supplies", "develop").
"""

from __future__ import annotations

NOUNS: dict[str, tuple[str, str]] = {
    "infantry": ("infantry", "infantry"),
    "armor": ("armor", "armor"),
    "aircraft": ("aircraft", "aircraft"),
    "light-fleet": ("light fleet", "light fleets"),
    "heavy-fleet": ("heavy fleet", "heavy fleets"),
    "light": ("light fleet", "light fleets"),
    "heavy": ("heavy fleet", "heavy fleets"),
    # Sheets and stacks count "supplies"; the allocation buys a "supply": both read the same.
    "supply": ("supply", "supplies"),
    "supplies": ("supply", "supplies"),
    "develop": ("development", "developments"),
    "repair": ("repair", "repairs"),
    "rebuild-aircraft": ("rebuilt aircraft", "rebuilt aircraft"),
}
"""Unit kinds and allocation items by id -> (one, many) as a player reads them."""


def counted(count: int, one: str, many: str | None = None) -> str:
    """``count`` with its noun, singular for exactly one: counted(1, "Franc") -> "1 Franc",
    counted(2, "city", "cities") -> "2 cities". ``many`` defaults to ``one`` + "s"."""
    return f"{count} {one if abs(count) == 1 else (many or one + 's')}"


def is_are(count: int) -> str:
    """The verb for ``count`` things: "1 fleet is lost", "2 fleets are lost"."""
    return "is" if abs(count) == 1 else "are"


def kind_words(kind: str, count: int = 1) -> str:
    """A unit kind or allocation item by its id, as a noun for ``count`` of it (no number):
    kind_words("supplies", 1) -> "supply", kind_words("light-fleet", 2) -> "light fleets".
    An id this table does not know is shown as it is."""
    one, many = NOUNS.get(kind, (kind, kind))
    return one if abs(count) == 1 else many


def kind_count(count: int, kind: str) -> str:
    """``count`` of a unit kind or item by its id: kind_count(1, "supplies") -> "1 supply"."""
    return f"{count} {kind_words(kind, count)}"
