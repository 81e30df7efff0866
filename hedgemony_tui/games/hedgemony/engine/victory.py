"""Victory conditions as a small tagged language, and the end-of-game judgement.

Each player has a ``win`` condition and may have a ``lose`` one (rulebook ch. 6 and
Table A.2). A condition is a leaf about Influence Points, forces on the board or
another player's result, or an ``all``/``any`` group of conditions; any condition can
be negated. The TOML spelling is documented in
``data/hedgemony/scenarios/default/scenario.toml``; :mod:`.scenario` reads and checks it.

:func:`evaluate_victory` decides every player's result from the final IPs and a
function that counts Force Factors at a location. References to other players'
results are resolved recursively; a player who has lost cannot also win.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from typing import ClassVar, Protocol, Union

import attrs

from hedgemony_tui.table.errors import RuleInputError, ScenarioError

COMPARISONS: dict[str, Callable[[int, int], bool]] = {
    ">": operator.gt,
    ">=": operator.ge,
    "<": operator.lt,
    "<=": operator.le,
    "==": operator.eq,
}

# How each comparison reads in a sentence when it holds, and when it does not.
_WORDS = {
    ">": ("more than", "not more than"),
    ">=": ("at least", "less than"),
    "<": ("less than", "not less than"),
    "<=": ("at most", "more than"),
    "==": ("exactly", "not"),
}


@attrs.frozen
class AllOf:
    """Every part holds."""

    parts: tuple[Condition, ...]
    negate: bool = False
    kind: ClassVar[str] = "all"


@attrs.frozen
class AnyOf:
    """At least one part holds."""

    parts: tuple[Condition, ...]
    negate: bool = False
    kind: ClassVar[str] = "any"


@attrs.frozen
class IpAboveAllOthers:
    """The player has more IPs than every other player; a tie for the most does not count."""

    negate: bool = False
    kind: ClassVar[str] = "ip_above_all_others"


@attrs.frozen
class IpCompare:
    """IP(self) ``op`` IP(``other``) + ``offset``."""

    op: str
    other: str
    offset: int = 0
    negate: bool = False
    kind: ClassVar[str] = "ip_compare"


@attrs.frozen
class IpThreshold:
    """IP(self) ``op`` ``value``."""

    op: str
    value: int
    negate: bool = False
    kind: ClassVar[str] = "ip_threshold"


@attrs.frozen
class IpAtMost:
    """IP(self) <= ``value``."""

    value: int
    negate: bool = False
    kind: ClassVar[str] = "ip_at_most"


@attrs.frozen
class PlayerWins:
    """``player`` meets its win condition and has not lost."""

    player: str
    negate: bool = False
    kind: ClassVar[str] = "player_wins"


@attrs.frozen
class PlayerLoses:
    """``player`` meets its lose condition (false for a player without one)."""

    player: str
    negate: bool = False
    kind: ClassVar[str] = "player_loses"


@attrs.frozen
class NoForcesAt:
    """``player`` has no Force Factors at ``location``."""

    player: str
    location: str
    negate: bool = False
    kind: ClassVar[str] = "no_forces_at"


Condition = Union[AllOf, AnyOf, IpAboveAllOthers, IpCompare, IpThreshold, IpAtMost, PlayerWins, PlayerLoses, NoForcesAt]

CONDITION_KINDS = tuple(
    c.kind for c in (IpAboveAllOthers, IpCompare, IpThreshold, IpAtMost, PlayerWins, PlayerLoses, NoForcesAt)
)
"""The leaf kinds, as spelled in TOML."""


@attrs.frozen
class PlayerVictory:
    """One player's victory conditions: ``win``, and ``lose`` when the player can lose outright."""

    player: str
    win: Condition
    lose: Condition | None = None


@attrs.frozen
class PlayerResult:
    """One player's result at the end of the game, with the facts that decided it."""

    player: str
    won: bool
    lost: bool
    reasons: tuple[str, ...]


@attrs.frozen
class VictoryResult:
    players: tuple[PlayerResult, ...]

    def __getitem__(self, player_id: str) -> PlayerResult:
        for result in self.players:
            if result.player == player_id:
                return result
        raise KeyError(player_id)

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(r.player for r in self.players if r.won)

    @property
    def losers(self) -> tuple[str, ...]:
        return tuple(r.player for r in self.players if r.lost)


# --- dependencies between players' results ----------------------------------------------

_Node = tuple[str, str]  # (player, "win" | "lose")


