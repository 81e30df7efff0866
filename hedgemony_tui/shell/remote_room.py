"""The room view of a served table (``hedgemony room --store STORE``, issue 34): the
existing room view, drawn from the store's public packet only and redrawn when it changes.

It never sees the game's state: its "state" is the room's view from the packet, so nothing
a seat or the White Cell keeps private can reach a projector.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Static

from hedgemony_tui.table.contract import Decision
from hedgemony_tui.table.feed import PUBLIC
from hedgemony_tui.table.registry import get_front, get_rules
from hedgemony_tui.table.remote_feed import PacketError, SeatPacket, load
from hedgemony_tui.table.seats import Seats
from hedgemony_tui.table.store import TableStore

from .remote import POLL
from .viewing import ROOM_CSS, ViewingApp


class StoreRoomApp(ViewingApp):
    """The public view of the table in ``store``, following its PUBLIC packet."""

    CSS = ROOM_CSS
    BINDINGS = [Binding("q", "quit", "Quit", id="room.quit")]

    def __init__(self, store: TableStore) -> None:
        self.store = store
        rules = get_rules(store.meta("game"))
        self.packet = self._read()
        if self.packet is None:
            raise PacketError("The table's host has not published the room yet: start `hedgemony host` first.")
        names = {s: n for s, n in self.packet.names.items() if n}
        super().__init__(
            rules, get_front(rules.info.id), self.packet.feed.view, seats=Seats.of_specs(rules.seats(), names=names)
        )
        self._data = store.data_version()
        self._version = store.version(PUBLIC)

    def _read(self) -> SeatPacket | None:
        found = self.store.packet(PUBLIC)
        return load(found[1]) if found is not None else None

    # the room's own view, as the packet has it (never worked out from a state here)
    def seen_state(self) -> Any:
        return self._state

    def decision(self) -> Decision:
        assert self.packet is not None
        return self.packet.feed.decision

    def compose(self) -> ComposeResult:
        yield Static(id="room-status")
        yield from self.compose_board()
        yield Footer()

    def on_mount(self) -> None:
        self.title = f"{self.rules.info.title} — room view"
        self.redraw()
        self.set_interval(POLL, self.check_store)

    def redraw(self) -> None:
        super().redraw()
        assert self.packet is not None
        feed = self.packet.feed
        status = Text(no_wrap=True, overflow="ellipsis")
        status.append(f"{self.rules.info.title} · room view · turn {feed.turn}, {feed.phase}")
        if self.packet.paused:
            status.append(" · paused by the facilitator")
        if self.packet.message:
            status.append(f" · {self.packet.message}")
        self.query_one("#room-status", Static).update(status)

    def check_store(self) -> None:
        # The cheap pragma first; the room's version next; the packet only when it moved.
        data = self.store.data_version()
        if data == self._data:
            return
        self._data = data
        version = self.store.version(PUBLIC)
        if version == self._version:
            return
        self._version = version
        packet = self._read()
        if packet is not None:
            self.packet, self._state = packet, packet.feed.view
            self.redraw()
