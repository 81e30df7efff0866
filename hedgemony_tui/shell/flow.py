"""The Textual side of the table host: draw the keyboard holder's feed, take its key
presses to the host, and do on screen what the host says comes next.

The game is the host's (:class:`hedgemony_tui.table.host.TableHost`): it owns the
session, the seats, the computer players, each seat's pace, the notes and the coach.
This app keeps only what is a screen's: who is at the keyboard is asked of the host,
what is drawn comes from that seat's feed, and after every change :meth:`advance` asks
the host for the next step and does it —

* **results owed** to the keyboard holder: its result screens, in order (the front draws
  each from the seat's own views before and after; "while you were away" after a
  hand-over); computer play waits while one shows;
* **a computer decides**: a short delay so people can follow, then ``play_computer``;
* **a person decides**: a hand-over screen that shows nothing until they take the
  keyboard, a "next player" notice in an open game, or nothing when it is already theirs;
  an eyes-closed round hands the keyboard to every person in turn;
* **the end**: the seed in the journal and the end-of-game screen, once.

A person's key reaches the host once: decision panel → :meth:`FlowApp.choose` →
``host.submit`` → :meth:`advance` (``docs/decision-route.md``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from textual import events
from textual._time import get_time  # the clock Textual stamps each key event with
from textual.app import App

from hedgemony_tui.table.public import PUBLIC

from .screens.handover import HANDOVER_ACTIONS, HandOverScreen

if TYPE_CHECKING:
    from textual.timer import Timer

    from hedgemony_tui.table.contract import AnyRules, Decision
    from hedgemony_tui.table.feed import Result, SeatFeed
    from hedgemony_tui.table.host import TableHost
    from hedgemony_tui.table.seats import Seats
    from hedgemony_tui.table.session import Session

    from .app import TableApp
    from .front import Front, Table
    from .running import Running
    from .screens.lesson import LessonRun

__all__ = ["FlowApp"]

UNSEEN_BATCH = 0.25
"""Seconds of unseen computer steps taken in one go before the screen is drawn again: a
sealed choice's lines, written by five computers, were drawn and saved one by one (100 steps
took 9 s a phase in the first year, and the save grows with the game)."""


class FlowApp(App[None]):
    """The game in play on this screen, through its host (see the module docstring)."""

    def __init__(self, *, bot_delay: float = 0.4) -> None:
        super().__init__()
        self._runner: Running | None = None
        self.bot_delay = bot_delay
        self.host: TableHost | None = None
        self.front: Front | None = None
        # True: a step waits in the event queue (no delay); a Timer: it waits on the clock.
        self._bot_timer: Timer | bool | None = None
        self.handing_over = False
        """A hand-over is due or showing: nothing of the game may be drawn or chosen."""
        self.handover_waiting = False
        """A hand-over waits for the board to be on top (a view of the holder's is open)."""
        self._holding: object = None  # a screen computer play waits for (a result, a lesson's note)
        self._told_stop = ""
        self._end_shown = False
        self.lesson: LessonRun | None = None
        """The lesson under way, or None (:mod:`.lesson`)."""
        self._asked: tuple[str, frozenset[str]] | None = None  # what the keyboard holder owes now
        self._keys_from = 0.0
        """Keys stamped before this moment were typed before the decision now asked was on
        screen (while the computers played or a season was resolved): they are dropped."""
        self._asked_drawn = True  # the screen has been drawn since the holder's decision changed
        self._asked_count = 0  # decisions the keyboard holder was newly asked
        self._told_dropped = 0

    # --- the Table a front sees ---------------------------------------------------------------

    @property
    def runner(self) -> Running:
        """The side of the app that runs a game (:mod:`.running`), built when a game first
        needs it."""
        if self._runner is None:
            # lazy: the title paints before the table core (host, session, saves, feed) and
            # the game screens load; they come with the first game opened
            from .running import Running

            self._runner = Running(cast("TableApp", self))
        return self._runner

    @property
    def rules(self) -> AnyRules:
        assert self.host is not None, "no game in play"
        return self.host.rules

    @property
    def seats(self) -> Seats:
        assert self.host is not None, "no game in play"
        return self.host.seats

    @property
    def session(self) -> Session | None:
        """The game's session (journal and undo), for saving; None before a game."""
        return self.host.session if self.host is not None else None

    @property
    def table(self) -> Table:
        """The app as a front sees it."""
        return cast("Table", self)

    @property
    def control_seat(self) -> str | None:
        return self.host.control if self.host is not None else None

    def viewer_seat(self) -> str:
        """The seat at the keyboard ("" while several people share it and nobody has it yet)."""
        return self.host.keyboard_seat() if self.host is not None else ""

    @property
    def feed(self) -> SeatFeed:
        """Everything the keyboard holder may see now (nobody's yet: the public part)."""
        assert self.host is not None, "no game in play"
        return self.host.feed(self.viewer_seat() or PUBLIC)

    def seen_state(self) -> Any:
        """The state as the seat at the keyboard may see it."""
        return self.feed.view

    def decision(self) -> Decision:
        """The pending decision as the keyboard holder may read it."""
        return self.feed.decision

    def keyboard_label(self) -> str:
        viewer = self.viewer_seat()
        holder = self.seats.name(viewer) if viewer and self.host is not None else "nobody yet"
        return f"Keyboard: {holder}"

    def hand_over_showing(self) -> bool:
        """A hand-over is on the screen stack: nothing but its own keys may act."""
        return any(isinstance(screen, HandOverScreen) for screen in self.screen_stack)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # While a hand-over shows, the app's keys (palette, help, ...) are refused too.
        if self.hand_over_showing():
            return action in HANDOVER_ACTIONS
        return super().check_action(action, parameters)

    def my_options(self) -> list[tuple[Any, str]]:
        """The keyboard holder's options with their labels (none while the keyboard is
        between two people or it is not theirs to take)."""
        host, front = self.host, self.front
        if host is None or front is None or self.handing_over or self.hand_over_showing():
            return []
        return [(i, self.label(i)) for i in host.my_options(self.viewer_seat())]

    def label(self, intent: Any) -> str:
        """An intent as the keyboard holder's menus name it."""
        return self.runner.label(intent)

    def player_name(self, seat: str) -> str:
        """Who is to take the keyboard: the name typed for ``seat``, else the seat as the
        new-game form lists it ("US Military (USM)"), never a bare id."""
        return self.runner.player_name(seat)

    def waiting_line(self) -> str:
        """What the game waits on, for the decision panel when nothing is the holder's."""
        feed = self.feed
        if feed.over:
            summary = feed.outcome.summary if feed.outcome is not None and feed.outcome.summary else ""
            line = f"The game is over. {summary}." if summary else "The game is over."
            return f"{line} {self.seed_line()}".strip()
        if feed.stopped:
            return feed.stopped
        seats = feed.decision.seats
        control = self.rules.info.control_seat

        def who(seat: str) -> str:
            # The control seat is "automated" (the form's word for its modes), a player "computer".
            machine = " (automated)" if seat == control else " (computer)"
            return self.seats.name(seat) + ("" if self.seats.human(seat) else machine)

        named = ", ".join(who(s) for s in seats)
        return f"Waiting on {named}…" if any(not self.seats.human(s) for s in seats) else f"Waiting on {named}."

    def seed_line(self) -> str:
        return self.host.seed_line() if self.host is not None else ""

    # --- the flow ---------------------------------------------------------------------------

    def advance(self) -> None:
        """After every change: redraw, then do what the host says comes next."""
        self._note_asked()
        self.runner.advance()

    def _note_asked(self) -> None:
        """A new decision for the keyboard holder (another kind, or seats the last one had
        not: the next season's orders) makes keys typed before it stale; the same sealed
        choice, fewer seats still writing, does not (a person writes while computers do)."""
        host = self.host
        if host is None:
            return
        seat = self.viewer_seat()
        if not seat:
            self._asked = None
            return
        decision = host.feed(seat).decision  # a screen of the table server's has the feed only
        asked = (decision.kind, frozenset(decision.seats)) if seat in decision.seats else None
        before, self._asked = self._asked, asked
        if asked is not None and (before is None or asked[0] != before[0] or not asked[1] <= before[1]):
            self._keys_from = get_time()
            self._asked_drawn = False
            self._asked_count += 1
            self.call_after_refresh(self._drawn)

    def _drawn(self) -> None:
        self._asked_drawn = True

    async def on_event(self, event: events.Event) -> None:
        # A key that waited in the queue while the computers played (the screen does not
        # draw meanwhile) was meant for the screen the person saw then: an Enter pressed
        # "again" after sealing an allocation handed in the next season's orders unseen.
        if isinstance(event, events.Key) and not event.is_forwarded and event.time < self._keys_from:
            if self._told_dropped != self._asked_count:  # once a decision
                self._told_dropped = self._asked_count
                self.notify(
                    "Keys pressed while the table was busy were not used: the decision changed.",
                    severity="warning",
                    timeout=4,
                    markup=False,
                )
            return
        await super().on_event(event)

    def _hand_over(self, seat: str, waiting: int, round_: bool) -> None:
        def taken(_: object = None) -> None:
            assert self.host is not None
            self.handing_over = False
            self.host.take_keyboard(seat)
            self.advance()  # results owed from while it was away come first

        extra = ""
        if round_:
            extra = "Everyone takes the keyboard in turn now, whether or not they have anything to do."
        self.push_screen(HandOverScreen(self.seats.name(seat), extra), taken)

    def resume_after_view(self) -> None:
        """The board is back on top: a hand-over that waited goes on; a result screen
        popped by a view key counts as seen."""
        released = self._holding is not None and self._holding not in self.screen_stack
        if released:
            self._release()
        if self.handover_waiting or released:
            self.call_later(self.advance)

    # --- results ----------------------------------------------------------------------------

    def _show_result(self, seat: str) -> None:
        """Show ``seat`` the oldest result it is owed (its front's screen from its own
        views); computer play waits until it is closed."""
        assert self.host is not None and self.front is not None
        host = self.host
        result = host.results(seat)[0]
        try:
            screen = self.front.result_screen(self.table, result.intent, result.before, result.after, seat)
        except Exception as exc:
            self.notify(f"the result screen failed: {exc}", severity="error", markup=False)
            screen = None
        if screen is None:  # nothing this seat may see was rolled
            host.result_seen(seat, result)
            self.call_later(self.advance)
            return
        self._current_result = result
        self.hold(screen, lambda: host.result_seen(seat, result))

    _current_result: Result | None = None

    def result_context(self) -> str:
        """For a result screen's footer: "while you were away (1 of 3)" when it is."""
        result = self._current_result
        if result is None or self.host is None or not result.away:
            return ""
        # Counted as shown: a result with nothing this seat may see is skipped, not shown.
        more = sum(1 for later in self.host.results(result.seat)[1:] if self._has_screen(later))
        return "While you were away: this result" + (f" and {more} more" if more > 0 else "")

    def _has_screen(self, result: Result) -> bool:
        assert self.front is not None
        try:
            screen = self.front.result_screen(self.table, result.intent, result.before, result.after, result.seat)
        except Exception:
            return True  # shown as the error it raises
        return screen is not None

    def hold(self, screen: Any, done: Callable[[], None] | None = None) -> None:
        """Push ``screen`` and hold computer play until it is closed (then ``done``)."""
        self.cancel_computer()
        self._holding = screen
        self._on_release = done

        def closed(_: object = None) -> None:
            if self._holding is screen:
                self._release()
                self.advance()

        self.push_screen(screen, closed)

    _on_release: Callable[[], None] | None = None

    def _release(self) -> None:
        done, self._on_release = self._on_release, None
        self._holding, self._current_result = None, None
        if done is not None:
            done()

    @property
    def pace(self) -> str:
        """The keyboard holder's pace (which results stop the game for it)."""
        return self.runner.pace()

    def set_pace(self, pace: str) -> None:
        """Set the keyboard holder's own pace (each person sets theirs)."""
        seat = self.viewer_seat()
        if self.host is not None and seat:
            self.host.set_pace(seat, pace)
            self.autosave_now()  # kept with the seats in the save

    # --- decisions --------------------------------------------------------------------------

    def choose(self, intent: Any) -> None:
        """A person at the keyboard picked ``intent`` (from the list, the palette or a worksheet)."""
        self.runner.choose(intent)

    def _computer_step(self) -> None:
        host = self.host
        if host is None:
            return
        host.play_computer()
        # Steps nobody sees are taken in one go (``UNSEEN_BATCH``), drawn and saved once.
        until = time.monotonic() + UNSEEN_BATCH
        while self._unseen_step() and time.monotonic() < until and self._computer_next():
            if not host.play_computer():
                break
        if not self._asked_drawn:
            # The screen has not shown the new decision yet (nothing is drawn while the
            # computers play): keys typed meanwhile were meant for the screen before.
            self._keys_from = get_time()
        self.advance()

    def _computer_next(self) -> bool:
        from hedgemony_tui.table.feed import ComputerTurn  # the table core loads with the first game

        return self.host is not None and isinstance(self.host.next_step(), ComputerTurn)

    def _schedule(self, step: Callable[[], None]) -> None:
        def run() -> None:
            self._bot_timer = None
            step()

        if self.bot_delay <= 0 or self._unseen_step():
            self._bot_timer = True
            self.call_later(run)
        else:
            self._bot_timer = self.set_timer(self.bot_delay, run)

    def _unseen_step(self) -> bool:
        """A computer's step inside a sealed choice several seats still owe: nobody sees it
        (the Grand Game's sheets are written line by line), so waiting on it only slows the
        table; its seal shows in the journal when it comes."""
        host = self.host
        if host is None or not self.rules.info.sealed_choices:
            return False
        return len(host.decision().seats) > 1

    def cancel_computer(self) -> None:
        """Forget a computer step that has not run yet (before an undo, a load or a note)."""
        if self._bot_timer not in (None, True):
            self._bot_timer.stop()  # type: ignore[union-attr]
        self._bot_timer = None

    def undo(self) -> None:
        """Take back the keyboard holder's last decision and the computers' after it (see
        :meth:`TableHost.undo`); say which were taken back."""
        self.runner.undo()

    def autosave_now(self) -> None:
        """Save the game as it is now (the app writes its autosave: :mod:`.app`)."""

    # --- the end ----------------------------------------------------------------------------

    def _show_the_end(self) -> None:
        """The first time the game is seen over: the seed on screen and the end-of-game
        screen (on the board's key afterwards)."""
        if self._end_shown or self.hand_over_showing():
            return
        self._end_shown = True
        # No toast: the end screen says the game is over and prints the seed on its first
        # line, and a toast over it hid its top lines at 100x30.
        self.show_end_report()

    def show_end_report(self) -> None:
        """Open the end-of-game screen (who won and why, the game's report, the charts)."""
        self.runner.show_end_report()

    def refresh_views(self) -> None:
        for screen in self.screen_stack:
            refresh = getattr(screen, "refresh_state", None)
            if refresh is not None:
                refresh()
        if self.lesson is not None:
            self.lesson.on_change(cast("TableApp", self))
