"""``hedgemony calc``: the exact interface, its JSON, and one-line errors with exit status 2."""

import json

import pytest

from hedgemony_tui import __version__
from hedgemony_tui.cli import main
from tests.cli.cli_helpers import run


def value(capsys, *argv):
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    assert err == ""
    return json.loads(out)["value"]


def test_version(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip() == f"hedgemony {__version__}"


def test_bare_command_introduces_the_calculator(capsys):
    code, out, _ = run(capsys)
    assert code == 0
    assert "calc" in out and "cf" in out and "odds" in out


@pytest.mark.parametrize(
    "argv, expected",
    [
        (["cf", "3xM2"], 5),
        (["cf", "3xM3", "2xM2:adjacent"], 7 + 2),
        (["cf", "2xM4@80", "--us"], 5),
        (["cf", "4xM3@90:conus", "--us"], 5),  # 6 CFs on the reactive table, 5 at 90%
        (["cf", "16xM7"], 69),
        (["column", "crt-a", "--blue", "5", "--red", "7"], "1:1"),
        (["column", "crt-a", "--blue", "5", "--red", "2"], "blue-2:1"),
        (["column", "crt-a", "--blue", "1", "--red", "9"], "red-4:1"),
        (["column", "rt-b", "--blue", "4", "--red", "2"], "blue-advantage"),
        (["column", "rt-b", "--blue", "0", "--red", "2", "--blue-arriving", "5"], "parity"),
        (["resolve", "crt-a", "--column", "1:1", "--roll", "6", "--modifier", "1"], "blue-minor"),
        (["resolve", "crt-a", "--column", "blue-4:1", "--roll", "0", "--modifier", "-9"], "status-quo"),
        (["resolve", "rt-b", "--column", "red-advantage", "--roll", "9"], "blue-minor"),
        (["cost", "procure", "4xM3"], 14),
        (["cost", "modernize", "3", "+2"], 4),
        (["cost", "deploy", "5", "--proactive"], 3),
        (["cost", "deploy", "5", "--reactive"], 5),
        (["cost", "sustain", "14@90", "--conus"], 12),
        (["cost", "sustain", "20@50", "--oconus"], 20),
        (["cost", "sustain", "14@100", "6@90", "--conus"], 14 + 5),
        (["cost", "buyback", "5", "+20", "--oconus"], 8),
        (["cost", "buyback", "3", "+10", "--conus"], 3),
        (["proxy", "high", "--roll", "1"], "failure"),
        (["proxy", "low", "--roll", "6"], "success"),
        (["budget", "--roll", "0"], -2),
        (["budget", "--roll", "7"], 0),
        (["budget", "--roll", "9"], 2),
    ],
)
def test_answers(capsys, argv, expected):
    assert value(capsys, "calc", *argv) == expected


def test_odds_value_is_an_object_of_probabilities(capsys):
    result = value(capsys, "calc", "odds", "crt-a", "--column", "1:1")
    assert result == {"red-major": 0.1, "red-minor": 0.2, "status-quo": 0.4, "blue-minor": 0.2, "blue-major": 0.1}
    shifted = value(capsys, "calc", "odds", "rt-b", "--column", "parity", "--modifier", "-3")
    assert sum(shifted.values()) == pytest.approx(1)
    assert (shifted["red-major"], shifted["red-minor"]) == pytest.approx((0.1, 0.5))


def test_cf_json_shows_each_subtotal(capsys):
    code, out, _ = run(capsys, "calc", "cf", "3xM3", "2xM4@80:adjacent", "--us", "--json")
    payload = json.loads(out)
    assert payload["value"] == 7 + 3
    adjacent = payload["lines"][1]
    assert (adjacent["table_cfs"], adjacent["after_adjacent_halving"], adjacent["after_readiness"]) == (7, 4, 3)


def test_human_output_shows_the_lookup(capsys):
    code, out, _ = run(capsys, "calc", "cf", "2xM4@80", "--us")
    assert code == 0
    assert "In-Theater" in out and "7@80% → 5" in out and "Total" in out
    code, out, _ = run(capsys, "calc", "cost", "sustain", "14@90", "--conus")
    assert "rule X1" in out and "(c)" in out
    code, out, _ = run(capsys, "calc", "resolve", "crt-a", "--column", "1:1", "--roll", "6", "--modifier", "1")
    assert "Combat Resolution Table A" in out and "row 7" in out and "Blue Minor Gain" in out


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["cf", "3xM9"], "Mod Level must be 1-7"),
        (["cf", "0xM3"], "at least 1 FF"),
        (["cf", "3xM3@85", "--us"], "readiness must be one of 100, 90, 80, 70, 60, 50"),
        (["cf", "2xM4@80"], "add --us"),
        (["cf", "2xM4:conus"], "add --us"),
        (["cf", "2xM4:orbit", "--us"], "use :theater, :adjacent or :conus"),
        (["cf", "lots"], "<FFs>xM<mod>"),
        (["resolve", "crt-c", "--column", "1:1", "--roll", "3"], "invalid choice: 'crt-c'"),
        (["resolve", "crt-a", "--column", "1:1", "--roll", "10"], "a D10 roll is 0-9"),
        (["resolve", "crt-a", "--column", "parity", "--roll", "3"], "columns: red-4:1"),
        (["resolve", "crt-a", "--column", "1:1"], "--roll"),
        (["odds", "rt-b", "--column", "2:1"], "columns: red-advantage, parity, blue-advantage"),
        (["proxy", "shaky", "--roll", "3"], "invalid choice: 'shaky'"),
        (["budget", "--roll", "x"], "invalid int value"),
        (["cost", "procure", "4xM8"], "Mod Level must be 1-7"),
        (["cost", "modernize", "3", "2x"], "+N"),
        (["cost", "deploy", "5"], "--proactive"),
        (["cost", "sustain", "14@90"], "--conus or --oconus"),
        (["cost", "buyback", "5", "+25", "--conus"], "+10, +20, +30, +40 or +50"),
        (["column", "rt-b", "--blue", "-1", "--red", "2"], "cannot be negative"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_input_exits_2_with_one_line(capsys, argv, fragment):
    code, out, err = run(capsys, "calc", *argv) if argv[0] != "frobnicate" else run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and fragment in err


def test_broken_rules_folder_is_one_line_naming_the_file(capsys, tmp_path):
    code, out, err = run(capsys, "calc", "--rules", str(tmp_path), "budget", "--roll", "3")
    assert code == 3
    assert err.count("\n") == 1 and "combat_factors.toml: file not found" in err