def _references(condition: Condition | None) -> list[_Node]:
    if condition is None:
        return []
    if isinstance(condition, (AllOf, AnyOf)):
        return [node for part in condition.parts for node in _references(part)]
    if isinstance(condition, PlayerWins):
        return [(condition.player, "win")]
    if isinstance(condition, PlayerLoses):
        return [(condition.player, "lose")]
    return []


def find_cycle(entries: list[PlayerVictory] | tuple[PlayerVictory, ...]) -> list[_Node] | None:
    """A loop of results that depend on themselves, as nodes from start back to start, or None."""
    edges: dict[_Node, list[_Node]] = {}
    for entry in entries:
        lose_node = (entry.player, "lose")
        # Winning needs "has not lost", so a win depends on the player's own lose condition.
        edges[(entry.player, "win")] = _references(entry.win) + ([lose_node] if entry.lose is not None else [])
        edges[lose_node] = _references(entry.lose)
    done: set[_Node] = set()
    path: list[_Node] = []

    def visit(node: _Node) -> list[_Node] | None:
        if node in path:
            return path[path.index(node) :] + [node]
        if node in done:
            return None
        path.append(node)
        for target in edges.get(node, []):
            found = visit(target)
            if found:
                return found
        path.pop()
        done.add(node)
        return None

    for node in edges:
        found = visit(node)
        if found:
            return found
    return None


# --- judging ------------------------------------------------------------------------------


class _Place(Protocol):
    @property
    def name(self) -> str: ...


class _Places(Protocol):
    def location(self, location_id: str) -> _Place: ...


class JudgedScenario(Protocol):
    """What judging reads of a scenario; :class:`.scenario.Scenario` is one.

    A protocol rather than an import: the scenario module reads its victory conditions
    into this module's classes, so this module may not depend on it.
    """

    @property
    def id(self) -> str: ...

    @property
    def player_ids(self) -> tuple[str, ...]: ...

    @property
    def board(self) -> _Places: ...

    def victory_for(self, player_id: str) -> PlayerVictory: ...


class _Judge:
    """Works out results on demand, remembering each, and refusing to go round in a loop."""

    def __init__(self, scenario: JudgedScenario, ip: Mapping[str, int], forces_at: Callable[[str, str], int]) -> None:
        self.scenario = scenario
        self.ip = ip
        self.forces_at = forces_at
        self.results: dict[_Node, tuple[bool, tuple[str, ...]]] = {}
        self.working: list[_Node] = []

    def result(self, player: str, what: str) -> tuple[bool, tuple[str, ...]]:
        node = (player, what)
        if node in self.results:
            return self.results[node]
        if node in self.working:
            loop = " -> ".join(f"{p} {w}" for p, w in self.working[self.working.index(node) :] + [node])
            raise ScenarioError(f"{self.scenario.id}/scenario.toml", "victory", f"the conditions loop ({loop})")
        self.working.append(node)
        entry = self.scenario.victory_for(player)
        if what == "lose":
            value, reasons = self.check(player, entry.lose) if entry.lose is not None else (False, ())
        else:
            value, reasons = self.check(player, entry.win)
            lost, _ = self.result(player, "lose")
            if value and lost:
                value, reasons = False, reasons + (f"{player} has lost, and a player who has lost cannot win",)
        self.working.pop()
        self.results[node] = (value, reasons)
        return value, reasons

    def check(self, me: str, condition: Condition) -> tuple[bool, tuple[str, ...]]:
        """Whether ``condition`` holds for player ``me``, and the facts that show it."""
        if isinstance(condition, (AllOf, AnyOf)):
            checked = [self.check(me, part) for part in condition.parts]
            values = [value for value, _ in checked]
            value = all(values) if isinstance(condition, AllOf) else any(values)
            # Explain with the parts that decided the group: the failures of a failed
            # "all", the successes of a met "any", and every part otherwise.
            decisive = [r for v, r in checked if v == value]
            return value != condition.negate, tuple(s for reasons in decisive for s in reasons)
        fact, sentence = self.leaf(me, condition)
        return fact != condition.negate, (sentence,)

    def leaf(self, me: str, condition: Condition) -> tuple[bool, str]:
        mine = self.ip[me]
        if isinstance(condition, IpAboveAllOthers):
            others = sorted(((self.ip[p], p) for p in self.scenario.player_ids if p != me), key=lambda t: -t[0])
            if not others:
                return True, f"{me} has {mine} IP and no rival"
            best, rival = others[0]
            if mine > best:
                return True, f"{me} has {mine} IP, more than any other player (next: {rival} with {best})"
            return False, f"{me} has {mine} IP, not more than {rival}'s {best}"
        if isinstance(condition, IpCompare):
            theirs = self.ip[condition.other]
            target = theirs + condition.offset
            fact = COMPARISONS[condition.op](mine, target)
            sign = "+" if condition.offset > 0 else "-"
            shift = f" {sign} {abs(condition.offset)} = {target}" if condition.offset else ""
            return fact, f"{me} has {mine} IP, {_WORDS[condition.op][not fact]} {condition.other}'s {theirs}{shift}"
        if isinstance(condition, (IpThreshold, IpAtMost)):
            op = condition.op if isinstance(condition, IpThreshold) else "<="
            fact = COMPARISONS[op](mine, condition.value)
            return fact, f"{me} has {mine} IP, {_WORDS[op][not fact]} {condition.value}"
        if isinstance(condition, PlayerWins):
            fact = self.result(condition.player, "win")[0]
            return fact, f"{condition.player} has {'won' if fact else 'not won'}"
        if isinstance(condition, PlayerLoses):
            fact = self.result(condition.player, "lose")[0]
            return fact, f"{condition.player} has {'lost' if fact else 'not lost'}"
        if isinstance(condition, NoForcesAt):
            count = self.forces_at(condition.player, condition.location)
            place = self.scenario.board.location(condition.location).name
            # A count of FFs alone ("has 2") left the reader guessing what was wanted: every
            # sentence (the end report, the placemat's "if the game ended now") says it.
            need = "needs at least 1 there" if condition.negate else "needs none there"
            if count <= 0:
                return True, f"{condition.player} has no FFs at {place}; {need}"
            return False, f"{condition.player} has {count} FF{'s' if count != 1 else ''} at {place}; {need}"
        raise TypeError(f"not a condition: {condition!r}")


