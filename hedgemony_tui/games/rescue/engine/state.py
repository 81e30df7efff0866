"""The state of a game of *Gaming to the Rescue!*: frozen attrs values, never changed in
place (every reducer returns a new state)."""

from __future__ import annotations

from typing import Final

import attrs

from hedgemony_tui.table.dice import Rng, RollRecord

from .actors import CRISES, MEDICAL, RESOURCES, SEATS, SECURITY, SUSTAINMENT

# The stages of a game, in the order they come.
INITIATIVE: Final = "initiative"  # each player rolls a d6; the tied roll again
PLACING: Final = "placing"  # the six crisis dice drawn from the bag and rolled onto Crisis 1-6
EVENT: Final = "event"  # the cycle's event card is drawn
AIRPORT: Final = "airport"  # the drawer picks the tokens a lost cargo takes from the airport
MEDIA: Final = "media"  # the Media Meeple's d6
TURN: Final = "turn"  # the players' turns, in initiative order
OVER: Final = "over"

SAVED: Final = "saved"
FAILED: Final = "failed"


@attrs.frozen
class Settings:
    """The new-game options (rules/rescue/README.md: R9, R10, R13, X8)."""

    gp_scope: str = "all-media-double"
    transport_limit: int = 5
    event_drawer: str = "rotate"
    no_winner_on_failure: bool = False
    physical_dice: bool = False


@attrs.frozen
class Tokens:
    """Resource tokens of the three kinds."""

    security: int = 0
    medical: int = 0
    sustainment: int = 0

    def of(self, resource: str) -> int:
        return {SECURITY: self.security, MEDICAL: self.medical, SUSTAINMENT: self.sustainment}[resource]

    def plus(self, resource: str, n: int) -> Tokens:
        return attrs.evolve(self, **{resource: self.of(resource) + n})

    @property
    def total(self) -> int:
        return self.security + self.medical + self.sustainment

    def describe(self) -> str:
        return ", ".join(f"{self.of(r)} {r}" for r in RESOURCES)


@attrs.frozen
class Actor:
    """A player's meeple, the tokens it carries and its Global Perception."""

    id: str
    hex: str
    tokens: Tokens
    gp: int


@attrs.frozen
class Crisis:
    """One crisis space. ``colour`` is empty until its die is placed; ``resolved_by``
    names the actor who resolved it, in cycle ``resolved_cycle``."""

    number: int
    hex: str
    colour: str = ""
    face: int = 0
    riot: bool = False
    resolved_by: str = ""
    resolved_cycle: int = 0

    @property
    def placed(self) -> bool:
        return bool(self.colour)

    @property
    def open(self) -> bool:
        return self.placed and not self.resolved_by


@attrs.frozen
class Stock:
    """Tokens of one owner and kind lying in a depot hex (airport, port, staging area)."""

    hex: str
    owner: str
    resource: str
    count: int


@attrs.frozen
class Turn:
    """What the player whose turn it is has done so far this turn."""

    seat: str = ""
    moved: bool = False
    acted: bool = False
    carried: int = 0
    """Depot tokens picked up this turn (the transport limit, R9)."""


@attrs.frozen
class Entry:
    """One line of the game's log; ``roll`` when a die was rolled (with its purpose)."""

    cycle: int
    actor: str
    kind: str
    text: str
    roll: RollRecord | None = None


@attrs.frozen
class RescueState:
    settings: Settings
    rng: Rng
    actors: tuple[Actor, ...]
    crises: tuple[Crisis, ...]
    deck: tuple[str, ...]
    """The event cards still to draw, top first (their order is the one secret)."""
    discards: tuple[str, ...] = ()
    stage: str = INITIATIVE
    cycle: int = 0
    initiative: tuple[tuple[int, ...], ...] = ((), (), ())
    """Each seat's initiative rolls (SEATS order): a re-roll among the tied adds one."""
    order: tuple[str, ...] = ()
    depots: tuple[Stock, ...] = ()
    event: str = ""
    drawer: str = ""
    blackout: bool = False
    media: int = 0
    active: int = 0
    turn: Turn = Turn()
    result: str = ""
    rolls: int = 0
    log: tuple[Entry, ...] = ()

    @property
    def seed(self) -> int:
        """The seed the game was set up with (its dice carry it)."""
        return self.rng.seed

    def actor(self, seat: str) -> Actor:
        return self.actors[SEATS.index(seat)]

    def crisis(self, number: int) -> Crisis:
        return self.crises[number - 1]

    def open_crises(self) -> tuple[Crisis, ...]:
        return tuple(c for c in self.crises if c.open)

    def stocks_at(self, hex_label: str) -> tuple[Stock, ...]:
        return tuple(s for s in self.depots if s.hex == hex_label)

    @property
    def over(self) -> bool:
        return self.stage == OVER


def with_actor(state: RescueState, actor: Actor) -> RescueState:
    index = SEATS.index(actor.id)
    return attrs.evolve(state, actors=state.actors[:index] + (actor,) + state.actors[index + 1 :])


def with_crisis(state: RescueState, crisis: Crisis) -> RescueState:
    index = crisis.number - 1
    return attrs.evolve(state, crises=state.crises[:index] + (crisis,) + state.crises[index + 1 :])


def add_stock(state: RescueState, hex_label: str, owner: str, resource: str, n: int) -> RescueState:
    """The state with ``n`` (may be negative) tokens of ``owner``'s ``resource`` at ``hex_label``;
    the depots stay sorted and hold no empty entries."""
    counts = {(s.hex, s.owner, s.resource): s.count for s in state.depots}
    key = (hex_label, owner, resource)
    counts[key] = counts.get(key, 0) + n
    depots = tuple(Stock(h, o, r, c) for (h, o, r), c in sorted(counts.items()) if c > 0)
    return attrs.evolve(state, depots=depots)


def logged(state: RescueState, actor: str, kind: str, text: str, roll: RollRecord | None = None) -> RescueState:
    return attrs.evolve(state, log=(*state.log, Entry(state.cycle, actor, kind, text, roll)))


def empty_crises(hexes: tuple[str, ...]) -> tuple[Crisis, ...]:
    assert len(hexes) == CRISES
    return tuple(Crisis(n, h) for n, h in enumerate(hexes, start=1))
