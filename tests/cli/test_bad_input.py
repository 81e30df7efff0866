"""No traceback for any user input on the command line (issue 18): each case the
issue found, now one line on stderr and exit status 2 (3 for game data)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from hedgemony_tui.games.hedgemony.engine.resources import data_dir
from tests.cli.cli_helpers import run


def test_show_with_an_empty_name(capsys) -> None:
    code, _, err = run(capsys, "show", "")
    assert code == 2 and "name is empty" in err and len(err.splitlines()) == 1


def test_file_names_over_251_characters(capsys, tmp_path) -> None:
    long = str(tmp_path / ("a" * 300))
    assert run(capsys, "show", long)[0] == 2
    code, _, err = run(capsys, "simulate", "--turns", "0", "--save", long)
    assert code == 2 and "at most 251" in err


def test_5000_digit_numbers_in_calc(capsys) -> None:
    huge = "9" * 5000
    for argv in (
        ["calc", "cf", f"3xM{huge}"],
        ["calc", "cost", "procure", f"{huge}xM1"],
        ["calc", "column", "crt-a", "--blue", huge, "--red", "1"],
        ["calc", "cost", "deploy", huge, "--proactive"],
    ):
        code, _, err = run(capsys, *argv)
        assert code == 2, argv
        assert "at most 6 digits" in err


def test_a_fifo_as_the_save_path_is_refused_not_waited_on(capsys, tmp_path) -> None:
    fifo = tmp_path / "game.toml"
    os.mkfifo(fifo)
    for argv in (
        ["show", str(fifo)],
        ["simulate", "--load", str(fifo)],
        ["play", str(fifo)],
        ["simulate", "--turns", "0", "--save", str(fifo)],
        ["simulate", "--turns", "0", "--journal", str(fifo)],
    ):
        code, _, err = run(capsys, *argv)
        assert code == 2 and "named pipe" in err, argv


def test_non_utf8_and_dangling_link_saves(capsys, tmp_path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b"\xff\xfe\x00kind")
    assert run(capsys, "show", str(bad))[0] == 2
    link = tmp_path / "gone.toml"
    link.symlink_to(tmp_path / "nowhere.toml")
    assert run(capsys, "show", str(link))[0] == 2


def test_card_files_that_cannot_be_read_are_problems(capsys, tmp_path) -> None:
    folder = tmp_path / "scenario"
    shutil.copytree(Path(str(data_dir() / "scenarios" / "default")), folder)
    (folder / "cards" / "gone.toml").symlink_to(folder / "cards" / "nowhere.toml")
    os.mkfifo(folder / "cards" / "pipe.toml")
    (folder / "cards" / "latin1.toml").write_bytes(b'[[card]]\nid = "\xe9"\n')
    code, out, _ = run(capsys, "check-scenario", str(folder))
    assert code == 2
    assert "gone.toml: cannot read the file" in out and "pipe.toml: cannot read the file: this is a named pipe" in out
    assert "latin1.toml: not valid TOML" in out


def test_an_unexpected_exception_is_one_line_and_exit_2(capsys, monkeypatch) -> None:
    import hedgemony_tui.cli.game_commands as commands

    def boom(args):
        raise ZeroDivisionError("a bug of ours")

    monkeypatch.setattr(commands, "cmd_games", boom)
    code, out, err = run(capsys, "games")
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert "unexpected error (ZeroDivisionError: a bug of ours)" in err and "hedgemony-crash-" in err
    Path(err.split("details in ")[1].split(";")[0]).unlink()


def test_a_crash_in_the_screens_is_one_line_and_exit_2(capsys, monkeypatch) -> None:
    import hedgemony_tui.shell.app as shell_app
    from hedgemony_tui.cli import run_tui

    class Crashing:
        return_code = 1
        _exception = None

        def _close_messages_no_wait(self) -> None:
            pass

        def run(self) -> None:
            # As Textual does: the exception is kept, the app exits with status 1.
            self._exception = KeyError("a bug in a screen")

    monkeypatch.setattr(shell_app, "build_app", lambda *a, **k: Crashing())
    code = run_tui()
    _, err = capsys.readouterr()
    assert code == 2 and "Traceback" not in err
    assert "hedgemony play: unexpected error (KeyError" in err and len(err.strip().splitlines()) == 1
    Path(err.split("details in ")[1].split(";")[0]).unlink()
