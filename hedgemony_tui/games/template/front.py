"""The template game's screens for the shell: ``FRONT``.

The shell draws everything common to all games (title and picker, new-game form,
decision panel, journal, hand-over or "next player" notice, saves, undo, help and the
guide's frame). A front adds only what is the game's own. :class:`FrontBase` supplies
the defaults (no keys of its own, no worksheets, intents labelled by ``describe()``,
one journal row per log entry, no result screens); this front writes the board, a
line of help per topic, who plays each seat on a fresh form, and a one-page guide.

No rule lives here: the board shows the view the shell hands it (``seen_state()``, the
state as the person at the keyboard may see it) and the decision panel offers the
rules' ``legal()`` intents. The shell imports this module to list the game on the
title screen, before it paints: keep its imports light (Textual's, which is loaded by
then, and the shell's plain types).
"""

from __future__ import annotations

from collections.abc import Mapping

from textual.widgets import Static

from hedgemony_tui.shell.front import BoardParts, Front, FrontBase, Table, table_of
from hedgemony_tui.shell.guide_types import GlossaryEntry, Guide, GuideSection
from hedgemony_tui.table.contract import AnyRules

from . import TITLE


class Counter(Static):
    """The board: the total, the target and whose move it is. The shell calls
    ``refresh_view()`` after every change."""

    def on_mount(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        state = table_of(self).seen_state()
        if state.winner:
            line = f"Player {state.winner} wins: {state.why}."
        else:
            line = f"Player {state.to_move} to move."
        self.update(f"Total: {state.total} of {state.target}\n\n{line}")


# The first line is the page's title in F1's "This screen" (a Markdown heading).
BOARD_HELP = """\
# Count to ten

The total starts at 0. In turn, each player adds 1 or 2 to it, or concedes. Whoever
brings the total to the target wins. Pick a move in the decision panel (type to filter,
Enter to choose).
"""

NEW_GAME_HELP = """\
Two players, A and B; either may be a person or the computer ("basic" plays well,
"first" always adds 1). The target is the total that wins.
"""


class CountFront(FrontBase):
    title = TITLE
    tagline = "the template game: add 1 or 2, reach the target first"
    banner = TITLE.upper()
    min_size = (60, 20)

    def board(self, table: Table) -> BoardParts:
        # Fresh widgets every time: the shell may build the board more than once.
        return BoardParts(main=Counter(id="counter"))

    def help(self, topic: str) -> str:
        return {"board": BOARD_HELP, "new-game": NEW_GAME_HELP}.get(topic, "")

    def default_kinds(self, rules: AnyRules) -> Mapping[str, str]:
        # A newcomer on their own plays A against the computer.
        return {"A": "human", "B": "basic"}

    def guide(self) -> Guide:
        """A one-page guide (``GuideFront``): F1 shows it beside the shell's own pages."""
        board = GuideSection(
            "board",
            "The counter",
            "Each player in turn adds 1 or 2 to the total; whoever brings it to the target wins. "
            "A player may concede instead, and the other wins.",
            terms=("Target",),
        )
        return Guide(TITLE, (board,), (GlossaryEntry("Target", "The total that ends the game."),))


FRONT: Front = CountFront()
