"""The hex map as rich text, from a seat's view: three characters and two lines a hex
(so the whole 16-column map is 52 characters wide), even columns half a hex lower, the
river as a double bar with bridges as '='. A window of rows can be drawn when the board
is too short for all of them. :func:`hex_at_offset` reads the same layout backwards (a
mouse click's offset to a hex), and :func:`step` moves a cursor to the neighbouring hex.

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
STYLES = {
    "open": "",
    "woods": "green",
    "hills": "yellow",
    "woods-hills": "bold green",
    "light-urban": "bold",
    "heavy-urban": "bold reverse",
}
SIDE_STYLE = {
    "R": "bold red",
    "r": "red",
    "B": "bold blue",
    "b": "blue",
    "G": "bold green",
    "g": "green",
    "M": "bold cyan",
    "m": "cyan",
}
CELL = 3
LABEL_WIDTH = 3  # the row label ("05 ") left of the first column
NAMED = "*"
CURSOR_STYLE = {True: "reverse", False: "underline"}  # the cursor hex: the map focused, or not


def stack_mark(view: GameState, label: str) -> str:
    """Count and side letter of the stack in a hex ("3R", "2b"), or "  " (count first, so
    a stack never reads like a block id such as B1)."""
    units = view.at(label)
    if not units:
        return "  "
    greens = sum(u.seat == "GREEN" for u in units)
    # Blue and Green may share a hex: such a stack gets its own letter, M (mixed), rather
    # than reading as all Blue; the inspector lists whose each block is.
    letter = "R" if units[0].side == "red" else ("G" if greens == len(units) else ("M" if greens else "B"))
    if any(not u.kind for u in units):
        letter = letter.lower()
    return f"{min(len(units), 9)}{letter}"


LEGEND: tuple[tuple[str, str], ...] = (
    (". f h H u U", "terrain: open, woods, hills, woods+hills, light urban, heavy urban"),
    ("=", "road (beside a terrain letter); in the river, a bridge"),
    ("║", "the river: crossed only at a bridge, or by ferry with an engineer"),
    ("*", "a hex the pending decision names"),
    ("3R 2B 1G 2M", "a stack: how many blocks, and whose (Red, Blue, Green; M: Blue and Green together)"),
    ("r b g m", "lower case: some blocks of the stack are hidden from you"),
    (
        "+ s x z ! ?",
        "overlay marks (F2): reach; supply, cut off; enemy ZOC; the enemy knows a type, only hidden blocks",
    ),
    ("2/5/4", "a block's numbers: combat power (CP) / movement points (MP) / cohesion"),
    ("••", "cohesion lost, one • a point (the orange cubes)"),
)
"""Every mark the map, the inspector and the forces list draw, with its meaning (the
glossary has each one too; a test checks both)."""


def legend() -> str:
    towns = ", ".join(f"{name[:2]} {name} {label}" for label, name in sorted(board().towns.items()))
    marks = ";  ".join(f"{mark} {meaning}" for mark, meaning in LEGEND)
    return (
        f"Legend: {marks}.  Even columns sit half a row lower.  The cursor hex: reverse video "
        f"(underlined while the map does not have the focus).  Towns: {towns}"
    )


def size() -> tuple[int, int]:
    """The map's (columns, rows)."""
    brd = board()
    return max(int(label[:2]) for label in brd.labels), max(int(label[2:]) for label in brd.labels)


def river_column() -> int:
    """The column the river runs down the west side of (drawn as one extra character
    before it), or 0 when the map has no bridge to find it by."""
    return next((int(b.split("-")[1][:2]) for b in board().bridges), 0)


def column_x(col: int) -> int:
    """The character where column ``col``'s hexes start on each line of the map."""
    river = river_column()
    return LABEL_WIDTH + (col - 1) * CELL + (1 if river and col >= river else 0)


def hex_at_offset(x: int, y: int, rows: tuple[int, int] | None = None) -> str:
    """The hex drawn at character ``x`` of line ``y`` of :func:`draw_map` (line 0 is the
    column header) when it shows ``rows``, or "" off every hex (the row labels, the river,
    the header, the half row above an even column's first hex)."""
    cols, last_row = size()
    first = (rows or (1, last_row))[0]
    if y < 1 or x < LABEL_WIDTH:
        return ""
    col = next((c for c in range(1, cols + 1) if column_x(c) <= x < column_x(c) + CELL), 0)
    if not col:
        return ""
    line_no = (first - 1) * 2 + y - 1  # the line of the whole map, as draw_map counts them
    shift = 1 if col % 2 == 0 else 0
    if line_no < shift:
        return ""
    label = f"{col:02d}{(line_no - shift) // 2 + 1:02d}"
    return label if board().on_map(label) else ""


def step(label: str, direction: str) -> str:
    """The hex next to ``label`` the way an arrow key points ("up", "down", "left",
    "right"): up and down within the column, left and right to the next column at the
    row drawn nearest (the same row number when two are as near, so the cursor keeps to
    its row), or ``label`` itself at the map's edge."""
    brd = board()
    col, row = int(label[:2]), int(label[2:])
    if direction in ("up", "down"):
        there = f"{col:02d}{row + (1 if direction == 'down' else -1):02d}"
        return there if brd.on_map(there) else label
    to = col + (1 if direction == "right" else -1)
    height = 2 * row + col % 2 * -1  # the hex's middle, in half rows (even columns sit lower)

    def nearness(r: int) -> tuple[int, int]:
        return abs(2 * r - to % 2 - height), abs(r - row)

    found = [r for r in range(row - 1, row + 2) if brd.on_map(f"{to:02d}{r:02d}")]
    return f"{to:02d}{min(found, key=nearness):02d}" if found else label


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


def draw_map(
    view: GameState,
    marked: frozenset[str] = frozenset(),
    overlay: Mapping[str, str] | None = None,
    rows: tuple[int, int] | None = None,
    cursor: str = "",
    focused: bool = False,
) -> Text:
    """The map, or the rows ``rows`` (first, last) of it. ``marked`` hexes (named by the
    pending decision) are highlighted and marked '*'; ``overlay`` maps hexes to a mark
    character drawn instead. The ``cursor`` hex is drawn in reverse video while the map
    has the focus (underlined otherwise), both its lines, so it shows without colour."""
    brd = board()
    cols, last_row = size()
    overlay = overlay or {}
    first, last = rows or (1, last_row)
    river_col = river_column()
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
            extra = CURSOR_STYLE[focused] if label == cursor else ""
            _cell(lines[line_no], view, label, (line_no - shift) % 2, marked, overlay, extra)
    out = Text()
    out.append_text(header)
    for line in lines[(first - 1) * 2 : last * 2 + 1]:
        out.append("\n")
        out.append_text(line)
    return out


def _cell(
    line: Text,
    view: GameState,
    label: str,
    part: int,
    marked: frozenset[str],
    overlay: Mapping[str, str],
    extra: str = "",
) -> None:
    brd = board()
    terrain = brd.terrain(label)
    back = f"{'on grey30' if label in marked else ''} {extra}".strip()
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
