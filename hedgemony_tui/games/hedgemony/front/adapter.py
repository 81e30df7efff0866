"""Hedgemony's screens behind the shell's :class:`~hedgemony_tui.shell.front.Front`.

The board is the trackers bar, the map with its AOR legend and the place panel; the
views on keys are the placemat (F2), the hand (F3) and the White Cell's ground truth
(F5); the White Cell injects an event with F7 and F9 moves to the map. The worksheets
by decision kind are the roll, commit, readiness, invest, deploy, propose and ruling
screens. Every screen is imported when first opened, and the shell's own types with the first
game opened: the title lists the game from this module and stays fast.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen

    from hedgemony_tui.shell.front import BoardParts, Key, Lesson, Table, Worksheet
    from hedgemony_tui.shell.guide_types import Guide
    from hedgemony_tui.shell.notes import Row
    from hedgemony_tui.table.contract import Decision, GameRules

WHITE = "WHITE"  # the engine's control seat (engine.state.WHITE), named here to keep the title light

BANNER = r"""
 _   _          _
| | | | ___  __| | __ _  ___ _ __ ___   ___  _ __  _   _
| |_| |/ _ \/ _` |/ _` |/ _ \ '_ ` _ \ / _ \| '_ \| | | |
|  _  |  __/ (_| | (_| |  __/ | | | | | (_) | | | | |_| |
|_| |_|\___|\__,_|\__, |\___|_| |_| |_|\___/|_| |_|\__, |
                  |___/                             |___/
"""

WORKSHEETS: dict[str, tuple[tuple[str, str], ...]] = {
    # decision kind -> (module, class name) pairs under front.screens; each screen takes
    # (state, seat) or (state) and returns a legal intent or None. Several: the player picks.
    "roll": (("resolution", "RollScreen"),),
    "commit": (("commit", "CommitScreen"),),
    "respond": (("commit", "CommitScreen"),),
    "readiness": (("worksheets", "ReadinessScreen"),),
    "emergency": (("worksheets", "ReadinessScreen"),),
    "blue": (
        ("worksheets", "ReadinessScreen"),
        ("worksheets", "InvestScreen"),
        ("worksheets", "DeployScreen"),
        ("white_cell", "ProposeScreen"),
    ),
    "red": (("worksheets", "InvestScreen"), ("worksheets", "DeployScreen")),
    "ruling": (("white_cell", "RulingScreen"),),
    "ruling-answer": (("proposal", "RulingAnswerScreen"),),  # the proposer reads the ruling, then answers
    "appeal": (("appeal", "AppealScreen"),),
}
US_ONLY = {"ReadinessScreen"}  # readiness tiers are the U.S.'s alone (ch. 14)

BOARD_HELP = """# The board

The bar on top shows the turn, the phase (highlighted) and the Influence track, then who
holds the keyboard and the decision the game waits on.

**The decision panel** (right) lists every choice open to you now, in groups (the end of
the phase first, then readiness, posture, investments, cards...): move with the arrows,
**Enter** picks; a line ending in › opens its next step (a stack, a place, a number of
FFs), **Esc** goes back. Or type a few words to search (e.g. `end blue`, `RU-E07`,
`commit`); Ctrl+P finds the same. When it is another seat's turn it says whom the game
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


def _app(table: Table) -> App[Any]:
    """The app behind the table a view or an action of the board is given: the board's
    keys run in the live app, whose Textual side (notify, push_screen, screen) they use."""
    return cast("App[Any]", table)


def _open_placemat(table: Table) -> Screen[Any]:
    from .screens.placemat import PlacematScreen

    return PlacematScreen()


def _open_hand(table: Table) -> Screen[Any]:
    from .screens.hand import HandScreen

    return HandScreen()


def _open_briefing(table: Table) -> Screen[Any]:
    from .screens.briefing import BriefingScreen

    return BriefingScreen()


def _open_ground_truth(table: Table) -> Screen[Any] | None:
    from .screens.ground_truth import GroundTruthScreen

    if table.viewer_seat() != WHITE:
        _app(table).notify("the ground truth is for the White Cell only: pass it the keyboard (F8)", severity="warning")
        return None
    return GroundTruthScreen()


def _inject_event(table: Table) -> None:
    """The White Cell injects an event (only its own seat may)."""
    from ..engine.intents import InjectEvent
    from .screens.white_cell import InjectScreen

    app = _app(table)
    if table.viewer_seat() != WHITE:
        app.notify("only the White Cell injects events: pass it the keyboard (F8)", severity="warning")
        return
    # The White Cell's view is the whole state; an injection is legal whoever owes the
    # decision, so it is asked of the rules, not of the seat's options (those of a decision it owes).
    seen = table.seen_state()
    if not any(isinstance(i, InjectEvent) for i in table.rules.legal(seen)):
        app.notify("no event may be injected now (first three phases, no card in play)")
        return
    app.push_screen(InjectScreen(seen), table.choose)


def _discretion(table: Table) -> None:
    """The White Cell's interventions beyond the cards (only its own seat may)."""
    from .screens.discretion import DiscretionScreen

    app = _app(table)
    if table.viewer_seat() != WHITE:
        app.notify("only the White Cell uses its discretion: pass it the keyboard (F8)", severity="warning")
        return
    app.push_screen(DiscretionScreen(table.seen_state()), table.choose)  # the White Cell's view: the whole state


def _focus_map(table: Table) -> None:
    from .widgets.board import BoardMap

    board = _app(table).screen.query_one(BoardMap)
    board.focus()
    if board.selected is None:
        board.action_move(1, 0)


def _open_worksheet(module_name: str, class_name: str, table: Table, seat: str) -> Screen[Any]:
    module = importlib.import_module(f"{__package__}.screens.{module_name}")
    screen_class = getattr(module, class_name)
    # The seat's own view (the shell opens a worksheet for the keyboard holder; the
    # White Cell's view is the whole state, from which any seat's follows).
    seen = table.seen_state()
    state = seen if seat == table.viewer_seat() else table.rules.view(seen, seat)
    takes_seat = "seat" in inspect.signature(screen_class).parameters
    screen: Screen[Any] = screen_class(state, seat) if takes_seat else screen_class(state)
    return screen


class HedgemonyFront:
    """Hedgemony's front (see the module docstring)."""

    title = "Hedgemony"
    tagline = "A game of strategic choices — a terminal edition of RAND's wargame"
    banner = BANNER
    min_size = (100, 30)
    css_paths = (str(Path(__file__).with_name("front.tcss")),)

    def keys(self) -> Sequence[Key]:
        from hedgemony_tui.shell.front import Action, ShellKey, View

        return (
            View("f2", "Placemat", "game.placemat", _open_placemat, "resources, tracks, signals, effects, victory"),
            View("f3", "Hand", "game.hand", _open_hand, "the deck: cards, why each can or cannot be played"),
            View("f12", "Briefing", "game.briefing", _open_briefing, "the Red players' signalled cards this turn"),
            ShellKey("journal"),
            View(
                "f5",
                "Ground truth",
                "game.ground-truth",
                _open_ground_truth,
                "the White Cell's worksheet",
                control_only=True,
            ),
            ShellKey("worksheet"),
            Action(
                "f7", "Inject event", "game.inject", _inject_event, "the White Cell injects an event", control_only=True
            ),
            Action(
                "f10",
                "Discretion",
                "game.discretion",
                _discretion,
                "the White Cell: Red order, pins, resets, penalties, pace, proxies",
                control_only=True,
            ),
            ShellKey("to_control", name="To White Cell"),
            ShellKey("save"),
            ShellKey("load"),
            ShellKey("undo"),
            Action("f9", "Map", "game.map", _focus_map, palette=False),
        )

    def board(self, table: Table) -> BoardParts:
        from hedgemony_tui.shell.front import BoardParts

        from .screens.briefing import BriefingTrackers  # the trackers, which also brief Blue once a turn
        from .widgets.board_area import MapArea, PlacePanel

        panel = PlacePanel(id="place-panel")
        return BoardParts(main=MapArea(panel, id="map-area"), top=BriefingTrackers(id="trackers"), side=panel)

    def worksheets(self, table: Table, decision: Decision, seat: str) -> Sequence[Worksheet]:
        from hedgemony_tui.shell.front import Worksheet

        return [
            Worksheet(class_name.removesuffix("Screen"), partial(_open_worksheet, module_name, class_name))
            for module_name, class_name in WORKSHEETS.get(decision.kind, ())
            if class_name not in US_ONLY or seat in ("US", WHITE)
        ]

    def intent_label(self, table: Table, intent: Any) -> str:
        from .render.intent_paths import names_for
        from .render.intents import label

        return label(intent, names_for(table))

    def intent_path(self, table: Table, intent: Any) -> tuple[str, ...]:
        from .render.intent_paths import intent_path, names_for

        return intent_path(intent, names_for(table))

    def log_rows(self, seen: Any) -> Sequence[tuple[int, Row]]:
        from .render.journal import log_rows

        return log_rows(seen.log)

    def result_screen(self, table: Table, intent: Any, before: Any, after: Any, seat: str) -> Screen[Any] | None:
        # Any seat's roll, from ``seat``'s views; none when it saw no roll (a private one).
        from .screens.resolution import ResultScreen, seen_rolls

        before, after = table.rules.view(before, seat), table.rules.view(after, seat)
        if not seen_rolls(before, after, seat):
            return None
        return ResultScreen(before, after, seat)

    # --- the end of the game

    def end_report(self, table: Table) -> Sequence[tuple[str, Any]]:
        from .end_report import end_report

        return end_report(table)

    def tracks(self, view: Any) -> Mapping[str, Mapping[str, float]]:
        from .end_report import tracks

        return tracks(view)

    def help(self, topic: str) -> str:
        return {"board": BOARD_HELP, "new-game": NEW_GAME_HELP}.get(topic, "")

    def guide(self) -> Guide:
        """The rules guide for F1 (``rules/hedgemony/guide/``, read once)."""
        from .guide import load_guide

        return load_guide()

    def lesson(self) -> Lesson:
        """ "Learn to play" (``shell.front.Lesson``): the U.S. learns two turns, coached."""
        from .lesson import lesson

        return lesson()

    def default_kinds(self, rules: GameRules) -> Mapping[str, str]:
        # A newcomer plays the U.S. against the basic computer players, with the White
        # Cell's optional random events (the rules list that mode first).
        kinds = {spec.id: "basic" for spec in rules.seats() if not spec.control}
        kinds["US"] = "human"
        kinds[WHITE] = rules.control_modes()[0]
        return kinds
