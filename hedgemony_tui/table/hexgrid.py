"""A hex-grid kit for hex-and-counter maps: coordinates, hexsides, a map container, movement.

Coordinates are *axial* (``Hex(q, r)``, with the cube third ``s = -q - r``): every
distance, ring and line formula is short and exact in axial/cube form. A printed map
numbers its hexes in *offset* coordinates instead (column and row, e.g. "0304"), with
every other column (flat-topped hexes) or row (pointy-topped hexes) pushed half a hex;
``Offset`` and the four layouts convert between the two, so rules and scenario files
can keep the printed labels while the arithmetic stays axial.

The six directions are numbered 0..5 in this fixed order (axial steps)::

    0: (+1,  0)   1: (+1, -1)   2: (0, -1)   3: (-1,  0)   4: (-1, +1)   5: (0, +1)

That is counter-clockwise, starting from "east" on a pointy-topped map (E, NE, NW, W,
SW, SE) and from "south-east" on a flat-topped one (SE, NE, N, NW, SW, S), with rows
growing downwards as on paper. Direction ``d`` and ``(d + 3) % 6`` are opposites.

A ``Hexside`` names the edge between two adjacent hexes, and is the same value from
either side, so one mapping (``HexsideFeatures``) can hold what lies along the edge (a
river, a ford) and what crosses it (a road, a bridge): a road is a feature on the
hex-to-hex link it runs along. ``HexMap`` puts hexes, terrain and hexside features
together; movement is Dijkstra over a caller-supplied step cost, with ``movement_cost``
building the usual one (terrain, roads, blocking hexsides) from plain dicts.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import Final, Literal, TypeGuard

import attrs

Layout = Literal["odd-q", "even-q", "odd-r", "even-r"]
LAYOUTS: Final[tuple[Layout, ...]] = ("odd-q", "even-q", "odd-r", "even-r")


def is_layout(name: str) -> TypeGuard[Layout]:
    """``name`` is one of the four layouts (a map file's text, checked before use)."""
    return name in LAYOUTS


# Float sums of movement points (thirds, say) can miss an exact budget by a rounding
# error; anything closer than this counts as equal, so "exactly the remaining MP" works.
_EPS: Final = 1e-9


@attrs.frozen(order=True)
class Hex:
    """A hex in axial coordinates. Ordered by (q, r), which is what breaks ties."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The cube third coordinate: q + r + s == 0."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scaled(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k)

    def neighbour(self, direction: int) -> Hex:
        """The adjacent hex in ``direction`` (0..5, see the module docstring)."""
        return self + DIRECTIONS[direction % 6]

    def neighbours(self) -> tuple[Hex, ...]:
        """The six adjacent hexes, in direction order 0..5."""
        return tuple(self + d for d in DIRECTIONS)


DIRECTIONS: Final[tuple[Hex, ...]] = (
    Hex(1, 0),
    Hex(1, -1),
    Hex(0, -1),
    Hex(-1, 0),
    Hex(-1, 1),
    Hex(0, 1),
)


def distance(a: Hex, b: Hex) -> int:
    """The number of steps between two hexes."""
    d = a - b
    return (abs(d.q) + abs(d.r) + abs(d.s)) // 2


def direction_between(a: Hex, b: Hex) -> int:
    """The direction (0..5) of the step from ``a`` to the adjacent hex ``b``."""
    step = b - a
    try:
        return DIRECTIONS.index(step)
    except ValueError:
        raise ValueError(f"{b} is not adjacent to {a}") from None


def ring(center: Hex, radius: int) -> tuple[Hex, ...]:
    """The hexes exactly ``radius`` steps from ``center`` (6 * radius of them, or just the
    centre for radius 0). The walk starts ``radius`` steps out in direction 4 and goes
    round counter-clockwise through directions 0..5, so the order is fixed."""
    if radius < 0:
        raise ValueError(f"ring radius must not be negative, got {radius}")
    if radius == 0:
        return (center,)
    out: list[Hex] = []
    h = center + DIRECTIONS[4].scaled(radius)
    for d in range(6):
        for _ in range(radius):
            out.append(h)
            h = h.neighbour(d)
    return tuple(out)


def spiral(center: Hex, radius: int) -> tuple[Hex, ...]:
    """Every hex within ``radius`` steps, the centre first and then ring by ring."""
    if radius < 0:
        raise ValueError(f"spiral radius must not be negative, got {radius}")
    return tuple(h for k in range(radius + 1) for h in ring(center, k))


def hex_range(center: Hex, radius: int) -> frozenset[Hex]:
    """Every hex within ``radius`` steps (3r² + 3r + 1 of them), as a set."""
    return frozenset(spiral(center, radius))


def _cube_round(q: float, r: float) -> Hex:
    """The hex containing the fractional cube point (q, r, -q-r): round all three and
    fix the one that moved most, so the result still sums to zero."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def line(a: Hex, b: Hex) -> tuple[Hex, ...]:
    """The hexes a straight line from ``a``'s centre to ``b``'s passes through, ``a`` and
    ``b`` included, each adjacent to the next (distance + 1 hexes).

    A line running exactly along a hexside would be split between two hexes; both ends
    are nudged by the same tiny cube offset so every such tie falls the same way."""
    n = distance(a, b)
    if n == 0:
        return (a,)
    # The nudge keeps q + r + s == 0 and is far below any real rounding boundary.
    aq, ar = a.q + 1e-6, a.r + 2e-6
    bq, br = b.q + 1e-6, b.r + 2e-6
    return tuple(_cube_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1))


