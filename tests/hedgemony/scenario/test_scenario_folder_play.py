"""An edited scenario folder can be played, saved and loaded again (issue 18)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hedgemony_tui.games.hedgemony.engine.resources import data_dir
from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.table.errors import RuleInputError
from tests.cli.cli_helpers import run


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    copy = tmp_path / "edited"
    shutil.copytree(Path(str(data_dir() / "scenarios" / "default")), copy)
    # An edit that shows: DPRK's R&D card costs 1 RP more.
    cards = copy / "cards" / "dprk.toml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("cost = 4\n", "cost = 5\n", 1), encoding="utf-8")
    return copy


def test_the_form_offers_a_scenario_folder_input() -> None:
    spec = next(o for o in RULES.options() if o.id == "scenario")
    assert spec.kind == "text" and spec.default == ""


def test_a_game_from_a_folder_names_it_and_plays_its_cards(folder) -> None:
    state = RULES.setup(1, {"scenario": str(folder)})
    assert state.scenario.startswith(f"folder:{folder.resolve()}#")
    from hedgemony_tui.games.hedgemony.engine.game import content_of

    assert content_of(state).card("DPRK-RD").cost == 5
    assert RULES.check(state) == []


def test_simulate_saves_and_loads_a_folder_game_and_refuses_it_once_changed(capsys, folder, tmp_path) -> None:
    save = tmp_path / "game.toml"
    code, _, err = run(capsys, "simulate", "--scenario", str(folder), "--turns", "1", "--save", str(save), "--json")
    assert code == 0, err
    assert run(capsys, "show", str(save))[0] == 0
    assert run(capsys, "simulate", "--load", str(save), "--turns", "1")[0] == 0
    with (folder / "cards" / "ir.toml").open("a", encoding="utf-8") as out:
        out.write("# edited after the game began\n")
    code, _, err = run(capsys, "show", str(save))
    assert code == 2 and "scenario folder has changed since the game began" in err


def test_a_missing_or_broken_folder_is_one_line(capsys, tmp_path, folder) -> None:
    code, _, err = run(capsys, "simulate", "--scenario", str(tmp_path / "nowhere"), "--turns", "1")
    assert code == 2 and "no such folder" in err
    (folder / "cards" / "zz.toml").write_text("card = 5\n", encoding="utf-8")
    code, _, err = run(capsys, "balance", "--games", "1", "--scenario", str(folder))
    assert code == 2 and "check-scenario" in err
    with pytest.raises(RuleInputError):
        RULES.setup(1, {"scenario": str(folder)})
