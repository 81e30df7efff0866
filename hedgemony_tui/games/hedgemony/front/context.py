"""What Hedgemony's screens read off the table besides the state: the game's content
(its scenario and cards, with the cards of ruled free-play actions) and which player a
placemat or hand opens on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..engine.content import Content


def content(table: Any) -> Content:
    """The content the game in play uses (the engine looks ruled free-play cards up in it)."""
    from ..engine.content import content_for
    from ..engine.game import content_of

    state = table.state
    return content_of(state, content_for(state.scenario))


def player_to_show(table: Any, wanted: str | None) -> str:
    """The player a placemat or hand opens on: the one asked for, else the seat at the keyboard."""
    players = content(table).scenario.player_ids
    if wanted in players:
        return wanted
    viewer = table.viewer_seat()
    return viewer if viewer in players else players[0]
