"""The shell's tests: the template game on the table while a test asks for it."""

from collections.abc import Iterator

import pytest

from hedgemony_tui.table import registry


@pytest.fixture
def toy_registered() -> Iterator[None]:
    """The template game (``hedgemony_tui/games/template``: open information, no dice, no
    control seat) on the table as ``template``, and off it again afterwards, so that
    other tests see the installed games alone."""
    registry.add("template", "hedgemony_tui.games.template")
    yield
    registry.forget("template")
