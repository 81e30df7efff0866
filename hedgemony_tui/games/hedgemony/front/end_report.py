"""Hedgemony's sections of the end-of-game screen, and the figures charted by turn.

``end_report(table)`` gives, from the view of the seat at the keyboard once the game is
over: each player's victory conditions, every part met or not with its numbers
(``engine.victory.explain_victory``); the decisive rolls — those that moved the most
Influence Points — with the chance their result had before the die was cast; and each
Red player's signalled cards against the cards it played, turn by turn. ``tracks(view)``
gives IP, RP, FFs and Tech Level per player, which the shell samples at each turn.

The chances are read off the engine's own tables and card bands for the logged die
(the modifiers of a roll do not depend on its face), as the result screen reads them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..engine.content import Content, content_for
from ..engine.game import content_of
from ..engine.state import Change, GameState, LogEntry
from ..engine.victory import explain_victory
from .render import resolution as draw

if TYPE_CHECKING:
    from hedgemony_tui.shell.front import Table as GameTable

FACES = range(10)
DECISIVE = 6
"""How many rolls the report lists."""


def tracks(view: GameState) -> Mapping[str, Mapping[str, float]]:
    """IP, RP, FFs and Tech Level of each player in ``view``."""
    players = [p.id for p in view.players]
    ffs = {pid: 0 for pid in players}
    for stack in view.stacks:
        if stack.owner in ffs:
            ffs[stack.owner] += stack.ffs
    return {
        "IP": {p.id: float(p.ip) for p in view.players},
        "RP": {p.id: float(p.rp) for p in view.players},
        "FFs": {pid: float(n) for pid, n in ffs.items()},
        "Tech Level": {p.id: float(p.tech_level) for p in view.players},
    }


def end_report(table: GameTable) -> list[tuple[str, RenderableType]]:
    """The game's sections of the end-of-game screen (see the module docstring)."""
    seen: GameState = table.seen_state()
    content = content_of(seen, content_for(seen.scenario))
    return [
        ("Victory conditions", victory_section(seen, content)),
        ("Decisive rolls", decisive_rolls(seen, content)),
        ("Red signals and the cards played", signals_section(seen, content)),
    ]


# --- victory ----------------------------------------------------------------------------


def victory_section(state: GameState, content: Content) -> RenderableType:
    def forces_at(player: str, location: str) -> int:
        return sum(s.ffs for s in state.stacks if s.owner == player and s.location == location)

    lines = explain_victory(content.scenario, {p.id: p.ip for p in state.players}, forces_at)
    text = Text()
    last = ("", "")
    for line in lines:
        if (line.player, line.which) != last:
            last = (line.player, line.which)
            if text.plain:
                text.append("\n")
            verdict = _verdict(state, line.player)
            text.append(f"{line.player} — to {line.which}:", style="bold")
            if line.which == "win":
                text.append(f"  {verdict}", style="bold green" if verdict == "WON" else "bold")
        mark = "[met]    " if line.met else "[not met]"
        text.append(f"\n  {'  ' * line.depth}{mark} ", style="green" if line.met else "red")
        text.append(line.text)
    return text


def _verdict(state: GameState, player: str) -> str:
    if player in state.winners:
        return "WON"
    if player in state.losers:
        return "LOST"
    return "did not win"


# --- decisive rolls ---------------------------------------------------------------------


def roll_chance(entry: LogEntry, content: Content) -> float | None:
    """The chance, before the die, of the result ``entry``'s roll gave: the faces whose
    total (with the same modifiers) reads the same result. None: not a table or card roll."""
    record = entry.roll
    if record is None:
        return None
    bonus = record.total - record.raw
    if record.table in draw.TABLES:
        try:
            table = content.rules.resolution_table(record.table)
            outcome = table.read(record.column, record.total).outcome
            hits = sum(1 for face in FACES if table.read(record.column, face + bonus).outcome == outcome)
        except KeyError:
            return None
        return hits / len(FACES)
    if record.table == "card":
        card_id = record.reason.split(":", 1)[0].strip()
        if card_id not in content.cards or record.column == "privacy":
            return None
        card = content.card(card_id)
        bands = (
            card.lead_bands
            if record.column == "leading"
            else card.follow_bands
            if record.column == "following"
            else card.bands_for(record.column)
        )
        if not bands:
            return None
        landed = card.band_for(record.total, bands)
        return sum(1 for face in FACES if card.band_for(face + bonus, bands) == landed) / len(FACES)
    return None


def roll_changes(log: tuple[LogEntry, ...], index: int) -> list[Change]:
    """The point changes a roll led to: its own, and those of the lines right after it
    that read the same card's result (``RU-E08 Red Minor Gain: ...``)."""
    return [change for change, _ in roll_causes(log, index)]


