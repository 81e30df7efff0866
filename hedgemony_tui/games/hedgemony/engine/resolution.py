"""Resolution on CRT A and RT B: the column, the die-roll modifier, the outcome, the odds.

* CRT A's column comes from the ratio of CFs, larger over smaller, rounded down
  (chapter 11); RT B's from the ratio of FFs, rounded down (chapter 12), where each
  counter arriving from out of area counts half its FFs, rounded up, on the turn it
  arrives.
* Critical Capabilities add best Blue minus best Red to the roll (chapters 8 and 11);
  cards add their own modifiers.
* A modified roll beyond the printed rows reads the "< N" or "> M" row.
* Odds are exact fractions over the ten faces of a fair D10 (0-9).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction

import attrs

from hedgemony_tui.table.errors import RuleInputError

from .tables import ResolutionTable, RowReading
from .terms import D10_FACES, Outcome

CRT_A_COLUMNS = ("red-4:1", "red-3:1", "red-2:1", "1:1", "blue-2:1", "blue-3:1", "blue-4:1")
RT_B_COLUMNS = ("red-advantage", "parity", "blue-advantage")


@attrs.frozen
class ColumnChoice:
    """The column read, and the ratio that chose it."""

    table: str  # "crt-a" or "rt-b"
    blue: int
    red: int
    ratio: int | None  # larger // smaller; None when one side has nothing
    favoured: str | None  # "blue", "red" or None at parity
    label: str
    reason: str


def _ratio(blue: int, red: int, what: str) -> tuple[int | None, str | None, str]:
    if blue < 0 or red < 0:
        raise RuleInputError(f"{what} cannot be negative (Blue {blue}, Red {red})")
    if blue == red:
        return 1, None, f"Blue {blue} = Red {red}: parity"
    larger, smaller, side = (blue, red, "blue") if blue > red else (red, blue, "red")
    if smaller == 0:
        return None, side, f"{side.title()} {larger} against none (rule X5: the strongest column)"
    ratio = larger // smaller
    return (
        ratio,
        (side if ratio >= 2 else None),
        (
            f"{side.title()} {larger} / {'Red' if side == 'blue' else 'Blue'} {smaller} "
            f"= {larger / smaller:.2f}, rounded down {ratio}:1"
        ),
    )


def crt_a_column(blue_cfs: int, red_cfs: int) -> ColumnChoice:
    """CRT A column from the ratio of Combat Factors (rounded down; 4:1 and more share a column)."""
    ratio, side, reason = _ratio(blue_cfs, red_cfs, "Combat Factors")
    if side is None:
        label = "1:1"
    else:
        label = f"{side}-{min(ratio or 4, 4)}:1"
    return ColumnChoice("crt-a", blue_cfs, red_cfs, ratio, side, label, reason)


def rt_b_column(blue_ffs: int, red_ffs: int) -> ColumnChoice:
    """RT B column from the ratio of Force Factors: 2:1 or more is an advantage."""
    ratio, side, reason = _ratio(blue_ffs, red_ffs, "Force Factors")
    label = "parity" if side is None else f"{side}-advantage"
    return ColumnChoice("rt-b", blue_ffs, red_ffs, ratio, side, label, reason)


def counted_ffs(counters: Iterable[tuple[int, bool]]) -> int:
    """FFs counted on RT B: each counter ``(ffs, arriving_from_out_of_area)``.

    A counter arriving from out of area this turn counts half its FFs, rounded up
    (chapter 12); on later turns it counts in full.
    """
    total = 0
    for ffs, arriving in counters:
        if ffs < 0:
            raise RuleInputError(f"FFs cannot be negative (got {ffs})")
        total += -(-ffs // 2) if arriving else ffs
    return total


@attrs.frozen
class Modifier:
    """One term added to the die roll, with where it came from."""

    label: str
    value: int


def critical_capability_modifier(blue: Mapping[str, int], red: Mapping[str, int]) -> Modifier:
    """Best Blue Critical Capability Mod Level minus best Red (chapter 8).

    ``blue`` and ``red`` hold only the capabilities the card lets each side use, with
    each player's current Mod Level. A side with none of them counts 0 (rule X6).
    """
    for side, levels in (("Blue", blue), ("Red", red)):
        for name, level in levels.items():
            if level < 0:
                raise RuleInputError(f"{side} {name} Mod Level cannot be negative ({level})")
    best_blue = max(blue.items(), key=lambda kv: kv[1], default=None)
    best_red = max(red.items(), key=lambda kv: kv[1], default=None)
    blue_level = best_blue[1] if best_blue else 0
    red_level = best_red[1] if best_red else 0
    blue_text = f"Blue {best_blue[0]} {blue_level}" if best_blue else "Blue none 0"
    red_text = f"Red {best_red[0]} {red_level}" if best_red else "Red none 0"
    return Modifier(f"Critical Capabilities: {blue_text} - {red_text}", blue_level - red_level)


def check_roll(roll: int) -> None:
    if roll not in D10_FACES:
        raise RuleInputError(f"a D10 roll is 0-9 (got {roll})")


def check_column(table: ResolutionTable, column: str) -> None:
    if column not in table.columns:
        raise RuleInputError(f"{table.title} has no column {column!r}; columns: {', '.join(table.columns)}")


def resolve(table: ResolutionTable, column: str, roll: int, modifier: int = 0) -> RowReading:
    """The outcome of a D10 ``roll`` plus ``modifier`` in ``column``."""
    check_roll(roll)
    check_column(table, column)
    return table.read(column, roll + modifier)


def odds(table: ResolutionTable, column: str, modifier: int = 0) -> dict[Outcome, Fraction]:
    """Exact chance of each of the five outcomes before the roll (zeros included)."""
    check_column(table, column)
    chances = {outcome: Fraction(0) for outcome in Outcome}
    for face in D10_FACES:
        chances[table.read(column, face + modifier).outcome] += Fraction(1, len(D10_FACES))
    return chances


def reset_ffs(committed: int) -> int:
    """FFs sent home when "Reset rules apply": half of those committed, rounded up (ch. 11)."""
    if committed < 0:
        raise RuleInputError(f"cannot commit {committed} FFs")
    return -(-committed // 2)


def red_reset_cost(reset: int) -> int:
    """RPs a non-U.S. player pays to restore its reset FFs: 1 per FF (ch. 11)."""
    return reset
