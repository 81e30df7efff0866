"""``benchmarks/own_words.py``, the check that no game's text copies a run of twelve
words from its rulebook: it runs where the seeds are (a maintainer's machine, never CI),
so here it is checked on a made-up seed that it finds a copied sentence, lets a run of
table figures and a short shared phrase pass, and says so when no seed is there."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SPEC = importlib.util.spec_from_file_location("own_words", Path(__file__).parents[2] / "benchmarks" / "own_words.py")
assert SPEC is not None and SPEC.loader is not None
own_words = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(own_words)

SEED = (
    "Chapter one. The attacker rolls one die and adds the difference between the two sides "
    "strength before reading the result on the table below. 1:4 1:3 1:2 1:1 2:1 3:1 4:1 5:1 6:1 7:1 8:1 9:1 10:1."
)


def test_a_copied_sentence_is_found_and_named(tmp_path):
    ours = tmp_path / "help.md"
    ours.write_text("Help: the attacker rolls one die and adds the difference between the two sides strength first.")
    found = own_words.copied(SEED, [ours])
    assert list(found) == [ours]
    assert found[ours] == "attacker rolls one die and adds the difference between the two sides"


def test_figures_and_short_phrases_are_not_copies(tmp_path):
    ours = tmp_path / "table.toml"
    ours.write_text("# 1:4 1:3 1:2 1:1 2:1 3:1 4:1 5:1 6:1 7:1 8:1 9:1 10:1\n# the attacker rolls one die, as usual\n")
    assert own_words.copied(SEED, [ours]) == {}


def test_without_seeds_it_says_so_and_exits_2(tmp_path, capsys):
    assert own_words.main([str(tmp_path)]) == 2
    assert "no seed found" in capsys.readouterr().err


def test_a_seed_of_a_game_is_checked_against_that_games_files(tmp_path, monkeypatch, capsys):
    (tmp_path / "001_x.txt").write_text(SEED)
    copy = tmp_path / "copy.py"
    copy.write_text('"""The attacker rolls one die and adds the difference between the two sides strength."""\n')
    monkeypatch.setattr(own_words, "ROOT", tmp_path)
    monkeypatch.setattr(own_words, "our_files", lambda package, folder: [copy] if package == "rescue" else [])
    assert own_words.main([str(tmp_path)]) == 1
    assert "copy.py: shares with 001_x.txt" in capsys.readouterr().out
