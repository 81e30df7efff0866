"""U.S. readiness: the per-turn bill, buy-back, and the loss from reset (chapters 11 and 14).

The bill follows the worksheet of Figure 14.4: subtotal FFs in CONUS by Readiness
Level, read each subtotal on the CONUS table and sum (a); the same for forces
overseas on the OCONUS table (b); the bill is (a) + (b) = (c). Readiness moves in
steps of 10 points between 50% and 100% (extension rules X3 and X4).
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from hedgemony_tui.table.errors import RuleInputError

from .tables import Lookup, RuleTables
from .terms import READINESS_LEVELS, Outcome

LOWEST_READINESS = min(READINESS_LEVELS)


def check_readiness(readiness: int) -> None:
    if readiness not in READINESS_LEVELS:
        levels = ", ".join(str(r) for r in READINESS_LEVELS)
        raise RuleInputError(f"readiness must be one of {levels} percent (got {readiness})")


@attrs.frozen
class ReadinessGroup:
    """U.S. FFs at one Readiness Level, in CONUS or overseas."""

    ffs: int
    readiness: int
    conus: bool


@attrs.frozen
class ReadinessLine:
    conus: bool
    readiness: int
    ffs: int
    lookup: Lookup


@attrs.frozen
class ReadinessBill:
    """The filled-in worksheet: lines, (a) CONUS, (b) OCONUS, (c) the bill."""

    lines: tuple[ReadinessLine, ...]
    conus_total: int
    oconus_total: int

    @property
    def total(self) -> int:
        return self.conus_total + self.oconus_total


def sustainment_cost(tables: RuleTables, groups: Iterable[ReadinessGroup]) -> ReadinessBill:
    """The per-turn readiness bill for a posture (Figure 14.4)."""
    subtotals: dict[tuple[bool, int], int] = {}
    for group in groups:
        if group.ffs < 0:
            raise RuleInputError(f"cannot hold {group.ffs} FFs")
        check_readiness(group.readiness)
        key = (group.conus, group.readiness)
        subtotals[key] = subtotals.get(key, 0) + group.ffs
    lines = []
    for conus, readiness in sorted(subtotals, key=lambda k: (not k[0], -k[1])):
        ffs = subtotals[(conus, readiness)]
        if ffs == 0:
            continue
        table = tables.conus_sustainment if conus else tables.oconus_sustainment
        lines.append(ReadinessLine(conus, readiness, ffs, table.lookup(ffs, readiness)))
    return ReadinessBill(
        lines=tuple(lines),
        conus_total=sum(line.lookup.value for line in lines if line.conus),
        oconus_total=sum(line.lookup.value for line in lines if not line.conus),
    )


def buyback_cost(tables: RuleTables, ffs: int, increase: int, *, conus: bool) -> Lookup:
    """One-time RPs to raise ``ffs`` FFs' readiness by ``increase`` points (Figure 14.3).

    The table is chosen by where the forces are at the time of the buy-back.
    """
    if ffs < 1:
        raise RuleInputError(f"need at least 1 FF (got {ffs})")
    if increase not in (10, 20, 30, 40, 50):
        raise RuleInputError(f"a buy-back raises readiness by +10, +20, +30, +40 or +50 percent (got +{increase})")
    table = tables.conus_buyback if conus else tables.oconus_buyback
    return table.lookup(ffs, increase)


def buyback_between(tables: RuleTables, ffs: int, start: int, target: int, *, conus: bool) -> Lookup:
    """Buy-back cost from one Readiness Level to a higher one."""
    check_readiness(start)
    check_readiness(target)
    if target <= start:
        raise RuleInputError(f"a buy-back must raise readiness ({start}% -> {target}%)")
    return buyback_cost(tables, ffs, target - start, conus=conus)


RESET_READINESS_LOSS = {
    Outcome.BLUE_MAJOR: 10,
    Outcome.BLUE_MINOR: 10,
    Outcome.STATUS_QUO: 10,
    Outcome.RED_MINOR: 20,
    Outcome.RED_MAJOR: 30,
}
"""Readiness points U.S. forces lose when "Reset rules apply", by outcome (ch. 11)."""


def readiness_after_reset(readiness: int, outcome: Outcome) -> int:
    """U.S. readiness after a reset: 10/20/30 points lower, never below 50% (rule X4)."""
    check_readiness(readiness)
    return max(LOWEST_READINESS, readiness - RESET_READINESS_LOSS[outcome])
