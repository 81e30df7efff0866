"""What the codec refuses, and how it says so: always a SaveError, with a path where one helps."""

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hedgemony_tui.table import codec
from hedgemony_tui.table.codec import from_toml_text, to_toml_text
from hedgemony_tui.table.errors import HedgemonyError, SaveError
from tests.saves.saves_sample import KIND, GameState, example_state

TEXT = to_toml_text(example_state(), kind=KIND)


def refusal(text: str, cls: type = GameState, kind: str = KIND) -> str:
    with pytest.raises(SaveError) as caught:
        # Edited on purpose (the checksum is skipped): what the structure checks say.
        from_toml_text(text, cls, kind=kind, allow_edited=True)
    return str(caught.value)


def test_a_typo_key_is_refused_by_name():
    message = refusal(TEXT.replace("rp = 12", "rpp = 12", 1))
    assert "unknown key 'rpp' @ $.players[0]" in message
    assert "required field missing @ $.players[0].rp" in message


def test_a_string_where_an_int_belongs_is_refused_with_its_path():
    message = refusal(TEXT.replace("rp = -4", 'rp = "many"', 1))
    assert "expected int, got str 'many' @ $.players[1].rp" in message
    assert "If you edited the file by hand" in message


def test_a_bad_value_in_a_union_member_inside_nested_arrays_is_located():
    bad = TEXT.replace('reason = "no money"', "reason = 3", 1)
    assert "expected str, got int 3 @ $.rounds[0][0].reason" in refusal(bad)


def test_unknown_and_missing_union_tags_are_refused():
    assert "unknown type 'moov' (expected one of 'move', 'invest', 'Pass')" in refusal(
        TEXT.replace('type = "move"', 'type = "moov"', 1)
    )
    missing = TEXT.replace('[data.pending]\ntype = "move"\n', "[data.pending]\n")
    assert missing != TEXT
    assert "missing 'type' key (one of 'move', 'invest', 'Pass') @ $.pending" in refusal(missing)


def test_a_truncated_file_is_refused_clearly():
    for cut in (len(TEXT) // 2, len(TEXT) // 3, TEXT.index("[data.dice]")):
        assert "may be damaged or cut short" in refusal(TEXT[:cut])


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_any_cut_or_changed_save_loads_or_raises_save_error_only(data):
    cut = data.draw(st.integers(0, len(TEXT)))
    at = data.draw(st.integers(0, max(cut - 1, 0)))
    char = data.draw(st.characters(exclude_categories=["Cs"]))
    text = TEXT[:cut]
    if data.draw(st.booleans()) and text:
        text = text[:at] + char + text[at + 1 :]
    try:
        from_toml_text(text, GameState, kind=KIND)
    except SaveError:
        pass  # any other exception type fails the test


def test_a_newer_format_is_refused_with_both_versions():
    text = TEXT.replace("schema_version = 2", "schema_version = 3", 1)
    message = refusal(text)
    assert "was written by a newer Hedgemony TUI (format 3; this one reads up to 2)" in message
    assert "Update Hedgemony TUI" in message


def test_an_older_format_is_migrated_dict_to_dict(monkeypatch):
    # Pretend this build is at format 3, where Player.rp used to be called "points" in format 2.
    def rename_points(document):
        for player in document["data"]["players"]:
            player["rp"] = player.pop("points")
        return document

    monkeypatch.setattr(codec, "FORMAT_VERSION", 3)
    monkeypatch.setitem(codec.MIGRATIONS, 2, rename_points)
    old = TEXT.replace("rp = ", "points = ")
    assert from_toml_text(old, GameState, kind=KIND, allow_edited=True) == example_state()
    assert to_toml_text(example_state(), kind=KIND).startswith("schema_version = 3\n")


def test_a_version_without_a_migration_or_with_a_failing_one_is_refused(monkeypatch):
    monkeypatch.setattr(codec, "FORMAT_VERSION", 3)
    assert "format 2, which this Hedgemony TUI can no longer read" in refusal(TEXT)

    def broken(document):
        return document["no such key"]

    monkeypatch.setitem(codec.MIGRATIONS, 2, broken)
    assert "could not be upgraded from format 2 to 3 (KeyError" in refusal(TEXT)


def test_the_wrong_kind_is_refused():
    assert "this is a 'test-save' file, not a hedgemony-scenario file. Choose a hedgemony-scenario file" in refusal(
        TEXT, kind="hedgemony-scenario"
    )
    assert "this file names no kind" in refusal(TEXT.replace(f'kind = "{KIND}"\n', ""))


def test_another_kind_with_a_higher_version_is_named_not_called_newer():
    # Issue 29: a save of another game (its own, higher format) is said to be what it
    # is, never "written by a newer Hedgemony TUI ... Update".
    text = TEXT.replace("schema_version = 2", "schema_version = 8", 1).replace(
        f'kind = "{KIND}"', 'kind = "rescue-save"'
    )
    message = refusal(text)
    assert "this is a 'rescue-save' file, not a test-save file" in message
    assert "newer" not in message and "Update" not in message


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("this is not TOML at all {{{", "this is not readable TOML"),
        ("\x00\x01\x02\x7f binary", "this is not readable TOML"),
        ("", "no valid schema_version"),
        ('schema_version = "1"\nkind = "test-save"\n', "no valid schema_version"),
        ("schema_version = true\n", "no valid schema_version"),
        ("schema_version = 0\n", "no valid schema_version"),
        ('title = "a scenario"\n', "no valid schema_version"),
        ('schema_version = 1\nkind = "test-save"\n', "the [data] table is missing"),
        ('schema_version = 1\nkind = "test-save"\ndata = 5\n', "expected a table (GameState), got int 5 @ $"),
        ('schema_version = 1\nkind = "test-save"\nnotes = 1\n[data]\n', "unknown top-level key 'notes'"),
    ],
)
def test_garbage_and_foreign_documents_are_refused(text, expected):
    assert expected in refusal(text)


def test_a_validator_failure_in_a_class_is_a_save_error():
    @attrs.frozen
    class Turn:
        number: int = attrs.field(validator=attrs.validators.ge(1))

    text = to_toml_text(Turn(1), kind=KIND).replace("number = 1", "number = 0")
    assert "number" in refusal(text, Turn)


def test_save_error_is_a_hedgemony_error_naming_the_file_once_known():
    error = SaveError("it broke", hint="Try again.").for_file("saves/a.toml")
    assert isinstance(error, HedgemonyError)
    assert str(error) == "saves/a.toml: it broke. Try again."
    assert (error.file, error.problem, error.hint) == ("saves/a.toml", "it broke", "Try again.")


def test_a_file_cut_at_a_line_boundary_is_refused_though_it_parses():
    lines = TEXT.splitlines(keepends=True)
    cut = "".join(lines[: len(lines) // 2])
    assert "cut short" in refusal(cut)
    assert "cut short" in refusal(TEXT.replace("complete = true", "complete = false"))


def test_a_format_1_file_without_the_end_marker_is_still_read():
    old = TEXT.replace("schema_version = 2", "schema_version = 1", 1)[: TEXT.index("[end]\n")]
    assert "[end]" not in old
    assert from_toml_text(old, GameState, kind=KIND) == example_state()
