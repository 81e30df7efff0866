"""Charts of a game's figures by turn, for the end-of-game screen: any game, any series.

A game's front offers ``tracks(view) -> {series: {seat: value}}``; :func:`sample_tracks`
replays the session's journal from its start state with ``rules.apply`` and samples the
figures, in the viewer's view, at the start of each turn and at the end. :func:`chart`
draws one series as a table of numbers with a bar per turn: readable without colour
(the bars are block characters; the numbers are printed).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

BLOCKS = " ▁▂▃▄▅▆▇█"

Sample = tuple[str, Mapping[str, Mapping[str, float]]]
"""(a label such as "T3" or "end", the figures then)."""


def sample_tracks(
    rules: Any,
    start: Any,
    intents: Sequence[Any],
    viewer: str,
    tracks: Callable[[Any], Mapping[str, Mapping[str, float]]],
) -> list[Sample]:
    """The figures at the start of each turn and at the end, replaying ``intents`` from
    ``start``; each sample is taken on ``viewer``'s view of the state then."""
    state = start
    turn = rules.turn_of(state)[0]
    samples: list[Sample] = [(f"T{turn}", tracks(rules.view(state, viewer)))]
    for intent in intents:
        state = rules.apply(state, intent)
        now = rules.turn_of(state)[0]
        if now != turn:
            turn = now
            samples.append((f"T{turn}", tracks(rules.view(state, viewer))))
    if len(samples) == 1 or rules.pending(state).over:
        samples.append(("end", tracks(rules.view(state, viewer))))
    return samples


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:.1f}"


def spark(values: Sequence[float], low: float, high: float) -> str:
    """One block character per value, scaled between ``low`` and ``high``."""
    span = high - low
    cells = []
    for value in values:
        level = len(BLOCKS) - 1 if span == 0 else round((value - low) / span * (len(BLOCKS) - 2)) + 1
        cells.append(BLOCKS[max(1, min(level, len(BLOCKS) - 1))])
    return "".join(cells)


def chart(name: str, samples: Sequence[Sample], labels: Mapping[str, str] | None = None) -> Table:
    """Series ``name`` by turn: a row per seat with its value at each sample, and a bar
    line (one block per sample, the same scale for every seat)."""
    labels = labels or {}
    seats: list[str] = []
    for _, figures in samples:
        for seat in figures.get(name, {}):
            if seat not in seats:
                seats.append(seat)
    values = {seat: [figures.get(name, {}).get(seat, 0.0) for _, figures in samples] for seat in seats}
    every = [v for row in values.values() for v in row] or [0.0]
    low, high = min(every), max(every)
    grid = Table(
        title=f"{name} by turn",
        title_style="bold",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        caption=f"bars: {_number(low)} (▁) to {_number(high)} (█)",
        caption_justify="left",
    )
    grid.add_column("Seat", no_wrap=True)
    for label, _ in samples:
        grid.add_column(label, justify="right", no_wrap=True)
    grid.add_column("Trend", no_wrap=True)
    for seat in seats:
        row = values[seat]
        grid.add_row(labels.get(seat, seat), *(_number(v) for v in row), Text(spark(row, low, high), style="bold"))
    return grid
