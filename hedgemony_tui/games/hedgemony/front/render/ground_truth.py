"""The White Cell's Ground Truth Tracking Worksheet (rulebook appendix, Figure A.1), filled
in from the full log: per player and turn, resource and influence changes, the National
Tech Level and each Critical Capability as they stood at the end of the turn, and notes
(private results, scheduled gains, reveals). For the White Cell's eyes only."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from .palette import player_colour

if TYPE_CHECKING:
    from ...engine.content import Content
    from ...engine.state import GameState

# The engine logs level changes as "PLAYER: <what> OLD -> NEW (source)".
_LEVEL = re.compile(r"^(?P<player>[A-Z0-9]+): (?P<what>National Tech Level|[A-Z0-9]+) (?P<old>\d+) -> (?P<new>\d+)")
NOTE_KINDS = ("scheduled", "reveal", "effect", "level", "event", "choice")


def levels_by_turn(state: GameState, pid: str, what: str, current: int | None) -> dict[int, int | None]:
    """The level at the end of each turn so far, worked back from now through the log."""
    changes: list[tuple[int, int, int]] = []  # (turn, old, new)
    for entry in state.log:
        found = _LEVEL.match(entry.text) if entry.kind == "level" else None
        if found and found["player"] == pid and found["what"] == what:
            changes.append((entry.turn, int(found["old"]), int(found["new"])))
    result: dict[int, int | None] = {}
    value = current
    for turn in range(state.turn, 0, -1):
        result[turn] = value
        for _t, old, _new in reversed([c for c in changes if c[0] == turn]):
            value = old
    return result


def worksheet(state: GameState, content: Content, first_turn: int = 1) -> Group:
    turns = list(range(max(1, first_turn), state.turn + 1))
    tables = []
    for p in state.players:
        grid = Table(
            title=f"{content.scenario.player(p.id).name} ({p.id})",
            title_style=f"bold {player_colour(p.id)}",
            title_justify="left",
            box=box.SQUARE,
            expand=True,
        )
        grid.add_column("", style="bold", no_wrap=True)
        for turn in turns:
            grid.add_column(f"Turn {turn}", justify="right" if turn else "left")
        rp = {t: 0 for t in turns}
        ip = {t: 0 for t in turns}
        notes: dict[int, list[str]] = {t: [] for t in turns}
        for entry in state.log:
            if entry.turn not in rp:
                continue
            for change in entry.changes:
                if change.player == p.id and change.what == "rp":
                    rp[entry.turn] += change.delta
                if change.player == p.id and change.what == "ip":
                    ip[entry.turn] += change.delta
            if (entry.actor == p.id or p.id in entry.visible_to) and (entry.visible_to or entry.kind in NOTE_KINDS):
                mark = "private: " if entry.visible_to else ""
                notes[entry.turn].append(mark + entry.text)
        grid.add_row("Resources changes", *(f"{rp[t]:+d}" for t in turns))
        grid.add_row("Influence changes", *(f"{ip[t]:+d}" for t in turns))
        tech = levels_by_turn(state, p.id, "National Tech Level", p.tech_level)
        grid.add_row("National Tech Level", *(str(tech[t]) for t in turns))
        for cap, level in p.capabilities.items():
            values = levels_by_turn(state, p.id, cap, level)
            grid.add_row(cap, *("—" if values[t] is None else str(values[t]) for t in turns))
        grid.add_row("Notes", *(Text("\n".join(notes[t][-4:]) or "", "dim") for t in turns))
        tables.append(grid)
    return Group(*tables)
