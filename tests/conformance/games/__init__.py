"""The test games the conformance suite runs beside the registered ones.

They are the suite's yardstick: two correct games that share nothing with Hedgemony
(a tic-tac-toe, with nothing hidden and no dice; a dice game with a secret) and the
template a maintainer copies. Each is written as a maintainer would write a game, from
the contract and ``docs/adding-a-game.md`` alone; if the suite rejects one of them,
the suite is wrong, not the game. ``tests/conformance/conftest.py`` puts each on the
table with ``registry.add`` while its tests run (none is installed by entry point).

``TEST_GAMES`` lives here, in the package's ``__init__``, because a module ``games.py``
beside this folder would hide the folder from imports.
"""

TEST_GAMES = (
    ("template", "hedgemony_tui.games.template"),
    ("tictactoe", "tests.conformance.games.tictactoe"),
    ("dice-duel", "tests.conformance.games.dice"),
)
"""(id, package) of each test game."""
