"""The decisions of the world-system game, one frozen class each (``TAG`` names it in
saves and journals). Every intent names the seat that takes it; the moderator's are
:class:`Proceed` (run the next automatic step and read it out) and, when no terrorist can
act, the crisis stage's :class:`Coup` with no target."""

from __future__ import annotations

from typing import ClassVar, Union

import attrs

from .world import world


def _n(seat: str) -> str:
    return world().name(seat)


@attrs.frozen
class Proceed:
    """The moderator runs the stage's automatic step (announce, grow, tally) and moves on."""

    TAG: ClassVar[str] = "ws-proceed"
    seat: str

    def describe(self) -> str:
        return "Moderator: read the announcement and go on"


@attrs.frozen
class Speak:
    """A public statement in a speech slot (free text; "" says nothing)."""

    TAG: ClassVar[str] = "ws-speak"
    seat: str
    text: str = ""

    def describe(self) -> str:
        if not self.text:
            return f"{_n(self.seat)} says nothing"
        return f'{_n(self.seat)} speaks: "{self.text}"'


@attrs.frozen
class Promote:
    """The hegemon invests in a semiperipheral state: it becomes core (L56)."""

    TAG: ClassVar[str] = "ws-promote"
    seat: str
    target: str

    def describe(self) -> str:
        return f"Invest in {_n(self.target)} (semiperipheral -> core, capital x2)"


@attrs.frozen
class InvestVote:
    """A core state's vote on which peripheral strikebreaker gets investment (L57-L58)."""

    TAG: ClassVar[str] = "ws-invest-vote"
    seat: str
    target: str

    def describe(self) -> str:
        return f"Vote to invest in {_n(self.target)} (peripheral -> semiperipheral, capital x2)"


@attrs.frozen
class Annex:
    """The hegemon's antiterrorist operation: it annexes a peripheral state (L61-L63)."""

    TAG: ClassVar[str] = "ws-annex"
    seat: str
    target: str

    def describe(self) -> str:
        return f"Antiterrorist operation in {_n(self.target)}: annex it"


@attrs.frozen
class Nominate:
    """A candidate for rogue state ("" passes) at the collective-security talks (L66-L67)."""

    TAG: ClassVar[str] = "ws-nominate"
    seat: str
    target: str = ""

    def describe(self) -> str:
        return f"Nominate {_n(self.target)} as the rogue state" if self.target else "Nominate nobody (pass)"


@attrs.frozen
class RogueVote:
    """A vote, weighted by the voter's capital, for one of the nominated candidates (L67-L69)."""

    TAG: ClassVar[str] = "ws-rogue-vote"
    seat: str
    target: str

    def describe(self) -> str:
        return f"Vote for {_n(self.target)} as the rogue state"


@attrs.frozen
class Declare:
    """A hegemony contender's declared goal (L79-L80)."""

    TAG: ClassVar[str] = "ws-declare"
    seat: str
    goal: str

    def describe(self) -> str:
        return f"Declare the goal: {self.goal}"


@attrs.frozen
class Join:
    """Join a contender's alliance for the world war (L80-L81)."""

    TAG: ClassVar[str] = "ws-join"
    seat: str
    contender: str

    def describe(self) -> str:
        return f"Join {_n(self.contender)}'s alliance"


@attrs.frozen
class Coup:
    """The terrorists' military coup in a poorer state ("" : stay covert this cycle) (L85-L87)."""

    TAG: ClassVar[str] = "ws-coup"
    seat: str
    target: str = ""

    def describe(self) -> str:
        if self.target:
            return f"Military coup in {_n(self.target)}: it becomes a puppet (terrorist) state"
        return "No coup this cycle"


@attrs.frozen
class Revolt:
    """Support the antisystemic revolution (raise a hand), or not: a strikebreaker (L98-L101)."""

    TAG: ClassVar[str] = "ws-revolt"
    seat: str
    support: bool

    def describe(self) -> str:
        return "Support the antisystemic revolution" if self.support else "Do not support it (strikebreaker)"


Intent = Union[Proceed, Speak, Promote, InvestVote, Annex, Nominate, RogueVote, Declare, Join, Coup, Revolt]
INTENT_TYPES: tuple[type, ...] = (
    Proceed,
    Speak,
    Promote,
    InvestVote,
    Annex,
    Nominate,
    RogueVote,
    Declare,
    Join,
    Coup,
    Revolt,
)
