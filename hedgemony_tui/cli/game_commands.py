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
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..bots import random_policy
from ..engine.codec import to_toml_text
from ..engine.content import content_for
from ..engine.errors import RuleInputError
from ..engine.game import legal_intents, pending, reduce
from ..engine.setup import new_game, settings_for
from ..engine.state import GameState, Phase
from ..engine.view import view
from ..saves import GAME_KIND, load_game, save_game

POLICIES = {"random": random_policy.choose}
Result = tuple[dict[str, Any], RenderableType]


def add_game_parsers(commands: Any) -> None:
    sim = commands.add_parser("simulate", help="play a headless game with computer players in every seat")
    sim.add_argument("--seed", type=int, default=None, help="seed of a new game (default 1)")
    sim.add_argument("--turns", type=int, default=None, metavar="T", help="turns to play now (default: to the end)")
    sim.add_argument("--policy", choices=sorted(POLICIES), default="random", help="how every seat chooses")
    sim.add_argument("--length", type=int, default=None, metavar="N", help="a new game's length in turns (default: the scenario's)")
    sim.add_argument("--save", metavar="PATH", help="write the final state to PATH (atomic; the old file becomes PATH.bak)")
    sim.add_argument("--load", metavar="PATH", help="continue the game saved at PATH")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.set_defaults(handler=cmd_simulate)

    show = commands.add_parser("show", help="print a save's placemats")
    show.add_argument("save", metavar="SAVE")
    show.add_argument("--json", action="store_true", help="print one JSON object")
    show.set_defaults(handler=cmd_show)


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


def play(state: GameState, turns: int | None, policy: str) -> GameState:
    """Let ``policy`` take every decision until ``turns`` more turns end, or the game does."""
    content = content_for(state.scenario)
    choose = POLICIES[policy]
    target = None if turns is None else completed_turns(state) + turns
    while state.phase is not Phase.OVER:
        if target is not None and completed_turns(state) >= target:
            break
        options = legal_intents(state, content)
        seat = pending(state, content).seat
        intent = choose(view(state, seat), options)
        state = reduce(state, intent, content)
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
    state = play(state, args.turns, args.policy)
    if args.save:
        save_game(args.save, state)
    payload = summary(state)
    return payload, placemats(state, payload)


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
