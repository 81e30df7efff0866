"""Every worked example of chapters 8-14, as the rulebook prints it."""

import pytest

from hedgemony_tui.games.hedgemony.engine.combat_factors import ForceGroup, combat_factors
from hedgemony_tui.games.hedgemony.engine.costs import Move, deployment_cost, modernization_cost, procurement_cost
from hedgemony_tui.games.hedgemony.engine.resolution import (
    counted_ffs,
    critical_capability_modifier,
    crt_a_column,
    resolve,
    rt_b_column,
)
from hedgemony_tui.games.hedgemony.engine.terms import Source


def cf(tables, *groups, us=False):
    return combat_factors(tables, list(groups), us=us).total


# --- chapter 8: how capacity and capability affect outcomes -------------------------------


def test_ch8_rt_b_escalation_ladder():
    # Red commits 2 FFs; the U.S. needs 4 for Blue Advantage; Red's third FF restores
    # parity; the U.S. then needs 6.
    assert rt_b_column(blue_ffs=3, red_ffs=2).label == "parity"
    assert rt_b_column(blue_ffs=4, red_ffs=2).label == "blue-advantage"
    assert rt_b_column(blue_ffs=4, red_ffs=3).label == "parity"
    assert rt_b_column(blue_ffs=5, red_ffs=3).label == "parity"
    assert rt_b_column(blue_ffs=6, red_ffs=3).label == "blue-advantage"


def test_ch8_incursion_combat_factors(tables):
    red = cf(tables, ForceGroup(3, 2))
    blue = cf(tables, ForceGroup(2, 4))
    assert (red, blue) == (5, 7)
    assert crt_a_column(blue, red).label == "1:1"


def test_ch8_red_needs_nine_mod2_ffs_for_two_to_one(tables):
    assert cf(tables, ForceGroup(9, 2)) == 14
    assert crt_a_column(blue_cfs=7, red_cfs=14).label == "red-2:1"
    # eight are not enough
    assert crt_a_column(blue_cfs=7, red_cfs=cf(tables, ForceGroup(8, 2))).label == "1:1"


def test_ch8_blue_needs_four_mod4_ffs_for_two_to_one(tables):
    assert cf(tables, ForceGroup(4, 4)) >= 10
    assert crt_a_column(blue_cfs=cf(tables, ForceGroup(4, 4)), red_cfs=5).label == "blue-2:1"
    assert crt_a_column(blue_cfs=cf(tables, ForceGroup(3, 4)), red_cfs=5).label == "1:1"


def test_ch8_critical_capabilities_red_lrf2_blue_iamd4():
    assert critical_capability_modifier({"IAMD": 4}, {"LRF": 2}).value == 2


# --- chapter 11: combat adjudication example ------------------------------------------------


def test_ch11_column_examples():
    assert crt_a_column(blue_cfs=3, red_cfs=2).label == "1:1"
    assert crt_a_column(blue_cfs=5, red_cfs=2).label == "blue-2:1"


def test_ch11_example_of_combat_adjudication(tables):
    red = combat_factors(tables, [ForceGroup(3, 3)], us=False)
    assert red.total == 7
    us = combat_factors(tables, [ForceGroup(2, 4, readiness=80, source=Source.THEATER)], us=True)
    (line,) = us.lines
    assert line.base.value == 7  # 2 FFs at Mod Level 4, In-Theater table
    assert line.reduced is not None and line.reduced.value == 5  # 7 CFs at 80% readiness
    assert us.total == 5
    column = crt_a_column(blue_cfs=us.total, red_cfs=red.total)
    assert column.label == "1:1" and column.ratio == 1
    modifier = critical_capability_modifier({"C4ISR": 4}, {"LRF": 3})
    assert modifier.value == 1
    # The example reads the 1:1 column with +1 on the roll: a 6 reads row 7.
    assert resolve(tables.crt_a, "1:1", 6, modifier.value).row_label == "7"


# --- chapter 12: RT B column examples --------------------------------------------------------


