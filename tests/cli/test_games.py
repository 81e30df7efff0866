"""``hedgemony games`` and ``--game``: the table's registry on the command line."""

import json

import pytest

from hedgemony_tui.table.saves import read_game
from tests.cli.cli_helpers import run

SEATS = ["US", "NATO", "RU", "PRC", "DPRK", "IR", "WHITE"]


def test_games_lists_hedgemony_with_its_seats_and_options(capsys):
    code, out, err = run(capsys, "games", "--json")
    assert code == 0, err
    games = {g["id"]: g for g in json.loads(out)["games"]}
    hedgemony = games["hedgemony"]
    assert [s["id"] for s in hedgemony["seats"]] == SEATS
    assert [s["id"] for s in hedgemony["seats"] if s["control"]] == ["WHITE"]
    assert hedgemony["players"] == {"min": 1, "max": 7}
    assert {"turns", "physical_dice", "random_events"} <= {o["id"] for o in hedgemony["options"]}
    turns = next(o for o in hedgemony["options"] if o["id"] == "turns")
    assert (turns["default"], turns["min"], turns["max"]) == (8, 1, 30)
    assert hedgemony["hidden_information"] is True and hedgemony["outcome"] == "individual"
    code, out, _ = run(capsys, "games")
    assert code == 0 and "hedgemony" in out and "WHITE" in out


@pytest.mark.slow
def test_simulate_plays_a_whole_game_of_the_game_named(capsys, tmp_path):
    save = tmp_path / "g.toml"
    code, out, err = run(capsys, "simulate", "--game", "hedgemony", "--seed", "7", "--json", "--save", str(save))
    assert code == 0, err
    result = json.loads(out)
    assert result["game"] == "hedgemony" and result["over"] is True and result["turn"] == 8
    saved = read_game(save)
    assert saved.rules.info.id == "hedgemony" and saved.state.seed == 7
    assert len(saved.journal) == saved.state.decisions  # every decision journaled
    assert saved.seats is not None and saved.seats.of("WHITE").kind == "random"


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["simulate", "--game", "chess"], "no game 'chess': the games are hedgemony"),
        (["show", "x.toml", "--game", "chess"], "no game 'chess'"),
        (["simulate", "--option", "random_events=maybe"], "random_events is on or off"),
        (["simulate", "--option", "speed=3"], "no option 'speed' in hedgemony"),
        (["simulate", "--option", "turns"], "write NAME=VALUE"),
        (["simulate", "--option", "turns=99"], "turns must be 1-30"),
        (
            ["simulate", "--white-cell", "lenient"],
            "no mode 'lenient' for the White Cell: choose one of random-events, random, directed, none",
        ),
        (["calc", "--game", "chess", "cf", "3xM3"], "no game 'chess'"),
    ],
)
def test_a_wrong_game_or_option_is_one_line(capsys, argv, fragment):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and fragment in err, err


def test_a_game_option_changes_the_game(capsys):
    code, out, _ = run(capsys, "simulate", "--seed", "2", "--option", "turns=2", "--json")
    assert code == 0 and json.loads(out)["turn"] == 2 and json.loads(out)["over"] is True
    code, out, _ = run(capsys, "calc", "--game", "hedgemony", "cf", "3xM3", "--json")
    assert code == 0 and json.loads(out)["value"] == 7
