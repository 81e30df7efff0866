"""What Hedgemony's screens read off the table besides the seat's view: the game's
content (its scenario and cards, with the cards of ruled free-play actions) and which
player a placemat or hand opens on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.content import content_for
from ..engine.game import content_of

if TYPE_CHECKING:
    from hedgemony_tui.shell.front import Table

    from ..engine.content import Content


def content(table: Table) -> Content:
    """The content the game in play uses (the engine looks ruled free-play cards up in it;
    read off the seat's view, which keeps the rulings)."""
    seen = table.seen_state()
    return content_of(seen, content_for(seen.scenario))


def player_to_show(table: Table, wanted: str | None) -> str:
    """The player a placemat or hand opens on: the one asked for, else the seat at the keyboard."""
    players = content(table).scenario.player_ids
    if wanted in players:
        return wanted
    viewer = table.viewer_seat()
    return viewer if viewer in players else players[0]
