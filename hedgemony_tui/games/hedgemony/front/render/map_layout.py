"""Where the map's frames and place lines go in a ``width`` x ``height`` canvas.

A layout from the map's data (:mod:`.map_data`) is a set of columns of AOR frames; each
frame lists its places one per line, and a place whose forces need more room may get
lines under it from the rows its column has to spare. The first layout in the data whose
columns fit the width (names whole, ``forces_width`` beside them) and whose frames fit
the height is used; when none fits with a full border round each frame, frames stacked
in a column share their borders, and at the last resort shrink to a title rule.
Everything here is geometry: what is written on the lines is :mod:`.board`'s business.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .map_data import LayoutSpec, MapSpec

MARK = 2  # the place's mark and a space before its name
BOXED, SHARED, RULED = "boxed", "shared", "ruled"
MODES = (BOXED, SHARED, RULED)  # tried in this order: the first that fits


@dataclass(frozen=True)
class Frame:
    aor: str
    x: int
    y: int
    width: int
    height: int
    mode: str  # BOXED: its own border; SHARED: borders shared with the frames above and below; RULED: a title rule
    first: bool  # the top frame of its column
    last: bool  # the bottom frame of its column

    @property
    def sides(self) -> int:
        return 0 if self.mode == RULED else 1

    @property
    def bottom(self) -> int:
        return 1 if self.mode == BOXED or (self.mode == SHARED and self.last) else 0


@dataclass(frozen=True)
class PlaceRow:
    """A place's line: its mark at (x, y), the name after it, the forces from ``forces_x``
    to ``x + width``, and ``extra`` lines under it for more forces."""

    place: str
    x: int
    y: int
    width: int
    forces_x: int
    extra: int
    column: int


@dataclass
class Layout:
    width: int
    height: int
    frames: list[Frame] = field(default_factory=list)
    rows: dict[str, PlaceRow] = field(default_factory=dict)
    columns: list[list[str]] = field(default_factory=list)  # place ids per column, top to bottom
    hidden: list[str] = field(default_factory=list)  # places with no room (the map says so)
    # The short names the map writes for want of room, each with the name the menus use
    # (the screen shows this key; a short name that is the menu name's first words needs none).
    short_names: dict[str, str] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)  # place id -> the name written on its line

    def place_at(self, x: int, y: int) -> str | None:
        """The place whose line (or lines under it) holds the cell (x, y)."""
        for row in self.rows.values():
            if row.x <= x < row.x + row.width and row.y <= y <= row.y + row.extra:
                return row.place
        return None


def column_need(spec: MapSpec, board: Any, aors: tuple[str, ...], forces_width: int, mode: str) -> tuple[int, int]:
    """The width of a column's names (longest label) and the least width of its frames."""
    names = max((len(spec.label(board, p)) for a in aors for p in spec.aors[a].places), default=0)
    title = max(len(title_of(spec, a)) for a in aors) + 2
    return names, max(title, (0 if mode == RULED else 2) + MARK + names + 1 + forces_width)


def title_of(spec: MapSpec, aor: str) -> str:
    return f" {spec.aors[aor].letter} {aor} "


def _height(spec: MapSpec, aors: tuple[str, ...], mode: str) -> int:
    rows = sum(len(spec.aors[a].places) + 1 for a in aors)  # each frame's title line and places
    return rows + {BOXED: len(aors), SHARED: 1, RULED: 0}[mode]  # and the bottom borders


def fits(spec: MapSpec, board: Any, layout: LayoutSpec, width: int, height: int, mode: str) -> bool:
    wide = sum(column_need(spec, board, c, layout.forces_width, mode)[1] for c in layout.columns)
    return wide <= width and all(_height(spec, c, mode) <= height for c in layout.columns)


