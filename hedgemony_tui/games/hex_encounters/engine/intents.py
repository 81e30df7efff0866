"""The decisions of Hex Encounters, each a small frozen intent with a TAG and a line of
text. A move is two decisions (which unit, then where), so no list grows long."""

from __future__ import annotations

from typing import ClassVar, Union

import attrs


@attrs.frozen
class Deploy:
    """Put one of the seat's blocks on the next hex of the scenario's default set (a
    block set up on a hex of the seat's choice is a ``Select`` then a ``MoveTo``)."""

    TAG: ClassVar[str] = "deploy"
    seat: str
    unit: str

    def describe(self) -> str:
        return f"{self.seat} deploys block {self.unit}"


@attrs.frozen
class Attack:
    """Declare an attack on the enemy units in a hex."""

    TAG: ClassVar[str] = "attack"
    seat: str
    target: str

    def describe(self) -> str:
        return f"{self.seat} attacks hex {self.target}"


@attrs.frozen
class Join:
    """Add a unit to the attack being formed."""

    TAG: ClassVar[str] = "join"
    seat: str
    unit: str

    def describe(self) -> str:
        return f"{self.seat} adds {self.unit} to the attack"


@attrs.frozen
class Fight:
    """Commit the attack as formed: both sides' blocks are revealed and the odds set."""

    TAG: ClassVar[str] = "fight"
    seat: str

    def describe(self) -> str:
        return f"{self.seat} commits the attack"


@attrs.frozen
class Roll:
    """Roll both sides' d4 for the combat."""

    TAG: ClassVar[str] = "roll"
    seat: str

    def describe(self) -> str:
        return f"{self.seat} rolls the combat dice"


@attrs.frozen
class Lose:
    """Take one point of a combat's cohesion loss on this unit."""

    TAG: ClassVar[str] = "lose"
    seat: str
    unit: str

    def describe(self) -> str:
        return f"{self.seat} takes a cohesion loss on {self.unit}"


@attrs.frozen
class Refuse:
    """Refuse this many of the unit's retreat hexes, at one cohesion each."""

    TAG: ClassVar[str] = "refuse"
    seat: str
    unit: str
    hexes: int

    def describe(self) -> str:
        return (
            f"{self.seat}'s {self.unit} refuses {self.hexes} retreat hex(es)"
            if self.hexes
            else f"{self.seat}'s {self.unit} retreats"
        )


@attrs.frozen
class Retreat:
    """Retreat the unit one hex."""

    TAG: ClassVar[str] = "retreat"
    seat: str
    unit: str
    hex: str

    def describe(self) -> str:
        return f"{self.seat} retreats {self.unit} to {self.hex}"


@attrs.frozen
class Advance:
    """Advance a unit into the hex its enemies left."""

    TAG: ClassVar[str] = "advance"
    seat: str
    unit: str

    def describe(self) -> str:
        return f"{self.seat} advances {self.unit}"


@attrs.frozen
class Select:
    """Choose the next unit to move (or, before turn 1, to set up on a hex of one's choice)."""

    TAG: ClassVar[str] = "select"
    seat: str
    unit: str

    def describe(self) -> str:
        return f"{self.seat} picks {self.unit} to move"


@attrs.frozen
class MoveTo:
    """Move the chosen unit to a hex it can reach ("exit": off the east edge)."""

    TAG: ClassVar[str] = "move"
    seat: str
    unit: str
    hex: str

    def describe(self) -> str:
        if self.hex == "exit":
            return f"{self.seat} moves {self.unit} off the east edge"
        return f"{self.seat} moves {self.unit} to {self.hex}"


@attrs.frozen
class Detect:
    """A recce that has moved looks at an enemy block within two hexes."""

    TAG: ClassVar[str] = "detect"
    seat: str
    unit: str
    target: str

    def describe(self) -> str:
        return f"{self.seat}'s recce {self.unit} detects {self.target}"


@attrs.frozen
class Heal:
    """Spend a reinforcement point: one cohesion back on a unit in supply."""

    TAG: ClassVar[str] = "heal"
    seat: str
    unit: str

    def describe(self) -> str:
        return f"{self.seat} reinforces {self.unit}"


@attrs.frozen
class Done:
    """Nothing more of this kind: end the attacks, the moves, the reinforcements, the
    advance, or call off the attack being formed, or skip a recce's look."""

    TAG: ClassVar[str] = "done"
    seat: str

    def describe(self) -> str:
        return f"{self.seat} is done"


@attrs.frozen
class EnterDice:
    """Dice rolled at the table (the option ``physical_dice``): the faces the attacker's
    and the defender's d4 showed, typed in by the commander who attacks."""

    TAG: ClassVar[str] = "enter-dice"
    seat: str
    attacker: int
    defender: int

    def describe(self) -> str:
        return f"{self.seat} enters the dice rolled at the table: attacker {self.attacker}, defender {self.defender}"


INTENT_TYPES = (
    Deploy,
    Attack,
    Join,
    Fight,
    Roll,
    EnterDice,
    Lose,
    Refuse,
    Retreat,
    Advance,
    Select,
    MoveTo,
    Detect,
    Heal,
    Done,
)
Intent = Union[
    Deploy, Attack, Join, Fight, Roll, EnterDice, Lose, Refuse, Retreat, Advance, Select, MoveTo, Detect, Heal, Done
]
