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
    from hedgemony_tui.table.seats import Seats

    from .saving import AutosaveWriter

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
        # Priority: F1 works inside worksheets and dialogs too (modal screens hide the app's other keys).
        Binding("f1", "help", "Help", id="app.help", priority=True),
        Binding("question_mark", "help", "Help", id="app.help-question", show=False),
    ]

    def __init__(self, saved: SavedGame | None = None, *, saves_dir: str | os.PathLike[str] = "saves",
                 save_path: str | None = None, bot_delay: float = 0.4, game: str | None = None) -> None:
        super().__init__(bot_delay=bot_delay)
        self.saves_dir = Path(saves_dir)
        self.save_path = save_path
        self.initial = saved
        self.game = game
        # Built on the first autosave: the saves module brings the codec (cattrs), which the
        # title's first paint does not need (the cold-start benchmark measures it).
        self._writer: AutosaveWriter | None = None
        self._generation = 0  # bumped at every change worth saving
        self._written = 0  # the newest generation on disk
        self._save_problem = ""
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
            # Absolute: a relative name would be read against the saves folder again.
            found = [p for p in self.saves_dir.resolve().glob("*autosave.toml") if p.is_file()]
            return max(found, key=lambda p: p.stat().st_mtime, default=None)
        except OSError:
            return None

    def start_game(self, saved: SavedGame, *, note: str = "", pace: str | None = None) -> bool:
        """Play ``saved`` from now on, at its seats (every seat a person when it names none).

        Its journal is replayed to rebuild undo; a save whose journal does not lead to its
        state is refused with the reason, and the game in play (if any) stays."""
        from hedgemony_tui.table.errors import HedgemonyError
        from hedgemony_tui.table.registry import get_front
        from hedgemony_tui.table.saves import autosave_path
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
            self.notify(f"cannot open the game: {exc}", title="Not opened", severity="error", timeout=10, markup=False)
            return False
        if saved.seats is None:
            # An old save or a backup: ask who plays which seat, never guess.
            self._ask_seats(saved, front, note)
            return True
        seats: Seats = saved.seats
        session.seats = seats
        self.cancel_computer()
        self.rules, self.front, self.session, self.seats = rules, front, session, seats
        self.players = Players.load(rules, seats)
        self.viewer = None
        self._stopped = ""
        self._control_asked = None
        self._handing_over = self._handover_waiting = False
        self._pausing = self._end_shown = False
        if pace is None:
            from .screens.result_pause import default_pace

            pace = default_pace(len(seats.humans()))
        self.pace = pace  # app-level: the save format has no place for it (see result_pause)
        self.title, self.sub_title = front.title, front.tagline
        turn, phase = rules.turn_of(session.state)
        actor = rules.info.control_seat or "table"
        self.notes = [Note(len(getattr(session.state, "log", ())), turn, phase, actor, "session", note)] if note else []
        # The autosave is "the last game" from now on (Continue on the title opens it);
        # the app writes it after every decision (``autosave_now``), not the session.
        session.autosave = None
        self._autosave_to = autosave
        self.autosave_now()
        # The game screen replaces whatever led here (title, new game form, another game).
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(game_screen(front, rules))
        if self.players.problems:
            self._stop("; ".join(self.players.problems))
        self.call_after_refresh(self.advance)
        self.call_after_refresh(self.check_size)  # the board may need more room than the title
        return True

    def _ask_seats(self, saved: SavedGame, front: Any, note: str) -> None:
        """A save without seats: who plays which seat is asked before the game opens."""
        import attrs

        from .screens.seats_dialog import SeatsScreen

        def chosen(seats: Seats | None) -> None:
            if seats is not None:
                self.start_game(attrs.evolve(saved, seats=seats), note=note)
            elif self.session is None and len(self.screen_stack) <= 1:
                from .screens.title import TitleScreen

                self.push_screen(TitleScreen(self.game))

        self.push_screen(SeatsScreen(saved.rules, dict(front.default_kinds(saved.rules))), chosen)

    # --- the autosave ------------------------------------------------------------------------

    _autosave_to: Path | None = None

    def autosave_now(self) -> None:
        """Save the game as it is now to its autosave: the text made here, written on a
        thread (see :mod:`.saving`); a failure is a warning and the game goes on."""
        from hedgemony_tui.table.errors import HedgemonyError
        from hedgemony_tui.table.saves import game_text

        session = self.session
        if session is None or self._autosave_to is None:
            return
        self._generation += 1
        try:
            text = game_text(session.rules, session.state, start=session.start, journal=tuple(session.journal),
                             seats=session.seats, notes=session.notes)
        except HedgemonyError as exc:
            self._autosave_failed(str(exc))
            return
        self.autosave_writer().submit(self._autosave_to, text, self._generation)

    def _autosave_written(self, generation: int, problem: str) -> None:
        """On the writer's thread: record the outcome; a failure is told on the app's own
        thread (``call_later`` only posts a message, so it never waits on the screens)."""
        if not problem:
            self._written = max(self._written, generation)
            self._save_problem = ""
            return
        self._save_problem = problem
        try:
            self.call_later(self._autosave_failed, problem)
        except Exception:  # the app is closing: the quit check reads _save_problem
            pass

    def _autosave_failed(self, problem: str) -> None:
        self._save_problem = problem
        self.notify(f"autosave failed: {problem} — the game goes on; save it elsewhere with Ctrl+S",
                    title="Not saved", severity="warning", timeout=10, markup=False)

    def autosave_writer(self) -> AutosaveWriter:
        """The autosave's writer thread, built on first use (see ``__init__``)."""
        if self._writer is None:
            from hedgemony_tui.table.saves import write_save

            from .saving import AutosaveWriter

            self._writer = AutosaveWriter(write_save, self._autosave_written)
        return self._writer

    def flush_saves(self) -> None:
        """Wait until the autosave under way is on disk."""
        if self._writer is not None:
            self._writer.flush()

    def unsaved(self) -> bool:
        """Decisions since the last save or autosave would be lost by quitting now."""
        self.flush_saves()
        return self.session is not None and self._written < self._generation

    async def action_quit(self) -> None:
        """Quit; ask first only if something would be lost."""
        if not self.unsaved():
            self.exit()
            return
        from .screens.dialogs import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit()

        why = f" ({self._save_problem})" if self._save_problem else ""
        self.push_screen(ConfirmScreen(f"The last decisions are not saved{why}. Quit and lose them?"), answered)

    # --- actions shared by every screen -----------------------------------------------------

    def get_system_commands(self, screen: Screen[Any]) -> Any:
        """The palette's system commands, with the game's pace, event pane and end report."""
        from textual.app import SystemCommand

        yield from super().get_system_commands(screen)
        if self.session is None or self.hand_over_showing():
            return
        yield SystemCommand("Pace of the rolls", "how often the game stops to show a roll (Ctrl+T)",
                            self.action_pace)
        yield SystemCommand("Event pane", "show or hide the latest events under the board (Ctrl+L)",
                            self.action_toggle_events)
        if self.rules is not None and self.rules.pending(self.state).over:
            yield SystemCommand("End of the game", "who won and why, the course of the game, the seed (Ctrl+R)",
                                self.show_end_report)

    def action_pace(self) -> None:
        from .screens.result_pause import pick_pace

        pick_pace(self)

    def action_toggle_events(self) -> None:
        from .widgets.events import EventPane

        for pane in self.screen.query(EventPane):
            pane.toggle()

    def action_help(self) -> None:
        # The guide, open at the page about the screen on top (its GUIDE_TOPIC).
        from .screens.guide import toggle_guide

        toggle_guide(self)

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
            self.notify(f"the worksheet cannot open here: {exc}", severity="error", markup=False)
            return
        self.push_screen(screen, self.choose)

    def take_keyboard(self, seat: str) -> None:
        """Hand the keyboard to another person (the White Cell, to rule or to see the ground truth)."""
        from .screens.handover import HandOverScreen

        if self.seats is None:
            return
        if not self.seats.human(seat):
            self.notify(f"{self.seats.name(seat)} is played by the computer", severity="warning", markup=False)
            return

        def taken(_: object = None) -> None:
            self.viewer = seat
            self.refresh_views()

        self.push_screen(HandOverScreen(self.seats.name(seat)), taken)

    def undo(self) -> None:
        """Take back the last decision of the person at the keyboard and every computer
        decision after it (never only computer decisions, never another person's), as
        long as nothing was rolled or revealed since; say which were taken back."""
        from .seats import PERSON

        session = self.session
        if session is None or self.seats is None or self.front is None:
            return
        viewer = self.viewer_seat()
        journal = session.journal
        mine = next((i for i in range(len(journal) - 1, -1, -1) if journal[i].by == PERSON), None)
        if mine is None or not viewer or journal[mine].seat != viewer:
            other = "" if mine is None else f" (the last decision a person took was {self.seats.name(journal[mine].seat)}'s)"
            self.notify(f"nothing of yours to undo{other}", severity="warning", markup=False)
            return
        count = len(journal) - mine
        if session.undo_depth < count:
            self.notify("nothing to undo: a die was rolled or something revealed since your last decision",
                        severity="warning")
            return
        self.cancel_computer()
        taken = [session.undo() for _ in range(count)]
        kept = len(session.journal)
        self.notes = [n for n in self.notes if n.journal is None or n.journal < kept]
        self._stopped = ""
        self._control_asked = self.state  # the automated control seat already had its say here
        own = taken[-1]
        # The computer decisions are named by seat only: what they chose may be private.
        computers = [f"{self.seats.name(e.seat)} ({e.by})" for e in reversed(taken[:-1])]
        text = f"taken back: {self.front.intent_label(self.table, own.intent)}"
        if computers:
            text += "; and the computer decisions after it: " + ", ".join(computers)
        self.notify(text, title="Undone", markup=False)
        self.autosave_now()
        self.advance()

    def save_to(self, path: str, *, confirmed: bool = False) -> bool:
        """Write the game, its journal and its seats to ``path`` (in the saves folder
        unless absolute; ``.toml`` added if missing). A file that is not a save of a game
        here is never replaced; replacing another save asks first."""
        from hedgemony_tui.table.errors import SaveError

        from .notes import Note
        from .saving import overwrite_refusal, resolve_save_path

        if self.session is None or self.rules is None:
            return False
        target = resolve_save_path(self.saves_dir.resolve(), path)
        refusal = overwrite_refusal(target)
        if refusal:
            self.notify(f"not saved: {refusal}; choose another name", severity="error", timeout=10, markup=False)
            return False
        if target.exists() and not confirmed and str(target) != self.save_path:
            from .screens.dialogs import ConfirmScreen

            def answered(yes: bool | None) -> None:
                if yes:
                    self.save_to(str(target), confirmed=True)

            self.push_screen(ConfirmScreen(f"{target} exists. Replace it?"), answered)
            return False
        try:
            self.session.save(target)
        except (SaveError, OSError) as exc:
            self.notify(f"not saved: {exc}", severity="error", markup=False)
            return False
        self.save_path = str(target)
        self._written = self._generation  # everything decided so far is on disk now
        turn, phase = self.rules.turn_of(self.state)
        actor = self.rules.info.control_seat or "table"
        self.notes.append(Note(len(getattr(self.state, "log", ())), turn, phase, actor, "session", f"saved to {target}"))
        self.notify(f"saved to {target}", markup=False)
        return True

    def load_from(self, path: str) -> bool:
        """Open the game saved at ``path`` (any game on the table; a relative name is in
        the saves folder); a file that cannot be read, or whose journal does not replay,
        is refused and the game in play stays."""
        from hedgemony_tui.table.errors import HedgemonyError
        from hedgemony_tui.table.files import read_regular
        from hedgemony_tui.table.saves import MAX_SAVE_BYTES, read_game

        target = Path(path.strip()).expanduser()
        if not target.is_absolute():
            target = self.saves_dir.resolve() / target
        try:
            # Through read_regular first: a FIFO would block the screens, a dangling link
            # or a folder is said in words; then read as a save.
            read_regular(target, MAX_SAVE_BYTES)
            saved = read_game(target)
        except FileNotFoundError:
            self.notify(f"cannot load {path}: there is no file {target} (or it is a link to nothing)",
                        severity="error", markup=False)
            return False
        except (HedgemonyError, OSError, ValueError) as exc:
            self.notify(f"cannot load {path}: {getattr(exc, 'strerror', None) or exc}", severity="error", markup=False)
            return False
        if not self.start_game(saved, note=f"loaded {target}"):
            return False
        self.save_path = str(target)
        return True

    def new_game(self, game: str, seed: int, options: dict[str, Any], kinds: dict[str, str],
                 names: dict[str, str], pace: str | None = None) -> bool:
        """Set up a new game of ``game`` and play it (a refused option is shown, nothing starts)."""
        from hedgemony_tui.table.errors import HedgemonyError
        from hedgemony_tui.table.registry import get_rules
        from hedgemony_tui.table.saves import SavedGame
        from hedgemony_tui.table.seats import Seats

        rules = get_rules(game)
        try:
            state = rules.setup(seed, options)
        except HedgemonyError as exc:
            self.notify(str(exc), severity="error", markup=False)
            return False
        self.save_path = None
        return self.start_game(SavedGame(rules, state, state, (), Seats.of_specs(rules.seats(), kinds, names)), pace=pace)

    # --- coach and lesson (screens/coach.py, lesson.py)

    coached = False
    """A coached game: after each of a person's decisions, the coach says when it would
    have chosen otherwise (set by the new-game form and by "Learn to play")."""
    lesson: Any = None
    """The lesson under way (:class:`.lesson.LessonRun`), or None."""

    def choose(self, intent: Any) -> None:
        from .screens.coach import coached_choice

        coached_choice(self, intent, super().choose)

    def refresh_views(self) -> None:
        super().refresh_views()
        if self.lesson is not None:
            self.lesson.on_change(self)


def build_app(saved: SavedGame | None = None, *, saves_dir: str | os.PathLike[str] = "saves",
              save_path: str | None = None, bot_delay: float = 0.4, game: str | None = None) -> TableApp:
    """The app: with a saved game it opens that game; without, the title screen (``game``
    chosen first in its picker)."""
    return TableApp(saved, saves_dir=saves_dir, save_path=save_path, bot_delay=bot_delay, game=game)
