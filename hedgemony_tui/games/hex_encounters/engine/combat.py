"""Combat arithmetic: the CP ratio's column, the column shifts with their reasons, the
net d4 shift and the exact chance of each result. Pure functions of numbers and of the
units in a fight, shared by the engine, the worksheet, the bots and the calculator."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Final

from .data import Tables, UnitType
from .state import Shift

COLUMNS: Final = ("1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1", "8+:1")
ONE_TO_ONE: Final = 3
D4: Final = 4

RESULT_NAMES: Final = {
    ("attacker", 2): "attacker-loses-retreats-2",
    ("attacker", 1): "attacker-loses-retreats-1",
    ("attacker", 0): "attacker-loses",
    ("both", 0): "both-lose",
    ("defender", 0): "defender-loses",
    ("defender", 1): "defender-loses-retreats-1",
    ("defender", 2): "defender-loses-retreats-2",
}
"""The result names the calculator prints: who loses cohesion, and how far that side retreats."""


def _round_half_down(x: Fraction) -> int:
    whole = int(x)
    return whole + 1 if x - whole > Fraction(1, 2) else whole


def _round_half_up(x: Fraction) -> int:
    whole = int(x)
    return whole + 1 if x - whole >= Fraction(1, 2) else whole


def ratio_column(attack: int, defend: int) -> int:
    """The CRT column (0 = 1:4 ... 10 = 8+:1) of a combat-power ratio, rounded to the
    nearest ratio; an exact half is rounded in the defender's favour."""
    if attack < 0 or defend < 0:
        raise ValueError("combat power is never negative")
    if defend == 0:
        return len(COLUMNS) - 1
    if attack == 0:
        return 0
    if attack >= defend:
        n = _round_half_down(Fraction(attack, defend))
        return min(ONE_TO_ONE + n - 1, len(COLUMNS) - 1)
    n = _round_half_up(Fraction(defend, attack))
    return max(ONE_TO_ONE - (n - 1), 0)


def clamp(column: int) -> int:
    return max(0, min(len(COLUMNS) - 1, column))


def dice_read(before_dice: int, net: int) -> int:
    """The column read after the dice (X-H6): the shifts of L35 stop at the table's ends,
    so the dice of L36 move on from 1:4 or 8+:1 and can bring the column back; the net
    die shift stops at the ends again."""
    return clamp(clamp(before_dice) + net)


def net_die_weights() -> dict[int, int]:
    """How many of the 16 (attacker d4, defender d4) outcomes give each net shift."""
    weights: dict[int, int] = {}
    for a in range(1, D4 + 1):
        for d in range(1, D4 + 1):
            weights[a - d] = weights.get(a - d, 0) + 1
    return dict(sorted(weights.items()))


def terrain_shift(tables: Tables, terrain: str) -> Shift | None:
    value = tables.terrain_shift.get(terrain, 0)
    return Shift(f"{terrain.replace('-', ' ')} defended", -value) if value else None


def ability_shifts(
    tables: Tables, terrain: str, attackers: Sequence[UnitType], defenders: Sequence[UnitType]
) -> list[Shift]:
    """Each unit type's ability, once per type present on a side (+ favours the attacker)."""
    shifts: list[Shift] = []
    urban = terrain in ("light-urban", "heavy-urban")
    step = tables.ability_shift
    for sign, own, other, who in ((1, attackers, defenders, "attacker"), (-1, defenders, attackers, "defender")):
        kinds = {t.ability for t in own}
        infantry = bool(kinds & {"mech", "militia"})
        if "armor" in kinds and terrain == "open" and "armor" not in {t.ability for t in other}:
            shifts.append(Shift(f"{who}'s armor in the open against no armor", sign * step))
        if "armor" in kinds and urban and not infantry:
            shifts.append(Shift(f"{who}'s armor in a town without infantry", -sign * step))
        if "mech" in kinds and terrain != "open":
            shifts.append(Shift(f"{who}'s mechanized infantry off open ground", sign * step))
        if "militia" in kinds and urban:
            shifts.append(Shift(f"{who}'s militia in a town", sign * step))
        if "engineers" in kinds and urban and len(own) >= 2:
            shifts.append(Shift(f"{who}'s engineers fighting in a town with others", sign * step))
    return shifts


def combat_shifts(
    tables: Tables,
    terrain: str,
    attackers: Sequence[UnitType],
    defenders: Sequence[UnitType],
    *,
    bridge: bool,
    attacker_lost: int,
    defender_lost: int,
    split_hexes: bool,
) -> list[Shift]:
    """Every shift of a combat before the dice, each with its reason."""
    shifts: list[Shift] = []
    ground = terrain_shift(tables, terrain)
    if ground:
        shifts.append(ground)
    if bridge:
        shifts.append(Shift("attacking across the river", -tables.bridge_shift))
    if attacker_lost:
        shifts.append(Shift(f"attackers have lost {attacker_lost} cohesion", -attacker_lost * tables.per_cohesion_lost))
    if defender_lost:
        shifts.append(Shift(f"defenders have lost {defender_lost} cohesion", defender_lost * tables.per_cohesion_lost))
    if split_hexes:
        shifts.append(Shift("attacking from hexes not adjacent to each other", tables.non_adjacent_hexes))
    return shifts + ability_shifts(tables, terrain, attackers, defenders)


def result_of(tables: Tables, column: int) -> tuple[str, int]:
    """(who loses cohesion, hexes the damaged side retreats) on a column."""
    entry = tables.crt[clamp(column)]
    return entry.loser, entry.retreat


def result_name(tables: Tables, column: int) -> str:
    return RESULT_NAMES[result_of(tables, column)]


def column_chances(before_dice: int) -> list[tuple[int, Fraction]]:
    """Each final column and its exact chance, from the 16 d4-by-d4 outcomes."""
    counts: dict[int, int] = {}
    for net, n in net_die_weights().items():
        column = dice_read(before_dice, net)
        counts[column] = counts.get(column, 0) + n
    return [(c, Fraction(n, D4 * D4)) for c, n in sorted(counts.items())]


def result_chances(tables: Tables, before_dice: int) -> list[tuple[str, Fraction]]:
    """Each result and its exact chance, in the CRT's order (worst for the attacker first)."""
    counts: dict[str, Fraction] = {}
    for column, chance in column_chances(before_dice):
        name = result_name(tables, column)
        counts[name] = counts.get(name, Fraction(0)) + chance
    return list(counts.items())


def total(shifts: Iterable[Shift]) -> int:
    return sum(s.value for s in shifts)
