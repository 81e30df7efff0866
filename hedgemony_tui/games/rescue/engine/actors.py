"""The game's fixed vocabulary: the three actors, their colours, the resources and what
each actor starts with (seed L16-L26)."""

from __future__ import annotations

from typing import Final

USM: Final = "USM"
HN: Final = "HN"
HC: Final = "HC"
SEATS: Final[tuple[str, ...]] = (USM, HN, HC)
"""The seats in the order the new-game form lists them."""

NAMES: Final[dict[str, str]] = {
    USM: "US Military",
    HN: "Host Nation",
    HC: "Humanitarian Community",
}

SECURITY: Final = "security"
MEDICAL: Final = "medical"
SUSTAINMENT: Final = "sustainment"
RESOURCES: Final[tuple[str, ...]] = (SECURITY, MEDICAL, SUSTAINMENT)

RED: Final = "red"
BLUE: Final = "blue"
GREEN: Final = "green"
COLOURS: Final[tuple[str, ...]] = (RED, BLUE, GREEN)

RESOURCE_OF: Final[dict[str, str]] = {RED: MEDICAL, BLUE: SUSTAINMENT, GREEN: SECURITY}
"""What a crisis die of each colour asks for (seed L14-L15)."""

COLOUR_OF: Final[dict[str, str]] = {HC: RED, USM: BLUE, HN: GREEN}
"""Each actor's meeple colour: its discount and the crises whose neglect costs it GP (L21-L26, L52)."""

ACTOR_OF_COLOUR: Final[dict[str, str]] = {colour: seat for seat, colour in COLOUR_OF.items()}

BAG: Final[tuple[str, ...]] = (RED, RED, BLUE, BLUE, GREEN, GREEN)
"""The six crisis dice in the bag at setup (L14)."""

START_TOKENS: Final[dict[str, dict[str, int]]] = {
    USM: {SECURITY: 3, MEDICAL: 3, SUSTAINMENT: 3},
    HN: {SECURITY: 4, MEDICAL: 1, SUSTAINMENT: 1},
    HC: {SECURITY: 1, MEDICAL: 5, SUSTAINMENT: 1},
}
START_GP: Final = 3
DISCOUNT: Final = 2
"""How many fewer tokens an actor pays for a crisis of its own colour (L21, L25)."""
RIOT_EXTRA: Final = 6
"""What a Riot Meeple adds to a crisis's requirement (L33: 6 + 2 = 8)."""

CRISES: Final = 6
DIE: Final = 6


def short(resource: str) -> str:
    """A resource's three-letter mark (sec, med, sus) for tight drawings."""
    return resource[:3]
