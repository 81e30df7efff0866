"""The sea combat deck (``data/grand-game/sea-deck.toml``), checked when loaded.

Seed L275-L299: a sea card carries no combat value, only a list of casualties over three
kinds of fleet (light fleets carrying cargo, light fleets without, heavy fleets) and flak
hits on the enemy's aircraft; a card should give about one hit and 1/8 of a flak hit.
Each row of a card is one casualty, naming the kinds in the order they are taken (the
first the enemy still has is lost), as the seed's example lists three kinds a row. The
shipped deck is design G-X3 (``rules/grand-game/air-sea.md``).
"""

from __future__ import annotations

import tomllib
from importlib.resources.abc import Traversable

import attrs

from hedgemony_tui.table.resources import data_dir

LIGHT = "light"
LOADED = "loaded"
HEAVY = "heavy"
FLEET_KINDS = (LIGHT, LOADED, HEAVY)
"""The casualty kinds at sea (L275): an unloaded light fleet, a loaded one, a heavy fleet."""

KIND_NAMES = {LIGHT: "light fleet", LOADED: "loaded light fleet", HEAVY: "heavy fleet"}


class SeaDeckError(ValueError):
    """The sea deck file is malformed; the message names the file, the card and what is allowed."""


@attrs.frozen
class SeaCard:
    """One sea combat card: its place in the deck, its casualty rows and its flak hits."""

    number: int
    rows: tuple[tuple[str, ...], ...]
    flak: int

    def describe(self) -> str:
        rows = " / ".join(", ".join(KIND_NAMES[k] for k in row) for row in self.rows) or "no casualties"
        return f"sea card {self.number}: {rows}; flak {self.flak}"


def _row_problem(row: object) -> str | None:
    if not isinstance(row, list) or sorted(map(str, row)) != sorted(FLEET_KINDS) or len(row) != 3:
        return f"each row must name {', '.join(FLEET_KINDS)} once each, in the order taken, not {row!r}"
    return None


def parse_sea_deck(text: str, where: str = "sea-deck.toml") -> tuple[SeaCard, ...]:
    """The sea deck from TOML text, or one :class:`SeaDeckError` naming every problem."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise SeaDeckError(f"{where}: not valid TOML ({error})") from None
    problems = [f"[{key}] is not part of a sea deck (allowed: [[card]])" for key in sorted(set(raw) - {"card"})]
    entries = raw.get("card")
    if not isinstance(entries, list) or not entries:
        problems.append("the deck has no [[card]] entries (it needs at least one)")
        entries = []
    cards: list[SeaCard] = []
    for number, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict):
            problems.append(f"card {number} is not a table")
            continue
        for extra in sorted(set(entry) - {"rows", "flak"}):
            problems.append(f"card {number}: {extra} is not a field (allowed: rows, flak)")
        rows = entry.get("rows")
        flak = entry.get("flak")
        ok = True
        if not isinstance(rows, list):
            problems.append(f"card {number}: rows must be a list of casualty rows (may be empty), not {rows!r}")
            ok = False
        else:
            for row in rows:
                problem = _row_problem(row)
                if problem:
                    problems.append(f"card {number}: {problem}")
                    ok = False
        if isinstance(flak, bool) or not isinstance(flak, int) or flak < 0:
            problems.append(f"card {number}: flak must be a whole number 0 or more, not {flak!r}")
            ok = False
        if ok and isinstance(rows, list) and isinstance(flak, int):
            cards.append(SeaCard(number, tuple(tuple(row) for row in rows), flak))
    if problems:
        raise SeaDeckError(f"{where}: " + "; ".join(problems))
    return tuple(cards)


def load_sea_deck(path: Traversable | None = None) -> tuple[SeaCard, ...]:
    """The shipped sea deck (or the one at ``path``)."""
    path = path or data_dir("grand-game") / "sea-deck.toml"
    return parse_sea_deck(path.read_text(encoding="utf-8"), str(path))


SEA_DECK: tuple[SeaCard, ...] = load_sea_deck()
