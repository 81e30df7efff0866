"""Issue 29, outputs and reads: the command writes only where nothing is, over a save of
ours (kept as ``.bak``) or with ``--force``; the debrief pack only into a new or empty
folder, never through a link; every file it is given is read bounded (a device is
refused at once); the names in its output are inert; its messages say what is wrong
and what is allowed."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest

from hedgemony_tui.cli import main
from hedgemony_tui.games.hedgemony.engine.resources import data_dir
from hedgemony_tui.table.saves import read_game
from hedgemony_tui.table.seats import Seats
from hedgemony_tui.table.session import Session
from tests.cli.cli_helpers import run

EVIL = "\x1b[2J\x1b]0;pwned\x07Alice<script>alert(1)</script>"


def one_line_refusal(code: int, err: str, *words: str) -> None:
    assert code == 2, err
    assert err.startswith("hedgemony") and len(err.strip().splitlines()) == 1, err
    for word in words:
        assert word in err, err


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A short Hedgemony game with a directed White Cell (its reasons are private)."""
    path = tmp_path_factory.mktemp("outputs") / "game.toml"
    assert (
        main(["simulate", "--white-cell", "directed", "--turns", "2", "--seed", "1", "--save", str(path), "--json"])
        == 0
    )
    return path


# --- outputs -----------------------------------------------------------------------------------