# --- offset coordinates and printed labels ---------------------------------------------


@attrs.frozen(order=True)
class Offset:
    """A printed map's column and row. Which half of the columns (or rows) is pushed
    half a hex is the map's ``Layout``, passed to the conversions: "odd-q"/"even-q" for
    flat-topped hexes with odd/even columns pushed down, "odd-r"/"even-r" for
    pointy-topped hexes with odd/even rows pushed right."""

    col: int
    row: int

    @property
    def label(self) -> str:
        """The printed label: column then row, two digits each ("0304"); wider numbers
        widen both halves alike so ``parse_label`` can split the label in the middle."""
        if self.col < 0 or self.row < 0:
            raise ValueError(f"no printed label for a negative column or row: {self}")
        width = max(2, len(str(self.col)), len(str(self.row)))
        return f"{self.col:0{width}d}{self.row:0{width}d}"

    def to_hex(self, layout: Layout) -> Hex:
        _check_layout(layout)
        col, row = self.col, self.row
        # (x & 1) is 0 or 1 for negative x too, and x - (x & 1) is even: the halving is exact.
        if layout == "odd-q":
            return Hex(col, row - (col - (col & 1)) // 2)
        if layout == "even-q":
            return Hex(col, row - (col + (col & 1)) // 2)
        if layout == "odd-r":
            return Hex(col - (row - (row & 1)) // 2, row)
        return Hex(col - (row + (row & 1)) // 2, row)

    @classmethod
    def from_hex(cls, h: Hex, layout: Layout) -> Offset:
        _check_layout(layout)
        q, r = h.q, h.r
        if layout == "odd-q":
            return cls(q, r + (q - (q & 1)) // 2)
        if layout == "even-q":
            return cls(q, r + (q + (q & 1)) // 2)
        if layout == "odd-r":
            return cls(q + (r - (r & 1)) // 2, r)
        return cls(q + (r + (r & 1)) // 2, r)


def _check_layout(layout: str) -> None:
    # Layouts come from scenario files as plain strings; a typo must not silently
    # fall through to the last branch of a conversion.
    if layout not in LAYOUTS:
        raise ValueError(f"unknown hex layout {layout!r}; expected one of {', '.join(LAYOUTS)}")


def parse_label(label: str) -> Offset:
    """The column and row of a printed label such as "0304" (column 3, row 4): an even
    number of digits, at least four, split in the middle."""
    text = label.strip()
    if len(text) < 4 or len(text) % 2 or not (text.isascii() and text.isdigit()):
        raise ValueError(f"a hex label is an even number (4 or more) of digits, like '0304'; got {label!r}")
    half = len(text) // 2
    return Offset(int(text[:half]), int(text[half:]))


def hex_at(label: str, layout: Layout) -> Hex:
    """The hex a printed label names on a map with this layout."""
    return parse_label(label).to_hex(layout)


def label_of(h: Hex, layout: Layout) -> str:
    """The printed label of a hex on a map with this layout."""
    return Offset.from_hex(h, layout).label


def rectangle(cols: range, rows: range, layout: Layout) -> frozenset[Hex]:
    """The hexes of a rectangular printed map, e.g. ``rectangle(range(1, 11), range(1, 9),
    "odd-q")`` for labels 0101 to 1008."""
    return frozenset(Offset(c, r).to_hex(layout) for c in cols for r in rows)


# --- hexsides --------------------------------------------------------------------------


@attrs.frozen(init=False, order=True)
class Hexside:
    """The edge between two adjacent hexes (and the link across it). Built from either
    side it is the same value: the lower hex (by (q, r)) is always stored first."""

    a: Hex
    b: Hex

    def __init__(self, a: Hex, b: Hex) -> None:
        if distance(a, b) != 1:
            raise ValueError(f"a hexside lies between adjacent hexes; {a} and {b} are not adjacent")
        lo, hi = (a, b) if a < b else (b, a)
        self.__attrs_init__(lo, hi)

    @property
    def hexes(self) -> tuple[Hex, Hex]:
        return (self.a, self.b)

    def touches(self, h: Hex) -> bool:
        return h == self.a or h == self.b

    def other(self, h: Hex) -> Hex:
        """The hex across this side from ``h``."""
        if h == self.a:
            return self.b
        if h == self.b:
            return self.a
        raise ValueError(f"{h} is not on {self}")


def hexsides(h: Hex) -> tuple[Hexside, ...]:
    """The six sides of a hex, in direction order."""
    return tuple(Hexside(h, n) for n in h.neighbours())


def _marks(entries: Iterable[tuple[Hexside, str]]) -> frozenset[tuple[Hexside, str]]:
    out = frozenset(entries)
    for side, feature in out:
        if not isinstance(side, Hexside) or not isinstance(feature, str) or not feature:
            raise ValueError(f"a hexside feature is a (Hexside, non-empty name) pair; got {(side, feature)!r}")
    return out


@attrs.frozen
class HexsideFeatures(Mapping[Hexside, frozenset[str]]):
    """What lies along or across each hexside: a read-only mapping from ``Hexside`` to its
    feature names (only sides that have any are keys). Held as a set of (side, feature)
    pairs so equal contents compare and hash equal whatever order they were given in."""

    marks: frozenset[tuple[Hexside, str]] = attrs.field(default=frozenset(), converter=_marks)
    _index: Mapping[Hexside, frozenset[str]] = attrs.field(init=False, eq=False, hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        index: dict[Hexside, set[str]] = {}
        for side, feature in self.marks:
            index.setdefault(side, set()).add(feature)
        frozen = {side: frozenset(index[side]) for side in sorted(index)}
        object.__setattr__(self, "_index", MappingProxyType(frozen))

    @classmethod
    def from_entries(cls, entries: Iterable[tuple[Hex, Hex, str]]) -> HexsideFeatures:
        """Build from (hex, adjacent hex, feature) triples, e.g. ``(a, b, "river")``."""
        return cls(frozenset((Hexside(a, b), feature) for a, b, feature in entries))

    def __getitem__(self, side: Hexside) -> frozenset[str]:
        return self._index[side]

    def __iter__(self) -> Iterator[Hexside]:
        return iter(self._index)

    def __len__(self) -> int:
        return len(self._index)

    def between(self, a: Hex, b: Hex) -> frozenset[str]:
        """The features on the side between two adjacent hexes (empty if none)."""
        return self._index.get(Hexside(a, b), frozenset())

    def has(self, a: Hex, b: Hex, feature: str) -> bool:
        """Whether ``feature`` is on the side between ``a`` and ``b`` ("a river between?")."""
        return feature in self.between(a, b)

    def sides_with(self, feature: str) -> frozenset[Hexside]:
        return frozenset(side for side, f in self.marks if f == feature)

    def with_feature(self, a: Hex, b: Hex, feature: str) -> HexsideFeatures:
        return HexsideFeatures(self.marks | {(Hexside(a, b), feature)})

    def without_feature(self, a: Hex, b: Hex, feature: str) -> HexsideFeatures:
        return HexsideFeatures(self.marks - {(Hexside(a, b), feature)})


# --- the map ---------------------------------------------------------------------------


def _terrain_items(terrain: Mapping[Hex, str] | Iterable[tuple[Hex, str]]) -> tuple[tuple[Hex, str], ...]:
    # Sorted, so two maps with the same contents are equal (and hash alike) however built.
    pairs = list(terrain.items()) if isinstance(terrain, Mapping) else list(terrain)
    seen: set[Hex] = set()
    for h, kind in pairs:
        if not isinstance(h, Hex) or not isinstance(kind, str):
            raise ValueError(f"terrain is given as (Hex, name) pairs; got {(h, kind)!r}")
        if h in seen:
            raise ValueError(f"{h} is given a terrain twice")
        seen.add(h)
    return tuple(sorted(pairs))


@attrs.frozen
class HexMap:
    """The hexes on a map (each with its terrain name) and the features on its hexsides,
    roads included (a road is a feature on the link between the two hexes it joins)."""

    terrain: tuple[tuple[Hex, str], ...] = attrs.field(converter=_terrain_items)
    sides: HexsideFeatures = attrs.field(factory=HexsideFeatures)
    _terrain: Mapping[Hex, str] = attrs.field(init=False, eq=False, hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_terrain", MappingProxyType(dict(self.terrain)))
        # A feature on a side with a hex off the map is almost surely a mistyped label.
        stray = sorted(side for side in self.sides if not all(h in self._terrain for h in side.hexes))
        if stray:
            raise ValueError("hexside features off the map: " + ", ".join(str(side) for side in stray))

    @property
    def hexes(self) -> frozenset[Hex]:
        return frozenset(self._terrain)

    def contains(self, h: Hex) -> bool:
        return h in self._terrain

    def terrain_at(self, h: Hex) -> str:
        try:
            return self._terrain[h]
        except KeyError:
            raise KeyError(f"{h} is not on the map") from None

    def neighbours(self, h: Hex) -> tuple[Hex, ...]:
        """The adjacent hexes that are on the map, in direction order."""
        return tuple(n for n in h.neighbours() if n in self._terrain)

    def features_between(self, a: Hex, b: Hex) -> frozenset[str]:
        return self.sides.between(a, b)

    def has_feature(self, a: Hex, b: Hex, feature: str) -> bool:
        return self.sides.has(a, b, feature)

    def with_feature(self, a: Hex, b: Hex, feature: str) -> HexMap:
        return HexMap(self.terrain, self.sides.with_feature(a, b, feature))

    def linked(self, h: Hex, feature: str = "road") -> tuple[Hex, ...]:
        """The neighbours joined to ``h`` by a link carrying ``feature`` (its road
        neighbours, by default), in direction order."""
        return tuple(n for n in self.neighbours(h) if self.sides.has(h, n, feature))

    def network(self, start: Hex, feature: str = "road") -> frozenset[Hex]:
        """Every hex reachable from ``start`` along links carrying ``feature`` (``start``
        included): the road net it stands on."""
        seen = {start}
        frontier = [start]
        while frontier:
            h = frontier.pop()
            for n in self.linked(h, feature):
                if n not in seen:
                    seen.add(n)
                    frontier.append(n)
        return frozenset(seen)

    def linked_by(self, a: Hex, b: Hex, feature: str = "road") -> bool:
        """Whether ``a`` and ``b`` lie on the same network of ``feature`` links."""
        return b in self.network(a, feature)


# --- movement --------------------------------------------------------------------------

CostFn = Callable[[Hex, Hex], "float | None"]
"""The cost of one step between adjacent hexes, or None where the step is impossible."""


@attrs.frozen
class Paths:
    """The cheapest cost from ``start`` to each hex found and the hex each is entered from.

    Ties are broken deterministically: hexes are settled in order of cost and then of
    (q, r), and a hex keeps the predecessor that first reached its final cost, so among
    equally cheap routes the one through the earliest-settled hexes wins."""

    start: Hex
    costs: Mapping[Hex, float]
    previous: Mapping[Hex, Hex]

    def cost_to(self, goal: Hex) -> float | None:
        return self.costs.get(goal)

    def path_to(self, goal: Hex) -> tuple[Hex, ...] | None:
        """The cheapest route from ``start`` to ``goal``, both included, or None."""
        if goal not in self.costs:
            return None
        path = [goal]
        while path[-1] != self.start:
            path.append(self.previous[path[-1]])
        return tuple(reversed(path))


def _dijkstra(start: Hex, cost: CostFn, budget: float | None, goal: Hex | None) -> Paths:
    best: dict[Hex, float] = {start: 0.0}
    previous: dict[Hex, Hex] = {}
    settled: set[Hex] = set()
    heap: list[tuple[float, Hex]] = [(0.0, start)]
    while heap:
        spent, h = heapq.heappop(heap)
        if h in settled:
            continue  # a stale, dearer entry for a hex already settled
        settled.add(h)
        if h == goal:
            break
        for n in h.neighbours():
            if n in settled:
                continue
            step = cost(h, n)
            if step is None:
                continue
            if not step >= 0:  # also catches NaN, which would poison the heap order
                raise ValueError(f"step cost from {h} to {n} must be >= 0, got {step}")
            total = spent + step
            if budget is not None and total > budget + _EPS:
                continue
            known = best.get(n)
            # Only a strictly cheaper route replaces a known one: the tie-break rule.
            if known is None or total < known - _EPS:
                best[n] = total
                previous[n] = h
                heapq.heappush(heap, (total, n))
    if goal is not None:
        # Stopped early: only settled hexes have final costs.
        best = {h: c for h, c in best.items() if h in settled}
        previous = {h: p for h, p in previous.items() if h in settled}
    return Paths(start, MappingProxyType(best), MappingProxyType(previous))


def cheapest_paths(start: Hex, cost: CostFn, budget: float | None = None) -> Paths:
    """Dijkstra from ``start`` over ``cost`` (which must return None off the map, or the
    search never ends), keeping only routes costing at most ``budget`` if one is given."""
    return _dijkstra(start, cost, budget, None)


def reachable(start: Hex, budget: float, cost: CostFn) -> dict[Hex, float]:
    """The cheapest cost of every hex reachable from ``start`` within ``budget`` movement
    points (``start`` at 0). A hex costing exactly the budget is reachable."""
    if budget < 0:
        raise ValueError(f"movement budget must not be negative, got {budget}")
    return dict(_dijkstra(start, cost, budget, None).costs)


def path_to(start: Hex, goal: Hex, cost: CostFn, budget: float | None = None) -> tuple[Hex, ...] | None:
    """The cheapest route from ``start`` to ``goal`` (both included; tie-breaking as in
    ``Paths``), or None if there is none within the budget."""
    return _dijkstra(start, cost, budget, goal).path_to(goal)


def path_cost(path: Iterable[Hex], cost: CostFn) -> float | None:
    """What walking ``path`` step by step costs, or None if some step is impossible."""
    total = 0.0
    hexes = list(path)
    for a, b in zip(hexes, hexes[1:]):
        if distance(a, b) != 1:
            raise ValueError(f"a path moves between adjacent hexes; {a} to {b} is not one step")
        step = cost(a, b)
        if step is None:
            return None
        total += step
    return total


def movement_cost(
    hexmap: HexMap,
    terrain_costs: Mapping[str, float | None],
    *,
    road_cost: float | None = None,
    road_feature: str = "road",
    side_costs: Mapping[str, float] | None = None,
    blocking: Collection[str] = (),
    crossings: Collection[str] = (),
) -> CostFn:
    """A step cost built from tables, for ``cheapest_paths`` and friends.

    A step off the map, or across a side with a ``blocking`` feature (say "river") and no
    ``crossings`` feature ("bridge", "ford"), is impossible. Otherwise a step along a link
    carrying ``road_feature`` costs ``road_cost`` whatever the terrain (when a road cost
    is given); any other step costs the entered hex's ``terrain_costs`` entry (None for
    impassable terrain) plus ``side_costs`` for each feature on the side crossed."""
    extra = dict(side_costs or {})
    missing = sorted({kind for _, kind in hexmap.terrain} - set(terrain_costs))
    if missing:
        # Checked now rather than mid-search, where a KeyError would be far from its cause.
        raise ValueError("no movement cost given for terrain: " + ", ".join(missing))
    for name, value in [*terrain_costs.items(), *extra.items(), ("road", road_cost)]:
        if value is not None and not value >= 0:
            raise ValueError(f"movement costs must be >= 0; {name!r} costs {value}")
    blockers, bridges = frozenset(blocking), frozenset(crossings)

    def cost(a: Hex, b: Hex) -> float | None:
        if not (hexmap.contains(a) and hexmap.contains(b)) or distance(a, b) != 1:
            return None
        features = hexmap.features_between(a, b)
        if features & blockers and not features & bridges:
            return None
        if road_cost is not None and road_feature in features:
            return road_cost
        base = terrain_costs[hexmap.terrain_at(b)]
        if base is None:
            return None
        return base + sum(extra.get(f, 0.0) for f in features)

    return cost
