"""The mats as data: printed cells, monotonic where printed, and the extension rules X1/X2."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hedgemony_tui.games.hedgemony.engine.tables import round_half_up

# (table attribute, direction of the columns as printed: +1 = values grow left to right)
COUNT_TABLES = {
    "cf_in_theater": +1,
    "cf_conus_reactive": +1,
    "readiness_impact": -1,  # 90% .. 50%
    "deploy_proactive": 0,
    "deploy_reactive": 0,
    "procurement": +1,
    "modernization": +1,
    "conus_sustainment": -1,  # 100% .. 50%
    "oconus_sustainment": -1,
    "conus_buyback": +1,
    "oconus_buyback": +1,
}


def test_spot_cells_as_printed(tables):
    assert tables.cf_in_theater.printed(15, 7) == 62
    assert tables.cf_conus_reactive.printed(1, 1) == 0
    assert tables.readiness_impact.printed(50, 50) == 15
    assert tables.deploy_reactive.printed(15, "RP") == 12
    assert tables.procurement.printed(10, 7) == 56
    assert tables.oconus_buyback.printed(30, 50) == 45


def test_erratum_e1_keeps_the_printed_cell_and_reads_the_corrected_one(tables):
    assert tables.oconus_sustainment.printed(20, 50) == 30
    lookup = tables.oconus_sustainment.lookup(20, 50)
    assert (lookup.value, lookup.method, lookup.erratum.id) == (20, "corrected", "E1")


def test_oconus_sustainment_is_twice_conus(tables):
    # The pattern erratum E1 rests on: every other cell is exactly double.
    for row in tables.conus_sustainment.rows:
        for column in tables.conus_sustainment.columns:
            assert tables.oconus_sustainment.value(row, column) == 2 * tables.conus_sustainment.value(row, column)


@pytest.mark.parametrize("name", COUNT_TABLES)
def test_printed_tables_grow_with_the_count(tables, name):
    table = getattr(tables, name)
    for column in table.columns:
        values = [table.value(row, column) for row in table.rows]
        assert values == sorted(values), (name, column)


@pytest.mark.parametrize("name", [n for n, d in COUNT_TABLES.items() if d])
def test_printed_tables_are_ordered_across_columns(tables, name):
    table = getattr(tables, name)
    for row in table.rows:
        values = [table.value(row, column) for column in table.columns]
        expected = sorted(values, reverse=COUNT_TABLES[name] < 0)
        assert values == expected, (name, row)


def test_reactive_tables_never_beat_the_proactive_or_in_theater_ones(tables):
    for row in tables.cf_in_theater.rows:
        for mod in range(1, 8):
            assert tables.cf_conus_reactive.value(row, mod) < tables.cf_in_theater.value(row, mod)
    for row in tables.deploy_proactive.rows:
        assert tables.deploy_reactive.value(row, "RP") >= tables.deploy_proactive.value(row, "RP")


def test_overseas_buyback_costs_more_than_conus(tables):
    for row in tables.conus_buyback.rows:
        for column in tables.conus_buyback.columns:
            assert tables.oconus_buyback.value(row, column) > tables.conus_buyback.value(row, column)


# --- extension rules --------------------------------------------------------------------


@given(st.sampled_from(sorted(COUNT_TABLES)), st.data())
def test_extensions_agree_with_every_printed_cell(tables, name, data):
    table = getattr(tables, name)
    row = data.draw(st.sampled_from(table.rows))
    column = data.draw(st.sampled_from(table.columns))
    assert table.lookup(row, column).value == table.value(row, column)


@given(st.sampled_from(sorted(COUNT_TABLES)), st.integers(0, 400), st.data())
def test_extensions_never_decrease_with_the_count(tables, name, count, data):
    table = getattr(tables, name)
    column = data.draw(st.sampled_from(table.columns))
    assert table.lookup(count + 1, column).value >= table.lookup(count, column).value


@given(st.sampled_from([n for n, d in COUNT_TABLES.items() if d]), st.integers(1, 400))
def test_extensions_keep_the_column_order(tables, name, count):
    table = getattr(tables, name)
    values = [table.lookup(count, column).value for column in table.columns]
    assert values == sorted(values, reverse=COUNT_TABLES[name] < 0)


@given(st.sampled_from(sorted(COUNT_TABLES)), st.data())
def test_x1_interpolates_between_the_neighbouring_printed_rows(tables, name, data):
    table = getattr(tables, name)
    gaps = [(a, b) for a, b in zip(table.rows, table.rows[1:]) if b - a > 1]
    if not gaps:
        return
    below, above = data.draw(st.sampled_from(gaps))
    count = data.draw(st.integers(below + 1, above - 1))
    column = data.draw(st.sampled_from(table.columns))
    lookup = table.lookup(count, column)
    low, high = table.value(below, column), table.value(above, column)
    assert lookup.method == "interpolated"
    assert low <= lookup.value <= high
    exact = low + Fraction(high - low) * Fraction(count - below, above - below)
    assert abs(lookup.value - exact) <= Fraction(1, 2)


@given(st.sampled_from(sorted(COUNT_TABLES)), st.integers(1, 5), st.data())
def test_x2_adds_full_last_rows_and_the_remainder(tables, name, groups, data):
    table = getattr(tables, name)
    last = table.rows[-1]
    rest = data.draw(st.integers(0, last - 1))
    column = data.draw(st.sampled_from(table.columns))
    count = groups * last + rest
    expected = groups * table.value(last, column) + table.lookup(rest, column).value
    assert table.lookup(count, column).value == expected


def test_default_us_laydown_14_ffs_in_conus(tables):
    # The default scenario puts 14 U.S. FFs in CONUS: between the printed 10 and 15 rows.
    values = {r: tables.conus_sustainment.lookup(14, r).value for r in (100, 90, 80, 70, 60, 50)}
    assert values == {100: 14, 90: 12, 80: 10, 70: 9, 60: 8, 50: 7}


def test_x1_example_readiness_impact_between_rows(tables):
    lookup = tables.readiness_impact.lookup(12, 90)  # between 10 (9) and 15 (13): 10.6
    assert (lookup.value, lookup.method) == (11, "interpolated")


def test_x2_example_more_ffs_than_the_last_row(tables):
    assert tables.cf_in_theater.lookup(16, 7).value == 62 + 7
    assert tables.deploy_proactive.lookup(20, "RP").value == 8 + 3
    assert tables.readiness_impact.lookup(60, 80).value == 33 + 7


def test_round_half_up():
    assert [round_half_up(Fraction(n, 2)) for n in range(0, 6)] == [0, 1, 1, 2, 2, 3]
