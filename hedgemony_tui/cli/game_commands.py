"""``hedgemony simulate`` and ``hedgemony show``: headless games and a save's placemats.

``simulate`` drives every seat with a policy through the same ``legal_intents`` and
``reduce`` the screens use. ``--turns`` counts turns to play now; a loaded save goes on
from where it stopped, so three turns, a save, a load and three more turns end in the
same state as six straight.
"""

from __future__ import annotations

import argparse
import hashlib
from pathlib import Path
from collections.abc import Callable, Mapping
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from hedgemony_tui.games.hedgemony.bots import POLICY_NAMES, WHITE_CELL_MODES, BotChoice, get_policy, random_policy, white_cell
from hedgemony_tui.table.codec import to_toml_text
from hedgemony_tui.games.hedgemony.engine.content import content_for
from hedgemony_tui.table.errors import RuleInputError
from hedgemony_tui.games.hedgemony.engine.game import legal_intents, pending, reduce
from hedgemony_tui.games.hedgemony.engine.intents import InjectEvent, seat_of
from hedgemony_tui.games.hedgemony.engine.setup import new_game, settings_for
from hedgemony_tui.games.hedgemony.engine.state import WHITE, GameState, Phase
from hedgemony_tui.games.hedgemony.engine.view import view
from hedgemony_tui.table.saves import GAME_KIND, load_game, save_game

POLICIES = {name: name for name in POLICY_NAMES}
Result = tuple[dict[str, Any], RenderableType]
OnChoice = Callable[[GameState, str, BotChoice], None]
"""Called before each decision is applied: (state before, seat, the choice and its reason)."""


def add_game_parsers(commands: Any) -> None:
    sim = commands.add_parser("simulate", help="play a headless game with computer players in every seat")
    sim.add_argument("--seed", type=int, default=None, help="seed of a new game (default 1)")
    sim.add_argument("--turns", type=int, default=None, metavar="T", help="turns to play now (default: to the end)")
    sim.add_argument("--policy", choices=sorted(POLICIES), default="random", help="how every seat chooses")
    sim.add_argument("--seat", action="append", default=[], metavar="SEAT=POLICY", type=seat_assignment,
                     help="one seat's policy, e.g. --seat PRC=expert (repeatable)")
    sim.add_argument("--white-cell", choices=WHITE_CELL_MODES, default=None,
                     help="the automated White Cell (default: random with all-random seats, else random-events)")
    sim.add_argument("--journal", metavar="PATH", help="write every decision and its reason to PATH")
    sim.add_argument("--verbose", action="store_true", help="print every decision and its reason")
    sim.add_argument("--length", type=int, default=None, metavar="N", help="a new game's length in turns (default: the scenario's)")
    sim.add_argument("--save", metavar="PATH", help="write the final state to PATH (atomic; the old file becomes PATH.bak)")
    sim.add_argument("--load", metavar="PATH", help="continue the game saved at PATH")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.set_defaults(handler=cmd_simulate)

    from .balance_commands import add_balance_parser  # balance imports this module

    add_balance_parser(commands)

    show = commands.add_parser("show", help="print a save's placemats")
    show.add_argument("save", metavar="SAVE")
    show.add_argument("--json", action="store_true", help="print one JSON object")
    show.set_defaults(handler=cmd_show)


def seat_assignment(text: str) -> tuple[str, str]:
    """Read ``PRC=expert`` for ``--seat``; a bad one names what is allowed."""
    seat, sep, name = text.partition("=")
    seat, name = seat.strip().upper(), name.strip().lower()
    seats = content_for("default").scenario.player_ids
    if not sep or not seat or not name:
        raise argparse.ArgumentTypeError(f"write SEAT=POLICY, e.g. PRC=expert (got {text!r})")
    if seat not in seats:
        raise argparse.ArgumentTypeError(f"no seat {seat!r}: the seats are {', '.join(seats)}")
    if name not in POLICY_NAMES:
        raise argparse.ArgumentTypeError(f"no policy {name!r} for {seat}: choose one of {', '.join(POLICY_NAMES)}")
    return seat, name


def journal_line(state: GameState, seat: str, choice: BotChoice) -> str:
    return f"T{state.turn} {state.phase.title}: {choice.reason or choice.intent.describe()}"


def state_hash(state: GameState) -> str:
    return hashlib.sha256(to_toml_text(state, kind=GAME_KIND).encode()).hexdigest()[:16]


def completed_turns(state: GameState) -> int:
    return state.turn if state.phase is Phase.OVER else state.turn - 1


def summary(state: GameState) -> dict[str, Any]:
    """The JSON shape shared by ``simulate`` and ``show``."""
    return {
        "seed": state.seed,
        "turn": completed_turns(state),
        "over": state.phase is Phase.OVER,
        "phase": state.phase.value,
        "players": {
            p.id: {"ip": p.ip, "rp": p.rp, "ff": state.ffs_of(p.id), "tech": p.tech_level} for p in state.players
        },
        "winners": list(state.winners),
        "state_hash": state_hash(state),
    }


def seat_policies(policy: str, seats: Mapping[str, str] | None, players: tuple[str, ...]) -> dict[str, str]:
    """Every player's policy name: ``policy`` unless ``seats`` names another."""
    chosen = {p: policy for p in players}
    for seat, name in (seats or {}).items():
        if seat not in chosen:
            raise RuleInputError(f"no seat {seat!r}: the seats are {', '.join(players)}")
        if name not in POLICY_NAMES:
            raise RuleInputError(f"no policy named {name!r} for {seat}: choose one of {', '.join(POLICY_NAMES)}")
        chosen[seat] = name
    if policy not in POLICY_NAMES:
        raise RuleInputError(f"no policy named {policy!r}: choose one of {', '.join(POLICY_NAMES)}")
    return chosen


