"""Francs, the final payout and the random end (seed L56, L65-L74, L131, L150; designer's
choices G-X7 and G-X9 in ``rules/grand-game/economy.md``).

- L65/L131: political spending brings Francs, more spending more Francs. G-X7: one Franc
  per GDP point spent on politics.
- L74/L150: Francs change hands at the end of reconciliation; in the smallest version
  (spec 2.7) the only trade is a transfer of Francs from one seat to another.
- L68: the score is the Francs a seat gathered, with a large payout at the end for the
  final board. G-X7: 2 Francs per point of final GDP and 1 per city held.
- L56: from turn 10 on, the game may end after any turn. G-X9: after each turn from the
  10th a keyed d6 is rolled; a 1 or a 2 ends the game, and the roll is kept with its face.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction

import attrs

from hedgemony_tui.table.dice import Rng

from .counts import counted


@attrs.frozen
class PayoffRules:
    """The designer's numbers of Francs and the end (G-X7, G-X9), for the bots to tune."""

    francs_per_politics_point: int = 1
    payout_per_gdp: int = 2
    payout_per_city: int = 1
    end_from_turn: int = 10
    end_faces: tuple[int, ...] = (1, 2)


RULES = PayoffRules()


class FrancError(ValueError):
    """A Franc transfer or credit that cannot be made; the message says what is allowed."""


@attrs.frozen
class FrancEntry:
    """One movement of Francs: when, to or from whom, how many (negative = paid), why."""

    turn: int
    seat: str
    amount: int
    reason: str


@attrs.frozen
class Francs:
    """Every seat's Francs and the record of every movement (the debrief reads it)."""

    balances: Mapping[str, int]
    entries: tuple[FrancEntry, ...] = ()

    @classmethod
    def start(cls, seats: Collection[str]) -> Francs:
        return cls(dict.fromkeys(sorted(seats), 0))

    def of(self, seat: str) -> int:
        return self.balances.get(seat, 0)

    def credited(self, turn: int, seat: str, amount: int, reason: str) -> Francs:
        """Francs with ``amount`` (0 or more) paid to ``seat``, recorded with ``reason``."""
        self.require_seat(seat)
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise FrancError(f"a credit must be a whole number of Francs, 0 or more, not {amount!r}")
        balances = {**self.balances, seat: self.of(seat) + amount}
        return Francs(balances, self.entries + (FrancEntry(turn, seat, amount, reason),))

    def require_seat(self, seat: str) -> None:
        """Refuse, naming the seats, a name that is not a seat at this table."""
        if seat not in self.balances:
            raise FrancError(f"{seat} is not a seat at this table (seats: {', '.join(sorted(self.balances))})")


def politics_income(spend: int, rules: PayoffRules = RULES) -> int:
    """Francs from ``spend`` GDP points of political spending (L131, G-X7)."""
    return max(0, spend) * rules.francs_per_politics_point


def collect_politics(francs: Francs, turn: int, seat: str, spend: int, rules: PayoffRules = RULES) -> Francs:
    """Pay ``seat`` its Francs for the year's political spending, at reconciliation (L150)."""
    return francs.credited(turn, seat, politics_income(spend, rules), f"politics: {spend} GDP spent")


def transfer(francs: Francs, turn: int, giver: str, receiver: str, amount: int) -> Francs:
    """``giver`` pays ``receiver`` ``amount`` Francs (L150; the only trade in this version).
    Refused, with the reason, unless both are seats, they differ, and the giver has it."""
    francs.require_seat(giver)
    francs.require_seat(receiver)
    if giver == receiver:
        raise FrancError(f"{giver} cannot pay Francs to itself: name another seat")
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
        raise FrancError(f"a transfer must be a whole number of Francs, 1 or more, not {amount!r}")
    if amount > francs.of(giver):
        raise FrancError(f"{giver} has {counted(francs.of(giver), 'Franc')}: it can pay at most that, not {amount}")
    balances = {**francs.balances, giver: francs.of(giver) - amount, receiver: francs.of(receiver) + amount}
    entries = (
        FrancEntry(turn, giver, -amount, f"paid to {receiver}"),
        FrancEntry(turn, receiver, amount, f"received from {giver}"),
    )
    return Francs(balances, francs.entries + entries)


def transfer_limits(francs: Francs, giver: str) -> Mapping[str, int]:
    """What ``giver`` may pay each other seat now (the most; anything from 1 up to it)."""
    francs.require_seat(giver)
    have = francs.of(giver)
    return {seat: have for seat in francs.balances if seat != giver and have > 0}


@attrs.frozen
class Payout:
    """The final payout of one seat (L68, G-X7): from its final GDP and the cities it holds."""

    seat: str
    gdp: int
    cities: int
    amount: int
    per_gdp: int
    per_city: int

    def describe(self) -> str:
        return (
            f"{self.seat}: final GDP {self.gdp} x {self.per_gdp} + "
            f"{counted(self.cities, 'city', 'cities')} x {self.per_city} "
            f"= {counted(self.amount, 'Franc')}"
        )


def final_payout(seat: str, final_gdp: int, cities_held: int, rules: PayoffRules = RULES) -> Payout:
    """The payout of ``seat`` at the end of the game from the final board (L68, G-X7)."""
    if final_gdp < 0 or cities_held < 0:
        raise FrancError("final GDP and cities held must be 0 or more")
    amount = rules.payout_per_gdp * final_gdp + rules.payout_per_city * cities_held
    return Payout(seat, final_gdp, cities_held, amount, rules.payout_per_gdp, rules.payout_per_city)


def pay_final(francs: Francs, turn: int, payouts: Sequence[Payout]) -> Francs:
    """Francs after every seat's final payout."""
    for payout in payouts:
        francs = francs.credited(turn, payout.seat, payout.amount, "final payout: " + payout.describe())
    return francs


def standings(francs: Francs) -> tuple[tuple[str, int], ...]:
    """Seats by Francs, most first (the score, L68); ties keep seat order."""
    return tuple(sorted(francs.balances.items(), key=lambda item: (-item[1], item[0])))


def winners(francs: Francs) -> tuple[str, ...]:
    """Every seat with the most Francs (a tie is a shared win)."""
    best = max(francs.balances.values(), default=0)
    return tuple(seat for seat, amount in standings(francs) if amount == best)


@attrs.frozen
class EndRoll:
    """The random-end die after ``turn`` (L56, G-X9): its face and whether it ends the game."""

    turn: int
    face: int
    ends: bool
    faces: tuple[int, ...]

    def describe(self) -> str:
        needs = " or ".join(str(f) for f in self.faces)
        verdict = "the game ends" if self.ends else "the game goes on"
        return f"after year {self.turn}: the end die shows {self.face} (ends on {needs}): {verdict}"


def end_chance(rules: PayoffRules = RULES) -> Fraction:
    """The chance each end roll ends the game (G-X9: 2 in 6)."""
    return Fraction(len(set(rules.end_faces) & set(range(1, 7))), 6)


def random_end(turn: int, rng: Rng, rules: PayoffRules = RULES) -> tuple[EndRoll | None, Rng]:
    """Roll for the random end after ``turn``: nothing before the 10th turn (L56), then a
    keyed d6 named for the turn, so the same seed gives the same end."""
    if turn < rules.end_from_turn:
        return None, rng
    roll, rng = rng.keyed_below(6, turn, "random-end")
    face = roll + 1
    return EndRoll(turn, face, face in rules.end_faces, tuple(rules.end_faces)), rng