def fit_problems(spec: MapSpec, board: Any, width: int, height: int) -> list[str]:
    """Why no layout fits a ``width`` x ``height`` map with its frames' borders (empty when one does)."""
    if any(fits(spec, board, layout, width, height, mode) for layout in spec.layouts for mode in (BOXED, SHARED)):
        return []
    problems = []
    for n, layout in enumerate(spec.layouts, 1):
        wide = sum(column_need(spec, board, c, layout.forces_width, SHARED)[1] for c in layout.columns)
        tall = max(_height(spec, c, SHARED) for c in layout.columns)
        problems.append(f"layouts #{n} needs {wide} x {tall} characters; the map has {width} x {height}")
    return problems


def lay_out(
    spec: MapSpec, board: Any, width: int, height: int, extra_lines: Callable[[str, int], int] = lambda place, room: 0
) -> Layout:
    """The frames and place lines; ``extra_lines(place, room)`` says how many lines under a
    place its forces would like when ``room`` characters are left beside its name."""
    chosen, mode = spec.layouts[-1], RULED
    for try_mode in MODES:
        found = next((lay for lay in spec.layouts if fits(spec, board, lay, width, height, try_mode)), None)
        if found is not None:
            chosen, mode = found, try_mode
            break
    result = Layout(width, height)
    columns = chosen.columns
    needs = [column_need(spec, board, c, chosen.forces_width, mode) for c in columns]
    # Spare width goes to the columns with no spare rows (their forces cannot take lines
    # under a place), else to every column; shared evenly, the first ones taking the rest.
    takers = [n for n, c in enumerate(columns) if _height(spec, c, mode) >= height] or list(range(len(columns)))
    slack = max(0, width - sum(n[1] for n in needs))
    share = {n: slack // len(takers) + (1 if i < slack % len(takers) else 0) for i, n in enumerate(takers)}
    x = 0
    for col, (aors, (names, need)) in enumerate(zip(columns, needs)):
        col_width = min(need + share.get(col, 0), max(0, width - x))
        _column(spec, board, result, col, aors, x, col_width, names, mode, extra_lines)
        x += col_width
    return result


def _column(
    spec: MapSpec,
    board: Any,
    result: Layout,
    col: int,
    aors: tuple[str, ...],
    x: int,
    col_width: int,
    names: int,
    mode: str,
    extra_lines: Callable[[str, int], int],
) -> None:
    border = 0 if mode == RULED else 1
    inner = col_width - 2 * border
    forces_x = x + border + MARK + names + 1
    room = x + col_width - border - forces_x
    spare = result.height - _height(spec, aors, mode)
    extras: dict[str, int] = {}
    for aor in aors:  # lines under places, top to bottom, while the column has rows to spare
        for place in spec.aors[aor].places:
            want = min(max(0, extra_lines(place, room)), max(0, spare))
            if want:
                extras[place] = want
                spare -= want
    y = 0
    result.columns.append([])
    for n, aor in enumerate(aors):
        places = spec.aors[aor].places
        last = n == len(aors) - 1
        frame = Frame(aor, x, y, col_width, 0, mode, n == 0, last)
        # Rows still spare are shared by the frames (blank lines at the foot of each), so
        # the regions keep their proportions; the last frame reaches the bottom.
        tall = 1 + len(places) + sum(extras.get(p, 0) for p in places) + frame.bottom + max(0, spare) // len(aors)
        if last:
            tall = max(tall, result.height - y)  # the last frame reaches the bottom
        tall = min(tall, result.height - y)
        if tall <= 0:
            result.hidden.extend(places)
            continue
        result.frames.append(Frame(aor, x, y, col_width, tall, mode, n == 0, last))
        line = y + 1
        bottom = y + tall - frame.bottom  # first row that is not inside the frame
        for place in places:
            extra = min(extras.get(place, 0), max(0, bottom - line - 1))
            if line >= bottom:
                result.hidden.append(place)
                continue
            result.rows[place] = PlaceRow(place, x + border, line, inner, forces_x, extra, col)
            result.columns[-1].append(place)
            line += 1 + extra
        y += tall
