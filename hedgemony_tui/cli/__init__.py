"""The ``hedgemony`` command: the game screens, the calculator, headless games, saves, cards.

Bare ``hedgemony`` opens the game's title screen; ``hedgemony play SAVE`` opens a saved
game. Every user mistake ends in one line on stderr and exit status 2; rules-data
problems in one line and exit status 3; never a traceback. The subcommands' modules are
imported only when used, so the screens start about as fast as Textual itself.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from .. import __version__

EXIT_USAGE = 2
EXIT_RULES = 3


def build_parser():
    from hedgemony_tui.games.hedgemony.cli.calc import add_calc_parser
    from hedgemony_tui.games.hedgemony.cli.card_commands import add_card_parsers
    from .game_commands import add_game_parsers
    from .parsing import OneLineParser

    parser = OneLineParser(
        prog="hedgemony",
        description="Hedgemony TUI: a rules-enforcing terminal edition of RAND's Hedgemony wargame. "
        "Without a command, the game's title screen opens.",
    )
    parser.add_argument("--version", action="version", version=f"hedgemony {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    add_play_parser(commands)
    add_calc_parser(commands)
    add_game_parsers(commands)
    add_card_parsers(commands)
    return parser


def add_play_parser(commands: Any) -> None:
    play = commands.add_parser("play", help="open the game screens on a saved game (no SAVE: the title screen)")
    play.add_argument("save", metavar="SAVE", nargs="?", help="a save file written by the game or `simulate --save`")
    play.add_argument("--saves-dir", metavar="DIR", default="saves", help="where saves and the autosave go (default: saves)")
    play.set_defaults(handler=None)


def run_tui(save: str | None = None, saves_dir: str = "saves") -> int:
    """Open the screens; a save that cannot be read is one line on stderr and exit 2."""
    state = seats = None
    if save is not None:
        from hedgemony_tui.games.hedgemony.engine.content import content_for
        from hedgemony_tui.table.errors import SaveError
        from hedgemony_tui.table.saves import load_game
        from hedgemony_tui.games.hedgemony.tui.seats import read_seats

        try:
            state = load_game(save)
            players = content_for(state.scenario).scenario.player_ids
        except SaveError as exc:
            print(f"hedgemony: {exc}", file=sys.stderr)
            return EXIT_USAGE
        except KeyError as exc:
            print(f"hedgemony: {save}: {exc.args[0]}", file=sys.stderr)
            return EXIT_USAGE
        seats = read_seats(save, players)
    from hedgemony_tui.games.hedgemony.tui.app import build_app

    build_app(state, seats=seats, saves_dir=saves_dir, save_path=save).run()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:
        if sys.stdin.isatty() and sys.stdout.isatty():
            return run_tui()
        # Not a terminal (a pipe, a script): the screens cannot run; say what can.
        print(f"hedgemony {__version__} - run it in a terminal for the game screens; the calculator works anywhere.\n")
        calc_parser = build_parser()._subparsers._group_actions[0].choices["calc"]  # type: ignore[union-attr]
        calc_parser.print_help()
        return 0
    if argv[0] == "play":
        # Parsed apart from the other commands so the screens start without loading them.
        from .parsing import OneLineParser, UsageError

        play = OneLineParser(prog="hedgemony play", description="Open the game screens on a saved game.")
        play.add_argument("save", metavar="SAVE", nargs="?", help="a save file (none: the title screen)")
        play.add_argument("--saves-dir", metavar="DIR", default="saves", help="where saves and the autosave go")
        try:
            args = play.parse_args(argv[1:])
        except UsageError as exc:
            print(str(exc), file=sys.stderr)
            return EXIT_USAGE
        return run_tui(args.save, args.saves_dir)
    from hedgemony_tui.games.hedgemony.engine.cards import CardError
    from hedgemony_tui.table.errors import IllegalIntent, RuleInputError, RulesDataError, SaveError, ScenarioError
    from .parsing import UsageError

    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help()
            return 0
        from hedgemony_tui.games.hedgemony.cli.calc import run_calc

        # A handler returns (payload, shown) or (payload, shown, exit status).
        payload, shown, *status = run_calc(args) if args.command == "calc" else args.handler(args)
    except UsageError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_USAGE
    except (RuleInputError, SaveError, IllegalIntent) as exc:
        print(f"hedgemony: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except (RulesDataError, ScenarioError, CardError) as exc:
        print(f"hedgemony: game data: {exc}", file=sys.stderr)
        return EXIT_RULES
    try:
        if getattr(args, "json", False):
            print(json.dumps(payload, indent=None, sort_keys=False))
        elif isinstance(shown, str):
            print(shown)  # plain lines, one per finding: never wrapped, cropped or read as markup
        else:
            from rich.console import Console

            Console(highlight=False).print(shown)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped early (e.g. `| head`): not an error of ours; say nothing more.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return status[0] if status else 0
