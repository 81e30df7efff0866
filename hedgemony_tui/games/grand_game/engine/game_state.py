"""The Grand Game's state: one frozen record of a whole game, in a shape the table's codec saves.

A year (the seed's *turn*, L121) runs: **allocation** (every seat at once, sealed), the three
seasons **spring, fall, winter** (every seat writes a sealed order sheet; all are resolved
together: air, sea, land, late air casualties), then **reconciliation** (production placed,
GDP updated, Francs paid) and the **trade** of Francs, after which, from the 10th year, a die
may end the game (G-X9). ``phase`` names where the game stands.

What the engine's parts call a :class:`~.board.Board` (tuple keys, ``None`` for an unheld
territory) is kept here as plain rows (:class:`Placed`) and an owner table with ``""`` for
no one, since TOML has neither tuple keys nor null; :func:`board_of` rebuilds the board.
Secrets: each seat's allocation draft and order sheet (``drafts``, ``sheets``) until they are
revealed, and the seed (which foretells every shuffle and die); ``view`` blanks them.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from .allocation import Line
from .board import Board, Stack
from .economy import Economy
from .interdiction import InterdictionToken
from .orders import OrderSheet
from .payoff import EndRoll, FrancEntry, Francs

ALLOCATE = "allocate"
SEASONS = ("spring", "fall", "winter")
TRADE = "trade"
OVER = "over"
PHASES = (ALLOCATE, *SEASONS, TRADE, OVER)
"""The phases of a year, in order (reconciliation happens between winter and trade)."""

WINTER = "winter"


@attrs.frozen
class Placed:
    """One seat's counters in one place (a :class:`~.board.Stack` with its key)."""

    place: str
    seat: str
    infantry: int = 0
    armor: int = 0
    aircraft: int = 0
    light: int = 0
    heavy: int = 0
    supplies: int = 0

    def stack(self) -> Stack:
        return Stack(self.infantry, self.armor, self.aircraft, self.light, self.heavy, self.supplies)


@attrs.frozen
class Draft:
    """One seat's allocation for the year as it is being written (sealed until reconciliation)."""

    seat: str
    politics: int = 0
    lines: tuple[Line, ...] = ()
    sealed: bool = False
    edits: int = 0  # changes made so far (so no two moments of writing look the same)


@attrs.frozen
class SheetDraft:
    """One seat's order sheet for the season as it is being written (sealed until resolved)."""

    seat: str
    sheet: OrderSheet
    sealed: bool = False
    focus: str = ""  # the place whose orders are being written ("" for the whole sheet)
    edits: int = 0  # lines written so far (so no two moments of writing look the same)


@attrs.frozen
class LogLine:
    """One line of the game's record. ``seq`` is its number in the whole log (the journal
    numbers rows by it); ``seat`` is empty for a line every seat reads, else the one seat
    that may read it (its own allocation and orders, before they are revealed)."""

    seq: int
    turn: int
    phase: str
    text: str
    seat: str = ""


@attrs.frozen
class YearFigures:
    """One seat's figures at a reconciliation, for the debrief's economy section."""

    turn: int
    seat: str
    gdp: int
    francs: int
    politics: int
    cities: int
    land_units: int
    aircraft: int
    fleets: int


@attrs.frozen
class GrandState:
    """A game of the Grand Game (see the module's docstring for the phases)."""

    seed: int
    seats: tuple[str, ...]
    owners: Mapping[str, str]  # land territory -> holding seat ("" for none)
    stacks: tuple[Placed, ...]
    values: Mapping[str, int]  # economic zone -> value (map value plus development)
    gdp: Mapping[str, int]  # seat -> GDP to spend this year (updated at reconciliation, L150)
    start_gdp: Mapping[str, int]
    francs: Mapping[str, int]
    year_owners: Mapping[str, str]  # who held each territory when the year's allocation was written
    turn: int = 1
    phase: str = ALLOCATE
    damage: Mapping[str, int] = attrs.field(factory=dict)
    franc_entries: tuple[FrancEntry, ...] = ()
    drafts: tuple[Draft, ...] = ()
    sheets: tuple[SheetDraft, ...] = ()
    traded: tuple[str, ...] = ()  # seats done with this year's Franc transfers
    set_aside: Mapping[str, int] = attrs.field(factory=dict)  # aircraft set aside (L263)
    interdiction: tuple[InterdictionToken, ...] = ()
    superior: Mapping[str, str] = attrs.field(factory=dict)  # air zone -> seat holding superiority last season
    superiority: Mapping[str, int] = attrs.field(factory=dict)  # air zone -> its points (G-R2: for that season)
    turns: int = 0  # a fixed number of years, or 0 for the random end from year 10 (G-X9)
    minutes: int = 0  # the time limit for writing an allocation or a sheet (L138, L144), 0 for none
    end_rolls: tuple[EndRoll, ...] = ()
    figures: tuple[YearFigures, ...] = ()
    revealed: int = 0  # counts every reveal (a season resolved, allocations shown): undo stops there
    log: tuple[LogLine, ...] = ()

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def season_index(self) -> int:
        return SEASONS.index(self.phase) if self.phase in SEASONS else -1

    @property
    def serial(self) -> int:
        """The season's number over the whole game (keyed draws are named by it)."""
        return self.turn * 3 + max(0, self.season_index)

    def board(self) -> Board:
        return board_of(self)

    def economy(self) -> Economy:
        return Economy(dict(self.values), dict(self.damage))

    def francs_record(self) -> Francs:
        return Francs(dict(self.francs), self.franc_entries)

    def draft_of(self, seat: str) -> Draft:
        return next((d for d in self.drafts if d.seat == seat), Draft(seat))

    def sheet_of(self, seat: str) -> SheetDraft:
        return next((s for s in self.sheets if s.seat == seat), SheetDraft(seat, OrderSheet(seat)))

    def with_draft(self, draft: Draft) -> GrandState:
        rest = tuple(d for d in self.drafts if d.seat != draft.seat)
        return attrs.evolve(self, drafts=tuple(sorted((*rest, draft), key=lambda d: self.seats.index(d.seat))))

    def with_sheet(self, sheet: SheetDraft) -> GrandState:
        rest = tuple(s for s in self.sheets if s.seat != sheet.seat)
        return attrs.evolve(self, sheets=tuple(sorted((*rest, sheet), key=lambda s: self.seats.index(s.seat))))

    def logged(self, *texts: str, seat: str = "", phase: str | None = None) -> GrandState:
        """The state with ``texts`` added to the log (for ``seat`` only, when named)."""
        seq = len(self.log)
        lines = tuple(LogLine(seq + i, self.turn, phase or self.phase, text, seat) for i, text in enumerate(texts))
        return attrs.evolve(self, log=self.log + lines)


def board_of(state: GrandState) -> Board:
    """The engine's board for the state (owners with None for no one)."""
    return Board(
        seats=state.seats,
        owners={land: (seat or None) for land, seat in state.owners.items()},
        stacks={(p.place, p.seat): p.stack() for p in state.stacks},
    )


def placed_of(board: Board) -> tuple[Placed, ...]:
    """The board's stacks as rows, in place then seat order (equal boards, equal rows)."""
    return tuple(
        Placed(place, seat, s.infantry, s.armor, s.aircraft, s.light, s.heavy, s.supplies)
        for (place, seat), s in sorted(board.stacks.items())
        if not s.empty
    )


def owners_of(board: Board) -> dict[str, str]:
    return {land: (seat or "") for land, seat in sorted(board.owners.items())}