def roll_causes(log: tuple[LogEntry, ...], index: int) -> list[tuple[Change, str]]:
    """Each change :func:`roll_changes` finds with its cause: the head of the line that
    made it, after the card's id (``Red Minor Gain``, ``unopposed``); the roll's own line
    names its result."""
    entry = log[index]
    assert entry.roll is not None
    card = entry.roll.reason.split(":", 1)[0].strip()
    own = draw.result_text(entry.roll.result).plain
    found = [(change, own) for change in entry.changes]
    for later in log[index + 1 : index + 6]:
        if later.roll is not None or not card or not later.text.startswith(card):
            break
        cause = later.text.removeprefix(card).split(":", 1)[0].strip(" -—") or own
        found += [(change, cause) for change in later.changes]
    return found


def ip_moves(causes: list[tuple[Change, str]]) -> str:
    """The IP a roll moved, one entry per player: a player moved once reads ``US -1``; a
    player moved by several causes has each named (``US -1 (Red Minor Gain), US -1
    (unopposed)``), and the same cause twice is added up, never listed twice."""
    merged: dict[tuple[str, str], int] = {}
    for change, cause in causes:
        if change.what == "ip":
            merged[(change.player, cause)] = merged.get((change.player, cause), 0) + change.delta
    players = [player for player, _ in merged]
    parts = []
    for (player, cause), delta in merged.items():
        named = f" ({cause})" if players.count(player) > 1 else ""
        parts.append(f"{player} {delta:+d}{named}")
    return ", ".join(parts)


def decisive_rolls(state: GameState, content: Content) -> RenderableType:
    """The rolls that moved the most IP (the rarest result first among equals)."""
    scored = []
    for index, entry in enumerate(state.log):
        if entry.roll is None or not entry.roll.result:
            continue
        causes = roll_causes(state.log, index)
        swing = sum(abs(c.delta) for c, _ in causes if c.what == "ip")
        chance = roll_chance(entry, content)
        scored.append((swing, -(chance if chance is not None else 1.0), entry, chance, causes))
    scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
    chosen = [item for item in scored if item[0] > 0][:DECISIVE]
    if not chosen:
        return Text("No roll moved any Influence Points.", style="dim")
    grid = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, expand=False)
    grid.add_column("Turn", justify="right", no_wrap=True)
    grid.add_column("Who", no_wrap=True)
    grid.add_column("For", ratio=1)
    grid.add_column("Die", justify="right", no_wrap=True)
    grid.add_column("Result")
    grid.add_column("Chance before", justify="right", no_wrap=True)
    grid.add_column("IP", ratio=1)
    for _, _, entry, chance, causes in sorted(chosen, key=lambda item: item[2].seq):
        record = entry.roll
        assert record is not None
        die = f"{record.raw}" + (f" → {record.total}" if record.modifiers else "")
        ips = ip_moves(causes)
        what = record.reason.split(" (", 1)[0]  # the card and its title; the worksheet is in the journal
        grid.add_row(
            str(entry.turn),
            record.roller,
            what,
            die,
            draw.result_text(record.result),
            "—" if chance is None else f"{chance:.0%}",
            ips,
        )
    return Group(
        grid,
        Text(
            "Chance before: how likely that result was before the die was cast "
            "(the same modifiers, every face of the D10).",
            style="dim",
        ),
    )


# --- signals against plays ----------------------------------------------------------------


def _card_ids(text: str, content: Content) -> list[str]:
    found = re.findall(r"[A-Z][A-Z0-9]*-[A-Z0-9-]+", text)
    return [c for c in found if c in content.cards]


def signals_by_turn(state: GameState, content: Content) -> dict[str, dict[int, tuple[list[str], list[str]]]]:
    """Per Red player and turn: (the cards it signalled, the cards it played), from the log."""
    red = [p.id for p in state.players if p.side == "red"]
    found: dict[str, dict[int, tuple[list[str], list[str]]]] = {p: {} for p in red}
    for entry in state.log:
        if entry.actor not in found:
            continue
        if entry.kind == "reveal" and entry.text.startswith(f"{entry.actor} signals:"):
            found[entry.actor].setdefault(entry.turn, ([], []))[0].extend(_card_ids(entry.text, content))
        elif entry.kind == "card" and entry.text.startswith(f"{entry.actor} plays "):
            ids = _card_ids(entry.text.split(":", 1)[0], content)
            found[entry.actor].setdefault(entry.turn, ([], []))[1].extend(ids[:1])
    return found


def signals_section(state: GameState, content: Content) -> RenderableType:
    found = signals_by_turn(state, content)
    grid = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    grid.add_column("Player", no_wrap=True)
    grid.add_column("Turn", justify="right", no_wrap=True)
    grid.add_column("Signalled", ratio=1)
    grid.add_column("Played", ratio=1)
    rows = 0
    for player, turns in found.items():
        for turn in sorted(turns):
            signalled, played = turns[turn]
            marks = [f"{c} (played)" if c in played else c for c in signalled]
            plays = [c if c in signalled else f"{c} (not signalled)" for c in played]
            grid.add_row(player, str(turn), ", ".join(marks) or "—", ", ".join(plays) or "none")
            rows += 1
    if not rows:
        return Text("No Red player signalled a card.", style="dim")
    return grid
