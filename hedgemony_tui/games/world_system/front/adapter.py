"""The world-system game's front: its name, help texts and the first game's seats. The
title lists the game from this module, which stays light: the board, the speech sheet,
the engine and the shell's own types are in :mod:`.parts`, imported with the first game
opened; the rules guide (:mod:`.guide`) and the lesson (:mod:`.lesson`) when asked for.

No rule lives here: the board draws the view the shell hands it (``seen_state()``), and
the decision panel offers the rules' ``legal()`` intents.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import TITLE
from .stages import stage_words

if TYPE_CHECKING:
    from textual.screen import Screen

    from hedgemony_tui.shell.front import BoardParts, Front, Key, Table, Worksheet
    from hedgemony_tui.shell.notes import Row
    from hedgemony_tui.table.contract import AnyRules, Decision

    from .parts import WorldParts

BOARD_HELP = """# The world-system board

Twelve states in three bands, richest status first: **CORE** (the core states),
**SEMI** (the semi-periphery), **PERIPH** (the periphery); the band's name is on its
first row. Each row: the state, its capital as a number and as a bar (scaled to the
richest state), and its badges.

**Badges** (letters, so they read without colour):

- `H` the hegemon;
- `C` a hegemony contender in the decline phase; once it has declared its goal,
  `C·empire` (world-empire domination) or `C·economy` (world-economy leadership);
- `R` this cycle's rogue state (the peacekeeping mission);
- `S` a strikebreaker: it did not back the last revolution vote;
- `A` annexed by the hegemon: out of the game, the row dimmed;
- `T` a terrorist state: drawn only on a terrorist's own board (the terrorists know one
  another) and on the moderator's; nobody else's board shows it before the game is over;
- `▶` at the start of a row: your own state, the seat at the keyboard.

**The tracker** (top): the cycle (1 to 4, `●` reached), then the rise phase (opening,
speeches, investments, intervention, negotiations from cycle 2, growth) and the decline
phase (decline, rivalry, crisis); the step under way is marked `▶` and in capitals, and
"now:" names the stage within it.

**The vote panel** (under the bands): during a vote, its question and options, and who
is still to vote, never how. The core states' investment vote is open: each ballot shows
as it is cast. The rogue-state, alliance and revolution votes are sealed until everyone
has voted, then every ballot is named; the rogue vote counts each ballot at its state's
capital, and an alliance's total is the capital of its members. The last vote stays on
the panel until the next one starts.

**Speeches**: in your speech slot, **F6** opens the speech sheet and starts its
countdown (the option *speech seconds*, 30 by default): type one line, Enter delivers it
to the journal, Esc says nothing; when the countdown runs out, what you have typed is
delivered. The decision list's line skips the speech.

**The moderator's console**: when a person plays the moderator and holds the keyboard,
the board shows everything (the terrorists, the sealed ballots as they come in) and the
panel over the decision list gives the step to read out to the room; Enter goes on.

