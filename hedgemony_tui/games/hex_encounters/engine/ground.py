"""Movement, stacking, retreats, zones of control and supply on the map: questions about
where units may go or trace, answered from the state (types known) and the board."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from hedgemony_tui.table.hexgrid import Hex, cheapest_paths

from .board import Board, board
from .data import UnitType, game_data
from .state import Block, GameState, enemy_side

EXIT = "exit"
ZOC_TYPES = ("armor", "mech", "militia")  # infantry and armor project a zone of control


def unit_type(block: Block) -> UnitType:
    return game_data().types[block.kind]


def stack_limit(label: str) -> int:
    return game_data().tables.stacking[board().terrain(label)]


def enemy_hexes(state: GameState, side: str) -> frozenset[str]:
    return frozenset(b.hex for b in state.blocks if b.on_map and b.side == enemy_side(side))


def has_engineer(state: GameState, label: str, side: str) -> bool:
    return any(b.side == side and unit_type(b).ability == "engineers" for b in state.at(label))


def crossing_ok(state: GameState, a: str, b: str, side: str) -> bool:
    """May a unit of ``side`` step from ``a`` to ``b`` across whatever hexside lies between?"""
    brd = board()
    if not brd.river(a, b) or brd.bridge(a, b):
        return True
    return has_engineer(state, a, side)


def step_cost(state: GameState, block: Block, a: str, b: str, blocked: frozenset[str]) -> float | None:
    """The movement points to step from ``a`` into ``b`` (None: impossible)."""
    brd, tables = board(), game_data().tables
    if b in blocked:
        return None
    if brd.river(a, b) and not brd.bridge(a, b):
        return tables.ferry_cost if has_engineer(state, a, block.side) else None
    if brd.road(a, b):
        return tables.road_cost
    return tables.move_cost[brd.terrain(b)]


def movement_points(block: Block) -> float:
    mp = float(unit_type(block).mp)
    return mp / 2 if block.halved else mp


def destinations(state: GameState, block: Block) -> dict[str, tuple[str, ...]]:
    """Every hex the block may end its move in, with the path there (its own hex: stay;
    ``EXIT``: off the east edge, for Red). Stacking limits apply at the end only."""
    brd = board()
    blocked = enemy_hexes(state, block.side)
    mp = movement_points(block)
    start, spent = block.hex, 0.0
    if not block.on_map:  # entering at the west edge along the road
        start, spent = brd.red_entry, game_data().tables.road_cost
        if start in blocked or spent > mp:
            return {}

    label_at = brd.label_at

    def cost(x: Hex, y: Hex) -> float | None:
        b = label_at.get(y)
        if b is None:
            return None
        return step_cost(state, block, label_at[x], b, blocked)

    paths = cheapest_paths(brd.hex(start), cost, mp - spent)
    found: dict[str, tuple[str, ...]] = {}
    for h in paths.costs:
        label = brd.label(h)
        route = tuple(brd.label(x) for x in paths.path_to(h) or ())
        here = 0 if (block.on_map and label == block.hex) else 1
        if len(state.at(label)) + here <= stack_limit(label):
            found[label] = route
    if block.side == "red" and block.supplied:  # only a unit in supply leaves to exploit east
        road = game_data().tables.road_cost
        exits = [
            e
            for e in brd.blue_exits
            if brd.hex(e) in paths.costs and paths.costs[brd.hex(e)] + spent + road <= mp + 1e-9
        ]
        if exits:
            found[EXIT] = tuple(brd.label(x) for x in paths.path_to(brd.hex(exits[0])) or ())
    return found


def bridges_on(route: tuple[str, ...]) -> list[str]:
    brd = board()
    return [brd.bridge(a, b) for a, b in zip(route, route[1:]) if brd.bridge(a, b)]


def retreat_steps(state: GameState, block: Block, origin: str) -> list[str]:
    """The hexes the block may retreat one step into: adjacent, farther from the combat
    hex than it stands now, free of enemies, across no river but by a bridge (or a ferry
    with engineers), and within the stacking limit."""
    brd = board()
    blocked = enemy_hexes(state, block.side)
    here = brd.distance(block.hex, origin)
    return [
        n
        for n in brd.neighbours(block.hex)
        if brd.distance(n, origin) > here
        and n not in blocked
        and crossing_ok(state, block.hex, n, block.side)
        and len(state.at(n)) + 1 <= stack_limit(n)
    ]


def projects_zoc(block: Block) -> bool:
    """Infantry and armor project a zone of control into the six hexes around them."""
    return game_data().types[block.kind].ability in ZOC_TYPES


def zoc_hexes(state: GameState, side: str, projects: Callable[[Block], bool] = projects_zoc) -> frozenset[str]:
    """The hexes in the zone of control of ``side``'s units (own hexes, and for the units
    that ``projects`` says reach out, the six around them)."""
    brd = board()
    out: set[str] = set()
    for b in state.blocks:
        if b.on_map and b.side == side:
            out.add(b.hex)
            if projects(b):
                out.update(brd.neighbours(b.hex))
    return frozenset(out)


def supply_open(state: GameState, side: str, projects: Callable[[Block], bool] = projects_zoc) -> frozenset[str]:
    """Hexes a supply line of ``side`` may pass: no enemy unit, and no enemy zone of
    control unless a friendly unit stands there."""
    brd = board()
    enemy = enemy_side(side)
    zoc = zoc_hexes(state, enemy, projects)
    friendly = {b.hex for b in state.blocks if b.on_map and b.side == side}
    foes = enemy_hexes(state, side)
    return frozenset(h for h in brd.labels if h not in foes and (h not in zoc or h in friendly))


def _usable(state: GameState, brd: Board, a: str, b: str, side: str) -> bool:
    if not brd.river(a, b):
        return True
    bridge = brd.bridge(a, b)
    return bool(bridge) and state.bridge_holder(bridge) != enemy_side(side)


def supplied_hexes(state: GameState, side: str, projects: Callable[[Block], bool] = projects_zoc) -> frozenset[str]:
    """Every hex from which a unit of ``side`` traces supply: a path through open hexes
    to a road that runs, free of enemy units, to the side's edge. (A computer player that
    cannot see the enemy's types passes its own guess of who ``projects`` a zone.)"""
    brd = board()
    passable = supply_open(state, side, projects)
    # The road back to the edge is cut only by enemy units on it and bridges the enemy
    # crossed last; zones of control cut the path from the unit to the road.
    free = frozenset(brd.labels) - enemy_hexes(state, side)
    sources = [brd.red_entry] if side == "red" else list(brd.blue_exits)
    road: set[str] = {s for s in sources if s in free}
    queue = deque(road)
    while queue:
        h = queue.popleft()
        for n in brd.neighbours(h):
            if n not in road and n in free and brd.road(h, n) and _usable(state, brd, h, n, side):
                road.add(n)
                queue.append(n)
    reach = set(road)
    queue = deque(road)
    while queue:
        h = queue.popleft()
        for n in brd.neighbours(h):
            if n not in reach and n in passable and _usable(state, brd, h, n, side):
                reach.add(n)
                queue.append(n)
    return frozenset(reach)
