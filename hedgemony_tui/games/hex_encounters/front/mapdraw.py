"""The hex map as rich text, from a seat's view: three characters and two lines a hex
(so the whole 16-column map is 52 characters wide), even columns half a hex lower, the
river as a double bar with bridges as '='. A window of rows can be drawn when the board
is too short for all of them.

Line one of a hex: terrain glyph, road mark ('=' when a road runs through), and an
overlay mark ('*' a hex the pending decision names; see ``OVERLAY_MARKS``). Line two:
the stack (count and side letter; lower case when some of its blocks are hidden from the
viewer), or a town's first two letters. Readable without colour; colour only helps."""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text

from ..engine.board import board
from ..engine.state import GameState

GLYPHS = {"open": ".", "woods": "f", "hills": "h", "woods-hills": "H", "light-urban": "u", "heavy-urban": "U"}
STYLES = {"open": "", "woods": "green", "hills": "yellow", "woods-hills": "bold green", "light-urban": "bold",
          "heavy-urban": "bold reverse"}
SIDE_STYLE = {"R": "bold red", "r": "red", "B": "bold blue", "b": "blue", "G": "bold green", "g": "green"}
CELL = 3
NAMED = "*"


def stack_mark(view: GameState, label: str) -> str:
    """Count and side letter of the stack in a hex ("3R", "2b"), or "  " (count first, so
    a stack never reads like a block id such as B1)."""
    units = view.at(label)
    if not units:
        return "  "
    letter = "R" if units[0].side == "red" else ("G" if all(u.seat == "GREEN" for u in units) else "B")
    if any(not u.kind for u in units):
        letter = letter.lower()
    return f"{min(len(units), 9)}{letter}"


def legend() -> str:
    return ("Terrain: . open  f woods  h hills  H woods+hills  u light urban  U heavy urban;  = road;  "
            "║ river, = across it a bridge; even columns sit half a row lower.  * a hex the decision names.  "
            "Stacks: count and side (3R Red, 2B Blue, 1G Green); lower case: blocks hidden from you.  Towns: "
            + ", ".join(f"{name[:2]} {name} {label}" for label, name in sorted(board().towns.items())))


def size() -> tuple[int, int]:
    """The map's (columns, rows)."""
    brd = board()
    return max(int(label[:2]) for label in brd.labels), max(int(label[2:]) for label in brd.labels)


def window(rows: int, shown: int, wanted: set[int], offset: int = 0) -> tuple[int, int]:
    """The first and last row (1-based) of a window of ``shown`` rows that holds as many
    of the ``wanted`` rows as it can (centred on them), moved ``offset`` rows by the
    player's scroll key and kept on the map."""
    shown = max(1, min(shown, rows))
    first = 1
    if wanted:
        # Centred on the wanted rows, but never starting below the first of them nor
        # ending above the last (when they fit at all).
        first = (min(wanted) + max(wanted)) // 2 - shown // 2
        first = max(min(first, min(wanted)), max(wanted) - shown + 1)
    first = max(1, min(rows - shown + 1, first))
    first = max(1, min(rows - shown + 1, first + offset))
    return first, first + shown - 1


def draw_map(view: GameState, marked: frozenset[str] = frozenset(), overlay: Mapping[str, str] | None = None,
             rows: tuple[int, int] | None = None) -> Text:
    """The map, or the rows ``rows`` (first, last) of it. ``marked`` hexes (named by the
    pending decision) are highlighted and marked '*'; ``overlay`` maps hexes to a mark
    character drawn instead (its hexes are underlined)."""
    brd = board()
    cols, last_row = size()
    overlay = overlay or {}
    first, last = rows or (1, last_row)
    river_col = next((int(b.split("-")[1][:2]) for b in brd.bridges), 0)
    height = last_row * 2 + 1
    lines = [Text(f"{(n // 2) + 1:02d} " if n % 2 == 0 and n // 2 < last_row else "   ") for n in range(height)]
    header = Text("   ")
    for c in range(1, cols + 1):
        header.append((" " if c == river_col else "") + f"{c:02d}".ljust(CELL), style="dim")
    for c in range(1, cols + 1):
        shift = 1 if c % 2 == 0 else 0
        for line_no in range(height):
            if c == river_col:
                west = f"{c - 1:02d}{line_no // 2 + 1:02d}"
                east = f"{c:02d}{(line_no - shift) // 2 + 1:02d}"
                crossing = brd.on_map(west) and brd.on_map(east) and brd.bridge(west, east)
                lines[line_no].append("=" if crossing else "║", style="bold cyan")
            label = f"{c:02d}{(line_no - shift) // 2 + 1:02d}"
            if line_no < shift or not brd.on_map(label):
                lines[line_no].append(" " * CELL)
                continue
            _cell(lines[line_no], view, label, (line_no - shift) % 2, marked, overlay)
    out = Text()
    out.append_text(header)
    for line in lines[(first - 1) * 2:last * 2 + 1]:
        out.append("\n")
        out.append_text(line)
    return out


def _cell(line: Text, view: GameState, label: str, part: int, marked: frozenset[str], overlay: Mapping[str, str]) -> None:
    brd = board()
    terrain = brd.terrain(label)
    back = "on grey30" if label in marked else ""
    if part == 0:
        road = "=" if any(brd.road(label, n) for n in brd.neighbours(label)) else " "
        mark = overlay.get(label) or (NAMED if label in marked else " ")
        line.append(GLYPHS[terrain], style=f"{STYLES[terrain]} {back}".strip())
        line.append(road, style=back)
        line.append(mark, style=f"bold magenta {back}".strip())
        return
    stack = stack_mark(view, label)
    town = brd.towns.get(label)
    if stack.strip():
        line.append(stack, style=f"{SIDE_STYLE.get(stack[1], '')} {back}".strip())
    else:
        line.append(town[:2] if town else "  ", style=f"bold {back}".strip())
    line.append(" ", style=back)
