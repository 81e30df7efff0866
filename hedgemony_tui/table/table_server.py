"""The table server: the one process that owns a game played on many screens (issue 34).

It holds the :class:`~.host.TableHost` and a :class:`~.store.TableStore`. Screens in other
processes only write submissions (JSON) to the store; :meth:`TableServer.step` applies them
in order, settles each, lets a computer player decide when one owes the decision, then
publishes every seat's packet, the room's and the console's together with the save text in
one transaction, and writes the TOML autosave (atomic, with its ``.bak``) after the store,
so a server killed at any moment restarts from the store (``hedgemony host --resume``).

Every seat has its own screen here, so no keyboard is passed: the host runs with
``apart`` set (no eyes-closed rounds: a sealed choice is each seat answering on its own
screen) and results owed to people never hold up a computer player.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from .errors import IllegalIntent, NothingToUndo
from .host import TableHost
from .players import Players
from .public import PUBLIC
from .remote_feed import dump, packet_for
from .save_io import write_save
from .seats import HUMAN, Seats, SeatSetup
from .store import APPLIED, CONSOLE, PLAYED_BY, REFUSED, Submission, TableStore

PAUSED = "The facilitator has paused the game"
STALE = "The decision changed meanwhile: choose again"
TAKEN_OVER = "This seat was opened on another screen"
TO_COMPUTER = "The facilitator gave this seat to a computer player"


class _Refused(Exception):
    """A submission refused, with the one line its screen shows."""


class TableServer:
    """Applies the screens' submissions to ``host`` and publishes what each seat may see."""

    def __init__(self, host: TableHost, store: TableStore, save_path: str | Path | None) -> None:
        self.host = host
        self.store = store
        self.save_path = Path(save_path) if save_path is not None else None
        host.apart = True
        self._last_bot = 0.0
        self._saved_decisions = -1

    # --- one pass -------------------------------------------------------------------------------

    @property
    def paused(self) -> bool:
        return self.store.meta("paused", "0") == "1"

    def bot_delay(self) -> float:
        try:
            return max(0.0, float(self.store.meta("bot_delay", "0") or 0))
        except ValueError:
            return 0.0

    def step(self, *, now: float | None = None) -> bool:
        """Apply pending submissions, let one computer decide if one owes it (and its delay
        has passed), publish; True when anything changed."""
        now = time.monotonic() if now is None else now
        changed = False
        settled: list[tuple[int, str, str]] = []
        for submission in self.store.pending():
            try:
                self._apply(submission)
            except _Refused as refusal:
                settled.append((submission.id, REFUSED, str(refusal)))
            else:
                settled.append((submission.id, APPLIED, ""))
                changed = True
        if not self.paused and self.host.computer_owes() and now - self._last_bot >= self.bot_delay():
            if self.host.play_computer():
                self._last_bot = now
                changed = True
        # Answered in the same transaction as the packets: a screen told "applied" finds the
        # packet that follows from it, and a host killed in between has answered nothing.
        self.publish(settled)
        return changed

    def publish(self, settled: Sequence[tuple[int, str, str]] = ()) -> None:
        """Every packet and the save text in one transaction; then the TOML autosave."""
        host = self.host
        paused = self.paused
        message = PAUSED if paused else ""
        connected = self.store.clients()
        packets = {
            seat: dump(packet_for(host, seat, paused=paused, message=message, connected=connected))
            for seat in (*host.seats.seats, PUBLIC, CONSOLE)
        }
        text = self.save_text()
        decisions = len(host.session.journal)
        self.store.publish(packets, text, decisions, settled)
        if self.save_path is not None and decisions != self._saved_decisions:
            write_save(self.save_path, text)  # after the store: the store is the one to resume from
            self._saved_decisions = decisions

    def flush(self) -> None:
        """The TOML autosave as the store has it, if it is not already (the store is
        written first: a stop between the two writes leaves the file behind)."""
        text = self.store.save_text()
        if self.save_path is None or text is None:
            return
        try:
            same = self.save_path.read_text(encoding="utf-8") == text
        except OSError:
            same = False
        if not same:
            write_save(self.save_path, text)

    def save_text(self) -> str:
        return self.host.session.text()

    # --- submissions ----------------------------------------------------------------------------

    def _apply(self, sub: Submission) -> None:
        owner = self.store.owner(sub.seat)
        if owner is not None and owner != sub.client_id:
            raise _Refused(TAKEN_OVER)
        if sub.seat == CONSOLE:
            self._console(sub)
            return
        if sub.seat not in self.host.seats.seats:
            raise _Refused(f"no seat {sub.seat!r} at this table")
        if not self.host.seats.human(sub.seat):
            # A screen left over from before the seat went to a computer (its code revoked).
            raise _Refused(TO_COMPUTER)
        self._seat(sub.seat, sub)

    def _seat(self, seat: str, sub: Submission) -> None:
        host, body = self.host, sub.body
        if sub.kind == "choose":
            self._choose(seat, seat, sub)
        elif sub.kind == "seen":
            for _ in range(_count(body.get("count", 1))):
                owed = host.results(seat)
                if not owed:
                    break
                host.result_seen(seat, owed[0])
        elif sub.kind == "pace":
            try:
                host.set_pace(seat, str(body.get("pace", "")))
            except ValueError as error:
                raise _Refused(str(error)) from None
        elif sub.kind == "undo":
            if self.paused:
                raise _Refused(PAUSED)
            try:
                host.undo(seat)
            except (IllegalIntent, NothingToUndo) as error:
                raise _Refused(str(error)) from None
        else:
            raise _Refused(f"unknown request {sub.kind!r}: choose, seen, pace or undo")

    def _choose(self, seat: str, packet_key: str, sub: Submission) -> None:
        if self.paused:
            raise _Refused(PAUSED)
        if self.store.version(packet_key) != sub.version:
            raise _Refused(STALE)
        options = self.host.feed(seat).options
        index = sub.body.get("option")
        if not isinstance(index, int) or not 0 <= index < len(options):
            raise _Refused(
                f"no option {index!r}: choose 0 to {len(options) - 1}" if options else "nothing to choose now"
            )
        try:
            self.host.submit(seat, options[index])
        except IllegalIntent as error:
            raise _Refused(str(error)) from None

    def _console(self, sub: Submission) -> None:
        body = sub.body
        action = body.get("action") if sub.kind == "console" else sub.kind
        if action == "pause":
            self.store.set_meta("paused", "1")
        elif action == "resume":
            self.store.set_meta("paused", "0")
        elif action == "bot_delay":
            seconds = body.get("seconds")
            if not isinstance(seconds, (int, float)) or not 0 <= seconds <= 60:
                raise _Refused("the delay between computer decisions is 0 to 60 seconds")
            self.store.set_meta("bot_delay", repr(float(seconds)))
        elif action == "revoke":
            seat = str(body.get("seat", ""))
            if seat not in self.host.seats.seats:
                raise _Refused(f"no seat {seat!r} at this table")
            self.store.revoke(seat)
        elif action == "switch":
            self._switch(str(body.get("seat", "")), str(body.get("to", "")))
        elif action == "choose":
            control = self.host.control
            if not control:
                raise _Refused("this game has no control seat")
            self._choose(control, CONSOLE, sub)
        else:
            raise _Refused(f"unknown console request {action!r}: pause, resume, bot_delay, revoke, switch or choose")

    def _switch(self, seat: str, to: str) -> None:
        """Hand ``seat`` to a computer (``to`` = "computer") or to a person ("person") in the
        middle of the game. The seats live in the save, so the autosave and ``--resume`` keep
        it. A person's codes stop working; a person's new code is made by the console that
        asked, where the facilitator reads it (as after "revoke")."""
        host = self.host
        if seat not in host.seats.seats:
            raise _Refused(f"no seat {seat!r} at this table")
        if seat == host.control:
            raise _Refused(f"the control seat ({host.seats.name(seat)}) is not switched from the console")
        if to not in ("person", "computer"):
            raise _Refused(f"a seat switches to 'person' or 'computer', not {to!r}")
        if host.seats.human(seat) == (to == "person"):
            raise _Refused(f"{host.seats.name(seat)} is already played by a {to}")
        kind = HUMAN if to == "person" else switch_policy(host.rules.policy_names())
        if kind != HUMAN:
            # Only this seat's policy is made: the other computers keep theirs as they are.
            made = Players.load(host.rules, Seats({seat: SeatSetup(kind)}))
            if made.problems or seat not in made.policies:
                raise _Refused("; ".join(made.problems) or f"no computer player for {host.seats.name(seat)}")
            host.players.policies[seat] = made.policies[seat]
            for result in host.results(seat):  # nobody is left to look at them
                host.result_seen(seat, result)
        else:
            host.players.policies.pop(seat, None)
        setup = host.seats.of(seat)
        host.seats = attrs.evolve(host.seats, seats={**host.seats.seats, seat: attrs.evolve(setup, kind=kind)})
        host.session.seats = host.seats
        # Said before the revoke: a screen that sees its seat gone finds the reason already there.
        self.store.set_meta(PLAYED_BY + seat, to)
        if kind != HUMAN:
            self.store.revoke(seat)
        self._saved_decisions = -1  # no decision was taken, but the autosave's seats changed

    # --- running --------------------------------------------------------------------------------

    def serve(self, stop: threading.Event, *, tick: float = 0.03, heartbeat: float = 1.0) -> None:
        """Run until ``stop`` is set: wake on the store's ``data_version`` (another process
        committed), a heartbeat every ``heartbeat`` seconds, computers paced by ``bot_delay``."""
        self.step()
        seen = self.store.data_version()
        beat = 0.0
        while not stop.is_set():
            now = time.monotonic()
            if now - beat >= heartbeat:
                self.store.set_meta("heartbeat", repr(time.time()))
                beat = now
            version = self.store.data_version()
            bot_due = now - self._last_bot >= self.bot_delay() and not self.paused and self.host.computer_owes()
            if version != seen or bot_due:
                # Taken before the step: a screen that commits during it wakes the next pass.
                seen = version
                self.step(now=now)
            stop.wait(tick)


def switch_policy(names: Sequence[str]) -> str:
    """The policy a seat handed to a computer from the console gets: ``basic`` where the game
    has it (it plays sensibly), else the host's own default (``random``, else the first)."""
    for wanted in ("basic", "random"):
        if wanted in names:
            return wanted
    return names[0]


def _count(value: Any) -> int:
    return value if isinstance(value, int) and 0 < value <= 1000 else 1
