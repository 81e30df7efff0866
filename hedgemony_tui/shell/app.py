"""The Textual app every game on the table runs in: the title, then one game at a time.

``build_app`` is the factory the ``hedgemony`` command and the tests share. Given a
saved game (:class:`~hedgemony_tui.table.saves.SavedGame`) it opens it; without one, the
title screen with its game picker. The app knows a game only through the registry: its
rules (``get_rules``) and its screens (``get_front``). The game itself is owned by its
:class:`~hedgemony_tui.table.host.TableHost` (session, seats, computer players, pace,
notes, coach); this module starts and stops games, saves and loads them, and holds the
keys every screen shares; :mod:`.flow` draws the keyboard holder's feed and takes its
choices to the host.

Before the title paints, nothing of any game, of the table core or of rich's tables is
loaded, so the title opens about as fast as Textual itself: what needs them (starting,
loading, saving games; the flow of turns) is in :mod:`.running`, which the app imports
once, with the first game (``FlowApp.runner``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App, SystemCommand
from textual.binding import Binding

from hedgemony_tui.table.save_slots import AUTOSAVE_SUFFIX, recent_autosaves, sweep_orphans

from .flow import FlowApp
from .screens.dialogs import ConfirmScreen, PickScreen, choose_asking
from .screens.handover import HandOverScreen
from .screens.title import TitleScreen
from .screens.too_small import TooSmallScreen

if TYPE_CHECKING:
    from textual.command import Provider
    from textual.events import Resize
    from textual.geometry import Size
    from textual.screen import Screen

    from hedgemony_tui.table.save_slots import Claim
    from hedgemony_tui.table.saves import SavedGame

    from .front import Worksheet
    from .saving import AutosaveWriter


def _intent_commands() -> type[Provider]:
    """The palette's provider of the pending decisions, loaded when the palette first
    opens (not before the title paints: the cold-start benchmark)."""
    # lazy: the provider reads the game's decisions (table core, game screen)
    from .commands import IntentCommands

    return IntentCommands


QUIT_ASKED = "Quit?"
"""How the quit question opens (Ctrl+Q pressed again at it quits)."""

TITLE_MIN_SIZE = (100, 30)
"""The title and the new-game form fit in this; a game's board says its own."""


