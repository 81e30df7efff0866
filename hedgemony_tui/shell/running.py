"""The app's side that runs a game: opening, setting up, loading and saving games, the
flow of turns (the host's next step done on screen), decisions, undo and the end.

:class:`~.flow.FlowApp` and :class:`~.app.TableApp` keep their methods and hand these
on to :class:`Running`, which the app builds when a game first needs it. Apart from
the app's module because these need the table core (host, session, saves, feed: attrs
and cattrs) and the game screens, none of which the title loads before it paints; here
they are imported at the top, once.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import attrs

from hedgemony_tui.table.errors import HedgemonyError, IllegalIntent, NothingToUndo, SaveError
from hedgemony_tui.table.feed import (
    EVERY,
    HANDOVER,
    NOTICE,
    CoachRemark,
    ComputerTurn,
    GameOver,
    Pass,
    PersonTurn,
    ShowResults,
    Wait,
)
from hedgemony_tui.table.files import read_regular
from hedgemony_tui.table.host import TableHost
from hedgemony_tui.table.registry import get_front, get_rules
from hedgemony_tui.table.save_io import MAX_SAVE_BYTES
from hedgemony_tui.table.save_slots import (
    AUTOSAVE_SUFFIX,
    OpenElsewhere,
    forget_autosave,
    new_autosave_path,
    open_elsewhere,
)
from hedgemony_tui.table.save_slots import claim as _claim
from hedgemony_tui.table.saves import VERIFIED, Origin, SavedGame, read_game
from hedgemony_tui.table.seats import Seats
from hedgemony_tui.table.session import Session
from hedgemony_tui.table.text import inert

from .saving import AutosaveWriter, folder_refusal, locked_writer, overwrite_refusal, resolve_save_path
from .screens.coach import show_remark
from .screens.dialogs import ConfirmScreen
from .screens.end_game import EndGameScreen
from .screens.game import GameScreen, game_screen
from .screens.result_pause import pick_pace
from .screens.seats_dialog import SeatsScreen
from .screens.title import TitleScreen
from .seats import seat_label
from .viewing import SeatTable
from .widgets.events import EventPane

if TYPE_CHECKING:
    from .app import TableApp
    from .front import Table


class Running:
    """A game in play, on ``app``'s screens (see the module docstring). Each method is
    the body of the app's method of the same name (their docstrings are the app's)."""

    def __init__(self, app: TableApp) -> None:
        self.app = app

    def label(self, intent: Any) -> str:
        app = self.app
        if isinstance(intent, Pass):
            return "Nothing for you now: Enter passes the keyboard on"
        assert app.front is not None
        return app.front.intent_label(app.table, intent)

    def player_name(self, seat: str) -> str:
        app = self.app
        spec = next((s for s in app.rules.seats() if s.id == seat), None)
        return app.seats.name(seat) if app.seats.of(seat).name or spec is None else seat_label(spec)

    def advance(self) -> None:
        app = self.app
        host = app.host
        if host is None:
            return
        app.refresh_views()
        if app._bot_timer is not None or app._holding is not None or app.hand_over_showing():
            return
        step = host.next_step()
        if isinstance(step, ShowResults):
            app._show_result(step.seat)
        elif isinstance(step, ComputerTurn):
            app._schedule(app._computer_step)
        elif isinstance(step, PersonTurn):
            self.to_person(step)
        elif isinstance(step, GameOver):
            app._show_the_end()
        elif isinstance(step, Wait) and host.stopped and host.stopped != app._told_stop:
            app._told_stop = host.stopped
            app.notify(
                host.stopped + " — computer play is paused; undo or load to go on",
                severity="error",
                timeout=10,
                markup=False,
            )
            app.refresh_views()

    def to_person(self, step: PersonTurn) -> None:
        """A person owes the decision: hand them the keyboard as the host says."""
        app = self.app
        assert app.host is not None
        if step.how == HANDOVER:
            app.handing_over = True
            if not isinstance(app.screen, GameScreen):
                # A result, a hand or the journal of the present holder is open: it may
                # show their secrets, so hand over only once they are back on the board.
                app.handover_waiting = True
                app.refresh_views()
                return
            app.handover_waiting = False
            app.refresh_views()
            app._hand_over(step.seat, step.waiting, step.round)
            return
        previous = app.host.keyboard
        app.host.take_keyboard(step.seat)
        if step.how == NOTICE and previous is not None and previous != step.seat:
            app.notify(
                f"Pass the keyboard to {app.player_name(step.seat)}: it is their turn",
                title=f"Next player: {app.player_name(step.seat)}",
                markup=False,
            )
        app.refresh_views()
        if step.waiting:
            app.call_later(app.advance)

    def pace(self) -> str:
        app = self.app
        seat = app.viewer_seat()
        return app.host.pace.get(seat, EVERY) if app.host is not None and seat else EVERY

    def choose(self, intent: Any) -> None:
        app = self.app
        host = app.host
        if intent is None or host is None or app.hand_over_showing() or app.handing_over:
            return
        seat = app.viewer_seat()
        try:
            events = host.submit(seat, intent)
        except IllegalIntent as exc:
            app.notify(str(exc), title="Not allowed", severity="error", markup=False)
            return
        if len(app.seats.humans()) == 1:  # with several people a line could outlive the hand-over: the journal only
            # Its own line under the board, never a notice over the decision panel or the odds.
            show_remark(app, next((e.text for e in reversed(events) if isinstance(e, CoachRemark)), ""))
        app.advance()

    def undo(self) -> None:
        app = self.app
        host = app.host
        if host is None or app.front is None:
            return
        app.cancel_computer()
        seat = app.viewer_seat()
        try:
            intent, computers = host.undo(seat)
        except NothingToUndo as exc:
            app.notify(str(exc), severity="warning", markup=False)
            app.advance()
            return
        app._told_stop = ""
        # The coach's remark on the decision taken back goes with it (its journal line did).
        show_remark(app, "")
        text = f"taken back: {app.label(intent)}"
        if computers:
            text += "; and the computer decisions after it: " + ", ".join(computers)
        app.notify(text, title="Undone", markup=False)
        app.advance()

    def show_end_report(self) -> None:
        app = self.app
        if app.host is None or not app.host.over:
            app.notify("the game is not over yet", severity="warning")
            return

        if not any(isinstance(s, EndGameScreen) for s in app.screen_stack):
            app.push_screen(EndGameScreen())

    def start_game(
        self,
        saved: SavedGame,
        *,
        note: str = "",
        pace: str | None = None,
        coached: bool = False,
        file: str | os.PathLike[str] | None = None,
    ) -> bool:
        app = self.app
        rules = saved.rules
        try:
            front = get_front(rules.info.id)
            session = Session.resume(saved)
            autosave = Path(file).resolve() if file is not None else new_autosave_path(app.saves_dir, rules.info.id)
            # One window plays a file at a time (save_slots.claim); the game in play keeps its own.
            claim = app._claim if app._claim is not None and app._claim.covers(autosave) else _claim(autosave)
        except HedgemonyError as exc:
            title = "Open in another window" if isinstance(exc, OpenElsewhere) else "Not opened"
            app.notify(inert(f"cannot open the game: {exc}"), title=title, severity="error", timeout=15, markup=False)
            return False
        if saved.seats is None:
            # An old save or a backup: ask who plays which seat, never guess (claimed once they are chosen).
            if claim is not app._claim:
                claim.release()
            self.ask_seats(saved, front, note, file)
            return True
        app._hold(claim)
        seats: Seats = saved.seats
        app.cancel_computer()
        paces = {seat: pace for seat in seats.humans()} if pace else None
        app.front = front
        app.host = TableHost(
            rules, session, seats, label=self.label_for, on_change=app.autosave_now, pace=paces, coached=coached
        )
        app.lesson = None
        app.handing_over = app.handover_waiting = False
        app._holding, app._told_stop, app._end_shown = None, "", False
        app.title, app.sub_title = front.title, front.tagline
        if note:
            app.host.note("session", note)
        # Said where the game is played and kept in its event log: a save that proves less
        # than a legal game of its seed (an old format, or opened with --allow-edited).
        app.save_warning = saved.warning
        if saved.warning:
            app.host.note("session", saved.warning)
            app.notify(saved.warning, title="Not verified", severity="warning", timeout=15, markup=False)
        # Written after every decision (the host's ``on_change``), not by the session. A
        # game from a file is written back there when it changes; a new game at once, so
        # "Continue" on the title lists it.
        session.autosave = None
        app._autosave_to = autosave
        if file is None:
            app.autosave_now()
        else:
            app._written = app._generation
        # The game screen replaces whatever led here (title, new game form, another game).
        while len(app.screen_stack) > 1:
            app.pop_screen()
        app.push_screen(game_screen(front, rules))
        app.call_after_refresh(app.advance)
        app.call_after_refresh(app.check_size)  # the board may need more room than the title
        return True

    def label_for(self, view: Any, seat: str, intent: Any) -> str:
        """How a decision reads for ``seat`` from its ``view`` (the journal's lines): the
        front's words, named as that seat saw the table."""
        app = self.app
        assert app.front is not None
        return app.front.intent_label(cast("Table", SeatTable(app, view, seat)), intent)

    def ask_seats(self, saved: SavedGame, front: Any, note: str, file: str | os.PathLike[str] | None) -> None:
        """A save without seats: who plays which seat is asked before the game opens."""
        app = self.app

        def chosen(seats: Seats | None) -> None:
            if seats is not None:
                app.start_game(attrs.evolve(saved, seats=seats), note=note, file=file)
            elif app.session is None and len(app.screen_stack) <= 1:
                app.push_screen(TitleScreen(app.game))

        app.push_screen(SeatsScreen(saved.rules, dict(front.default_kinds(saved.rules))), chosen)

    def autosave_now(self) -> None:
        app = self.app
        session = app.session
        if session is None or app._autosave_to is None:
            return
        app._generation += 1
        # Made into text on the writer's thread (:mod:`.saving`): a save that cannot be
        # written comes back through the writer's report as a warning.
        app.autosave_writer().submit(app._autosave_to, session.text_maker(), app._generation)

    def autosave_writer(self) -> AutosaveWriter:
        app = self.app
        if app._writer is None:
            # Under the save's lock: a replay bookmarking this file reads and writes it whole.
            app._writer = locked_writer(app._autosave_written)
        return app._writer

    def action_pace(self) -> None:
        app = self.app
        pick_pace(app)

    def action_toggle_events(self) -> None:
        app = self.app
        for pane in app.screen.query(EventPane):
            pane.toggle()

    def save_to(self, path: str, *, confirmed: bool = False) -> bool:
        app = self.app
        if app.session is None or app.host is None:
            return False
        target = resolve_save_path(app.saves_dir.resolve(), path)
        refusal = folder_refusal(app.saves_dir, target) or overwrite_refusal(target)
        if refusal:
            app.notify(f"not saved: {refusal}; choose another name", severity="error", timeout=10, markup=False)
            return False
        ours = app._claim is not None and app._claim.covers(target)
        if not ours and open_elsewhere(target):
            app.notify(
                inert(f"not saved: {OpenElsewhere(target)}"),
                title="Open in another window",
                severity="error",
                timeout=15,
                markup=False,
            )
            return False
        if target.exists() and not confirmed and str(target) != app.save_path:

            def answered(yes: bool | None) -> None:
                if yes:
                    app.save_to(str(target), confirmed=True)

            app.push_screen(ConfirmScreen(f"{target} exists. Replace it?", default=False), answered)
            return False
        try:
            # The game will be played in that file: never one another window is playing.
            claim = app._claim if app._claim is not None and app._claim.covers(target) else _claim(target)
        except SaveError as exc:
            app.notify(
                inert(f"not saved: {exc}"), title="Open in another window", severity="error", timeout=15, markup=False
            )
            return False
        try:
            app.session.save(target)
        except (SaveError, OSError) as exc:
            if claim is not app._claim:
                claim.release()
            app.notify(inert(f"not saved: {exc}"), severity="error", markup=False)
            return False
        app._hold(claim)
        app.save_path = str(target)
        left = app._autosave_to
        # The game lives in that file from now on: the autosave writes there (with its .bak).
        app._autosave_to = target
        if left is not None and left != target and left.name.endswith(AUTOSAVE_SUFFIX):
            # Its own autosave is an older copy of the same game: left behind, the title's
            # Continue would offer it and resume a moment the game has long passed (a
            # newcomer resumed year 6 of a game that had ended in year 11).
            self.app.autosave_writer().flush()
            forget_autosave(left)
        app._written = app._generation  # everything decided so far is on disk now
        app.host.note("session", inert(f"saved to {target}"))
        app.notify(inert(f"saved to {target}"), markup=False)
        return True

    def load_from(self, path: str) -> bool:
        app = self.app
        target = Path(path.strip()).expanduser()
        if not target.is_absolute():
            target = app.saves_dir.resolve() / target
        try:
            # Through read_regular first: a FIFO would block the screens, a dangling link
            # or a folder is said in words; then read as a save.
            read_regular(target, MAX_SAVE_BYTES)
            saved = read_game(target)
        except FileNotFoundError:
            app.notify(
                inert(f"cannot load {path}: there is no file {target} (or it is a link to nothing)"),
                severity="error",
                markup=False,
            )
            return False
        except (HedgemonyError, OSError, ValueError) as exc:
            app.notify(
                inert(f"cannot load {path}: {getattr(exc, 'strerror', None) or exc}"), severity="error", markup=False
            )
            return False
        if not app.start_game(saved, note=inert(f"loaded {target}"), file=target):
            return False
        app.save_path = str(target)
        return True

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
        app = self.app
        rules = get_rules(game)
        try:
            state = rules.setup(seed, options)
        except HedgemonyError as exc:
            app.notify(str(exc), severity="error", markup=False)
            return False
        app.save_path = None
        # Its origin goes into every save, so a load can set the game up again and check it.
        seats = Seats.of_specs(rules.seats(), kinds, names)
        saved = SavedGame(rules, state, state, (), seats, origin=Origin.of(rules, seed, options), proof=VERIFIED)
        return app.start_game(saved, pace=pace, coached=coached)
