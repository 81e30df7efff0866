"""``hedgemony simulate`` and ``show``: determinism, save and load, damaged saves."""

import json
import re

import pytest

from tests.cli.cli_helpers import run

PLAYERS = {"US", "NATO", "RU", "PRC", "DPRK", "IR"}


def simulate(capsys, *argv):
    code, out, err = run(capsys, "simulate", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_json_shape(capsys):
    result = simulate(capsys, "--seed", "7", "--turns", "2")
    assert set(result) >= {"seed", "turn", "players", "winners", "state_hash"}
    assert result["seed"] == 7 and result["turn"] == 2
    assert set(result["players"]) == PLAYERS
    assert set(result["players"]["US"]) == {"ip", "rp", "ff", "tech"}


@pytest.mark.slow
def test_same_seed_same_game(capsys):
    first = simulate(capsys, "--seed", "7", "--turns", "6")
    second = simulate(capsys, "--seed", "7", "--turns", "6")
    assert first["state_hash"] == second["state_hash"]
    assert simulate(capsys, "--seed", "8", "--turns", "6")["state_hash"] != first["state_hash"]


def test_save_load_continues_as_one_run(capsys, tmp_path):
    straight = simulate(capsys, "--seed", "7", "--turns", "6")
    save = tmp_path / "three.toml"
    halfway = simulate(capsys, "--seed", "7", "--turns", "3", "--save", str(save))
    assert halfway["turn"] == 3
    resumed = simulate(capsys, "--load", str(save), "--turns", "3")
    assert resumed == straight


def test_a_whole_game_names_its_winners(capsys):
    result = simulate(capsys, "--seed", "5")
    assert result["turn"] == 8 and result["over"] is True
    assert set(result["winners"]) <= PLAYERS


def test_show_prints_the_saved_placemats(capsys, tmp_path):
    save = tmp_path / "game.toml"
    saved = simulate(capsys, "--seed", "4", "--turns", "2", "--save", str(save))
    code, out, _ = run(capsys, "show", str(save), "--json")
    shown = json.loads(out)
    # show adds what the file proves (issue 29): a game simulate set up is verified.
    assert code == 0 and shown.pop("proof") == "verified" and shown.pop("warning") == "" and shown == saved
    code, out, _ = run(capsys, "show", str(save))
    assert "Forces" in out and "NATO" in out and saved["state_hash"] in out


@pytest.mark.parametrize(
    "damage, fragment",
    [
        (lambda text: text[: len(text) // 2], "game.toml"),
        (lambda text: re.sub(r"schema_version = \d+", "schema_version = 99", text, count=1), "newer"),
        (lambda text: text.replace("rp = ", "rps = ", 1), "changed after it was saved"),
        (lambda text: text.replace('phase = "', 'phase = "x', 1), "changed after it was saved"),
        (lambda text: "\x00\xff garbage", "game.toml"),
        (lambda text: text.replace("tech_level = 4", "tech_level = 9", 1), "changed after it was saved"),
    ],
)
def test_a_damaged_save_is_refused_and_the_backup_kept(capsys, tmp_path, damage, fragment):
    save = tmp_path / "game.toml"
    simulate(capsys, "--seed", "4", "--turns", "1", "--save", str(save))
    simulate(capsys, "--load", str(save), "--turns", "1", "--save", str(save))
    backup = tmp_path / "game.toml.bak"
    assert backup.is_file()
    kept = backup.read_bytes()
    save.write_text(damage(save.read_text()), encoding="utf-8", errors="surrogateescape")
    code, out, err = run(capsys, "show", str(save))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and fragment in err
    assert backup.read_bytes() == kept
    code, _, _ = run(capsys, "show", str(backup))
    assert code == 0


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["simulate", "--turns", "-1"], "--turns must be 0 or more"),
        (["simulate", "--policy", "genius"], "choose one of random, basic, expert"),
        (["simulate", "--load", "nowhere.toml"], "nowhere.toml"),
        (["simulate", "--load", "x.toml", "--seed", "3"], "a loaded save keeps its own"),
        (["show"], "SAVE"),
    ],
)
def test_bad_arguments_one_line(capsys, argv, fragment):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and fragment in err
