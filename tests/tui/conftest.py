"""TUI tests: no animations, so screens and snapshots are the same on every run."""

import pytest


@pytest.fixture(autouse=True)
def _no_animations(monkeypatch):
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
