"""The Grand Game (seed 002): a 1920-1950 grand-strategy draft in which every seat secretly
spends a year's GDP and then writes orders for three seasons at once, resolved air, then
sea, then land, with combat cards, terrain, rivers and shores, rail, supply and air
superiority.

The seed is a draft: its map, unit values and costs, combat decks, economy and payoff
are missing. What the seed states is built as it states it; what it leaves out is a
designer's choice written in ``rules/grand-game/README.md``.

- ``engine/`` the map, the combat decks and the pure combat and season reducers;

This package is under construction (issue 35): it is not yet registered as a game on
the table, so the title does not offer it until it plays a whole game.
"""

GAME_ID = "grand-game"
TITLE = "The Grand Game: Politics, Development, and War"
