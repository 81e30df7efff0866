"""Shared fixtures: the shipped mats, loaded once."""

import pytest

from hedgemony_tui.games.hedgemony.engine.tables import RuleTables
from hedgemony_tui.games.hedgemony.resources import default_rules


@pytest.fixture(scope="session")
def tables() -> RuleTables:
    return default_rules()
