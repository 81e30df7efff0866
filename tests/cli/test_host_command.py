"""`hedgemony host` (issue 34): its refusals are one line, exit 2, nothing written; a
resumed store gives a seat a fresh code and the old one stops working."""

from __future__ import annotations

import signal
import threading
from pathlib import Path

import pytest

from hedgemony_tui.table.store import TableStore
from tests.cli.cli_helpers import run


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("--person", "XX"), "no seat 'XX' in hedgemony"),
        ((), "name the seats people play with --person"),
        (("--resume", "nothing.sqlite"), "no such table store"),
        (("--new-code", "US"), "--new-code goes with --resume"),
        (("--person", "US", "--bot-delay", "99"), "--bot-delay must be from 0 to 60"),
    ],
)
def test_a_bad_host_command_is_one_line_and_writes_nothing(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    args: tuple[str, ...],
    says: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "host", *args)
    assert code == 2 and out == ""
    assert says in err and len(err.strip().splitlines()) == 1
    assert not any(tmp_path.iterdir())


def test_a_file_that_is_no_store_or_an_existing_store_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "plain.sqlite").write_text("hello", encoding="utf-8")
    code, _, err = run(capsys, "host", "--resume", "plain.sqlite")
    assert code == 2 and "is not a table store" in err
    code, _, err = run(capsys, "host", "--person", "US", "--store", "plain.sqlite")
    assert code == 2 and "already exists" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plain.sqlite"]


def _host_briefly(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the host until it has served a moment, then stop it as Ctrl+C would."""
    timer = threading.Timer(1.0, lambda: signal.raise_signal(signal.SIGINT))
    timer.start()
    try:
        return run(capsys, "host", *argv)
    finally:
        timer.cancel()


def test_host_prints_codes_once_and_resume_gives_a_fresh_code(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = _host_briefly(capsys, "--person", "US", "--white-cell", "random", "--store", "t.sqlite")
    assert code == 0 and "hedgemony join CODE --store t.sqlite" in out and "hedgemony serve t.sqlite" in out
    old = next(line.split(": ")[1] for line in out.splitlines() if line.startswith("  US (US): "))
    store = TableStore.open(tmp_path / "t.sqlite")
    assert store.code_seat(old) == ("US", "seat")
    # The autosave and the store's save say the same game.
    assert Path(store.meta("save_path")).read_text(encoding="utf-8") == store.save_text()
    code, out, _ = _host_briefly(capsys, "--resume", "t.sqlite", "--new-code", "US")
    assert code == 0
    new = next(line.split(": ")[1].split()[0] for line in out.splitlines() if line.startswith("US (US): "))
    assert store.code_seat(new) == ("US", "seat") and store.code_seat(old) is None
