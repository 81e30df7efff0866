"""The table host: the one headless owner of a game in play.

It holds the session (state, journal, undo), the seats and who plays them, the computer
players and the automated control seat, each seat's pace, the table's notes and the
coach. Everything that plays the game goes through it:

* a person's choice comes in as :meth:`TableHost.submit` ``(seat, intent)``;
* the computer players are stepped by :meth:`TableHost.play_computer`;
* :meth:`TableHost.next_step` says what the table does now — show the keyboard holder
  the results it is owed, let a computer decide, hand the keyboard to a person (with a
  hand-over, a "next player" notice, or an eyes-closed round), or nothing more;
* what a seat may see comes out only as its feed (:meth:`TableHost.feed`) and the
  results owed to it (:meth:`TableHost.results`), built from ``rules.view`` and
  ``rules.pending_for``, computed once per state and seat.

The shell, the CLI and the tests drive the same host: no screen holds the whole state,
and nothing here draws.

Results go to those they concern: after a decision that rolled a die or revealed
something, every seat a person plays is owed its result screen when the result
concerns it (``rules.concerns``) or its pace asks for every roll; the keyboard holder
sees its own at once, the others after their next hand-over, in order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .coaching import coach_remark
from .commitment import Commitment, commitment
from .contract import AnyRules, Decision, coach_of
from .errors import IllegalIntent
from .feed import (
    EVERY,
    HANDOVER,
    KEEP,
    MINE,
    NOTICE,
    PACES,
    PASS,
    PUBLIC,
    Applied,
    CoachRemark,
    ComputerTurn,
    Ended,
    Event,
    GameOver,
    Pass,
    PersonTurn,
    Result,
    SealedComplete,
    SeatFeed,
    ShowResults,
    Step,
    Stopped,
    Wait,
)
from .host_undo import take_back
from .match import next_choice
from .notes import Note
from .players import PERSON, ComputerPlayerFailed, Players
from .rounds import EyesClosedRound
from .seats import Seats
from .session import Session

Label = Callable[[Any, str, Any], str]
"""How a decision reads for a seat: (that seat's view, the seat, the intent) -> words."""


class TableHost:
    """One game in play and everyone at its table (see the module docstring)."""

    def __init__(
        self,
        rules: AnyRules,
        session: Session,
        seats: Seats,
        *,
        players: Players | None = None,
        label: Label | None = None,
        on_change: Callable[[], None] | None = None,
        pace: Mapping[str, str] | None = None,
        coached: bool = False,
    ) -> None:
        self.rules = rules
        self.session = session
        self.seats = seats
        session.seats = seats
        self.players = players if players is not None else Players.load(rules, seats)
        self.label: Label = label or (lambda view, seat, intent: str(intent.describe()))
        self.on_change = on_change
        self.control = rules.info.control_seat
        # Each person's own pace: as saved with the seats, else as asked, else every roll.
        self.pace: dict[str, str] = {seat: setup.pace or EVERY for seat, setup in seats.seats.items()}
        for seat, chosen in (pace or {}).items():
            self.set_pace(seat, chosen)
        self.coached = coached
        self.notes: list[Note] = []
        self.keyboard: str | None = None
        self.stopped = "; ".join(self.players.problems)
        self._owed: dict[str, list[Result]] = {}
        self._control_asked: object = None
        self._control_choice: Any = None
        self._round: EyesClosedRound | None = None  # an eyes-closed round under way (:mod:`.rounds`)
        self.apart = False  # every seat on its own screen (table_server): no keyboard to pass, no round
        self._sealed: tuple[str, tuple[str, ...]] | None = None  # a sealed choice under way: its kind, its seats
        # Computed once per state: the views, the pending decision, the legal options, the feeds.
        self._cache_state: object = None
        self._views: dict[str, Any] = {}
        self._feeds: dict[str, tuple[tuple[int, str, str | None, int], SeatFeed]] = {}
        self._decision: Decision | None = None
        self._legal: list[Any] | None = None
        self._advice: tuple[object, str, Any] | None = None
        self.watch: Callable[[Any, str, Any], None] | None = None
        """Hears each computer decision before it is applied: (state, seat, Choice)."""

    # --- the state, once per state ------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The whole state: the host's own, and the control seat's (through :meth:`feed`)."""
        return self.session.state

    def _fresh(self) -> None:
        if self._cache_state is not self.session.state:
            self._cache_state = self.session.state
            self._views, self._feeds = {}, {}
            self._decision, self._legal = None, None

    def decision(self) -> Decision:
        """The pending decision, whole (the host's; a seat reads :meth:`feed`)."""
        self._fresh()
        if self._decision is None:
            self._decision = self.rules.pending(self.session.state)
        return self._decision

    def legal(self) -> list[Any]:
        self._fresh()
        if self._legal is None:
            self._legal = self.rules.legal(self.session.state)
        return self._legal

    def view(self, seat: str) -> Any:
        """``seat``'s view of the state now (the control seat's is the whole state)."""
        self._fresh()
        if seat not in self._views:
            state = self.session.state
            self._views[seat] = state if seat and seat == self.control else self.rules.view(state, seat or PUBLIC)
        return self._views[seat]

    @property
    def over(self) -> bool:
        return self.decision().over

    def feed(self, seat: str) -> SeatFeed:
        """Everything ``seat`` may see now and nothing else (:class:`SeatFeed`); ``""`` or
        :data:`PUBLIC`: what every seat may see."""
        seat = seat or PUBLIC
        self._fresh()
        key = (len(self.notes), self.stopped, self.keyboard, len(self._round.seats) if self._round else 0)
        known = self._feeds.get(seat)
        if known is not None and known[0] == key:
            return known[1]
        state, rules = self.session.state, self.rules
        whole = seat == self.control and seat != PUBLIC
        decision = self.decision() if whole else rules.pending_for(state, seat)
        options: tuple[Any, ...] = ()
        if not decision.over and seat in decision.seats:
            options = tuple(i for i in self.legal() if rules.seat_of(i) == seat)
        if self._round and self._round.seat == seat and not (options and self._round.is_its_decision(decision)):
            options = (PASS,)  # nothing (more) for this seat in the round: the same key passes it on
        if self._round is not None and not whole and self._round.start is not None:
            # Until the round ends a screen shows the game as the round found it (.rounds)
            state = self._round.start
            decision = rules.pending_for(state, seat)
        view = self.view(seat) if state is self.session.state else rules.view(state, seat)
        turn, phase = rules.turn_of(state)
        notes = tuple(n for n in self.notes if n.visible(seat, self.control))
        outcome = rules.outcome(state) if decision.over else None
        made = SeatFeed(
            seat,
            view,
            decision,
            options,
            notes,
            turn,
            phase,
            outcome,
            self.stopped,
        )
        self._feeds[seat] = (key, made)
        return made

    # --- who holds the keyboard ----------------------------------------------------------------

    def humans(self) -> tuple[str, ...]:
        return self.seats.humans()

    def keyboard_seat(self) -> str:
        """The seat at the keyboard: the one that took it, else the only person, else (no
        person at all) the control seat; "" while several people share it and nobody has
        taken it yet."""
        if self.keyboard is not None:
            return self.keyboard
        humans = self.humans()
        if len(humans) == 1:
            return humans[0]
        return (self.control or "") if not humans else ""

    def take_keyboard(self, seat: str) -> None:
        """``seat`` has the keyboard now (after its hand-over, or a notice)."""
        self.keyboard = seat
        if self._round and self._round.seat == seat:
            self._round.taken = True

    def my_options(self, seat: str) -> tuple[Any, ...]:
        """``seat``'s options now, if a person plays it and it may act (else none)."""
        if not seat or not self.seats.human(seat) or self.stopped and not self.feed(seat).options:
            return ()
        if self._round and self._round.seat != seat:
            return ()
        return self.feed(seat).options

    # --- what the table does next ---------------------------------------------------------------

    def next_step(self) -> Step:
        """What the table does now (see the module docstring). The automated control seat
        is asked here, once per state, before a person decides: it may act first."""
        holder = self.keyboard_seat()
        if holder and self._owed.get(holder) and (not self._round or self._round.shows(holder, self._owed[holder][0])):
            # (An eyes-closed round shows only what was owed before it: see .rounds.)
            return ShowResults(holder)
        decision = self.decision()
        if decision.over:
            self._round = None
            return GameOver()
        if self.stopped:
            return Wait(self.stopped)
        if self._eyes_closed(decision) is not None:
            return self._round_turn(decision)
        computers = tuple(s for s in decision.seats if not self.seats.human(s))
        if computers:
            return ComputerTurn(computers)
        if self._ask_control():
            return ComputerTurn((self.control or "",))
        seat = next(s for s in decision.seats if self.seats.human(s))
        return PersonTurn(seat, self._how(seat, decision), len(self._owed.get(seat, ())))

    def _how(self, seat: str, decision: Decision) -> str:
        if seat == self.keyboard_seat() and (self.keyboard is not None or len(self.humans()) == 1):
            return KEEP
        several = len(self.humans()) > 1
        if not several:
            return KEEP
        secret = self.rules.info.hidden_information or len(decision.seats) > 1
        if secret and not self._sees_the_same(self.keyboard, seat, decision):
            return HANDOVER
        return NOTICE

    def _sees_the_same(self, previous: str | None, seat: str, decision: Decision) -> bool:
        """Allies (one team) who see exactly the same game (Hex Encounters' Blue and Green)
        pass the keyboard without a hand-over; never for a sealed choice of several seats,
        and never when one of them owes results the other may not see."""
        if previous is None or len(decision.seats) > 1 or self._owed.get(seat):
            return False
        # Only one team's seats: between others, equal views may be a secret's doing.
        teams = {spec.id: spec.team for spec in self.rules.seats()}
        allies = bool(teams.get(previous)) and teams.get(previous) == teams.get(seat)
        return allies and bool(self.view(previous) == self.view(seat))

    def _ask_control(self) -> bool:
        """Ask the automated control seat once per state; True when it acts now."""
        control = self.players.control
        state = self.session.state
        if control is None or self._control_asked is state:
            return self._control_choice is not None and self._control_asked is state
        self._control_asked, self._control_choice = state, None
        try:
            step = next_choice(self.rules, state, {}, control)
        except ComputerPlayerFailed as exc:
            self.stopped = str(exc)
            return False
        if step is not None:
            self._control_choice = step
        return step is not None

    # --- the eyes-closed round -------------------------------------------------------------------

    def _eyes_closed(self, decision: Decision) -> EyesClosedRound | None:
        """The eyes-closed round under way, or the one ``decision`` opens (:mod:`.rounds`):
        once started it runs to its end, every person taking the keyboard in turn."""
        if self._round is None and not self.apart:  # every person, the control seat's too
            people = list(self.humans())
            kinds, start, at = self.rules.info.eyes_closed_kinds, self.session.state, len(self.session.journal)
            self._round = EyesClosedRound.opened_by(decision, kinds, people, start, at)
        return self._round

    def _round_turn(self, decision: Decision) -> Step:
        assert self._round is not None
        if self._round.is_its_decision(decision) and any(not self.seats.human(s) for s in decision.seats):
            return ComputerTurn(())  # a computer's part, taken unseen and unnamed
        seat = self._round.seat
        # Every turn in the round opens with a hand-over, even to the seat that already has
        # the keyboard: the same screens and keys for everyone.
        how = KEEP if self._round.taken and self.keyboard == seat else HANDOVER
        return PersonTurn(seat, how, 0, round=True)

    def _round_done(self, seat: str) -> None:
        if self._round is not None and self._round.done(seat):
            self._round = None
            self.keyboard = None  # the round ends behind a hand-over like every turn in it

    def pass_turn(self, seat: str) -> None:
        """In an eyes-closed round, ``seat`` owes nothing (more) and passes the keyboard on."""
        if self._round is None or self._round.seat != seat:
            raise IllegalIntent("there is nothing to pass now")
        if self._round.owes(seat, self.decision()):
            raise IllegalIntent("you have a decision to take first")
        self._round_done(seat)
        self._changed()

    # --- decisions ------------------------------------------------------------------------------

    def submit(self, seat: str, intent: Any) -> list[Event]:
        """A person at ``seat`` takes ``intent``; IllegalIntent (with the reason) leaves
        everything as it was."""
        if isinstance(intent, Pass):
            self.pass_turn(seat)
            return []
        if not self.seats.human(seat):
            raise IllegalIntent(f"{self.seats.name(seat)} is played by the computer")
        if self.rules.seat_of(intent) != seat:
            raise IllegalIntent(f"that is not a decision of {self.seats.name(seat)}")
        advice = self._coach_before(seat, intent)
        seen = self.view(seat)
        events = self._apply(seat, intent, by=PERSON, reason="")
        if advice is not None and events and advice.intent != intent:
            events.append(self._coach_remark(seat, seen, advice, intent, events[0]))
        if self._round is not None and not self._round.owes(seat, self.decision()):
            self._round_done(seat)
        return events

    def computer_owes(self) -> bool:
        """A computer (or the automated control seat) decides now, whatever results people owe."""
        decision = self.decision()
        if decision.over or self.stopped:
            return False
        return any(not self.seats.human(s) for s in decision.seats) or self._ask_control()

    def play_computer(self) -> list[Event]:
        """Let the next computer player (or the automated control seat) decide; [] when
        none owes the decision (then :meth:`next_step` says who does)."""
        state = self.session.state
        decision = self.decision()
        if decision.over or self.stopped:
            return []
        if self._control_asked is state and self._control_choice is not None:
            seat, choice = self._control_choice
            self._control_choice = None
            if self.watch is not None:
                self.watch(state, seat, choice)
            by = self.players.made_by(choice, seat, self.seats, self.control)
            return self._apply(seat, choice.intent, by=by, reason=choice.reason, public_reason=choice.public_reason)
        if all(self.seats.human(s) for s in decision.seats):
            return []
        if self._round is not None and not self._round.is_its_decision(decision):
            return []  # the rest of a round is the people's passes; play goes on after it
        try:
            step = next_choice(self.rules, state, self.players.policies, self.players.control, self.view)
        except ComputerPlayerFailed as exc:
            self.stopped = str(exc)
            return [Stopped(self.stopped)]
        if step is None:
            waiting = [self.seats.name(s) for s in decision.seats if not self.seats.human(s)]
            self.stopped = f"no computer player decided for {', '.join(waiting)}"
            return [Stopped(self.stopped)]
        seat, choice = step
        self._control_asked = state  # the control seat was asked inside next_choice
        if self.watch is not None:
            self.watch(state, seat, choice)
        by = self.players.made_by(choice, seat, self.seats, self.control)
        return self._apply(seat, choice.intent, by=by, reason=choice.reason, public_reason=choice.public_reason)

    def run(self, *, until: Callable[[Any], bool] | None = None, max_decisions: int | None = None) -> int:
        """Let the computer players (and the automated control seat) decide until a
        person owes the decision, the game ends, computer play stops, or ``until(state)``
        holds; the number of decisions taken. RuntimeError past ``max_decisions`` (a game
        that never ends is a bug the fuzz tests look for)."""
        taken = 0
        while until is None or not until(self.session.state):
            if not isinstance(self.next_step(), ComputerTurn):
                break
            if max_decisions is not None and taken >= max_decisions:
                raise RuntimeError(f"the game did not end within {max_decisions} decisions")
            events = self.play_computer()
            if not events or isinstance(events[0], Stopped):
                break
            taken += 1
        return taken

    def _apply(self, seat: str, intent: Any, *, by: str, reason: str, public_reason: bool = False) -> list[Event]:
        session = self.session
        before = session.state
        decision_before = self.decision()
        views_before = dict(self._views)
        said = self._words(before, seat, intent, views_before)  # as the decider saw it
        index = len(session.journal)
        session.apply(intent, by=by, reason=reason)
        after = session.state
        entry = session.journal[-1]
        events: list[Event] = []
        person = by == PERSON
        self._note_decision(before, seat, by, said, reason, public_reason and not person, index)
        owed: tuple[str, ...] = ()
        if entry.barrier:
            owed = self._owe_results(before, after, views_before, seat, by, intent, index)
        events.append(Applied(index, seat, by, intent, entry.barrier, owed))
        decision_after = self.decision()
        if len(decision_before.seats) > 1 and (self._sealed is None or self._sealed[0] != decision_before.kind):
            self._sealed = (decision_before.kind, decision_before.seats)  # seats drop out as they choose
        if self._sealed is not None and decision_after.kind != self._sealed[0]:
            events.append(SealedComplete(*self._sealed))
            self._sealed = None
        if decision_after.over and not decision_before.over:
            self._tell_the_seed()
            events.append(Ended())
        self._changed()
        return events

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    def _words(self, state: Any, seat: str, intent: Any, views: Mapping[str, Any]) -> str:
        view = views.get(seat)
        if view is None:
            view = state if seat == self.control else self.rules.view(state, seat or PUBLIC)
        try:
            return self.label(view, seat, intent)
        except Exception:
            return str(intent.describe())

    def _note_decision(
        self, before: Any, seat: str, by: str, said: str, reason: str, public_reason: bool, index: int
    ) -> None:
        """The journal's line for a decision: the seat's own and the control seat's to
        read (a computer player's reason too), unless the reason was built from what
        every seat sees; the decision itself reaches the others through the game's log."""
        (turn, phase), after_log = self.rules.turn_of(before), len(getattr(before, "log", ()))
        private = (seat,) if not self.control or seat == self.control else (seat, self.control)
        head = f"{self.seats.labels.get(seat, seat)} ({by if by == PERSON or seat == self.control else 'computer'})"
        text, reason = f"{head}: {said}", reason.removeprefix(f"{by}: ")  # a bot's reason names its policy
        if public_reason and reason:
            self.notes.append(Note(after_log, turn, phase, seat, "reason", f"{head}: {reason}", (), index))
        elif reason:
            text += f" — {reason}"
        self.notes.append(Note(after_log, turn, phase, seat, "decision", text, private, index))

    # --- results to those they concern ----------------------------------------------------------

    def _owe_results(
        self, before: Any, after: Any, views_before: Mapping[str, Any], decider: str, by: str, intent: Any, index: int
    ) -> tuple[str, ...]:
        try:
            concerned = set(self.rules.concerns(before, after, intent))
        except Exception:
            concerned = {decider}
        concerned.add(decider)
        owed: list[str] = []
        holder = self.keyboard_seat()
        for seat in self.humans():
            own = seat == decider and by == PERSON
            pace = self.pace.get(seat, EVERY)
            wanted = own or pace == EVERY or (pace == MINE and seat in concerned)
            if not wanted:
                continue
            seen_before = views_before.get(seat)
            if seen_before is None:
                seen_before = before if seat == self.control else self.rules.view(before, seat)
            seen_after = self.view(seat)
            self._owed.setdefault(seat, []).append(
                Result(
                    seat,
                    index,
                    decider,
                    by,
                    intent,
                    seen_before,
                    seen_after,
                    away=seat != holder,
                    concerns=seat in concerned,
                )
            )
            owed.append(seat)
        return tuple(owed)

    def results(self, seat: str) -> tuple[Result, ...]:
        """The results owed to ``seat``, oldest first."""
        return tuple(self._owed.get(seat, ()))

    def result_seen(self, seat: str, result: Result | None = None) -> None:
        """``seat`` has seen its oldest owed result (or ``result``)."""
        owed = self._owed.get(seat)
        if not owed:
            return
        if result is None or owed[0] is result:
            owed.pop(0)
        elif result in owed:
            owed.remove(result)

    def set_pace(self, seat: str, pace: str) -> None:
        """``seat``'s own pace; it never changes by itself when the seats change."""
        if pace not in PACES:
            raise ValueError(f"no pace {pace!r}: choose one of {', '.join(PACES)}")
        self.pace[seat] = pace
        if seat in self.seats.seats and self.seats.of(seat).pace != pace:
            self.seats = self.seats.with_pace(seat, pace)  # saved with the game
            self.session.seats = self.seats

    # --- undo, and what undo could not take back ------------------------------------------------

    def undo(self, seat: str) -> tuple[Any, list[str]]:
        """Take back ``seat``'s last decision and every computer decision after it (never
        another person's), as long as nothing was rolled or revealed since. Returns the
        intent taken back and the computer seats whose decisions went with it (by seat
        only: what they chose may be private); NothingToUndo says why not."""
        return take_back(self, seat)

    def commitment(self, seat: str, intent: Any) -> Commitment | None:
        """What ``seat`` taking ``intent`` now would close for good (the game, the turn, the
        phase, its sealed part, its turn at the decision), worked out on the real state;
        only that, and the turn and phase it sees already, come back (:mod:`.commitment`)."""
        return commitment(self.rules, self.session.state, seat, intent, self.my_options(seat))

    # --- notes, the end, the coach ----------------------------------------------------------------

    def note(self, kind: str, text: str, *, actor: str | None = None, visible_to: tuple[str, ...] = ()) -> None:
        """A line of the table's own in the journal (a save, a load, a session note)."""
        turn, phase = self.rules.turn_of(self.session.state)
        self.notes.append(
            Note(
                len(getattr(self.session.state, "log", ())),
                turn,
                phase,
                actor or self.control or "table",
                kind,
                text,
                visible_to,
            )
        )

    def seed_line(self) -> str:
        """Once the game is over, its seed for everyone (it predicted every die, so it was
        the control seat's alone until now); "" while the game runs."""
        if not self.over:
            return ""
        seed = getattr(self.session.start, "seed", None)
        return f"The seed was {seed}: start a new game with it to replay this one." if seed is not None else ""

    def _tell_the_seed(self) -> None:
        line = self.seed_line()
        if line and not any(n.kind == "seed" for n in self.notes):
            self.note("seed", line)

    def advice(self, seat: str, include: tuple[Any, ...] = ()) -> Any:
        """The game's coach's advice for ``seat`` from its view now (None: no coach, or
        none for this decision); asked once per state and seat."""
        coach = coach_of(self.rules)
        if coach is None or not seat:
            return None
        state = self.session.state
        known = self._advice
        if known is not None and known[0] is state and known[1] == seat:
            advice = known[2]
            if advice is None or all(any(row.intent == i for row in advice.rows) for i in include):
                return advice
        view = self.view(seat)
        advice = coach(view, seat, include) if include else coach(view, seat)
        self._advice = (state, seat, advice)
        return advice

    def _coach_before(self, seat: str, intent: Any) -> Any:
        if not self.coached:
            return None
        try:
            return self.advice(seat, (intent,))
        except Exception:
            return None

    def _coach_remark(self, seat: str, view: Any, advice: Any, intent: Any, applied: Event) -> CoachRemark:
        """The coached game's private note: what the coach would have done instead (named
        from the seat's view before its decision) and what that was worth."""
        label = self.label
        text = coach_remark(advice, intent, lambda i: label(view, seat, i))
        index = applied.index if isinstance(applied, Applied) else None
        turn, phase = self.rules.turn_of(self.session.state)
        after = next((n.after for n in self.notes if n.journal == index), len(getattr(self.session.state, "log", ())))
        self.notes.append(Note(after, turn, phase, seat, "coach", text, (seat,), index))
        return CoachRemark(seat, text)
