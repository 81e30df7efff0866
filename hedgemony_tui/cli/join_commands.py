"""``hedgemony join [CODE] --store STORE``: one seat's screen on a table served by
``hedgemony host`` (issue 34).

The code names the seat (a console code opens the facilitator's console); an unknown or
revoked code is one line and exit status 2, before any screen opens. Without a code the
first screen asks for it (a browser page served by ``hedgemony serve`` has no command
line). Over SSH, a forced command gives a person exactly this screen, e.g. in
``authorized_keys``: ``command="hedgemony join --store /path/table.sqlite",restrict ssh-ed25519 AAAA...``
(they type their code on the first screen).
"""

from __future__ import annotations

import argparse
from typing import Any

from ..table.errors import RuleInputError
from ..table.registry import game_ids
from ..table.remote_feed import PacketError
from ..table.store import StoreError, TableStore


def add_join_parser(commands: Any) -> None:
    join = commands.add_parser("join", help="open one seat's screen on a table that `hedgemony host` serves")
    join.add_argument("code", metavar="CODE", nargs="?", help="the seat's join code (none: the screen asks for it)")
    join.add_argument(
        "--store", metavar="STORE", required=True, help="the table's store file (`hedgemony host` names it)"
    )
    join.add_argument("--game", help=argparse.SUPPRESS)
    join.set_defaults(handler=cmd_join)


def open_store(path: str) -> TableStore:
    """The table's store, or one line saying why not."""
    try:
        store = TableStore.open(path)
    except StoreError as exc:
        raise RuleInputError(str(exc)) from None
    if store.meta("game") not in game_ids():
        store.close()
        raise RuleInputError(f"{path}: a table of {store.meta('game')!r}, a game this program does not have")
    return store


def cmd_join(args: argparse.Namespace) -> tuple[dict[str, Any], str, int]:
    # lazy: Textual loads only for the commands with screens
    from ..shell.remote_app import CODE_REFUSED, remote_app

    store = open_store(args.store)
    try:
        if args.code is not None and store.code_seat(args.code) is None:
            raise RuleInputError(CODE_REFUSED)
        app = remote_app(store, args.code)
        app.run()
    except (StoreError, PacketError) as exc:
        raise RuleInputError(str(exc)) from None
    finally:
        store.close()
    return {}, "", app.return_code or 0


def cmd_room_store(args: argparse.Namespace) -> tuple[dict[str, Any], str, int]:
    """``hedgemony room --store STORE``: the room view of a served table."""
    if args.store is None:
        raise RuleInputError("room needs a SAVE, or --store STORE for a table `hedgemony host` serves")
    if args.save is not None:
        raise RuleInputError("room takes a SAVE or --store STORE, not both")
    from ..shell.remote_room import StoreRoomApp

    store = open_store(args.store)
    try:
        StoreRoomApp(store).run()
    except (StoreError, PacketError) as exc:
        raise RuleInputError(str(exc)) from None
    finally:
        store.close()
    return {}, "", 0
