"""The coach's conformance check (``table/conformance_coach.py``) over a seeded game of
every game that has a coach: for every player seat, at each kind of decision it owes,
the advised option is among its legal intents and every figure the coach shows is the
one the seat's worksheet shows for that option (``rules.worksheet_value``). And the
check itself catches a coach whose figures are its own rather than the worksheet's.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from hedgemony_tui.table import conformance as cf
from hedgemony_tui.table import conformance_coach, registry
from hedgemony_tui.table.contract import AnyRules, player_seats

COACHED = tuple(game for game in registry.game_ids() if conformance_coach.coach_of(registry.get_rules(game)))


def _bot(rules: AnyRules) -> str:
    names = rules.policy_names()
    return "basic" if "basic" in names else names[0]


def _owed(playout: cf.Playout, seat: str, per_kind: int = 2) -> list[cf.Step]:
    """Up to ``per_kind`` steps of each kind of decision ``seat`` owes along the game."""
    kinds: dict[str, list[cf.Step]] = {}
    for step in playout.steps:
        if seat in step.decision.seats:
            kinds.setdefault(step.decision.kind, []).append(step)
    return [step for steps in kinds.values() for step in steps[:: max(1, len(steps) // per_kind)][:per_kind]]


@pytest.fixture(scope="module", params=COACHED)
def coached(request: pytest.FixtureRequest) -> tuple[AnyRules, cf.Playout]:
    rules = registry.get_rules(request.param)
    return rules, cf.policy_playout(rules, 11, cf.short_options(rules), _bot(rules))


def test_some_game_has_a_coach() -> None:
    assert COACHED, "no game has a coach: the check below proves nothing"


@pytest.mark.slow
def test_every_seat_s_advice_is_legal_and_agrees_with_its_worksheet(coached) -> None:
    rules, playout = coached
    assert conformance_coach.worksheet_value_of(rules) is not None, "the coach's figures cannot be checked"
    problems: list[str] = []
    figures = 0
    for seat in player_seats(rules):
        checked = 0
        for step in _owed(playout, seat):
            found, count = conformance_coach.coach_problems(rules, step.before, playout.where(step), salts=())
            problems += found
            checked += count
            coach = conformance_coach.coach_of(rules)
            assert coach is not None
            advice = coach(rules.view(step.before, seat), seat)
            figures += sum(row.value is not None for row in advice.rows) if advice is not None else 0
        assert checked, f"the coach never advised {seat} along {playout.label}"
    assert problems == [], "\n".join(problems[:10])
    assert figures, "no figure was ever compared with a worksheet's"


class _OwnFigures:
    """The game's rules, but a coach that prints its own figure (the worksheet's plus a
    tenth) where the worksheet shows one, and +0.0 where it shows none."""

    def __init__(self, rules: AnyRules) -> None:
        self._rules = rules

    def __getattr__(self, name: str) -> Any:
        return getattr(self._rules, name)

    def coach(self, view: Any, seat: str, include: Any = ()) -> Any:
        real = conformance_coach.coach_of(self._rules)
        assert real is not None
        advice = real(view, seat)
        if advice is None:
            return None
        rows = tuple(attrs.evolve(r, value=0.0 if r.value is None else r.value + 0.1) for r in advice.rows)
        return attrs.evolve(advice, rows=rows)


def test_the_check_catches_figures_of_the_coach_s_own(coached) -> None:
    rules, playout = coached
    step = next(s for s in playout.steps if s.decision.seats and s.decision.seats[0] in player_seats(rules))
    found, count = conformance_coach.coach_problems(_OwnFigures(rules), step.before, "here", salts=())
    assert count >= 1
    assert any("its worksheet" in p for p in found), found
