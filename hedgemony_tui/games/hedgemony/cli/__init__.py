"""Hedgemony's part of the ``hedgemony`` command: its own subcommands (the facilitator's
calculator, the card decks, the scenario checker) and its placemats for ``simulate``
and ``show``."""

from __future__ import annotations

import argparse
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..engine.cards import CardError
from ..engine.state import GameState, Phase
from .calc import add_calc_parser, run_calc
from .card_commands import add_card_parsers
from .debrief import aar_sections as sections

Result = tuple[Any, RenderableType]


def add_parsers(commands: Any) -> None:
    """Add ``calc``, ``cards`` and ``check-scenario`` to the command's subcommands."""
    add_calc_parser(commands)
    add_card_parsers(commands)


def run(args: argparse.Namespace) -> Result:
    """Run one of this game's subcommands."""
    if args.command == "calc":
        return run_calc(args)
    result: Result = args.handler(args)
    return result


def aar_sections(timeline: Any, viewpoint: str | None) -> list[tuple[str, list[str]]]:
    """Hedgemony's sections of the debrief pack (``hedgemony aar``)."""
    return sections(timeline, viewpoint)


def errors() -> tuple[type[Exception], ...]:
    """Errors of this game's data (card files) that end a command with exit status 3."""
    return (CardError,)


def placemats(state: GameState, payload: dict[str, Any]) -> RenderableType:
    """Every player's placemat figures and every stack on the board, as tables."""
    title = (
        f"Turn {state.turn}, {state.phase.title}"
        if state.phase is not Phase.OVER
        else f"Game over after turn {state.turn}"
    )
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
