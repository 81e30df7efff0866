"""The ``hedgemony`` command: the calculator, headless games, saves, cards; the screens as they land.

Every user mistake ends in one line on stderr and exit status 2; rules-data problems
in one line and exit status 3; never a traceback.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence

from rich.console import Console

from .. import __version__
from ..engine.cards import CardError
from ..engine.errors import IllegalIntent, RuleInputError, RulesDataError, SaveError, ScenarioError
from .calc import add_calc_parser, run_calc
from .card_commands import add_card_parsers
from .game_commands import add_game_parsers
from .parsing import OneLineParser, UsageError

EXIT_USAGE = 2
EXIT_RULES = 3


def build_parser() -> OneLineParser:
    parser = OneLineParser(
        prog="hedgemony",
        description="Hedgemony TUI: a rules-enforcing terminal edition of RAND's Hedgemony wargame.",
    )
    parser.add_argument("--version", action="version", version=f"hedgemony {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    add_calc_parser(commands)
    add_game_parsers(commands)
    add_card_parsers(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:
        # Until the game screens land, the bare command introduces the calculator.
        print(f"hedgemony {__version__} - the game screens are not built yet; the calculator is ready.\n")
        calc_parser = parser._subparsers._group_actions[0].choices["calc"]  # type: ignore[union-attr]
        calc_parser.print_help()
        return 0
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help()
            return 0
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
            Console(highlight=False).print(shown)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped early (e.g. `| head`): not an error of ours; say nothing more.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return status[0] if status else 0
