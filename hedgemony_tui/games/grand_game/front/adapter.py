"""The Grand Game's front: its name, help texts and the first game's seats. The title lists
the game from this module, which stays light: the board, the labels and the engine are in
:mod:`.parts`, imported with the first game opened; the rules guide (:mod:`.guide`) when
F1 asks for it; the worksheets (:mod:`.worksheets`) when a decision offers them.

No rule lives here: the board draws the view the shell hands it (``seen_state()``), and
the decision panel offers the rules' ``legal()`` intents.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import TITLE
from .help import BOARD_HELP, NEW_GAME_HELP

if TYPE_CHECKING:
    from textual.screen import Screen

    from hedgemony_tui.shell.front import BoardParts, Front, Key, Table, Worksheet
    from hedgemony_tui.shell.notes import Row
    from hedgemony_tui.table.contract import AnyRules, Decision

    from .parts import GrandParts

PHASES = {
    "allocate": "allocation",
    "spring": "spring orders",
    "fall": "fall orders",
    "winter": "winter orders",
    "trade": "reconciliation and trade",
    "over": "the end",
}


class GrandFront:
    title = TITLE
    tagline = "six countries, a year's GDP spent in secret, three seasons of sealed orders"
    banner = "THE GRAND GAME"
    min_size = (100, 30)
    draws_in_results = True  # a season draws combat cards and rolls search and bombing dice
    turn_word = "Year"  # the seed's turn is a year of three seasons (L121)
    css_paths: tuple[str, ...] = (str(Path(__file__).with_name("front.tcss")),)
    _loaded: GrandParts | None = None

    def _parts(self) -> GrandParts:
        if self._loaded is None:
            # lazy: the title lists the game from this module; the widgets and the engine
            # load when a game of it opens
            from .parts import GrandParts

            self._loaded = GrandParts()
        return self._loaded

    def keys(self) -> Sequence[Key]:
        return self._parts().keys()

    def board(self, table: Table) -> BoardParts:
        return self._parts().board(table)

    def worksheets(self, table: Table, decision: Decision, seat: str) -> Sequence[Worksheet]:
        from .worksheets import worksheets  # lazy: the allocation and order sheets' screens

        return worksheets(table, decision, seat)

    def intent_label(self, table: Table, intent: Any) -> str:
        return self._parts().intent_label(table, intent)

    def intent_path(self, table: Table, intent: Any) -> tuple[str, ...]:
        return self._parts().intent_path(table, intent)

    def log_rows(self, seen: Any) -> Sequence[tuple[int, Row]]:
        return self._parts().log_rows(seen)

    def result_screen(self, table: Table, intent: Any, before: Any, after: Any, seat: str) -> Screen[Any] | None:
        from .results import result_screen  # lazy: built when a phase ends

        return result_screen(intent, before, after, seat)

    def end_report(self, table: Table) -> Sequence[tuple[str, Any]]:
        return self._parts().end_report(table)

    def tracks(self, view: Any) -> Mapping[str, Mapping[str, float]]:
        return self._parts().tracks(view)

    def phase_name(self, state: Any) -> str:
        return PHASES.get(str(getattr(state, "phase", "")), str(getattr(state, "phase", "")))

    def phase_words(self, phase: str) -> str:
        # The journal's rows of decisions carry turn_of's phase id ("allocate").
        return PHASES.get(phase, phase)

    def help(self, topic: str) -> str:
        return {"board": BOARD_HELP, "new-game": NEW_GAME_HELP}.get(topic, "")

    def default_kinds(self, rules: AnyRules) -> Mapping[str, str]:
        # A newcomer plays Arvenne against five computer players.
        bot = "basic" if "basic" in rules.policy_names() else "random"
        kinds = {s.id: bot for s in rules.seats()}
        kinds["arvenne"] = "human"
        return kinds

    def guide(self) -> Any:
        from .guide import GUIDE  # lazy: plain data, read on the first F1

        return GUIDE

    def lesson(self) -> Any:
        from .lesson import LESSON  # lazy: read when "Learn to play" starts it

        return LESSON


FRONT: Front = GrandFront()
