"""A seat's screen on a table served from a store (issue 34): start the shell's game screens
on a :class:`~.remote.RemoteHost` and keep them in step with the store.

The watcher runs on a thread with its own store connection (SQLite connections stay on the
thread that made them): every :data:`~.remote.POLL` seconds it asks the cheap
``PRAGMA data_version``, reads only its seat's version when that moved, and calls the app
on its own thread to reload and redraw. Every ~2 s it tells the store the screen is alive;
it notices when another screen took the seat (no more input here) and when the server's
heartbeat stops ("the table's host is not running", gone again when it resumes).
"""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING, Any, cast

from hedgemony_tui.table.registry import get_front
from hedgemony_tui.table.store import CONSOLE, StoreError, TableStore

from .remote import HOST_GONE, POLL, TO_COMPUTER, RemoteHost
from .screens.game import game_screen

if TYPE_CHECKING:
    from hedgemony_tui.table.host import TableHost

    from .app import TableApp

HEARTBEAT = 2.0


def start_remote(app: TableApp, remote: RemoteHost) -> None:
    """Open the game screens of ``remote``'s game on ``app`` for its one seat."""
    rules = remote.rules
    front = get_front(rules.info.id)
    app.front = front
    remote._label = app.runner.label_for
    # The shell reads a host through the calls RemoteHost answers (see its docstring).
    app.host = cast("TableHost", remote)
    app.lesson = None
    app.handing_over = app.handover_waiting = False
    app._holding, app._told_stop, app._end_shown = None, "", False
    app.title, app.sub_title = front.title, remote.seats.name(remote.me)
    app._autosave_to = None  # the table's host saves the game
    while len(app.screen_stack) > 1:
        app.pop_screen()
    app.push_screen(game_screen(front, rules))
    app.call_after_refresh(app.advance)


class Watcher:
    """The thread that follows the store for one remote seat (see the module docstring)."""

    def __init__(self, app: Any, remote: RemoteHost) -> None:
        self.app, self.remote = app, remote
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, name="store-watcher", daemon=True)
        self.lost = False
        self.host_gone = False

    def start(self) -> None:
        self.thread.start()

    def close(self) -> None:
        self.stop.set()
        if self.thread.is_alive() and threading.current_thread() is not self.thread:
            self.thread.join(timeout=1)

    def _run(self) -> None:
        try:
            store = TableStore.open(self.remote.store.path)
        except StoreError as exc:
            self._call(self._tell, str(exc))
            return
        seat, client = self.remote.seat, self.remote.client_id
        data, version, beat = store.data_version(), store.version(seat), 0.0
        try:
            while not self.stop.wait(POLL):
                now = time.time()
                if now - beat >= HEARTBEAT:
                    beat = now
                    store.seen(client)
                    gone = not _running(store, now)
                    if gone != self.host_gone:
                        self.host_gone = gone
                        self._call(self._host_state, gone)
                changed = store.data_version()
                if changed == data:
                    continue
                data = changed
                if store.owner(seat) != client:
                    self.lost = True
                    self._call(self._taken_over)
                    return
                moved = store.version(seat)
                if moved != version:
                    version = moved
                    self._call(self._redraw)
        finally:
            store.close()

    def _call(self, fn: Any, *args: Any) -> None:
        try:
            self.app.call_from_thread(fn, *args)
        except RuntimeError:  # the app has closed meanwhile
            self.stop.set()

    # --- on the app's thread -----------------------------------------------------------------

    def _redraw(self) -> None:
        if self.remote.refresh() and self.app.host is self.remote:
            self.app.advance()
            redraw = getattr(self.app.screen, "redraw", None)
            if callable(redraw):  # the facilitator's console panel, when it is open
                redraw()

    def _taken_over(self) -> None:
        self.remote.closed = True
        self.app.advance()  # the panel empties: this screen takes no more choices
        why = self.remote.lost()  # handed to a computer by the facilitator, or opened elsewhere
        title = "Seat given to a computer" if why == TO_COMPUTER else "Seat taken over"
        self.app.notify(why, title=title, severity="warning", timeout=3600, markup=False)

    def _host_state(self, gone: bool) -> None:
        if gone:
            self.app.notify(HOST_GONE, title="Waiting", severity="warning", timeout=8, markup=False)
        else:
            self.app.notify("The table's host is running again.", timeout=4, markup=False)

    def _tell(self, text: str) -> None:
        self.app.notify(text, severity="error", markup=False)


def _running(store: TableStore, now: float) -> bool:
    try:
        return now - float(store.meta("heartbeat", "0")) < 5.0
    except ValueError:
        return False


def remote_app(store: TableStore, code: str | None) -> Any:
    """The app for one served seat (or the console) of ``store``; without ``code`` its
    first screen asks for one (:class:`~.screens.join.JoinScreen`)."""
    from textual.binding import Binding

    from hedgemony_tui.table.registry import get_rules

    from .app import TableApp
    from .screens.console import ConsolePanel
    from .screens.join import JoinScreen

    class RemoteTableApp(TableApp):
        watcher: Watcher | None = None
        remote = True  # a seat on its own screen: no saving here, no shared keyboard (screens/game.py)
        BINDINGS = [Binding("ctrl+k", "console_panel", "Console", priority=True)]

        def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
            # Ctrl+K exists only on the facilitator's console, and not while its panel is open;
            # refused here, the key goes on to a focused input (priority: the board's search box
            # would take it first otherwise).
            if action == "console_panel":
                remote = self.watcher.remote if self.watcher is not None else None
                return remote is not None and remote.seat == CONSOLE and not isinstance(self.screen, ConsolePanel)
            return super().check_action(action, parameters)

        def action_console_panel(self) -> None:
            if self.watcher is not None and self.watcher.remote.seat == CONSOLE:
                self.push_screen(ConsolePanel(self.watcher.remote))

        def on_mount(self) -> None:
            if code is None:
                self.push_screen(JoinScreen(self.open_code))
            elif problem := self.open_code(code):
                self.exit(return_code=2, message=problem)
            self.call_after_refresh(self.check_size)

        def open_code(self, typed: str) -> str:
            found = store.code_seat(typed)
            if found is None:
                return CODE_REFUSED
            seat = found[0]
            rules = get_rules(store.meta("game"))
            remote = RemoteHost(store, seat, store.attach(seat), rules)
            if remote.packet is None:
                return HOST_GONE + " Start it with `hedgemony host`, then join again."
            start_remote(self, remote)
            self.watcher = Watcher(self, remote)
            self.watcher.start()
            return ""

        def on_unmount(self) -> None:
            if self.watcher is not None:
                self.watcher.close()
                if not self.watcher.lost:
                    store.detach(self.watcher.remote.client_id)
            super().on_unmount()

    return RemoteTableApp()


CODE_REFUSED = "That code opens no seat at this table (unknown, or revoked): ask the facilitator for yours."
