"""Forged and damaged saves are refused (issue 18): every number changed in the file is
caught by the checksum, every forged state (re-signed, so the checksum matches) by the
rules checks; always one line, never a traceback, the ``.bak`` untouched; and a save
edited on purpose opens with ``--allow-edited`` when it still obeys the rules."""

from __future__ import annotations

import functools

import pytest

from hedgemony_tui.cli import main
from hedgemony_tui.table.errors import SaveError
from hedgemony_tui.table.saves import game_text, read_game, save_game
from tests.saves.forged_corpus import RULES, digit_flips, forgeries, rich_state, text_forgeries


@functools.cache
def base_state():
    return rich_state()


@functools.cache
def base_text() -> str:
    return game_text(RULES, base_state())


def refused(tmp_path, text: str) -> str:
    """The one-line reason ``text`` is refused, with a save and its .bak in place."""
    path = tmp_path / "game.toml"
    save_game(path, RULES, base_state())
    save_game(path, RULES, base_state())
    backup = path.with_name("game.toml.bak")
    kept = backup.read_bytes()
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        read_game(path)
    assert backup.read_bytes() == kept
    message = str(caught.value)
    assert "\n" not in message and "Traceback" not in message
    return message


def test_the_real_save_loads_and_its_checksum_is_stable(tmp_path):
    # The corpus is only meaningful if its source is a sound save; and the checksum must
    # survive a read and a rewrite (it hashes the data as tomli_w renders it).
    path = tmp_path / "game.toml"
    path.write_text(base_text())
    assert RULES.check(base_state()) == [] and read_game(path).state == base_state()
    save_game(path, RULES, read_game(path).state)
    assert path.read_text() == base_text()
    # Line endings or a byte-order mark added by an editor change no data.
    path.write_bytes(b"\xef\xbb\xbf" + base_text().replace("\n", "\r\n").encode())
    assert read_game(path).state == base_state()


@pytest.mark.slow
def test_every_number_changed_in_the_file_is_refused_by_the_checksum(tmp_path):
    corpus = digit_flips(base_text())
    assert len(corpus) >= 90
    loaded = []
    for name, text in corpus:
        try:
            message = refused(tmp_path, text)
        except pytest.fail.Exception:
            loaded.append(name)
            continue
        assert "the file was changed after it was saved" in message and "--allow-edited" in message, name
    assert loaded == []


@pytest.mark.parametrize("name, text", forgeries(rich_state()), ids=lambda v: v if len(v) < 60 else "save")
def test_every_forged_state_is_refused_by_the_rules(tmp_path, name, text):
    message = refused(tmp_path, text)
    assert "breaks the rules" in message, (name, message)


@pytest.mark.slow
def test_forged_numbers_re_signed_are_refused_by_the_rules(tmp_path):
    corpus = text_forgeries(base_text())
    assert len(corpus) >= 60
    loaded = []
    for name, text in corpus:
        try:
            message = refused(tmp_path, text)
        except pytest.fail.Exception:
            loaded.append(name)
            continue
        assert "changed after it was saved" not in message, name
    assert loaded == []


def test_an_edit_that_obeys_the_rules_opens_only_when_allowed(tmp_path):
    path = tmp_path / "game.toml"
    text = base_text()
    rp = next(p.rp for p in base_state().players if p.id == "US")
    edited = text.replace(f'id = "US"\nside = "blue"\nrp = {rp}\n', f'id = "US"\nside = "blue"\nrp = {rp + 1}\n', 1)
    assert edited != text
    path.write_text(edited)
    with pytest.raises(SaveError, match="changed after it was saved"):
        read_game(path)
    assert next(p.rp for p in read_game(path, allow_edited=True).state.players if p.id == "US") == rp + 1
    # The flag skips the checksum only: a forged state is still refused.
    forged = dict(forgeries(base_state()))["10^6 RP"]
    path.write_text(forged.replace("sha256", "sha256_was", 1).replace("sha256_was = ", "# ", 1))
    with pytest.raises(SaveError, match="breaks the rules"):
        read_game(path, allow_edited=True)


@pytest.mark.parametrize("command", [["show"], ["simulate", "--turns", "0", "--load"]])
def test_the_cli_refuses_in_one_line_and_takes_the_flag(tmp_path, capsys, command):
    path = tmp_path / "game.toml"
    edited = dict(digit_flips(base_text(), sample=3))
    name, text = next(iter(edited.items()))
    path.write_text(text)
    code = main([*command, str(path)])
    out, err = capsys.readouterr()
    assert code == 2 and err.count("\n") == 1 and "changed after it was saved" in err, name
    forged = dict(forgeries(base_state()))["1,000 FFs on a stack"]
    path.write_text(forged)
    for flags in ([], ["--allow-edited"]):
        code = main([*command, str(path), *flags])
        out, err = capsys.readouterr()
        assert code == 2 and err.count("\n") == 1 and "breaks the rules" in err


def test_an_old_save_without_a_checksum_still_loads_and_is_still_checked(tmp_path):
    path = tmp_path / "old.toml"
    text = base_text()
    head, _, _ = text.partition("[end]")
    old = (
        head.replace(f"schema_version = {RULES.schema_version}\n", "schema_version = 4\n", 1)
        + "[end]\ncomplete = true\n"
    )
    path.write_text(old)
    assert read_game(path).state == base_state()
    rp = next(p.rp for p in base_state().players if p.id == "US")
    path.write_text(old.replace(f'id = "US"\nside = "blue"\nrp = {rp}\n', 'id = "US"\nside = "blue"\nrp = 1000000\n'))
    with pytest.raises(SaveError, match="breaks the rules.*US's RP is 1000000"):
        read_game(path)
    # A current save with its checksum taken out is a changed file.
    path.write_text(text[: text.index("sha256")])
    with pytest.raises(SaveError, match="has no sha256"):
        read_game(path)
