"""*Gaming to the Rescue!*'s front: the map board, the side panel, the requirement
worksheet, menu labels, the journal's rows and the help texts. The title lists the game
from this module, which stays light: the screens, the engine and the shell's own types
are in :mod:`.parts`, imported with the first game opened."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.screen import Screen

    from hedgemony_tui.shell.front import BoardParts, Front, Key, Lesson, Table, Worksheet
    from hedgemony_tui.shell.notes import Row
    from hedgemony_tui.table.contract import AnyRules, Decision

    from .parts import RescueParts

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

After every roll and event card a result screen shows what came, the odds before it and
what each other face or card would have done (**Ctrl+T**: how often the game stops).
**F1** opens the rules guide and glossary; **F2** lists every crisis and what it costs each
player; **F6** shows your own costs before you resolve; **F9** puts the arrows on the map
to scroll it (Esc or F9 again: back to the list); **F4** the journal. *End the turn* is
the last line of the decision list.
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
    turn_word = "Cycle"  # the engine's turn is the seed's cycle of three player turns
    turn_letters = "Cy"  # "C3" on these screens is a crisis
    css_paths: tuple[str, ...] = (str(Path(__file__).with_name("rescue.tcss")),)
    _loaded: RescueParts | None = None

    def _parts(self) -> RescueParts:
        """The game's screens and drawing code, imported with the first game opened."""
        if self._loaded is None:
            # lazy: the title lists the game from this module; the screens, the engine
            # and the drawing code (.parts) load when a game of it opens
            from .parts import RescueParts

            self._loaded = RescueParts()
        return self._loaded

    def keys(self) -> Sequence[Key]:
        return self._parts().keys()

    def board(self, table: Table) -> BoardParts:
        return self._parts().board(table)

    def worksheets(self, table: Table, decision: Decision, seat: str) -> Sequence[Worksheet]:
        return self._parts().worksheets(table, decision, seat)

    def intent_label(self, table: Table, intent: Any) -> str:
        return self._parts().intent_label(table, intent)

    def intent_path(self, table: Table, intent: Any) -> tuple[str, ...]:
        return self._parts().intent_path(table, intent)

    def guide(self) -> Any:
        return self._parts().guide()

    def lesson(self) -> Lesson:
        """ "Learn to play" (``lesson.LESSON``): light, so the title can offer it."""
        from .lesson import LESSON

        return LESSON

    def end_report(self, table: Table) -> Sequence[tuple[str, Any]]:
        return self._parts().end_report(table)

    def tracks(self, view: Any) -> Mapping[str, Mapping[str, float]]:
        return self._parts().tracks(view)

    def log_rows(self, seen: Any) -> Sequence[tuple[int, Row]]:
        return self._parts().log_rows(seen)

    def result_screen(self, table: Table, intent: Any, before: Any, after: Any, seat: str) -> Screen[Any] | None:
        return self._parts().result_screen(intent, before, after, seat)

    def help(self, topic: str) -> str:
        return {"board": BOARD_HELP, "new-game": NEW_GAME_HELP}.get(topic, "")

    def default_kinds(self, rules: AnyRules) -> Mapping[str, str]:
        # A newcomer plays the Humanitarian Community with two basic computer teammates.
        return {"USM": "basic", "HN": "basic", "HC": "human"}


FRONT: Front = RescueFront()
