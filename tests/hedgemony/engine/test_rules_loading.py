"""A broken rules folder gives one message naming the file and key, never a traceback."""

from pathlib import Path

import pytest

from hedgemony_tui.games.hedgemony.engine.resources import rules_dir
from hedgemony_tui.games.hedgemony.engine.tables import RULE_FILES, load_rules
from hedgemony_tui.table.errors import RulesDataError


@pytest.fixture()
def rules_copy(tmp_path: Path) -> Path:
    target = tmp_path / "rules"
    target.mkdir()
    for name in RULE_FILES:
        (target / name).write_bytes((rules_dir() / name).read_bytes())
    return target


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def problem(folder: Path) -> str:
    with pytest.raises(RulesDataError) as caught:
        load_rules(folder, shown_as="rules")
    return str(caught.value)


def test_the_shipped_rules_load(rules_copy):
    load_rules(rules_copy)


def test_missing_file(rules_copy):
    (rules_copy / "crt_a.toml").unlink()
    assert problem(rules_copy) == "rules/crt_a.toml: file not found"


def test_not_toml(rules_copy):
    edit(rules_copy / "budget.toml", '"8" = 1', '"8" = ')
    message = problem(rules_copy)
    assert message.startswith("rules/budget.toml: not valid TOML")


def test_short_row_names_file_table_and_row(rules_copy):
    edit(rules_copy / "combat_factors.toml", "12 = [12, 19, 25, 32, 38, 44, 50]", "12 = [12, 19, 25, 32, 38, 44]")
    assert problem(rules_copy) == (
        "rules/combat_factors.toml: [in_theater.rows] 12: expected 7 numbers (columns [1, 2, 3, 4, 5, 6, 7]), found 6"
    )


def test_negative_cell(rules_copy):
    edit(rules_copy / "procurement.toml", "1 = [2, 3,", "1 = [-2, 3,")
    assert "procurement.toml: [procurement.rows] 1: cells must be whole numbers" in problem(rules_copy)


def test_missing_table(rules_copy):
    edit(rules_copy / "readiness.toml", "[conus_buyback]", "[conus_buy_back]")
    edit(rules_copy / "readiness.toml", "[conus_buyback.rows]", "[conus_buy_back.rows]")
    assert problem(rules_copy) == "rules/readiness.toml: [conus_buyback]: table missing"


def test_unknown_outcome(rules_copy):
    edit(rules_copy / "rt_b.toml", '"5" = ["status-quo"', '"5" = ["stalemate"')
    assert "rules/rt_b.toml: [rt_b.rows] \"5\": unknown outcome 'stalemate'" in problem(rules_copy)


def test_gap_in_resolution_rows(rules_copy):
    path = rules_copy / "crt_a.toml"
    lines = [line for line in path.read_text().splitlines() if not line.startswith('"7" =')]
    path.write_text("\n".join(lines) + "\n")
    assert "rows must run without gaps from -5 to 14" in problem(rules_copy)


def test_erratum_must_match_the_printed_cell(rules_copy):
    edit(rules_copy / "readiness.toml", "printed = 30", "printed = 31")
    assert "oconus_sustainment.errata[0]: says the mat prints 31 but the table holds 30" in problem(rules_copy)


def test_proxy_percent_must_match_its_column(rules_copy):
    edit(rules_copy / "proxy.toml", "percent = [100, 80, 60, 40]", "percent = [100, 80, 60, 50]")
    assert "column low: 4 successes in 10 is not 50%" in problem(rules_copy)


def test_budget_bands_must_cover_every_face(rules_copy):
    edit(rules_copy / "budget.toml", '"8" = 1\n', "")
    assert "must cover the faces 0-9 once each" in problem(rules_copy)


def test_wrong_columns(rules_copy):
    edit(rules_copy / "modernization.toml", "columns = [1, 2, 3, 4, 5, 6]", "columns = [1, 2, 3, 4, 5]")
    assert "rules/modernization.toml: modernization.columns: must be [1, 2, 3, 4, 5, 6]" in problem(rules_copy)


def test_shipped_files_are_all_listed():
    shipped = sorted(p.name for p in Path(str(rules_dir())).glob("*.toml"))
    assert shipped == sorted(RULE_FILES)


def test_checkout_fallback_finds_the_top_level_rules():
    # In a checkout (editable install) the mats are read from the repository's rules/.
    assert (rules_dir() / "crt_a.toml").is_file()
