"""Conformance checks of a game's coach (the optional ``rules.coach``, see
:class:`~hedgemony_tui.table.contract.Advice`), beside :mod:`.conformance`.

A coach advises a seat as a computer player decides: from the seat's view alone. So its
advice (the intent, the reason, every row and its measure) must not change when other
seats' secrets do (``rules.vary_secrets``), and what it advises must be one of the
seat's legal intents in the whole state. A game whose worksheets show a figure for an
option offers the optional rules member ``worksheet_value(view, seat, intent) -> float |
None`` (what the seat's worksheet shows for that option, from its view; None: nothing):
then every row's figure is that one, and a row has none where the worksheet shows none
(one computation, not two). Every check returns problems in words (empty: fine) naming
where they happened; nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .contract import AnyRules, coach_of, player_seats

__all__ = ["coach_of", "coach_problems", "worksheet_value_of"]

CLOSE = 1e-9
"""Figures this close are the same (one computation, summed in one order)."""


def worksheet_value_of(rules: Any) -> Callable[[Any, str, Any], float | None] | None:
    """The game's ``worksheet_value`` (see the module docstring), or None when it has none."""
    found = getattr(rules, "worksheet_value", None)
    return found if callable(found) else None


def coach_problems(rules: AnyRules, state: Any, where: str, salts: Sequence[int] = (1, 2)) -> tuple[list[str], int]:
    """For every player seat that owes the decision at ``state``: the advice is one of
    its legal intents, every row is one too, every row's figure is the worksheet's for
    that option (when the game says what its worksheets show), and the advice is the
    same from a view of the state with other seats' secrets varied. Also how many pieces
    of advice were checked (a game whose coach never answers proves nothing)."""
    coach = coach_of(rules)
    if coach is None:
        return [], 0
    problems: list[str] = []
    checked = 0
    decision = rules.pending(state)
    if decision.over:
        return [], 0
    legal = rules.legal(state)
    players = set(player_seats(rules))
    for seat in decision.seats:
        if seat not in players:
            continue
        own = [o for o in legal if rules.seat_of(o) == seat]
        view = rules.view(state, seat)
        advice = coach(view, seat)
        if advice is None:
            continue
        checked += 1
        if advice.intent not in own:
            problems.append(f"{where}: the coach advises {seat} {advice.intent!r}, not among its legal intents")
        stray = [row.intent for row in advice.rows if row.intent not in own]
        if stray:
            problems.append(f"{where}: the coach's rows for {seat} list intents it may not take: {stray[:3]!r}")
        if advice.intent not in [row.intent for row in advice.rows] and advice.rows:
            problems.append(f"{where}: the coach's rows for {seat} leave out the option it advises")
        problems += _figure_problems(rules, view, seat, advice, where)
        for salt in salts:
            varied = rules.vary_secrets(state, seat, salt)
            again = coach(rules.view(varied, seat), seat)
            if again != advice:
                problems.append(
                    f"{where}: the coach's advice to {seat} changes with other seats' secrets (salt {salt}):"
                    f" {_gist(advice)} against {_gist(again)}"
                )
    return problems, checked


def _gist(advice: Any) -> str:
    if advice is None:
        return "no advice"
    return f"{advice.intent!r} ({advice.reason}; rows {[(r.label, r.value) for r in advice.rows][:4]})"


def _figure_problems(rules: AnyRules, view: Any, seat: str, advice: Any, where: str) -> list[str]:
    """Each row's figure against the worksheet's for the same option (see the module docstring)."""
    shown = worksheet_value_of(rules)
    if shown is None:
        return []
    problems = []
    for row in advice.rows:
        sheet = shown(view, seat, row.intent)
        if (sheet is None) != (row.value is None) or (
            sheet is not None and row.value is not None and abs(sheet - row.value) > CLOSE
        ):
            problems.append(
                f"{where}: the coach gives {seat}'s option {row.label!r} {row.value!r}, its worksheet {sheet!r}"
            )
    return problems
