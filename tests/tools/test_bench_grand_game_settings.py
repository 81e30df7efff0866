"""``benchmarks/bench_grand_game.py --set``: the balance runs try other numbers from the command
line (a computer player's style, the economy's rules, the starting forces). A setting it cannot
use is refused with a message naming what it knows; one it can use changes that record and only
that field. Each test puts back what it changed, since these records are the game's own."""

from __future__ import annotations

import importlib.util
from fractions import Fraction
from pathlib import Path

import attrs
import pytest

from hedgemony_tui.games.grand_game.engine import economy, game_setup

SPEC = importlib.util.spec_from_file_location(
    "bench_grand_game", Path(__file__).parents[2] / "benchmarks" / "bench_grand_game.py"
)
assert SPEC is not None and SPEC.loader is not None
bench = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(bench)


@pytest.fixture
def restored():
    styles, start = dict(bench.STYLES), dict(game_setup.START)
    rules = attrs.asdict(economy.RULES)
    yield
    bench.STYLES.clear()
    bench.STYLES.update(styles)
    game_setup.START.clear()
    game_setup.START.update(start)
    for field, value in rules.items():
        object.__setattr__(economy.RULES, field, value)


def test_a_setting_changes_only_its_field(restored):
    before = bench.STYLES["basic"]
    bench.apply_settings(
        [
            "basic.threat_odds=7/10",
            "basic.rest_in_infantry=false",
            "economy.develop_step=0",
            "start.small.armor_at_capital=1",
        ]
    )
    assert bench.STYLES["basic"] == attrs.evolve(before, threat_odds=Fraction(7, 10), rest_in_infantry=False)
    assert economy.RULES.develop_step == 0 and economy.development_cost(0, 3) == 2 * 3
    assert game_setup.START["small"].armor_at_capital == 1
    assert game_setup.START["large"].armor_at_capital == 2


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ("basic.threat_odd=1", "basic has no field 'threat_odd' (its fields: politics, develop_price"),
        ("economy.develop_step=two", "'two' is not a whole number"),
        ("basic.all_military=maybe", "'maybe' is not true or false"),
        (
            "start.huge.armor_at_capital=1",
            "'start.huge' is none of basic, politics-only, military-only, defence-first, economy",
        ),
        ("basic", "write WHERE.FIELD=VALUE"),
        ("basic.name=other", "basic has no field 'name'"),
    ],
)
def test_a_setting_it_cannot_use_is_refused_and_changes_nothing(restored, setting, message):
    before = (dict(bench.STYLES), attrs.asdict(economy.RULES), dict(game_setup.START))
    with pytest.raises(bench.SettingError) as refused:
        bench.apply_settings([setting])
    assert message in str(refused.value)
    assert (dict(bench.STYLES), attrs.asdict(economy.RULES), dict(game_setup.START)) == before
