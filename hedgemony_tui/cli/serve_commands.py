"""``hedgemony serve STORE``: a table's seats and room in browsers, through :mod:`.web_serve`.

``/`` is a seat's page: it runs ``hedgemony join --store STORE``, which asks for the join
code on its first screen (a code never travels in a URL, where histories and logs keep
it). ``/room`` is the room view for a projector (``room --store STORE``); ``?fontsize=N``
sets either page's font size. Listening is on 127.0.0.1 unless ``--lan ADDRESS`` names
one of this machine's addresses (``--lan 0.0.0.0``, typed out, opens every interface).
"""

from __future__ import annotations

import argparse
import ipaddress
import shlex
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..table.errors import RuleInputError
from ..table.text import shown

LOCAL = "127.0.0.1"


def add_serve_parser(commands: Any) -> None:
    serve = commands.add_parser(
        "serve", help="serve a hosted table to browsers: / a seat (asks its code), /room the room (needs `web`)"
    )
    serve.description = (
        "Serve a hosted table to browsers: / is a seat's page (it asks for the join code; a code never goes in "
        "a URL), /room the room view (add ?fontsize=N for a projector). Safe by default: only 127.0.0.1 unless "
        "--lan names an address; a WebSocket from a page of another site, or with no Origin header at all, is "
        "refused (403) before any process starts; at most --max-connections screens at once; each screen's "
        "size is bounded to 300x100."
    )
    serve.add_argument("store", metavar="STORE", help="the table store `hedgemony host` made")
    add_web_options(serve, port=8000)
    serve.set_defaults(handler=cmd_serve)


def add_web_options(parser: Any, *, port: int) -> None:
    """The options every served page shares (``serve`` and ``serve-room``)."""
    parser.add_argument("--port", type=int, default=port, help=f"the port (default: {port})")
    parser.add_argument(
        "--lan",
        metavar="ADDRESS",
        help="listen on this address of the machine instead of 127.0.0.1 only, for other devices on the "
        "network; 0.0.0.0 opens every interface",
    )
    parser.add_argument(
        "--max-connections", type=int, default=16, help="browser screens open at once, at most (default: 16)"
    )
    parser.add_argument(
        "--font-size", type=int, default=16, help="the pages' font size when the URL has no ?fontsize= (default: 16)"
    )


def listen_address(args: argparse.Namespace) -> str:
    """127.0.0.1, or the one address --lan names (an IP address, checked here)."""
    if not 1 <= args.port <= 65535:
        raise RuleInputError(f"--port must be from 1 to 65535, found {args.port}")
    if not 1 <= args.max_connections <= 256:
        raise RuleInputError(f"--max-connections must be from 1 to 256, found {args.max_connections}")
    if not 8 <= args.font_size <= 96:
        raise RuleInputError(f"--font-size must be from 8 to 96, found {args.font_size}")
    if args.lan is None:
        return LOCAL
    try:
        address = ipaddress.ip_address(args.lan)
    except ValueError:
        raise RuleInputError(
            f"--lan needs an IP address of this machine (e.g. 192.168.1.20), found {shown(args.lan)}"
        ) from None
    if address.version != 4:
        raise RuleInputError(f"--lan takes an IPv4 address for now, found {shown(args.lan)}")
    return str(address)


def check_store(path: Path) -> None:
    """A table store (SQLite with ``meta.format``), opened read-only: one line otherwise."""
    if not path.is_file():
        raise RuleInputError(f"no table store at {shown(str(path))}: give the STORE `hedgemony host` printed")
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            row = db.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
    except sqlite3.Error:
        row = None
    if row is None:
        raise RuleInputError(f"{shown(path.name)} is not a table store: give the STORE `hedgemony host` printed")


def hedgemony_command(*words: str) -> str:
    """The shell command a browser's process runs: this Python, our package."""
    return shlex.join([sys.executable, "-m", "hedgemony_tui", *words])


def run_server(
    pages: dict[str, str], args: argparse.Namespace, title: str, what: Callable[[str], str]
) -> tuple[dict[str, Any], str, int]:
    """Start the safe server; its errors and Ctrl+C are one line each."""
    host = listen_address(args)
    try:
        # At call time: textual-serve is an optional extra, missing unless installed
        from .web_serve import SafeServer, ServeError
    except ImportError:
        raise RuleInputError(
            "serving to browsers needs textual-serve: install the `web` extra (pip install -e '.[web]')"
        ) from None
    server = SafeServer(
        pages, host=host, port=args.port, title=title, max_connections=args.max_connections, font_size=args.font_size
    )
    shown_host = "<this machine's address>" if host == "0.0.0.0" else host

    def ready() -> None:
        # printed once listening, not before: a busy port prints its error alone
        print(what(f"http://{shown_host}:{args.port}") + " (Ctrl+C stops)", flush=True)

    try:
        server.serve(ready=ready)
    except ServeError as exc:
        raise RuleInputError(str(exc)) from None
    except KeyboardInterrupt:
        pass
    print("Stopped serving.", flush=True)
    return {}, "", 0


def cmd_serve(args: argparse.Namespace) -> tuple[dict[str, Any], str, int]:
    store = Path(args.store).resolve()
    check_store(store)
    pages = {
        "/": hedgemony_command("join", "--store", str(store)),
        "/room": hedgemony_command("room", "--store", str(store)),
    }
    return run_server(
        pages,
        args,
        f"Table {shown(store.name)}",
        lambda url: f"Serving {shown(store.name)}: each seat at {url}/ (it asks the join code), the room at {url}/room",
    )
