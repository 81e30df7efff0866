"""Hedgemony's screens behind the shell's :class:`~hedgemony_tui.shell.front.Front`.

The board is the trackers bar, the map with its AOR legend and the place panel; the
views on keys are the placemat (F2), the hand (F3) and the White Cell's ground truth
(F5); the White Cell injects an event with F7 and F9 moves to the map. The worksheets
by decision kind are the roll, commit, readiness, invest, deploy, propose and ruling
screens. The title lists the game from this module, which stays light: the screens,
the engine, the drawing code and the shell's own types are in :mod:`.parts`, imported
with the first game opened.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.screen import Screen

    from hedgemony_tui.shell.front import BoardParts, Key, Lesson, Table, Worksheet
    from hedgemony_tui.shell.guide_types import Guide
    from hedgemony_tui.shell.notes import Row
    from hedgemony_tui.table.contract import AnyRules, Decision

    from .parts import HedgemonyParts

WHITE = "WHITE"  # the engine's control seat (engine.state.WHITE), named here to keep the title light

BANNER = r"""
 _   _          _
| | | | ___  __| | __ _  ___ _ __ ___   ___  _ __  _   _
| |_| |/ _ \/ _` |/ _` |/ _ \ '_ ` _ \ / _ \| '_ \| | | |
|  _  |  __/ (_| | (_| |  __/ | | | | | (_) | | | | |_| |
|_| |_|\___|\__,_|\__, |\___|_| |_| |_|\___/|_| |_|\__, |
                  |___/                             |___/
"""

BOARD_HELP = """# The board

The bar on top shows the turn, the phase (highlighted) and the Influence track, then who
holds the keyboard and the decision the game waits on.

**The decision panel** (right) lists every choice open to you now, in groups (the end of
the phase first, then readiness, posture, investments, cards...): move with the arrows,
**Enter** takes the line marked ▶; a line ending in › opens its next step (a stack, a
place, a number of FFs), **Esc** goes back. A choice that ends your phase asks once more
(Enter again takes it). Or type a few words of what the lines show to search (e.g. `end`,
`RU-E07`, `commit`); Ctrl+P finds the same. When it is another seat's turn it says whom the game
is waiting on.

**The map**: a frame per AOR (its letter and name on top), a line per place with the
forces there (`US 4×M3`: 4 FFs at Mod Level 3; `US4` when room is short), ▲ a U.S.
base, ◇ a proxy partner. **F9** focuses it: Up/Down move along a column of frames,
Left/Right to the next column, **Enter** shows the place's detail, **Esc** goes back to
the decisions; or click a place. The panel above the decisions lists the forces there
(FFs × Mod Level, U.S. readiness, P pinned, R reset) and the choices that concern them now;
the line under the map spells out these marks. The map writes places under the names the
menus use where it has room; where it writes a shorter one, the panel keys it. While you
decide about a card in play, the panel shows that card (cost, title and text) on top.

**F2** placemat · **F3** hand (signal and play cards) · **F12** the Red briefing
(signalled cards) · **F4** journal · **F5** ground truth (White Cell) · **F6** the
worksheet of the pending decision · **F7** inject an event · **F10** discretion (White Cell) · **F8** pass
the keyboard to the White Cell · **Ctrl+S** save · **Ctrl+O** load · **Ctrl+Z** undo
(back to your last decision, if nothing was revealed)."""

NEW_GAME_HELP = """Hedgemony's six players are the U.S. and NATO/EU (Blue) against Russia, China, North
Korea and Iran (Red). The White Cell rules on proposals and closes each turn; played by
the computer, its mode says whether it injects events: `random-events` (the optional
rule's die), `directed` (aimed at whoever has too easy a time), `random` or `none`."""


class HedgemonyFront:
    """Hedgemony's front (see the module docstring)."""

    title = "Hedgemony"
    tagline = "A game of strategic choices — a terminal edition of RAND's wargame"
    banner = BANNER
    min_size = (100, 30)
    css_paths: tuple[str, ...] = (str(Path(__file__).with_name("front.tcss")),)
    _loaded: HedgemonyParts | None = None

    def _parts(self) -> HedgemonyParts:
        """The game's screens and drawing code, imported with the first game opened."""
        if self._loaded is None:
            # lazy: the title lists the game from this module; the screens, the engine
            # and the drawing code (.parts) load when a game of Hedgemony opens
            from .parts import HedgemonyParts

            self._loaded = HedgemonyParts()
        return self._loaded

    def keys(self) -> Sequence[Key]:
        return self._parts().keys()

    def board(self, table: Table) -> BoardParts:
        return self._parts().board(table)

    def worksheets(self, table: Table, decision: Decision, seat: str) -> Sequence[Worksheet]:
        return self._parts().worksheets(table, decision, seat)

    def intent_label(self, table: Table, intent: Any) -> str:
        return self._parts().intent_label(table, intent)

    def intent_cost(self, table: Table, intent: Any) -> str:
        # What a line of the decision list spends at once, in the engine's words (issue 33):
        # the intent applied by the engine's reducer to the seat's own view. Lazy: the title
        # imports this module, the engine loads with the first game.
        from ..engine.game import reduce
        from ..engine.intent_names import spend_words

        seen = table.seen_state()
        try:
            after = reduce(seen, intent)
        except Exception:  # a view that cannot take it (another seat's secrets): no price said
            return ""
        return spend_words(seen, after, str(getattr(intent, "player", "")))

    def intent_path(self, table: Table, intent: Any) -> tuple[str, ...]:
        return self._parts().intent_path(table, intent)

    def log_rows(self, seen: Any) -> Sequence[tuple[int, Row]]:
        return self._parts().log_rows(seen)

    def result_screen(self, table: Table, intent: Any, before: Any, after: Any, seat: str) -> Screen[Any] | None:
        return self._parts().result_screen(table, intent, before, after, seat)

    # --- the end of the game

    def end_report(self, table: Table) -> Sequence[tuple[str, Any]]:
        return self._parts().end_report(table)

    def tracks(self, view: Any) -> Mapping[str, Mapping[str, float]]:
        return self._parts().tracks(view)

    def help(self, topic: str) -> str:
        return {"board": BOARD_HELP, "new-game": NEW_GAME_HELP}.get(topic, "")

    def guide(self) -> Guide:
        """The rules guide for F1 (``rules/hedgemony/guide/``, read once)."""
        return self._parts().guide()

    def lesson(self) -> Lesson:
        """ "Learn to play" (``shell.front.Lesson``): the U.S. learns two turns, coached."""
        return self._parts().lesson()

    def default_kinds(self, rules: AnyRules) -> Mapping[str, str]:
        # A newcomer plays the U.S. against the basic computer players, with the White
        # Cell's optional random events (the rules list that mode first).
        kinds = {spec.id: "basic" for spec in rules.seats() if not spec.control}
        kinds["US"] = "human"
        kinds[WHITE] = rules.control_modes()[0]
        return kinds
