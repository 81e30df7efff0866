"""How good a state is for one seat, read from the scenario's victory conditions.

``margin`` turns a player's win (and lose) condition into one signed number in IP
units: positive when the condition holds now, the larger the safer. ``utility`` turns
that margin into a rough chance of winning (a logistic curve that widens with the turns
left, since IP moves more over more turns) plus the worth of what the seat still holds:
RPs, Combat Factors and Critical Capability levels, which turn into IP later in the game
and are worth nothing once it ends. Bots compare options by the utility they lead to.

Everything here reads only what the state given shows, so a bot that passes its own
view judges by what its seat may know.
"""

from __future__ import annotations

import math
from functools import lru_cache

import attrs

from ..engine.combat_factors import ForceGroup, combat_factors
from ..engine.content import Content
from ..engine.state import GameState, Phase
from ..engine.tables import RuleTables
from ..engine.terms import Source
from ..engine.victory import (
    AllOf,
    AnyOf,
    Condition,
    IpAboveAllOthers,
    IpAtMost,
    IpCompare,
    IpThreshold,
    NoForcesAt,
    PlayerLoses,
    PlayerWins,
)

FF_IN_IP = 5.0
"""One Force Factor more or less at a place weighs like this many IP (the DPRK's
"the U.S. leaves Korea" is as decisive as a big IP swing)."""

FORCE_SPREAD = 1.5
"""Width of the chance curve of a "no forces at" leaf (one FF is decisive, at any turn)."""

NEVER = -50.0
"""The margin of a condition a player does not have (e.g. losing, for most players)."""


def _slack(op: str, diff: float) -> float:
    """Margin of ``a op b`` given ``diff = a - b``: half a point inside for strict tests."""
    if op == ">":
        return diff - 0.5
    if op == ">=":
        return diff + 0.5
    if op == "<":
        return -diff - 0.5
    if op == "<=":
        return -diff + 0.5
    return 0.5 - abs(diff)  # "=="


class Margins:
    """Margins of every player's conditions on one state, each worked out once."""

    def __init__(self, content: Content, state: GameState) -> None:
        self.scenario = content.scenario
        self.ip: dict[str, float] = {p.id: p.ip for p in state.players}
        self.state = state
        self.memo: dict[tuple[str, str], float] = {}

    def win(self, player: str) -> float:
        key = (player, "win")
        if key not in self.memo:
            self.memo[key] = NEVER  # a loop reads as "not met" (the loader refuses loops anyway)
            entry = self.scenario.victory_for(player)
            value = self.check(player, entry.win)
            if entry.lose is not None:
                value = min(value, -self.lose(player))
            self.memo[key] = value
        return self.memo[key]

    def lose(self, player: str) -> float:
        key = (player, "lose")
        if key not in self.memo:
            self.memo[key] = NEVER
            entry = self.scenario.victory_for(player)
            self.memo[key] = NEVER if entry.lose is None else self.check(player, entry.lose)
        return self.memo[key]

    def check(self, me: str, condition: Condition) -> float:
        value = self._leaf(me, condition)
        return -value if condition.negate else value

    def _leaf(self, me: str, condition: Condition) -> float:
        ip = self.ip
        if isinstance(condition, AllOf):
            return min(self.check(me, part) for part in condition.parts)
        if isinstance(condition, AnyOf):
            return max(self.check(me, part) for part in condition.parts)
        if isinstance(condition, IpAboveAllOthers):
            others = [ip[p] for p in self.scenario.player_ids if p != me]
            return _slack(">", ip[me] - max(others)) if others else 10.0
        if isinstance(condition, IpCompare):
            return _slack(condition.op, ip[me] - ip[condition.other] - condition.offset)
        if isinstance(condition, IpThreshold):
            return _slack(condition.op, ip[me] - condition.value)
        if isinstance(condition, IpAtMost):
            return _slack("<=", ip[me] - condition.value)
        if isinstance(condition, PlayerWins):
            return self.win(condition.player)
        if isinstance(condition, PlayerLoses):
            return self.lose(condition.player)
        if isinstance(condition, NoForcesAt):
            there = sum(
                s.ffs for s in self.state.stacks if s.owner == condition.player and s.location == condition.location
            )
            return (0.5 - there) * FF_IN_IP
        raise TypeError(f"not a condition: {condition!r}")


def margin(content: Content, state: GameState, player: str) -> float:
    return Margins(content, state).win(player)


