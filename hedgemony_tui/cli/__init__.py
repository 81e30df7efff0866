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

import sys
from collections.abc import Sequence

from ..table.errors import RuleInputError, SaveError
from ..table.registry import game_ids
from .crash import report
from .parsing import EXIT_USAGE, OneLineParser, UsageError, game_in, say, without_game


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
        # lazy: reading a save loads the table's codec and save format, which the bare
        # title does without
        from ..table.saves import read_game
        from .paths import save_to_read

        try:
            saved = read_game(save_to_read(save), allow_edited=allow_edited)
        except (SaveError, RuleInputError) as exc:
            say(f"hedgemony: {exc}")
            return EXIT_USAGE
    # lazy: only the screens load Textual; every other command runs without it
    from ..shell.app import build_app

    try:
        app = build_app(saved, saves_dir=saves_dir, save_path=save, game=game)
        # Textual draws a crash as a full traceback when the screens close; ours is one
        # line and a file (``crash.report``), so that drawing is skipped. The app still
        # records the exception (``_exception``) and exits.
        app._fatal_error = app._close_messages_no_wait  # type: ignore[method-assign]
        if scenario is not None:
            # The new-game form starts with this folder in its "Scenario folder" input.
            app.option_defaults = {"scenario": scenario}
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
        return report(exc)


def _main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    picked = game_in(argv) if argv and not without_game(argv) else None
    if picked is not None:
        # `hedgemony --game rescue` alone: the title, with that game picked.
        if picked not in game_ids():
            print(f"hedgemony: no game {picked!r}: the games are {', '.join(game_ids())}", file=sys.stderr)
            return EXIT_USAGE
        argv = []
    if not argv and sys.stdin.isatty() and sys.stdout.isatty():
        return run_tui(game=picked)
    if argv and argv[0] == "play":
        # Parsed apart from the other commands so the screens start without loading them.
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
    # lazy: the other commands' modules (and the game's rules they load) are imported only
    # when one of them runs, so the screens start without them
    from .commands import run_command

    return run_command(argv)
