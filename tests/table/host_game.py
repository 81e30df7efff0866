"""A tiny headless game for the table host's tests (``tests/table/test_host.py``).

Three players, North, East and South (``N``, ``E``, ``S``), and an umpire (``UMP``, the
control seat). Nothing here imports Textual or the shell; the game is registered nowhere
(tests build :data:`RULES`, or a :class:`HostRules` of their own, directly).

Each turn has three parts:

* **move**: N, E and S in turn add 1 or 2 to their own (public) score, or *gamble*:
  a ``roll`` decision of the same seat follows, a keyed die that moves the score by
  -2..+3. A roll is a barrier (``reveals``). While the moves go on, the umpire may give
  the mover a bonus point once a turn (:class:`Bonus`: the control seat's injection).
* **vote**: a sealed choice owed by every player at once (``Decision.seats`` are the
  players still to vote, in seat order, as Hedgemony's red signals are). Each vote is
  hidden until all are in; then they are revealed together (a barrier) and each player
  who voted with the majority scores a point.
* **eyes**: an eyes-closed decision (``GameInfo.eyes_closed_kinds``) owed by ONE seat,
  the *spy* (a hidden role dealt at setup: the player with the highest secret number,
  or the ``spy`` option): it marks another player in secret; each mark costs a point at
  the end.

Hidden information: every player has a secret number and may know it is the spy; the
others see ``None`` for both (and for votes not yet revealed, and for the marks).

``pending_for`` of an ``eyes`` decision, for every seat but the control seat, is the
same neutral decision: all three players as its seats and the prompt "Someone acts in
secret". This departs on purpose from the conformance rule that ``pending_for`` keeps the
decision's seats (``conformance_feed.pending_for_problems``): the seats of the real
decision would name the spy. The host hands out options from the whole decision
(``legal()`` filtered by seat), so the spy still has its options and the others have none
(the host's round gives them PASS).

``vary_secrets(state, seat, salt)`` changes the other players' secret numbers and their
votes not yet revealed; with an odd salt it also deals the spy (and its marks) to another
player when ``seat`` is not the spy. The game's flow depends on none of the numbers, so
two games that differ by an even salt play the same way.

Policies: ``first`` (the first option; its reason quotes the seat's own secret, so it
must stay private), ``public`` (the first option, with a reason every seat may read) and
``gambler`` (gambles whenever it may, else the first option). Control modes: ``auto``
(never acts) and ``injector`` (gives the mover the bonus point once a turn).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Union

import attrs

from hedgemony_tui.table.codec import register_tagged_union
from hedgemony_tui.table.contract import (
    OVER,
    Choice,
    Decision,
    GameInfo,
    OptionSpec,
    Outcome,
    OutcomeKind,
    SeatResult,
    SeatSpec,
)
from hedgemony_tui.table.dice import Rng
from hedgemony_tui.table.errors import IllegalIntent, RuleInputError
from hedgemony_tui.table.odds import Face, faces_of

PLAYERS = ("N", "E", "S")
CONTROL = "UMP"
NEUTRAL = "Someone acts in secret"


# --- intents


@attrs.frozen
class Move:
    TAG: ClassVar[str] = "hg-move"
    seat: str
    amount: int

    def describe(self) -> str:
        return f"{self.seat} adds {self.amount}"


@attrs.frozen
class Gamble:
    TAG: ClassVar[str] = "hg-gamble"
    seat: str

    def describe(self) -> str:
        return f"{self.seat} gambles"


@attrs.frozen
class Roll:
    TAG: ClassVar[str] = "hg-roll"
    seat: str

    def describe(self) -> str:
        return f"{self.seat} rolls the die"


@attrs.frozen
class Vote:
    TAG: ClassVar[str] = "hg-vote"
    seat: str
    choice: str

    def describe(self) -> str:
        return f"{self.seat} votes {self.choice}"


@attrs.frozen
class Mark:
    TAG: ClassVar[str] = "hg-mark"
    seat: str
    target: str

    def describe(self) -> str:
        return f"{self.seat} marks {self.target} in secret"


@attrs.frozen
class Bonus:
    TAG: ClassVar[str] = "hg-bonus"
    seat: str  # always the control seat
    target: str

    def describe(self) -> str:
        return f"The umpire gives {self.target} a bonus point"


Intent = Union[Move, Gamble, Roll, Vote, Mark, Bonus]
INTENT_TYPES: tuple[type, ...] = (Move, Gamble, Roll, Vote, Mark, Bonus)
register_tagged_union(Intent, INTENT_TYPES)


# --- the state


@attrs.frozen
class HostState:
    seed: int
    turns: int
    secrets: tuple[int | None, ...]
    spy: str | None
    turn: int = 1
    phase: str = "move"  # move, roll, vote, eyes, over
    to_move: str = "N"
    scores: tuple[int, ...] = (0, 0, 0)
    votes: tuple[str | None, ...] = (None, None, None)
    revealed: tuple[str, ...] = ()  # the last revealed votes
    marks: tuple[str, ...] = ()  # the spy's targets
    bonus_turn: int = 0  # the turn the umpire gave its bonus (0: not yet)
    reveals: int = 0  # how many rolls and reveals so far
    last_roll: int = 0
    log: tuple[str, ...] = ()


def _at(seat: str) -> int:
    return PLAYERS.index(seat)


def _put(values: tuple[Any, ...], seat: str, value: Any) -> tuple[Any, ...]:
    i = _at(seat)
    return (*values[:i], value, *values[i + 1 :])


def _die(state: HostState, seat: str) -> int:
    """The keyed die of ``seat``'s gamble this turn, 1..6."""
    face, _ = Rng(state.seed).keyed_below(6, state.turn, f"gamble-{seat}")
    return face + 1


