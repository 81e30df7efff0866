"""The flow of decisions at the table, for any game: after every change, redraw, then
let the computer play or pass the keyboard to the person who owes the decision.

Computer seats play through the table's one match loop step
(:func:`hedgemony_tui.table.match.next_choice`), a short delay apart so people can
follow. The automated control seat (White Cell, umpire) is asked at most once per state
before a person decides: it may act first (inject an event). Who takes the keyboard
next follows the game's metadata: where seats hide things from each other
(``hidden_information``) or owe a sealed choice, a hand-over screen that shows nothing
comes between two people; in an open game a "next player" notice is enough.

A computer player that cannot be loaded or fails is an error on screen and computer
play pauses there (undo or load goes on); nothing else plays in its place.

Every roll is shown to the people at the table: after a decision that rolled a die the
front's result screen, built from the views of the seat at the keyboard, is shown and
the flow waits until it is closed; the *pace* (:mod:`.screens.result_pause`) says which
of the computer players' rolls stop the game. When the game ends, the end-of-game
screen (:mod:`.screens.end_game`) opens once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from textual.app import App

if TYPE_CHECKING:
    from textual.timer import Timer

    from hedgemony_tui.table.contract import Decision, GameRules
    from hedgemony_tui.table.seats import Seats
    from hedgemony_tui.table.session import Session

    from .front import Front, Table
    from .notes import Note
    from .seats import Players

PUBLIC = "__nobody__"
"""A seat nobody holds: its view is what every seat may see."""


class FlowApp(App[None]):
    """The app's game in play and the flow between its decisions (see the module docstring)."""

    def __init__(self, *, bot_delay: float = 0.4) -> None:
        super().__init__()
        self.bot_delay = bot_delay
        self.rules: GameRules | None = None
        self.front: Front | None = None
        self.session: Session | None = None
        self.seats: Seats | None = None
        self.players: Players | None = None
        self.viewer: str | None = None
        self.notes: list[Note] = []
        # True: a step waits in the event queue (no delay); a Timer: it waits on the clock.
        self._bot_timer: Timer | bool | None = None
        self._control_asked: object = None
        self._handing_over = False
        self._handover_waiting = False
        self._stopped = ""
        self.pace = "every"
        """When a computer player's roll stops the game (see :mod:`.screens.result_pause`)."""
        self._pausing = False  # a result screen is up: computer play waits for it
        self._pause_screen: object = None
        self._end_shown = False  # the end-of-game screen opened once already

    # --- who sees what -------------------------------------------------------------------

    @property
    def state(self) -> Any:
        assert self.session is not None, "no game in play"
        return self.session.state

    @property
    def table(self) -> Table:
        """The app as a front sees it (a game in play: its rules and seats are set)."""
        return cast("Table", self)

    @property
    def control_seat(self) -> str | None:
        return self.rules.info.control_seat if self.rules is not None else None

    def viewer_seat(self) -> str:
        """The seat at the keyboard: the one handed it, else the only person, else (no
        person at all) the control seat; "" while several people share it and nobody
        has taken it yet."""
        if self.viewer is not None:
            return self.viewer
        humans = self.seats.humans() if self.seats else ()
        if len(humans) == 1:
            return humans[0]
        return (self.control_seat or "") if not humans else ""

    def keyboard_label(self) -> str:
        viewer = self.viewer_seat()
        holder = self.seats.name(viewer) if viewer and self.seats else "nobody yet"
        return f"Keyboard: {holder}"

    def seen_state(self) -> Any:
        """The state as the seat at the keyboard may see it (nobody's yet: the public part)."""
        assert self.rules is not None
        return self.rules.view(self.state, self.viewer_seat() or PUBLIC)

    def hand_over_showing(self) -> bool:
        """A hand-over is on the screen stack: the keyboard is between two people, and
        nothing but the hand-over's own keys may act."""
        from .screens.handover import HandOverScreen

        return any(isinstance(screen, HandOverScreen) for screen in self.screen_stack)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # While a hand-over shows, the app's keys (palette, help, ...) are refused too.
        if self.hand_over_showing():
            from .screens.handover import HANDOVER_ACTIONS

            return action in HANDOVER_ACTIONS
        return super().check_action(action, parameters)

    def my_options(self) -> list[tuple[Any, str]]:
        """The pending decision's intents, with their labels, if it is the viewer's to take."""
        if self.session is None or self._handing_over or self.rules is None or self.front is None:
            return []
        if self.hand_over_showing():
            return []
        rules, seats = self.rules, self.seats
        decision = rules.pending(self.state)
        viewer = self.viewer_seat()
        if decision.over or viewer not in decision.seats or seats is None or not seats.human(viewer):
            return []
        return [(i, self.front.intent_label(self.table, i)) for i in rules.legal(self.state) if rules.seat_of(i) == viewer]

    def names_of(self, seats: tuple[str, ...]) -> str:
        assert self.seats is not None
        return ", ".join(self.seats.name(s) for s in seats)

    # --- the flow of decisions -------------------------------------------------------------

    def advance(self) -> None:
        """After every change: redraw, then let a computer seat play or pass the keyboard."""
        if self.session is None or self.rules is None or self.seats is None or self.players is None:
            return
        state = self.state
        self.refresh_views()
        if self._bot_timer is not None or self._stopped or self._pausing:
            return
        decision = self.rules.pending(state)
        if decision.over:
            self._tell_the_seed()
            self._show_the_end()
            return
        if any(not self.seats.human(seat) for seat in decision.seats):
            self._schedule(self._computer_step)
            return
        control = self.players.control
        if control is not None and self._control_asked is not state:
            # The automated control seat has its say once before a person decides.
            from hedgemony_tui.table.match import next_choice

            from .seats import ComputerPlayerFailed

            self._control_asked = state
            try:
                step = next_choice(self.rules, state, {}, control)
            except ComputerPlayerFailed as exc:
                self._stop(str(exc))
                return
            if step is not None:
                seat, choice = step
                by = self.players.made_by(choice, seat, self.seats, self.control_seat)

                def act() -> None:
                    self.apply(choice.intent, reason=choice.reason, seat=seat, by=by,
                               public_reason=getattr(choice, "public_reason", False))

                self._schedule(act)
                return
        self._to_person(decision)

    def seed_line(self) -> str:
        """Once the game is over, its seed for everyone (it predicted every die, so it was
        the control seat's alone until now); "" while the game runs."""
        if self.session is None or self.rules is None or not self.rules.pending(self.state).over:
            return ""
        seed = getattr(self.session.start, "seed", None)
        return f"The seed was {seed}: start a new game with it to replay this one." if seed is not None else ""

    def _tell_the_seed(self) -> None:
        """At the end, the seed goes into the journal (public) and on screen, once."""
        from .notes import Note

        line = self.seed_line()
        if not line or any(n.kind == "seed" for n in self.notes):
            return
        assert self.rules is not None
        turn, phase = self.rules.turn_of(self.state)
        self.notes.append(Note(len(getattr(self.state, "log", ())), turn, phase,
                               self.control_seat or "table", "seed", line))
        self.notify(line, title="Game over", timeout=15, markup=False)

    def _show_the_end(self) -> None:
        """The first time the game is seen over, the end-of-game screen opens (on the
        board's key afterwards)."""
        if self._end_shown or self.hand_over_showing():
            return
        self._end_shown = True
        self.show_end_report()

    def show_end_report(self) -> None:
        """Open the end-of-game screen (who won and why, the game's report, the charts)."""
        if self.session is None or self.rules is None or not self.rules.pending(self.state).over:
            self.notify("the game is not over yet", severity="warning")
            return
        from .screens.end_game import EndGameScreen

        if not any(isinstance(s, EndGameScreen) for s in self.screen_stack):
            self.push_screen(EndGameScreen())

    def _to_person(self, decision: Decision) -> None:
        """A person owes the decision: hand them the keyboard as the game's regime says."""
        assert self.seats is not None and self.rules is not None
        seat = next(s for s in decision.seats if self.seats.human(s))
        if seat == self.viewer:
            return
        several = len(self.seats.humans()) > 1
        if several and (self.rules.info.hidden_information or len(decision.seats) > 1) \
                and not self._sees_the_same(self.viewer, seat, decision):
            from .screens.game import GameScreen

            if not isinstance(self.screen, GameScreen):
                # A result, a hand or the journal of the present holder is open: it may
                # show their secrets, so hand over only once they are back on the board.
                self._handover_waiting = True
                self.refresh_views()
                return
            self._handover_waiting = False
            self._handing_over = True
            self.refresh_views()
            self._hand_over(seat)
            return
        previous, self.viewer = self.viewer, seat
        if several and previous is not None:
            # Open information: nothing to hide, only say whose turn it is.
            self.notify(f"Next player: {self.seats.name(seat)}", title="Your turn", markup=False)
        self.refresh_views()

    def _sees_the_same(self, previous: str | None, seat: str, decision: Decision) -> bool:
        """Whether the keyboard may pass from ``previous`` to ``seat`` without a hand-over:
        allies who see exactly the same game (Hex Encounters' Blue and Green) have nothing
        to hide from each other. Never for a sealed choice of several seats."""
        assert self.rules is not None
        if previous is None or len(decision.seats) > 1:
            return False
        return bool(self.rules.view(self.state, previous) == self.rules.view(self.state, seat))

    def _hand_over(self, seat: str) -> None:
        from .screens.handover import HandOverScreen

        assert self.seats is not None

        def taken(_: object = None) -> None:
            self._handing_over = False
            self.viewer = seat
            self.refresh_views()

        self.push_screen(HandOverScreen(self.seats.name(seat)), taken)

    def _schedule(self, step: Callable[[], None]) -> None:
        def run() -> None:
            self._bot_timer = None
            step()

        if self.bot_delay <= 0:
            self._bot_timer = True
            self.call_later(run)
        else:
            self._bot_timer = self.set_timer(self.bot_delay, run)

    def cancel_computer(self) -> None:
        """Forget a computer step that has not run yet (before an undo or a load)."""
        if self._bot_timer not in (None, True):
            self._bot_timer.stop()  # type: ignore[union-attr]
        self._bot_timer = None

    def _stop(self, message: str) -> None:
        self._stopped = message
        self.notify(message + " — computer play is paused; undo or load to go on", severity="error", timeout=10, markup=False)
        self.refresh_views()

    def _computer_step(self) -> None:
        from hedgemony_tui.table.match import next_choice

        from .seats import ComputerPlayerFailed

        if self.session is None or self.rules is None or self.seats is None or self.players is None:
            return
        state = self.state
        decision = self.rules.pending(state)
        if decision.over or all(self.seats.human(s) for s in decision.seats):
            self.advance()
            return
        try:
            step = next_choice(self.rules, state, self.players.policies, self.players.control)
        except ComputerPlayerFailed as exc:
            self._stop(str(exc))
            return
        if step is None:
            waiting = [s for s in decision.seats if not self.seats.human(s)]
            self._stop(f"no computer player decided for {self.names_of(tuple(waiting))}")
            return
        seat, choice = step
        self.apply(choice.intent, reason=choice.reason, seat=seat,
                   by=self.players.made_by(choice, seat, self.seats, self.control_seat),
                   public_reason=getattr(choice, "public_reason", False))

    def apply(self, intent: Any, *, reason: str = "", seat: str | None = None, by: str = "",
              public_reason: bool = False) -> bool:
        """Apply an intent through the session (``by``: the computer player's kind, or a
        person); an illegal one is explained and changes nothing."""
        from hedgemony_tui.table.errors import IllegalIntent, SaveError

        from .notes import Note
        from .seats import PERSON

        if self.session is None or self.rules is None or self.seats is None or self.front is None:
            return False
        rules = self.rules
        before = self.state
        who = seat or rules.seat_of(intent)
        person = not by or by == PERSON
        index = len(self.session.journal)
        said = self._decision_words(intent, before, who)  # named as the decider saw it before
        try:
            after = self.session.apply(intent, by=PERSON if person else by, reason=reason)
        except IllegalIntent as exc:
            self.notify(str(exc), title="Not allowed", severity="error", markup=False)
            return False
        except (SaveError, OSError) as exc:  # the autosave could not be written; the decision stands
            after = self.state
            self.notify(f"autosave failed: {exc}", severity="warning", markup=False)
        self.autosave_now()  # after every decision, so none is ever lost
        text = f"{who} ({PERSON if person else by}): {said}"
        if reason:
            text += f" — {reason}"
        turn, phase = rules.turn_of(before)
        control = self.control_seat
        # A computer player's reasons are its own seat's and the facilitators' to read,
        # unless the policy built it from what every seat sees (``Choice.public_reason``):
        # then everyone reads the reason, and the decision itself only in the game's log.
        private = (who,) if not control or who == control else (who, control)
        after_log = len(getattr(before, "log", ()))
        if public_reason and reason and not person:
            self.notes.append(Note(after_log, turn, phase, who, "reason", f"{who} ({by}): {reason}", (), index))
            text = f"{who} ({by}): {said}"
        self.notes.append(Note(after_log, turn, phase, who, "decision", text, private, index))
        self._show_result(intent, before, after, who, person)
        self.advance()
        return True

    def _decision_words(self, intent: Any, before: Any, who: str) -> str:
        """A decision in the front's words (names, not ids) as ``who`` saw the table just
        before it: its own view, so the journal note tells nothing the seat did not know."""
        if self.front is None:
            return str(intent.describe())
        try:
            return self.front.intent_label(cast("Table", _DeciderTable(self.table, before, who)), intent)
        except Exception:  # a front that cannot name it: the intent's own words
            return str(intent.describe())

    def _show_result(self, intent: Any, before: Any, after: Any, who: str, person: bool) -> None:
        """Show what a decision rolled, from the views of the seat at the keyboard (a
        person's own decision: theirs), and hold computer play until it is closed."""
        from .screens.result_pause import MINE, NEVER

        assert self.rules is not None and self.front is not None
        rules, front = self.rules, self.front
        if not rules.reveals(before, after) or (not person and self.pace == NEVER):
            return  # nothing was rolled or shown (or the computers' rolls do not stop play)
        viewer = who if person else self.viewer_seat() or PUBLIC
        seen_before, seen_after = rules.view(before, viewer), rules.view(after, viewer)
        if not person and self.pace == MINE and not self.roll_involves(intent, seen_before, seen_after, viewer):
            return
        screen = front.result_screen(self.table, intent, seen_before, seen_after, viewer)
        if screen is None:
            return  # nothing this seat may see was rolled (a private roll)

        def closed(_: object = None) -> None:
            self._pausing = False
            self.advance()

        self._pausing = True
        self._pause_screen = screen
        self.push_screen(screen, closed)

    def resume_if_closed(self) -> None:
        """The board is back although the result screen was not dismissed (a view key or
        the palette popped it): computer play goes on."""
        if self._pausing and self._pause_screen not in self.screen_stack:
            self._pausing = False
            self.call_later(self.advance)

    def roll_involves(self, intent: Any, seen_before: Any, seen_after: Any, seat: str) -> bool:
        """Whether a roll concerns ``seat`` (the front says; by default: it decided it)."""
        assert self.rules is not None
        involves = getattr(self.front, "roll_involves", None)
        if involves is not None:
            return bool(involves(intent, seen_before, seen_after, seat))
        return self.rules.seat_of(intent) == seat

    def choose(self, intent: Any) -> None:
        """A person at the keyboard picked ``intent`` (from a list, the palette or a worksheet)."""
        if intent is not None and not self.hand_over_showing():
            self.apply(intent)

    def autosave_now(self) -> None:
        """Save the game as it is now (the app writes its autosave; here: nothing)."""

    def refresh_views(self) -> None:
        for screen in self.screen_stack:
            refresh = getattr(screen, "refresh_state", None)
            if refresh is not None:
                refresh()


class _DeciderTable:
    """The table as one seat saw it at one state (for the journal's decision notes): the
    front names the decision from this seat's view; anything else is the table's own."""

    def __init__(self, table: Any, state: Any, seat: str) -> None:
        self._table, self._state, self._seat = table, state, seat

    @property
    def state(self) -> Any:
        return self._state

    def viewer_seat(self) -> str:
        return self._seat

    def seen_state(self) -> Any:
        return self._table.rules.view(self._state, self._seat or PUBLIC)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._table, name)
