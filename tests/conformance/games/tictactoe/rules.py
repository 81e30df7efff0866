"""Tic-tac-toe behind the table's contract: X and O mark cells in turn; three in a row wins.

One kind of intent (a mark), no secrets, no dice: everything but the game's own moves
comes from :class:`RulesBase`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

import attrs

from hedgemony_tui.table.contract import (
    OVER,
    Choice,
    Decision,
    GameInfo,
    GameRules,
    Outcome,
    SeatResult,
    SeatSpec,
)
from hedgemony_tui.table.errors import IllegalIntent
from hedgemony_tui.table.rules_base import RulesBase

SEATS = ("X", "O")
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


@attrs.frozen
class Mark:
    """The seat marks a cell, numbered 1-9 from the top left, row by row."""

    TAG: ClassVar[str] = "mark"
    seat: str
    cell: int

    def describe(self) -> str:
        return f"{self.seat} marks cell {self.cell}"


@attrs.frozen
class Board:
    seed: int
    cells: tuple[str, ...] = ("",) * 9
    to_move: str = "X"
    turn: int = 1
    winner: str = ""
    full: bool = False
    log: tuple[str, ...] = ()

    @property
    def over(self) -> bool:
        return bool(self.winner) or self.full


def three_in_a_row(cells: Sequence[str]) -> str:
    for a, b, c in LINES:
        if cells[a] and cells[a] == cells[b] == cells[c]:
            return cells[a]
    return ""


class Basic:
    """Wins if it can, blocks if it must, else takes the centre, a corner, a side."""

    name = "basic"

    def decide(self, view: Board, options: Sequence[Mark]) -> Choice:
        seat = options[0].seat
        foe = SEATS[1 - SEATS.index(seat)]
        for who, why in ((seat, "wins"), (foe, "blocks")):
            for option in options:
                cells = list(view.cells)
                cells[option.cell - 1] = who
                if three_in_a_row(cells) == who:
                    return Choice(option, f"{why} on cell {option.cell}", public_reason=True)
        by_cell = {o.cell: o for o in options}
        for cell in (5, 1, 3, 7, 9, 2, 4, 6, 8):
            if cell in by_cell:
                return Choice(by_cell[cell], "the best free cell", public_reason=True)
        return Choice(options[0], "the first free cell", public_reason=True)


class TicTacToe(RulesBase[Board, Mark]):
    info = GameInfo(
        id="tictactoe",
        title="Tic-tac-toe",
        summary="three in a row",
        min_players=2,
        max_players=2,
        hidden_information=False,
    )
    state_type = Board
    intent_types = (Mark,)
    intent_union = Mark
    policies = {"basic": Basic}

    def seats(self) -> tuple[SeatSpec, ...]:
        return tuple(SeatSpec(seat, f"Player {seat}") for seat in SEATS)

    def new_game(self, seed: int, options: Mapping[str, object]) -> Board:
        return Board(seed)

    def pending(self, state: Board) -> Decision:
        if state.over:
            return Decision((), OVER, "The game is over.")
        return Decision((state.to_move,), "mark", f"{state.to_move}: mark a free cell")

    def legal(self, state: Board) -> list[Mark]:
        if state.over:
            return []
        return [Mark(state.to_move, i + 1) for i, cell in enumerate(state.cells) if not cell]

    def apply(self, state: Board, intent: Mark) -> Board:
        if intent not in self.legal(state):
            raise IllegalIntent(f"{intent!r} is not allowed now: {self.pending(state).prompt}")
        cells = list(state.cells)
        cells[intent.cell - 1] = intent.seat
        winner = three_in_a_row(cells)
        return attrs.evolve(
            state,
            cells=tuple(cells),
            to_move=SEATS[1 - SEATS.index(intent.seat)],
            turn=state.turn + (intent.seat == "O"),
            winner=winner,
            full=all(cells),
            log=(*state.log, intent.describe()),
        )

    def outcome(self, state: Board) -> Outcome | None:
        if not state.over:
            return None
        if not state.winner:
            return Outcome(tuple(SeatResult(seat, "draw") for seat in SEATS), summary="A draw")
        return Outcome(
            tuple(SeatResult(seat, "win" if seat == state.winner else "lose") for seat in SEATS),
            summary=f"{state.winner} wins",
        )

    def turn_of(self, state: Board) -> tuple[int, str]:
        return state.turn, "play"


RULES: GameRules[Board, Mark] = TicTacToe()
