"""Save files on disk: atomic replace with one backup, careful reads, errors that name the file."""

import os
import stat
import sys

import pytest

from hedgemony_tui.table import save_io
from hedgemony_tui.table.codec import to_toml_text
from hedgemony_tui.table.errors import SaveError
from hedgemony_tui.table.save_io import backup_path, load, read_save, save, write_save
from hedgemony_tui.table.save_slots import autosave_path
from tests.saves.saves_sample import KIND, GameState, example_state


def leftovers(folder):
    """Files other than saves and their backups: temp files a write forgot."""
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


def test_save_then_load_through_a_new_folder(tmp_path):
    path = tmp_path / "games" / "nested" / "g1.toml"
    save(path, example_state(), kind=KIND)
    assert load(path, GameState, kind=KIND) == example_state()
    assert path.read_text(encoding="utf-8") == to_toml_text(example_state(), kind=KIND)
    assert not backup_path(path).exists()  # nothing to back up the first time
    assert leftovers(path.parent) == []


def test_each_write_keeps_exactly_the_previous_version_as_bak(tmp_path):
    path = tmp_path / "g1.toml"
    for text in ("first\n", "second\n", "third\n"):
        write_save(path, text)
    assert path.read_text() == "third\n"
    assert backup_path(path) == tmp_path / "g1.toml.bak"
    assert backup_path(path).read_text() == "second\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g1.toml", "g1.toml.bak"]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")
def test_a_new_save_gets_the_umask_mode_and_a_rewrite_keeps_its_mode(tmp_path):
    path = tmp_path / "g1.toml"
    write_save(path, "one\n")
    assert stat.S_IMODE(path.stat().st_mode) == save_io._NEW_FILE_MODE
    path.chmod(0o600)
    write_save(path, "two\n")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_failed_final_replace_leaves_the_previous_save_intact(tmp_path, monkeypatch):
    path = tmp_path / "g1.toml"
    write_save(path, "old\n")
    real_replace = os.replace

    def replace(src, dst):
        if os.fspath(dst) == os.fspath(path):
            raise OSError(28, "No space left on device")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(SaveError, match=r"g1\.toml: could not write the save \(No space left on device\)"):
        write_save(path, "new\n")
    assert path.read_text() == "old\n"
    assert leftovers(tmp_path) == []


def test_a_write_failing_midway_leaves_the_save_and_its_backup_intact(tmp_path, monkeypatch):
    path = tmp_path / "g1.toml"
    write_save(path, "older\n")
    write_save(path, "old\n")

    def fsync(fd):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", fsync)  # the temp file is written but never synced
    with pytest.raises(SaveError, match="the previous save, if any, is unchanged"):
        write_save(path, "new\n")
    assert path.read_text() == "old\n"
    assert backup_path(path).read_text() == "older\n"
    assert leftovers(tmp_path) == []


def test_saving_onto_a_folder_or_unencodable_text_is_refused(tmp_path):
    (tmp_path / "taken").mkdir()
    with pytest.raises(SaveError, match="is a folder"):
        write_save(tmp_path / "taken", "x\n")
    with pytest.raises(SaveError, match="cannot be encoded as UTF-8"):
        write_save(tmp_path / "g.toml", "lone surrogate \udc80")
    assert not (tmp_path / "g.toml").exists()


def test_an_unwritable_state_is_refused_naming_the_file_and_writes_nothing(tmp_path):
    path = tmp_path / "g.toml"
    with pytest.raises(SaveError, match=r"g\.toml: this test-save cannot be written as TOML"):
        save(path, {"bad": None}, kind=KIND)
    assert not path.exists()


def test_read_refuses_a_missing_file_and_a_folder(tmp_path):
    with pytest.raises(SaveError, match=r"nope\.toml: there is no file here"):
        read_save(tmp_path / "nope.toml")
    with pytest.raises(SaveError, match="this is a folder, not a save file"):
        read_save(tmp_path)


def test_read_refuses_an_oversized_file(tmp_path):
    path = tmp_path / "huge.toml"
    path.write_bytes(b"#" * 101)
    with pytest.raises(SaveError, match=r"huge\.toml: the file is larger than 100 bytes"):
        read_save(path, max_bytes=100)
    assert read_save(path, max_bytes=101) == "#" * 101
    path.write_bytes(b"#" * (save_io.MAX_SAVE_BYTES + 1))
    with pytest.raises(SaveError, match="larger than 5,000,000 bytes"):
        read_save(path)


def test_read_refuses_binary_garbage_and_accepts_a_byte_order_mark(tmp_path):
    path = tmp_path / "junk.toml"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe")
    with pytest.raises(SaveError, match=r"junk\.toml: this is not a text file \(byte 0 is not UTF-8\)"):
        read_save(path)
    path.write_bytes("\ufeffkind = 1\n".encode())
    assert read_save(path) == "kind = 1\n"


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"\x00\x01binary\xff", "not a text file"),
        (b"not = [toml", "not readable TOML"),
        (b'schema_version = 9\nkind = "test-save"\n', "newer Hedgemony TUI (format 9; this one reads up to 2)"),
    ],
)
def test_load_names_the_file_and_points_to_the_backup_when_there_is_one(tmp_path, content, expected):
    path = tmp_path / "g1.toml"
    path.write_bytes(content)
    with pytest.raises(SaveError) as caught:
        load(path, GameState, kind=KIND)
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and expected in message
    assert ".bak" not in message

    backup_path(path).write_text("the previous save")
    with pytest.raises(SaveError) as caught:
        load(path, GameState, kind=KIND)
    assert f"The previous version is kept in {backup_path(path)}: rename it to g1.toml" in str(caught.value)


def test_a_missing_save_with_a_backup_says_so(tmp_path):
    path = tmp_path / "g1.toml"
    backup_path(path).write_text("the previous save")
    with pytest.raises(SaveError, match=r"there is no file here.*previous version is kept in"):
        load(path, GameState, kind=KIND)


def test_autosave_path_and_ids_that_would_escape_the_folder(tmp_path):
    assert autosave_path(tmp_path, "g-001") == tmp_path / "g-001.autosave.toml"
    for bad in ("", "../g", "a/b", "a\\b", ".hidden", "c:x"):
        with pytest.raises(SaveError, match="cannot be used as a game id"):
            autosave_path(tmp_path, bad)
