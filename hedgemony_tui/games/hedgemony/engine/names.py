"""Names for the ids the engine's texts would otherwise show (issue 23: names, not ids).

Log lines and decision prompts are read by players: places go by their board names
("the Caucasus"), stacks as "14 FF M3 in CONUS", cards by title with their id kept after
it ("Show of Force (US-E01)") for the facilitators who look cards up by number. Pure
functions of the content and the public board; an id the content does not know is
shown as it is (a text must never fail for want of a name).
"""

from __future__ import annotations

from .content import Content
from .state import CONUS_LOCATION, GameState, Stack

CONUS_NAME = "CONUS"
"""The continental United States as players say it (the board's full name is long)."""


def place(content: Content, place_id: str) -> str:
    """A board place or an AOR by its name; an unknown id as it is."""
    if place_id == CONUS_LOCATION:
        return CONUS_NAME
    board = content.scenario.board
    for loc in board.locations:
        if loc.id == place_id:
            return loc.name
    for aor in board.aors:
        if aor.id == place_id:
            return aor.name
    return place_id


def aor(content: Content, aor_id: str) -> str:
    """An AOR by its name (the id of one the board lacks)."""
    return place(content, aor_id)


def card(content: Content, card_id: str) -> str:
    """A card as "Title (ID)"; the id alone when the content does not have it."""
    found = content.cards.get(card_id)
    return f"{found.title} ({card_id})" if found is not None else card_id


def plural(count: int, word: str) -> str:
    """A count with its word, plural unless one: "1 FF", "3 FFs", "2 turns"."""
    return f"{count} {word}" if abs(count) == 1 else f"{count} {word}s"


def forces(ffs: int, mod: int) -> str:
    """A number of FFs at a Mod Level: "14 FF M3"."""
    return f"{ffs} FF M{mod}"


def stack(content: Content, stack: Stack, ffs: int | None = None) -> str:
    """A stack (or ``ffs`` of its FFs) where it stands: "14 FF M3 in CONUS"."""
    return f"{forces(stack.ffs if ffs is None else ffs, stack.mod)} in {place(content, stack.location)}"


class Namer:
    """The names of one state's board, for ``Intent.describe(names)``: places by name,
    stacks (by id) as "14 FF M3 in CONUS", cards as "Title (ID)". Only public facts:
    where the stacks stand and what they hold is on the board for every seat."""

    def __init__(self, content: Content, state: GameState) -> None:
        self.content = content
        self.stacks = {s.id: s for s in state.stacks}

    def place(self, place_id: str) -> str:
        return place(self.content, place_id)

    def stack(self, stack_id: str) -> str:
        found = self.stacks.get(stack_id)
        return stack(self.content, found) if found is not None else stack_id

    def card(self, card_id: str) -> str:
        return card(self.content, card_id)
