"""What a player can do: one frozen attrs class per kind of decision, each with a TAG
(its name in saves and journals) and ``describe()``."""

from __future__ import annotations

from typing import ClassVar, Union

import attrs

from .actors import NAMES


@attrs.frozen
class Roll:
    """Roll the pending die. ``face`` (1-6) is a physical die's face typed in, and
    ``colour`` the crisis die drawn from a real bag; 0 and "" let the table roll."""

    TAG: ClassVar[str] = "roll"
    seat: str
    face: int = 0
    colour: str = ""

    def describe(self) -> str:
        if not self.face:
            return f"{self.seat} rolls the die"
        drawn = f"draws a {self.colour} die and " if self.colour else ""
        return f"{self.seat} {drawn}enters a rolled {self.face}"


@attrs.frozen
class DrawEvent:
    TAG: ClassVar[str] = "draw"
    seat: str

    def describe(self) -> str:
        return f"{self.seat} draws the event card"


@attrs.frozen
class Discard:
    """The tokens a lost cargo takes from the airport, each "OWNER:resource"."""

    TAG: ClassVar[str] = "discard"
    seat: str
    picks: tuple[str, ...]

    def describe(self) -> str:
        named = ", ".join(p.replace(":", "'s ") for p in self.picks)
        return f"{self.seat} removes {named} from the airport"


@attrs.frozen
class Move:
    TAG: ClassVar[str] = "move"
    seat: str
    to: str

    def describe(self) -> str:
        return f"{self.seat} moves to {self.to}"


@attrs.frozen
class Give:
    TAG: ClassVar[str] = "give"
    seat: str
    to: str
    resource: str

    def describe(self) -> str:
        return f"{self.seat} gives a {self.resource} token to {self.to}"


@attrs.frozen
class Drop:
    TAG: ClassVar[str] = "drop"
    seat: str
    resource: str

    def describe(self) -> str:
        return f"{self.seat} leaves a {self.resource} token in the staging area"


@attrs.frozen
class Take:
    TAG: ClassVar[str] = "take"
    seat: str
    owner: str
    resource: str

    def describe(self) -> str:
        whose = "its own" if self.owner == self.seat else f"{self.owner}'s"
        return f"{self.seat} picks up {whose} {self.resource} token"


@attrs.frozen
class Resolve:
    TAG: ClassVar[str] = "resolve"
    seat: str
    crisis: int

    def describe(self) -> str:
        return f"{self.seat} resolves Crisis {self.crisis}"


@attrs.frozen
class Request:
    TAG: ClassVar[str] = "request"
    seat: str
    resource: str
    at: str

    def describe(self) -> str:
        return f"{self.seat} requests a {self.resource} token at {self.at}"


@attrs.frozen
class EndTurn:
    TAG: ClassVar[str] = "end"
    seat: str

    def describe(self) -> str:
        return f"{self.seat} ends the turn"


Intent = Union[Roll, DrawEvent, Discard, Move, Give, Drop, Take, Resolve, Request, EndTurn]
INTENT_TYPES: tuple[type, ...] = (Roll, DrawEvent, Discard, Move, Give, Drop, Take, Resolve, Request, EndTurn)


def seat_of(intent: Intent) -> str:
    return intent.seat


def actor_name(seat: str) -> str:
    return NAMES.get(seat, seat)