def test_simulate_save_never_replaces_a_file_that_is_not_a_save(capsys, tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    code, _, err = run(capsys, "simulate", "--turns", "0", "--save", str(notes))
    one_line_refusal(code, err, "not a save of ours", "--force")
    assert notes.read_text() == "my notes\n" and not (tmp_path / "notes.txt.bak").exists()
    # A second try changes nothing either: the original is never lost, not even from a backup.
    run(capsys, "simulate", "--turns", "0", "--save", str(notes))
    assert notes.read_text() == "my notes\n" and not (tmp_path / "notes.txt.bak").exists()
    # --force replaces it, and the original is kept beside it.
    code, _, err = run(capsys, "simulate", "--turns", "0", "--save", str(notes), "--force", "--json")
    assert code == 0, err
    assert (tmp_path / "notes.txt.bak").read_text() == "my notes\n"
    assert read_game(notes).rules.info.id == "hedgemony"


def test_simulate_save_replaces_a_save_of_ours_keeping_the_old_one(capsys, tmp_path: Path) -> None:
    save = tmp_path / "g.toml"
    assert run(capsys, "simulate", "--turns", "0", "--seed", "2", "--save", str(save), "--json")[0] == 0
    first = save.read_bytes()
    assert not (tmp_path / "g.toml.bak").exists()
    assert run(capsys, "simulate", "--turns", "0", "--seed", "3", "--save", str(save), "--json")[0] == 0
    assert (tmp_path / "g.toml.bak").read_bytes() == first and save.read_bytes() != first
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_simulate_refuses_a_link_a_folder_and_a_device_as_its_save(capsys, tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.txt"
    target.write_text("keep")
    (tmp_path / "link.toml").symlink_to(target)
    for path, words in ((tmp_path / "link.toml", "symbolic link"), (tmp_path, "folder"), (Path("/dev/null"), "device")):
        code, _, err = run(capsys, "simulate", "--turns", "0", "--save", str(path), "--force")
        one_line_refusal(code, err, words)
    assert target.read_text() == "keep"


def test_the_journal_is_a_new_file_or_replaced_only_with_force(capsys, tmp_path: Path) -> None:
    journal = tmp_path / "journal.txt"
    journal.write_text("older journal\n")
    code, _, err = run(capsys, "simulate", "--turns", "1", "--journal", str(journal))
    one_line_refusal(code, err, "--force")
    assert journal.read_text() == "older journal\n"
    assert run(capsys, "simulate", "--turns", "1", "--journal", str(journal), "--force", "--json")[0] == 0
    assert (tmp_path / "journal.txt.bak").read_text() == "older journal\n"
    assert journal.read_text().startswith("T1 ")
    fresh = tmp_path / "fresh.txt"
    assert run(capsys, "simulate", "--turns", "1", "--journal", str(fresh), "--json")[0] == 0
    assert fresh.read_text().startswith("T1 ")


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--turns", "0", "--save", ""],
        ["simulate", "--turns", "0", "--load", ""],
        ["simulate", "--turns", "0", "--journal", ""],
        ["show", ""],
    ],
)
def test_an_empty_path_is_refused_with_a_message(capsys, argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    one_line_refusal(code, err, "empty")
    assert out == ""


@pytest.mark.slow
def test_the_debrief_pack_goes_only_into_a_new_or_empty_folder(capsys, game: Path, tmp_path: Path) -> None:
    out = tmp_path / "pack"
    assert run(capsys, "aar", str(game), "--out", str(out))[0] == 0
    report = (out / "report.md").read_bytes()
    (out / "report.md").write_text("my edits")
    code, _, err = run(capsys, "aar", str(game), "--out", str(out))
    one_line_refusal(code, err, "not empty", "--force")
    assert (out / "report.md").read_text() == "my edits"
    assert run(capsys, "aar", str(game), "--out", str(out), "--force")[0] == 0
    assert (out / "report.md").read_bytes() == report
    empty = tmp_path / "empty"
    empty.mkdir()
    assert run(capsys, "aar", str(game), "--out", str(empty))[0] == 0
    code, _, err = run(capsys, "aar", str(game), "--out", "")
    one_line_refusal(code, err, "empty")


def test_the_debrief_pack_never_follows_a_link(capsys, game: Path, tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("not yours")
    planted = tmp_path / "planted"
    planted.mkdir()
    (planted / "report.md").symlink_to(victim)
    # Even with --force, the link is replaced by the report, never written through.
    assert run(capsys, "aar", str(game), "--out", str(planted), "--force")[0] == 0
    assert victim.read_text() == "not yours"
    assert not (planted / "report.md").is_symlink()
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "folder-link").symlink_to(real)
    code, _, err = run(capsys, "aar", str(game), "--out", str(tmp_path / "folder-link"), "--force")
    one_line_refusal(code, err, "symbolic link")
    assert list(real.iterdir()) == []


# --- reads -------------------------------------------------------------------------------------


def test_check_map_refuses_a_device_at_once(capsys) -> None:
    started = time.monotonic()
    code, _, err = run(capsys, "--game", "rescue", "check-map", "/dev/zero")
    one_line_refusal(code, err, "device")
    assert time.monotonic() - started < 5


def test_check_map_refuses_a_fifo_and_a_file_over_the_cap_before_reading(capsys, tmp_path: Path) -> None:
    fifo = tmp_path / "map.fifo"
    os.mkfifo(fifo)
    code, _, err = run(capsys, "--game", "rescue", "check-map", str(fifo))
    one_line_refusal(code, err, "named pipe")
    huge = tmp_path / "huge.toml"
    with open(huge, "wb") as out:
        out.truncate(50_000_000)  # sparse: its size says it all, nothing need be read
    code, _, err = run(capsys, "--game", "rescue", "check-map", str(huge))
    one_line_refusal(code, err, "50,000,000 bytes")


def test_a_mat_file_over_the_cap_is_refused(capsys, tmp_path: Path) -> None:
    from hedgemony_tui.games.hedgemony.engine.resources import rules_dir

    rules = tmp_path / "rules"
    shutil.copytree(Path(str(rules_dir())), rules)
    with open(rules / "crt_a.toml", "wb") as out:
        out.truncate(50_000_000)
    code, _, err = run(capsys, "calc", "--rules", str(rules), "column", "crt-a", "--blue", "3", "--red", "1")
    assert code == 3 and "crt_a.toml" in err and "50,000,000 bytes" in err, err


# --- inert text and messages --------------------------------------------------------------------


@pytest.fixture(scope="module")
def named_game(game: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The game, its seats named with escape sequences and HTML, and a bookmark the same."""
    path = tmp_path_factory.mktemp("named") / "named.toml"
    saved = read_game(game)
    session = Session.resume(saved)
    session.seats = Seats.of_specs(saved.rules.seats(), None, {spec.id: EVIL for spec in saved.rules.seats()})
    session.notes = session.notes.with_bookmark(1, "note " + EVIL)
    session.save(path)
    return path


def test_names_and_notes_reach_the_report_as_visible_text(capsys, named_game: Path, tmp_path: Path) -> None:
    out = tmp_path / "pack"
    assert run(capsys, "aar", str(named_game), "--out", str(out))[0] == 0
    md = (out / "report.md").read_text(encoding="utf-8")
    page = (out / "report.html").read_text(encoding="utf-8")
    assert "\\x1b[2J\\x1b]0;pwned\\x07Alice" in md and "\\x1b[2J" in page
    for text in (md, page):
        assert "\x1b" not in text and "\x07" not in text
        assert "<script>" not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in md


def test_cli_messages_quote_a_path_inertly(capsys, tmp_path: Path) -> None:
    code, _, err = run(capsys, "show", str(tmp_path / "bad\x1b[2Jname.toml"))
    assert code == 2 and "\x1b" not in err and "bad\\x1b[2Jname.toml" in err


def test_the_public_pack_keeps_the_white_cells_reasons_private(capsys, game: Path, tmp_path: Path) -> None:
    assert run(capsys, "aar", str(game), "--out", str(tmp_path / "full"))[0] == 0
    assert run(capsys, "aar", str(game), "--public", "--out", str(tmp_path / "public"))[0] == 0
    full = (tmp_path / "full" / "report.md").read_text(encoding="utf-8")
    assert "winning chance" in full  # the directed White Cell's reason, as its own screen shows it
    for name in ("report.md", "report.html", "debrief.json"):
        assert "winning chance" not in (tmp_path / "public" / name).read_text(encoding="utf-8"), name


def test_a_save_of_another_game_says_what_it_is(capsys, game: Path) -> None:
    code, _, err = run(capsys, "show", str(game), "--game", "rescue")
    one_line_refusal(code, err, "'hedgemony-save' file, not a rescue-save file")
    assert "newer" not in err and "Update" not in err


@pytest.mark.slow
def test_compare_refuses_two_games_of_different_seeds(capsys, game: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.toml"
    assert run(capsys, "simulate", "--turns", "1", "--seed", "7", "--save", str(other), "--json")[0] == 0
    code, _, err = run(capsys, "compare", str(game), str(other))
    one_line_refusal(code, err, "seed 1", "seed 7", "--unrelated")
    code, out, _ = run(capsys, "compare", str(game), str(other), "--unrelated", "--json")
    assert code == 0 and "seed 7" in json.loads(out)["warning"]


def test_a_broken_card_in_a_scenario_folder_is_named_in_that_folder(capsys, tmp_path: Path) -> None:
    folder = tmp_path / "custom"
    shutil.copytree(Path(str(data_dir() / "scenarios" / "default")), folder)
    cards = folder / "cards" / "ru.toml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("cost = 6", 'cost = "six"', 1), encoding="utf-8")
    code, _, err = run(capsys, "simulate", "--turns", "0", "--scenario", str(folder))
    assert code == 2 and f"{folder}/cards/ru.toml" in err and "default/cards" not in err, err
    code, _, err = run(capsys, "cards", "--scenario", str(folder))
    assert code == 3 and f"{folder}/cards/ru.toml" in err and "default/cards" not in err, err


def test_game_given_before_a_table_command_is_the_game_played(capsys, tmp_path: Path) -> None:
    # `hedgemony --game rescue simulate` played Hedgemony without a word.
    save = tmp_path / "rescue.toml"
    assert run(capsys, "--game", "rescue", "simulate", "--turns", "0", "--save", str(save), "--json")[0] == 0
    assert read_game(save).rules.info.id == "rescue"
