"""The hidden claim and lock files beside a save (``.<name>.claim``, ``.<name>.lock``) stayed
in the saves folder after the save itself was deleted by hand. The title's Continue list
sweeps them: only when their save is gone, they are an hour old, and no window holds them."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from hedgemony_tui.table.save_slots import ORPHAN_AGE, claim, sweep_orphans

pytest.importorskip("fcntl")


def _old(path: Path) -> Path:
    path.touch()
    past = time.time() - ORPHAN_AGE - 60
    os.utime(path, (past, past))
    return path


def test_orphans_of_a_deleted_save_are_swept_and_nothing_else(tmp_path: Path) -> None:
    orphan_claim = _old(tmp_path / ".gone.autosave.toml.claim")
    orphan_lock = _old(tmp_path / ".gone.autosave.toml.lock")
    (tmp_path / "kept.toml").write_text("x")
    kept_claim = _old(tmp_path / ".kept.toml.claim")  # its save is there
    fresh = tmp_path / ".new.toml.claim"
    fresh.touch()  # a game just started: its save is not written yet
    other = _old(tmp_path / ".hidden-notes")  # not ours
    removed = sweep_orphans(tmp_path)
    assert sorted(removed) == sorted([orphan_claim, orphan_lock])
    assert not orphan_claim.exists() and not orphan_lock.exists()
    assert kept_claim.exists() and fresh.exists() and other.exists()


def test_a_claim_a_window_holds_is_never_swept(tmp_path: Path) -> None:
    held = claim(tmp_path / "playing.toml")
    try:
        path = tmp_path / ".playing.toml.claim"
        _old(path)
        assert sweep_orphans(tmp_path) == []
        assert path.exists()
    finally:
        held.release()
    assert sweep_orphans(tmp_path) == [path]
