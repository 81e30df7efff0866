"""The game's arithmetic, shared by the reducers, the computer players and the screens:
what a crisis costs an actor (with the worksheet's terms), where a meeple may step, and
how far each hex is."""

from __future__ import annotations

import attrs

from .actors import COLOUR_OF, DISCOUNT, HC, RESOURCE_OF, RIOT_EXTRA
from .board import Board, distances
from .state import Crisis, RescueState


@attrs.frozen
class Requirement:
    """A crisis's cost for one actor, term by term (L15, L21, L25, L33)."""

    face: int
    riot: int
    discount: int
    tokens: int
    resource: str

    def worksheet(self) -> str:
        """The sum as a person checks it: "face 2 + riot 6 - discount 2 = 6 (minimum 1)"."""
        raw = self.face + self.riot - self.discount
        parts = [f"face {self.face}"]
        if self.riot:
            parts.append(f"+ riot {self.riot}")
        if self.discount:
            parts.append(f"- discount {self.discount}")
        floor = "" if raw >= 1 else " -> minimum 1"
        return f"{' '.join(parts)} = {raw}{floor}: {self.tokens} {self.resource}"


def requirement(crisis: Crisis, seat: str) -> Requirement:
    """What ``seat`` pays to resolve ``crisis``: the face, 6 more under a riot, 2 fewer of
    the actor's own colour, never below 1."""
    riot = RIOT_EXTRA if crisis.riot else 0
    discount = DISCOUNT if COLOUR_OF[seat] == crisis.colour else 0
    return Requirement(crisis.face, riot, discount, max(1, crisis.face + riot - discount), RESOURCE_OF[crisis.colour])


def severe(crisis: Crisis) -> bool:
    """A crisis that costs its colour's actor GP at the end of a cycle: its die above 3
    (L51-L52). A Riot Meeple changes what the crisis costs to resolve, not this: L51 says
    a die of 3 or less moves no GP, and no line makes a riot an exception (R11b)."""
    return crisis.face > 3


def can_step(state: RescueState, board: Board, seat: str, to: str, where: str | None = None) -> bool:
    """May ``seat`` step from ``where`` (default: its hex) into the adjacent hex ``to``?
    The Humanitarian Community enters an ocean hex only where the US Military or the
    Host Nation already stands (L41, R5)."""
    here = state.actor(seat).hex if where is None else where
    if to not in board.neighbours(here):
        return False
    if seat == HC and board.ocean(to):
        return any(a.hex == to for a in state.actors if a.id != HC)
    return True


def step_distances(state: RescueState, board: Board, seat: str, start: str | None = None) -> dict[str, int]:
    """Moves ``seat`` needs to reach each hex with the other meeples where they stand now
    (the Humanitarian Community keeps to land and to oceans they occupy)."""
    origin = state.actor(seat).hex if start is None else start
    if seat != HC:
        return distances(board, origin)
    return distances(board, origin, lambda a, b: can_step(state, board, seat, b, a))


def cycles_to_failure(crisis: Crisis) -> int:
    """Cycle starts until this crisis, left alone, ends the game (a second 6 under a riot)."""
    if crisis.riot:
        return 6 - crisis.face
    return (6 - crisis.face) + 1 + 5
