"""Shared fixtures: the shipped mats, loaded once."""

import pytest

from hedgemony_tui.engine.tables import RuleTables
from hedgemony_tui.resources import default_rules


@pytest.fixture(scope="session")
def tables() -> RuleTables:
    return default_rules()
