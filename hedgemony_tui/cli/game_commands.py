"""``hedgemony games``, ``simulate`` and ``show``: the games on the table, headless
games played by computer players, and a save's placemats, for any registered game.

``simulate`` drives every seat with a policy through the table's one match loop (the
same ``legal``/``apply`` the screens use) and journals each decision. ``--turns``
counts turns to play now; a loaded save goes on from where it stopped, so three turns,
a save, a load and three more turns end in the same state as six straight.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import os
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..table import match
from ..table.codec import to_toml_text
from ..table.contract import AnyRules
from ..table.errors import RuleInputError
from ..table.files import publish_new, temp_beside, write_new
from ..table.host import TableHost
from ..table.registry import DEFAULT_GAME, game_ids, get_cli, get_rules
from ..table.save_io import backup_path, write_save
from ..table.saves import Origin, file_kind, read_game
from ..table.seats import Seats
from ..table.session import Session
from ..table.text import inert
from ..table.text import shown as quoted
from .game_args import add_game_argument, add_scenario_argument, control_mode, new_state, options_from
from .parsing import option_assignment, seat_assignment, seat_policies
from .paths import output_to_write, save_to_read

Result = tuple[Any, RenderableType]
MAX_TURNS = 30


def add_game_parsers(commands: Any) -> None:
    games = commands.add_parser("games", help="list the games on the table")
    games.add_argument("--json", action="store_true", help="print one JSON object")
    games.set_defaults(handler=cmd_games)

    sim = commands.add_parser("simulate", help="play a headless game with computer players in every seat")
    add_game_argument(sim)
    sim.add_argument("--seed", type=int, default=None, help="seed of a new game (default 1)")
    sim.add_argument("--turns", type=int, default=None, metavar="T", help="turns to play now (default: to the end)")
    sim.add_argument(
        "--policy", help="how every seat chooses (default: random if the game has it, else its first; see `games`)"
    )
    sim.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="SEAT=POLICY",
        type=seat_assignment,
        help="one seat's policy, e.g. --seat PRC=expert (repeatable)",
    )
    sim.add_argument(
        "--white-cell",
        "--control",
        dest="control",
        default=None,
        metavar="MODE",
        help="the automated control seat's mode (Hedgemony: random, random-events, directed, none)",
    )
    sim.add_argument(
        "--length", type=int, default=None, metavar="N", help="a new game's length in turns (the option turns)"
    )
    sim.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        type=option_assignment,
        help="a new game's option, e.g. --option random_events=true (repeatable; see `games --json`)",
    )
    add_scenario_argument(sim)
    sim.add_argument("--journal", metavar="PATH", help="write every decision and its reason to PATH (a new file)")
    sim.add_argument("--verbose", action="store_true", help="print every decision and its reason")
    sim.add_argument(
        "--save",
        metavar="PATH",
        help="write the final game to PATH: a new file, or a save of ours (atomic; the old save becomes PATH.bak)",
    )
    sim.add_argument(
        "--force",
        action="store_true",
        help="let --save and --journal replace a file that is not a save (it is kept as PATH.bak)",
    )
    sim.add_argument("--load", metavar="PATH", help="continue the game saved at PATH")
    sim.add_argument(
        "--allow-edited",
        action="store_true",
        help="with --load: open a save edited by hand (its checksum no longer matches); it must still obey the rules",
    )
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.set_defaults(handler=cmd_simulate)

    show = commands.add_parser("show", help="print a save's placemats")
    show.add_argument("save", metavar="SAVE")
    add_game_argument(show, default=None)
    show.add_argument("--json", action="store_true", help="print one JSON object")
    show.add_argument(
        "--allow-edited",
        action="store_true",
        help="open a save edited by hand (its checksum no longer matches); it must still obey the rules",
    )
    show.set_defaults(handler=cmd_show)


def cmd_games(args: argparse.Namespace) -> Result:
    rows: list[dict[str, Any]] = []
    for game in game_ids():
        rules = get_rules(game)
        info = rules.info
        rows.append(
            {
                "id": info.id,
                "title": info.title,
                "summary": info.summary,
                "players": {"min": info.min_players, "max": info.max_players},
                "seats": [{"id": s.id, "name": s.name, "team": s.team, "control": s.control} for s in rules.seats()],
                "options": [
                    {
                        "id": o.id,
                        "label": o.label,
                        "default": o.default,
                        "kind": o.kind,
                        **({"min": o.minimum} if o.minimum is not None else {}),
                        **({"max": o.maximum} if o.maximum is not None else {}),
                        **({"choices": list(o.choices)} if o.choices else {}),
                    }
                    for o in rules.options()
                ],
                "policies": list(rules.policy_names()),
                "control_modes": list(rules.control_modes()),
                "hidden_information": info.hidden_information,
                "sealed_choices": info.sealed_choices,
                "outcome": info.outcome.value,
            }
        )
    table = Table(title="Games on the table", box=box.SIMPLE_HEAVY, title_style="bold")
    for header in ("Id", "Game", "Players", "Seats"):
        table.add_column(header)
    for row in rows:
        players = row["players"]
        table.add_row(
            row["id"], row["title"], f"{players['min']}-{players['max']}", ", ".join(s["id"] for s in row["seats"])
        )
    return {"games": rows}, table


def state_hash(rules: AnyRules, state: Any) -> str:
    return hashlib.sha256(to_toml_text(state, kind=file_kind(rules)).encode()).hexdigest()[:16]


def payload_of(rules: AnyRules, state: Any) -> dict[str, Any]:
    """The JSON shape shared by ``simulate`` and ``show``."""
    return {**rules.summary(state), "game": rules.info.id, "state_hash": state_hash(rules, state)}


def placemats(rules: AnyRules, state: Any, payload: dict[str, Any]) -> RenderableType:
    """The game's own placemats when its command-line part draws them, else its summary."""
    cli = get_cli(rules.info.id)
    if cli is not None and hasattr(cli, "placemats"):
        shown: RenderableType = cli.placemats(state, payload)
        return shown
    return Text("\n".join(f"{key}: {value}" for key, value in payload.items()))


