"""Hedgemony's shared fixtures: the shipped mats, loaded once."""

import pytest

from hedgemony_tui.games.hedgemony.engine.resources import default_rules
from hedgemony_tui.games.hedgemony.engine.tables import RuleTables


@pytest.fixture(scope="session")
def tables() -> RuleTables:
    return default_rules()