class TableApp(FlowApp):
    CSS_PATH = "app.tcss"
    TITLE = "Hedgemony TUI"
    SUB_TITLE = "a table for teaching wargames"
    COMMANDS = App.COMMANDS | {_intent_commands}
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", id="app.quit", priority=True),
        # Priority: F1 works inside worksheets and dialogs too (modal screens hide the app's other keys).
        Binding("f1", "help", "Help", id="app.help", priority=True),
        Binding("question_mark", "help", "Help", id="app.help-question", show=False),
    ]

    def __init__(
        self,
        saved: SavedGame | None = None,
        *,
        saves_dir: str | os.PathLike[str] = "saves",
        save_path: str | None = None,
        bot_delay: float = 0.4,
        game: str | None = None,
    ) -> None:
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
        # Values the new-game form starts with, by option id (``play --scenario DIR`` sets one).
        self.option_defaults: dict[str, str] = {}
        if saved is not None:
            # Named from the start (screenshots and the terminal's title read it before mount).
            self.title = saved.rules.info.title

    # --- start and stop ------------------------------------------------------------------

    def get_default_screen(self) -> Screen[Any]:
        # Without a game the title is the bottom screen: pushing it over an empty one
        # would lay out and draw twice before the first paint.
        if self.initial is None:
            return TitleScreen(self.game)
        return super().get_default_screen()

    def on_mount(self) -> None:
        if self.initial is not None and not self.start_game(self.initial, file=self.save_path):
            self.push_screen(TitleScreen(self.game))
        self.call_after_refresh(self.check_size)

    def show_title(self) -> None:
        """Back to the title: every screen over the bottom one closed (a lesson left)."""
        while len(self.screen_stack) > 1:
            self.pop_screen()
        if not isinstance(self.screen, TitleScreen):
            self.push_screen(TitleScreen(self.game))
        self.call_after_refresh(self.check_size)

    def on_resize(self, event: Resize) -> None:
        self.check_size(event.size)

    def min_size(self) -> tuple[int, int]:
        return self.front.min_size if self.front is not None and self.host is not None else TITLE_MIN_SIZE

    def check_size(self, size: Size | None = None) -> None:
        """Below the smallest size a polite message covers the screens until the terminal grows."""
        width, height = size or self.size
        low_width, low_height = self.min_size()
        small = width < low_width or height < low_height
        showing = type(self.screen).__name__ == "TooSmallScreen"  # not imported until needed
        if small and not showing:
            self.push_screen(TooSmallScreen())
        elif not small and showing:
            self.pop_screen()

    @property
    def autosave_path(self) -> Path | None:
        """Where the game in play saves itself after every decision: the file it was opened
        from, or a new game's own autosave (None: no game yet)."""
        return self._autosave_to if self.host is not None else None

    def recent_autosaves(self) -> list[Path]:
        """The autosaves in the saves folder, newest first, for the title's "Continue"
        (the hidden files left beside saves deleted by hand are swept first)."""
        sweep_orphans(self.saves_dir)
        return recent_autosaves(self.saves_dir)

    def newest_autosave(self) -> Path | None:
        """The most recent autosave of any game (None: none yet)."""
        found = self.recent_autosaves()
        return found[0] if found else None

    def start_game(
        self,
        saved: SavedGame,
        *,
        note: str = "",
        pace: str | None = None,
        coached: bool = False,
        file: str | os.PathLike[str] | None = None,
    ) -> bool:
        """Play ``saved`` from now on, at its seats (every seat a person when it names none).

        Its journal is replayed to rebuild undo; a save whose journal does not lead to its
        state is refused with the reason, and the game in play (if any) stays. A game
        opened from ``file`` saves itself back to that file after every decision (with its
        ``.bak``); a new one to an autosave of its own, never another game's."""
        return self.runner.start_game(saved, note=note, pace=pace, coached=coached, file=file)

    # --- the autosave ------------------------------------------------------------------------

    _autosave_to: Path | None = None
    _claim: Claim | None = None
    """This window's claim on the file its game is played in (see ``save_slots.claim``)."""

    def _hold(self, claim: Claim) -> None:
        """Keep ``claim`` from now on; the previous game's file is let go."""
        if self._claim is not None and self._claim is not claim:
            self._claim.release()
        self._claim = claim

    def claimed_here(self) -> Path | None:
        """The file this window's game is played in and claims (None: no game, or no claim)."""
        return self._claim.path if self._claim is not None and self._claim.held else None

    def on_unmount(self) -> None:
        # The app closing (the process may live on: the tests) lets go of its game's file.
        if self._claim is not None:
            self._claim.release()
            self._claim = None

    save_warning = ""
    """The game in play's save warning ("" when verified, or a new game): for the debrief."""

    def autosave_now(self) -> None:
        """Save the game as it is now to its autosave: the text made here, written on a
        thread (see :mod:`.saving`); a failure is a warning and the game goes on."""
        self.runner.autosave_now()

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
        self.notify(
            f"autosave failed: {problem} — the game goes on; save it elsewhere with Ctrl+S",
            title="Not saved",
            severity="warning",
            timeout=10,
            markup=False,
        )

    def autosave_writer(self) -> AutosaveWriter:
        """The autosave's writer thread, built on first use (see ``__init__``)."""
        return self.runner.autosave_writer()

    def flush_saves(self) -> None:
        """Wait until the autosave under way is on disk."""
        if self._writer is not None:
            self._writer.flush()

    def unsaved(self) -> bool:
        """Decisions since the last save or autosave would be lost by quitting now."""
        self.flush_saves()
        return self.session is not None and self._written < self._generation

    async def action_quit(self) -> None:
        """Quit: at once from the title or a finished game that is on disk; a game in
        progress (or anything unsaved) asks first, saying what becomes of the game."""
        if isinstance(self.screen, ConfirmScreen) and self.screen.question.startswith(QUIT_ASKED):
            self.exit()  # Ctrl+Q again at the question: the answer is yes
            return
        in_play = self.host is not None and not self.host.over
        if not in_play and not self.unsaved():
            self.exit()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit()

        self.push_screen(ConfirmScreen(self.quit_question(), default=False), answered)

    def quit_question(self) -> str:
        """What quitting now does to the game in play, in words (the autosave runs after
        every decision, so only a failed or pending write loses anything)."""
        if self.unsaved():
            why = f" ({self._save_problem})" if self._save_problem else ""
            return f"{QUIT_ASKED} The last decisions are not saved{why}: quitting loses them."
        where = self.claimed_here() or self._autosave_to
        if where is None:
            return f"{QUIT_ASKED} The game is not saved anywhere: quitting loses it."
        way = "Continue" if where.name.endswith(AUTOSAVE_SUFFIX) else "Load"
        return f"{QUIT_ASKED} The game is saved, every decision, in {where}: {way} on the title resumes it."

    # --- actions shared by every screen -----------------------------------------------------

    def get_system_commands(self, screen: Screen[Any]) -> Any:
        """The palette's system commands, with the game's pace, event pane and end report."""
        yield from super().get_system_commands(screen)
        if self.session is None or self.hand_over_showing():
            return
        yield SystemCommand("Pace of the rolls", "how often the game stops to show a roll (Ctrl+T)", self.action_pace)
        yield SystemCommand(
            "Event pane", "show or hide the latest events under the board (Ctrl+L)", self.action_toggle_events
        )
        if self.host is not None and self.host.over:
            yield SystemCommand(
                "End of the game", "who won and why, the course of the game, the seed (Ctrl+R)", self.show_end_report
            )

    def action_pace(self) -> None:
        self.runner.action_pace()

    def action_toggle_events(self) -> None:
        self.runner.action_toggle_events()

    def action_help(self) -> None:
        # The guide, open at the page about the screen on top (its GUIDE_TOPIC).
        # lazy: the guide's pages (Markdown) load on the first F1, not before the title
        # paints; and not with the game's side (.running), which help at the title needs not
        from .screens.guide import toggle_guide

        toggle_guide(self)

    def open_worksheet(self) -> None:
        """The worksheet of the pending decision, when the game has one for it."""
        if self.host is None or self.front is None:
            return
        decision = self.decision()
        seat = self.viewer_seat()
        if not self.my_options():
            self.notify("it is not your decision now", severity="warning")
            return
        found = list(self.front.worksheets(self.table, decision, seat))
        if not found:
            self.notify("this decision has no worksheet; pick from the decision list")
            return
        if len(found) > 1:

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
        # A sheet that leaves with a choice ending the phase asks first, as the decision list does.
        self.push_screen(screen, lambda intent: choose_asking(self, intent) if intent is not None else None)

    def take_keyboard(self, seat: str) -> None:
        """Hand the keyboard to another person (the White Cell, to rule or to see the ground truth)."""
        if self.host is None:
            return
        if not self.seats.human(seat):
            self.notify(f"{self.seats.name(seat)} is played by the computer", severity="warning", markup=False)
            return

        def taken(_: object = None) -> None:
            # The keyboard stays with them (a look at the ground truth, a ruling) until
            # they act or go back to the board from a view; then play goes on.
            assert self.host is not None
            self.host.take_keyboard(seat)
            self.refresh_views()

        self.push_screen(HandOverScreen(self.seats.name(seat)), taken)

    def save_to(self, path: str, *, confirmed: bool = False) -> bool:
        """Write the game, its journal and its seats to ``path`` (in the saves folder
        unless absolute; ``.toml`` added if missing). A file that is not a save of a game
        here is never replaced; replacing another save asks first."""
        return self.runner.save_to(path, confirmed=confirmed)

    def load_from(self, path: str) -> bool:
        """Open the game saved at ``path`` (any game on the table; a relative name is in
        the saves folder); a file that cannot be read, or whose journal does not replay,
        is refused and the game in play stays."""
        return self.runner.load_from(path)

    def new_game(
        self,
        game: str,
        seed: int,
        options: dict[str, Any],
        kinds: dict[str, str],
        names: dict[str, str],
        pace: str | None = None,
        coached: bool = False,
    ) -> bool:
        """Set up a new game of ``game`` and play it (a refused option is shown, nothing starts)."""
        return self.runner.new_game(game, seed, options, kinds, names, pace, coached)


def build_app(
    saved: SavedGame | None = None,
    *,
    saves_dir: str | os.PathLike[str] = "saves",
    save_path: str | None = None,
    bot_delay: float = 0.4,
    game: str | None = None,
) -> TableApp:
    """The app: with a saved game it opens that game; without, the title screen (``game``
    chosen first in its picker)."""
    return TableApp(saved, saves_dir=saves_dir, save_path=save_path, bot_delay=bot_delay, game=game)
