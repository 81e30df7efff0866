"""The data files: they load clean, the checker names every problem at once, and the
order of battle matches the seed's force totals."""

from __future__ import annotations

import shutil
from pathlib import Path

from hedgemony_tui.games.hex_encounters.engine.board import board
from hedgemony_tui.games.hex_encounters.engine.data import game_data, read_data
from hedgemony_tui.table.resources import data_dir

FOLDER = Path(str(data_dir("hex-encounters")))


def test_shipped_data_has_no_problems() -> None:
    data, problems = read_data(FOLDER)
    assert problems == [] and data is not None


def _totals(side: str) -> tuple[int, int]:
    data = game_data()
    kinds = [k for f in data.formations if f.side == side for k in f.blocks]
    return sum(data.types[k].cp for k in kinds), sum(data.types[k].cohesion for k in kinds)


def test_force_totals_match_the_briefings() -> None:
    # Red 33 CP and 52 cohesion in 15 blocks; Blue and Green together 17 CP and 30 cohesion in 12.
    assert _totals("red") == (33, 52)
    assert _totals("blue") == (17, 30)
    data = game_data()
    assert sum(len(f.blocks) for f in data.formations) == 27
    blue = [data.types[k] for k in data.formation("BLUE").blocks]
    green = [data.types[k] for k in data.formation("GREEN").blocks]
    assert (sum(t.cp for t in blue), sum(t.cohesion for t in blue)) == (11, 18)
    assert (sum(t.cp for t in green), sum(t.cohesion for t in green)) == (6, 12)


def test_unit_values_read_cp_mp_cohesion() -> None:
    types = game_data().types
    assert (types["recce"].cp, types["recce"].mp, types["recce"].cohesion) == (0, 6, 1)
    assert (types["militia"].cp, types["militia"].mp, types["militia"].cohesion) == (1, 3, 2)
    assert (types["red-artillery"].cp, types["red-artillery"].mp, types["red-artillery"].cohesion) == (5, 5, 2)


def test_map_has_its_towns_river_bridges_and_roads() -> None:
    brd = board()
    assert len(brd.labels) == 160
    assert set(brd.towns.values()) == {"Yevintin", "Bankston", "Kovanburg", "Walmington", "Mouat Falls"}
    assert brd.terrain("1105") == "heavy-urban"
    assert brd.bridges == ("0905-1005", "0908-1007")
    assert brd.river("0904", "1004") and not brd.bridge("0904", "1004")
    assert brd.road("0105", "0204") and brd.red_entry == "0105"


def test_the_checker_names_every_problem(tmp_path: Path) -> None:
    folder = tmp_path / "broken"
    shutil.copytree(FOLDER, folder)
    text = (folder / "map.toml").read_text()
    text = text.replace('"0804", "0905"', '"0804", "1105"')  # a road that jumps
    text = text.replace('hex = "1303"', 'hex = "2020"')  # a town off the map
    (folder / "map.toml").write_text(text)
    units = (folder / "units.toml").read_text().replace('"recce", "militia"', '"recce", "wizard"')
    (folder / "units.toml").write_text(units)
    scenario = (folder / "scenario.toml").read_text().replace('"1005", "1007"', '"0305", "1007"')
    (folder / "scenario.toml").write_text(scenario)
    tables = (folder / "tables.toml").read_text().replace('from = "every-unit"', 'from = "everyone"')
    (folder / "tables.toml").write_text(tables)
    _, problems = read_data(folder)
    text = "\n".join(problems)
    assert "[losses] from = 'everyone'" in text
    assert "jumps from 0804 to 1105" in text
    assert "2020" in text
    assert "unknown type 'wizard'" in text
    assert "west of its line" in text
    assert len(problems) >= 4


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    folder = tmp_path / "partial"
    shutil.copytree(FOLDER, folder)
    (folder / "tables.toml").unlink()
    data, problems = read_data(folder)
    assert data is None and problems == ["tables.toml: the file is missing"]
