"""'Learn to play': a short guided game from the title, for any game whose front offers a
lesson (the optional ``Front.lesson()``, see :class:`.front.Lesson`).

:func:`start_lesson` sets up the game the lesson describes (the learner's seat a person,
the others computer players, its length, the coach on) and a :class:`LessonRun` that the
app asks after every change (``refresh_views``). The run shows the lesson's notes as
dialogs: the introduction first, each phase's note when that phase first opens, a
moment's note the first time the learner owes that kind of decision, and the closing
words once the game is over (then the end-of-game screen opens). A note is shown only over the board (never over a result
or a hand-over), and only once the results owed to the learner have been seen, so a
note follows the result screen of the roll it speaks of; computer play waits while it is
open. Loading or starting another game ends the lesson.

A lesson is not kept: its autosave is removed as it starts, so the title's "Continue a
recent game" never lists it as an ordinary game (a learner who comes back expects the
lesson, from its start, under "Learn to play"). Esc on the board (named in the footer)
leaves it for the title, after asking (:func:`leave_lesson`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markdown import Markdown
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from hedgemony_tui.table.contract import coach_of
from hedgemony_tui.table.registry import get_front, get_rules
from hedgemony_tui.table.save_slots import forget_autosave
from hedgemony_tui.table.seats import HUMAN

from ..front import Lesson, turn_word
from .dialogs import ConfirmScreen
from .game import GameScreen
from .new_game import random_seed

if TYPE_CHECKING:
    from hedgemony_tui.table.host import TableHost

    from ..app import TableApp


class LessonNoteScreen(ModalScreen[None]):
    """One note of a lesson; Enter or Escape goes on, F1 opens the guide at its topic."""

    BINDINGS = [
        Binding("enter", "close", "Continue", id="lesson.continue", priority=True),
        Binding("escape", "close", "Continue", id="lesson.close", show=False),
    ]
    DEFAULT_CSS = """
    LessonNoteScreen { align: center middle; }
    LessonNoteScreen #lesson-box {
        width: 86; max-width: 100%; height: auto; max-height: 90%;
        border: thick $accent; background: $panel; padding: 0 1;
    }
    LessonNoteScreen #lesson-keys { margin-top: 1; }
    """

    def __init__(self, title: str, text: str, topic: str = "", coached: bool = True) -> None:
        super().__init__()
        self.coached = coached  # the game has a coach (Ctrl+G): the keys line names it
        self.title_text = title
        self.text = text
        self.GUIDE_TOPIC = topic  # F1 here: the guide's page on this part of the game
        self.HELP = "A note of the lesson: Enter goes on; F1 opens the guide."  # type: ignore[misc]  # Textual types HELP as a ClassVar; this screen's own

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="lesson-box"):
            yield Static(self.title_text, classes="dialog-title")
            yield Static(Markdown(self.text), id="lesson-text")
            keys = "Enter: go on · F1 here: the guide on this part · Esc on the board: leave the lesson"
            yield Static(
                keys + (" · Ctrl+G at your decisions: the coach" if self.coached else ""),
                classes="dim",
                id="lesson-keys",
            )
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


class LessonRun:
    """A lesson under way: which notes were shown, which wait (see the module docstring)."""

    def __init__(self, lesson: Lesson, host: TableHost) -> None:
        self.lesson = lesson
        self.host = host
        self.waiting: list[tuple[str, str, str]] = [(lesson.title, lesson.intro, "start")] if lesson.intro else []
        self.phases: set[str] = set()
        self.moments: set[str] = set()
        self.turns: set[int] = set()
        self.showing = False
        self.closed = False

    def on_change(self, app: TableApp) -> None:
        """After every change: queue the notes it calls for (from the learner's own feed),
        and show the next one if the board is on top."""
        if app.host is not self.host:  # another game was loaded or started
            app.lesson = None
            return
        lesson = self.lesson
        feed = self.host.feed(lesson.seat)
        decision, turn, phase = feed.decision, feed.turn, feed.phase
        if decision.over:
            if not self.closed:
                self.closed = True
                self.waiting.append(("The end of the lesson", lesson.closing or "The lesson is over.", ""))
        elif phase not in self.phases:
            self.phases.add(phase)
            self.turns.add(turn)
            note = lesson.notes.get(phase)
            if note:
                self.waiting.append((self._title(turn, app), note, lesson.guide.get(phase, "")))
        elif turn not in self.turns:
            self.turns.add(turn)
            # A note, not a toast: a toast stayed up for seconds over whatever came next and
            # covered a result screen's last line; a note waits its turn like the others.
            word = turn_word(app.front)
            self.waiting.append(
                (
                    self._title(turn, app),
                    f"{word} {turn} of {lesson.turns}: the same phases again, in the same order. "
                    "F1 opens the guide at any time.",
                    "",
                )
            )
        if not decision.over and lesson.seat in decision.seats and decision.kind not in self.moments:
            self.moments.add(decision.kind)
            note = lesson.moments.get(decision.kind)
            if note:
                self.waiting.append((self._title(turn, app), note, lesson.guide.get(decision.kind, "")))
        self.show_next(app)

    def _title(self, turn: int, app: TableApp) -> str:
        word = turn_word(app.front).lower()  # "cycle" where the game counts cycles
        return f"{self.lesson.title} — {word} {turn} of {self.lesson.turns}"

    def show_next(self, app: TableApp) -> None:
        """Show the oldest waiting note, but only over the board and once every result owed
        to the learner has been seen: a note speaks of what just happened (the budget roll,
        the initiative roll), so it must come after that roll's result screen, never before
        it or over it. The flow calls again after each result is closed (``advance``)."""
        if self.showing or not self.waiting or not isinstance(app.screen, GameScreen) or app.hand_over_showing():
            return
        if self.host.results(self.lesson.seat) or app._holding is not None:
            return
        title, text, topic = self.waiting.pop(0)
        self.showing = True
        screen = LessonNoteScreen(title, text, topic, coached=coach_of(self.host.rules) is not None)
        # Computer play waits while the learner reads (the flow's hold, as for a result).

        def read() -> None:
            self.showing = False
            if self.closed and not self.waiting:
                app.lesson = None  # the lesson is over: the end-of-game screen follows (flow)
            if self.waiting:
                self.show_next(app)

        app.hold(screen, read)

    def leave(self, app: TableApp) -> None:
        """Esc on the board: :func:`leave_lesson` (the board calls it through the app,
        so the board's module need not import this one, which imports it)."""
        leave_lesson(app)


def start_lesson(app: TableApp, game: str) -> bool:
    """Start the lesson of ``game`` (its front's ``lesson()``): a new game with the
    learner's seat a person, the other seats as the lesson says (else the front's
    defaults), the coach on. False (and a message) if the game has no lesson."""
    front = get_front(game)
    make = getattr(front, "lesson", None)
    if make is None:
        app.notify(f"{front.title} has no lesson yet: start a new game instead", severity="warning", markup=False)
        return False
    lesson: Lesson = make()
    rules = get_rules(game)
    kinds = {**dict(front.default_kinds(rules)), **dict(lesson.kinds), lesson.seat: HUMAN}
    seed = lesson.seed
    if seed is None:
        seed = random_seed()
    if not app.new_game(game, seed, lesson.game_options(), kinds, {}, coached=True):
        return False
    assert app.host is not None
    _forget_autosave(app)
    app.lesson = LessonRun(lesson, app.host)
    return True


def _forget_autosave(app: TableApp) -> None:
    """Remove the autosave the new game just wrote and write no more (see the module
    docstring); Ctrl+S still saves the lesson's game to a file of the learner's choosing."""
    app.flush_saves()
    path = app._autosave_to
    app._autosave_to = None
    if app._claim is not None:
        app._claim.release()
        app._claim = None
    if path is not None:
        forget_autosave(path)


LEAVE_QUESTION = (
    "Leave the lesson and go back to the title? A lesson is not kept: Learn to play starts it again from the beginning."
)


def leave_lesson(app: TableApp) -> None:
    """Ask, then end the lesson's game and show the title (nothing else is lost: a
    lesson keeps no save, unless the learner saved it with Ctrl+S)."""
    if app.lesson is None:
        return

    def answered(yes: bool | None) -> None:
        if not yes or app.lesson is None:
            return
        app.cancel_computer()
        app.lesson = None
        app.host = None
        app._holding = None
        app.show_title()

    app.push_screen(ConfirmScreen(LEAVE_QUESTION, default=False), answered)
