"""The world-system HEGEMONY (seed 003): twelve states dealt core, semiperipheral and
peripheral statuses, a hegemon, a covert terrorist faction that recruits by coups while
everyone's eyes are closed, capital-weighted votes, and a moderator who runs four
systemic cycles of rise and decline to one of four endings.

- ``engine/`` the state, the intents and the pure reducers (``legal``, ``apply``, views);
- ``bots/`` computer players, deciding from a seat's view;
- ``rules.py`` ``RULES``, the engine behind the table's contract;
- ``front/`` ``FRONT``, the board, the tracker, the vote and speech panels, the guide;
- ``cli.py`` the game's debrief sections.

Readings of the seed are in ``rules/world-system/README.md``; the numbers in
``data/world-system/world.toml``.
"""

GAME_ID = "world-system"
TITLE = "HEGEMONY: the world-system game"
