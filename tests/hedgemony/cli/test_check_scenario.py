"""``hedgemony check-scenario DIR``: every problem on its own line, naming file, card and field.

Each test breaks one thing in a copy of the default scenario (rewritten with tomllib and
tomli_w, so the tests do not depend on how the shipped files are laid out) and looks for
the line that names the file, the card id and the field. Card counts are never hard-coded:
others add cards to the default scenario while this is written.
"""

import json
import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from hedgemony_tui.games.hedgemony.engine.resources import data_dir
from tests.cli.cli_helpers import run

DEFAULT = Path(str(data_dir())) / "scenarios" / "default"


@pytest.fixture
def scenario(tmp_path) -> Path:
    folder = tmp_path / "scn"
    shutil.copytree(DEFAULT, folder)
    return folder


def edit_card(folder: Path, card_id: str, change) -> Path:
    """Rewrite the file holding ``card_id`` with ``change(card)`` applied to its table."""
    for path in sorted((folder / "cards").glob("*.toml")):
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
        for card in doc.get("card", []):
            if card.get("id") == card_id:
                change(card)
                path.write_text(tomli_w.dumps(doc), encoding="utf-8")
                return path
    raise AssertionError(f"{card_id} is not in the default scenario")


def card_table(folder: Path, card_id: str) -> dict[str, Any]:
    for path in sorted((folder / "cards").glob("*.toml")):
        for card in tomllib.loads(path.read_text(encoding="utf-8")).get("card", []):
            if card.get("id") == card_id:
                return card
    raise AssertionError(card_id)


def problem_line(out: str, *parts: str) -> str:
    lines = [line for line in out.splitlines() if all(part in line for part in parts)]
    assert lines, f"no line names {parts} in:\n{out}"
    return lines[0]


def test_the_default_scenario_passes(capsys, scenario):
    code, out, err = run(capsys, "check-scenario", str(scenario))
    assert code == 0, out + err
    listed = json.loads(run(capsys, "cards", "--scenario", str(scenario), "--json")[1])
    assert out.strip() == f"{scenario}: OK — {len(listed)} cards"
    code, out, _ = run(capsys, "check-scenario", str(scenario), "--json")
    assert code == 0
    assert json.loads(out) == {"folder": str(scenario), "ok": True, "cards": len(listed), "problems": []}


def _unknown_key(card):
    card["colour"] = "red"


def _bad_kind(card):
    card["kind"] = "acton"


def _bands_with_a_gap(card):
    card["bands"] = [{"rolls": "0-3", "label": "Low"}, {"rolls": "5-9", "label": "High"}]


def _unknown_location(card):
    card["contest"]["locations"] = ["taiwan", "atlantis"]


def _unknown_player_in_ip(card):
    card["bands"] = [{"rolls": "0-4", "label": "Low"}, {"rolls": "5-9", "label": "High", "ip": {"PRC": 1, "ZZ": 1}}]


@pytest.mark.parametrize(
    "card_id, change, field, words",
    [
        ("PRC-03", _unknown_key, "colour", "unknown key"),
        ("PRC-03", _bad_kind, "kind", "must be one of"),
        ("PRC-17", _bands_with_a_gap, "bands", "without gaps"),
        ("PRC-03", _unknown_location, "contest.locations", "'atlantis'"),
        ("PRC-17", _unknown_player_in_ip, "bands[1].ip.ZZ", "unknown player 'ZZ'"),
    ],
)
def test_one_broken_thing_is_named(capsys, scenario, card_id, change, field, words):
    path = edit_card(scenario, card_id, change)
    code, out, err = run(capsys, "check-scenario", str(scenario))
    assert code == 2 and err == ""
    line = problem_line(out, f"cards/{path.name}", f"{card_id}: {field}: ", words)
    assert line.startswith(f"{scenario}/cards/{path.name}: ")
    last = out.rstrip().splitlines()[-1]
    assert last.startswith(f"{scenario}: ") and last.endswith((" problem", " problems"))


def test_invalid_toml_names_the_file_card_and_key(capsys, scenario):
    broken = scenario / "cards" / "zz-broken.toml"
    good = tomli_w.dumps({"card": [dict(card_table(scenario, "PRC-17"), id="ZZ-01")]})
    broken.write_text(good.replace('title = "', 'title = oops "', 1), encoding="utf-8")
    code, out, _ = run(capsys, "check-scenario", str(scenario))
    assert code == 2
    line = problem_line(out, "zz-broken.toml", "ZZ-01", "title", "not valid TOML", "line ")
    assert line.startswith(f"{scenario}/cards/zz-broken.toml: ZZ-01: title: ")