def evaluate_victory(
    scenario: JudgedScenario, ip: Mapping[str, int], forces_at: Callable[[str, str], int]
) -> VictoryResult:
    """Every player's result from the final IPs and ``forces_at(player, location)`` (FFs there).

    ``ip`` must give a whole number for every player of the scenario.
    """
    for player in scenario.player_ids:
        value = ip.get(player)
        if not isinstance(value, int) or isinstance(value, bool):
            raise RuleInputError(f"no IP total for {player}; give one whole number per player")
    judge = _Judge(scenario, ip, forces_at)
    results = []
    for player in scenario.player_ids:
        lost, lose_reasons = judge.result(player, "lose")
        won, win_reasons = judge.result(player, "win")
        reasons = win_reasons + tuple(r for r in lose_reasons if r not in win_reasons)
        results.append(PlayerResult(player, won, lost, reasons))
    return VictoryResult(tuple(results))


# --- every condition, met or not, for the end-of-game report ------------------------------


@attrs.frozen
class ConditionLine:
    """One part of a player's win or lose condition as judged: ``depth`` nests the parts
    of an ``all``/``any`` group under it; ``text`` gives the numbers (IPs, FFs)."""

    player: str
    which: str  # "win" or "lose"
    depth: int
    met: bool
    text: str


def explain_victory(
    scenario: JudgedScenario, ip: Mapping[str, int], forces_at: Callable[[str, str], int]
) -> tuple[ConditionLine, ...]:
    """Every part of every player's win and lose conditions, met or not, with its numbers
    (where :func:`evaluate_victory` keeps only the facts that decided each result)."""
    judge = _Judge(scenario, ip, forces_at)
    lines: list[ConditionLine] = []

    def walk(player: str, which: str, condition: Condition, depth: int) -> None:
        met, _ = judge.check(player, condition)
        if isinstance(condition, (AllOf, AnyOf)):
            head = (
                ("none of these holds" if condition.negate else "all of these hold")
                if isinstance(condition, AllOf)
                else ("not one of these holds" if condition.negate else "at least one of these holds")
            )
            lines.append(ConditionLine(player, which, depth, met, head))
            for part in condition.parts:
                walk(player, which, part, depth + 1)
            return
        # The sentence states the fact ("DPRK has not won"); ``met`` says whether the
        # condition, negated or not, holds.
        _, sentence = judge.leaf(player, condition)
        lines.append(ConditionLine(player, which, depth, met, sentence))

    for player in scenario.player_ids:
        entry = scenario.victory_for(player)
        walk(player, "win", entry.win, 0)
        if entry.lose is not None:
            walk(player, "lose", entry.lose, 0)
    return tuple(lines)
