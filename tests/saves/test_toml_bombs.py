"""TOML bombs (issue 18): deep nesting gave a RecursionError traceback and an 80 kB
dotted key 6.3 GB of memory, in saves, cards, scenario.toml and the mats. Each is now
refused before the parser runs, with one clear line; and stale temp files of killed
writes are cleaned up on the next write."""

from __future__ import annotations

import os
import shutil
import time
import tomllib
from pathlib import Path

import pytest

from hedgemony_tui.games.hedgemony.engine.card_loader import read_card_files
from hedgemony_tui.games.hedgemony.engine.scenario import load_scenario
from hedgemony_tui.games.hedgemony.engine.tables import load_rules
from hedgemony_tui.table import tomlsafe
from hedgemony_tui.table.errors import RulesDataError, SaveError, ScenarioError
from hedgemony_tui.table.registry import get_rules
from hedgemony_tui.table.save_io import STALE_TEMP_SECONDS, clean_stale_temps, write_save
from hedgemony_tui.table.saves import read_game, save_game

ROOT = Path(__file__).resolve().parents[2]
NESTED = "x = " + "[" * 1000 + "]" * 1000 + "\n"  # 2 kB
DOTTED = "a" + ".a" * 40_000 + " = 1\n"  # 80 kB
HEADER = "[" + "a." * 40_000 + "a]\n"
LONG_KEY = "k" * 5_000 + " = 1\n"
INLINE = "x = " + "{a = " * 200 + "1" + "}" * 200 + "\n"
BOMBS = {
    "nested arrays": (NESTED, "nested more than"),
    "dotted key": (DOTTED, "dotted key of more than"),
    "dotted header": (HEADER, "dotted key of more than"),
    "long key": (LONG_KEY, "key longer than"),
    "nested inline tables": (INLINE, "nested more than"),
}


def test_the_bombs_really_are_bombs_for_the_bare_parser():
    with pytest.raises(RecursionError):
        tomllib.loads(NESTED)


@pytest.mark.parametrize("name", BOMBS)
def test_each_bomb_is_refused_before_parsing_quickly(name):
    text, fragment = BOMBS[name]
    started = time.perf_counter()
    with pytest.raises(tomlsafe.UnsafeToml, match=fragment) as caught:
        tomlsafe.loads(text, what="this file")
    assert time.perf_counter() - started < 1.0
    assert isinstance(caught.value, tomllib.TOMLDecodeError) and "\n" not in str(caught.value)


def test_ordinary_toml_reads_as_tomllib_reads_it():
    text = (
        'a.b."c.d" = 1\n[t]\nx = [[1, 2], {y = "[[[", z = {}}]\ns = """\n]]]{{{ # \n"""\nl = \'\'\'[\'\'\'\n'
        "# [[[[[[[[\n[[arr]]\nv = 1.5e3\n"
    )
    assert tomlsafe.loads(text, what="it") == tomllib.loads(text)
    for path in [
        *ROOT.glob("data/hedgemony/**/*.toml"),
        *ROOT.glob("rules/hedgemony/*.toml"),
        ROOT / "tests/hedgemony/saves/hedgemony-v2-seed7-turn2.toml",
    ]:
        text = path.read_text(encoding="utf-8")
        assert tomlsafe.loads(text, what=path.name) == tomllib.loads(text)


def test_size_cap_and_last_resort():
    with pytest.raises(tomlsafe.UnsafeToml, match="larger than the 10 allowed"):
        tomlsafe.loads("a = 12345678901\n", what="this file", max_bytes=10)
    # Past the scan (a depth it allows), the parser's own RecursionError is still caught.
    with pytest.raises(tomlsafe.UnsafeToml, match="nested too deeply"):
        tomlsafe.loads(NESTED, what="this file", max_depth=10_000)


@pytest.mark.parametrize("name", BOMBS)
def test_a_save_bomb_is_one_line_and_the_backup_kept(tmp_path, name):
    rules = get_rules("hedgemony")
    path = tmp_path / "game.toml"
    save_game(path, rules, rules.setup(1, {}))
    save_game(path, rules, rules.setup(2, {}))
    kept = (tmp_path / "game.toml.bak").read_bytes()
    path.write_text(f'schema_version = 5\nkind = "hedgemony-save"\n{BOMBS[name][0]}')
    with pytest.raises(SaveError, match=BOMBS[name][1]) as caught:
        read_game(path)
    assert "\n" not in str(caught.value)
    assert (tmp_path / "game.toml.bak").read_bytes() == kept


@pytest.mark.parametrize("name", BOMBS)
def test_a_card_file_bomb_is_a_problem_of_that_file(name):
    cards, problems = read_card_files([("bomb.toml", BOMBS[name][0].encode())], ["US"])
    assert cards == {} and len(problems) == 1
    assert problems[0].startswith("bomb.toml: ") and BOMBS[name][1] in problems[0]


@pytest.mark.parametrize("name", ["nested arrays", "dotted key"])
def test_a_scenario_bomb_is_a_scenario_error(tmp_path, name):
    folder = tmp_path / "scenario"
    shutil.copytree(ROOT / "data/hedgemony/scenarios/default", folder)
    (folder / "scenario.toml").write_text(BOMBS[name][0])
    with pytest.raises(ScenarioError, match=BOMBS[name][1]):
        load_scenario(folder)


@pytest.mark.parametrize("name", ["nested arrays", "dotted key"])
def test_a_mat_bomb_is_a_rules_data_error(tmp_path, name):
    folder = tmp_path / "rules"
    shutil.copytree(ROOT / "rules/hedgemony", folder)
    mats = sorted(folder.glob("*.toml"))
    for mat in mats:
        mat.write_text(BOMBS[name][0])
    with pytest.raises(RulesDataError, match=BOMBS[name][1]):
        load_rules(folder)


def _age(path: Path, seconds: float) -> None:
    old = time.time() - seconds
    os.utime(path, (old, old))


def test_stale_temp_files_of_killed_writes_are_cleaned_on_the_next_write(tmp_path):
    path = tmp_path / "game.toml"
    write_save(path, "a = 1\n")
    stale = [
        tmp_path / ".game.toml.abcd1234.tmp",
        tmp_path / ".other.toml.x_y9zz00.tmp",
        tmp_path / ".game.toml.bak.tmp",
    ]
    fresh = tmp_path / ".game.toml.qwer5678.tmp"  # a write still under way, perhaps
    theirs = [tmp_path / ".game.toml.tmp", tmp_path / "notes.abcd1234.tmp", tmp_path / ".game.toml.ABCD1234.tmp"]
    for file in [*stale, fresh, *theirs]:
        file.write_text("partial")
    for file in [*stale, *theirs]:
        _age(file, STALE_TEMP_SECONDS * 2)
    folder = tmp_path / ".dir.toml.abcd1234.tmp"
    folder.mkdir()
    _age(folder, STALE_TEMP_SECONDS * 2)
    write_save(path, "a = 2\n")
    assert path.read_text() == "a = 2\n" and (tmp_path / "game.toml.bak").read_text() == "a = 1\n"
    assert not any(file.exists() for file in stale)
    assert fresh.exists() and folder.is_dir() and all(file.exists() for file in theirs)


def test_cleaning_a_folder_that_cannot_be_read_is_no_error(tmp_path):
    assert clean_stale_temps(tmp_path / "missing") == []
