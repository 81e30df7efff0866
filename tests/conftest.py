"""Fixtures every test gets: no Textual animations, so screens and snapshots are the
same on every run, whichever game draws them."""

import pytest


@pytest.fixture(autouse=True)
def _no_animations(monkeypatch):
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
