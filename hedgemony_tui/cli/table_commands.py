"""``hedgemony host``: a table played on many screens, owned by one process (issue 34).

A new game (the same choices as ``simulate``; ``--person SEAT`` names the seats people
play), a save (``hedgemony host SAVE``, verified as ``play`` opens it), or a store to pick
up again after the host stopped or was killed (``--resume STORE``). It prints one join
code per person seat and the console's code once, then serves the table until Ctrl+C.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from pathlib import Path
from typing import Any

from ..table import match
from ..table.errors import RuleInputError, SaveError
from ..table.host import TableHost
from ..table.registry import DEFAULT_GAME, get_rules
from ..table.save_io import write_save
from ..table.save_slots import new_autosave_path
from ..table.saves import Origin, SavedGame, read_game
from ..table.seats import HUMAN, Seats
from ..table.session import Session
from ..table.store import CONSOLE, CONSOLE_ROLE, StoreError, TableStore
from ..table.table_server import TableServer
from .game_args import add_game_argument, add_scenario_argument, control_mode, new_state, options_from
from .parsing import option_assignment, seat_assignment, seat_policies
from .paths import save_to_read

MAX_TURNS = 1000


def add_host_parser(commands: Any) -> None:
    host = commands.add_parser("host", help="host a table whose seats play on their own screens (join codes)")
    host.add_argument("save", metavar="SAVE", nargs="?", help="a save to host (else a new game)")
    add_game_argument(host, default=None)
    host.add_argument("--resume", metavar="STORE", help="start again from a table store after the host stopped")
    host.add_argument("--new-code", metavar="SEAT", help="with --resume: a fresh code for SEAT (the old one stops)")
    host.add_argument("--store", metavar="PATH", help="the table store to make (default: beside the autosave)")
    host.add_argument("--saves-dir", default="saves", help="where the autosave goes (default: saves)")
    host.add_argument("--person", action="append", default=[], metavar="SEAT", help="a seat a person plays")
    host.add_argument("--seed", type=int, default=None, help="seed of a new game (default 1)")
    host.add_argument("--policy", help="how the computer seats choose (see `games`)")
    host.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="SEAT=POLICY",
        type=seat_assignment,
        help="a computer seat's policy, e.g. --seat PRC=expert (repeatable)",
    )
    host.add_argument(
        "--white-cell",
        "--control",
        dest="control",
        default=None,
        metavar="MODE",
        help="the automated control seat's mode (Hedgemony: random, random-events, directed, none)",
    )
    host.add_argument("--length", type=int, default=None, metavar="N", help="a new game's length in turns")
    host.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        type=option_assignment,
        help="a game option of a new game, e.g. --option random_events=true (repeatable; see `games --json`)",
    )
    add_scenario_argument(host)
    host.add_argument("--bot-delay", type=float, default=1.0, help="seconds between computer decisions (default 1)")
    host.set_defaults(handler=cmd_host)


def _new_game(args: argparse.Namespace) -> tuple[TableHost, str]:
    rules = get_rules(args.game or DEFAULT_GAME)
    options = options_from(rules, args.option, args.length, MAX_TURNS, args.scenario)
    seed = 1 if args.seed is None else args.seed
    session = Session(rules, new_state(rules, seed, options), origin=Origin.of(rules, seed, options))
    ids = [s.id for s in rules.seats()]
    people = set(seat_policies(ids, ((p, HUMAN) for p in args.person)))
    unknown = sorted(people - set(ids))
    if unknown:
        raise RuleInputError(f"no seat {unknown[0]!r} in {rules.info.id}: the seats are {', '.join(ids)}")
    if not people:
        raise RuleInputError(f"name the seats people play with --person SEAT (the seats are {', '.join(ids)})")
    policy = args.policy or ("random" if "random" in rules.policy_names() else rules.policy_names()[0])
    names = match.seat_policy_names(rules, policy, seat_policies(ids, args.seat))
    control = rules.info.control_seat
    mode = control_mode(rules, args.control, names) if control not in people else None
    kinds = {s: k for s, k in names.items() if s not in people}
    if control and mode:
        kinds[control] = mode
    return TableHost(rules, session, Seats.of_specs(rules.seats(), kinds)), rules.info.id


def _from_saved(saved: SavedGame) -> TableHost:
    if saved.seats is None:
        raise RuleInputError("this save does not say who plays which seat: open it with `play` once first")
    return TableHost(saved.rules, Session.resume(saved), saved.seats)


def cmd_host(args: argparse.Namespace) -> tuple[Any, str, int]:
    if args.resume is not None:
        if args.save is not None or args.person or args.store:
            raise RuleInputError("--resume picks up a store as it is: give no SAVE, --person or --store")
        return _resume(args)
    if args.new_code is not None:
        raise RuleInputError("--new-code goes with --resume STORE")
    if args.save is not None:
        saved = read_game(Path(save_to_read(args.save)))
        host, game = _from_saved(saved), saved.rules.info.id
        save_path = Path(args.save)
    else:
        host, game = _new_game(args)
        save_path = new_autosave_path(args.saves_dir, game)
    if host.stopped:
        raise RuleInputError(host.stopped)
    store_path = Path(args.store) if args.store else save_path.with_name(save_path.stem + ".table.sqlite")
    if not 0 <= args.bot_delay <= 60:
        raise RuleInputError(f"--bot-delay must be from 0 to 60 seconds, found {args.bot_delay}")
    try:
        store = TableStore.create(store_path, game=game)
        store.claim_host()
    except StoreError as error:
        raise RuleInputError(str(error)) from None
    store.set_meta("save_path", str(save_path.resolve()))
    store.set_meta("bot_delay", repr(float(args.bot_delay)))
    server = TableServer(host, store, save_path)
    server.publish()
    codes = [(seat, store.new_code(seat)) for seat in host.humans()]
    codes.append((CONSOLE, store.new_code(CONSOLE, CONSOLE_ROLE)))
    _announce(host, store_path, save_path, codes)
    return _run(server)


def _resume(args: argparse.Namespace) -> tuple[Any, str, int]:
    try:
        store = TableStore.open(args.resume)
        store.claim_host()  # before anything is written: a running host keeps its table
    except StoreError as error:
        raise RuleInputError(str(error)) from None
    try:
        server, host = _resumed(args, store)
    except BaseException:
        store.close()  # a refusal lets go of the host lock at once (a test process goes on)
        raise
    print(f"Resumed the table in {args.resume} ({len(host.session.journal)} decisions so far).")
    sys.stdout.flush()
    return _run(server)


def _resumed(args: argparse.Namespace, store: TableStore) -> tuple[TableServer, TableHost]:
    """The resumed table's server and host, after any new code is issued (refusals raise)."""
    text = store.save_text()
    save_path = Path(store.meta("save_path"))
    if text is None or not store.meta("save_path"):
        raise RuleInputError(f"{args.resume} holds no game yet: start a new table with `hedgemony host`")
    # The store is the one to trust: the autosave is rewritten from it when they differ.
    if not save_path.is_file() or save_path.read_text(encoding="utf-8") != text:
        write_save(save_path, text)
    saved = read_game(save_path)
    host = _from_saved(saved)
    server = TableServer(host, store, save_path)
    if args.new_code is not None:
        seat = args.new_code if args.new_code != "console" else CONSOLE
        if seat != CONSOLE and seat not in host.humans():
            raise RuleInputError(f"{args.new_code!r} is no person's seat: {', '.join(host.humans())} or console")
        role = CONSOLE_ROLE if seat == CONSOLE else "seat"
        store.revoke(seat)
        code = store.new_code(seat, role)
        print(f"{_name(host, seat)}: {code}   (the earlier code no longer works)")
    return server, host


