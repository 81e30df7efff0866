"""The Grand Game's intents: every decision a seat makes, one small step at a time.

An order sheet or an allocation is written line by line, each line an intent the engine
offers (so the screens, the computer players and the tests pick from one list and the sheet
is checked as it is written); ``Seal...`` hands it in. One unit at a time keeps the list
finite: ten infantry marching is ten ``March`` intents, which the sheet adds up into one move.
Each intent names its seat and says itself in ``describe()`` (the journal's line; places are
ids here, the front names them).
"""

from __future__ import annotations

from typing import ClassVar, Union, get_args

import attrs

from .counts import counted, kind_count, kind_words

# --- allocation (L129-L135) -------------------------------------------------------------


@attrs.frozen
class SetPolitics:
    TAG: ClassVar[str] = "politics"
    seat: str
    level: int

    def describe(self) -> str:
        return f"{self.seat} sets politics at {self.level}% of GDP"


@attrs.frozen
class Buy:
    """One more of ``item`` (a unit kind, supply, develop, repair, rebuild-aircraft) at ``place``."""

    TAG: ClassVar[str] = "buy"
    seat: str
    item: str
    place: str

    def describe(self) -> str:
        return f"{self.seat} buys 1 {kind_words(self.item)} at {self.place}"


@attrs.frozen
class Unbuy:
    TAG: ClassVar[str] = "unbuy"
    seat: str
    item: str
    place: str

    def describe(self) -> str:
        return f"{self.seat} takes 1 {kind_words(self.item)} at {self.place} off its allocation"


@attrs.frozen
class SealAllocation:
    TAG: ClassVar[str] = "seal-allocation"
    seat: str

    def describe(self) -> str:
        return f"{self.seat} seals its allocation"


# --- orders (L144, L301-L376) ---------------------------------------------------------------


@attrs.frozen
class Stance:
    """The defensive order of the units that stay in ``territory`` (L357-L359)."""

    TAG: ClassVar[str] = "stance"
    seat: str
    territory: str
    stance: str

    def describe(self) -> str:
        return f"{self.seat}: units staying in {self.territory} {self.stance}"


@attrs.frozen
class Fallback:
    """Where the units staying in ``territory`` retreat to if they lose ("" for nowhere)."""

    TAG: ClassVar[str] = "fallback"
    seat: str
    territory: str
    to: str

    def describe(self) -> str:
        return f"{self.seat}: units in {self.territory} retreat to {self.to or 'nowhere'} if beaten"


@attrs.frozen
class March:
    """One ``kind`` (infantry, armor, supplies) steps from ``frm`` to the neighbour ``to`` (L330)."""

    TAG: ClassVar[str] = "march"
    seat: str
    frm: str
    to: str
    kind: str
    count: int = 1

    def describe(self) -> str:
        return f"{self.seat} sends {kind_count(self.count, self.kind)} from {self.frm} to {self.to}"


@attrs.frozen
class Attack:
    """How the units moving from ``frm`` into ``to`` fight there (Scout, Advance, Blitzkrieg)."""

    TAG: ClassVar[str] = "attack"
    seat: str
    frm: str
    to: str
    order: str

    def describe(self) -> str:
        return f"{self.seat}: the move from {self.frm} to {self.to} goes in as {self.order}"


@attrs.frozen
class MoveRetreat:
    TAG: ClassVar[str] = "move-retreat"
    seat: str
    frm: str
    to: str
    retreat: str

    def describe(self) -> str:
        return f"{self.seat}: the move from {self.frm} to {self.to} falls back to {self.retreat or 'its start'}"


@attrs.frozen
class Rail:
    """One ``kind`` (infantry, armor, supplies, aircraft crated) by rail from ``frm`` to ``to`` (L330-L345)."""

    TAG: ClassVar[str] = "rail"
    seat: str
    frm: str
    to: str
    kind: str
    count: int = 1

    def describe(self) -> str:
        return f"{self.seat} sends {kind_count(self.count, self.kind)} by rail from {self.frm} to {self.to}"


@attrs.frozen
class Recall:
    """Cancel every move out of ``frm`` (steps and rail): the units stay."""

    TAG: ClassVar[str] = "recall"
    seat: str
    frm: str

    def describe(self) -> str:
        return f"{self.seat} cancels the moves out of {self.frm}"


@attrs.frozen
class Sail:
    """The seat's fleets at ``place`` sail to ``to`` ("" to stay), L312."""

    TAG: ClassVar[str] = "sail"
    seat: str
    place: str
    to: str

    def describe(self) -> str:
        return f"{self.seat}: the fleets at {self.place} {'sail to ' + self.to if self.to else 'stay'}"


@attrs.frozen
class FleetStance:
    """Hide, Patrol or Engage (L301-L309)."""

    TAG: ClassVar[str] = "fleet-order"
    seat: str
    place: str
    order: str

    def describe(self) -> str:
        return f"{self.seat}: the fleets at {self.place} {self.order}"