class Chances:
    """Rough chances that each condition holds at the end: every leaf's margin through a
    logistic curve of width ``spread``, combined as independent events (``all``: the
    product; ``any``: one less the product of the misses). Unlike the margin's min, a
    part that does not bind still counts: NATO gains by out-scoring Russia even while
    "Russia has not won" is the tighter part, and the PRC by its own IP while North
    Korea's fate is the tighter part."""

    def __init__(self, margins: Margins, spread: float, bonus: float = 0.0) -> None:
        self.m = margins
        self.spread = spread
        self.bonus = bonus  # margin added to the seat's own leaves (its holdings)
        self.memo: dict[tuple[str, str], float] = {}

    def win(self, player: str) -> float:
        key = (player, "win")
        if key not in self.memo:
            self.memo[key] = 0.0
            entry = self.m.scenario.victory_for(player)
            value = self.check(player, entry.win)
            if entry.lose is not None:
                value *= 1.0 - self.lose(player)
            self.memo[key] = value
        return self.memo[key]

    def lose(self, player: str) -> float:
        key = (player, "lose")
        if key not in self.memo:
            self.memo[key] = 0.0
            entry = self.m.scenario.victory_for(player)
            self.memo[key] = 0.0 if entry.lose is None else self.check(player, entry.lose)
        return self.memo[key]

    def check(self, me: str, condition: Condition) -> float:
        if isinstance(condition, AllOf):
            value = 1.0
            for part in condition.parts:
                value *= self.check(me, part)
        elif isinstance(condition, AnyOf):
            miss = 1.0
            for part in condition.parts:
                miss *= 1.0 - self.check(me, part)
            value = 1.0 - miss
        elif isinstance(condition, PlayerWins):
            value = self.win(condition.player)
        elif isinstance(condition, PlayerLoses):
            value = self.lose(condition.player)
        else:
            leaf = self.m._leaf(me, condition)
            if isinstance(condition, (IpAboveAllOthers, IpCompare, IpThreshold, IpAtMost)) and me == self.owner:
                leaf += self.bonus if not isinstance(condition, IpAtMost) else -self.bonus
            # Forces leaving a place is one event, not a drift like IP: a narrow curve.
            width = FORCE_SPREAD if isinstance(condition, NoForcesAt) else self.spread
            value = 1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -leaf / width))))
        return 1.0 - value if condition.negate else value

    owner = ""


def turns_left(state: GameState) -> float:
    """Turns of play still to come, counting the rest of this one by its phase."""
    if state.phase is Phase.OVER:
        return 0.0
    rest = {Phase.SIGNALING: 1.0, Phase.BLUE: 0.8, Phase.RED: 0.5, Phase.ALLOCATION: 0.1, Phase.SUMMARY: 0.05}
    return max(0, state.settings.turns - state.turn) + rest[state.phase]


@lru_cache(maxsize=4096)
def _cf(rules_id: int, ffs: int, mod: int, us: bool) -> int:
    """``rules_id``: the ``id`` of tables registered in ``_RULES`` (by ``theater_cf`` and ``strength``)."""
    return combat_factors(_RULES[rules_id], [ForceGroup(ffs, max(1, min(mod, 7)), 100, Source.THEATER)], us=us).total


_RULES: dict[int, RuleTables] = {}


def theater_cf(content: Content, ffs: int, mod: int, us: bool) -> int:
    """Combat Factors of ``ffs`` FFs at Mod Level ``mod`` in theater at full readiness."""
    _RULES[id(content.rules)] = content.rules
    return _cf(id(content.rules), ffs, mod, us)


def strength(content: Content, state: GameState, player: str) -> float:
    """Combat Factors of a player's forces, each stack read in theater at full readiness."""
    _RULES[id(content.rules)] = content.rules
    return float(
        sum(_cf(id(content.rules), s.ffs, s.mod, player == "US") for s in state.stacks_of(player) if s.ffs > 0)
    )


def holdings(content: Content, state: GameState, player: str) -> float:
    """What a player holds that is not yet IP, in IP units, shrinking to nothing as the game ends."""
    left = turns_left(state)
    if left <= 0:
        return 0.0
    p = state.player(player)
    share = min(1.0, left / 3.0)  # RPs are spent within a few turns
    later = min(1.0, left / max(1, state.settings.turns))  # forces and technology pay off over the game
    caps = sum(p.capabilities.values())
    return share * 0.3 * p.rp + later * (0.6 * strength(content, state, player) + 1.2 * caps + 1.5 * p.tech_level)


def utility(content: Content, state: GameState, player: str) -> float:
    """Rough chance of winning plus a little for every IP of margin and for holdings.

    The holdings enter the margin scaled down: they are potential, not points. A rival's
    holdings are not counted: the seat cannot see them all (private results) and the
    margin already carries the rivals' IP.
    """
    left = turns_left(state)
    spread = 1.5 + 2.0 * left
    margins = Margins(content, state)
    bonus = 0.25 * holdings(content, state, player)
    m = margins.win(player) + bonus
    chances = Chances(margins, spread, bonus)
    chances.owner = player
    return chances.win(player) + 0.01 * m + OWN_IP * own_worth(state, player)


OWN_IP = 0.002
"""Weight of the seat's own IP (and spendable RPs) beside its margin. Every victory
condition of the scenario rises with the player's own IP, but the margin moves only with
its binding part (NATO's "Russia has not won", Iran's distant 20 IP): this term keeps an
IP worth having when the margin does not show it."""


def own_worth(state: GameState, player: str) -> float:
    """The seat's IP plus what its RPs may still buy (0.3 IP each, for the next few turns)."""
    p = state.player(player)
    return p.ip + 0.3 * min(1.0, turns_left(state) / 3.0) * p.rp


def booked(state: GameState, player: str) -> GameState:
    """``state`` with ``player``'s delayed IP gains and losses (a card's "IP in two turns",
    ``state.scheduled``) already counted, when they land before the game ends. Only the
    seat's own entries: a rival's private ones are not in its view anyway."""
    due = sum(
        s.amount for s in state.scheduled if s.player == player and s.target == "ip" and s.turn <= state.settings.turns
    )
    if not due:
        return state
    players = tuple(attrs.evolve(p, ip=p.ip + due) if p.id == player else p for p in state.players)
    return attrs.evolve(state, players=players)
