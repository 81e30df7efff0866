"""The rounds of a contest that escalates (ch. 8), drawn for the commit and roll screens.

One line per side per round: who added how many FFs, the column the forces gave after
it, and the odds of the roll had the contest stopped there (``engine.odds.round_odds``,
the engine's own roll on the forces of that point). The numbers come from the engine;
this module only lays them out.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...engine import escalation
from ...engine.content import Content
from ...engine.odds import RollPreview, round_odds
from ...engine.state import GameState, Stage
from .resolution import SHORT_COLUMNS, TABLE_NAMES, _cell, _style_of, percent, result_rows, signed


def rounds_table(state: GameState, content: Content, seat: str) -> Table | None:
    """The contest in play round by round, with the odds after each step and ``seat``'s
    expected IP; None before any force is committed. ``state`` is the seat's own view."""
    odds = round_odds(state, content)
    if not odds:
        return None
    run = state.run
    assert run is not None
    added = {(s.round, s.initiator): s for s in escalation.steps(state)}
    previews = [p for _, _, p in odds if p is not None]
    results = _results(previews)
    grid = Table(
        title="Rounds: the odds had it stopped there",
        title_style="bold",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        padding=(0, 1),
        collapse_padding=True,
    )
    grid.add_column("Round: added", min_width=14)
    for result in results:
        grid.add_column(Text(_cell(result), style=_style_of(result)), justify="right", no_wrap=True, min_width=4)
    grid.add_column("E[IP]", justify="right", no_wrap=True)
    for round_no, initiator, preview in odds:
        step = added[(round_no, initiator)]
        label = Text(
            f"{round_no}: " + ", ".join(f"{player} +{ffs} FF" for player, ffs in step.ffs),
            style="red" if _red(content, step.ffs) else "cyan",
        )
        if preview is None:
            label.append("\n  no roll", style="dim")
            grid.add_row(label, *["" for _ in results], "")
            continue
        label.append(
            f"\n  {TABLE_NAMES.get(preview.table, preview.table)} {SHORT_COLUMNS.get(preview.column, preview.column)}",
            style="dim",
        )
        chances = {result: chance for result, _, chance in result_rows(preview)}
        grid.add_row(
            label, *[percent(chances.get(r, 0.0)) for r in results], signed(round(preview.expected_ip(seat), 1))
        )
    return grid


def _results(previews: Sequence[RollPreview]) -> list[str]:
    results: list[str] = []
    for preview in previews:
        for result, _, _ in result_rows(preview):
            if result not in results:
                results.append(result)
    return results


def _red(content: Content, ffs: tuple[tuple[str, int], ...]) -> bool:
    ids = content.scenario.player_ids
    return any(p in ids and content.scenario.player(p).side == "red" for p, _ in ffs)


def turn_words(state: GameState) -> Text | None:
    """What the seat deciding in a round after the first may do, with the keys; None in
    the first round (the screen's usual hint applies)."""
    run = state.run
    if run is None or run.round <= 1:
        return None
    if run.stage is Stage.COMMIT:
        what = (
            f"Round {run.round}: the responders answered. You may escalate (Enter commits the highlighted "
            "forces) or stop (d): if you stop, the die is rolled on the forces as they stand."
        )
    else:
        what = (
            f"Round {run.round}: {run.actor} escalated. You may answer with more forces (Enter) or stop (d): "
            "if no one adds forces, the die is rolled."
        )
    return Text(what, style="bold yellow")


def rounds_block(state: GameState, content: Content, seat: str) -> RenderableType:
    """The rounds table, or nothing."""
    table = rounds_table(state, content, seat)
    return Group(table, Text("")) if table is not None else Text("")
