"""The state of a game of Hex Encounters: blocks, bridges, the combat in progress, the
phase and the log. Frozen attrs classes, saved by the table's codec; hexes are printed
labels ("0905"). A block's ``kind`` is its unit type: a seat's view blanks it ("") for
enemy blocks that are not revealed."""

from __future__ import annotations

from typing import Final

import attrs

from hedgemony_tui.table.dice import Rng

RED_SEATS: Final = ("RED134", "RED218")
BLUE_SEATS: Final = ("BLUE", "GREEN")
SEATS: Final = (*RED_SEATS, *BLUE_SEATS)

# Where a block is: waiting off the west edge, on the map, destroyed, or gone off the east edge.
UNDEPLOYED, RESERVE, ON_MAP, DEAD, EXITED = "undeployed", "reserve", "map", "dead", "exited"

# The phases of a turn, in order (deployment comes once, before turn 1).
DEPLOY, RED_ATTACK, RED_MOVE, BLUE_MOVE, BLUE_ATTACK, REINFORCE, OVER = (
    "deploy",
    "red-attack",
    "red-move",
    "blue-move",
    "blue-attack",
    "reinforce",
    "over",
)
PHASE_SEATS: Final = {
    DEPLOY: ("GREEN", "BLUE"),
    RED_ATTACK: RED_SEATS,
    RED_MOVE: RED_SEATS,
    BLUE_MOVE: BLUE_SEATS,
    BLUE_ATTACK: BLUE_SEATS,
    REINFORCE: SEATS,
}
PHASE_TITLES: Final = {
    DEPLOY: "deployment",
    RED_ATTACK: "Red attacks",
    RED_MOVE: "Red moves",
    BLUE_MOVE: "Blue moves",
    BLUE_ATTACK: "Blue attacks",
    REINFORCE: "supply and reinforcement",
    OVER: "game over",
}

# Stages of a combat.
FORMING, ROLL, ATT_LOSS, DEF_LOSS, RETREAT, ADVANCE = (
    "forming",
    "roll",
    "attacker-losses",
    "defender-losses",
    "retreat",
    "advance",
)


def side_of(seat: str) -> str:
    return "red" if seat in RED_SEATS else "blue"


def enemy_side(side: str) -> str:
    return "blue" if side == "red" else "red"


@attrs.frozen
class Block:
    """One unit's block. ``loss`` is its cohesion cubes (public); ``revealed`` means the
    enemy sees its type now (detected, or fought); ``moved``/``attacked`` are this turn's."""

    id: str
    seat: str
    kind: str
    hex: str = ""
    status: str = RESERVE
    loss: int = 0
    revealed: bool = False
    moved: bool = False
    attacked: bool = False
    supplied: bool = True
    halved: bool = False

    @property
    def side(self) -> str:
        return side_of(self.seat)

    @property
    def alive(self) -> bool:
        return self.status in (UNDEPLOYED, RESERVE, ON_MAP)

    @property
    def on_map(self) -> bool:
        return self.status == ON_MAP


@attrs.frozen
class Shift:
    """One column shift of a combat: why, and how many columns (+ for the attacker)."""

    reason: str
    value: int


@attrs.frozen
class Combat:
    """The combat being fought: who, where, its column and shifts, and what is left to decide."""

    seat: str  # the commander who declared it (allocates the attacker's losses)
    target: str
    defender_seat: str  # the defending commander who allocates the defender's losses
    attackers: tuple[str, ...] = ()
    defenders: tuple[str, ...] = ()
    stage: str = FORMING
    attack_cp: int = 0
    defend_cp: int = 0
    base: int = 0  # the column index from the ratio (0 = 1:4 ... 10 = 8+:1)
    shifts: tuple[Shift, ...] = ()
    attacker_die: int = 0
    defender_die: int = 0
    final: int = -1
    attacker_due: int = 0  # cohesion still to allocate
    defender_due: int = 0
    retreat_side: str = ""  # "attacker" or "defender"
    retreat_hexes: int = 0
    queue: tuple[str, ...] = ()  # units still to retreat, the first deciding now
    steps_left: int = -1  # the first unit's hexes still to go (-1: not yet decided how many it refuses)
    bridge: bool = False
    physical: bool = False  # its dice were rolled at the table and typed in


@attrs.frozen
class LogLine:
    """A line of the game's log; ``seats`` lists who may read it (empty: everyone);
    ``seq`` is its number in the whole log (1 for the first): a seat's view drops the
    lines meant for others, and its journal still counts over the whole log, which is
    how the table places its own notes between the lines (``Front.log_rows``)."""

    turn: int
    text: str
    seats: tuple[str, ...] = ()
    seq: int = 0


@attrs.frozen
class GameState:
    seed: int
    turns: int
    blocks: tuple[Block, ...]
    rng: Rng
    physical_dice: bool = False  # combat dice are rolled at the table and typed in
    turn: int = 1
    phase: str = DEPLOY
    seat: str = "GREEN"
    bridges: tuple[tuple[str, str], ...] = ()  # bridge id -> the side of the last unit across ("" none)
    combat: Combat | None = None
    last_roll: Combat | None = None  # the last combat as its dice left it (for the result screen)
    selected: str = ""  # the block chosen to move, awaiting its destination
    detecting: str = ""  # a recce that has moved and may detect
    slot: int = 0  # deployment: the next hex of the seat's list to fill
    red_rp: int = 0
    rp: int = 0  # the acting seat's reinforcement points left
    reveal_seq: int = 0  # counts rolls and reveals: undo never goes back across a change
    winner: str = ""  # "red" or "blue" at the end
    why: str = ""
    log: tuple[LogLine, ...] = ()

    def block(self, bid: str) -> Block:
        for b in self.blocks:
            if b.id == bid:
                return b
        raise KeyError(bid)

    def has_block(self, bid: str) -> bool:
        return any(b.id == bid for b in self.blocks)

    def at(self, label: str) -> tuple[Block, ...]:
        return tuple(b for b in self.blocks if b.on_map and b.hex == label)

    def side_units(self, side: str) -> tuple[Block, ...]:
        return tuple(b for b in self.blocks if b.side == side)

    def bridge_holder(self, bridge: str) -> str:
        return dict(self.bridges).get(bridge, "")
