"""The ``hedgemony`` command's subcommands other than ``play``: the parser of every table
command and the game's own, and running one. Imported only when such a command runs
(:mod:`hedgemony_tui.cli` keeps bare ``hedgemony`` and ``play`` apart), so the screens
start without loading the commands' modules or any game's rules.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.segment import Segment, Segments

from .. import __version__
from ..table.errors import IllegalIntent, RuleInputError, RulesDataError, SaveError, ScenarioError
from ..table.registry import DEFAULT_GAME, game_ids, get_cli
from ..table.text import inert
from .aar import add_aar_parser
from .balance_commands import add_balance_parser
from .game_commands import add_game_parsers
from .parsing import EXIT_RULES, EXIT_USAGE, GENERIC_COMMANDS, OneLineParser, UsageError, game_in, say, without_game
from .review_commands import add_review_parsers
from .serve_commands import add_serve_parser
from .table_commands import add_host_parser


def print_inert(shown: Any) -> None:
    """Print a Rich renderable with every piece of text in it made inert: the renderable
    is drawn to segments first (the console's own styles stay, as control segments) and
    each text segment passes through :func:`inert`, so a name from a save can never
    carry an escape sequence to the terminal."""
    console = Console(highlight=False)
    safe = [
        segment if segment.control else Segment(inert(segment.text, multiline=True), segment.style)
        for segment in console.render(shown, console.options)
    ]
    console.print(Segments(safe), end="")


def build_parser(game: str | None = None) -> Any:
    parser = OneLineParser(
        prog="hedgemony",
        description="Hedgemony TUI: a table for teaching wargames, first of them RAND's Hedgemony. "
        "Without a command, the title screen opens.",
    )
    parser.add_argument("--version", action="version", version=f"hedgemony {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    add_play_parser(commands)
    add_game_parsers(commands)
    add_balance_parser(commands)
    add_aar_parser(commands)
    add_review_parsers(commands)
    add_serve_parser(commands)
    add_host_parser(commands)
    game = game or DEFAULT_GAME
    cli = get_cli(game) if game in game_ids() else None
    # A game without a command-line part, or one without commands of its own (only
    # placemats or debrief sections), has only the table's commands.
    if cli is not None and hasattr(cli, "add_parsers"):
        cli.add_parsers(commands)
    return parser


def add_play_parser(commands: Any) -> None:
    play = commands.add_parser("play", help="open the screens on a saved game (no SAVE: the title screen)")
    play.add_argument("save", metavar="SAVE", nargs="?", help="a save file written by the table or `simulate --save`")
    play.add_argument(
        "--saves-dir", metavar="DIR", default="saves", help="where saves and the autosave go (default: saves)"
    )
    play.add_argument("--scenario", metavar="DIR", help="a scenario folder for the new-game form (not with SAVE)")
    play.add_argument(
        "--allow-edited",
        action="store_true",
        help="open a save edited by hand (its checksum no longer matches); it must still obey the rules",
    )
    play.set_defaults(handler=None)


def run_command(argv: Sequence[str]) -> int:
    """Run a table command or the game's own (``argv`` without the program name); none:
    the help, for a caller that is not a terminal. The exit status."""
    argv = list(argv)
    if not argv:
        # Not a terminal (a pipe, a script): the screens cannot run; say what can.
        print(f"hedgemony {__version__} - run it in a terminal for the screens; these commands work anywhere.\n")
        parser = build_parser()
        parser.print_help()
        commands = parser._subparsers._group_actions[0].choices  # argparse keeps them there
        if "calc" in commands:  # the facilitator's calculator, the command most used away from the screens
            print()
            commands["calc"].print_help()
        return 0
    game = game_in(argv)
    if game not in game_ids():
        print(f"hedgemony: no game {game!r}: the games are {', '.join(game_ids())}", file=sys.stderr)
        return EXIT_USAGE
    cli = get_cli(game)
    data_errors: tuple[type[Exception], ...] = (
        RulesDataError,
        ScenarioError,
        *(cli.errors() if cli is not None and hasattr(cli, "errors") else ()),
    )
    if argv[0] not in GENERIC_COMMANDS:
        argv = without_game(argv)  # a game's own subcommands do not know the option
        if argv and argv[0] in GENERIC_COMMANDS and argv[0] != "games":
            # `hedgemony --game rescue simulate`: the option came before a table command,
            # whose own --game would otherwise default to Hedgemony without a word.
            argv = [argv[0], "--game", game, *argv[1:]]
    parser = build_parser(game)
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help()
            return 0
        # A handler returns (payload, shown) or (payload, shown, exit status).
        generic = args.command in GENERIC_COMMANDS
        # (Only a game's own command-line part adds commands beyond the table's.)
        payload, shown, *status = args.handler(args) if generic or cli is None else cli.run(args)
    except UsageError as exc:
        say(str(exc))
        return EXIT_USAGE
    except (RuleInputError, SaveError, IllegalIntent) as exc:
        say(f"hedgemony: {exc}")
        return EXIT_USAGE
    except data_errors as exc:
        say(f"hedgemony: game data: {exc}")
        return EXIT_RULES
    try:
        if getattr(args, "json", False):
            print(json.dumps(payload, indent=None, sort_keys=False))
        elif shown == "":
            pass  # a command that had its own screens (replay, room) has nothing to print
        elif isinstance(shown, str):
            # Plain lines, one per finding: never wrapped, cropped or read as markup.
            print(inert(shown, multiline=True))
        else:
            print_inert(shown)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped early (e.g. `| head`): not an error of ours; say nothing more.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return status[0] if status else 0
