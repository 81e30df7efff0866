"""What the conformance tests share: every registered game, and the test games, as a
module-scoped fixture.

The test games (``games.py``: the template a maintainer copies, a tic-tac-toe, a dice
game with a secret) are put on the table with ``registry.add`` while their tests run:
they are the yardstick that the suite asks what the contract asks and no more, sized by
what a game declares (dice, hidden information), not by Hedgemony.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from hedgemony_tui.table import registry
from hedgemony_tui.table.contract import AnyRules
from tests.conformance.games import TEST_GAMES

GAMES = (*registry.game_ids(), *(game for game, _ in TEST_GAMES))
"""Every game the suite runs: the installed ones, then the test games."""

# Each game's tests form one xdist group (`make test` runs `--dist loadgroup`), so one
# worker plays each game's playouts once and every module of the suite reads them from
# the cache in playouts.py, instead of each worker and each module playing the same games again.
_PARAMS = [pytest.param(game, marks=pytest.mark.xdist_group(f"conformance-{game}")) for game in GAMES]


@pytest.fixture(scope="module", params=_PARAMS)
def rules(request: pytest.FixtureRequest) -> Iterator[AnyRules]:
    """The game's rules; a test game is on the table (``registry.add``) only meanwhile,
    so that the rest of the test run sees the installed games alone."""
    package = dict(TEST_GAMES).get(request.param)
    if package is not None:
        registry.add(request.param, package)
    yield registry.get_rules(request.param)
    if package is not None:
        registry.forget(request.param)
