"""The safe browser server behind ``hedgemony serve`` and ``serve-room``: textual-serve, fenced.

textual-serve's own ``Server`` accepts a WebSocket from any web page and starts one
process per connection without limit. :class:`SafeServer` keeps its page template,
static files and :class:`~textual_serve.app_service.AppService` (the process and its
packet protocol) and adds, before any process starts:

- a **Host check** on every request: the name the browser used must be the address
  we listen on (``localhost`` too when that is 127.0.0.1), or, listening on every
  interface, a literal IP address; a DNS name pointed at us (DNS rebinding) is refused;
- an **Origin check** on every WebSocket: its ``Origin`` must be ``http://`` + the Host
  the page was served from; a missing ``Origin`` is refused too (browsers always send one);
- a **cap** on live connections (the next page and socket are told the table is full);
- **bounded terminal sizes** (what the browser asks is clamped), so one tab cannot make
  a huge process;
- **no orphans**: a closed socket stops its process, and kills it when it will not stop.

Routes are pages: each path (``/``, ``/room``) serves the page and its own socket
(``/ws``, ``/room/ws``); ``?fontsize=N`` sets the page's font size.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import signal
from collections.abc import Mapping
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

log = logging.getLogger("textual-serve")

MAX_WIDTH, MAX_HEIGHT = 300, 100
MIN_WIDTH, MIN_HEIGHT = 20, 8
FONT_SIZES = (8, 96)
STOP_GRACE = 3.0  # seconds a process has to quit by itself before it is killed


class ServeError(Exception):
    """A server that cannot start (busy port, address not on this machine): one line."""


def clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True


class SafeServer(Server):
    """textual-serve with a Host/Origin check, a connection cap and bounded terminals.

    ``pages`` maps each page path (``"/"``, ``"/room"``) to the shell command its
    processes run (``exec`` is put before it, so stopping the process stops our Python,
    not only a shell around it).
    """

    def __init__(
        self,
        pages: Mapping[str, str],
        *,
        host: str,
        port: int,
        title: str,
        max_connections: int = 16,
        font_size: int = 16,
    ) -> None:
        super().__init__(next(iter(pages.values())), host=host, port=port, title=title)
        self.pages = dict(pages)
        self.max_connections = max_connections
        self.font_size = font_size
        self.live: set[AppService] = set()
        self.refused_origins = 0  # for the tests and the log: how many sockets were turned away

    # -- who may talk to us -------------------------------------------------------------
    def host_allowed(self, host_header: str) -> bool:
        """The browser reached us by a name we answer to (no DNS rebinding)."""
        name, _, port = host_header.rpartition(":") if not host_header.endswith("]") else (host_header, "", "")
        if not port or port != str(self.port):
            return False
        name = name.strip("[]").lower()
        if self.host == "0.0.0.0":
            return _is_ip(name) or name == "localhost"
        if self.host == "127.0.0.1":
            return name in {"127.0.0.1", "localhost"}
        return name == self.host.lower()

    def origin_allowed(self, request: web.Request) -> bool:
        """Same origin only: the page this socket belongs to was served from this Host."""
        origin = request.headers.get("Origin")
        host = request.headers.get("Host", "")
        return origin is not None and self.host_allowed(host) and origin.lower() == f"http://{host}".lower()

    # -- the application ------------------------------------------------------------------
    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._check_host])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        routes: list[web.AbstractRouteDef] = [web.static("/static", self.statics_path, name="static")]
        for path, command in self.pages.items():
            socket = "/ws" if path == "/" else f"{path}/ws"
            routes.append(web.get(path, self._index_for(socket)))
            routes.append(web.get(socket, self._socket_for(command)))
        app.add_routes(routes)
        app.on_shutdown.append(self.on_shutdown)
        return app

    @web.middleware
    async def _check_host(self, request: web.Request, handler: Any) -> web.StreamResponse:
        if not self.host_allowed(request.headers.get("Host", "")):
            return web.Response(status=403, text="Refused: this server answers only to the address it listens on.\n")
        response: web.StreamResponse = await handler(request)
        return response

    def _full(self) -> bool:
        return len(self.live) >= self.max_connections

    def _index_for(self, socket: str) -> Any:
        async def index(request: web.Request) -> web.StreamResponse:
            if self._full():
                return web.Response(
                    status=503,
                    text=f"The table is full: {self.max_connections} screens are open. Close one and reload.\n",
                )
            base = f"http://{request.host}"
            font = clamp(to_int(request.query.get("fontsize", str(self.font_size)), self.font_size), *FONT_SIZES)
            context = {
                "font_size": font,
                "app_websocket_url": f"ws://{request.host}{socket}",
                "config": {"static": {"url": f"{base}/static/"}},
                "application": {"name": self.title},
                "ping_url": "",
            }
            return aiohttp_jinja2.render_template("app_index.html", request, context)

        return index

    def _socket_for(self, command: str) -> Any:
        async def socket(request: web.Request) -> web.StreamResponse:
            return await self.handle_socket(request, command)

        return socket

    async def handle_socket(self, request: web.Request, command: str) -> web.StreamResponse:
        """One browser tab: refused before any process starts unless same-origin and room."""
        if not self.origin_allowed(request):
            self.refused_origins += 1
            log.warning("Refused a WebSocket from origin %r", request.headers.get("Origin"))
            return web.Response(status=403, text="Refused: a page from another site may not open this table.\n")
        if self._full():
            return web.Response(status=503, text="The table is full. Close a screen and reload.\n")
        width = clamp(to_int(request.query.get("width", "80"), 80), MIN_WIDTH, MAX_WIDTH)
        height = clamp(to_int(request.query.get("height", "24"), 24), MIN_HEIGHT, MAX_HEIGHT)
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=64 * 1024)
        await websocket.prepare(request)
        service = AppService(
            f"exec {command}",
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=lambda: self._close(websocket),
            download_manager=self.download_manager,
        )
        self.live.add(service)
        try:
            await service.start(width, height)
            await self._messages(websocket, service)
        except (asyncio.CancelledError, ConnectionError):
            pass
        finally:
            await self._stop(service)
            self.live.discard(service)
            if not websocket.closed:
                await websocket.close()
        return websocket

    @staticmethod
    async def _close(websocket: web.WebSocketResponse) -> None:
        """The app exited (the person quit it): close its tab's socket."""
        await websocket.close()

    async def _messages(self, websocket: web.WebSocketResponse, service: AppService) -> None:
        """The browser's keys, sizes and pings; anything malformed is ignored, never raised."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = message.json()
                kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
                if kind == "stdin" and isinstance(data, str):
                    await service.send_bytes(data.encode("utf-8"))
                elif kind == "resize" and isinstance(data, dict):
                    width = clamp(int(data.get("width", 80)), MIN_WIDTH, MAX_WIDTH)
                    height = clamp(int(data.get("height", 24)), MIN_HEIGHT, MAX_HEIGHT)
                    await service.set_terminal_size(width, height)
                elif kind == "ping":
                    await websocket.send_json(["pong", data])
                elif kind == "blur":
                    await service.blur()
                elif kind == "focus":
                    await service.focus()
            except (ValueError, TypeError, IndexError, KeyError, AttributeError):
                continue

    async def _stop(self, service: AppService) -> None:
        """Ask the process to quit; kill it when it does not (a closed tab leaves nothing)."""
        process = service._process  # textual-serve keeps it private; we need it to kill a stuck one
        try:
            await asyncio.wait_for(service.stop(), STOP_GRACE)
        except (TimeoutError, ConnectionError, OSError, RuntimeError):
            pass
        if process is not None and process.returncode is None:
            try:
                process.kill()
                await asyncio.wait_for(process.wait(), STOP_GRACE)
            except (TimeoutError, ProcessLookupError):
                pass

    async def on_shutdown(self, app: web.Application) -> None:
        await asyncio.gather(*(self._stop(service) for service in list(self.live)), return_exceptions=True)

    # -- running -------------------------------------------------------------------------------
    async def run(self, ready: Any = None) -> None:
        """Listen until SIGINT/SIGTERM; a port or address we cannot use is a ServeError."""
        runner = web.AppRunner(await self._make_app(), handle_signals=False, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        try:
            await site.start()
        except OSError as exc:
            await runner.cleanup()
            raise ServeError(_bind_error(self.host, self.port, exc)) from None
        if ready is not None:
            ready()
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, stop.set)
            except (NotImplementedError, RuntimeError):
                pass  # not the main thread (a test): the caller cancels the task instead
        try:
            await stop.wait()
        finally:
            await runner.cleanup()

    def serve(self, debug: bool = False, ready: Any = None) -> None:
        asyncio.run(self.run(ready))


def _bind_error(host: str, port: int, exc: OSError) -> str:
    import errno

    if exc.errno == errno.EADDRINUSE:
        return f"port {port} on {host} is already in use: stop what uses it or choose another with --port"
    if exc.errno in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT):
        return f"{host} is not an address of this machine: give one of its own addresses to --lan"
    if exc.errno == errno.EACCES:
        return f"port {port} needs privileges on this machine: choose one above 1023 with --port"
    return f"cannot listen on {host}:{port}: {exc.strerror or exc}"
