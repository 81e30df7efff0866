"""The strength benchmark's verdict: margin interval, or winning itself (paired)."""

import importlib.util
from pathlib import Path

SPEC = importlib.util.spec_from_file_location("bench_bots", Path(__file__).parents[3] / "benchmarks" / "bench_bots.py")
assert SPEC is not None and SPEC.loader is not None, "benchmarks/bench_bots.py is missing"
bench = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(bench)


def arms(pairs):
    """(strong, weak) outcomes from (won_strong, margin_strong, won_weak, margin_weak) rows."""
    return [(a, m, 0) for a, m, _, _ in pairs], [(b, n, 0) for _, _, b, n in pairs]


def test_a_margin_interval_above_zero_is_better():
    strong, weak = arms([(False, -3.0 + i % 3, False, -5.0) for i in range(30)])
    result = bench.compare("US", strong, weak)
    assert result["verdict"] == "yes" and result["wins"] == (0, 0, 1.0)


def test_more_wins_in_the_discordant_pairs_is_better_when_the_margin_does_not_say_worse():
    # Twelve near-misses turned into narrow wins, and noise of both signs elsewhere: the
    # margin interval straddles zero, the paired wins are 12 to 0.
    rows = [(True, 0.5, False, -0.5)] * 12 + [(True, 9.0, True, 1.0), (True, 1.0, True, 9.0)] * 10
    strong, weak = arms(rows)
    result = bench.compare("NATO", strong, weak)
    mean, half = result["diff"]
    assert mean - half < 0 < mean + half
    assert result["wins"][:2] == (12, 0) and result["wins"][2] < 0.05
    assert result["verdict"] == "yes"
    # The same wins the other way round: worse.
    assert bench.compare("NATO", weak, strong)["verdict"] == "no"


def test_wins_do_not_outvote_a_margin_interval_below_zero():
    rows = [(True, 0.5, False, -0.5)] * 12 + [(True, 1.0, True, 20.0)] * 30
    strong, weak = arms(rows)
    result = bench.compare("NATO", strong, weak)
    assert result["diff"][0] + result["diff"][1] < 0 and result["verdict"] == "no"


def test_no_signal_is_not_significant():
    rows = [(True, 1.0, False, -1.0), (False, -1.0, True, 1.0)] * 15
    assert bench.compare("NATO", *arms(rows))["verdict"] == "n.s."
