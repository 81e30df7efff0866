"""What the conformance tests share: every registered game, as a module-scoped fixture."""

from __future__ import annotations

import pytest

from hedgemony_tui.table.contract import GameRules
from hedgemony_tui.table.registry import game_ids, get_rules


@pytest.fixture(scope="module", params=game_ids())
def rules(request: pytest.FixtureRequest) -> GameRules:
    return get_rules(request.param)
