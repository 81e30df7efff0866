"""The Textual app every game on the table runs in: the title, then one game at a time.

``build_app`` is the factory the ``hedgemony`` command and the tests share. Given a
saved game (:class:`~hedgemony_tui.table.saves.SavedGame`) it opens it; without one, the
title screen with its game picker. The app knows a game only through the registry: its
rules (``get_rules``) and its screens (``get_front``). It holds the game's
:class:`~hedgemony_tui.table.session.Session` (journal, undo, autosave) and seats; the
flow between decisions is :mod:`.flow`'s. Screens show ``rules.view(state, viewer)`` —
the seat at the keyboard — and hand back intents chosen among ``rules.legal``.

Imports stay lazy: before the title paints, nothing of any game, of the table core or
of rich's tables is loaded, so the title opens about as fast as Textual itself.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.binding import Binding

from .commands import IntentCommands
from .flow import FlowApp

if TYPE_CHECKING:
    from textual.events import Resize
    from textual.screen import Screen
    from textual.geometry import Size

    from hedgemony_tui.table.saves import SavedGame

    from .front import Worksheet

TITLE_MIN_SIZE = (100, 30)
"""The title and the new-game form fit in this; a game's board says its own."""


class TableApp(FlowApp):
    CSS_PATH = "app.tcss"
    TITLE = "Hedgemony TUI"
    SUB_TITLE = "a table for teaching wargames"
    COMMANDS = App.COMMANDS | {IntentCommands}
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", id="app.quit", priority=True),
        Binding("f1", "help", "Help", id="app.help"),
        Binding("question_mark", "help", "Help", id="app.help-question", show=False),
    ]

    def __init__(self, saved: SavedGame | None = None, *, saves_dir: str | os.PathLike[str] = "saves",
                 save_path: str | None = None, bot_delay: float = 0.4, game: str | None = None) -> None:
        super().__init__(bot_delay=bot_delay)
        self.saves_dir = Path(saves_dir)
        self.save_path = save_path
        self.initial = saved
        self.game = game
        if saved is not None:
            # Named from the start (screenshots and the terminal's title read it before mount).
            self.title = saved.rules.info.title

    # --- start and stop ------------------------------------------------------------------

    def get_default_screen(self) -> Screen[Any]:
        # Without a game the title is the bottom screen: pushing it over an empty one
        # would lay out and draw twice before the first paint.
        if self.initial is None:
            from .screens.title import TitleScreen

            return TitleScreen(self.game)
        return super().get_default_screen()

    def on_mount(self) -> None:
        if self.initial is not None and not self.start_game(self.initial):
            from .screens.title import TitleScreen

            self.push_screen(TitleScreen(self.game))
        self.call_after_refresh(self.check_size)

    def on_resize(self, event: Resize) -> None:
        self.check_size(event.size)

    def min_size(self) -> tuple[int, int]:
        return self.front.min_size if self.front is not None and self.session is not None else TITLE_MIN_SIZE

    def check_size(self, size: Size | None = None) -> None:
        """Below the smallest size a polite message covers the screens until the terminal grows."""
        width, height = size or self.size
        low_width, low_height = self.min_size()
        small = width < low_width or height < low_height
        showing = type(self.screen).__name__ == "TooSmallScreen"  # not imported until needed
        if small and not showing:
            from .screens.too_small import TooSmallScreen

            self.push_screen(TooSmallScreen())
        elif not small and showing:
            self.pop_screen()

    @property
    def autosave_path(self) -> Path | None:
        """The autosave of the game in play (None: no game yet)."""
        from hedgemony_tui.table.saves import autosave_path

        return autosave_path(self.saves_dir, self.rules.info.id) if self.rules is not None else None

    def newest_autosave(self) -> Path | None:
        """The most recent autosave of any game (``<game>.autosave.toml``; ``autosave.toml``
        from before there were several games), for the title's "Continue"."""
        try:
            found = [p for p in self.saves_dir.glob("*autosave.toml") if p.is_file()]
            return max(found, key=lambda p: p.stat().st_mtime, default=None)
        except OSError:
            return None

    def start_game(self, saved: SavedGame, *, note: str = "") -> bool:
        """Play ``saved`` from now on, at its seats (every seat a person when it names none).

        Its journal is replayed to rebuild undo; a save whose journal does not lead to its
        state is refused with the reason, and the game in play (if any) stays."""
        from hedgemony_tui.table.errors import HedgemonyError
        from hedgemony_tui.table.registry import get_front
        from hedgemony_tui.table.saves import autosave_path
        from hedgemony_tui.table.seats import Seats
        from hedgemony_tui.table.session import Session

        from .notes import Note
        from .screens.game import game_screen
        from .seats import Players

        rules = saved.rules
        try:
            front = get_front(rules.info.id)
            session = Session.resume(saved)
            autosave = autosave_path(self.saves_dir, rules.info.id)
        except HedgemonyError as exc:
            self.notify(f"cannot open the game: {exc}", title="Not opened", severity="error", timeout=10)
            return False
        seats = saved.seats if saved.seats is not None else Seats.of_specs(rules.seats())
        session.seats = seats
        self.cancel_computer()
        self.rules, self.front, self.session, self.seats = rules, front, session, seats
        self.players = Players.load(rules, seats)
        self.viewer = None
        self._stopped = ""
        self._control_asked = None
        self._handing_over = self._handover_waiting = False
        self.title, self.sub_title = front.title, front.tagline
        turn, phase = rules.turn_of(session.state)
        actor = rules.info.control_seat or "table"
        self.notes = [Note(len(getattr(session.state, "log", ())), turn, phase, actor, "session", note)] if note else []
        # The autosave is "the last game" from now on (Continue on the title opens it).
        try:
            self.saves_dir.mkdir(parents=True, exist_ok=True)
            session.save(autosave)
        except (HedgemonyError, OSError) as exc:
            self.notify(f"cannot write the autosave in {self.saves_dir}: {exc}", severity="warning")
        session.autosave = autosave
        # The game screen replaces whatever led here (title, new game form, another game).
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(game_screen(front, rules))
        if self.players.problems:
            self._stop("; ".join(self.players.problems))
        self.call_after_refresh(self.advance)
        self.call_after_refresh(self.check_size)  # the board may need more room than the title
        return True

    # --- actions shared by every screen -----------------------------------------------------

    def action_help(self) -> None:
        from .screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            return
        self.push_screen(HelpScreen(getattr(self.screen, "HELP", None) or "", type(self.screen).__name__))

    def open_worksheet(self) -> None:
        """The worksheet of the pending decision, when the game has one for it."""
        if self.rules is None or self.front is None or self.seats is None:
            return
        decision = self.rules.pending(self.state)
        seat = self.viewer_seat()
        if decision.over or seat not in decision.seats or not self.seats.human(seat):
            self.notify("it is not your decision now", severity="warning")
            return
        found = list(self.front.worksheets(self.table, decision, seat))
        if not found:
            self.notify("this decision has no worksheet; pick from the decision list")
            return
        if len(found) > 1:
            from .screens.dialogs import PickScreen

            def picked(index: int | None) -> None:
                if index is not None:
                    self._push_worksheet(found[index], seat)

            self.push_screen(PickScreen("Which worksheet?", [w.name for w in found]), picked)
            return
        self._push_worksheet(found[0], seat)

    def _push_worksheet(self, worksheet: Worksheet, seat: str) -> None:
        try:
            screen = worksheet.open(self.table, seat)
        except Exception as exc:  # a screen refusing this state: keep playing from the list
            self.notify(f"the worksheet cannot open here: {exc}", severity="error")
            return
        self.push_screen(screen, self.choose)

    def take_keyboard(self, seat: str) -> None:
        """Hand the keyboard to another person (the White Cell, to rule or to see the ground truth)."""
        from .screens.handover import HandOverScreen

        if self.seats is None:
            return
        if not self.seats.human(seat):
            self.notify(f"{self.seats.name(seat)} is played by the computer", severity="warning")
            return

        def taken(_: object = None) -> None:
            self.viewer = seat
            self.refresh_views()

        self.push_screen(HandOverScreen(self.seats.name(seat)), taken)

    def undo(self) -> None:
        """Take back decisions back to the last one a person took, where nothing was revealed."""
        from .seats import PERSON

        if self.session is None or not self.session.can_undo:
            self.notify("nothing to undo: the last decision rolled a die or revealed information", severity="warning")
            return
        self.cancel_computer()
        taken = self.session.undo()
        while taken.by != PERSON and self.session.can_undo:
            taken = self.session.undo()
        kept = len(self.session.journal)
        self.notes = [n for n in self.notes if n.journal is None or n.journal < kept]
        self._stopped = ""
        self._control_asked = self.state  # the automated control seat already had its say here
        self.notify("decision taken back")
        self.advance()

    def save_to(self, path: str) -> bool:
        """Write the game, its journal and its seats to ``path`` (``.toml`` added if missing)."""
        from hedgemony_tui.table.errors import SaveError

        from .notes import Note

        if self.session is None or self.rules is None:
            return False
        target = Path(path).expanduser()
        if target.suffix != ".toml":
            target = target.with_suffix(".toml")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            self.session.save(target)
        except (SaveError, OSError) as exc:
            self.notify(f"not saved: {exc}", severity="error")
            return False
        self.save_path = str(target)
        turn, phase = self.rules.turn_of(self.state)
        actor = self.rules.info.control_seat or "table"
        self.notes.append(Note(len(getattr(self.state, "log", ())), turn, phase, actor, "session", f"saved to {target}"))
        self.notify(f"saved to {target}")
        return True

    def load_from(self, path: str) -> bool:
        """Open the game saved at ``path`` (any game on the table); a file that cannot be
        read, or whose journal does not replay, is refused and the game in play stays."""
        from hedgemony_tui.table.errors import HedgemonyError
        from hedgemony_tui.table.saves import read_game

        try:
            saved = read_game(Path(path).expanduser())
        except (HedgemonyError, OSError) as exc:
            self.notify(f"cannot load {path}: {exc}", severity="error")
            return False
        if not self.start_game(saved, note=f"loaded {path}"):
            return False
        self.save_path = str(path)
        return True

    def new_game(self, game: str, seed: int, options: dict[str, Any], kinds: dict[str, str],
                 names: dict[str, str]) -> bool:
        """Set up a new game of ``game`` and play it (a refused option is shown, nothing starts)."""
        from hedgemony_tui.table.errors import HedgemonyError
        from hedgemony_tui.table.registry import get_rules
        from hedgemony_tui.table.saves import SavedGame
        from hedgemony_tui.table.seats import Seats

        rules = get_rules(game)
        try:
            state = rules.setup(seed, options)
        except HedgemonyError as exc:
            self.notify(str(exc), severity="error")
            return False
        self.save_path = None
        return self.start_game(SavedGame(rules, state, state, (), Seats.of_specs(rules.seats(), kinds, names)))


def build_app(saved: SavedGame | None = None, *, saves_dir: str | os.PathLike[str] = "saves",
              save_path: str | None = None, bot_delay: float = 0.4, game: str | None = None) -> TableApp:
    """The app: with a saved game it opens that game; without, the title screen (``game``
    chosen first in its picker)."""
    return TableApp(saved, saves_dir=saves_dir, save_path=save_path, bot_delay=bot_delay, game=game)
