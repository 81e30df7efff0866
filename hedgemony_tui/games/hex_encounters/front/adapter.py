"""Hex Encounters' front: the board (the hex map over the forces and the combat
worksheet), menu labels, journal rows and help. The shell does the rest (title, new-game
form, hand-over between the sides, decision panel, journal, undo, save). The title lists
the game from this module, which stays light: the screens, the engine and the shell's own
types are in :mod:`.parts`, imported with the first game opened."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.screen import Screen

    from hedgemony_tui.shell.front import BoardParts, Front, Key, Lesson, Table, Worksheet
    from hedgemony_tui.shell.guide_types import Guide
    from hedgemony_tui.shell.notes import Row
    from hedgemony_tui.table.contract import AnyRules, Decision

    from .parts import HexParts

BOARD_HELP = """\
# Hex Encounters

Red (two regiments) enters from the west along the main road and must reach Kovanburg or
the east edge; Blue's brigade and Green's territorial defence delay it. **Red wins** at
once with 16 CP off the east edge, or after the last turn holding Kovanburg (or both
Walmington and Mouat Falls); **Blue and Green win** at once when Red keeps less than half
its cohesion, and otherwise at the end. **F1** opens the rules guide: how to win, a
block's numbers (CP/MP/cohesion, a • per cohesion lost), movement, combat, every mark.

**The map.** Each hex is three characters on two lines; even columns sit half a row
lower. Line one: the terrain letter (`.` open, `f` woods, `h` hills, `H` woods and
hills, `u` light urban, `U` heavy urban), `=` when a road runs through it, and a mark:
`*` for a hex the pending decision names, or the overlay's mark. Line two: the stack, a
count and a side letter (`3R`, `2B`, `1G`; lower case when some of its blocks are hidden
from you), or a town's first two letters. The river runs down the `║` between columns 09
and 10; `=` in it is a bridge. **F2** cycles the overlays: a moving unit's reach (`+`),
your side's supply (`s`, `x` on your units cut off), the enemy's zones of control (`z`;
a hidden enemy block is counted as if it had one), and what the enemy knows of your
blocks (`!` it has seen a type there, `?` only hidden blocks). When the board is too short
for every row, **F3** scrolls the rows; the window follows the pending decision and the
cursor.

**A turn.** Red attacks, Red moves, Blue and Green move, Blue and Green attack; then
blocks out of contact hide again, supply is traced (a unit cut off loses a cohesion and
moves at half speed next turn) and reinforcement points mend units in supply.

**Choosing on the map.** Press **F9** from anywhere on the board (or Shift+Tab from the
search box of the decision list), or click the map; the caption above it then lists its
keys. The cursor hex shows in reverse video, and the
lines under the map describe it: terrain, town, road, bridge, and each block there as
far as you know it (your side's in full, an enemy's type once it is revealed, otherwise
"hidden" with its cohesion lost). The **arrow keys** move the cursor hex by hex (left
and right keep to the row), a click puts it on the hex clicked, and **Enter** (or a
double click) takes the choice the pending decision offers at that hex: a unit to move, its destination, a hex
to attack, a unit to add or to take a loss, a retreat hex. When a hex holds several
choices (two of your units, or the blocks that may deploy there) a short list opens:
Enter picks, Esc cancels. When it holds none, a message says what the decision is
waiting for. **PgUp/PgDn** scroll the board column; **Esc** or **F9** again (or Tab) goes back to the decision
list, which offers every choice too (and those tied to no hex, such as ending the
moves). Whenever the decision changes, the cursor goes to the hex it is about.

**F6** during a combat opens its worksheet: the ratio, each shift and the chance of each
result; when the dice are rolled at the table (the option "Physical dice"), a grid of
the sixteen pairs of faces with the result each gives: type the attacker's d4, then the
defender's, and Enter.

**Setting up** (before turn 1, Green then Blue, hidden): the scenario lists a start
hex for each block of a side, filled in order, so every block is offered the next one
("Deploy … to 1005 open, the scenario's start hex 1 of 6"). Or pick "Set up … on a hex
you choose" and then any hex marked `*`: anywhere from your forward deployment column
eastward (Green column 07, Blue column 10), within the stacking limits. To pick another
block after that, **Ctrl+Z** (undo) takes the choice back; the same goes for a unit
picked to move.

**Moving** is two choices: the unit, then its destination (only hexes it can reach are
offered and marked `*`). A recce that has just moved may also look at a hidden enemy
block up to two hexes away: the looks are listed with your other moves. Once you have
moved a unit, end your moves yourself ("End the moves"). **Attacking**: pick the hex, add units one by one (adjacent
units; artillery up to two hexes away, never alone), commit, and roll. Each target's line
shows the odds with every unit in reach; while you add units, each "Add" line and the worksheet under the map show the odds committing would set
(the ratio, every shift, the exact chance of each result; a hidden defender is counted as
its likeliest type, and the odds say "reckoned"). You may call the attack off while
forming it, and after committing until the dice are rolled (its units have then spent
their attack for the turn). Every roll ends on a result screen with its odds.
"""

NEW_GAME_HELP = """\
Four commanders: RED134 and RED218 attack, BLUE and GREEN defend. One person may hold
both seats of a side. The sides keep their blocks secret from each other: in hot seat the
keyboard is handed over between them.
"""


class HexFront:
    title = "Hex Encounters"
    tagline = "brigades on a hex map: hidden blocks, column shifts, supply"
    banner = "HEX ENCOUNTERS"
    min_size = (100, 30)
    css_paths: tuple[str, ...] = ()
    _loaded: HexParts | None = None

    def _parts(self) -> HexParts:
        """The game's screens and drawing code, imported with the first game opened."""
        if self._loaded is None:
            # lazy: the title lists the game from this module; the screens, the engine
            # and the drawing code (.parts) load when a game of it opens
            from .parts import HexParts

            self._loaded = HexParts()
        return self._loaded

    def keys(self) -> Sequence[Key]:
        return self._parts().keys()

    def board(self, table: Table) -> BoardParts:
        return self._parts().board(table)

    def worksheets(self, table: Table, decision: Decision, seat: str) -> Sequence[Worksheet]:
        return self._parts().worksheets(table, decision, seat)

    def intent_label(self, table: Table, intent: Any) -> str:
        return self._parts().intent_label(table, intent)

    def log_rows(self, seen: Any) -> Sequence[tuple[int, Row]]:
        return self._parts().log_rows(seen)

    def result_screen(self, table: Table, intent: Any, before: Any, after: Any, seat: str) -> Screen[Any] | None:
        return self._parts().result_screen(table, intent, before, after, seat)

    def help(self, topic: str) -> str:
        return {"board": BOARD_HELP, "new-game": NEW_GAME_HELP}.get(topic, "")

    def guide(self) -> Guide:
        from .guide import GUIDE  # lazy: plain data, read on the first F1

        return GUIDE

    def lesson(self) -> Lesson:
        from .lesson import LESSON  # lazy: read when "Learn to play" starts it

        return LESSON

    def default_kinds(self, rules: AnyRules) -> Mapping[str, str]:
        # A newcomer commands the Aquilian brigade; the computer plays its ally and Red.
        return {"RED134": "basic", "RED218": "basic", "BLUE": "human", "GREEN": "basic"}


FRONT: Front = HexFront()
