"""A seat's stand-in for the table host when the game runs in another process (issue 34).

:class:`RemoteHost` answers the calls the shell makes on a :class:`~..table.host.TableHost`
for ONE seat, from that seat's packet in the table's store (``table/store.py``), and turns
what the person does into submissions the table server validates and applies. It never
holds another seat's packet: asking for another seat's feed is an error, so no screen can
show what its seat may not see. The computer players, saving and claims belong to the
server: here they do nothing (:data:`HOST_SAVES` is the one line a screen shows).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from hedgemony_tui.table.commitment import Commitment
from hedgemony_tui.table.contract import AnyRules, coach_of
from hedgemony_tui.table.errors import IllegalIntent
from hedgemony_tui.table.feed import KEEP, GameOver, PersonTurn, Result, SeatFeed, ShowResults, Step, Wait
from hedgemony_tui.table.remote_feed import SeatPacket, load
from hedgemony_tui.table.seats import Seats
from hedgemony_tui.table.store import CONSOLE, PLAYED_BY, TableStore

HOST_SAVES = "The table's host saves this game."
HOST_GONE = "The table's host is not running."
TAKEN_OVER = "This seat was opened on another screen."
TO_COMPUTER = "The facilitator gave this seat to a computer player: this screen takes no more choices."
SETTLE_WAIT = 10.0
"""Seconds a submission may wait for the server before the screen says the host is gone."""
POLL = 0.03
"""How often (seconds) the store's data_version is checked: a cheap pragma, not a read of the game."""


