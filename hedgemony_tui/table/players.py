"""The computer players of a table: a policy per computer seat (``rules.policy``) and the
automated control seat in the mode chosen for it (``rules.control_bot``).

A policy or mode that cannot be loaded is a problem to show, never a reason to play
another one; a computer player that fails while deciding raises
:class:`ComputerPlayerFailed` naming the seat, for the table to show. The table host
(:mod:`.host`) owns them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .contract import AnyRules, Choice, ControlBot, Policy
from .seats import HUMAN, Seats

PERSON = "person"
"""How the journal records a decision a person took."""


class ComputerPlayerFailed(Exception):
    """A computer player raised while deciding; the message says which and why."""


class _Guarded:
    """A seat's policy whose failure names the seat (the shared match loop does not)."""

    def __init__(self, policy: Policy, who: str) -> None:
        self.policy = policy
        self.name = policy.name
        self.who = who

    def decide(self, view: Any, options: Sequence[Any]) -> Choice:
        try:
            return self.policy.decide(view, options)
        except Exception as exc:  # any bug in a bot: the table shows it and pauses
            raise ComputerPlayerFailed(f"{self.who} failed: {exc}") from exc


class _GuardedControl:
    """The automated control seat, naming itself when it fails and remembering its last
    choice (the match loop's step does not say whether the control seat or a player's
    policy made it, and the journal records who did)."""

    def __init__(self, bot: ControlBot, who: str) -> None:
        self.bot = bot
        self.who = who
        self.last: Choice | None = None

    def decide(self, state: Any, options: Sequence[Any]) -> Choice | None:
        try:
            self.last = self.bot.decide(state, options)
        except Exception as exc:
            raise ComputerPlayerFailed(f"{self.who} failed: {exc}") from exc
        return self.last


class Players:
    """The computer players of a table: a policy per computer player seat and the
    automated control seat, if it is not a person; ``problems`` says what could not be
    loaded (those seats have no player, so computer play stops there)."""

    def __init__(self, policies: Mapping[str, Policy], control: ControlBot | None, problems: Sequence[str]) -> None:
        self.policies = dict(policies)
        self.control = control
        self.problems = tuple(problems)

    @property
    def control_bot(self) -> ControlBot | None:
        """The game's own control bot (what plays), without the guard around it."""
        return self.control.bot if isinstance(self.control, _GuardedControl) else self.control

    def made_by(self, choice: Choice, seat: str, seats: Seats, control_seat: str | None) -> str:
        """Who took ``choice`` for ``seat``: the control seat's mode when its bot made it,
        else the seat's policy."""
        if control_seat and isinstance(self.control, _GuardedControl) and self.control.last is choice:
            return seats.of(control_seat).kind
        return seats.of(seat).kind

    @classmethod
    def load(cls, rules: AnyRules, seats: Seats) -> Players:
        policies: dict[str, Policy] = {}
        made: dict[str, Policy] = {}
        control: ControlBot | None = None
        problems: list[str] = []
        for spec in rules.seats():
            kind = seats.of(spec.id).kind
            if kind == HUMAN:
                continue
            if spec.control:
                try:
                    bot = rules.control_bot(kind)
                except Exception as exc:  # an unknown mode, or a bot that cannot start
                    problems.append(f"the automated {spec.name} cannot play in mode {kind!r}: {exc}")
                    continue
                if bot is None:
                    problems.append(f"{rules.info.title} has no automated {spec.name} in mode {kind!r}")
                    continue
                control = _GuardedControl(bot, f"the automated {spec.name} ({kind})")
                continue
            if kind not in made:
                try:
                    made[kind] = rules.policy(kind)
                except Exception as exc:
                    problems.append(f"the computer player {spec.id} cannot play as {kind!r}: {exc}")
                    continue
            policies[spec.id] = _Guarded(made[kind], f"the computer player {spec.id} ({kind})")
        return cls(policies, control, problems)