def test_ch12_examples():
    assert rt_b_column(blue_ffs=3, red_ffs=2).label == "parity"
    assert rt_b_column(blue_ffs=5, red_ffs=2).label == "blue-advantage"
    arriving = counted_ffs([(5, True)])
    assert arriving == 3
    assert rt_b_column(blue_ffs=arriving, red_ffs=2).label == "parity"


# --- chapter 13: procurement and modernization ---------------------------------------------


def test_ch13_procurement_examples(tables):
    assert procurement_cost(tables, 4, 3).value == 14
    assert procurement_cost(tables, 2, 5).value == 12


def test_ch13_modernization_examples(tables):
    assert modernization_cost(tables, 2, 1, from_mod=2).value == 2
    # The book prints "two RPs" for 3 FFs from M3 to M5; its own table says 4 (erratum E2).
    assert modernization_cost(tables, 3, 2, from_mod=3).value == 4


# --- chapter 9: deployment examples --------------------------------------------------------


def move(ffs, origin, origin_aor, destination, home, answering=None):
    return Move(ffs, origin, origin_aor, destination, home, answering)


def test_ch9_two_collocated_ffs_eucom_to_centcom_cost_one(tables):
    bill = deployment_cost(tables, [move(2, "Baltics", "EUCOM", "CENTCOM", "EUCOM")], reactive=False)
    assert bill.total == 1


def test_ch9_two_ffs_from_two_locations_cost_two(tables):
    bill = deployment_cost(
        tables,
        [move(1, "Baltics", "EUCOM", "CENTCOM", "EUCOM"), move(1, "Ukraine", "EUCOM", "CENTCOM", "EUCOM")],
        reactive=False,
    )
    assert bill.total == 2


def test_ch9_two_collocated_ffs_to_two_aors_cost_two(tables):
    bill = deployment_cost(
        tables,
        [move(1, "Baltics", "EUCOM", "CENTCOM", "EUCOM"), move(1, "Baltics", "EUCOM", "AFRICOM", "EUCOM")],
        reactive=False,
    )
    assert bill.total == 2


def test_ch9_return_home_and_moves_within_an_aor_are_free(tables):
    bill = deployment_cost(
        tables,
        [move(3, "Iraq", "CENTCOM", "EUCOM", "EUCOM"), move(2, "Baltics", "EUCOM", "EUCOM", "CONUS")],
        reactive=False,
    )
    assert bill.total == 0
    assert {c.reason for c in bill.charges} == {"return to the home AOR", "within one AOR"}


def test_ch9_conus_proactive_each_destination_aor_is_a_deployment(tables):
    moves = [
        move(3, "CONUS", "NORTHCOM", "EUCOM", "NORTHCOM"),
        move(2, "CONUS", "NORTHCOM", "EUCOM", "NORTHCOM"),
        move(4, "CONUS", "NORTHCOM", "INDOPACOM", "NORTHCOM"),
    ]
    bill = deployment_cost(tables, moves, reactive=False)
    # 5 FFs to EUCOM (3 RP) + 4 FFs to INDOPACOM (2 RP), on the proactive table
    assert bill.total == 3 + 2


def test_ch9_conus_reactive_each_action_answered_is_a_deployment(tables):
    moves = [
        move(3, "CONUS", "NORTHCOM", "EUCOM", "NORTHCOM", "RU-05"),
        move(2, "CONUS", "NORTHCOM", "CENTCOM", "NORTHCOM", "RU-05"),
        move(1, "CONUS", "NORTHCOM", "INDOPACOM", "NORTHCOM", "PRC-03"),
    ]
    bill = deployment_cost(tables, moves, reactive=True)
    # 5 FFs answering RU-05 (5 RP) + 1 FF answering PRC-03 (2 RP), on the reactive table
    assert bill.total == 5 + 2


def test_reactive_move_must_name_what_it_answers(tables):
    from hedgemony_tui.table.errors import RuleInputError

    with pytest.raises(RuleInputError, match="must name the action"):
        deployment_cost(tables, [move(1, "CONUS", "NORTHCOM", "EUCOM", "NORTHCOM")], reactive=True)
