"""What a screen in another process reads: one seat's packet (issue 34).

The table server (``hedgemony host``) builds a :class:`SeatPacket` for every seat, the
room (:data:`~.public.PUBLIC`) and the facilitator's console (:data:`~.store.CONSOLE`)
after each change, pickles it with :func:`dump` and publishes it in the table's store; a
seat's screen loads only its own with :func:`load`. A packet carries what that seat may
see and nothing else: its :class:`~.feed.SeatFeed`, the results owed to it, what each of
its options would commit, its pace and the players' names. Only the console's packet says
who is connected and who still owes an answer (never what anyone chose).

Pickle is safe here only because the reader trusts the writer: packets are written by the
facilitator's own host process into a store file only that user may read (mode 0600), and
the server never unpickles anything a client wrote (submissions are JSON).
"""

from __future__ import annotations

import pickle
from collections.abc import Mapping
from typing import TYPE_CHECKING

import attrs

from .commitment import Commitment
from .feed import EVERY, Result, SeatFeed
from .public import PUBLIC
from .store import CONSOLE as CONSOLE  # one definition, the store's; read from here too

if TYPE_CHECKING:  # the host is only read here, never made
    from .host import TableHost

PACKET_FORMAT = 1
"""Bumped when :class:`SeatPacket` changes shape: a screen refuses a packet of another."""


class PacketError(Exception):
    """A packet this program cannot read (another version, or damaged): one line for a person."""


@attrs.frozen(eq=False)
class SeatPacket:
    """One seat's (or the room's, or the console's) share of the table now."""

    seat: str
    """The seat; PUBLIC for the room; CONSOLE for the facilitator's console."""
    feed: SeatFeed
    results: tuple[Result, ...]
    commitments: tuple[Commitment | None, ...]
    """For each of ``feed.options`` when the seat owes the decision: what taking it closes."""
    pace: str
    names: Mapping[str, str]
    """Each seat's player's name (public at the table)."""
    paused: bool
    message: str = ""
    """A line from the facilitator or the table ("Paused by the facilitator")."""
    waiting_on: tuple[str, ...] = ()
    """The console's only: the seats that still owe an answer (never what anyone answered)."""
    connected: Mapping[str, float] = attrs.field(factory=dict)
    """The console's only: seat -> when its screen was last seen."""
    humans: tuple[str, ...] = ()
    """The seats people play (public at the table)."""
    format: int = PACKET_FORMAT


def _feed_seat(host: TableHost, seat: str) -> str:
    # The console sees what the control seat sees: the whole table, as in hot-seat play.
    if seat == CONSOLE:
        return host.control or PUBLIC
    return seat or PUBLIC


def packet_for(
    host: TableHost,
    seat: str,
    *,
    paused: bool = False,
    message: str = "",
    connected: Mapping[str, float] | None = None,
) -> SeatPacket:
    """``seat``'s packet from ``host`` now (``seat`` a seat id, PUBLIC or CONSOLE)."""
    who = _feed_seat(host, seat)
    feed = host.feed(who)
    room = who == PUBLIC
    # Commitments only when the seat owes the decision: they are worked out on the real state.
    owes = bool(feed.options) and not room and not feed.over
    console = seat == CONSOLE
    waiting: tuple[str, ...] = ()
    if console and not host.over:
        # Who still owes the decision, by seat only: never what anyone chose or will choose.
        waiting = tuple(s for s in host.decision().seats if s in host.seats.seats)
    return SeatPacket(
        seat=seat,
        feed=feed,
        results=() if room else tuple(host.results(who)),
        commitments=tuple(host.commitment(who, option) for option in feed.options) if owes else (),
        pace=host.pace.get(who, EVERY),
        names={s: host.seats.name(s) for s in host.seats.seats},
        paused=paused,
        message=message,
        waiting_on=waiting,
        connected=dict(connected or {}) if console else {},
        humans=tuple(host.humans()),
    )


def dump(packet: SeatPacket) -> bytes:
    """The packet's bytes for the store (equal tables give equal bytes, so the store bumps a
    seat's version only when what it sees changed)."""
    return pickle.dumps(packet, protocol=pickle.HIGHEST_PROTOCOL)


def load(body: bytes) -> SeatPacket:
    """The packet from the store's bytes; :class:`PacketError` with one line when it is not one."""
    try:
        packet = pickle.loads(body)
    except Exception as error:  # a damaged or foreign body: say so, never a traceback
        raise PacketError(f"This table's data could not be read ({type(error).__name__}).") from None
    if not isinstance(packet, SeatPacket):
        raise PacketError("This table's data is not a seat's packet.")
    if packet.format != PACKET_FORMAT:
        raise PacketError(
            f"This table was written by another version of hedgemony (packet format {packet.format}, "
            f"this one reads {PACKET_FORMAT})."
        )
    return packet
