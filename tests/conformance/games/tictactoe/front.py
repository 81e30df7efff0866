"""Tic-tac-toe's screens: the board as a grid of marks."""

from __future__ import annotations

from textual.widgets import Static

from hedgemony_tui.shell.front import BoardParts, Front, FrontBase, Table, table_of


class Grid(Static):
    def on_mount(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        cells = table_of(self).seen_state().cells
        rows = [" | ".join(cells[r * 3 + c] or str(r * 3 + c + 1) for c in range(3)) for r in range(3)]
        self.update("\n---------\n".join(rows))


class TicTacToeFront(FrontBase):
    title = "Tic-tac-toe"
    tagline = "three in a row"
    banner = "TIC-TAC-TOE"
    min_size = (40, 12)

    def board(self, table: Table) -> BoardParts:
        return BoardParts(main=Grid(id="grid"))


FRONT: Front = TicTacToeFront()