**F4** the journal (each line's stage in words) · **F6** the speech sheet in a speech
slot · **F8** hands the keyboard to the moderator · **Ctrl+O** loads a saved game (both
also in the palette, Ctrl+P) · **Ctrl+R** once the game is over: the ending, the
winners, each state's secondary goals and the terrorists revealed.
"""

NEW_GAME_HELP = """# A new game of the world-system HEGEMONY

Twelve state seats and the moderator's. Each state is a person or a computer player;
the moderator is a person (who reads each step out and presses Enter) or `automated`.
The statuses, the hegemon and the hidden terrorist are dealt from the seed. With several
people the keyboard is handed over between them, so nobody sees another's secrets.

**Options**: *speeches* gives every state a one-line public statement at the investments
stage and the contenders one at the rivalry stage; *speech seconds* is each speech's
countdown (0: no limit); *revolution winners* says who wins an antisystemic revolution
(every state still in the game, or only the semiperipheral and peripheral ones). Each
reading of the rules is in rules/world-system/README.md.

**Warning**: the moderator's console shows every secret (the terrorists, the sealed
ballots as they are cast). A person who takes the moderator's seat and also plays a
state sees all of it while playing: give the moderator to someone who plays no state,
or set it to `automated`.
"""


class WorldFront:
    title = TITLE
    tagline = "twelve states, a hegemon, a hidden terrorist faction: four systemic cycles"
    banner = "HEGEMONY · WORLD-SYSTEM"
    min_size = (100, 30)
    turn_word = "Cycle"  # the seed counts systemic cycles: the events, journal and lesson say so too
    css_paths: tuple[str, ...] = (str(Path(__file__).with_name("world.tcss")),)
    _loaded: WorldParts | None = None

    def _parts(self) -> WorldParts:
        """The board and the screens, imported with the first game opened."""
        if self._loaded is None:
            # lazy: the title lists the game from this module; the widgets, the engine
            # and the drawing code (.parts) load when a game of it opens
            from .parts import WorldParts

            self._loaded = WorldParts()
        return self._loaded

    def keys(self) -> Sequence[Key]:
        from hedgemony_tui.shell.front import ShellKey  # lazy: the title reads this module

        # At 100 columns the footer holds nine keys: Load and the moderator's key work but
        # stay out of it (the palette and the board's help name them), so Events and Quit show.
        return (
            ShellKey("journal"),
            ShellKey("worksheet", name="Speech"),
            ShellKey("undo"),
            ShellKey("save"),
            ShellKey("load", show=False),
            ShellKey("to_control", show=False),
        )

    def board(self, table: Table) -> BoardParts:
        return self._parts().board(table)

    def worksheets(self, table: Table, decision: Decision, seat: str) -> Sequence[Worksheet]:
        return self._parts().worksheets(table, decision, seat)

    def intent_label(self, table: Table, intent: Any) -> str:
        return self._parts().intent_label(table, intent)

    def intent_path(self, table: Table, intent: Any) -> tuple[str, ...]:
        return self._parts().intent_path(table, intent)

    def log_rows(self, seen: Any) -> Sequence[tuple[int, Row]]:
        return self._parts().log_rows(seen)

    def result_screen(self, table: Table, intent: Any, before: Any, after: Any, seat: str) -> Screen[Any] | None:
        # no dice: a short screen when a step changed this seat's own state (made core, annexed,
        # the rogue state, a contender, recruited by a coup) or when the world war is fought
        return self._parts().result_screen(table, intent, before, after, seat)

    def irreversible(self, table: Table, intent: Any) -> str:
        # A state's one turn in a stage (a goal, a nomination, a speech) and a state made core
        # ask for a second Enter like every other choice here that cannot be taken back
        # (table.commitment).
        from .parts import cannot_take_back

        return cannot_take_back(intent)

    def end_report(self, table: Table) -> Sequence[tuple[str, Any]]:
        return self._parts().end_report(table)

    def tracks(self, view: Any) -> Mapping[str, Mapping[str, float]]:
        return self._parts().tracks(view)

    def phase_name(self, state: Any) -> str:
        return stage_words(str(getattr(state, "stage", "")))

    def phase_words(self, phase: str) -> str:
        # The journal's rows of decisions carry turn_of's stage id ("declarations").
        return stage_words(phase)

    def help(self, topic: str) -> str:
        return {"board": BOARD_HELP, "new-game": NEW_GAME_HELP}.get(topic, "")

    def default_kinds(self, rules: AnyRules) -> Mapping[str, str]:
        # A newcomer plays the first state against eleven computer players, the moderator automated.
        bot = "basic" if "basic" in rules.policy_names() else "random"
        kinds = {s.id: bot for s in rules.seats() if not s.control}
        kinds[rules.seats()[0].id] = "human"
        kinds.update({s.id: "automated" for s in rules.seats() if s.control})
        return kinds

    def guide(self) -> Any:
        from .guide import GUIDE  # lazy: plain data, read on the first F1

        return GUIDE

    def lesson(self) -> Any:
        from .lesson import LESSON  # lazy: read when "Learn to play" starts it

        return LESSON


FRONT: Front = WorldFront()
