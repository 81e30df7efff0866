"""``check-scenario`` reports every problem and refuses the unplayable (issue 18)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import attrs
import pytest

from hedgemony_tui.cli import main
from hedgemony_tui.games.hedgemony.engine.content import MAX_SIGNAL_DECK, content_for, playability_problems
from hedgemony_tui.games.hedgemony.engine.resources import data_dir


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    copy = tmp_path / "edited"
    shutil.copytree(Path(str(data_dir() / "scenarios" / "default")), copy)
    return copy


def check(capsys: pytest.CaptureFixture[str], folder: Path) -> tuple[int, list[str]]:
    code = main(["check-scenario", str(folder)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out.splitlines()


def test_five_problems_in_one_card_are_five_problems(capsys, folder) -> None:
    path = folder / "cards" / "dprk.toml"
    text = path.read_text(encoding="utf-8")
    text = text.replace(
        "cost = 4\nevery = 1\npublic = true\n", 'cost = "four"\nevery = 99\npublic = 3\ncolour = "red"\n', 1
    )
    text = text.replace('title = "Invest in R&D for National Tech Level +1"', 'title = ""', 1)
    path.write_text(text, encoding="utf-8")
    code, lines = check(capsys, folder)
    assert code == 2
    assert lines[-1].endswith("5 problems")
    for field in ("colour", "title", "cost", "every", "public"):
        assert any(re.search(rf"DPRK-RD: {field}: ", line) for line in lines), field


def test_card_as_a_number_is_a_problem_not_a_traceback(capsys, folder) -> None:
    (folder / "cards" / "zz.toml").write_text("card = 5\n", encoding="utf-8")
    code, lines = check(capsys, folder)
    assert code == 2 and "zz.toml: card: must be [[card]] tables, found 5" in lines[0]


def test_a_player_with_no_cards_is_refused(capsys, folder) -> None:
    (folder / "cards" / "ir.toml").write_text("# none\n", encoding="utf-8")
    code, lines = check(capsys, folder)
    assert code == 2
    assert any("IR has no action or investment cards" in line or "IR cannot signal" in line for line in lines)


def test_an_empty_deck_is_refused(capsys, folder) -> None:
    for name in (folder / "cards").glob("*.toml"):
        name.unlink()
    code, lines = check(capsys, folder)
    assert code == 2 and "no action or investment cards at all" in lines[0]


def test_a_red_deck_too_big_to_signal_from_is_refused() -> None:
    content = content_for("default")
    deck = content.deck("RU")
    extra = {f"RU-X{i}": attrs.evolve(deck[i % len(deck)], id=f"RU-X{i}") for i in range(MAX_SIGNAL_DECK)}
    problems = playability_problems({**content.cards, **extra}, content.scenario)
    assert problems == [
        f"cards: RU has {len(deck) + MAX_SIGNAL_DECK} cards, more than the {MAX_SIGNAL_DECK} "
        "a Red player may hold (signaling lists every trio of them)"
    ]
    assert playability_problems(content.cards, content.scenario) == []