# --- the computer players


class First:
    name = "first"

    def decide(self, view: Any, options: Sequence[Any]) -> Choice:
        mine = getattr(view, "secrets", ())
        own = next((s for s in mine if s is not None), None)
        return Choice(options[0], f"the first option (my secret is {own})")


class PublicFirst:
    name = "public"

    def decide(self, view: Any, options: Sequence[Any]) -> Choice:
        return Choice(options[0], "the first option, for all to read", public_reason=True)


class Gambler:
    name = "gambler"

    def decide(self, view: Any, options: Sequence[Any]) -> Choice:
        gamble = next((o for o in options if isinstance(o, Gamble)), None)
        return Choice(gamble or options[0], "feeling lucky" if gamble else "the first option")


POLICIES: dict[str, Callable[[], Any]] = {"first": First, "public": PublicFirst, "gambler": Gambler}


class QuietControl:
    """The ``auto`` umpire: never acts."""

    def decide(self, state: Any, options: Sequence[Any]) -> Choice | None:
        return None


class Injector:
    """The ``injector`` umpire: gives the mover its bonus point once a turn."""

    def decide(self, state: Any, options: Sequence[Any]) -> Choice | None:
        bonus = next((o for o in options if isinstance(o, Bonus)), None)
        return Choice(bonus, "a bonus for the mover") if bonus is not None else None


CONTROL_BOTS: dict[str, Callable[[], Any]] = {"auto": QuietControl, "injector": Injector}


# --- the rules


