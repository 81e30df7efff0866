"""Colours of players and AORs, shared by every view (one place to change them)."""

from __future__ import annotations

PLAYER_COLOURS = {
    "US": "#5f9fff",
    "NATO": "#5fd7d7",
    "RU": "#ff5f5f",
    "PRC": "#ffaf00",
    "DPRK": "#d787ff",
    "IR": "#87d75f",
    "WHITE": "#eeeeee",
}
# Dark backgrounds for the map's areas, and a brighter ink of the same hue for their names.
AOR_BACKGROUNDS = ("#1c2c4c", "#1e3b28", "#3d3020", "#3c2236", "#22383c", "#3a3a1e", "#2c2244", "#3b2420")
AOR_INKS = ("#87afff", "#87d787", "#d7af5f", "#d787af", "#87d7d7", "#d7d787", "#af87ff", "#ff8787")
EXTRA_PLAYER_COLOURS = ("#ff87d7", "#afaf00", "#00afaf", "#d7875f")


def player_colour(player: str, order: tuple[str, ...] = ()) -> str:
    if player in PLAYER_COLOURS:
        return PLAYER_COLOURS[player]
    index = order.index(player) if player in order else len(player)
    return EXTRA_PLAYER_COLOURS[index % len(EXTRA_PLAYER_COLOURS)]


def aor_colours(aor_ids: tuple[str, ...]) -> dict[str, tuple[str, str]]:
    """AOR id -> (background, ink), distinct for up to eight AORs."""
    return {
        aor: (AOR_BACKGROUNDS[i % len(AOR_BACKGROUNDS)], AOR_INKS[i % len(AOR_INKS)]) for i, aor in enumerate(aor_ids)
    }
