"""A stand-in game state for the save tests, shaped like the real one will be.

Nested frozen classes, tuples of them (arrays of tables), tuples of tuples (arrays of
arrays of tables), StrEnum fields and keys, str-keyed dicts, frozensets, None-able
fields, big ints and a tagged union - plus hypothesis strategies that build any of it.
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar

import attrs
from hypothesis import strategies as st

from hedgemony_tui.table.codec import register_tagged_union

KIND = "test-save"


class Side(StrEnum):
    BLUE = "blue"
    RED = "red"
    GREEN = "green"


class Domain(StrEnum):
    LAND = "land"
    SEA = "sea"
    AIR = "air"


@attrs.frozen
class Forces:
    counts: dict[Domain, int]
    ready: bool = True


@attrs.frozen
class Player:
    side: Side
    rp: int
    forces: Forces
    tags: frozenset[str] = frozenset()
    domains: frozenset[Domain] = frozenset()
    note: str | None = None
    ally: Side | None = None


@attrs.frozen
class Move:
    TAG: ClassVar[str] = "move"
    player: Side
    to: str
    count: int


@attrs.frozen
class Invest:
    TAG: ClassVar[str] = "invest"
    player: Side
    amount: int
    domain: Domain | None = None


@attrs.frozen
class Pass:
    """No TAG: the tag falls back to the class name."""

    reason: str | None = None


Intent = Move | Invest | Pass
register_tagged_union(Intent, [Move, Invest, Pass])


@attrs.frozen
class Roll:
    faces: tuple[int, ...]
    why: str


@attrs.frozen
class Dice:
    seed: int
    rolls: tuple[Roll, ...] = ()


@attrs.frozen
class GameState:
    game_id: str
    turn: int
    players: tuple[Player, ...]
    scores: dict[Side, int]
    labels: dict[str, str]
    history: tuple[Intent, ...]
    rounds: tuple[tuple[Intent, ...], ...]
    dice: Dice
    pending: Intent | None = None
    winner: Side | None = None
    finished: bool = False


def example_state() -> GameState:
    """One hand-made state using every shape at least once."""
    blue = Player(
        Side.BLUE,
        rp=12,
        forces=Forces({Domain.LAND: 3, Domain.SEA: 2}),
        tags=frozenset({"nuclear", "alliance"}),
        domains=frozenset({Domain.SEA, Domain.AIR}),
        ally=Side.GREEN,
    )
    red = Player(Side.RED, rp=-4, forces=Forces({}, ready=False), note="lost a carrier")
    return GameState(
        game_id="g-001",
        turn=3,
        players=(blue, red),
        scores={Side.BLUE: 2, Side.RED: 0},
        labels={"theater": "Indo-Pacific", "with space": "x = 1"},
        history=(Move(Side.BLUE, "Taiwan", 2), Invest(Side.RED, 5), Pass()),
        rounds=((Pass("no money"), Invest(Side.BLUE, 1, Domain.AIR)), ()),
        dice=Dice(seed=2**127 + 3, rolls=(Roll((3, 9), "CRT A"),)),
        pending=Move(Side.RED, "Baltics", 1),
    )


# TOML text cannot hold lone surrogates (they are not encodable as UTF-8).
texts = st.text(st.characters(exclude_categories=["Cs"]), max_size=12)
ints = st.integers() | st.sampled_from([2**63 - 1, -(2**63), 2**63, -(2**63) - 1, 2**200])


def _optional(strategy):
    return st.none() | strategy


forces = st.builds(Forces, counts=st.dictionaries(st.sampled_from(Domain), ints), ready=st.booleans())
players = st.builds(
    Player,
    side=st.sampled_from(Side),
    rp=ints,
    forces=forces,
    tags=st.frozensets(texts, max_size=4),
    domains=st.frozensets(st.sampled_from(Domain)),
    note=_optional(texts),
    ally=_optional(st.sampled_from(Side)),
)
intents = st.one_of(
    st.builds(Move, player=st.sampled_from(Side), to=texts, count=ints),
    st.builds(Invest, player=st.sampled_from(Side), amount=ints, domain=_optional(st.sampled_from(Domain))),
    st.builds(Pass, reason=_optional(texts)),
)
states = st.builds(
    GameState,
    game_id=texts,
    turn=ints,
    players=st.lists(players, max_size=3).map(tuple),
    scores=st.dictionaries(st.sampled_from(Side), ints),
    labels=st.dictionaries(texts, texts, max_size=4),
    history=st.lists(intents, max_size=4).map(tuple),
    rounds=st.lists(st.lists(intents, max_size=3).map(tuple), max_size=3).map(tuple),
    dice=st.builds(
        Dice,
        seed=ints,
        rolls=st.lists(st.builds(Roll, faces=st.lists(ints, max_size=3).map(tuple), why=texts), max_size=3).map(tuple),
    ),
    pending=_optional(intents),
    winner=_optional(st.sampled_from(Side)),
    finished=st.booleans(),
)
