"""Dice duel behind the table's contract: each player rolls a hidden die, then bids.

Each round both players roll a die only they see. The round's leader (A in odd
rounds, B in even ones) stands or folds; a stand is called or folded by the other.
A fold gives the other player 1 point; a call shows both dice and gives the higher
one 2 (a tie, nothing). After the last round the higher score wins.

It keeps secrets and rolls dice, so it writes what RulesBase will not guess: ``view``
(the other's die and the seed hidden), ``vary_secrets``, ``roll_faces`` and ``reveals``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, Union

import attrs

from hedgemony_tui.table.contract import (
    OVER,
    Choice,
    Decision,
    GameInfo,
    GameRules,
    OptionSpec,
    Outcome,
    SeatResult,
    SeatSpec,
)
from hedgemony_tui.table.dice import Rng
from hedgemony_tui.table.errors import IllegalIntent
from hedgemony_tui.table.odds import Face, faces_of
from hedgemony_tui.table.rules_base import RulesBase

SEATS = ("A", "B")
ROLL, BID, ANSWER = "roll", "bid", "answer"


def other(seat: str) -> str:
    return SEATS[1 - SEATS.index(seat)]


@attrs.frozen
class Roll:
    TAG: ClassVar[str] = "roll"
    seat: str

    def describe(self) -> str:
        return f"{self.seat} rolls"


@attrs.frozen
class Stand:
    TAG: ClassVar[str] = "stand"
    seat: str

    def describe(self) -> str:
        return f"{self.seat} stands"


@attrs.frozen
class Call:
    TAG: ClassVar[str] = "call"
    seat: str

    def describe(self) -> str:
        return f"{self.seat} calls"


@attrs.frozen
class Fold:
    TAG: ClassVar[str] = "fold"
    seat: str

    def describe(self) -> str:
        return f"{self.seat} folds"


Intent = Union[Roll, Stand, Call, Fold]


@attrs.frozen
class Line:
    """A log entry; ``owner``'s ``secret`` words replace ``text`` in the owner's view."""

    turn: int
    text: str
    owner: str = ""
    secret: str = ""


@attrs.frozen
class Duel:
    seed: int
    rounds: int
    round: int = 1
    step: str = ROLL
    dice: tuple[int, int] = (0, 0)
    """Each seat's die this round (0: not rolled, or hidden in a view)."""
    shown: bool = False
    """A call showed both dice: they stay on the table until the next roll."""
    points: tuple[int, int] = (0, 0)
    log: tuple[Line, ...] = ()

    @property
    def leader(self) -> str:
        return SEATS[(self.round - 1) % 2]


def _die(state: Duel, seat: str) -> int:
    return state.dice[SEATS.index(seat)]


def _with(pair: tuple[int, int], seat: str, value: int) -> tuple[int, int]:
    return (value, pair[1]) if seat == SEATS[0] else (pair[0], value)


def _rolled(state: Duel, seat: str, face: int) -> Duel:
    line = Line(state.round, f"{seat} rolls a hidden die", seat, f"{seat} rolls a {face}")
    # The first roll of a round clears the dice a call left showing.
    dice = _with((0, 0) if state.shown else state.dice, seat, face)
    step = BID if all(dice) else ROLL
    return attrs.evolve(state, dice=dice, step=step, shown=False, log=(*state.log, line))


def _scored(state: Duel, seat: str, gain: int, text: str, shown: bool = False) -> Duel:
    points = _with(state.points, seat, state.points[SEATS.index(seat)] + gain) if seat else state.points
    log = (*state.log, Line(state.round, text))
    # Called dice stay shown (the next roll clears them); folded ones are never shown.
    dice = state.dice if shown else (0, 0)
    if state.round == state.rounds:
        return attrs.evolve(state, points=points, log=log, step=OVER, dice=dice, shown=shown)
    return attrs.evolve(state, points=points, log=log, step=ROLL, round=state.round + 1, dice=dice, shown=shown)


class Basic:
    """Stands or calls on a 4 or better, folds below."""

    name = "basic"

    def decide(self, view: Duel, options: Sequence[Intent]) -> Choice:
        first = options[0]
        if isinstance(first, Roll):
            return Choice(first, "rolls", public_reason=True)
        mine = _die(view, first.seat)
        keen = [o for o in options if isinstance(o, (Stand, Call))]
        if mine >= 4 and keen:
            return Choice(keen[0], "a high die")
        return Choice(next(o for o in options if isinstance(o, Fold)), "a low die")