def test_a_duplicate_id_is_named(capsys, scenario):
    copy = scenario / "cards" / "zz-copy.toml"
    copy.write_text(tomli_w.dumps({"card": [card_table(scenario, "PRC-03")]}), encoding="utf-8")
    code, out, _ = run(capsys, "check-scenario", str(scenario))
    assert code == 2
    problem_line(out, "zz-copy.toml", "PRC-03", "id", "used twice")


def test_two_problems_in_two_cards_are_both_reported(capsys, scenario):
    first = edit_card(scenario, "PRC-03", _bad_kind)
    second = edit_card(scenario, "PRC-17", _bands_with_a_gap)
    code, out, _ = run(capsys, "check-scenario", str(scenario))
    assert code == 2
    problem_line(out, first.name, "PRC-03", "kind")
    problem_line(out, second.name, "PRC-17", "bands")
    assert out.rstrip().splitlines()[-1].startswith(f"{scenario}: ")
    assert out.rstrip().splitlines()[-1].endswith(" problems")
    code, out, _ = run(capsys, "check-scenario", str(scenario), "--json")
    report = json.loads(out)
    assert code == 2 and report["ok"] is False and len(report["problems"]) >= 2


def test_a_broken_board_or_scenario_file_is_one_problem(capsys, scenario):
    (scenario / "scenario.toml").write_text("id = [", encoding="utf-8")
    code, out, err = run(capsys, "check-scenario", str(scenario))
    assert code == 2 and err == "" and "scenario.toml" in out and "Traceback" not in out


@pytest.mark.parametrize(
    "where, message",
    [
        (lambda tmp: tmp / "nothing-here", "no such folder"),
        (lambda tmp: tmp / "scn" / "scenario.toml", "give its scenario folder instead"),
        (lambda tmp: tmp / "notes.txt", "is a file, not a scenario folder"),
        (lambda tmp: tmp / "empty", "is not a scenario folder"),
    ],
)
def test_not_a_scenario_folder_is_one_line(capsys, tmp_path, scenario, where, message):
    (tmp_path / "notes.txt").write_text("hello", encoding="utf-8")
    (tmp_path / "empty").mkdir()
    code, out, err = run(capsys, "check-scenario", str(where(tmp_path)))
    assert code == 2 and out == ""
    assert err.startswith("hedgemony: ") and message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_every_problem_of_scenario_toml_is_named(capsys, scenario):
    """Issue 18: check-scenario names every problem of scenario.toml, not only the first:
    the turns, two players' fields and a victory condition, each on its own line."""
    doc = tomllib.loads((scenario / "scenario.toml").read_text(encoding="utf-8"))
    doc["turns"] = 99
    doc["players"]["DPRK"]["tech_level"] = 42
    doc["players"]["IR"]["home_aor"] = "ATLANTIS"
    doc["victory"]["NATO"]["win"] = {"kind": "ip_threshold", "op": "~", "value": 3}
    (scenario / "scenario.toml").write_text(tomli_w.dumps(doc), encoding="utf-8")
    code, out, err = run(capsys, "check-scenario", str(scenario))
    assert code == 2 and err == "" and "Traceback" not in out
    problem_line(out, "scenario.toml", "turns")
    problem_line(out, "scenario.toml", "players.DPRK.tech_level")
    problem_line(out, "scenario.toml", "players.IR.home_aor", "ATLANTIS")
    assert out.strip().splitlines()[-1].endswith("3 problems")  # NATO's victory waits on the players
    # With the players mended, the victory condition is named as well.
    doc["players"]["DPRK"]["tech_level"] = 1
    doc["players"]["IR"]["home_aor"] = tomllib.loads((DEFAULT / "scenario.toml").read_text(encoding="utf-8"))[
        "players"
    ]["IR"]["home_aor"]
    (scenario / "scenario.toml").write_text(tomli_w.dumps(doc), encoding="utf-8")
    code, out, err = run(capsys, "check-scenario", str(scenario))
    problem_line(out, "scenario.toml", "turns")
    problem_line(out, "scenario.toml", "victory.NATO.win.op")
    assert out.strip().splitlines()[-1].endswith("2 problems")
