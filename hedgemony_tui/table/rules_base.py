"""What every game's rules write the same way: a base class for :class:`GameRules`.

A game derives from :class:`RulesBase` and writes only what is its own::

    class MyRules(RulesBase[MyState, MyIntent]):
        info = GameInfo(id="my-game", ...)
        state_type = MyState
        intent_types = (Move, Pass)
        intent_union = MyIntent            # typing.Union[Move, Pass]
        policies = {"first": FirstBot}     # name -> a computer player's factory

        def seats(self): ...
        def new_game(self, seed, options): ...   # options checked and complete
        def pending(self, state): ...
        def legal(self, state): ...
        def apply(self, state, intent): ...
        def outcome(self, state): ...
        def turn_of(self, state): ...

The base supplies, each overridable: schema version 1 with no migrations, the save
kind from the game's id, no open intents, the options' and the seed's checks (in
``setup``), ``policy()`` with its name check and the core's safety net
(:class:`~.match.SafePolicy`), no control seat's modes, the codec's registration of
the intent union, and for a game with nothing hidden the identity for ``view``,
``pending_for`` and ``vary_secrets``. Whatever a game with secrets or dice must decide
for itself (``view``, ``vary_secrets``, ``roll_faces``, ``reveals``) the base refuses
to guess: it raises until the game writes it, and the conformance suite says which.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Generic

from .codec import register_tagged_union
from .contract import ControlBot, Decision, GameInfo, I, OptionSpec, Policy, S, SeatSpec
from .errors import RuleInputError
from .match import SafePolicy
from .odds import Face

MAX_SEED = 2**63
"""Seeds are whole numbers 0 <= seed < 2**63: what a save's TOML and the dice's mixer hold."""

Migration = Callable[[dict[str, Any]], dict[str, Any]]


def seed_problem(seed: object) -> str | None:
    """What is wrong with ``seed`` as a game's seed, in a player's words (None: fine)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        return f"the seed is a whole number from 0 to {MAX_SEED - 1} (got {seed!r})"
    return None


def checked_options(specs: tuple[OptionSpec, ...], given: Mapping[str, object]) -> dict[str, object]:
    """``given`` checked against ``specs`` and completed with the defaults: RuleInputError
    naming an unknown option (and the options there are) or a value out of bounds."""
    known = {spec.id: spec for spec in specs}
    unknown = sorted(set(given) - set(known))
    if unknown:
        there = ", ".join(known) if known else "none"
        raise RuleInputError(f"no option {', '.join(map(repr, unknown))}: the options are {there}")
    chosen = {key: given.get(key, spec.default) for key, spec in known.items()}
    for key, value in chosen.items():
        problem = known[key].problem(value)
        if problem:
            raise RuleInputError(problem)
    return chosen


class RulesBase(Generic[S, I]):
    """The members of :class:`~.contract.GameRules` every game writes alike (see the
    module docstring); a subclass sets the class attributes below and writes the rest."""

    info: ClassVar[GameInfo]
    state_type: type[S]
    intent_types: ClassVar[tuple[type, ...]]
    intent_union: ClassVar[Any]
    open_intent_types: ClassVar[tuple[type, ...]] = ()
    schema_version: ClassVar[int] = 1
    migrations: ClassVar[Mapping[int, Migration]] = {}
    policies: ClassVar[Mapping[str, Callable[[], Any]]] = {}
    """The computer players: name -> a factory of an object with ``decide(view, options)``
    (returning a :class:`~.contract.Choice` or anything with ``intent`` and ``reason``)."""

    def __init__(self) -> None:
        # Saves and journals name intents by their TAG: the codec learns the union here,
        # once per game, before any save is read or written.
        register_tagged_union(self.intent_union, self.intent_types)

    # --- identity and options

    @property
    def save_kind(self) -> str:
        """A save's top-level ``kind``: the game's id and "-save"."""
        return f"{self.info.id}-save"

    def seats(self) -> tuple[SeatSpec, ...]:
        raise NotImplementedError(f"{type(self).__name__} must list its seats")

    def options(self) -> tuple[OptionSpec, ...]:
        return ()

    def setup(self, seed: int, options: Mapping[str, object]) -> S:
        """Checks the seed and the options, then asks :meth:`new_game` with every option's
        value (the defaults filled in)."""
        problem = seed_problem(seed)
        if problem:
            raise RuleInputError(problem)
        return self.new_game(seed, checked_options(self.options(), options))

    def new_game(self, seed: int, options: Mapping[str, object]) -> S:
        """The first state for ``seed``; ``options`` holds every option, checked."""
        raise NotImplementedError(f"{type(self).__name__} must write new_game")

    # --- what a game without secrets or dice can leave as it is

    def view(self, state: S, seat: str) -> S:
        if self.info.hidden_information:
            raise NotImplementedError(f"{self.info.id} hides information: it must write view()")
        return state

    def pending_for(self, state: S, seat: str) -> Decision:
        """The pending decision itself: right for a game whose prompts name no secret."""
        return self.pending(state)

    def pending(self, state: S) -> Decision:
        raise NotImplementedError(f"{type(self).__name__} must write pending")

    def vary_secrets(self, state: S, seat: str, salt: int) -> S:
        if self.info.hidden_information or self.info.dice:
            raise NotImplementedError(f"{self.info.id} keeps secrets or rolls dice: it must write vary_secrets()")
        return state

    def roll_faces(self, state: S) -> tuple[Face, ...]:
        if self.info.dice:
            raise NotImplementedError(f"{self.info.id} rolls dice: it must write roll_faces()")
        return ()

    def reveals(self, before: S, after: S) -> bool:
        if self.info.dice or self.info.hidden_information:
            raise NotImplementedError(f"{self.info.id} rolls dice or hides things: it must write reveals()")
        return False

    def check(self, state: S) -> list[str]:
        return []

    def seat_of(self, intent: I) -> str:
        """The intent's ``seat`` field: write this if an intent names its seat otherwise."""
        seat = getattr(intent, "seat", None)
        if not isinstance(seat, str):
            raise TypeError(f"{intent!r} has no seat field: {type(self).__name__} must write seat_of")
        return seat

    def concerns(self, before: S, after: S, intent: I) -> tuple[str, ...]:
        """The seat that decided: write this if a result also concerns others."""
        return (self.seat_of(intent),)

    def summary(self, state: S) -> dict[str, Any]:
        """Turn, phase and whether the game is over; a game adds its players' figures."""
        turn, phase = self.turn_of(state)
        return {"turn": turn, "phase": phase, "over": self.pending(state).over, "players": {}}

    def turn_of(self, state: S) -> tuple[int, str]:
        raise NotImplementedError(f"{type(self).__name__} must write turn_of")

    # --- computer players and the control seat

    def policy_names(self) -> tuple[str, ...]:
        return tuple(self.policies)

    def policy(self, name: str) -> Policy:
        """The computer player ``name`` behind the core's safety net; RuleInputError naming
        the players there are for any other name."""
        if name not in self.policies:
            raise RuleInputError(f"no policy named {name!r}: choose one of {', '.join(self.policies)}")
        return SafePolicy(name, self.policies[name](), self.open_intent_types)

    def control_modes(self) -> tuple[str, ...]:
        return ()

    def control_bot(self, mode: str) -> ControlBot | None:
        return None