class DiceDuel(RulesBase[Duel, Intent]):
    info = GameInfo(
        id="dice-duel",
        title="Dice duel",
        summary="roll a hidden die, stand or fold",
        min_players=2,
        max_players=2,
        hidden_information=True,
        dice=True,
    )
    state_type = Duel
    intent_types = (Roll, Stand, Call, Fold)
    intent_union = Intent
    policies = {"basic": Basic}

    def seats(self) -> tuple[SeatSpec, ...]:
        return tuple(SeatSpec(seat, f"Player {seat}") for seat in SEATS)

    def options(self) -> tuple[OptionSpec, ...]:
        return (OptionSpec("rounds", "Rounds", 3, "how many rounds are played", 1, 9),)

    def new_game(self, seed: int, options: Mapping[str, object]) -> Duel:
        rounds = options["rounds"]
        assert isinstance(rounds, int)
        return Duel(seed, rounds)

    def pending(self, state: Duel) -> Decision:
        if state.step == OVER:
            return Decision((), OVER, "The duel is over.")
        if state.step == ROLL:
            seat = SEATS[0] if state.shown or not state.dice[0] else SEATS[1]
            return Decision((seat,), ROLL, f"{seat}: roll your die")
        if state.step == BID:
            return Decision((state.leader,), BID, f"{state.leader}: stand or fold")
        return Decision((other(state.leader),), ANSWER, f"{other(state.leader)}: call or fold")

    def legal(self, state: Duel) -> list[Intent]:
        decision = self.pending(state)
        if decision.over:
            return []
        seat = decision.seat
        if decision.kind == ROLL:
            return [Roll(seat)]
        if decision.kind == BID:
            return [Stand(seat), Fold(seat)]
        return [Call(seat), Fold(seat)]

    def apply(self, state: Duel, intent: Intent) -> Duel:
        if intent not in self.legal(state):
            raise IllegalIntent(f"{intent!r} is not allowed now: {self.pending(state).prompt}")
        seat = intent.seat
        if isinstance(intent, Roll):
            face = Rng(state.seed).keyed_below(6, state.round, f"die-{seat}")[0] + 1
            return _rolled(state, seat, face)
        if isinstance(intent, Stand):
            return attrs.evolve(state, step=ANSWER, log=(*state.log, Line(state.round, f"{seat} stands")))
        if isinstance(intent, Fold):
            return _scored(state, other(seat), 1, f"{seat} folds: {other(seat)} scores 1")
        a, b = state.dice
        winner = "" if a == b else (SEATS[0] if a > b else SEATS[1])
        text = f"{seat} calls: A shows {a}, B shows {b}" + (f"; {winner} scores 2" if winner else "; a tie")
        return _scored(state, winner, 2, text, shown=True)

    def view(self, state: Duel, seat: str) -> Duel:
        # The other's die stays hidden until a call shows it; the seed would tell the
        # dice to come, so no view holds it.
        dice = state.dice
        if seat in SEATS and not state.shown:
            dice = _with(dice, other(seat), 0)
        log = tuple(attrs.evolve(line, secret="") if line.owner and line.owner != seat else line for line in state.log)
        return attrs.evolve(state, seed=0, dice=dice, log=log)

    def vary_secrets(self, state: Duel, seat: str, salt: int) -> Duel:
        foe = other(seat)
        dice = state.dice
        if _die(state, foe) and not state.shown:
            dice = _with(dice, foe, (_die(state, foe) - 1 + salt) % 6 + 1)
        log = tuple(
            attrs.evolve(line, secret=f"{line.secret} [{salt}]") if line.owner == foe else line for line in state.log
        )
        return attrs.evolve(state, seed=state.seed + salt, dice=dice, log=log)

    def roll_faces(self, state: Duel) -> tuple[Face, ...]:
        decision = self.pending(state)
        if decision.kind != ROLL:
            return ()
        return faces_of(6, lambda face: _rolled(state, decision.seat, face), first=1)

    def reveals(self, before: Duel, after: Duel) -> bool:
        # A die rolled, or both shown by a call: undo must not go back past either.
        rolled = after.dice != before.dice and any(after.dice) and not after.shown
        return rolled or (after.shown and not before.shown)

    def outcome(self, state: Duel) -> Outcome | None:
        if state.step != OVER:
            return None
        a, b = state.points
        if a == b:
            return Outcome(tuple(SeatResult(s, "draw", score=a) for s in SEATS), summary="A draw")
        best = SEATS[0] if a > b else SEATS[1]
        return Outcome(
            tuple(SeatResult(s, "win" if s == best else "lose", score=state.points[i]) for i, s in enumerate(SEATS)),
            summary=f"{best} wins {max(a, b)} to {min(a, b)}",
        )

    def turn_of(self, state: Duel) -> tuple[int, str]:
        return state.round, "roll" if state.step == ROLL else "bid"

    def summary(self, state: Duel) -> dict[str, object]:
        return {**super().summary(state), "players": {s: {"points": state.points[i]} for i, s in enumerate(SEATS)}}


RULES: GameRules[Duel, Intent] = DiceDuel()
