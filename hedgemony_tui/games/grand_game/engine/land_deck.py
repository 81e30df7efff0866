"""The land combat deck (``data/grand-game/land-deck.toml``), checked when loaded, and how
a side draws from it.

Seed L162-L196: a land card adds 0 to 3 to its side's base value, lists casualties the
side inflicts on its enemy row by row (each row one unit: the kind taken first and the
kind that stands in when the enemy has none of it, L190) and may carry flak hits on the
enemy's aircraft. The seed gives only targets (L193): a mean value near 1.5, near two
casualties a card and an eighth of a flak hit, value and casualties varying apart. The
shipped deck is design G-X3 (``rules/grand-game/land.md``); :func:`target_problems`
checks those targets within the tolerances below every time a deck is loaded.

Drawing: each side of a combat draws from its own freshly shuffled copy of the deck, as
the air and sea decks do (``air_sea_cards.draw_indices``), keyed by territory, pair and side.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from fractions import Fraction
from importlib.resources.abc import Traversable

import attrs

from hedgemony_tui.games.grand_game.engine.air_sea_cards import draw_indices
from hedgemony_tui.games.grand_game.engine.units import ARMOR, INFANTRY
from hedgemony_tui.table.dice import Rng
from hedgemony_tui.table.resources import data_dir

CARD_VALUES = (0, 1, 2, 3)
"""What a land card may add to its side's total (L162)."""

ROW_KINDS = ((ARMOR, INFANTRY), (INFANTRY, ARMOR))
"""The two casualty rows a land card may print: the kind taken first, then its stand-in (L190)."""

TARGET_VALUE = Fraction(3, 2)
TARGET_CASUALTIES = Fraction(2)
TARGET_FLAK = Fraction(1, 8)
"""The seed's targets per card (L193)."""

VALUE_TOLERANCE = Fraction(1, 10)
CASUALTY_TOLERANCE = Fraction(1, 5)
FLAK_TOLERANCE = Fraction(1, 20)
MAX_CORRELATION = 0.3
"""How far a deck may stray from the targets and still load (a designer's choice: close
enough that a table of 20-30 cards can meet them, far enough to allow a different deck
size). Value and casualties must 'vary independently to some extent' (L193): their
correlation over the deck may be at most 0.3 either way."""


class LandDeckError(ValueError):
    """The land deck file is malformed or misses its targets; the message names the file,
    each card at fault and what is allowed."""


@attrs.frozen
class LandCard:
    """One land combat card: its place in the deck, its value, its casualty rows (each the
    kind taken first and its stand-in) and its flak hits."""

    number: int
    value: int
    rows: tuple[tuple[str, str], ...]
    flak: int

    def describe(self) -> str:
        rows = " / ".join(f"{first} (else {second})" for first, second in self.rows) or "no casualties"
        return f"land card {self.number}: +{self.value}; casualties {rows}; flak {self.flak}"


def _card(number: int, entry: object, problems: list[str]) -> LandCard | None:
    if not isinstance(entry, dict):
        problems.append(f"card {number} is not a table")
        return None
    start = len(problems)
    for extra in sorted(set(entry) - {"value", "rows", "flak"}):
        problems.append(f"card {number}: {extra} is not a field (allowed: value, rows, flak)")
    value, rows, flak = entry.get("value"), entry.get("rows"), entry.get("flak")
    if isinstance(value, bool) or value not in CARD_VALUES:
        problems.append(f"card {number}: value must be 0, 1, 2 or 3 (L162), not {value!r}")
    if not isinstance(rows, list):
        problems.append(f"card {number}: rows must be a list of casualty rows (may be empty), not {rows!r}")
        rows = []
    for row in rows:
        if not isinstance(row, list) or tuple(row) not in ROW_KINDS:
            problems.append(
                f'card {number}: each row must be ["armor", "infantry"] or ["infantry", "armor"] '
                f"(the kind taken first, then its stand-in, L190), not {row!r}"
            )
    if isinstance(flak, bool) or not isinstance(flak, int) or flak < 0:
        problems.append(f"card {number}: flak must be a whole number 0 or more, not {flak!r}")
    if len(problems) > start:
        return None
    assert isinstance(value, int) and isinstance(flak, int)
    return LandCard(number, value, tuple((str(row[0]), str(row[1])) for row in rows), flak)


def _correlation(xs: Sequence[int], ys: Sequence[int]) -> float | None:
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sx = sum((x - mx) ** 2 for x in xs)
    sy = sum((y - my) ** 2 for y in ys)
    if sx == 0 or sy == 0:
        return None
    return float(sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / (sx * sy) ** 0.5)


def target_problems(cards: Sequence[LandCard]) -> list[str]:
    """Every way ``cards`` miss the seed's targets (L193), each with the deck's figure."""
    if not cards:
        return ["the deck has no cards"]
    n = len(cards)
    values = [card.value for card in cards]
    casualties = [len(card.rows) for card in cards]
    checks = (
        ("value", Fraction(sum(values), n), TARGET_VALUE, VALUE_TOLERANCE),
        ("casualty rows", Fraction(sum(casualties), n), TARGET_CASUALTIES, CASUALTY_TOLERANCE),
        ("flak", Fraction(sum(card.flak for card in cards), n), TARGET_FLAK, FLAK_TOLERANCE),
    )
    problems = [
        f"mean {name} a card is {float(mean):.3f}; it must be {float(target):g} within {float(tolerance):g} (L193)"
        for name, mean, target, tolerance in checks
        if abs(mean - target) > tolerance
    ]
    r = _correlation(values, casualties)
    if r is None:
        problems.append("value and casualty rows must both vary from card to card (L193)")
    elif abs(r) > MAX_CORRELATION:
        problems.append(
            f"value and casualty rows move together (correlation {r:.2f}); they must vary apart, "
            f"within {MAX_CORRELATION} either way (L193)"
        )
    return problems


def parse_land_deck(text: str, where: str = "land-deck.toml") -> tuple[LandCard, ...]:
    """The land deck from TOML text, or one :class:`LandDeckError` naming every problem,
    the seed's targets included."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise LandDeckError(f"{where}: not valid TOML ({error})") from None
    problems = [f"[{key}] is not part of a land deck (allowed: [[card]])" for key in sorted(set(raw) - {"card"})]
    entries = raw.get("card")
    if not isinstance(entries, list) or not entries:
        problems.append("the deck has no [[card]] entries (it needs at least one)")
        entries = []
    cards = [_card(number, entry, problems) for number, entry in enumerate(entries, start=1)]
    if not problems:
        problems += target_problems([card for card in cards if card is not None])
    if problems:
        raise LandDeckError(f"{where}: " + "; ".join(problems))
    return tuple(card for card in cards if card is not None)


def load_land_deck(path: Traversable | None = None) -> tuple[LandCard, ...]:
    """The shipped land deck (or the one at ``path``)."""
    path = path or data_dir("grand-game") / "land-deck.toml"
    return parse_land_deck(path.read_text(encoding="utf-8"), str(path))


def draw_land_cards(
    deck: Sequence[LandCard], count: int, rng: Rng, turn: int, name: str
) -> tuple[tuple[LandCard, ...], Rng]:
    """``count`` cards off the top of a keyed shuffle of the side's own copy of ``deck``
    (a fresh copy when one runs out), for the draw called ``name``."""
    picks, rng = draw_indices(len(deck), count, rng, turn, name)
    return tuple(deck[i] for i in picks), rng


LAND_DECK: tuple[LandCard, ...] = load_land_deck()