def _name(host: TableHost, seat: str) -> str:
    return "Console (facilitator)" if seat == CONSOLE else f"{host.seats.name(seat)} ({seat})"


def _announce(host: TableHost, store: Path, save: Path, codes: list[tuple[str, str]]) -> None:
    lines = [f"Hosting {host.rules.info.id}: store {store}, autosave {save}", "Join codes (shown once):"]
    lines += [f"  {_name(host, seat)}: {code}" for seat, code in codes]
    lines += [
        f"From a terminal:  hedgemony join CODE --store {store}",
        f"In a browser:     hedgemony serve {store}   then http://127.0.0.1:8000/ (a seat) and /room",
        "Ctrl+C stops the host; `hedgemony host --resume STORE` starts it again.",
    ]
    print("\n".join(lines))
    sys.stdout.flush()


def _run(server: TableServer) -> tuple[Any, str, int]:
    stop = threading.Event()
    # SIGTERM as Ctrl+C: one line, exit 0, the store as the last step left it.
    before = signal.signal(signal.SIGTERM, lambda *_: stop.set())
    # Ctrl+C sets the same flag: the step under way ends whole (its store write, then its
    # TOML), instead of an interrupt between the two leaving the TOML a decision behind.
    before_int = signal.signal(signal.SIGINT, lambda *_: stop.set())
    try:
        server.serve(stop)
        server.flush()
    except KeyboardInterrupt:
        pass
    except SaveError as error:
        return {}, f"hedgemony: the host stopped: {error}", 2
    finally:
        signal.signal(signal.SIGTERM, before)
        signal.signal(signal.SIGINT, before_int)
        server.store.close()
    return {}, "The host stopped; the table is kept in its store.", 0
