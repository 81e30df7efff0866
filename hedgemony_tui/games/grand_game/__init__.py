"""The Grand Game (seed 002): a 1920-1950 grand-strategy draft in which every seat secretly
spends a year's GDP and then writes orders for three seasons at once, resolved air, then
sea, then land, with combat cards, terrain, rivers and shores, rail, supply and air
superiority.

The seed is a draft: its map, unit values and costs, combat decks, economy and payoff
are missing. What the seed states is built as it states it; what it leaves out is a
designer's choice written in ``rules/grand-game/README.md``.

- ``engine/`` the map, the combat decks, the pure combat pieces, the game's state and its
  reducers (``game*.py``), the season's pipeline (``season_*.py``);
- ``rules.py`` ``RULES``, the engine behind the table's contract;
- ``bots/`` the computer players (``random``, ``basic``);
- ``front/`` the board, the worksheets and the guide; ``render/`` the map drawn in text;
- ``cli/`` the calculator (``calc combat``), the debrief's sections and the placemats.
"""

GAME_ID = "grand-game"
TITLE = "The Grand Game: Politics, Development, and War"