class RemoteHost:
    """One seat's view of a table served from ``store`` (``seat``: a seat id or CONSOLE)."""

    def __init__(
        self,
        store: TableStore,
        seat: str,
        client_id: str,
        rules: AnyRules,
        label: Callable[[Any, str, Any], str] | None = None,
    ) -> None:
        self.store, self.seat, self.client_id, self.rules = store, seat, client_id, rules
        self.session = None  # saving, loading and claims are the server's: the shell's are inert
        self.control = rules.info.control_seat
        self.keyboard: str | None = None
        self.version = 0
        self.packet: SeatPacket | None = None
        self._seen_data = -1
        self._label = label
        self.closed = False
        """Set when another screen took the seat: nothing more is sent from here."""
        self.refresh()
        names: Mapping[str, str] = self.packet.names if self.packet is not None else {}
        # Names only (who plays a seat is the server's business): every seat reads as a person here.
        self.seats = Seats.of_specs(rules.seats(), names={s: n for s, n in names.items() if n})
        self.pace: dict[str, str] = {self.me: self.packet.pace} if self.packet is not None else {}

    # --- the packet ---------------------------------------------------------------------------

    def refresh(self) -> bool:
        """Load the seat's packet if the store changed and its version moved; True when it did."""
        data = self.store.data_version()
        if data == self._seen_data and self.packet is not None:
            return False
        self._seen_data = data
        version = self.store.version(self.seat)
        if version == self.version and self.packet is not None:
            return False
        found = self.store.packet(self.seat)
        if found is None:
            return False
        self.version, body = found
        self.packet = load(body)
        self._seen_here = 0  # the server publishes after it applies our ``seen``: the new packet counts them
        return True

    def _packet(self) -> SeatPacket:
        if self.packet is None:
            raise IllegalIntent("The table's host has not published this seat yet: wait for it to start.")
        return self.packet

    @property
    def me(self) -> str:
        """The seat whose feed this screen shows (the console shows the control seat's)."""
        return self._packet().feed.seat

    def _mine(self, seat: str) -> None:
        if seat not in (self.me, self.seat):
            raise PermissionError(f"this screen holds only seat {self.me}'s feed, not {seat}'s")

    def owns_seat(self) -> bool:
        return self.store.owner(self.seat) == self.client_id

    def lost(self) -> str:
        """Why this screen no longer holds its seat: handed to a computer, or opened elsewhere."""
        return TO_COMPUTER if self.store.meta(PLAYED_BY + self.seat) == "computer" else TAKEN_OVER

    def host_running(self, now: float | None = None) -> bool:
        beat = self.store.meta("heartbeat", "0")
        try:
            return (now or time.time()) - float(beat) < 5.0
        except ValueError:
            return False

    # --- what the shell reads --------------------------------------------------------------------

    def feed(self, seat: str) -> SeatFeed:
        self._mine(seat)
        return self._packet().feed

    def view(self, seat: str) -> Any:
        return self.feed(seat).view

    @property
    def over(self) -> bool:
        return self._packet().feed.over

    @property
    def stopped(self) -> str:
        return self._packet().feed.stopped

    def label(self, view: Any, seat: str, intent: Any) -> str:
        return self._label(view, seat, intent) if self._label is not None else str(intent)

    def note(self, kind: str, text: str, *, actor: str | None = None, visible_to: tuple[str, ...] = ()) -> None:
        pass  # the table's notes are the server's: a screen's own lines are notifications

    def seed_line(self) -> str:
        return ""

    def take_keyboard(self, seat: str) -> None:
        self.keyboard = seat  # one seat per screen: the keyboard is always its own

    def humans(self) -> tuple[str, ...]:
        return (self.me,)

    def keyboard_seat(self) -> str:
        return self.me

    def my_options(self, seat: str) -> tuple[Any, ...]:
        # A screen whose seat was taken over offers nothing more (the other screen decides).
        return () if self.closed else self.feed(seat).options

    def results(self, seat: str) -> tuple[Result, ...]:
        self._mine(seat)
        return self._packet().results[self._seen_here :]

    _seen_here = 0  # results seen on this screen and not yet dropped from a newer packet

    def commitment(self, seat: str, intent: Any) -> Commitment | None:
        packet = self._packet()
        self._mine(seat)
        for option, made in zip(packet.feed.options, packet.commitments, strict=False):
            if option == intent:
                return made
        return None

    def advice(self, seat: str, include: tuple[Any, ...] = ()) -> Any:
        coach = coach_of(self.rules)
        if coach is None:
            return None
        view = self.view(seat)
        return coach(view, self.me, include) if include else coach(view, self.me)

    def next_step(self) -> Step:
        packet = self._packet()
        if self.results(self.me):
            return ShowResults(self.me)
        if packet.feed.over:
            return GameOver()
        if packet.feed.options and not packet.paused and not self.closed:
            return PersonTurn(self.me, KEEP)
        return Wait(packet.message or ("Paused by the facilitator" if packet.paused else ""))

    def play_computer(self) -> list[Any]:
        return []  # the server plays the computer seats

    # --- what the person does: submissions ---------------------------------------------------------

    def _send(self, kind: str, body: dict[str, Any], wait: Callable[[float], None] = time.sleep) -> None:
        if self.closed or not self.owns_seat():
            self.closed = True
            raise IllegalIntent(self.lost())
        sid = self.store.submit(self.seat, self.client_id, kind, self.version, body)
        deadline = time.monotonic() + SETTLE_WAIT
        while time.monotonic() < deadline:
            done = self.store.submission(sid)
            if done.status == "refused":
                raise IllegalIntent(done.message or "The table's host refused this.")
            if done.status == "applied":
                self._seen_data = -1
                self.refresh()
                return
            wait(POLL)
        raise IllegalIntent(HOST_GONE)

    def submit(self, seat: str, intent: Any) -> list[Any]:
        if self.closed:
            raise IllegalIntent(self.lost())
        options = self.my_options(seat)
        if intent not in options:
            raise IllegalIntent("That choice is not one of this seat's options now.")
        index = options.index(intent)
        if self.seat == CONSOLE:
            self._send("console", {"action": "choose", "option": index})
        else:
            self._send("choose", {"option": index})
        return []

    def result_seen(self, seat: str, result: Result | None = None) -> None:
        self._mine(seat)
        self._seen_here += 1  # hidden here at once; the server drops it from the next packet
        self.store.submit(self.seat, self.client_id, "seen", self.version, {"count": 1})

    def set_pace(self, seat: str, pace: str) -> None:
        self._mine(seat)
        self._send("pace", {"pace": pace})
        self.pace[self.me] = pace

    def undo(self, seat: str) -> tuple[Any, list[str]]:
        self._mine(seat)
        self._send("undo", {})
        return None, []

    def console(self, action: str, **extra: Any) -> None:
        """A facilitator's action (pause, resume, bot_delay, revoke, switch): the console only."""
        if self.seat != CONSOLE:
            raise PermissionError("only the facilitator's console may do that")
        self._send("console", {"action": action, **extra})
