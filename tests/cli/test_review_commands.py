"""``hedgemony compare`` and the review commands' bad input (issue 22)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hedgemony_tui.cli import main
from hedgemony_tui.table.registry import get_rules
from hedgemony_tui.table.replay import Timeline, branch
from hedgemony_tui.table.saves import read_game
from tests.cli.cli_helpers import run


@pytest.fixture(scope="module")
def parent_and_branch(tmp_path_factory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("compare")
    parent = folder / "parent.toml"
    assert main(["simulate", "--seed", "6", "--turns", "2", "--save", str(parent)]) == 0
    saved = read_game(parent)
    timeline = Timeline.of(saved, parent.name)
    rules = get_rules("hedgemony")
    at = next(
        i
        for i in range(30, timeline.last)
        if rules.pending(timeline.state_at(i)).kind != "roll" and len(rules.legal(timeline.state_at(i))) > 1
    )
    other = next(i for i in rules.legal(timeline.state_at(at)) if i != timeline.journal[at].intent)
    child = branch(timeline, at, other, parent=parent.name)
    path = folder / "child.toml"
    child.save(path)
    return parent, path


@pytest.mark.slow
def test_compare_lines_up_two_games_turn_by_turn(capsys, parent_and_branch):
    parent, child = parent_and_branch
    code, out, err = run(capsys, "compare", str(parent), str(child), "--json")
    assert code == 0 and err == ""
    report = json.loads(out)
    assert report["turns"] and set(report["figures"]) == {"a", "b"}
    assert len(report["figures"]["a"]) == len(report["turns"])
    code, out, _ = run(capsys, "compare", str(parent), str(parent))
    assert code == 0 and "Every roll the two games share shows the same face" in out


def test_the_branch_records_its_parent(parent_and_branch):
    parent, child = parent_and_branch
    origin = read_game(child).notes.branch
    assert origin is not None and origin.parent == parent.name


@pytest.mark.parametrize(
    "argv, words",
    [
        (["compare", "nowhere.toml", "nowhere-either.toml"], "nowhere.toml"),
        (["replay", "missing.toml"], "missing.toml"),
        (["room", "missing.toml"], "missing.toml"),
        (["serve-room", "missing.toml"], "missing.toml"),
        (["aar", "missing.toml"], "missing.toml"),
    ],
)
def test_a_missing_save_is_one_line(capsys, tmp_path, monkeypatch, argv, words):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and words in err and len(err.strip().splitlines()) == 1


@pytest.mark.slow
def test_serve_room_refuses_a_bad_port(capsys, parent_and_branch):
    parent, _ = parent_and_branch
    code, out, err = run(capsys, "serve-room", str(parent), "--port", "99999")
    assert code == 2 and "--port must be from 1 to 65535" in err
