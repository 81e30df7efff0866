"""The template game, "Count to ten": the smallest whole game on the table, to copy.

Two players take turns adding 1 or 2 to a shared total; whoever brings it to the
target wins, and either may concede instead. Nothing is hidden, no die is rolled and
there is no umpire's seat, so everything here is what *every* game must write; a game
with secrets or dice writes a few members more (``docs/adding-a-game.md``).

The package is what the table looks for in any game:

- ``engine.py`` the state, the intents and the pure reducers (``legal``, ``apply``);
- ``bots.py`` computer players, deciding from a seat's view;
- ``rules.py`` ``RULES``, the engine behind the table's contract (``RulesBase``);
- ``front.py`` ``FRONT``, the board widget, help and a one-page guide for the shell;
- ``data.py`` and ``game.toml`` the game's one piece of data (the default target).

It is deliberately *not* registered by an entry point: players never see it on the
title screen. The tests put it on the table with ``registry.add("template", ...)``
and run it through the conformance suite, so this code cannot rot.

To make a game of your own from it (the guide's step 0):

1. copy this folder to ``hedgemony_tui/games/<your_package>/``;
2. change :data:`GAME_ID` below to your game's id (lower case, dashes allowed);
3. add the line ``<your-id> = "hedgemony_tui.games.<your_package>"`` under
   ``[project.entry-points."hedgemony_tui.games"]`` in ``pyproject.toml`` and run
   ``make`` (it reinstalls, which is what makes the entry point known);
4. copy ``rules/template/README.md`` to ``rules/<your-id>/README.md``;
5. rename the titles (``TITLE`` below, the front's ``tagline`` and ``banner``).

Every import inside the package is relative, so nothing else names the folder.
"""

GAME_ID = "template"
"""The game's id: its entry point's name, its saves' kind (``template-save``), ``--game``."""

TITLE = "Count to ten"
"""The game's name on the title screen and in the window's title."""
