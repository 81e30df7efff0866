"""Chapter 10's two procedures: subtotals, sources, adjacent halving, readiness."""

import pytest

from hedgemony_tui.games.hedgemony.engine.combat_factors import ForceGroup, combat_factors, subtotal
from hedgemony_tui.games.hedgemony.engine.terms import Source
from hedgemony_tui.table.errors import RuleInputError


def test_groups_are_subtotalled_before_lookup(tables):
    # Two 1xM3 counters in theater are 2xM3 = 5 CFs, not 3 + 3.
    sheet = combat_factors(tables, [ForceGroup(1, 3), ForceGroup(1, 3)], us=False)
    assert sheet.total == 5
    assert len(sheet.lines) == 1


def test_adjacent_theater_halves_rounding_up(tables):
    sheet = combat_factors(tables, [ForceGroup(3, 3, source=Source.ADJACENT)], us=False)
    (line,) = sheet.lines
    assert (line.base.value, line.halved, line.cfs) == (7, 4, 4)


def test_non_us_sums_subtotals_by_source_and_mod(tables):
    groups = [ForceGroup(5, 1), ForceGroup(5, 2), ForceGroup(2, 3, source=Source.ADJACENT)]
    sheet = combat_factors(tables, groups, us=False)
    assert [line.cfs for line in sheet.lines] == [5, 8, 3]
    assert sheet.total == 16


def test_us_conus_reactive_table(tables):
    sheet = combat_factors(tables, [ForceGroup(1, 1, source=Source.CONUS)], us=True)
    assert sheet.total == 0  # the mat prints 0 CFs for one M1 FF flown in from CONUS
    sheet = combat_factors(tables, [ForceGroup(4, 3, source=Source.CONUS)], us=True)
    assert sheet.total == 6


def test_us_readiness_applies_after_the_table_and_halving(tables):
    # 4xM4 adjacent: 12 CFs, halved to 6, at 70% readiness -> 3
    sheet = combat_factors(tables, [ForceGroup(4, 4, readiness=70, source=Source.ADJACENT)], us=True)
    (line,) = sheet.lines
    assert (line.base.value, line.halved, line.reduced.row, line.cfs) == (12, 6, 6, 3)


def test_us_subtotals_split_by_readiness(tables):
    groups = [ForceGroup(2, 3, readiness=100), ForceGroup(2, 3, readiness=80), ForceGroup(1, 3, readiness=100)]
    sheet = combat_factors(tables, groups, us=True)
    assert [(line.ffs, line.readiness, line.cfs) for line in sheet.lines] == [
        (3, 100, 7),
        (2, 80, 3),
    ]  # 2xM3 = 5 CFs, 3 at 80%


@pytest.mark.parametrize(
    "group, us, message",
    [
        (ForceGroup(0, 3), False, "at least 1 FF"),
        (ForceGroup(2, 8), False, "Mod Level must be 1-7"),
        (ForceGroup(2, 3, readiness=85), True, "readiness must be one of"),
        (ForceGroup(2, 3, readiness=80), False, "only U.S. forces have a Readiness Level"),
        (ForceGroup(2, 3, source=Source.CONUS), False, "only U.S. forces deploy reactively from CONUS"),
    ],
)
def test_illegal_groups(tables, group, us, message):
    with pytest.raises(RuleInputError, match=message):
        combat_factors(tables, [group], us=us)


def test_subtotal_order_is_stable():
    groups = [ForceGroup(1, 2, source=Source.CONUS), ForceGroup(1, 4), ForceGroup(1, 3, source=Source.ADJACENT)]
    assert [g.source for g in subtotal(groups, us=True)] == [Source.THEATER, Source.ADJACENT, Source.CONUS]
