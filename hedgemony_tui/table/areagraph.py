"""An area-graph kit for area maps: territories, regions or theatres joined by borders.

An ``AreaGraph`` is a list of areas (an id, a display name, and optionally a group such
as a region or area of responsibility) and undirected adjacencies between them, each
optionally of a kind ("land", "sea", "air"...). Two areas may be joined more than once
with different kinds (a land border and a sea lane). Queries answer in the order the
areas were listed, so results are stable from one run to the next and match the order
a scenario file gives.

``validate`` reports every problem in a list of areas and adjacencies at once, as
sentences, so whoever wrote a scenario file can fix them all in one pass; building an
``AreaGraph`` from bad data raises with the whole list.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterable, Mapping
from types import MappingProxyType

import attrs

Kinds = str | Collection[str] | None
"""A filter on adjacency kinds: None for any, one kind, or a collection of kinds."""

Passable = Callable[[str], bool]
"""Whether a route may use an area (by id)."""


@attrs.frozen
class Area:
    """One area of the map. ``group`` is an optional grouping, such as a region."""

    id: str
    name: str
    group: str | None = None


@attrs.frozen
class Adjacency:
    """An undirected border between areas ``a`` and ``b``, of an optional kind."""

    a: str
    b: str
    kind: str | None = None

    def key(self) -> tuple[frozenset[str], str | None]:
        """What makes two adjacencies the same border: the pair (either order) and kind."""
        return (frozenset((self.a, self.b)), self.kind)


def validate(areas: Iterable[Area], adjacencies: Iterable[Adjacency]) -> list[str]:
    """Every problem found, one sentence each (empty when the data is sound)."""
    problems: list[str] = []
    ids: set[str] = set()
    for area in areas:
        if not area.id:
            problems.append(f"an area has an empty id (name {area.name!r})")
        elif area.id in ids:
            problems.append(f"duplicate area id {area.id!r}")
        ids.add(area.id)
    seen: set[tuple[frozenset[str], str | None]] = set()
    for adj in adjacencies:
        described = f"adjacency {adj.a!r}-{adj.b!r}" + (f" ({adj.kind})" if adj.kind else "")
        for end in (adj.a, adj.b) if adj.a != adj.b else (adj.a,):
            if end not in ids:
                problems.append(f"{described} names unknown area {end!r}")
        if adj.a == adj.b:
            problems.append(f"{described} joins an area to itself")
        elif adj.key() in seen:
            problems.append(f"{described} is listed twice")
        seen.add(adj.key())
    return problems


def _areas(items: Iterable[Area]) -> tuple[Area, ...]:
    return tuple(items)


def _adjacencies(items: Iterable[Adjacency]) -> tuple[Adjacency, ...]:
    return tuple(items)


def _kind_set(kind: Kinds) -> frozenset[str] | None:
    # A bare string is a Collection[str] too; it means one kind, not its letters.
    if kind is None:
        return None
    if isinstance(kind, str):
        return frozenset((kind,))
    return frozenset(kind)


@attrs.frozen
class AreaGraph:
    """Areas and the borders between them. Raises ``ValueError`` listing every problem
    ``validate`` finds."""

    areas: tuple[Area, ...] = attrs.field(converter=_areas)
    adjacencies: tuple[Adjacency, ...] = attrs.field(converter=_adjacencies, default=())
    _by_id: Mapping[str, Area] = attrs.field(init=False, eq=False, hash=False, repr=False)
    _order: Mapping[str, int] = attrs.field(init=False, eq=False, hash=False, repr=False)
    # area id -> ((neighbour id, kind), ...) in listing order of the neighbours
    _links: Mapping[str, tuple[tuple[str, str | None], ...]] = attrs.field(init=False, eq=False, hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        problems = validate(self.areas, self.adjacencies)
        if problems:
            raise ValueError("bad area graph:\n  " + "\n  ".join(problems))
        order = {area.id: i for i, area in enumerate(self.areas)}
        links: dict[str, list[tuple[str, str | None]]] = {area.id: [] for area in self.areas}
        for adj in self.adjacencies:
            links[adj.a].append((adj.b, adj.kind))
            links[adj.b].append((adj.a, adj.kind))
        frozen = {
            a: tuple(sorted(found, key=lambda link: (order[link[0]], link[1] or ""))) for a, found in links.items()
        }
        object.__setattr__(self, "_by_id", MappingProxyType({area.id: area for area in self.areas}))
        object.__setattr__(self, "_order", MappingProxyType(order))
        object.__setattr__(self, "_links", MappingProxyType(frozen))

    # --- lookups ---

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(area.id for area in self.areas)

    def has_area(self, area_id: str) -> bool:
        return area_id in self._by_id

    def area(self, area_id: str) -> Area:
        self._check(area_id)
        return self._by_id[area_id]

    def _check(self, *area_ids: str) -> None:
        for area_id in area_ids:
            if area_id not in self._by_id:
                raise KeyError(f"no area {area_id!r} on this map")

    def groups(self) -> tuple[str, ...]:
        """The distinct groups, in order of first appearance."""
        return tuple(dict.fromkeys(area.group for area in self.areas if area.group is not None))

    def group(self, name: str) -> tuple[str, ...]:
        """The ids of the areas in group ``name``, in listing order."""
        return tuple(area.id for area in self.areas if area.group == name)

    # --- adjacency ---

    def neighbours(self, area_id: str, kind: Kinds = None) -> tuple[str, ...]:
        """The areas bordering ``area_id`` (through a border of ``kind`` if given), each
        once, in listing order."""
        self._check(area_id)
        kinds = _kind_set(kind)
        found = (n for n, k in self._links[area_id] if kinds is None or k in kinds)
        return tuple(dict.fromkeys(found))

    def adjacent(self, a: str, b: str, kind: Kinds = None) -> bool:
        self._check(b)
        return b in self.neighbours(a, kind)

    def kinds_between(self, a: str, b: str) -> frozenset[str | None]:
        """The kinds of every border between ``a`` and ``b`` (empty if none)."""
        self._check(a, b)
        return frozenset(k for n, k in self._links[a] if n == b)

    # --- routes ---

    def _bfs(self, start: str, kind: Kinds, passable: Passable | None) -> dict[str, str | None]:
        """Breadth-first from ``start``: each area reached and the one it was reached
        from. Neighbours are visited in listing order, which fixes ties between routes."""
        parent: dict[str, str | None] = {start: None}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for n in self.neighbours(here, kind):
                if n not in parent and (passable is None or passable(n)):
                    parent[n] = here
                    queue.append(n)
        return parent

    def route(self, a: str, b: str, *, kind: Kinds = None, passable: Passable | None = None) -> tuple[str, ...] | None:
        """A shortest route from ``a`` to ``b`` (both included) or None. Every area on it,
        both ends included, must be ``passable``; among equally short routes, the one
        that leaves each area by its earliest-listed neighbour wins."""
        self._check(a, b)
        if passable is not None and not (passable(a) and passable(b)):
            return None
        parent = self._bfs(a, kind, passable)
        if b not in parent:
            return None
        path = [b]
        while (step := parent[path[-1]]) is not None:
            path.append(step)
        return tuple(reversed(path))

    def distance(self, a: str, b: str, *, kind: Kinds = None, passable: Passable | None = None) -> int | None:
        """The fewest borders crossed between ``a`` and ``b`` (0 for the same area), or
        None if no route exists under the filters (see ``route``)."""
        path = self.route(a, b, kind=kind, passable=passable)
        return None if path is None else len(path) - 1

    def connected(self, a: str, b: str, *, kind: Kinds = None, passable: Passable | None = None) -> bool:
        """Whether some route joins ``a`` to ``b`` under the filters (see ``route``)."""
        return self.route(a, b, kind=kind, passable=passable) is not None

    def within(self, start: str, hops: int, *, kind: Kinds = None, passable: Passable | None = None) -> dict[str, int]:
        """Every area at most ``hops`` borders from ``start``, with its distance."""
        self._check(start)
        if hops < 0:
            raise ValueError(f"hops must not be negative, got {hops}")
        found = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if found[here] == hops:
                continue
            for n in self.neighbours(here, kind):
                if n not in found and (passable is None or passable(n)):
                    found[n] = found[here] + 1
                    queue.append(n)
        return found

    def components(self, *, kind: Kinds = None, passable: Passable | None = None) -> tuple[tuple[str, ...], ...]:
        """The connected pieces of the map under the filters, each in listing order and
        ordered by their first area. Impassable areas belong to no piece."""
        placed: set[str] = set()
        pieces: list[tuple[str, ...]] = []
        for area_id in self.ids:
            if area_id in placed or (passable is not None and not passable(area_id)):
                continue
            reached = self._bfs(area_id, kind, passable)
            placed.update(reached)
            pieces.append(tuple(sorted(reached, key=self._order.__getitem__)))
        return tuple(pieces)
