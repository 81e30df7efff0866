"""``hedgemony balance`` and the bots' options of ``simulate``."""

import json

import pytest

from hedgemony_tui.table.conformance import short_options
from hedgemony_tui.table.contract import player_seats
from hedgemony_tui.table.registry import game_ids, get_rules
from tests.cli.cli_helpers import run

PLAYERS = {"US", "NATO", "RU", "PRC", "DPRK", "IR"}


@pytest.mark.slow
def test_balance_json_shape(capsys):
    code, out, err = run(capsys, "balance", "--games", "2", "--turns", "1", "--seat", "US=random", "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["games"] == 2 and set(result["players"]) == PLAYERS
    for row in result["players"].values():
        assert set(row) >= {"win_rate", "mean_ip", "mean_rp"}  # and the mean of every other figure
        assert 0 <= row["win_rate"] <= 1 and row["mean_rp"] >= 0


def test_balance_is_seeded_and_printed_as_a_table(capsys):
    first = run(capsys, "balance", "--games", "1", "--turns", "1", "--seed", "4", "--policy", "random", "--json")[1]
    again = run(capsys, "balance", "--games", "1", "--turns", "1", "--seed", "4", "--policy", "random", "--json")[1]
    assert first == again
    code, out, _ = run(capsys, "balance", "--games", "1", "--turns", "1", "--policy", "random")
    assert code == 0 and "Win rate" in out and "NATO" in out


@pytest.mark.slow
@pytest.mark.parametrize("game", game_ids())
def test_balance_runs_for_every_game_with_its_figures_by_seat(capsys, game):
    rules = get_rules(game)
    # A short game of each (two turns or rounds where the game has a length option).
    options = [f"--option={name}={value}" for name, value in short_options(rules).items()]
    code, out, err = run(capsys, "balance", "--game", game, "--games", "2", *options, "--json")
    assert code == 0, err
    result = json.loads(out)
    assert set(result["players"]) == set(player_seats(rules))
    assert all(any(k.startswith("mean_") for k in row) for row in result["players"].values())


def test_simulate_per_seat_policies_and_journal(capsys, tmp_path):
    journal = tmp_path / "journal.txt"
    code, out, err = run(
        capsys,
        "simulate",
        "--seed",
        "3",
        "--turns",
        "1",
        "--seat",
        "PRC=basic",
        "--seat",
        "us=basic",
        "--journal",
        str(journal),
        "--json",
    )
    assert code == 0, err
    assert json.loads(out)["turn"] == 1
    lines = journal.read_text().splitlines()
    assert any(line.startswith("T1 ") and "PRC" in line for line in lines)
    assert any("U.S." in line or "US" in line for line in lines)


def test_simulate_verbose_prints_the_reasons(capsys):
    code, out, _ = run(capsys, "simulate", "--seed", "3", "--turns", "1", "--policy", "basic", "--verbose")
    assert code == 0 and "signals" in out and "White Cell closes turn 1" in out


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["simulate", "--seat", "XX=basic"], "the seats are US, NATO, RU, PRC, DPRK, IR"),
        (["simulate", "--seat", "PRC=genius"], "choose one of random, basic, expert"),
        (["simulate", "--seat", "PRC"], "write SEAT=POLICY"),
        (["balance", "--games", "2", "--seat", "IR=smart"], "choose one of random, basic, expert"),
        (["balance", "--games", "0"], "--games must be 1-"),
        (["balance", "--games", "1", "--policy", "genius"], "choose one of random, basic, expert"),
        (["balance"], "--games"),
    ],
)
def test_bad_seats_and_counts_one_line(capsys, argv, fragment):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and fragment in err
