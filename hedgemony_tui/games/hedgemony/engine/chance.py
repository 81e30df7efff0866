"""Table-driven die rolls outside combat: proxy reliability (ch. 15) and DoD budget
variation (Table 3.1)."""

from __future__ import annotations

from fractions import Fraction

import attrs

from hedgemony_tui.table.errors import RuleInputError

from .resolution import check_roll
from .tables import BudgetBand, RuleTables
from .terms import Reliability


@attrs.frozen
class ProxyCheck:
    grade: Reliability
    roll: int
    success: bool
    percent: int  # the success chance the mat prints for the grade
    fails_on: str  # the faces that fail, e.g. "0-1", or "none"


def _grade(grade: str | Reliability) -> Reliability:
    try:
        return Reliability(grade)
    except ValueError:
        allowed = ", ".join(g.value for g in Reliability)
        raise RuleInputError(f"proxy reliability must be one of {allowed} (got {grade!r})") from None


def proxy_check(tables: RuleTables, grade: str | Reliability, roll: int) -> ProxyCheck:
    """Does the proxy come through? One roll on the Proxy Forces Reliability table."""
    grade = _grade(grade)
    check_roll(roll)
    index = tables.proxy.grades.index(grade)
    failures = [face for face in range(10) if not tables.proxy.cells[face][index]]
    fails_on = "none" if not failures else f"{failures[0]}-{failures[-1]}" if len(failures) > 1 else str(failures[0])
    return ProxyCheck(
        grade=grade,
        roll=roll,
        success=tables.proxy.cells[roll][index],
        percent=tables.proxy.percent[index],
        fails_on=fails_on,
    )


def proxy_success_chance(tables: RuleTables, grade: str | Reliability) -> Fraction:
    grade = _grade(grade)
    index = tables.proxy.grades.index(grade)
    return Fraction(sum(row[index] for row in tables.proxy.cells), 10)


def proxy_delivery(intended: int, success: bool) -> int:
    """FFs (procurement) or Mod Levels (modernization) a proxy delivers: one fewer on failure."""
    if intended < 1:
        raise RuleInputError(f"a proxy development needs at least 1 FF or Mod Level (got {intended})")
    return intended if success else intended - 1


@attrs.frozen
class BudgetVariation:
    roll: int
    band: BudgetBand

    @property
    def change(self) -> int:
        return self.band.change


def budget_variation(tables: RuleTables, roll: int) -> BudgetVariation:
    """The change to the U.S. per-turn allocation for a D10 roll (Table 3.1)."""
    check_roll(roll)
    for band in tables.budget.bands:
        if band.low <= roll <= band.high:
            return BudgetVariation(roll, band)
    raise RuleInputError(f"no budget band covers the roll {roll}")  # the loader rules this out
