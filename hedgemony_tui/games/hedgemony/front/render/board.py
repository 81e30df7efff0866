"""The stylized world map, drawn from the board's data, and the text of a location's stacks.

Locations carry x, y on a 100 x 30 grid; the map scales them to the space it is given.
Each character cell takes the colour of the nearest location's AOR when it lies close
enough to one (a rough land mass around each cluster of places), else it stays sea. A
location is a dot; a location with forces shows them beside it, e.g. ``US 4×M3 75%``.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from .palette import aor_colours, player_colour

SEA = "#0b1522"
REACH = 6.5  # how far (in map units, rows counted double) land spreads around a place

_land_cache: dict[tuple[str, int, int], tuple[list[list[str | None]], dict[str, tuple[int, int]]]] = {}


def stack_words(stack, turn: int) -> str:
    """``4×M3``, with the U.S. readiness and pinned (P) / reset (R) markers."""
    words = f"{stack.ffs}×M{stack.mod}"
    if stack.owner == "US" and stack.readiness != 100:
        words += f" {stack.readiness}%"
    if stack.pinned(turn):
        words += " P"
    if stack.reset(turn):
        words += " R"
    if stack.ready_turn > turn:
        words += f" new(t{stack.ready_turn})"
    return words


def _layout(scenario, width: int, height: int) -> tuple[list[list[str | None]], dict[str, tuple[int, int]]]:
    key = (scenario.id, width, height)
    if key in _land_cache:
        return _land_cache[key]
    board = scenario.board
    # Fit the places' own extent (with a margin), not the whole 100 x 30 grid: the world's
    # empty oceans would otherwise take half of a small terminal.
    x0 = max(0, min(loc.x for loc in board.locations) - 4)
    x1 = min(99, max(loc.x for loc in board.locations) + 10)
    y0 = max(0, min(loc.y for loc in board.locations) - 2)
    y1 = min(29, max(loc.y for loc in board.locations) + 2)
    sx = (width - 1) / max(1, x1 - x0)
    sy = (height - 1) / max(1, y1 - y0)
    cells: dict[str, tuple[int, int]] = {}
    taken: set[tuple[int, int]] = set()
    for loc in board.locations:
        x, y = round((loc.x - x0) * sx), round((loc.y - y0) * sy)
        # Two places in one cell when the map is small: move to the nearest free cell.
        for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1), (2, 0), (-2, 0), (1, 1), (-1, -1), (1, -1), (-1, 1)):
            spot = (min(width - 1, max(0, x + dx)), min(height - 1, max(0, y + dy)))
            if spot not in taken:
                break
        taken.add(spot)
        cells[loc.id] = spot
    land: list[list[str | None]] = [[None] * width for _ in range(height)]
    points = [(loc.x, loc.y, loc.aor) for loc in board.locations]
    for row in range(height):
        my = y0 + row / sy
        for col in range(width):
            mx = x0 + col / sx
            best, best_aor = REACH * REACH, None
            for px, py, aor in points:
                d = (px - mx) ** 2 + (2 * (py - my)) ** 2
                if d < best:
                    best, best_aor = d, aor
            land[row][col] = best_aor
    _land_cache[key] = (land, cells)
    return land, cells


def location_cells(scenario, width: int, height: int) -> dict[str, tuple[int, int]]:
    return _layout(scenario, width, height)[1]


def board_map(scenario, stacks: Iterable, turn: int, width: int, height: int, selected: str | None = None) -> Text:
    """The map as ``height`` lines of ``width`` cells."""
    width, height = max(20, width), max(8, height)
    land, cells = _layout(scenario, width, height)
    colours = aor_colours(tuple(a.id for a in scenario.board.aors))
    order = scenario.player_ids
    # Each cell: (character, foreground style, background colour).
    glyph: list[list[tuple[str, str, str]]] = [[(" ", "", colours[a][0] if a else SEA) for a in row] for row in land]
    blocked: set[tuple[int, int]] = set(cells.values())
    here: dict[str, list] = {}
    for stack in stacks:
        here.setdefault(stack.location, []).append(stack)

    def put(x: int, y: int, ch: str, style: str) -> None:
        glyph[y][x] = (ch, style, glyph[y][x][2])

    def label(loc_id: str, parts: list[tuple[str, str]]) -> None:
        x0, y0 = cells[loc_id]
        length = sum(len(t) for t, _ in parts) + 1
        spots = [(x0 + 2, y0), (x0 - length, y0), (x0 + 1, y0 - 1), (x0 + 1, y0 + 1), (x0 - length + 1, y0 - 1), (x0 - length + 1, y0 + 1)]
        for start, y in spots:
            span = [(c, y) for c in range(start - 1, start + length)]
            if 0 <= y < height and start >= 0 and start + length - 1 <= width and not any(s in blocked for s in span):
                col = start
                for text, style in parts:
                    for ch in text:
                        put(col, y, ch, style)
                        blocked.add((col, y))
                        col += 1
                return

    # The selected place first, then places with forces, so they win the room for labels.
    ids = [loc.id for loc in scenario.board.locations]
    ordered = sorted(ids, key=lambda i: (i != selected, i not in here))
    for loc_id in ordered:
        x, y = cells[loc_id]
        loc_aor = scenario.board.location(loc_id).aor
        ink = colours[loc_aor][1]
        if loc_id in here:
            owners = sorted({s.owner for s in here[loc_id]}, key=lambda o: (order.index(o) if o in order else 99, o))
            dot_style = f"bold {player_colour(owners[0], order)}"
            dot = "◆" if len(owners) > 1 else "■"
        else:
            dot_style, dot = ink, "•"
        if loc_id == selected:
            dot_style = "bold black on yellow"
        put(x, y, dot, dot_style)
        parts: list[tuple[str, str]] = []
        if loc_id == selected:
            parts.append((scenario.board.location(loc_id).name + " ", "bold yellow"))
        # Stacks of one owner alike but for their size read as one (5 single FFs sent from
        # different places are "5×M3"); the place panel lists each stack.
        by_owner: dict[str, dict[str, int]] = {}
        for stack in sorted(here.get(loc_id, []), key=lambda s: (order.index(s.owner) if s.owner in order else 99, s.mod, s.id)):
            alike = stack_words(stack, turn).split("×", 1)[1]
            counts = by_owner.setdefault(stack.owner, {})
            counts[alike] = counts.get(alike, 0) + stack.ffs
        for owner, counts in by_owner.items():
            words = " ".join(f"{n}×{alike}" for alike, n in counts.items())
            parts.append((f"{owner} {words} ", f"bold {player_colour(owner, order)}"))
        if parts:
            parts[-1] = (parts[-1][0].rstrip(), parts[-1][1])
            label(loc_id, parts)
    text = Text(no_wrap=True, overflow="crop")
    for y, row in enumerate(glyph):
        for ch, style, bg in row:
            text.append(ch, f"{style} on {bg}" if "on " not in style else style)
        if y < height - 1:
            text.append("\n")
    return text


def aor_legend(scenario) -> Text:
    colours = aor_colours(tuple(a.id for a in scenario.board.aors))
    text = Text()
    for aor in scenario.board.aors:
        bg, ink = colours[aor.id]
        text.append(f" {aor.id} ", f"bold {ink} on {bg}")
        text.append(" ")
    text.append("  ■ forces  ◆ several owners  P pinned  R reset", "dim")
    return text


def nearest_location(scenario, width: int, height: int, x: int, y: int) -> str | None:
    """The place a click at (x, y) on the map means: the nearest dot within a few cells."""
    cells = location_cells(scenario, max(20, width), max(8, height))
    best, found = 9.0, None
    for loc_id, (cx, cy) in cells.items():
        d = (cx - x) ** 2 + (2 * (cy - y)) ** 2
        if d < best:
            best, found = d, loc_id
    return found
