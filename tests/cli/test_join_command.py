"""``hedgemony join`` refuses what it cannot open with one line and exit status 2, before
any screen (issue 34): a missing store, a file that is no table's store, an unknown or a
revoked code."""

from __future__ import annotations

from hedgemony_tui.cli.commands import run_command
from hedgemony_tui.table.store import TableStore


def _one_line(capsys) -> str:
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


def test_a_missing_store_is_one_line(tmp_path, capsys):
    assert run_command(["join", "abc", "--store", str(tmp_path / "none.sqlite")]) == 2
    assert "no such table store" in _one_line(capsys)


def test_a_file_that_is_no_store_is_one_line(tmp_path, capsys):
    other = tmp_path / "notes.txt"
    other.write_text("hello")
    assert run_command(["join", "abc", "--store", str(other)]) == 2
    _one_line(capsys)


def test_an_unknown_or_revoked_code_is_one_line_and_the_store_is_untouched(tmp_path, capsys):
    path = tmp_path / "t.sqlite"
    store = TableStore.create(path, game="rescue")
    seat = "x"
    code = store.new_code(seat)
    store.revoke(seat)
    for typed in ("not-a-code", code):
        assert run_command(["join", typed, "--store", str(path)]) == 2
        assert "opens no seat" in _one_line(capsys)
    assert store.owner(seat) is None and store.clients() == {}
    store.close()


def test_no_code_begins_with_a_dash(tmp_path, monkeypatch):
    """A code is typed after ``hedgemony join``, where ``-9B…`` would read as an option (CI once
    drew such a code and the refusal named the wrong problem)."""
    drawn = iter(["-9B-LF8yw2ZvUy649Z3BgA", "-x", "A-good-code"])
    monkeypatch.setattr("hedgemony_tui.table.store.secrets.token_urlsafe", lambda n: next(drawn))
    store = TableStore.create(tmp_path / "t.sqlite", game="rescue")
    assert store.new_code("x") == "A-good-code"
    store.close()
