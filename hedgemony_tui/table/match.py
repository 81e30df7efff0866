"""The one match loop: computer players and the automated control seat take their
decisions through the game's own ``legal``/``apply``, for the CLI, the screens, the
benchmarks and the tests alike.

:func:`next_choice` is one step (the screens call it between a person's decisions);
:func:`play` repeats it until the game ends, a bound is reached, or a person owes the
decision.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .contract import AnyRules, Choice, ControlBot, Policy
from .errors import RuleInputError

OnChoice = Callable[[Any, str, Choice], None]
"""Hears each decision before it is applied: (state before, seat, the choice and its reason)."""


def next_choice(
    rules: AnyRules,
    state: Any,
    policies: Mapping[str, Policy],
    control: ControlBot | None = None,
    view: Callable[[str], Any] | None = None,
) -> tuple[str, Choice] | None:
    """The computer's next decision as (seat, choice), or None when a person owes it
    (or the game is over).

    The automated control seat, when there is one, is asked first with the whole state:
    it takes its own seat's decisions and may act before a player's (an injected event).
    Otherwise the first computer seat that owes the decision picks among its own legal
    intents, seeing only its seat's view (``view(seat)`` when given: a caller that
    keeps the views of this state, such as the table host, computes each once).
    """
    decision = rules.pending(state)
    if decision.over:
        return None
    options = rules.legal(state)
    if control is not None:
        choice = control.decide(state, options)
        if choice is not None:
            return rules.seat_of(choice.intent), choice
    for seat in decision.seats:
        policy = policies.get(seat)
        if policy is None:
            continue
        own = [o for o in options if rules.seat_of(o) == seat]
        if own:
            return seat, policy.decide(view(seat) if view is not None else rules.view(state, seat), own)
    return None


class SafePolicy:
    """A game's computer player (``bot``, with ``decide(view, options)``) as the table's
    policy, with a safety net: a bot's bug must not end a game (or a hot seat's turn) in
    a traceback. If it raises, or picks something not offered, the first legal option is
    taken and the reason, which goes into the journal, says so.

    ``open_types`` are the game's intents whose values cannot all be listed (a speech's
    free text): ``legal()`` offers one standard value of each to a seat, and the bot may
    fill in its own value of that type for that seat (``apply`` checks it)."""

    def __init__(self, name: str, bot: Any, open_types: tuple[type, ...] = ()) -> None:
        self.name = name
        self.bot = bot
        self.open_types = open_types

    def decide(self, view: Any, options: Sequence[Any]) -> Choice:
        try:
            made = self.bot.decide(view, options)
        except Exception as exc:
            return self._fallback(options, f"the {self.name} bot failed ({type(exc).__name__}: {exc})")
        if made is None or (made.intent not in options and not self._fills_open_slot(made.intent, options)):
            return self._fallback(options, f"the {self.name} bot chose an option that is not allowed")
        return Choice(made.intent, made.reason, public_reason=getattr(made, "public_reason", False))

    def _fills_open_slot(self, intent: Any, options: Sequence[Any]) -> bool:
        """``intent`` is the bot's own value of an open type offered to the same seat."""
        if not isinstance(intent, self.open_types):
            return False
        seat = getattr(intent, "seat", None)
        return any(type(o) is type(intent) and getattr(o, "seat", None) == seat for o in options)

    def _fallback(self, options: Sequence[Any], why: str) -> Choice:
        if not options:
            raise RuleInputError(f"{why}, and there is no legal option to fall back on")
        first = options[0]
        describe = getattr(first, "describe", None)
        said = describe() if callable(describe) else repr(first)
        return Choice(first, f"{why}; took the first legal option instead: {said}")


def policies_for(rules: AnyRules, names: Mapping[str, str]) -> dict[str, Policy]:
    """A policy object per seat from policy names (one object per name, shared)."""
    made: dict[str, Policy] = {}
    for name in sorted(set(names.values())):
        made[name] = rules.policy(name)
    return {seat: made[name] for seat, name in names.items()}


def seat_policy_names(rules: AnyRules, policy: str, seats: Mapping[str, str] | None = None) -> dict[str, str]:
    """Every player seat's policy name: ``policy`` unless ``seats`` names another;
    RuleInputError naming what is allowed for an unknown seat or policy."""
    players = tuple(s.id for s in rules.seats() if not s.control)
    known = rules.policy_names()
    if policy not in known:
        raise RuleInputError(f"no policy named {policy!r}: choose one of {', '.join(known)}")
    chosen = {p: policy for p in players}
    for seat, name in (seats or {}).items():
        if seat not in chosen:
            raise RuleInputError(f"no seat {seat!r}: the seats are {', '.join(players)}")
        if name not in known:
            raise RuleInputError(f"no policy named {name!r} for {seat}: choose one of {', '.join(known)}")
        chosen[seat] = name
    return chosen


def play(
    rules: AnyRules,
    state: Any,
    policies: Mapping[str, Policy],
    control: ControlBot | None = None,
    *,
    until: Callable[[Any], bool] | None = None,
    on_choice: OnChoice | None = None,
    max_decisions: int | None = None,
    apply: Callable[[Any, str, Choice], Any] | None = None,
) -> Any:
    """Let the computer take every decision until the game ends or ``until(state)`` holds.

    ``apply(state, seat, choice)`` takes each decision instead of ``rules.apply`` and
    returns the state after it (a session that journals the decisions passes its own).

    Raises RuntimeError if a person owes a decision (a seat with no policy) or the game
    runs past ``max_decisions`` (a game that never ends is a bug the fuzz tests look for).
    """
    taken = 0
    while not rules.pending(state).over and not (until is not None and until(state)):
        step = next_choice(rules, state, policies, control)
        if step is None:
            raise RuntimeError(f"no computer player owes the decision: {rules.pending(state).prompt}")
        if max_decisions is not None and taken >= max_decisions:
            raise RuntimeError(f"the game did not end within {max_decisions} decisions")
        seat, choice = step
        if on_choice is not None:
            on_choice(state, seat, choice)
        state = rules.apply(state, choice.intent) if apply is None else apply(state, seat, choice)
        taken += 1
    return state
