"""Costs (ch. 9, 13), U.S. readiness (ch. 11, 14), proxies (ch. 15) and the DoD budget (Table 3.1)."""

import pytest

from hedgemony_tui.games.hedgemony.engine.chance import (
    budget_variation,
    proxy_check,
    proxy_delivery,
    proxy_success_chance,
)
from hedgemony_tui.games.hedgemony.engine.costs import (
    conus_deployment_cost,
    modernization_cap,
    modernization_cost,
    procurement_cost,
)
from hedgemony_tui.games.hedgemony.engine.readiness import (
    ReadinessGroup,
    buyback_between,
    buyback_cost,
    readiness_after_reset,
    sustainment_cost,
)
from hedgemony_tui.games.hedgemony.engine.terms import Outcome
from hedgemony_tui.table.errors import RuleInputError


def test_procurement_respects_mod_levels_and_tech_level(tables):
    with pytest.raises(RuleInputError, match="1-7"):
        procurement_cost(tables, 1, 8)
    with pytest.raises(RuleInputError, match="National Tech Level 4"):
        procurement_cost(tables, 1, 5, tech_level=4)
    with pytest.raises(RuleInputError, match="at least 1"):
        procurement_cost(tables, 0, 3)
    assert procurement_cost(tables, 12, 1).value == 20 + 2 * 2  # X2: 10 + 2


def test_modernization_respects_the_top_mod_level_and_tech_level(tables):
    with pytest.raises(RuleInputError, match="highest Mod Level is 7"):
        modernization_cost(tables, 2, 3, from_mod=5)
    with pytest.raises(RuleInputError, match="National Tech Level 4"):
        modernization_cost(tables, 2, 2, from_mod=3, tech_level=4)
    with pytest.raises(RuleInputError, match=r"\+1 to \+6"):
        modernization_cost(tables, 2, 0)


def test_modernization_cap_is_twenty_percent_rounded_down():
    assert [modernization_cap(n) for n in (4, 5, 9, 10, 15, 20)] == [0, 1, 1, 2, 3, 4]


def test_conus_deployment_tables(tables):
    assert conus_deployment_cost(tables, 1, reactive=False).value == 1
    assert conus_deployment_cost(tables, 1, reactive=True).value == 2
    assert conus_deployment_cost(tables, 15, reactive=True).value == 12


def test_readiness_worksheet_default_laydown(tables):
    # Default U.S. laydown: 14 FFs in CONUS, 6 overseas, all at 100%.
    bill = sustainment_cost(tables, [ReadinessGroup(14, 100, True), ReadinessGroup(6, 100, False)])
    assert (bill.conus_total, bill.oconus_total, bill.total) == (14, 12, 26)


def test_readiness_worksheet_subtotals_by_level_before_lookup(tables):
    groups = [ReadinessGroup(3, 80, False), ReadinessGroup(2, 80, False), ReadinessGroup(10, 60, True)]
    bill = sustainment_cost(tables, groups)
    assert [(line.conus, line.readiness, line.ffs) for line in bill.lines] == [(True, 60, 10), (False, 80, 5)]
    assert bill.total == 6 + 8  # one 5-FF subtotal, not 3 + 2 looked up apart (6 + 4 = 10)


def test_buyback(tables):
    assert buyback_cost(tables, 2, 20, conus=True).value == 3
    assert buyback_cost(tables, 2, 20, conus=False).value == 4
    assert buyback_between(tables, 5, 50, 100, conus=False).value == 12
    with pytest.raises(RuleInputError, match=r"\+10, \+20"):
        buyback_cost(tables, 2, 15, conus=True)
    with pytest.raises(RuleInputError, match="must raise"):
        buyback_between(tables, 2, 80, 80, conus=True)


@pytest.mark.parametrize(
    "outcome, expected",
    [
        (Outcome.BLUE_MAJOR, 90),
        (Outcome.BLUE_MINOR, 90),
        (Outcome.STATUS_QUO, 90),
        (Outcome.RED_MINOR, 80),
        (Outcome.RED_MAJOR, 70),
    ],
)
def test_reset_readiness_loss_by_outcome(outcome, expected):
    assert readiness_after_reset(100, outcome) == expected


def test_reset_never_takes_readiness_below_fifty_percent():
    assert readiness_after_reset(60, Outcome.RED_MAJOR) == 50
    assert readiness_after_reset(50, Outcome.STATUS_QUO) == 50


@pytest.mark.parametrize("readiness", [85, 40, 110, 0])
def test_readiness_must_be_a_printed_level(tables, readiness):
    with pytest.raises(RuleInputError, match="100, 90, 80, 70, 60, 50"):
        sustainment_cost(tables, [ReadinessGroup(1, readiness, True)])


def test_proxy_reliability_bands(tables):
    successes = {
        grade: [face for face in range(10) if proxy_check(tables, grade, face).success]
        for grade in ("certain", "high", "medium", "low")
    }
    assert successes == {
        "certain": list(range(10)),
        "high": list(range(2, 10)),
        "medium": list(range(4, 10)),
        "low": list(range(6, 10)),
    }
    assert proxy_check(tables, "medium", 0).fails_on == "0-3"
    assert float(proxy_success_chance(tables, "low")) == 0.4
    with pytest.raises(RuleInputError, match="certain, high, medium, low"):
        proxy_check(tables, "shaky", 3)


def test_failed_proxy_development_delivers_one_less():
    assert proxy_delivery(2, success=False) == 1
    assert proxy_delivery(1, success=False) == 0
    assert proxy_delivery(3, success=True) == 3


def test_budget_variation_bands(tables):
    assert [budget_variation(tables, face).change for face in range(10)] == [-2, -2, -1, -1, -1, 0, 0, 0, 1, 2]
    with pytest.raises(RuleInputError):
        budget_variation(tables, 10)
