"""The map's overlays, each a set of hexes with a mark, worked out by the engine's own
functions on what the keyboard's seat may see (no rule is repeated here):

- ``reach``: where the unit being moved may go (the legal destinations offered now);
- ``supply``: the hexes from which the seat's side traces supply;
- ``zoc``: the enemy's zones of control;
- ``known``: what the enemy knows of the seat's side's blocks, from the enemy's own view.

In ``supply`` and ``zoc`` an enemy block whose type the seat cannot see is counted as if
it projected a zone of control (the cautious guess): the seat's view never holds more."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..engine.data import game_data
from ..engine.ground import ZOC_TYPES, supplied_hexes, zoc_hexes
from ..engine.intents import MoveTo
from ..engine.state import BLUE_SEATS, RED_SEATS, Block, GameState, enemy_side, side_of
from ..engine.view import view

if TYPE_CHECKING:
    from hedgemony_tui.shell.front import Table

OVERLAYS: tuple[str, ...] = ("none", "reach", "supply", "zoc", "known")
TITLES = {
    "none": "none",
    "reach": "reach (+)",
    "supply": "supply (s; x cut off)",
    "zoc": "enemy ZOC (z)",
    "known": "enemy knows (! type, ? hidden)",
}


def _projects_as_seen(block: Block) -> bool:
    """A block of known type projects a zone if its type does; an unseen one is assumed to."""
    if not block.kind:
        return True
    return game_data().types[block.kind].ability in ZOC_TYPES


def reach(options: Sequence[tuple[Any, str]]) -> dict[str, str]:
    return {o.hex: "+" for o, _ in options if isinstance(o, MoveTo) and o.hex != "exit"}


def supply(seen: GameState, seat: str) -> dict[str, str]:
    """'s' on every hex the side traces supply from; 'x' on its units' hexes that it does not."""
    if not seat:
        return {}
    side = side_of(seat)
    fed = supplied_hexes(seen, side, _projects_as_seen)
    cut = {b.hex: "x" for b in seen.blocks if b.on_map and b.side == side and b.hex not in fed}
    return {h: "s" for h in fed} | cut


def zoc(seen: GameState, seat: str) -> dict[str, str]:
    if not seat:
        return {}
    return {h: "z" for h in zoc_hexes(seen, enemy_side(side_of(seat)), _projects_as_seen)}


def known(state: GameState, seat: str) -> dict[str, str]:
    """Each hex of the seat's side's blocks: '!' when the enemy sees the type of at least
    one block there, '?' when it sees only hidden blocks. Taken from the enemy's view of
    ``state`` (the seat's own view will do: it holds the seat's side's blocks whole, and
    whether a block is revealed is public), and only about the seat's own side's blocks."""
    if not seat:
        return {}
    side = side_of(seat)
    enemy = (BLUE_SEATS if side == "red" else RED_SEATS)[0]
    theirs = view(state, enemy)
    out: dict[str, str] = {}
    for b in theirs.blocks:
        if b.on_map and b.side == side:
            out[b.hex] = "!" if b.kind or out.get(b.hex) == "!" else "?"
    return out


def overlay_of(name: str, table: Table) -> dict[str, str]:
    """The hexes and marks of overlay ``name`` for the seat at the keyboard."""
    seat = table.viewer_seat()
    makers: dict[str, Callable[[], dict[str, str]]] = {
        "reach": lambda: reach(table.my_options()),
        "supply": lambda: supply(table.seen_state(), seat),
        "zoc": lambda: zoc(table.seen_state(), seat),
        "known": lambda: known(table.seen_state(), seat),
    }
    return makers[name]() if name in makers else {}
