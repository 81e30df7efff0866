"""The games on the table, one package each.

``GAMES`` is the registry's list (read by :mod:`hedgemony_tui.table.registry`): a
game's id, the module holding its rules object ``RULES`` (pure: no screens), the module
holding its screens ``FRONT``, and the module holding its command-line part (its own
subcommands and its placemats for ``simulate`` and ``show``).
"""

GAMES: dict[str, tuple[str, str, str]] = {
    "hedgemony": (
        "hedgemony_tui.games.hedgemony.rules",
        "hedgemony_tui.games.hedgemony.front",
        "hedgemony_tui.games.hedgemony.cli",
    ),
    "rescue": (
        "hedgemony_tui.games.rescue.rules",
        "hedgemony_tui.games.rescue.front",
        "hedgemony_tui.games.rescue.cli",
    ),
    "hex-encounters": (
        "hedgemony_tui.games.hex_encounters.rules",
        "hedgemony_tui.games.hex_encounters.front",
        "hedgemony_tui.games.hex_encounters.cli",
    ),
}