class HostRules:
    info = GameInfo(
        id="host-test",
        title="Host test game",
        summary="add, gamble, vote, act in secret",
        min_players=3,
        max_players=3,
        outcome=OutcomeKind.INDIVIDUAL,
        hidden_information=True,
        sealed_choices=True,
        control_seat=CONTROL,
        eyes_closed_kinds=("eyes",),
    )
    state_type = HostState
    intent_types = INTENT_TYPES
    intent_union = Intent
    open_intent_types: tuple[type, ...] = ()
    save_kind = "host-test-save"
    schema_version = 1
    migrations: Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}

    def seats(self) -> tuple[SeatSpec, ...]:
        return (*(SeatSpec(p, f"Player {p}") for p in PLAYERS), SeatSpec(CONTROL, "Umpire", control=True))

    def options(self) -> tuple[OptionSpec, ...]:
        return (
            OptionSpec("turns", "Turns", 2, "how many turns", 1, 9),
            OptionSpec("spy", "Spy", "auto", "who acts in secret", choices=("auto", *PLAYERS)),
        )

    def setup(self, seed: int, options: Mapping[str, object]) -> HostState:
        known = {o.id for o in self.options()}
        unknown = sorted(set(options) - known)
        if unknown:
            raise RuleInputError(f"no option {unknown[0]!r}: the options are {', '.join(sorted(known))}")
        chosen = {o.id: options.get(o.id, o.default) for o in self.options()}
        for spec in self.options():
            problem = spec.problem(chosen[spec.id])
            if problem:
                raise RuleInputError(problem)
        rng = Rng(seed)
        secrets = tuple(rng.keyed_below(100, 0, f"secret-{p}")[0] + 1 for p in PLAYERS)
        spy = str(chosen["spy"])
        if spy == "auto":
            spy = PLAYERS[max(range(3), key=lambda i: (secrets[i], -i))]
        turns = chosen["turns"]
        assert isinstance(turns, int)  # problem() above refuses anything but a whole number
        return HostState(seed, turns, secrets, spy)

    # --- what is pending

    def pending(self, state: HostState) -> Decision:
        if state.phase == OVER:
            return Decision((), OVER, "The game is over.")
        if state.phase == "move":
            return Decision((state.to_move,), "move", f"{state.to_move}: add 1 or 2 to your score, or gamble")
        if state.phase == "roll":
            return Decision((state.to_move,), "roll", f"{state.to_move}: roll the die for your gamble")
        if state.phase == "vote":
            owing = tuple(p for p, v in zip(PLAYERS, state.votes) if v is None)
            return Decision(owing, "vote", f"{', '.join(owing)}: vote yes or no, sealed")
        assert state.spy is not None
        return Decision((state.spy,), "eyes", f"{state.spy} (the spy): mark a player in secret")

    def pending_for(self, state: HostState, seat: str) -> Decision:
        decision = self.pending(state)
        if decision.kind == "eyes" and seat != CONTROL:
            return Decision(PLAYERS, "eyes", NEUTRAL)
        return decision

    def legal(self, state: HostState) -> list[Any]:
        if state.phase == "move":
            s = state.to_move
            found: list[Any] = [Move(s, 1), Move(s, 2), Gamble(s)]
            if state.bonus_turn != state.turn:
                found.append(Bonus(CONTROL, s))
            return found
        if state.phase == "roll":
            return [Roll(state.to_move)]
        if state.phase == "vote":
            return [Vote(p, c) for p, v in zip(PLAYERS, state.votes) if v is None for c in ("yes", "no")]
        if state.phase == "eyes":
            assert state.spy is not None
            return [Mark(state.spy, t) for t in PLAYERS if t != state.spy]
        return []

    def apply(self, state: HostState, intent: Any) -> HostState:
        if intent not in self.legal(state):
            describe = getattr(intent, "describe", None)
            said = describe() if callable(describe) else repr(intent)
            raise IllegalIntent(f"{said} is not allowed now: {self.pending(state).prompt}")
        if isinstance(intent, Bonus):
            return attrs.evolve(
                state,
                scores=_put(state.scores, intent.target, state.scores[_at(intent.target)] + 1),
                bonus_turn=state.turn,
                log=(*state.log, intent.describe()),
            )
        if isinstance(intent, Move):
            moved = attrs.evolve(
                state,
                scores=_put(state.scores, intent.seat, state.scores[_at(intent.seat)] + intent.amount),
                log=(*state.log, intent.describe()),
            )
            return self._next_mover(moved)
        if isinstance(intent, Gamble):
            return attrs.evolve(state, phase="roll", log=(*state.log, intent.describe()))
        if isinstance(intent, Roll):
            return self._roll(state, _die(state, intent.seat))
        if isinstance(intent, Vote):
            voted = attrs.evolve(
                state, votes=_put(state.votes, intent.seat, intent.choice), log=(*state.log, f"{intent.seat} has voted")
            )
            return self._reveal(voted) if all(v is not None for v in voted.votes) else voted
        assert isinstance(intent, Mark)
        marked = attrs.evolve(state, marks=(*state.marks, intent.target), log=(*state.log, "Someone acted in secret"))
        if state.turn >= state.turns:
            return attrs.evolve(marked, phase=OVER, log=(*marked.log, "The game is over"))
        return attrs.evolve(marked, turn=state.turn + 1, phase="move", to_move=PLAYERS[0])

    def _roll(self, state: HostState, face: int) -> HostState:
        s = state.to_move
        delta = face - 3
        rolled = attrs.evolve(
            state,
            scores=_put(state.scores, s, state.scores[_at(s)] + delta),
            reveals=state.reveals + 1,
            last_roll=face,
            phase="move",
            log=(*state.log, f"{s} rolls {face}: {delta:+d}"),
        )
        return self._next_mover(rolled)

    def _next_mover(self, state: HostState) -> HostState:
        i = _at(state.to_move)
        if i + 1 < len(PLAYERS):
            return attrs.evolve(state, phase="move", to_move=PLAYERS[i + 1])
        return attrs.evolve(state, phase="vote", to_move=PLAYERS[0])

    def _reveal(self, state: HostState) -> HostState:
        votes = tuple(str(v) for v in state.votes)
        majority = "yes" if votes.count("yes") >= 2 else "no"
        scores = tuple(score + (vote == majority) for score, vote in zip(state.scores, votes))
        said = ", ".join(f"{p} {v}" for p, v in zip(PLAYERS, votes))
        return attrs.evolve(
            state,
            phase="eyes",
            votes=(None, None, None),
            revealed=votes,
            scores=scores,
            reveals=state.reveals + 1,
            log=(*state.log, f"Votes: {said}"),
        )

    def seat_of(self, intent: Any) -> str:
        return str(intent.seat)

    def view(self, state: HostState, seat: str) -> HostState:
        if seat == CONTROL:
            return state
        mine = seat in PLAYERS
        spy = mine and state.spy == seat
        return attrs.evolve(
            state,
            secrets=tuple(v if p == seat else None for p, v in zip(PLAYERS, state.secrets)),
            spy=state.spy if spy else None,
            votes=tuple(v if p == seat else None for p, v in zip(PLAYERS, state.votes)),
            marks=state.marks if spy or state.phase == OVER else (),
        )

    def outcome(self, state: HostState) -> Outcome | None:
        if state.phase != OVER:
            return None
        final = [score - state.marks.count(p) for p, score in zip(PLAYERS, state.scores)]
        best = max(final)
        return Outcome(
            tuple(SeatResult(p, "win" if f == best else "lose", float(f)) for p, f in zip(PLAYERS, final)),
            summary=f"Best score {best}",
        )

    def check(self, state: HostState) -> list[str]:
        return []

    def roll_faces(self, state: HostState) -> tuple[Face, ...]:
        if state.phase != "roll":
            return ()
        return faces_of(6, lambda face: self._roll(state, face), first=1)

    def concerns(self, before: HostState, after: HostState, intent: Any) -> tuple[str, ...]:
        decider = self.seat_of(intent)
        changed = [p for p, a, b in zip(PLAYERS, before.scores, after.scores) if a != b and p != decider]
        return (decider, *changed)

    def reveals(self, before: HostState, after: HostState) -> bool:
        return after.reveals != before.reveals

    def turn_of(self, state: HostState) -> tuple[int, str]:
        return state.turn, state.phase

    def summary(self, state: HostState) -> dict[str, Any]:
        return {"turn": state.turn, "over": state.phase == OVER, "scores": dict(zip(PLAYERS, state.scores))}

    def policy_names(self) -> tuple[str, ...]:
        return tuple(POLICIES)

    def policy(self, name: str) -> Any:
        if name not in POLICIES:
            raise RuleInputError(f"no policy named {name!r}")
        return POLICIES[name]()

    def control_modes(self) -> tuple[str, ...]:
        return tuple(CONTROL_BOTS)

    def control_bot(self, mode: str) -> Any:
        if mode not in CONTROL_BOTS:
            raise RuleInputError(f"no control mode {mode!r}")
        return CONTROL_BOTS[mode]()

    def vary_secrets(self, state: HostState, seat: str, salt: int) -> HostState:
        if seat == CONTROL:
            return state
        secrets = tuple(
            v if p == seat or v is None else (v + 37 * salt) % 100 + 1 for p, v in zip(PLAYERS, state.secrets)
        )
        votes = tuple(
            v if p == seat or v is None else ("no" if (v == "yes") == (salt % 4 < 2) else "yes")
            for p, v in zip(PLAYERS, state.votes)
        )
        varied = attrs.evolve(state, secrets=secrets, votes=votes)
        if salt % 2 and state.spy != seat:
            others = [p for p in PLAYERS if p != seat]
            spy = others[salt // 2 % 2]
            varied = attrs.evolve(varied, spy=spy, marks=tuple(others[1 - others.index(spy)] for _ in state.marks))
        return varied


RULES = HostRules()
