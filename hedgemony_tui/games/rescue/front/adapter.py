"""*Gaming to the Rescue!*'s front: the map board, the side panel, the requirement
worksheet, menu labels, the journal's rows and the help texts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen

    from hedgemony_tui.shell.front import BoardParts, Key, Table, Worksheet
    from hedgemony_tui.shell.notes import Row
    from hedgemony_tui.table.contract import Decision, GameRules

BOARD_HELP = """# Gaming to the Rescue!

A typhoon has hit Gameland. The **US Military** (USM, blue), the **Host Nation** (HN,
green) and the **Humanitarian Community** (HC, red) work together to end six crises, and
each keeps an eye on its own **Global Perception** (GP).

**The map** (left): each hex shows its name, a crisis die as a badge such as `[R2!]`
(R red = medical, B blue = sustainment, G green = security; the face; `!` a riot),
`M` the Media Meeple, the meeples standing there, and the port (PRT), airport (AIR),
city centre (CTY) or staging areas (STG) with the tokens lying there. `~` is ocean.
Under the map, what each open crisis costs each player now.

**A cycle**: the crisis dice go up by one (a die left on 6 becomes a riot, +6 tokens,
and is reset to 1; a riot's die reaching 6 again loses the game), an event card, the
Media Meeple's die, then each player's turn in initiative order.

**Your turn**: move one hex (the HC enters the ocean only where the USM or HN stands),
give tokens to a player in your hex, leave tokens in a staging area, pick up tokens
from the hex you stand on (5 a turn), and **one action**: resolve the crisis you stand
on (its face, +6 in riot, -2 if it is your colour, at least 1) or request one token at
the airport or the port. Then end your turn.

**F2** lists every crisis and what it costs each player; **F6** shows your own costs
before you resolve; **F9** puts the arrows on the map to scroll it; **F4** the journal.
"""

NEW_GAME_HELP = """# A new game of Gaming to the Rescue!

Three seats; each a person or a computer player (`basic` plans as a team, `random`
picks anything allowed). One person can hold several seats; everything is open, so
the table passes the keyboard with a "next player" notice only.

**Options**: *Media Meeple and GP* says which crises count for Global Perception at a
cycle's end; *Transport limit* caps tokens picked up per turn; *Who draws the event
card* rotates or stays with the first player; *No winner if Gameland fails* (on: the
best perception wins only if Gameland is saved); *Physical dice* lets you type in real
dice and the colours drawn from a real bag (a computer player rolls its own: the journal
says so).
See rules/rescue/README.md for each reading and why.
"""


class RescueFront:
    title = "Gaming to the Rescue!"
    tagline = "CNA's co-operative disaster-relief game for three"
    banner = "GAMING TO THE RESCUE!"
    min_size = (100, 30)
    css_paths: tuple[str, ...] = (str(Path(__file__).with_name("rescue.tcss")),)

    def keys(self) -> Sequence[Key]:
        from hedgemony_tui.shell.front import Action, ShellKey, View

        return (
            View("f2", "Crises", "game.crises", _open_crises, "every crisis and what it costs each player"),
            ShellKey("journal"),
            ShellKey("worksheet", name="Costs"),
            ShellKey("save"),
            ShellKey("load"),
            ShellKey("undo"),
            Action("f9", "Map", "game.map", _focus_map, "scroll the map with the arrows", palette=False),
        )

    def board(self, table: Table) -> BoardParts:
        from hedgemony_tui.shell.front import BoardParts

        from .widgets import MapBoard, SidePanel

        return BoardParts(main=MapBoard(id="rescue-board"), side=SidePanel(id="rescue-side"))

    def worksheets(self, table: Table, decision: Decision, seat: str) -> Sequence[Worksheet]:
        from hedgemony_tui.shell.front import Worksheet

        if decision.kind != "turn":
            return ()
        return (Worksheet("Requirements", _open_sheet),)

    def intent_label(self, table: Table, intent: Any) -> str:
        return label(table.seen_state(), intent)

    def intent_path(self, table: Table, intent: Any) -> tuple[str, ...]:
        from .extras import intent_path

        return intent_path(table.seen_state(), intent, label(table.seen_state(), intent))

    def guide(self) -> Any:
        from .extras import guide

        return guide()

    def end_report(self, table: Table) -> Sequence[tuple[str, Any]]:
        from .extras import end_report

        return end_report(table.seen_state())

    def tracks(self, view: Any) -> Mapping[str, Mapping[str, float]]:
        from .extras import tracks

        return tracks(view)

    def log_rows(self, seen: Any) -> Sequence[tuple[int, Row]]:
        from hedgemony_tui.shell.notes import Row

        # The setting-up (initiative, the crisis dice) is logged in cycle 0; the table counts
        # it in cycle 1 (``turn_of``, the number on its own notes), and so do these rows.
        return [
            (n, Row(max(1, e.cycle), e.kind, e.actor, e.kind, e.text, False)) for n, e in enumerate(seen.log, start=1)
        ]

    def result_screen(self, table: Table, intent: Any, before: Any, after: Any, seat: str) -> Screen[Any] | None:
        return None  # every roll is in the event pane and the journal as it happens

    def help(self, topic: str) -> str:
        return {"board": BOARD_HELP, "new-game": NEW_GAME_HELP}.get(topic, "")

    def default_kinds(self, rules: GameRules) -> Mapping[str, str]:
        # A newcomer plays the Humanitarian Community with two basic computer teammates.
        return {"USM": "basic", "HN": "basic", "HC": "human"}


def label(seen: Any, intent: Any) -> str:
    """A menu line in the player's terms: short, the verb first, places named."""
    from ..engine.board import default_board
    from ..engine.intents import Drop, EndTurn, Give, Move, Request, Resolve, Take
    from ..engine.reckon import requirement

    board = default_board()
    if isinstance(intent, Resolve):
        return f"Resolve Crisis {intent.crisis}: {requirement(seen.crisis(intent.crisis), intent.seat).worksheet()}"
    if isinstance(intent, Move):
        number = board.crisis_at(intent.to)
        where = board.place_name(intent.to) or (f"Crisis {number}" if number else "")
        where = where or ("ocean" if board.ocean(intent.to) else "")
        return f"Move to {intent.to}" + (f" ({where})" if where else "")
    if isinstance(intent, Request):
        return f"Request 1 {intent.resource} at {intent.at} ({board.place_name(intent.at)})"
    if isinstance(intent, Give):
        return f"Give 1 {intent.resource} to {intent.to}"
    if isinstance(intent, Take):
        whose = "your own" if intent.owner == intent.seat else f"{intent.owner}'s"
        return f"Pick up 1 {intent.resource} ({whose})"
    if isinstance(intent, Drop):
        return f"Leave 1 {intent.resource} here"
    if isinstance(intent, EndTurn):
        return "End the turn"
    text: str = intent.describe()
    return text[0].upper() + text[1:]


def _open_crises(table: Table) -> Screen[Any]:
    from .crises import CrisesScreen

    return CrisesScreen(table.seen_state())


def _focus_map(table: Table) -> None:
    from .widgets import MapBoard

    # The board's keys (Action.run) are given the live app as their table: its screen has the map.
    app = cast("App[Any]", table)
    app.screen.query_one(MapBoard).focus()


def _open_sheet(table: Table, seat: str) -> Screen[Any]:
    from .worksheet import RequirementSheet

    return RequirementSheet(table, seat)


FRONT = RescueFront()
