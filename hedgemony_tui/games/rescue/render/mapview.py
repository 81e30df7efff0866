"""Gameland's hex map in the terminal: each hex a cell of three lines, the offset
columns (B, D) two lines lower, so neighbours touch as on the printed hex map.

A cell shows its name and the crisis die as a badge (colour letter, face, "!" for a
riot: "[R2!]", readable without colour; "C1ok" once resolved), then the meeples (USM,
HN, HC) and "M" for the Media Meeple, then the tokens lying there ("2se1me") or else
its place (PRT, AIR, CTY, STG). Ocean cells are drawn with "~". ``legend_text`` says
every mark (``LEGEND``); the board prints it under the crises' costs.
"""

from __future__ import annotations

from rich.text import Text

from ..engine.actors import RESOURCES, short
from ..engine.board import Board
from ..engine.state import RescueState

CELL = 10  # characters per column: five columns fit beside the side panel at 100 columns
LINES = 3  # lines per hex
COLOUR_STYLE = {"red": "bold white on red", "blue": "bold white on blue", "green": "bold black on green"}
LEGEND: tuple[tuple[str, str], ...] = (
    ("[R2!]", "red die showing 2, ! riot"),
    ("C1ok", "resolved"),
    ("C1?", "no die yet"),
    ("R / B / G", "medical / sustainment / security"),
    ("M", "Media Meeple"),
    ("~", "ocean"),
    ("AIR / PRT", "airport / port"),
    ("CTY / STG", "city centre / staging area"),
    ("2se1me", "2 security, 1 medical lying there (su: sustainment)"),
    ("R5 / 3me", "(F2) a red die showing 5 / (the costs) 3 medical"),
    (">", "(side panel) whose turn it is"),
)
"""Every mark the map draws and what it means: printed under the map; each mark is in the
rules guide's glossary (F1; tests/rescue/test_guide.py)."""
PLACE_MARK = {"port": "PRT", "airport": "AIR", "city centre": "CTY", "staging area": "STG"}


def badge(state: RescueState, number: int) -> tuple[str, str]:
    """A crisis die's badge text and style: "[R2!]" = red, face 2, riot."""
    c = state.crisis(number)
    if not c.placed:
        return f"C{number}?", "dim"
    if c.resolved_by:
        return f"C{number}ok", "green"
    riot = "!" if c.riot else ""
    return f"[{c.colour[0].upper()}{c.face}{riot}]", COLOUR_STYLE[c.colour]


def cell_lines(state: RescueState, board: Board, label: str) -> list[Text]:
    ocean = board.ocean(label)
    fill = "~" if ocean else " "
    first = Text(f"{label}", style="bold")
    number = board.crisis_at(label)
    if number:
        text, style = badge(state, number)
        first.append(" ")
        first.append(text, style=style)
    second = Text(" ".join(a.id for a in state.actors if a.hex == label), style="bold")
    if number and number == state.media:
        second.append(("" if not second.plain else " ") + "M", style="bold magenta")
    stocks = state.stocks_at(label)
    totals = {r: sum(s.count for s in stocks if s.resource == r) for r in RESOURCES}
    if any(totals.values()):
        third = Text("".join(f"{totals[r]}{short(r)[:2]}" for r in RESOURCES if totals[r]), style="cyan")
    else:
        third = Text(PLACE_MARK.get(board.place_name(label), ""), style="italic")
    out = []
    for line in (first, second, third):
        line = line.copy()
        line.truncate(CELL - 1)
        line.append(fill * (CELL - 1 - len(line.plain)), style="blue" if ocean else "")
        line.append("~" if ocean else "|", style="blue" if ocean else "dim")
        out.append(line)
    return out


def draw_map(state: RescueState, board: Board) -> Text:
    """The whole map as text: columns side by side, odd columns two lines lower."""
    height = board.rows * LINES + 2
    grid = [Text() for _ in range(height)]
    for col, letter in enumerate(board.columns):
        shift = 2 if col % 2 else 0
        column_lines = [Text(" " * CELL)] * shift
        for row in range(1, board.rows + 1):
            column_lines += cell_lines(state, board, f"{letter}-{row}")
        column_lines += [Text(" " * CELL)] * (height - len(column_lines))
        for i in range(height):
            grid[i].append_text(column_lines[i])
    out = Text(no_wrap=True, overflow="crop")
    # No newline after the last line: a blank line under the map would push the costs
    # under it out of sight at 100x30.
    for number, line in enumerate(grid):
        out.append_text(line)
        if number < len(grid) - 1:
            out.append("\n")
    return out


def legend_text(width: int = 56) -> Text:
    """The map's key (:data:`LEGEND`), packed into lines of at most ``width`` characters
    (the board is about that wide beside the panel at 100 columns)."""
    out = Text(style="dim")
    packed = ""
    for mark, meaning in LEGEND:
        item = f"{mark} {meaning}"
        if packed and len(packed) + len(item) + 2 > width:
            out.append(packed + "\n")
            packed = ""
        packed = f"{packed}; {item}" if packed else item
    out.append(packed)
    return out
