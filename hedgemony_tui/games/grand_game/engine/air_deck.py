"""The air combat deck (``data/grand-game/air-deck.toml``), checked when loaded.

Seed L248: every aircraft in an air battle draws one air combat card, which shoots down
0, 1 or 2 of the enemy's aircraft. The seed gives no deck; the shipped one is design
G-X3 (``rules/grand-game/air-sea.md``): twelve cards with a mean of 0.75 hits.
"""

from __future__ import annotations

import tomllib
from importlib.resources.abc import Traversable

import attrs

from hedgemony_tui.table.resources import data_dir

AIR_HITS = (0, 1, 2)
"""What an air card may shoot down (L248)."""


class AirDeckError(ValueError):
    """The air deck file is malformed; the message names the file, the card and what is allowed."""


@attrs.frozen
class AirCard:
    """One air combat card: its place in the deck and the enemy aircraft it shoots down."""

    number: int
    hits: int

    def describe(self) -> str:
        return f"air card {self.number}: {self.hits} hit{'s' if self.hits != 1 else ''}"


def parse_air_deck(text: str, where: str = "air-deck.toml") -> tuple[AirCard, ...]:
    """The air deck from TOML text, or one :class:`AirDeckError` naming every problem."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise AirDeckError(f"{where}: not valid TOML ({error})") from None
    problems = [f"[{key}] is not part of an air deck (allowed: [[card]])" for key in sorted(set(raw) - {"card"})]
    entries = raw.get("card")
    if not isinstance(entries, list) or not entries:
        problems.append("the deck has no [[card]] entries (it needs at least one)")
        entries = []
    cards: list[AirCard] = []
    for number, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict):
            problems.append(f"card {number} is not a table")
            continue
        for extra in sorted(set(entry) - {"hits"}):
            problems.append(f"card {number}: {extra} is not a field (allowed: hits)")
        hits = entry.get("hits")
        if isinstance(hits, bool) or hits not in AIR_HITS:
            problems.append(f"card {number}: hits must be 0, 1 or 2 (L248), not {hits!r}")
        else:
            cards.append(AirCard(number, hits))
    if problems:
        raise AirDeckError(f"{where}: " + "; ".join(problems))
    return tuple(cards)


def load_air_deck(path: Traversable | None = None) -> tuple[AirCard, ...]:
    """The shipped air deck (or the one at ``path``)."""
    path = path or data_dir("grand-game") / "air-deck.toml"
    return parse_air_deck(path.read_text(encoding="utf-8"), str(path))


AIR_DECK: tuple[AirCard, ...] = load_air_deck()