def play(state: GameState, turns: int | None, policy: str = "random", seats: Mapping[str, str] | None = None,
         white: str | None = None, on_choice: OnChoice | None = None,
         make_policy: Callable[[str], Any] = get_policy) -> GameState:
    """Let the bots take every decision until ``turns`` more turns end, or the game does.

    ``policy`` plays every seat that ``seats`` (seat -> policy name) does not name; the
    White Cell is automated in mode ``white`` (default: ``random`` when every seat is
    random, which keeps those games exactly as they always were, else ``random-events``).
    Each bot sees only ``view(state, seat)`` and its own seat's options; the White Cell
    sees the whole state and decides first whether to inject an event. ``on_choice``
    hears every decision with its one-line reason (the journal); ``make_policy`` builds a
    policy from its name (a benchmark wraps it to time the decisions).
    """
    content = content_for(state.scenario)
    names = seat_policies(policy, seats, content.scenario.player_ids)
    mode = white or ("random" if set(names.values()) == {"random"} else "random-events")
    cell = white_cell(mode)
    bots = {name: make_policy(name) for name in set(names.values())}
    legacy = mode == "random"  # the random White Cell shares the player's pick, as before
    target = None if turns is None else completed_turns(state) + turns
    while state.phase is not Phase.OVER:
        if target is not None and completed_turns(state) >= target:
            break
        options = legal_intents(state, content)
        seat = pending(state, content).seat
        choice: BotChoice | None
        if seat == WHITE:
            choice = cell.decide(state, options)
            assert choice is not None
        elif legacy and names[seat] == "random":
            intent = random_policy.choose(view(state, seat), options)
            choice = BotChoice(intent, "") if on_choice is None else bots["random"].decide(view(state, seat), options)
            if on_choice is not None and choice.intent != intent:
                raise AssertionError("the random policy must not depend on how it is called")
        else:
            choice = cell.decide(state, options)
            if choice is None:
                own = [o for o in options if seat_of(o) == seat]
                choice = bots[names[seat]].decide(view(state, seat), own)
        if on_choice is not None:
            on_choice(state, WHITE if isinstance(choice.intent, InjectEvent) else seat, choice)
        state = reduce(state, choice.intent, content)
    return state


def cmd_simulate(args: argparse.Namespace) -> Result:
    if args.turns is not None and args.turns < 0:
        raise RuleInputError(f"--turns must be 0 or more (got {args.turns})")
    if args.load:
        if args.seed is not None or args.length is not None:
            raise RuleInputError("--seed and --length set up a new game; a loaded save keeps its own")
        state = load_game(args.load)
    else:
        content = content_for("default")
        overrides = {}
        if args.length is not None:
            if not 1 <= args.length <= 30:
                raise RuleInputError(f"--length must be 1-30 turns (got {args.length})")
            overrides["turns"] = args.length
        state = new_game(content, 1 if args.seed is None else args.seed, settings_for(content, **overrides))
    lines: list[str] = []
    want = bool(args.journal or args.verbose)
    state = play(state, args.turns, args.policy, dict(args.seat), args.white_cell,
                 on_choice=(lambda s, seat, choice: lines.append(journal_line(s, seat, choice))) if want else None)
    if args.save:
        save_game(args.save, state)
    if args.journal:
        write_journal(Path(args.journal), lines)
    payload = summary(state)
    shown = placemats(state, payload)
    if args.verbose and not args.json:
        shown = Group(Text("\n".join(lines)), shown)
    return payload, shown


def write_journal(path: Path, lines: list[str]) -> None:
    try:
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    except OSError as exc:
        raise RuleInputError(f"cannot write the journal to {path}: {exc.strerror or exc}") from None


def cmd_show(args: argparse.Namespace) -> Result:
    state = load_game(Path(args.save))
    payload = summary(state)
    return payload, placemats(state, payload)


def placemats(state: GameState, payload: dict[str, Any]) -> RenderableType:
    title = f"Turn {state.turn}, {state.phase.title}" if state.phase is not Phase.OVER else f"Game over after turn {state.turn}"
    grid = Table(title=f"{title} (seed {state.seed})", box=box.SIMPLE_HEAVY, title_style="bold")
    for header in ("Player", "IP", "RP", "per turn", "FFs", "Tech", "Critical Capabilities"):
        grid.add_column(header, justify="left" if header in ("Player", "Critical Capabilities") else "right")
    for p in state.players:
        caps = ", ".join(f"{k} {v}" for k, v in p.capabilities.items()) or "—"
        grid.add_row(p.id, str(p.ip), str(p.rp), str(p.per_turn_rp), str(state.ffs_of(p.id)), str(p.tech_level), caps)
    forces = Table(title="Forces", box=box.SIMPLE, title_style="bold")
    for header in ("Owner", "Stack", "Where", "Home", "Readiness", "Status"):
        forces.add_column(header)
    for s in sorted(state.stacks, key=lambda s: (s.owner, s.location, s.mod)):
        status = []
        if s.pinned(state.turn):
            status.append(f"pinned to turn {s.pinned_through}")
        if s.reset(state.turn):
            status.append(f"reset to turn {s.reset_through}")
        if s.ready_turn > state.turn:
            status.append(f"ready turn {s.ready_turn}")
        ready = f"{s.readiness}%" if s.owner == "US" else ""
        forces.add_row(s.owner, f"{s.ffs}×M{s.mod}", s.location, s.home, ready, ", ".join(status))
    footer = Text(f"winners: {', '.join(state.winners) or 'none yet'}   state hash {payload['state_hash']}")
    return Group(grid, forces, footer)
