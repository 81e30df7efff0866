"""``hedgemony replay``, ``room``, ``serve-room`` and ``compare``: rehearse and review.

- ``replay SAVE``: step through a saved game on the screens (``shell/replay.py``).
- ``room SAVE``: the public view of a game for a projector, following the save file as
  the game goes on (``shell/viewing.py``).
- ``serve-room SAVE``: the same room view served to a browser by the fenced textual-serve
  of :mod:`.web_serve` (the optional ``web`` extra), on 127.0.0.1 unless ``--lan`` names
  an address; open it with ``?fontsize=N`` for a projector.
- ``compare A B``: two games of one kind (a branch and its parent) turn by turn, and the
  first rolls that differ.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..table.errors import RuleInputError
from ..table.replay import Timeline, compare
from ..table.saves import read_game
from ..table.text import shown
from .paths import save_to_read
from .serve_commands import add_web_options, run_server


def add_review_parsers(commands: Any) -> None:
    from .join_commands import add_join_parser  # a seat's screen on a served table (issue 34)

    add_join_parser(commands)
    replay = commands.add_parser(
        "replay", help="step through a saved game: by decision, phase and turn, as any seat saw it"
    )
    replay.add_argument("save", metavar="SAVE", help="a save with its journal (any game on the table)")
    replay.add_argument(
        "--allow-edited", action="store_true", help="open a save edited by hand (it must still obey the rules)"
    )
    replay.add_argument("--game", help=argparse.SUPPRESS)
    replay.set_defaults(handler=cmd_replay)

    room = commands.add_parser("room", help="the public view of a game for a projector, following its save")
    room.add_argument("save", metavar="SAVE", nargs="?", help="the save (or autosave) the table writes")
    room.add_argument("--store", metavar="STORE", help="a table `hedgemony host` serves: its room, from the store")
    room.add_argument("--no-follow", action="store_true", help="show the save as it is, without reading it again")
    room.add_argument("--allow-edited", action="store_true", help=argparse.SUPPRESS)
    room.add_argument("--game", help=argparse.SUPPRESS)
    room.set_defaults(handler=cmd_room)

    serve = commands.add_parser("serve-room", help="serve the room view to a browser (needs the `web` extra)")
    serve.add_argument("save", metavar="SAVE", help="the save (or autosave) the table writes")
    add_web_options(serve, port=8000)
    serve.set_defaults(font_size=24)  # the page's size for a projector, when the URL has no ?fontsize=
    serve.add_argument("--game", help=argparse.SUPPRESS)
    serve.set_defaults(handler=cmd_serve_room)

    compare = commands.add_parser("compare", help="two games of one kind turn by turn (a branch and its parent)")
    compare.add_argument("first", metavar="A", help="a save")
    compare.add_argument("second", metavar="B", help="another save of the same game")
    compare.add_argument("--json", action="store_true", help="print the comparison as JSON")
    compare.add_argument(
        "--unrelated",
        action="store_true",
        help="compare games of different seeds anyway (their rolls are not comparable)",
    )
    compare.add_argument("--game", help=argparse.SUPPRESS)
    compare.set_defaults(handler=cmd_compare)


def cmd_replay(args: argparse.Namespace) -> tuple[dict[str, Any], str, int]:
    # lazy: Textual loads only for the commands with screens; the others never import it
    from ..shell.replay import ReplayApp

    app = ReplayApp(save_to_read(args.save), allow_edited=args.allow_edited)
    app.run()
    return {}, "", 0


def cmd_room(args: argparse.Namespace) -> tuple[dict[str, Any], str, int]:
    # lazy: Textual loads only for the commands with screens; the others never import it
    from ..shell.viewing import RoomApp

    if args.store is not None or args.save is None:
        from .join_commands import cmd_room_store  # a served table's room (issue 34)

        return cmd_room_store(args)
    app = RoomApp(save_to_read(args.save), follow=not args.no_follow, allow_edited=args.allow_edited)
    app.run()
    return {}, "", 0


def room_command(save: Path) -> str:
    """The shell command textual-serve runs for each browser: this Python, the room."""
    return shlex.join([sys.executable, "-m", "hedgemony_tui", "room", str(save.resolve())])


def cmd_serve_room(args: argparse.Namespace) -> tuple[dict[str, Any], str, int]:
    save = Path(save_to_read(args.save))
    read_game(save, args.game)  # a save that cannot be read: one line now, not in the browser
    # The same fenced server as `serve` (Host/Origin checks, a cap, bounded terminals):
    # the room is both pages' content here, so a projector may open either.
    pages = {"/": room_command(save), "/room": room_command(save)}
    return run_server(
        pages,
        args,
        f"Room view: {shown(save.name)}",
        lambda url: f"Serving the room view of {shown(save.name)} at {url}/?fontsize={args.font_size}",
    )


def cmd_compare(args: argparse.Namespace) -> tuple[dict[str, Any], RenderableType]:
    first, second = Path(save_to_read(args.first)), Path(save_to_read(args.second))
    a = read_game(first, args.game)
    b = read_game(second, args.game)
    if a.rules is not b.rules:
        raise RuleInputError(
            f"{first.name} is a game of {a.rules.info.title}, {second.name} of {b.rules.info.title}: "
            "compare two games of one kind"
        )
    warning = _unrelated(first, a, second, b, args.unrelated)
    report = compare(Timeline.of(a, first.name), Timeline.of(b, second.name))
    payload = {
        "a": str(first),
        "b": str(second),
        "turns": report.turns,
        "figures": report.figures,
        "first_differing_rolls": [{"a": _roll(x), "b": _roll(y)} for x, y in report.first_differing_rolls],
    }
    table = Table(title=f"{first.name} (A) against {second.name} (B), at the end of each turn", box=box.SIMPLE_HEAVY)
    table.add_column("Turn", justify="right")
    table.add_column("Seat")
    names = sorted({k for side in report.figures.values() for turn in side for seat in turn.values() for k in seat})
    for name in names:
        table.add_column(f"{name} A", justify="right")
        table.add_column(f"{name} B", justify="right")
    for position, turn in enumerate(report.turns):
        fa, fb = report.figures["a"][position], report.figures["b"][position]
        for seat in sorted(set(fa) | set(fb)):
            cells: list[str | Text] = []
            for name in names:
                x, y = fa.get(seat, {}).get(name), fb.get(seat, {}).get(name)
                cells += [_num(x), Text(_num(y), style="bold" if x != y else "")]
            table.add_row(str(turn), seat, *cells)
    rolls = Text()
    if warning:
        payload["warning"] = warning
        rolls.append(f"Warning: {warning}\n", style="bold")
    if report.first_differing_rolls:
        rolls.append("The first rolls that differ:\n", style="bold")
        for x, y in report.first_differing_rolls:
            rolls.append(f"  A: {_describe(x)}\n  B: {_describe(y)}\n")
    else:
        rolls.append("Every roll the two games share shows the same face.")
    return payload, Group(table, rolls)


def seed_of(saved: Any) -> int | None:
    """The seed a saved game began from: its origin's, else its start state's own field
    (Hedgemony keeps it there); None when the save does not say."""
    seed = getattr(getattr(saved, "origin", None), "seed", None)
    if seed is None:
        seed = getattr(saved.start, "seed", None)
    return seed if isinstance(seed, int) and not isinstance(seed, bool) else None


def _unrelated(first: Path, a: Any, second: Path, b: Any, allowed: bool) -> str:
    """Refuse two games of different seeds (a branch shares its parent's seed, so its
    rolls line up with the parent's; games of two seeds have nothing in common to
    compare roll by roll), unless ``--unrelated``: then the warning to print."""
    seed_a, seed_b = seed_of(a), seed_of(b)
    if seed_a is None or seed_b is None or seed_a == seed_b:
        return ""
    words = (
        f"{shown(first.name)} began from seed {seed_a} and {shown(second.name)} from seed {seed_b}: "
        "they are two different games, not a game and its branch"
    )
    if not allowed:
        raise RuleInputError(f"{words}; compare a game with a branch of it, or add --unrelated to compare them anyway")
    return words + "; their rolls do not line up"


def _num(value: float | None) -> str:
    return "—" if value is None else f"{value:g}"


def _roll(roll: Any) -> dict[str, Any]:
    return {name: getattr(roll, name, None) for name in ("turn", "roller", "reason", "raw", "result")}


def _describe(roll: Any) -> str:
    return f"turn {roll.turn}, {roll.roller}: {roll.reason} — face {roll.raw}" + (
        f", {roll.result}" if roll.result else ""
    )
