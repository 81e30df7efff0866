"""The world-system game's state: twelve nations, the cycle and stage, the vote under
way, the journal, and what the debrief needs (past votes, capitals by cycle, coups).

Everything is public but who is a terrorist (and since when, and who recruited whom),
the ballots of a sealed vote not yet complete, and the seed (which foretells the deal):
:mod:`.view` blanks them for every seat that may not know.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from hedgemony_tui.table.votes import Vote

from .world import RANK, Status, world

STAGES = (
    "opening",
    "speeches",
    "promotion",
    "core-vote",
    "intervention",
    "nominations",
    "rogue-vote",
    "growth",
    "decline",
    "declarations",
    "rivalry-speeches",
    "alliance-vote",
    "crisis",
    "coup",
    "war",
    "revolution",
)
"""The stages of a systemic cycle in the seed's order (rise: L47-L75; decline: L77-L101)."""

RISE = STAGES[: STAGES.index("decline")]
OVER_STAGE = "over"


@attrs.frozen
class Nation:
    """One state at the table. ``terrorist``, ``terrorist_since`` (the cycle it became one,
    0 for the dealt card) and ``recruited_by`` are secret."""

    id: str
    status: Status
    capital: int
    start: Status
    best: Status
    terrorist: bool = False
    terrorist_since: int = -1
    recruited_by: str = ""
    rogue: bool = False
    strikebreaker: bool = False
    annexed_in: int = 0

    @property
    def in_game(self) -> bool:
        return self.annexed_in == 0

    @property
    def blockaded(self) -> bool:
        """A terrorist that is the rogue state is under blockade (L71-L72, R-W14)."""
        return self.terrorist and self.rogue


@attrs.frozen
class Entry:
    """A line of the journal: ``seq`` its number in the whole game's log, ``to`` the seats
    that may read it (empty: everyone; the moderator reads every line)."""

    seq: int
    cycle: int
    stage: str
    text: str
    to: tuple[str, ...] = ()

    @property
    def turn(self) -> int:
        return self.cycle


@attrs.frozen
class PastVote:
    """A completed vote, for the journal's tallies and the debrief."""

    cycle: int
    kind: str
    vote: Vote
    result: str = ""


@attrs.frozen
class CycleRecord:
    """Each state's capital and status at the end of a cycle's crisis stage (the debrief's chart)."""

    cycle: int
    capitals: tuple[int, ...]
    statuses: tuple[str, ...]


@attrs.frozen
class CoupRecord:
    """A military coup (secret until the end): when, by whom, in which state ("" : the
    terrorists stayed covert)."""

    cycle: int
    by: str
    target: str


@attrs.frozen
class Nomination:
    """A nomination at a cycle's collective-security talks ("" : the state passed). Public."""

    cycle: int
    by: str
    target: str


@attrs.frozen
class Options:
    speeches: bool = True
    speech_seconds: int = 30
    revolution_winners: str = "all"


@attrs.frozen
class WorldState:
    seed: int
    options: Options
    nations: tuple[Nation, ...]
    cycle: int = 1
    stage: str = "opening"
    hegemon: str = ""
    former_hegemon: str = ""
    queue: tuple[str, ...] = ()
    """The seats still to act, in turn, in a one-by-one stage (speeches, nominations,
    declarations); the hegemon's promotions still owed, as its seat repeated."""
    nominations: tuple[Nomination, ...] = ()
    """Every nomination of the game, passes too (the debrief, the computer players' suspicions)."""
    contenders: tuple[str, ...] = ()
    goals: tuple[str, ...] = ()
    """The contenders' declared goals, in ``contenders`` order ("" not yet declared)."""
    vote: Vote | None = None
    vote_kind: str = ""
    war_winner: str = ""
    war_totals: tuple[int, ...] = ()
    ending: str = ""
    winners: tuple[str, ...] = ()
    past_votes: tuple[PastVote, ...] = ()
    records: tuple[CycleRecord, ...] = ()
    coups: tuple[CoupRecord, ...] = ()
    hegemons: tuple[str, ...] = ()
    """The hegemon of each cycle's rise phase, cycle 1 first (the debrief, the secondary goals)."""
    log: tuple[Entry, ...] = ()

    # --- reading

    def nation(self, seat: str) -> Nation:
        for n in self.nations:
            if n.id == seat:
                return n
        raise KeyError(seat)

    def name(self, seat: str) -> str:
        return world().name(seat)

    @property
    def over(self) -> bool:
        return bool(self.ending)

    @property
    def playing(self) -> tuple[Nation, ...]:
        """The states still in the game (not annexed), in seat order."""
        return tuple(n for n in self.nations if n.in_game)

    def with_status(self, *statuses: Status) -> tuple[Nation, ...]:
        return tuple(n for n in self.playing if n.status in statuses)

    @property
    def terrorists(self) -> tuple[Nation, ...]:
        return tuple(n for n in self.playing if n.terrorist)

    @property
    def nominated(self) -> tuple[str, ...]:
        """This cycle's candidates for rogue state, in the order they were named."""
        return tuple(n.target for n in self.nominations if n.cycle == self.cycle and n.target)

    @property
    def rogue(self) -> str:
        return next((n.id for n in self.playing if n.rogue), "")

    def from_hegemon(self, seats: Iterable[str]) -> tuple[str, ...]:
        """``seats`` in seat order starting with the hegemon's (R-W8), or the former
        hegemon's in the decline phase."""
        order = [n.id for n in self.nations]
        first = self.hegemon or self.former_hegemon
        start = order.index(first) if first in order else 0
        ring = order[start:] + order[:start]
        wanted = set(seats)
        return tuple(s for s in ring if s in wanted)

    def goal_of(self, contender: str) -> str:
        if contender in self.contenders:
            return self.goals[self.contenders.index(contender)]
        return ""

    # --- writing

    def logged(self, text: str, to: Iterable[str] = ()) -> WorldState:
        entry = Entry(len(self.log) + 1, self.cycle, self.stage, text, tuple(to))
        return attrs.evolve(self, log=self.log + (entry,))

    def with_nation(self, nation: Nation) -> WorldState:
        return attrs.evolve(self, nations=tuple(nation if n.id == nation.id else n for n in self.nations))

    def changed(self, seat: str, **changes: Any) -> WorldState:
        return self.with_nation(attrs.evolve(self.nation(seat), **changes))


def halved(capital: int) -> int:
    """Half, rounded down, never below 1 (X-W1)."""
    return max(1, capital // 2)


def promoted(nation: Nation, status: Status) -> Nation:
    best = status if RANK[status] > RANK[nation.best] else nation.best
    return attrs.evolve(nation, status=status, best=best)
