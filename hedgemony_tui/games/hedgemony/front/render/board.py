"""The map drawn from the board's data: a frame per AOR (its letter and name in the title,
its colour on the border), a line per place with its name, and on that same line the
forces there (``US 4×M3 75% P``), U.S. bases (▲) and proxy partners (◇).

Where things go is :mod:`.map_layout`'s, from the map's data (:mod:`.map_data`); this
module writes the lines. Forces that do not fit beside a name take lines under it when
the column has rows to spare, else are written short (``US15``: 15 FFs), never away from
their place. An AOR reads without colour: its letter and name head its frame.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

from rich.text import Text

from ...engine.names import CONUS_NAME
from ...engine.state import CONUS_LOCATION
from .map_data import MAX_LABEL, MapSpec, map_for
from .map_layout import BOXED, MARK, MODES, RULED, Frame, Layout, PlaceRow, fits, lay_out, title_of
from .palette import player_colour

Segment = tuple[str, str]  # text, style
# One owner's forces, a base or a proxy: its full form in parts a line may break between
# (``RU 5×M2``, ``4×M3``), and its short form (``RU9``).
Group = tuple[list[list[Segment]], list[Segment]]

BASE, PROXY = "▲", "◇"
FORCES, SEVERAL, EMPTY, SELECTED = "■", "◆", "·", "▶"


def stack_words(stack: Any, turn: int) -> str:
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


def owners_in_order(stacks: Iterable[Any], order: Sequence[str]) -> list[str]:
    return sorted({s.owner for s in stacks}, key=lambda o: (order.index(o) if o in order else 99, o))


def place_groups(
    place: str,
    stacks: Sequence[Any],
    turn: int,
    order: Sequence[str],
    bases: Sequence[Any] = (),
    proxies: Sequence[Any] = (),
) -> list[Group]:
    """What stands at ``place``, as groups written on its line: each owner's forces
    (stacks alike but for their size read as one: 5 single FFs sent from different places
    are ``5×M3``; the place's detail lists each stack), then bases, then proxy partners.
    Forces come first: where the line is short the last groups give way, and the forces
    are what a decision needs (a cell once showed China's bases and hid its FFs)."""
    owned: list[Group] = []
    groups: list[Group] = []
    for base in bases:
        if base.location == place:
            groups.append(([[(f"{BASE}base {base.percent}%", "bold")]], [(BASE, "bold")]))
    for proxy in proxies:
        if proxy.location == place:
            style = f"bold {player_colour(proxy.sponsor, tuple(order))}"
            forces = " ".join(f"{f.ffs}×M{f.mod}" for f in proxy.forces)
            groups.append(
                (
                    [[(f"{PROXY}{proxy.sponsor} proxy", style)], *([[(forces, style)]] if forces else [])],
                    [(f"{PROXY}{sum(f.ffs for f in proxy.forces) or ''}", style)],
                )
            )
    here = [s for s in stacks if s.location == place]
    for owner in owners_in_order(here, order):
        mine = sorted((s for s in here if s.owner == owner), key=lambda s: (s.mod, s.id))
        counts: dict[str, int] = {}
        for stack in mine:
            alike = stack_words(stack, turn).split("×", 1)[1]
            counts[alike] = counts.get(alike, 0) + stack.ffs
        style = f"bold {player_colour(owner, tuple(order))}"
        full = [[(f"{n}×{alike}", style)] for alike, n in counts.items()]
        full[0].insert(0, (f"{owner} ", style))
        marks = ("P" if any(s.pinned(turn) for s in mine) else "") + ("R" if any(s.reset(turn) for s in mine) else "")
        owned.append((full, [(f"{owner}{sum(s.ffs for s in mine)}{marks}", style)]))
    return owned + groups


def _wrap(parts: list[list[Segment]], room: int) -> list[list[Segment]]:
    """Groups on lines of ``room`` characters, a space between two on one line."""
    lines: list[list[Segment]] = [[]]
    used = 0
    for part in parts:
        size = sum(len(t) for t, _ in part)
        if lines[-1] and used + 1 + size > room:
            lines.append([])
            used = 0
        if lines[-1]:
            lines[-1].append((" ", ""))
            used += 1
        lines[-1].extend(part)
        used += size
    return lines


def _width(line: list[Segment]) -> int:
    return sum(len(t) for t, _ in line)


def _tight(whole: list[list[Segment]]) -> list[list[Segment]]:
    """A group's full parts with its owner against the count: ``US 1×M3`` -> ``US1×M3``."""
    first = whole[0]
    if not first or not first[0][0].endswith(" "):
        return whole  # a base or a proxy: no owner to close up
    return [[(first[0][0].rstrip(" "), first[0][1]), *first[1:]], *whole[1:]]


def _forms(groups: list[Group], room: int) -> list[list[list[Segment]]]:
    """The ways to write ``groups``, roomiest first: in full (``US 1×M3``); tight
    (``US1×M3``: the owner against the count, Mod Level and readiness still said); each
    group tight where it fits ``room`` and short where it does not (``US2×M3 DPRK10``);
    then all short (``US1``). The tight forms keep the Mod Level and readiness on a
    100-column map, where the short form dropped them."""
    full = [part for whole, _ in groups for part in whole]
    tight = [part for whole, _ in groups for part in _tight(whole)]
    mixed: list[list[Segment]] = []
    for whole, short in groups:
        parts = _tight(whole)
        mixed += parts if all(_width(part) <= room for part in parts) else [short]
    return [full, tight, mixed, [short for _, short in groups]]


def lines_wanted(groups: list[Group], room: int) -> int:
    """Lines under the place its forces would take, in full if each part fits ``room``,
    else tight, else short."""
    if not groups or room <= 0:
        return 0
    full, *tighter = _forms(groups, room)
    wrapped = _wrap(full, room)
    if all(_width(line) <= room for line in wrapped):
        return len(wrapped) - 1
    # The tight forms never ask for more lines than the short one: they fill the room the
    # short form had, and take none from the other places of the map.
    short = _wrap(tighter[-1], room)
    return len(short) - 1 if all(_width(line) <= room for line in short) else 0


def fit_groups(groups: list[Group], room: int, lines: int) -> list[list[Segment]]:
    """The groups on at most ``lines`` lines of ``room``: in full, else tight, else short,
    else cut with …."""
    if not groups or room <= 0:
        return []
    for parts in _forms(groups, room):
        wrapped = _wrap(parts, room)
        if len(wrapped) <= lines and all(_width(line) <= room for line in wrapped):
            return wrapped
    return _cut_whole([short for _, short in groups], room, lines)


def _cut_whole(parts: list[list[Segment]], room: int, lines: int) -> list[list[Segment]]:
    """The short groups that fit on ``lines`` lines of ``room``, whole and in order, then
    ``…`` for the rest: a group is never cut inside (``PRC15`` cut to ``PRC1…`` would read
    as one FF); the place's detail (Enter on the map) lists everything."""
    kept: list[list[Segment]] = [[]]
    shown = 0
    for part in parts:
        size = _width(part)
        line = kept[-1]
        if line and _width(line) + 1 + size > room:
            if len(kept) == lines:
                break
            kept.append([])
            line = kept[-1]
        if size > room:
            break
        if line:
            line.append((" ", ""))
        line.extend(part)
        shown += 1
    if not shown and parts and room > 1:
        return [_owner_only(parts[0], room)]
    if shown < len(parts):
        # Room for the mark, after a space, or right after the last group when only that
        # fits; else whole groups give way from the end of the last line.
        line = kept[-1]
        while _width(line) + 1 > room and (" ", "") in line:
            while line and line[-1] != (" ", ""):
                line.pop()
            line.pop()  # the space before the group that went
        if _width(line) + 1 > room:
            kept[-1] = _owner_only(line, room)
        else:
            if line and _width(line) + 2 <= room:
                line.append((" ", ""))
            line.append(("…", "dim"))
    return kept


def _owner_only(part: list[Segment], room: int) -> list[Segment]:
    """A group too long for ``room`` with the mark: its owner then ``…`` (``PRC…``), never
    a number cut short."""
    text, style = part[0]
    owner = text.rstrip("PR").rstrip("0123456789") or text  # marks (P, R) follow the number
    return [(owner[: max(0, room - 1)], style), ("…", "dim")]


class _Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.cells: list[list[Segment]] = [[(" ", "")] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: str, end: int | None = None) -> int:
        """Write ``text`` from (x, y), no further than column ``end`` (exclusive)."""
        end = self.width if end is None else min(end, self.width)
        for ch in text:
            if 0 <= x < end and 0 <= y < self.height:
                self.cells[y][x] = (ch, style)
            x += 1
        return x

    def text(self) -> Text:
        out = Text(no_wrap=True, overflow="crop", end="")
        for y, row in enumerate(self.cells):
            for ch, style in row:
                out.append(ch, style or None)
            if y < self.height - 1:
                out.append("\n")
        return out


def _frame(canvas: _Canvas, spec: MapSpec, frame: Frame) -> None:
    colour = spec.aors[frame.aor].colour
    x, y, w, h = frame.x, frame.y, frame.width, frame.height
    if frame.mode == RULED:
        canvas.put(x, y, "─" * w, colour)
    else:
        left, right = ("╭", "╮") if frame.first or frame.mode == BOXED else ("├", "┤")
        canvas.put(x, y, left + "─" * (w - 2) + right, colour)
        for row in range(y + 1, y + h - frame.bottom):
            canvas.put(x, row, "│", colour)
            canvas.put(x + w - 1, row, "│", colour)
        if frame.bottom:
            canvas.put(x, y + h - 1, "╰" + "─" * (w - 2) + "╯", colour)
    canvas.put(x + 1, y, title_of(spec, frame.aor)[: max(0, w - 2)], f"bold black on {colour}")


def menu_name(board: Any, place: str) -> str:
    """A place as the menus, the decision panel and the journal name it (``engine.names.place``)."""
    return CONUS_NAME if place == CONUS_LOCATION else board.location(place).name


def map_fit(spec: MapSpec, board: Any, width: int, height: int) -> tuple[int, int]:
    """How well ``spec`` fits (lower is better): the first border mode, then the first
    layout, that :func:`.map_layout.lay_out` would take."""
    for m, mode in enumerate(MODES):
        for n, layout in enumerate(spec.layouts):
            if fits(spec, board, layout, width, height, mode):
                return m, n
    return len(MODES), 0


def crowding(spec: MapSpec, board: Any, groups: dict[str, list[Group]], width: int, height: int) -> tuple[int, ...]:
    """How crowded the map drawn with ``spec`` is (lower is better): how it fits
    (:func:`map_fit`), then how many places' forces are cut short with …, then how many
    are written in their short form (``US15``)."""
    layout = lay_out(spec, board, width, height, lambda place, room: lines_wanted(groups[place], room))
    cut = short = 0
    for row in layout.rows.values():
        room, lines = row.x + row.width - row.forces_x, 1 + row.extra
        found = groups[row.place]
        if not found:
            continue
        full = _wrap([part for whole, _ in found for part in whole], room)
        if len(full) <= lines and all(_width(line) <= room for line in full):
            continue
        kept = fit_groups(found, room, lines)
        cut += any(text == "…" for line in kept for text, _ in line)
        short += 1
    return (*map_fit(spec, board, width, height), cut, short, len(layout.hidden))


def menu_named(
    spec: MapSpec, board: Any, width: int, height: int, groups: dict[str, list[Group]] | None = None
) -> MapSpec:
    """``spec`` with each place under the name the menus use, as long as the map stays as
    roomy as with the map file's short labels (:func:`crowding`: the same layout and
    borders, no forces cut or shortened that were not); where room is short the longest
    names give way to the short labels first (a name over ``MAX_LABEL`` always does)."""
    groups = groups if groups is not None else {loc.id: [] for loc in board.locations}
    places = [p for style in spec.aors.values() for p in style.places]
    labels = {p: menu_name(board, p) if len(menu_name(board, p)) <= MAX_LABEL else spec.label(board, p) for p in places}
    target = crowding(spec, board, groups, width, height)
    named = dataclasses.replace(spec, labels=labels)
    for place in sorted(places, key=lambda p: -len(labels[p])):
        if crowding(named, board, groups, width, height) <= target:
            return named
        short = spec.label(board, place)
        if len(short) < len(labels[place]):
            labels[place] = short
            named = dataclasses.replace(spec, labels=dict(labels))
    return named if crowding(named, board, groups, width, height) <= target else spec


def draw_map(
    scenario: Any,
    stacks: Iterable[Any],
    turn: int,
    width: int,
    height: int,
    selected: str | None = None,
    *,
    spec: MapSpec | None = None,
    bases: Sequence[Any] = (),
    proxies: Sequence[Any] = (),
) -> tuple[Text, Layout]:
    """The map as ``height`` lines of ``width`` cells, and where each place's line is."""
    board = scenario.board
    stacks = tuple(stacks)
    order = scenario.player_ids
    groups = {loc.id: place_groups(loc.id, stacks, turn, order, bases, proxies) for loc in board.locations}
    spec = menu_named(spec or map_for(scenario.id, board), board, width, height, groups)
    layout = lay_out(spec, board, width, height, lambda place, room: lines_wanted(groups[place], room))
    canvas = _Canvas(width, height)
    for frame in layout.frames:
        _frame(canvas, spec, frame)
    for row in layout.rows.values():
        _place_line(canvas, spec, board, row, groups[row.place], stacks, order, row.place == selected)
    for place in layout.rows:
        layout.names[place] = spec.label(board, place)
        label, menu = spec.label(board, place).split(), menu_name(board, place)
        if menu.split()[: len(label)] != label:  # "Central Asia" opens its menu name: no key needed
            layout.short_names[" ".join(label)] = menu
    if layout.hidden:
        many = len(layout.hidden)
        note = f" {many} place{'s need' if many != 1 else ' needs'} a bigger terminal "
        canvas.put(max(0, width - len(note)), height - 1, note, "bold reverse")
    return canvas.text(), layout


def _place_line(
    canvas: _Canvas,
    spec: MapSpec,
    board: Any,
    row: PlaceRow,
    groups: list[Group],
    stacks: tuple[Any, ...],
    order: Sequence[str],
    selected: bool,
) -> None:
    owners = owners_in_order((s for s in stacks if s.location == row.place), order)
    if selected:
        mark, mark_style = SELECTED, "bold reverse"
    elif owners:
        mark, mark_style = (SEVERAL if len(owners) > 1 else FORCES), f"bold {player_colour(owners[0], tuple(order))}"
    else:
        mark, mark_style = EMPTY, "dim"
    name = spec.label(board, row.place)
    canvas.put(row.x, row.y, mark, mark_style)
    canvas.put(row.x + MARK, row.y, name, "bold reverse" if selected else ("bold" if groups else ""), row.x + row.width)
    room = row.x + row.width - row.forces_x
    for n, line in enumerate(fit_groups(groups, room, 1 + row.extra)):
        x = row.forces_x
        for text, style in line:
            x = canvas.put(x, row.y + n, text, style, row.x + row.width)


def board_map(
    scenario: Any, stacks: Iterable[Any], turn: int, width: int, height: int, selected: str | None = None, **kwargs: Any
) -> Text:
    """The map's text alone (see :func:`draw_map`)."""
    return draw_map(scenario, stacks, turn, width, height, selected, **kwargs)[0]


LEGEND = (  # longest first: the first that fits the map's width is shown
    (
        "F9 map, Enter detail",
        f"{FORCES} forces",
        f"{SEVERAL} several owners",
        f"{BASE} U.S. base",
        f"{PROXY} proxy partner",
    ),
    ("F9 map", f"{FORCES} forces", f"{SEVERAL} several owners", f"{BASE} U.S. base", f"{PROXY} proxy partner"),
    ("F9 map", f"{FORCES} forces", f"{SEVERAL} owners", f"{BASE} U.S. base", f"{PROXY} proxy"),
    ("F9 map", f"{FORCES} forces", f"{SEVERAL} owners", f"{BASE} base", f"{PROXY} proxy"),
)
STACK_LEGEND = (  # the marks written on a place's line, longest first
    ("US 14×M3 = 14 FFs of the U.S. at Mod Level 3", "75% readiness", "P pinned", "R reset", "US15 = 15 FFs"),
    ("14×M3 = 14 FFs at Mod Level 3", "75% readiness", "P pinned", "R reset", "US15 = 15 FFs"),
    ("14×M3 = 14 FFs at Mod 3", "75% readiness", "P pinned", "R reset", "US15 = 15 FFs"),
    # The short form (US9) is what a narrow map writes: say what it means before P and R.
    ("14×M3 = 14 FFs at Mod 3", "US15 = 15 FFs", "P pinned", "R reset"),
    ("14×M3 = 14 FFs at Mod 3", "US15 = 15 FFs", "P/R pinned/reset"),
    ("14×M3 = 14 FFs, Mod 3", "US15 = 15 FFs"),
)


def _first_fit(candidates: Sequence[Sequence[str]], width: int, gaps: Sequence[str] = ("  ", " ")) -> str:
    line = ""
    for words in candidates:
        for gap in gaps:
            line = gap.join(words)
            if len(line) <= width:
                return line
    return line[:width]


def aor_legend(width: int = 200) -> Text:
    """The map's symbols, as many as fit in ``width``."""
    return Text(_first_fit(LEGEND, width), "dim", no_wrap=True, overflow="crop")


def stack_legend(width: int = 200) -> Text:
    """One line on the marks of a place's forces (``US 14×M3 75% P``), as much as fits in ``width``."""
    # Separated by dots where they fit: "Mod Level 3 75% readiness" would read as one phrase.
    line = _first_fit(STACK_LEGEND, width, (" · ",))
    if len(line) < len(" · ".join(STACK_LEGEND[-1])):  # cut: even the shortest does not fit with dots
        line = _first_fit(STACK_LEGEND, width)
    return Text(line, "dim", no_wrap=True, overflow="crop")
