"""CRT A and RT B: columns, rows beyond the printed range, modifiers, exact odds."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hedgemony_tui.games.hedgemony.engine.resolution import (
    CRT_A_COLUMNS,
    RT_B_COLUMNS,
    critical_capability_modifier,
    crt_a_column,
    odds,
    red_reset_cost,
    reset_ffs,
    resolve,
    rt_b_column,
)
from hedgemony_tui.games.hedgemony.engine.terms import Outcome
from hedgemony_tui.table.errors import RuleInputError

MIRROR = {
    Outcome.RED_MAJOR: Outcome.BLUE_MAJOR,
    Outcome.RED_MINOR: Outcome.BLUE_MINOR,
    Outcome.STATUS_QUO: Outcome.STATUS_QUO,
    Outcome.BLUE_MINOR: Outcome.RED_MINOR,
    Outcome.BLUE_MAJOR: Outcome.RED_MAJOR,
}


def mirror_column(label: str) -> str:
    if label.startswith("red-"):
        return "blue-" + label[4:]
    if label.startswith("blue-"):
        return "red-" + label[5:]
    return label


def test_printed_cells_spot_checks(tables):
    assert resolve(tables.crt_a, "red-4:1", 0).outcome is Outcome.RED_MAJOR
    assert resolve(tables.crt_a, "red-3:1", 9).outcome is Outcome.STATUS_QUO
    assert resolve(tables.crt_a, "blue-4:1", 0, -5).outcome is Outcome.STATUS_QUO
    assert resolve(tables.crt_a, "blue-4:1", 0, -3).outcome is Outcome.BLUE_MINOR
    assert resolve(tables.rt_b, "red-advantage", 9).outcome is Outcome.BLUE_MINOR
    assert resolve(tables.rt_b, "blue-advantage", 0).outcome is Outcome.RED_MINOR
    assert resolve(tables.rt_b, "parity", 7).outcome is Outcome.BLUE_MINOR


def test_rows_beyond_the_printed_range(tables):
    assert resolve(tables.crt_a, "1:1", 0, -30).row_label == "< -5"
    assert resolve(tables.crt_a, "1:1", 9, 30).row_label == "> 14"
    assert resolve(tables.crt_a, "blue-4:1", 0, -30).outcome is Outcome.STATUS_QUO
    assert resolve(tables.crt_a, "red-3:1", 9, 6).outcome is Outcome.BLUE_MAJOR  # 15: the "> 14" row
    assert resolve(tables.crt_a, "red-3:1", 9, 5).outcome is Outcome.BLUE_MINOR  # 14: printed
    assert resolve(tables.rt_b, "red-advantage", 9, 30).row_label == "> 13"
    assert resolve(tables.rt_b, "parity", 0, -5).row_label == "< -4"


@pytest.mark.parametrize("roll", [-1, 10, 11])
def test_a_roll_is_a_d10_face(tables, roll):
    with pytest.raises(RuleInputError, match="0-9"):
        resolve(tables.crt_a, "1:1", roll)


def test_unknown_column_names_the_allowed_ones(tables):
    with pytest.raises(RuleInputError, match="red-advantage, parity, blue-advantage"):
        odds(tables.rt_b, "1:1")


def test_baseline_odds_at_parity(tables):
    assert odds(tables.crt_a, "1:1") == {
        Outcome.RED_MAJOR: Fraction(1, 10),
        Outcome.RED_MINOR: Fraction(2, 10),
        Outcome.STATUS_QUO: Fraction(4, 10),
        Outcome.BLUE_MINOR: Fraction(2, 10),
        Outcome.BLUE_MAJOR: Fraction(1, 10),
    }
    assert odds(tables.rt_b, "red-advantage")[Outcome.RED_MAJOR] == Fraction(1, 10)


def test_two_point_modifier_is_roughly_a_column_shift(tables):
    # Chapter 8's rule of thumb: +2 on the 1:1 column is about the Blue 2:1 column.
    shifted = odds(tables.crt_a, "1:1", 2)
    column = odds(tables.crt_a, "blue-2:1")
    blue = lambda o: o[Outcome.BLUE_MINOR] + o[Outcome.BLUE_MAJOR]  # noqa: E731
    assert abs(blue(shifted) - blue(column)) <= Fraction(1, 10)


tables_and_columns = st.sampled_from([("crt_a", c) for c in CRT_A_COLUMNS] + [("rt_b", c) for c in RT_B_COLUMNS])


@given(tables_and_columns, st.integers(-25, 25))
def test_odds_sum_to_one(tables, which, modifier):
    name, column = which
    chances = odds(getattr(tables, name), column, modifier)
    assert sum(chances.values()) == 1
    assert set(chances) == set(Outcome)


@given(tables_and_columns, st.integers(-30, 30))
def test_tables_are_mirror_symmetric(tables, which, roll):
    # Column Red k:1 at roll r reads the mirror image of Blue k:1 at roll 9 - r.
    name, column = which
    table = getattr(tables, name)
    assert table.read(mirror_column(column), 9 - roll).outcome is MIRROR[table.read(column, roll).outcome]


@given(tables_and_columns, st.integers(-30, 30))
def test_a_higher_roll_never_hurts_blue(tables, which, roll):
    name, column = which
    table = getattr(tables, name)
    assert table.read(column, roll + 1).outcome.rank >= table.read(column, roll).outcome.rank


@given(st.sampled_from(["crt_a", "rt_b"]), st.integers(-30, 30))
def test_a_column_further_blue_never_hurts_blue(tables, name, roll):
    table = getattr(tables, name)
    ranks = [table.read(column, roll).outcome.rank for column in table.columns]
    assert ranks == sorted(ranks)


@given(st.integers(0, 500), st.integers(0, 500))
def test_column_choice_is_mirror_symmetric(blue, red):
    assert crt_a_column(blue, red).label == mirror_column(crt_a_column(red, blue).label)
    assert rt_b_column(blue, red).label == mirror_column(rt_b_column(red, blue).label)


@given(st.integers(1, 500), st.integers(1, 500))
def test_crt_a_column_is_the_ratio_rounded_down(blue, red):
    ratio = max(blue, red) // min(blue, red)
    label = crt_a_column(blue, red).label
    if ratio == 1:
        assert label == "1:1"
    else:
        side = "blue" if blue > red else "red"
        assert label == f"{side}-{min(ratio, 4)}:1"


def test_one_side_with_nothing_reads_the_strongest_column():
    assert crt_a_column(blue_cfs=3, red_cfs=0).label == "blue-4:1"
    assert rt_b_column(blue_ffs=0, red_ffs=1).label == "red-advantage"
    assert crt_a_column(0, 0).label == "1:1"


def test_critical_capabilities_best_blue_minus_best_red():
    modifier = critical_capability_modifier({"C4ISR": 3, "IAMD": 4}, {"C4ISR": 3, "LRF": 4})
    assert modifier.value == 0
    assert "IAMD 4" in modifier.label and "LRF 4" in modifier.label
    assert critical_capability_modifier({"SOF": 3}, {}).value == 3
    assert critical_capability_modifier({}, {"LRF": 2}).value == -2


def test_reset_sends_half_home_rounded_up():
    assert [reset_ffs(n) for n in range(0, 6)] == [0, 1, 1, 2, 2, 3]
    assert red_reset_cost(reset_ffs(5)) == 3
