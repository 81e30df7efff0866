"""Hedgemony's screens, loaded with the first game of Hedgemony opened: the keys' views
and actions, the board's parts, the worksheets by decision kind, the labels and paths
of intents, the journal's rows, the result screens, the end report, the rules guide
and the lesson. :class:`~.adapter.HedgemonyFront` hands these on; it is what the title
lists, and stays light by importing this module only when a game needs it.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, cast

from textual.app import App
from textual.screen import Screen

from hedgemony_tui.shell.front import Action, BoardParts, ShellKey, View, Worksheet

from ..engine.intents import InjectEvent
from ..engine.state import WHITE
from .end_report import end_report, tracks
from .guide import load_guide
from .lesson import lesson
from .render.intent_paths import intent_path, names_for
from .render.intents import label
from .render.journal import log_rows
from .screens.briefing import BriefingScreen, BriefingTrackers
from .screens.discretion import DiscretionScreen
from .screens.ground_truth import GroundTruthScreen
from .screens.hand import HandScreen
from .screens.placemat import PlacematScreen
from .screens.resolution import ResultScreen, seen_point_changes, seen_rolls
from .screens.white_cell import InjectScreen
from .widgets.board import BoardMap
from .widgets.board_area import MapArea, PlacePanel

if TYPE_CHECKING:
    from hedgemony_tui.shell.front import Key, Lesson, Table
    from hedgemony_tui.shell.guide_types import Guide
    from hedgemony_tui.shell.notes import Row
    from hedgemony_tui.table.contract import Decision

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


def _app(table: Table) -> App[Any]:
    """The app behind the table a view or an action of the board is given: the board's
    keys run in the live app, whose Textual side (notify, push_screen, screen) they use."""
    return cast("App[Any]", table)


def _open_placemat(table: Table) -> Screen[Any]:
    return PlacematScreen()


def _open_hand(table: Table) -> Screen[Any]:
    return HandScreen()


def _open_briefing(table: Table) -> Screen[Any]:
    return BriefingScreen()


def _open_ground_truth(table: Table) -> Screen[Any] | None:
    if table.viewer_seat() != WHITE:
        _app(table).notify("the ground truth is for the White Cell only: pass it the keyboard (F8)", severity="warning")
        return None
    return GroundTruthScreen()


def _inject_event(table: Table) -> None:
    """The White Cell injects an event (only its own seat may)."""
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
    app = _app(table)
    if table.viewer_seat() != WHITE:
        app.notify("only the White Cell uses its discretion: pass it the keyboard (F8)", severity="warning")
        return
    app.push_screen(DiscretionScreen(table.seen_state()), table.choose)  # the White Cell's view: the whole state


def _focus_map(table: Table) -> None:
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


class HedgemonyParts:
    """What :class:`~.adapter.HedgemonyFront` hands on once a game opens (see the module docstring)."""

    def keys(self) -> Sequence[Key]:
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
        panel = PlacePanel(id="place-panel")
        return BoardParts(main=MapArea(panel, id="map-area"), top=BriefingTrackers(id="trackers"), side=panel)

    def worksheets(self, table: Table, decision: Decision, seat: str) -> Sequence[Worksheet]:
        return [
            Worksheet(class_name.removesuffix("Screen"), partial(_open_worksheet, module_name, class_name))
            for module_name, class_name in WORKSHEETS.get(decision.kind, ())
            if class_name not in US_ONLY or seat in ("US", WHITE)
        ]

    def intent_label(self, table: Table, intent: Any) -> str:
        return label(intent, names_for(table))

    def intent_path(self, table: Table, intent: Any) -> tuple[str, ...]:
        return intent_path(intent, names_for(table))

    def log_rows(self, seen: Any) -> Sequence[tuple[int, Row]]:
        return log_rows(seen.log)

    def result_screen(self, table: Table, intent: Any, before: Any, after: Any, seat: str) -> Screen[Any] | None:
        # Any seat's roll, from ``seat``'s views; none when it saw no roll (a private one).

        before, after = table.rules.view(before, seat), table.rules.view(after, seat)
        if not seen_rolls(before, after, seat) and not seen_point_changes(before, after, seat, intent):
            return None
        return ResultScreen(before, after, seat)

    def end_report(self, table: Table) -> Sequence[tuple[str, Any]]:
        return end_report(table)

    def tracks(self, view: Any) -> Mapping[str, Mapping[str, float]]:
        return tracks(view)

    def guide(self) -> Guide:
        """The rules guide for F1 (``rules/hedgemony/guide/``, read once)."""
        return load_guide()

    def lesson(self) -> Lesson:
        """ "Learn to play" (``shell.front.Lesson``): the U.S. learns two turns, coached."""
        return lesson()
