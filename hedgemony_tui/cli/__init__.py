"""The ``hedgemony`` command: the table's screens, headless games, saves, and each
game's own subcommands (Hedgemony: the calculator, the card decks, the scenario checker).

Bare ``hedgemony`` opens the title screen; ``hedgemony play SAVE`` opens a saved game in
its own game. Every user mistake ends in one line on stderr and exit status 2; game-data
problems in one line and exit status 3; never a traceback. ``--game ID`` chooses the
game (default Hedgemony) for ``play``, ``simulate``, ``balance``, ``show`` and a game's
own subcommands. The subcommands' modules are imported only when used, so the screens
start about as fast as Textual itself.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from .. import __version__
from ..table.text import inert

EXIT_USAGE = 2
EXIT_RULES = 3
GENERIC_COMMANDS = ("games", "simulate", "show", "balance", "aar", "replay", "room", "serve-room", "compare")
"""Commands of the table itself, for any game (``--game`` is theirs to read)."""


def say(message: str) -> None:
    """One line of refusal on stderr. Messages quote file names, seat names and the
    command line, all typed by people: made inert, so no escape sequence in them reaches
    the terminal (:func:`~hedgemony_tui.table.text.inert`)."""
    print(inert(message), file=sys.stderr)


def print_inert(shown: Any) -> None:
    """Print a Rich renderable with every piece of text in it made inert: the renderable
    is drawn to segments first (the console's own styles stay, as control segments) and
    each text segment passes through :func:`inert`, so a name from a save can never
    carry an escape sequence to the terminal."""
    from rich.console import Console
    from rich.segment import Segment, Segments

    console = Console(highlight=False)
    safe = [
        segment if segment.control else Segment(inert(segment.text, multiline=True), segment.style)
        for segment in console.render(shown, console.options)
    ]
    console.print(Segments(safe), end="")


def _game_in(argv: Sequence[str]) -> str:
    """The ``--game`` named on the command line (its own subcommands are added for it)."""
    from ..table.registry import DEFAULT_GAME

    for index, arg in enumerate(argv):
        if arg == "--game" and index + 1 < len(argv):
            return argv[index + 1]
        if arg.startswith("--game="):
            return arg.partition("=")[2]
    return DEFAULT_GAME


def _without_game(argv: Sequence[str]) -> list[str]:
    out: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--game":
            skip = True
        elif not arg.startswith("--game="):
            out.append(arg)
    return out


def build_parser(game: str | None = None) -> Any:
    from ..table.registry import DEFAULT_GAME, game_ids, get_cli
    from .balance_commands import add_balance_parser
    from .game_commands import add_game_parsers
    from .parsing import OneLineParser

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
    from .aar import add_aar_parser
    from .review_commands import add_review_parsers

    add_aar_parser(commands)
    add_review_parsers(commands)
    game = game or DEFAULT_GAME
    if game in game_ids():
        get_cli(game).add_parsers(commands)
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


def run_tui(
    save: str | None = None,
    saves_dir: str = "saves",
    *,
    allow_edited: bool = False,
    scenario: str | None = None,
    game: str | None = None,
) -> int:
    """Open the screens; a save that cannot be read is one line on stderr and exit 2."""
    saved = None
    if save is not None:
        from ..table.errors import RuleInputError, SaveError
        from ..table.saves import read_game
        from .paths import save_to_read

        try:
            saved = read_game(save_to_read(save), allow_edited=allow_edited)
        except (SaveError, RuleInputError) as exc:
            say(f"hedgemony: {exc}")
            return EXIT_USAGE
    from ..shell.app import build_app
    from .crash import report

    try:
        app = build_app(saved, saves_dir=saves_dir, save_path=save, game=game)
        # Textual draws a crash as a full traceback when the screens close; ours is one
        # line and a file (``crash.report``), so that drawing is skipped. The app still
        # records the exception (``_exception``) and exits.
        app._fatal_error = app._close_messages_no_wait  # type: ignore[method-assign]
        if scenario is not None:
            # The new-game form starts with this folder in its "Scenario folder" input.
            app.option_defaults = {"scenario": scenario}  # type: ignore[attr-defined]
        app.run()
    except Exception as exc:
        return report(exc, "hedgemony play")
    crashed = getattr(app, "_exception", None)
    if crashed is not None:
        return report(crashed, "hedgemony play")
    if app.return_code:
        print(f"hedgemony play: the screens closed with status {app.return_code}", file=sys.stderr)
        return EXIT_USAGE
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; never a traceback: anything unexpected is one line and exit 2."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        print("hedgemony: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:
        from .crash import report

        return report(exc)


def _main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    picked = _game_in(argv) if argv and not _without_game(argv) else None
    if picked is not None:
        # `hedgemony --game rescue` alone: the title, with that game picked.
        from ..table.registry import game_ids

        if picked not in game_ids():
            print(f"hedgemony: no game {picked!r}: the games are {', '.join(game_ids())}", file=sys.stderr)
            return EXIT_USAGE
        argv = []
    if not argv:
        if sys.stdin.isatty() and sys.stdout.isatty():
            return run_tui(game=picked)
        # Not a terminal (a pipe, a script): the screens cannot run; say what can.
        print(f"hedgemony {__version__} - run it in a terminal for the screens; these commands work anywhere.\n")
        parser = build_parser()
        parser.print_help()
        commands = parser._subparsers._group_actions[0].choices  # argparse keeps them there
        if "calc" in commands:  # the facilitator's calculator, the command most used away from the screens
            print()
            commands["calc"].print_help()
        return 0
    if argv[0] == "play":
        # Parsed apart from the other commands so the screens start without loading them.
        from .parsing import OneLineParser, UsageError

        play = OneLineParser(prog="hedgemony play", description="Open the screens on a saved game.")
        play.add_argument("save", metavar="SAVE", nargs="?", help="a save file (none: the title screen)")
        play.add_argument("--saves-dir", metavar="DIR", default="saves", help="where saves and the autosave go")
        play.add_argument("--scenario", metavar="DIR", help="a scenario folder for the new-game form (not with SAVE)")
        play.add_argument(
            "--allow-edited",
            action="store_true",
            help="open a save edited by hand (its checksum no longer matches); it must still obey the rules",
        )
        try:
            args = play.parse_args(argv[1:])
        except UsageError as exc:
            say(str(exc))
            return EXIT_USAGE
        for option, value in (("--saves-dir", args.saves_dir), ("--scenario", args.scenario)):
            if value is not None and not value.strip():
                say(f"hedgemony play: {option} needs a folder name (it was empty)")
                return EXIT_USAGE
        if args.scenario is not None and args.save is not None:
            print("hedgemony play: --scenario is for a new game; a save keeps its own scenario", file=sys.stderr)
            return EXIT_USAGE
        return run_tui(args.save, args.saves_dir, allow_edited=args.allow_edited, scenario=args.scenario)
    from ..table.errors import IllegalIntent, RuleInputError, RulesDataError, SaveError, ScenarioError
    from ..table.registry import game_ids, get_cli
    from .parsing import UsageError

    game = _game_in(argv)
    if game not in game_ids():
        print(f"hedgemony: no game {game!r}: the games are {', '.join(game_ids())}", file=sys.stderr)
        return EXIT_USAGE
    cli = get_cli(game)
    data_errors: tuple[type[Exception], ...] = (RulesDataError, ScenarioError, *cli.errors())
    if argv[0] not in GENERIC_COMMANDS:
        argv = _without_game(argv)  # a game's own subcommands do not know the option
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
        payload, shown, *status = args.handler(args) if generic else cli.run(args)
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
