"""Dice duel's screens: the scores and the die the person at the keyboard may see."""

from __future__ import annotations

from textual.widgets import Static

from hedgemony_tui.shell.front import BoardParts, Front, FrontBase, Table, table_of


class Dice(Static):
    def on_mount(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        table = table_of(self)
        if table.hand_over_showing():
            self.update("")
            return
        seen = table.seen_state()
        dice = "  ".join(f"{s}: {d or '?'}" for s, d in zip(("A", "B"), seen.dice))
        self.update(f"Round {seen.round} of {seen.rounds}\nPoints A {seen.points[0]}, B {seen.points[1]}\n{dice}")


class DiceFront(FrontBase):
    title = "Dice duel"
    tagline = "a hidden die each; stand, call or fold"
    banner = "DICE DUEL"
    min_size = (40, 12)

    def board(self, table: Table) -> BoardParts:
        return BoardParts(main=Dice(id="dice"))


FRONT: Front = DiceFront()
