"""The hex-grid kit: coordinates, labels, hexsides, the map container and movement."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hedgemony_tui.table.hexgrid import (
    DIRECTIONS,
    LAYOUTS,
    Hex,
    HexMap,
    Hexside,
    HexsideFeatures,
    Layout,
    Offset,
    cheapest_paths,
    direction_between,
    distance,
    hex_at,
    hex_range,
    hexsides,
    label_of,
    line,
    movement_cost,
    parse_label,
    path_cost,
    path_to,
    reachable,
    rectangle,
    ring,
    spiral,
)

ORIGIN = Hex(0, 0)
coords = st.integers(min_value=-60, max_value=60)
hexes = st.builds(Hex, coords, coords)
layouts = st.sampled_from(LAYOUTS)


# --- coordinates -----------------------------------------------------------------------


def test_cube_coordinate_sums_to_zero() -> None:
    assert Hex(2, -5).s == 3
    assert Hex(0, 0).s == 0


def test_neighbours_are_the_six_directions_in_order() -> None:
    assert Hex(2, 3).neighbours() == (Hex(3, 3), Hex(3, 2), Hex(2, 2), Hex(1, 3), Hex(1, 4), Hex(2, 4))
    assert Hex(2, 3).neighbour(6) == Hex(2, 3).neighbour(0)  # directions wrap


def test_hexes_order_by_q_then_r() -> None:
    assert sorted([Hex(1, -1), Hex(0, 5), Hex(1, -2)]) == [Hex(0, 5), Hex(1, -2), Hex(1, -1)]


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (ORIGIN, ORIGIN, 0),
        (ORIGIN, Hex(3, 0), 3),
        (ORIGIN, Hex(3, -1), 3),
        (Hex(-2, 3), Hex(1, -1), 4),
        (ORIGIN, Hex(2, 2), 4),
    ],
)
def test_distance_worked_examples(a: Hex, b: Hex, expected: int) -> None:
    assert distance(a, b) == expected
    assert distance(b, a) == expected


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, b) == distance(b, a)
    assert distance(a, c) <= distance(a, b) + distance(b, c)
    assert (distance(a, b) == 0) == (a == b)


@given(hexes, st.integers(min_value=0, max_value=5))
def test_direction_between_inverts_neighbour(h: Hex, d: int) -> None:
    n = h.neighbour(d)
    assert distance(h, n) == 1
    assert direction_between(h, n) == d
    assert direction_between(n, h) == (d + 3) % 6  # opposite directions are three apart


def test_direction_between_refuses_non_neighbours() -> None:
    with pytest.raises(ValueError, match="not adjacent"):
        direction_between(ORIGIN, Hex(2, 0))
    with pytest.raises(ValueError, match="not adjacent"):
        direction_between(ORIGIN, ORIGIN)


def test_ring_of_radius_one_is_the_neighbours_starting_in_direction_four() -> None:
    assert ring(ORIGIN, 1) == (Hex(-1, 1), Hex(0, 1), Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0))
    assert ring(ORIGIN, 0) == (ORIGIN,)
    with pytest.raises(ValueError):
        ring(ORIGIN, -1)


@pytest.mark.parametrize("radius", [1, 2, 3, 7])
def test_ring_has_six_r_distinct_hexes_at_distance_r(radius: int) -> None:
    center = Hex(3, -2)
    hs = ring(center, radius)
    assert len(hs) == 6 * radius
    assert len(set(hs)) == 6 * radius
    assert all(distance(center, h) == radius for h in hs)
    assert all(distance(x, y) == 1 for x, y in zip(hs, hs[1:] + hs[:1]))  # a closed walk


@pytest.mark.parametrize("radius", [0, 1, 2, 3, 6])
def test_spiral_and_range_size_and_contents(radius: int) -> None:
    center = Hex(-1, 4)
    sp = spiral(center, radius)
    assert len(sp) == 3 * radius * radius + 3 * radius + 1
    assert sp[0] == center
    assert [distance(center, h) for h in sp] == sorted(distance(center, h) for h in sp)
    brute = {Hex(q, r) for q in range(-10, 10) for r in range(-10, 15) if distance(center, Hex(q, r)) <= radius}
    assert hex_range(center, radius) == brute == set(sp)


def test_line_along_an_axis() -> None:
    assert line(ORIGIN, Hex(3, 0)) == (ORIGIN, Hex(1, 0), Hex(2, 0), Hex(3, 0))
    assert line(ORIGIN, ORIGIN) == (ORIGIN,)


def test_line_on_a_hexside_falls_the_nudged_way() -> None:
    # The true midpoint (1, -0.5, -0.5) lies on the side between (1, 0) and (1, -1); the
    # nudge sends it to (1, 0) every time.
    assert line(ORIGIN, Hex(2, -1)) == (ORIGIN, Hex(1, 0), Hex(2, -1))


def test_lines_through_corners_lean_one_way() -> None:
    # Each line passes exactly over a hexside (e.g. at (-2, 0.5)); the nudge picks the side.
    assert line(ORIGIN, Hex(-4, 1)) == (ORIGIN, Hex(-1, 0), Hex(-2, 1), Hex(-3, 1), Hex(-4, 1))
    assert line(ORIGIN, Hex(-3, 4)) == (ORIGIN, Hex(-1, 1), Hex(-1, 2), Hex(-2, 3), Hex(-3, 4))


@given(hexes, hexes, hexes)
def test_lines_do_not_depend_on_where_they_are_drawn(a: Hex, b: Hex, shift: Hex) -> None:
    # The nudge settles every tie the same way, so a line moved is the same line.
    assert line(a + shift, b + shift) == tuple(h + shift for h in line(a, b))


@given(hexes, hexes)
def test_line_is_a_chain_of_distance_plus_one_hexes(a: Hex, b: Hex) -> None:
    hs = line(a, b)
    assert len(hs) == distance(a, b) + 1
    assert hs[0] == a and hs[-1] == b
    assert all(distance(x, y) == 1 for x, y in zip(hs, hs[1:]))
    assert [distance(a, h) for h in hs] == list(range(len(hs)))


# --- offsets and labels ----------------------------------------------------------------


@given(hexes, layouts)
def test_axial_to_offset_round_trip(h: Hex, layout: Layout) -> None:
    assert Offset.from_hex(h, layout).to_hex(layout) == h


@given(coords, coords, layouts)
def test_offset_to_axial_round_trip(col: int, row: int, layout: Layout) -> None:
    o = Offset(col, row)
    assert Offset.from_hex(o.to_hex(layout), layout) == o


def _offset_neighbours(col: int, row: int, layout: Layout) -> set[tuple[int, int]]:
    found = (Offset.from_hex(n, layout) for n in Offset(col, row).to_hex(layout).neighbours())
    return {(o.col, o.row) for o in found}


@pytest.mark.parametrize(
    ("layout", "col", "row", "expected"),
    [
        # Flat-topped, odd columns pushed down: an odd column reaches one row lower.
        ("odd-q", 1, 1, {(0, 1), (0, 2), (2, 1), (2, 2), (1, 0), (1, 2)}),
        ("odd-q", 2, 1, {(1, 0), (1, 1), (3, 0), (3, 1), (2, 0), (2, 2)}),
        ("even-q", 2, 1, {(1, 1), (1, 2), (3, 1), (3, 2), (2, 0), (2, 2)}),
        ("even-q", 1, 1, {(0, 0), (0, 1), (2, 0), (2, 1), (1, 0), (1, 2)}),
        # Pointy-topped, odd rows pushed right: an odd row reaches one column further.
        ("odd-r", 1, 1, {(1, 0), (2, 0), (1, 2), (2, 2), (0, 1), (2, 1)}),
        ("odd-r", 1, 2, {(0, 1), (1, 1), (0, 3), (1, 3), (0, 2), (2, 2)}),
        ("even-r", 1, 2, {(1, 1), (2, 1), (1, 3), (2, 3), (0, 2), (2, 2)}),
        ("even-r", 1, 1, {(0, 0), (1, 0), (0, 2), (1, 2), (0, 1), (2, 1)}),
    ],
)
def test_offset_neighbours_match_the_printed_layout(
    layout: Layout, col: int, row: int, expected: set[tuple[int, int]]
) -> None:
    assert _offset_neighbours(col, row, layout) == expected


def test_unknown_layout_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown hex layout 'odd-x'"):
        Offset(1, 1).to_hex("odd-x")  # type: ignore[arg-type]  # a layout outside the Literal, on purpose


def test_labels_format_and_parse() -> None:
    assert Offset(3, 4).label == "0304"
    assert Offset(12, 7).label == "1207"
    assert Offset(0, 0).label == "0000"
    assert Offset(100, 5).label == "100005"  # both halves widen, so it splits back
    assert parse_label("0304") == Offset(3, 4)
    assert parse_label(" 1207 ") == Offset(12, 7)
    assert parse_label("100005") == Offset(100, 5)


@pytest.mark.parametrize("bad", ["304", "03a4", "", "-304", "03 04", "030", "０３０４"])
def test_bad_labels_are_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="hex label"):
        parse_label(bad)


def test_negative_offsets_have_no_label() -> None:
    with pytest.raises(ValueError):
        _ = Offset(-1, 3).label


@given(st.integers(0, 999), st.integers(0, 999))
def test_label_round_trip(col: int, row: int) -> None:
    assert parse_label(Offset(col, row).label) == Offset(col, row)


def test_hex_at_and_label_of() -> None:
    assert hex_at("0204", "odd-q") == Hex(2, 3)
    assert label_of(Hex(2, 3), "odd-q") == "0204"
    assert label_of(hex_at("0913", "even-r"), "even-r") == "0913"


def test_rectangle() -> None:
    hs = rectangle(range(1, 11), range(1, 9), "odd-q")
    assert len(hs) == 80
    assert {label_of(h, "odd-q") for h in hs} == {f"{c:02d}{r:02d}" for c in range(1, 11) for r in range(1, 9)}


# --- hexsides --------------------------------------------------------------------------


@given(hexes, st.integers(0, 5))
def test_hexside_is_the_same_from_either_side(h: Hex, d: int) -> None:
    n = h.neighbour(d)
    assert Hexside(h, n) == Hexside(n, h)
    assert hash(Hexside(h, n)) == hash(Hexside(n, h))
    assert Hexside(h, n).hexes == tuple(sorted((h, n)))
    assert Hexside(h, n).other(h) == n and Hexside(h, n).other(n) == h


def test_hexside_needs_adjacent_hexes() -> None:
    with pytest.raises(ValueError, match="not adjacent"):
        Hexside(ORIGIN, Hex(2, 0))
    with pytest.raises(ValueError, match="not adjacent"):
        Hexside(ORIGIN, ORIGIN)
    with pytest.raises(ValueError):
        Hexside(ORIGIN, Hex(1, 0)).other(Hex(5, 5))


def test_each_side_is_shared_by_exactly_two_hexes() -> None:
    sides = hexsides(ORIGIN)
    assert len(set(sides)) == 6
    for d, n in enumerate(ORIGIN.neighbours()):
        assert set(sides) & set(hexsides(n)) == {Hexside(ORIGIN, n)}
        assert sides[d].touches(n) and sides[d].touches(ORIGIN)


def test_hexside_features_ask_either_way() -> None:
    a, b, c = ORIGIN, Hex(1, 0), Hex(0, 1)
    feats = HexsideFeatures.from_entries([(a, b, "river"), (b, a, "bridge"), (a, c, "road")])
    assert feats.has(a, b, "river") and feats.has(b, a, "river")
    assert feats.between(b, a) == {"river", "bridge"}
    assert feats.between(b, c) == frozenset()
    assert not feats.has(a, c, "river")
    assert feats.sides_with("road") == {Hexside(c, a)}
    # It is a mapping from side to features, holding only sides that have some.
    assert len(feats) == 2
    assert dict(feats) == {Hexside(a, b): {"river", "bridge"}, Hexside(a, c): {"road"}}
    assert Hexside(b, c) not in feats
    # Same contents, any order, any side named first: equal and hashed alike.
    again = HexsideFeatures.from_entries([(c, a, "road"), (a, b, "bridge"), (b, a, "river")])
    assert again == feats and hash(again) == hash(feats)
    assert feats.without_feature(b, a, "bridge").between(a, b) == {"river"}
    assert feats.with_feature(b, c, "ford").has(c, b, "ford")


def test_hexside_features_refuse_empty_names() -> None:
    with pytest.raises(ValueError):
        HexsideFeatures.from_entries([(ORIGIN, Hex(1, 0), "")])


# --- the map ---------------------------------------------------------------------------


def _open_map(radius: int = 2) -> dict[Hex, str]:
    return {h: "clear" for h in hex_range(ORIGIN, radius)}


def test_hexmap_contents() -> None:
    terrain = _open_map()
    terrain[Hex(1, 0)] = "forest"
    m = HexMap(terrain)
    assert len(m.hexes) == 19
    assert m.contains(Hex(2, -2)) and not m.contains(Hex(3, 0))
    assert m.terrain_at(Hex(1, 0)) == "forest"
    assert m.terrain_at(ORIGIN) == "clear"
    with pytest.raises(KeyError, match="not on the map"):
        m.terrain_at(Hex(3, 0))
    assert m.neighbours(Hex(2, 0)) == (Hex(2, -1), Hex(1, 0), Hex(1, 1))
    assert HexMap(list(reversed(list(terrain.items())))) == m


def test_hexmap_refusals() -> None:
    with pytest.raises(ValueError, match="twice"):
        HexMap([(ORIGIN, "clear"), (ORIGIN, "forest")])
    with pytest.raises(ValueError, match="off the map"):
        HexMap({ORIGIN: "clear"}, HexsideFeatures.from_entries([(ORIGIN, Hex(1, 0), "river")]))


def test_road_network() -> None:
    a, b, c, d = ORIGIN, Hex(1, 0), Hex(2, 0), Hex(-1, 0)
    m = HexMap(_open_map(), HexsideFeatures.from_entries([(a, b, "road"), (c, b, "road"), (a, d, "rail")]))
    assert m.linked(b) == (c, a)
    assert m.network(a) == {a, b, c}
    assert m.linked_by(c, a) and not m.linked_by(c, d)
    assert m.linked_by(a, d, "rail")
    assert m.with_feature(d, a, "road").network(c) == {a, b, c, d}


# --- movement --------------------------------------------------------------------------

TERRAIN_COSTS: dict[str, float | None] = {"clear": 1, "forest": 3, "marsh": None}
ROAD = [(ORIGIN, Hex(1, -1)), (Hex(1, -1), Hex(2, -1)), (Hex(2, -1), Hex(2, 0))]


def _road_map() -> HexMap:
    terrain = _open_map()
    terrain[Hex(1, 0)] = "forest"
    return HexMap(terrain, HexsideFeatures.from_entries([(a, b, "road") for a, b in ROAD]))


def test_a_longer_road_route_is_cheaper() -> None:
    m = _road_map()
    by_terrain = movement_cost(m, TERRAIN_COSTS)
    by_road = movement_cost(m, TERRAIN_COSTS, road_cost=0.5)
    # Straight through the forest is 3 + 1; around it, three clear hexes cost 3.
    assert path_cost([ORIGIN, Hex(1, 0), Hex(2, 0)], by_terrain) == 4.0
    assert cheapest_paths(ORIGIN, by_terrain).cost_to(Hex(2, 0)) == 3.0
    # Along the road three steps cost 1.5, and the road is the path taken.
    assert cheapest_paths(ORIGIN, by_road).cost_to(Hex(2, 0)) == 1.5
    assert path_to(ORIGIN, Hex(2, 0), by_road) == (ORIGIN, Hex(1, -1), Hex(2, -1), Hex(2, 0))
    assert path_cost(path_to(ORIGIN, Hex(2, 0), by_road) or (), by_road) == 1.5


def test_reachable_respects_the_budget_exactly() -> None:
    by_road = movement_cost(_road_map(), TERRAIN_COSTS, road_cost=0.5)
    assert reachable(ORIGIN, 1.5, by_road)[Hex(2, 0)] == 1.5
    assert Hex(2, 0) not in reachable(ORIGIN, 1.49, by_road)
    # The forest next door costs 3: exactly the budget gets in, a hair less does not.
    assert reachable(ORIGIN, 3, by_road)[Hex(1, 0)] == 3
    assert Hex(1, 0) not in reachable(ORIGIN, 2.99, by_road)
    assert reachable(ORIGIN, 0, by_road) == {ORIGIN: 0.0}
    assert reachable(ORIGIN, 1, by_road) == {
        ORIGIN: 0.0,
        Hex(1, -1): 0.5,
        Hex(2, -1): 1.0,
        Hex(-1, 0): 1.0,
        Hex(-1, 1): 1.0,
        Hex(0, -1): 1.0,
        Hex(0, 1): 1.0,
    }
    with pytest.raises(ValueError):
        reachable(ORIGIN, -1, by_road)


def test_float_rounding_does_not_cost_the_last_step() -> None:
    # 0.1 + 0.1 + 0.1 is a shade over 0.3 in floating point; the budget still covers it.
    by_road = movement_cost(_road_map(), TERRAIN_COSTS, road_cost=0.1)
    assert Hex(2, 0) in reachable(ORIGIN, 0.3, by_road)


def test_equal_routes_break_ties_by_settling_order() -> None:
    cost = movement_cost(HexMap(_open_map()), TERRAIN_COSTS)
    # Via (1, -1) or via (1, 0) both cost 2; (1, -1) sorts first, so is settled first.
    assert path_to(ORIGIN, Hex(2, -1), cost) == (ORIGIN, Hex(1, -1), Hex(2, -1))
    assert path_to(Hex(2, -1), ORIGIN, cost) == (Hex(2, -1), Hex(1, -1), ORIGIN)


def _river_map(*crossing: tuple[Hex, Hex, str]) -> HexMap:
    """A river along the whole boundary between the q = 0 and q = 1 columns."""
    terrain = _open_map()
    river = [(h, n, "river") for h in terrain if h.q == 0 for n in h.neighbours() if n.q == 1 and n in terrain]
    return HexMap(terrain, HexsideFeatures.from_entries([*river, *crossing]))


def test_a_river_blocks_except_at_a_bridge() -> None:
    costs = {"clear": 1.0}
    blocked = movement_cost(_river_map(), costs, blocking=["river"], crossings=["bridge"])
    assert blocked(ORIGIN, Hex(1, 0)) is None
    assert path_to(ORIGIN, Hex(1, 0), blocked) is None
    assert not any(h.q >= 1 for h in reachable(ORIGIN, 10, blocked))

    bridged = _river_map((Hex(0, -1), Hex(1, -1), "bridge"))
    cost = movement_cost(bridged, costs, blocking=["river"], crossings=["bridge"])
    assert cost(ORIGIN, Hex(1, 0)) is None
    assert cost(Hex(1, -1), Hex(0, -1)) == 1.0
    assert path_to(ORIGIN, Hex(1, 0), cost) == (ORIGIN, Hex(0, -1), Hex(1, -1), Hex(1, 0))
    assert cheapest_paths(ORIGIN, cost).cost_to(Hex(1, 0)) == 3.0


def test_a_ford_crosses_at_an_extra_cost() -> None:
    m = _river_map((ORIGIN, Hex(1, 0), "ford"))
    cost = movement_cost(m, {"clear": 1.0}, blocking=["river"], crossings=["bridge", "ford"], side_costs={"ford": 1})
    assert cost(ORIGIN, Hex(1, 0)) == 2.0
    assert cost(Hex(1, -1), ORIGIN) is None  # the river elsewhere still blocks
    assert cheapest_paths(ORIGIN, cost).cost_to(Hex(1, 0)) == 2.0


def test_movement_cost_checks_its_tables() -> None:
    m = _road_map()
    with pytest.raises(ValueError, match="no movement cost given for terrain: forest"):
        movement_cost(m, {"clear": 1})
    with pytest.raises(ValueError, match="must be >= 0"):
        movement_cost(m, {"clear": 1, "forest": -2})
    cost = movement_cost(m, TERRAIN_COSTS)
    assert cost(ORIGIN, Hex(2, 0)) is None  # not adjacent
    assert cost(Hex(2, 0), Hex(3, 0)) is None  # off the map


def test_impassable_terrain_and_negative_steps() -> None:
    terrain = _open_map()
    terrain[Hex(1, 0)] = "marsh"
    cost = movement_cost(HexMap(terrain), TERRAIN_COSTS)
    assert cost(ORIGIN, Hex(1, 0)) is None
    assert Hex(1, 0) not in cheapest_paths(ORIGIN, cost).costs
    with pytest.raises(ValueError, match=">= 0"):
        cheapest_paths(ORIGIN, lambda a, b: -1.0 if distance(ORIGIN, b) <= 1 else None)


def test_paths_to_an_unreached_hex() -> None:
    paths = cheapest_paths(ORIGIN, movement_cost(HexMap(_open_map()), TERRAIN_COSTS), budget=1)
    assert paths.path_to(Hex(2, 0)) is None and paths.cost_to(Hex(2, 0)) is None
    assert paths.path_to(ORIGIN) == (ORIGIN,)


@given(
    st.dictionaries(st.sampled_from(sorted(hex_range(ORIGIN, 3))), st.sampled_from(["forest", "marsh"]), max_size=20)
)
def test_dijkstra_costs_are_consistent(special: dict[Hex, str]) -> None:
    terrain = {h: "clear" for h in hex_range(ORIGIN, 3)} | special
    terrain[ORIGIN] = "clear"
    costs: dict[str, float | None] = {"clear": 1, "forest": 2.5, "marsh": None}
    cost = movement_cost(HexMap(terrain), costs)
    paths = cheapest_paths(ORIGIN, cost)
    for h, c in paths.costs.items():
        route = paths.path_to(h)
        assert route is not None and route[0] == ORIGIN and route[-1] == h
        assert path_cost(route, cost) == pytest.approx(c)
        if h != ORIGIN:
            # Bellman: the best cost is the best over every way in from a reached neighbour.
            ways_in = [paths.costs[p] + s for p in h.neighbours() if p in paths.costs if (s := cost(p, h)) is not None]
            assert c == pytest.approx(min(ways_in))
        # Nothing cheaper than plain distance is possible when every step costs >= 1.
        assert c >= distance(ORIGIN, h)


@given(st.sampled_from(sorted(hex_range(ORIGIN, 4))))
def test_open_ground_costs_the_distance(goal: Hex) -> None:
    cost = movement_cost(HexMap({h: "clear" for h in hex_range(ORIGIN, 4)}), TERRAIN_COSTS)
    assert reachable(ORIGIN, 8, cost)[goal] == distance(ORIGIN, goal)
    assert len(path_to(ORIGIN, goal, cost) or ()) == distance(ORIGIN, goal) + 1


def test_directions_are_unit_steps() -> None:
    assert len(set(DIRECTIONS)) == 6
    assert all(distance(ORIGIN, d) == 1 for d in DIRECTIONS)
