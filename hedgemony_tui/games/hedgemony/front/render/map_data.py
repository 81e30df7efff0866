"""The map's own data: which frame each AOR gets (letter, colour), the order of its places,
short labels, and the layouts to try (``map.toml`` beside a scenario's ``board.toml``).

:func:`read_map` checks a file against the board and names every problem at once (an
unknown or missing place, a letter or colour two AORs share, a layout that leaves an AOR
out); :func:`derived_map` makes a plain one from the board for a scenario folder without
a ``map.toml``. Only the screens read this: the rules never depend on how a map is drawn.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from pathlib import Path
from typing import Any

from rich.color import Color, ColorSystem

from hedgemony_tui.table import tomlsafe
from hedgemony_tui.table.files import read_capped

from ...engine.content import FOLDER_REF
from ...engine.names import CONUS_NAME
from ...engine.resources import data_dir
from ...engine.state import CONUS_LOCATION

MAP_FILE = "map.toml"
MAX_LABEL = 24  # a longer name would crowd out the forces in a narrow frame
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
# Colours a derived map uses (xterm 256-colour cube, distinct there; see map.toml).
DERIVED_COLOURS = ("#5f87d7", "#5faf5f", "#af5faf", "#afaf5f", "#d75f5f", "#5fafaf", "#af875f", "#8787d7")


class MapDataError(ValueError):
    """A ``map.toml`` that does not match its board: ``problems`` lists each one."""

    def __init__(self, where: str, problems: list[str]) -> None:
        self.problems = problems
        super().__init__(f"{where}: " + "; ".join(problems))


@dataclass(frozen=True)
class AorStyle:
    letter: str
    colour: str
    places: tuple[str, ...]


@dataclass(frozen=True)
class LayoutSpec:
    """Columns of AOR frames, west to east, each a tuple of AOR ids top to bottom, and the
    least room a frame keeps beside its longest name for the forces there."""

    columns: tuple[tuple[str, ...], ...]
    forces_width: int


@dataclass(frozen=True)
class MapSpec:
    """How a board is drawn: per AOR its style and places, short labels, and the layouts
    to try in order."""

    aors: dict[str, AorStyle]
    labels: dict[str, str]
    layouts: tuple[LayoutSpec, ...]

    def label(self, board: Any, place: str) -> str:
        return self.labels.get(place) or board.location(place).name


def eight_bit(colour: str) -> int:
    """The colour a 256-colour terminal shows for ``colour`` (its palette number)."""
    number = Color.parse(colour).downgrade(ColorSystem.EIGHT_BIT).number
    return -1 if number is None else number


def read_map(raw: Any, board: Any) -> MapSpec:
    """A checked :class:`MapSpec` from a parsed ``map.toml``; :class:`MapDataError` names every problem."""
    problems: list[str] = []
    if not isinstance(raw, dict):
        raise MapDataError(MAP_FILE, ["the file must be a TOML table"])
    for key in raw:
        if key not in ("forces_width", "aors", "labels", "layouts"):
            problems.append(f"unknown key {key!r} (allowed: forces_width, aors, labels, layouts)")
    board_aors = [a.id for a in board.aors]
    places = {loc.id: loc.aor for loc in board.locations}
    forces_width = _forces_width(raw, "forces_width", 4, problems)
    aors_raw = raw.get("aors", {})
    if not isinstance(aors_raw, dict):
        problems.append("[aors] must be a table of AOR ids")
        aors_raw = {}
    aors: dict[str, AorStyle] = {}
    listed: dict[str, str] = {}
    for aor_id, entry in aors_raw.items():
        where = f"aors.{aor_id}"
        if aor_id not in board_aors:
            problems.append(f"{where}: unknown AOR (the board has {', '.join(board_aors)})")
            continue
        if not isinstance(entry, dict):
            problems.append(f"{where} must be a table with letter, colour and places")
            continue
        for key in entry:
            if key not in ("letter", "colour", "places"):
                problems.append(f"{where}: unknown key {key!r} (allowed: letter, colour, places)")
        letter = entry.get("letter")
        if not isinstance(letter, str) or len(letter) != 1 or not letter.isprintable() or letter.isspace():
            problems.append(f"{where}.letter must be one visible character, found {letter!r}")
            letter = "?"
        colour = entry.get("colour")
        if not isinstance(colour, str) or not _COLOUR.match(colour):
            problems.append(f"{where}.colour must be #rrggbb, found {colour!r}")
            colour = "#808080"
        own = entry.get("places")
        if not isinstance(own, list) or not all(isinstance(p, str) for p in own):
            problems.append(f"{where}.places must be a list of location ids")
            own = []
        for place in own:
            if place not in places:
                problems.append(f"{where}.places: unknown location {place!r}")
            elif places[place] != aor_id:
                problems.append(f"{where}.places: {place!r} is in {places[place]} on the board, not in {aor_id}")
            elif place in listed:
                problems.append(f"{where}.places: {place!r} is listed twice (also under {listed[place]})")
            else:
                listed[place] = aor_id
        aors[aor_id] = AorStyle(letter, colour, tuple(p for p in own if listed.get(p) == aor_id))
    for aor_id in board_aors:
        if aor_id not in aors_raw:
            problems.append(f"aors.{aor_id} is missing (each AOR of the board needs its frame)")
    for place in places:
        if place not in listed and places[place] in aors:
            problems.append(f"location {place!r} is on no frame: add it to aors.{places[place]}.places")
    _same(problems, aors, lambda s: s.letter, "letter")
    _same(problems, aors, lambda s: eight_bit(s.colour), "colour in 256 colours")
    labels_raw = raw.get("labels", {})
    labels: dict[str, str] = {}
    if not isinstance(labels_raw, dict):
        problems.append("[labels] must be a table of location id = short name")
        labels_raw = {}
    for place, label in labels_raw.items():
        if place not in places:
            problems.append(f"labels.{place}: unknown location")
        elif not isinstance(label, str) or not label.strip() or len(label) > MAX_LABEL:
            problems.append(f"labels.{place} must be a name of 1 to {MAX_LABEL} characters, found {label!r}")
        else:
            labels[place] = label
    for place, _aor in places.items():
        if place not in labels and len(board.location(place).name) > MAX_LABEL:
            problems.append(
                f"location {place!r}: its name is longer than {MAX_LABEL} characters; give it a [labels] entry"
            )
    layouts = _layouts(raw.get("layouts"), board_aors, forces_width, problems)
    if problems:
        raise MapDataError(MAP_FILE, problems)
    return MapSpec(aors, labels, layouts)


def _forces_width(raw: dict[str, Any], where: str, default: int, problems: list[str]) -> int:
    value = raw.get("forces_width", default)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 40:
        problems.append(f"{where} must be a whole number from 1 to 40, found {value!r}")
        return default
    return value


def _same(problems: list[str], aors: dict[str, AorStyle], key: Any, what: str) -> None:
    seen: dict[Any, str] = {}
    for aor_id, style in aors.items():
        value = key(style)
        if value in seen:
            problems.append(f"aors.{aor_id} has the same {what} as aors.{seen[value]}")
        seen.setdefault(value, aor_id)


def _layouts(raw: Any, board_aors: list[str], forces_width: int, problems: list[str]) -> tuple[LayoutSpec, ...]:
    if not isinstance(raw, list) or not raw:
        problems.append("[[layouts]] must list at least one layout")
        return (LayoutSpec((tuple(board_aors),), forces_width),)
    found = []
    for n, layout in enumerate(raw, 1):
        where = f"layouts #{n}"
        columns = layout.get("columns") if isinstance(layout, dict) else None
        if (
            not isinstance(columns, list)
            or not columns
            or not all(isinstance(c, list) and c and all(isinstance(a, str) for a in c) for c in columns)
        ):
            problems.append(f"{where}: columns must be a list of lists of AOR ids")
            continue
        for key in layout:
            if key not in ("columns", "forces_width"):
                problems.append(f"{where}: unknown key {key!r} (allowed: columns, forces_width)")
        width = _forces_width(layout, f"{where}: forces_width", forces_width, problems)
        named = [a for column in columns for a in column]
        for aor in named:
            if aor not in board_aors:
                problems.append(f"{where}: unknown AOR {aor!r}")
        for aor in board_aors:
            if named.count(aor) != 1:
                problems.append(f"{where}: {aor} must be in exactly one column (found {named.count(aor)} times)")
        found.append(LayoutSpec(tuple(tuple(c) for c in columns), width))
    return tuple(found) or (LayoutSpec((tuple(board_aors),), forces_width),)


DERIVED_LABEL = 16  # a derived map cuts longer names (the place's detail shows them whole)


def derived_map(board: Any) -> MapSpec:
    """A map for a board without a ``map.toml``: the AORs in the board's order, their places
    north to south (by the board's y, then x), in three, two or one columns of about
    the same height."""
    aors = {}
    letters: set[str] = set()
    for n, aor in enumerate(board.aors):
        letter = next((ch for ch in aor.id + "0123456789" if ch.isalnum() and ch.upper() not in letters), "?").upper()
        letters.add(letter)
        own = sorted((loc for loc in board.locations if loc.aor == aor.id), key=lambda loc: (loc.y, loc.x))
        aors[aor.id] = AorStyle(letter, DERIVED_COLOURS[n % len(DERIVED_COLOURS)], tuple(loc.id for loc in own))
    labels = {loc.id: loc.name[: DERIVED_LABEL - 1] + "…" for loc in board.locations if len(loc.name) > DERIVED_LABEL}
    ids = [a.id for a in board.aors]
    rows = [len(aors[a].places) + 1 for a in ids]
    layouts = [LayoutSpec(_balanced(ids, rows, count), 4) for count in (3, 2) if count < len(ids)]
    layouts.append(LayoutSpec((tuple(ids),), 4))
    return MapSpec(aors, labels, tuple(layouts))


def _balanced(ids: list[str], rows: list[int], count: int) -> tuple[tuple[str, ...], ...]:
    """``ids`` cut into ``count`` runs in order, the tallest run as short as can be."""
    best: tuple[int, tuple[tuple[str, ...], ...]] | None = None
    for cuts in combinations(range(1, len(ids)), count - 1):
        bounds = (0, *cuts, len(ids))
        tallest = max(sum(rows[a:b]) for a, b in zip(bounds, bounds[1:]))
        if best is None or tallest < best[0]:
            best = (tallest, tuple(tuple(ids[a:b]) for a, b in zip(bounds, bounds[1:])))
    assert best is not None
    return best[1]


def map_for(scenario_ref: str, board: Any) -> MapSpec:
    """The map of the scenario a game names (``state.scenario``): the shipped default's
    ``map.toml``, a scenario folder's own, or one derived from the board."""
    return _map_for(scenario_ref, board)


@lru_cache(maxsize=8)
def _map_for(scenario_ref: str, board: Any) -> MapSpec:
    if scenario_ref.startswith(FOLDER_REF):
        folder: Any = Path(scenario_ref[len(FOLDER_REF) :].rpartition("#")[0])
    else:
        folder = data_dir() / "scenarios" / scenario_ref
    path = folder / MAP_FILE
    if not path.is_file():
        return derived_map(board)
    try:
        # Bounded like every file a person gives (a scenario folder's map is theirs).
        raw = tomlsafe.loads(read_capped(path, tomlsafe.MAX_BOARD_BYTES).decode("utf-8"), what=MAP_FILE)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise MapDataError(str(path), [f"cannot be read: {exc}"]) from None
    try:
        return read_map(raw, board)
    except MapDataError as exc:
        raise MapDataError(str(path), exc.problems) from None


SHORT_PLACE = 16
"""The longest place name a narrow column writes whole (a table's "Where")."""


def short_place_name(scenario_ref: str, board: Any, place: str) -> str:
    """A place named for a narrow column: CONUS as players say it, a name of up to
    :data:`SHORT_PLACE` characters whole, a longer one by its map label
    ("Western/Central Europe" is the map's "Europe"); never cut inside a word (the
    readiness worksheet's "Continental Un")."""
    if place == CONUS_LOCATION:
        return CONUS_NAME
    name = str(board.location(place).name)
    if len(name) <= SHORT_PLACE:
        return name
    try:
        label = map_for(scenario_ref, board).label(board, place)
    except MapDataError:
        return name
    return label if len(label) < len(name) and not label.endswith("…") else name