@attrs.frozen
class AttackPort:
    TAG: ClassVar[str] = "attack-port"
    seat: str
    place: str
    port: str

    def describe(self) -> str:
        return f"{self.seat}: the fleets at {self.place} {'attack the port of ' + self.port if self.port else 'attack no port'}"


@attrs.frozen
class Shipping:
    TAG: ClassVar[str] = "shipping"
    seat: str
    place: str
    zone: str

    def describe(self) -> str:
        return f"{self.seat}: the fleets at {self.place} {'attack shipping of ' + self.zone if self.zone else 'attack no shipping'}"


@attrs.frozen
class Embark:
    """One ``kind`` goes aboard the seat's fleets at ``place`` from the land ``frm`` (L348)."""

    TAG: ClassVar[str] = "embark"
    seat: str
    place: str
    frm: str
    kind: str
    count: int = 1

    def describe(self) -> str:
        return f"{self.seat}: {kind_count(self.count, self.kind)} board the fleets at {self.place} from {self.frm}"


@attrs.frozen
class Disembark:
    """One ``kind`` aboard the fleets at ``place`` goes ashore at ``to`` (L348)."""

    TAG: ClassVar[str] = "disembark"
    seat: str
    place: str
    to: str
    kind: str
    count: int = 1

    def describe(self) -> str:
        return (
            f"{self.seat}: {kind_count(self.count, self.kind)} from the fleets at {self.place} go ashore at {self.to}"
        )


@attrs.frozen
class Fly:
    """The seat's aircraft at ``place`` fight over the air ``zone`` ("" to stay out), landing at ``land``."""

    TAG: ClassVar[str] = "fly"
    seat: str
    place: str
    zone: str
    land: str = ""

    def describe(self) -> str:
        if not self.zone:
            return f"{self.seat}: the aircraft at {self.place} stay on the ground"
        return f"{self.seat}: the aircraft at {self.place} fly over {self.zone}, landing at {self.land or self.place}"


@attrs.frozen
class Bomb:
    """One more point of superiority won over ``zone`` goes to bombing the economic zone ``target`` (L251)."""

    TAG: ClassVar[str] = "bomb"
    seat: str
    zone: str
    target: str

    def describe(self) -> str:
        return f"{self.seat}: one point of superiority over {self.zone} bombs {self.target}"


@attrs.frozen
class ClearTasks:
    TAG: ClassVar[str] = "clear-air-tasks"
    seat: str
    zone: str

    def describe(self) -> str:
        return f"{self.seat}: superiority over {self.zone} all goes to tactical air"


@attrs.frozen
class Permit:
    """Give (or take back) ``grantee`` a written permission of ``kind`` over all the seat's land (G-R3)."""

    TAG: ClassVar[str] = "permit"
    seat: str
    grantee: str
    kind: str
    give: bool = True

    def describe(self) -> str:
        verb = "gives" if self.give else "takes back from"
        return f"{self.seat} {verb} {self.grantee} leave of {self.kind}"


@attrs.frozen
class Focus:
    """Turn to the orders of one place (a land or sea territory, an air zone's bombing, or
    ``permits``), or back to the whole sheet (``""``). Each line written returns to the whole
    sheet, so the sheet is a short list of places and a seat hands it in when it is done."""

    TAG: ClassVar[str] = "focus"
    seat: str
    place: str

    def describe(self) -> str:
        return (
            f"{self.seat} turns to the orders of {self.place}"
            if self.place
            else f"{self.seat} turns back to the whole sheet"
        )


@attrs.frozen
class ClearOrders:
    TAG: ClassVar[str] = "clear-orders"
    seat: str

    def describe(self) -> str:
        return f"{self.seat} starts its order sheet again"


@attrs.frozen
class SealOrders:
    TAG: ClassVar[str] = "seal-orders"
    seat: str

    def describe(self) -> str:
        return f"{self.seat} hands in its orders"


# --- trade (L150: Francs change hands at the end of reconciliation) ----------------------


@attrs.frozen
class GiveFrancs:
    TAG: ClassVar[str] = "give-francs"
    seat: str
    to: str
    amount: int

    def describe(self) -> str:
        return f"{self.seat} gives {counted(self.amount, 'Franc')} to {self.to}"


@attrs.frozen
class DoneTrading:
    TAG: ClassVar[str] = "done-trading"
    seat: str

    def describe(self) -> str:
        return f"{self.seat} is done trading this year"


Intent = Union[
    SetPolitics,
    Buy,
    Unbuy,
    SealAllocation,
    Stance,
    Fallback,
    March,
    Attack,
    MoveRetreat,
    Rail,
    Recall,
    Sail,
    FleetStance,
    AttackPort,
    Shipping,
    Embark,
    Disembark,
    Fly,
    Bomb,
    ClearTasks,
    Permit,
    Focus,
    ClearOrders,
    SealOrders,
    GiveFrancs,
    DoneTrading,
]
INTENT_TYPES: tuple[type, ...] = get_args(Intent)
ORDER_TYPES = INTENT_TYPES[4:24]
"""The intents that write a season's order sheet."""
