"""The area-graph kit: validation, neighbours, routes, distances, components, groups."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hedgemony_tui.table.areagraph import Adjacency, Area, AreaGraph, validate

AREAS = [
    Area("usa", "United States", "AMER"),
    Area("can", "Canada", "AMER"),
    Area("mex", "Mexico", "AMER"),
    Area("ice", "Iceland"),
    Area("uk", "United Kingdom", "EUR"),
    Area("fra", "France", "EUR"),
    Area("ger", "Germany", "EUR"),
    Area("aus", "Australia", "PAC"),
]
ADJACENCIES = [
    Adjacency("usa", "can", "land"),
    Adjacency("mex", "usa", "land"),
    Adjacency("can", "ice", "sea"),
    Adjacency("ice", "uk", "sea"),
    Adjacency("uk", "fra", "sea"),
    Adjacency("fra", "uk", "land"),  # the tunnel: a second border of another kind
    Adjacency("fra", "ger", "land"),
]


@pytest.fixture
def world() -> AreaGraph:
    return AreaGraph(AREAS, ADJACENCIES)


def test_sound_data_has_no_problems() -> None:
    assert validate(AREAS, ADJACENCIES) == []


def test_validation_names_every_problem_at_once() -> None:
    areas = [Area("a", "A"), Area("b", "B"), Area("a", "A again"), Area("", "Nameless")]
    adjacencies = [
        Adjacency("a", "b", "land"),
        Adjacency("b", "a", "land"),  # the same border, named the other way round
        Adjacency("b", "a", "sea"),  # a different kind: fine
        Adjacency("a", "zz"),
        Adjacency("yy", "xx", "sea"),
        Adjacency("b", "b"),
        Adjacency("qq", "qq"),
    ]
    assert validate(areas, adjacencies) == [
        "duplicate area id 'a'",
        "an area has an empty id (name 'Nameless')",
        "adjacency 'b'-'a' (land) is listed twice",
        "adjacency 'a'-'zz' names unknown area 'zz'",
        "adjacency 'yy'-'xx' (sea) names unknown area 'yy'",
        "adjacency 'yy'-'xx' (sea) names unknown area 'xx'",
        "adjacency 'b'-'b' joins an area to itself",
        "adjacency 'qq'-'qq' names unknown area 'qq'",
        "adjacency 'qq'-'qq' joins an area to itself",
    ]


def test_building_from_bad_data_raises_with_the_whole_list() -> None:
    with pytest.raises(ValueError) as caught:
        AreaGraph([Area("a", "A"), Area("a", "A")], [Adjacency("a", "b"), Adjacency("a", "a")])
    message = str(caught.value)
    assert "duplicate area id 'a'" in message
    assert "unknown area 'b'" in message
    assert "joins an area to itself" in message


def test_lookups(world: AreaGraph) -> None:
    assert world.ids == ("usa", "can", "mex", "ice", "uk", "fra", "ger", "aus")
    assert world.area("uk").name == "United Kingdom"
    assert world.has_area("fra") and not world.has_area("narnia")
    with pytest.raises(KeyError, match="narnia"):
        world.area("narnia")
    with pytest.raises(KeyError, match="narnia"):
        world.neighbours("narnia")
    with pytest.raises(KeyError, match="narnia"):
        world.adjacent("usa", "narnia")


def test_groups(world: AreaGraph) -> None:
    assert world.groups() == ("AMER", "EUR", "PAC")
    assert world.group("EUR") == ("uk", "fra", "ger")
    assert world.group("AMER") == ("usa", "can", "mex")
    assert world.group("nowhere") == ()


def test_neighbours_in_listing_order_and_by_kind(world: AreaGraph) -> None:
    assert world.neighbours("usa") == ("can", "mex")
    assert world.neighbours("uk") == ("ice", "fra")
    assert world.neighbours("fra") == ("uk", "ger")  # two borders with uk, listed once
    assert world.neighbours("uk", kind="land") == ("fra",)
    assert world.neighbours("uk", kind="sea") == ("ice", "fra")
    assert world.neighbours("uk", kind=["air"]) == ()
    assert world.neighbours("can", kind=("land", "sea")) == ("usa", "ice")
    assert world.neighbours("aus") == ()
    assert world.adjacent("mex", "usa") and world.adjacent("usa", "mex")
    assert not world.adjacent("usa", "ice")
    assert world.adjacent("can", "ice", "sea") and not world.adjacent("can", "ice", "land")
    assert world.kinds_between("fra", "uk") == {"land", "sea"}
    assert world.kinds_between("usa", "ger") == frozenset()


def test_routes_and_distances(world: AreaGraph) -> None:
    assert world.route("usa", "ger") == ("usa", "can", "ice", "uk", "fra", "ger")
    assert world.distance("usa", "ger") == 5
    assert world.distance("ger", "usa") == 5
    assert world.distance("uk", "uk") == 0
    assert world.route("uk", "uk") == ("uk",)
    assert world.distance("usa", "aus") is None
    assert world.route("usa", "aus") is None
    assert world.distance("usa", "ger", kind="land") is None
    assert world.distance("uk", "ger", kind="land") == 2
    assert world.distance("uk", "ger", kind="sea") is None


def test_connected_with_passable(world: AreaGraph) -> None:
    assert world.connected("mex", "ger")
    assert not world.connected("mex", "aus")
    no_iceland = world.connected("usa", "uk", passable=lambda a: a != "ice")
    assert not no_iceland
    # The ends must be passable too.
    assert not world.connected("usa", "can", passable=lambda a: a != "usa")
    assert not world.connected("usa", "can", passable=lambda a: a != "can")
    assert world.distance("usa", "can", passable=lambda a: a in {"usa", "can"}) == 1
    assert world.connected("fra", "ger", kind="land", passable=lambda a: a in {"fra", "ger"})


def test_route_ties_go_to_the_earliest_listed_neighbour() -> None:
    square = AreaGraph(
        [Area(x, x.upper()) for x in "abcd"],
        [Adjacency("a", "c"), Adjacency("a", "b"), Adjacency("c", "d"), Adjacency("b", "d")],
    )
    assert square.route("a", "d") == ("a", "b", "d")
    assert square.route("d", "a") == ("d", "b", "a")
    assert square.route("a", "d", passable=lambda x: x != "b") == ("a", "c", "d")


def test_within(world: AreaGraph) -> None:
    assert world.within("usa", 2) == {"usa": 0, "can": 1, "mex": 1, "ice": 2}
    assert world.within("usa", 0) == {"usa": 0}
    assert world.within("uk", 1, kind="land") == {"uk": 0, "fra": 1}
    with pytest.raises(ValueError):
        world.within("usa", -1)


def test_components(world: AreaGraph) -> None:
    assert world.components() == (("usa", "can", "mex", "ice", "uk", "fra", "ger"), ("aus",))
    assert world.components(kind="land") == (("usa", "can", "mex"), ("ice",), ("uk", "fra", "ger"), ("aus",))
    assert world.components(passable=lambda a: a != "ice") == (
        ("usa", "can", "mex"),
        ("uk", "fra", "ger"),
        ("aus",),
    )
    assert world.components(kind="sea") == (("usa",), ("can", "ice", "uk", "fra"), ("mex",), ("ger",), ("aus",))


def test_equal_data_makes_equal_graphs() -> None:
    assert AreaGraph(AREAS, ADJACENCIES) == AreaGraph(tuple(AREAS), iter(ADJACENCIES))
    assert hash(AreaGraph(AREAS, ADJACENCIES)) == hash(AreaGraph(AREAS, ADJACENCIES))


names = [f"n{i}" for i in range(7)]


@given(st.sets(st.tuples(st.sampled_from(names), st.sampled_from(names)).filter(lambda p: p[0] < p[1])))
def test_bfs_distance_matches_floyd_warshall(pairs: set[tuple[str, str]]) -> None:
    graph = AreaGraph([Area(n, n) for n in names], [Adjacency(a, b) for a, b in sorted(pairs)])
    inf = float("inf")
    dist = {
        (a, b): 0.0 if a == b else (1.0 if (a, b) in pairs or (b, a) in pairs else inf) for a in names for b in names
    }
    for k, i, j in itertools.product(names, names, names):
        dist[i, j] = min(dist[i, j], dist[i, k] + dist[k, j])
    for a, b in itertools.product(names, names):
        got = graph.distance(a, b)
        assert (got is None) == (dist[a, b] == inf)
        if got is not None:
            assert got == dist[a, b]
            route = graph.route(a, b)
            assert route is not None
            assert all(graph.adjacent(x, y) for x, y in zip(route, route[1:]))
    # Components partition the areas, and connected agrees with them.
    pieces = graph.components()
    assert sorted(a for piece in pieces for a in piece) == sorted(names)
    for piece in pieces:
        assert all(graph.connected(piece[0], other) for other in piece)
