"""The games that ship with the table, one package each (see ``docs/adding-a-game.md``).

Each is registered by an entry point in pyproject.toml (group ``hedgemony_tui.games``)
and found by :mod:`hedgemony_tui.table.registry`; no list of games lives here.
"""