def journal_line(rules: AnyRules, state: Any, choice: Any) -> str:
    turn, phase = rules.turn_of(state)
    return f"T{turn} {phase}: {choice.reason or choice.intent.describe()}"


def cmd_simulate(args: argparse.Namespace) -> Result:
    if args.turns is not None and args.turns < 0:
        raise RuleInputError(f"--turns must be 0 or more (got {args.turns})")
    # The files to write are checked before the game is played, not after; an empty
    # name is refused like any other bad name, never taken for "no file".
    save_to = None if args.save is None else output_to_write(args.save, "save", force=args.force, saves=True)
    journal_to = None if args.journal is None else output_to_write(args.journal, "journal", force=args.force)
    if args.load is not None:
        if args.seed is not None or args.length is not None or args.option or args.scenario is not None:
            raise RuleInputError(
                "--seed, --length, --option and --scenario set up a new game; a loaded save keeps its own"
            )
        # Session.resume replays the journal and refuses one that misleads, so the read
        # need not replay it a first time.
        saved = read_game(save_to_read(args.load), args.game, allow_edited=args.allow_edited)
        rules = saved.rules
        session = Session.resume(saved)
    else:
        rules = get_rules(args.game or DEFAULT_GAME)
        options = options_from(rules, args.option, args.length, MAX_TURNS, args.scenario)

        seed = 1 if args.seed is None else args.seed
        session = Session(rules, new_state(rules, seed, options), origin=Origin.of(rules, seed, options))
    # Every game need not have a "random" player: without --policy, its first stands in.
    policy = args.policy or ("random" if "random" in rules.policy_names() else rules.policy_names()[0])
    names = match.seat_policy_names(rules, policy, seat_policies((s.id for s in rules.seats()), args.seat))
    control = control_mode(rules, args.control, names)
    seats = Seats.of_specs(
        rules.seats(), {**names, **({rules.info.control_seat: control} if rules.info.control_seat and control else {})}
    )
    # The table host plays the game, as it does on the screens: every seat a computer.
    host = TableHost(rules, session, seats)
    if host.stopped:
        raise RuleInputError(host.stopped)
    lines: list[str] = []
    start = _completed(rules, session.state)

    def heard(state: Any, seat: str, choice: Any) -> None:
        if journal_to is not None or args.verbose:
            lines.append(journal_line(rules, state, choice))

    host.watch = heard
    until = None if args.turns is None else (lambda s: _completed(rules, s) >= start + args.turns)
    host.run(until=until)
    if host.stopped:
        raise RuntimeError(host.stopped)
    state = session.state
    if save_to is not None:
        write_game(session, save_to)
    if journal_to is not None:
        write_journal(journal_to, lines)
    payload = payload_of(rules, state)
    shown = placemats(rules, state, payload)
    if args.verbose and not args.json:
        shown = Group(Text("\n".join(lines)), shown)
    return payload, shown


def _completed(rules: AnyRules, state: Any) -> int:
    """Turns completed: the turn before the one in play, or the last one once over."""
    turn = rules.turn_of(state)[0]
    return turn if rules.pending(state).over else turn - 1


def write_game(session: Session, path: Path) -> None:
    """Save the game to ``path``: over a file there (checked before the game began: a
    save of ours, or --force) atomically with its ``.bak``; else as a new file that
    replaces nothing, not even one that appeared while the game was played."""
    if os.path.lexists(path):
        session.save(path)
        return
    temp = temp_beside(path)
    try:
        session.save(temp)
        publish_new(temp, path)
    except OSError as exc:
        raise RuleInputError(f"cannot write the save to {quoted(path)}: {exc.strerror or exc}") from None
    finally:
        for left in (temp, backup_path(temp)):
            with contextlib.suppress(OSError):
                os.unlink(left)


def write_journal(path: Path, lines: list[str]) -> None:
    """The journal's lines (made inert: a reason may quote a name) as a new file, or
    over a file there (--force, checked before the game began), keeping it as ``.bak``."""
    text = "\n".join(inert(line) for line in lines) + "\n"
    try:
        if os.path.lexists(path):
            write_save(path, text)
        else:
            write_new(path, text.encode("utf-8"))
    except OSError as exc:
        raise RuleInputError(f"cannot write the journal to {quoted(path)}: {exc.strerror or exc}") from None


def cmd_show(args: argparse.Namespace) -> Result:
    saved = read_game(Path(save_to_read(args.save)), args.game, allow_edited=args.allow_edited)
    # What the file proves (verified, unverified or edited) is part of what is shown.
    payload = {**payload_of(saved.rules, saved.state), "proof": saved.proof, "warning": saved.warning}
    drawn = placemats(saved.rules, saved.state, payload)
    return payload, Group(Text(saved.warning, style="bold"), drawn) if saved.warning else drawn
