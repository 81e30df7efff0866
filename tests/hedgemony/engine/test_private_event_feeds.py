"""Hedgemony's private events stay private: along computer-player games with random
events and a directed White Cell (and along random games), no seat's journal or prompt
names a private event of another seat (its card id or title). The checks are the
conformance suite's (:mod:`hedgemony_tui.table.conformance_feed`), here on the events
only Hedgemony has."""

from __future__ import annotations

from typing import Any

import pytest

from hedgemony_tui.games.hedgemony.engine.game import content_of
from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.table import conformance as cf
from hedgemony_tui.table import conformance_feed as feed
from hedgemony_tui.table.contract import AnyRules
from tests.conformance.reporting import report

EVENT_SEEDS = (11, 12, 13, 7)
EVENT_OPTIONS = {"random_events": True, "activation_markers": True}


def _secret_events(state: Any) -> dict[str, list[str]]:
    """Each player's private events in ``state``: their card ids and titles."""
    content = content_of(state)
    named: dict[str, list[str]] = {}
    for card_id, owner in state.secret_events.items():
        named.setdefault(owner, []).extend((card_id, content.card(card_id).title))
    return named


def _leaks(rules: AnyRules, playout: cf.Playout) -> tuple[list[str], int]:
    """The distinct leaks of private events along a playout (each reported once, where
    first seen), and how many states held a private event."""
    seen: dict[str, str] = {}
    held = 0
    for step in playout.steps:
        for state in (step.before,):
            secrets = _secret_events(state)
            if not secrets:
                continue
            held += 1
            for problem in feed.named_secret_problems(rules, state, "@", secrets):
                seen.setdefault(problem.partition("@: ")[2], playout.where(step))
    return [f"{where}: {what}" for what, where in seen.items()], held


# One seed in the fast tier, the others in the full suite.
@pytest.mark.parametrize("seed", [EVENT_SEEDS[0], *(pytest.param(s, marks=pytest.mark.slow) for s in EVENT_SEEDS[1:])])
def test_no_seat_reads_another_seat_s_private_event(seed: int) -> None:
    rules = RULES
    playout = cf.policy_playout(rules, seed, EVENT_OPTIONS, "basic", control_mode="directed")
    assert playout.problems == (), report(list(playout.problems))
    problems, held = _leaks(rules, playout)
    assert held, f"seed {seed}: no private event was drawn, the check proved nothing"
    assert problems == [], report(problems)


@pytest.mark.slow
def test_no_seat_reads_another_seat_s_private_event_in_random_play() -> None:
    """Random decisions (the White Cell injecting events by hand too), random events on."""
    rules = RULES
    problems: list[str] = []
    held = 0
    for seed in (3, 5):
        playout = cf.random_playout(rules, seed, {**cf.short_options(rules), **EVENT_OPTIONS})
        found, count = _leaks(rules, playout)
        problems += found
        held += count
    assert held, "no private event was played, the check proved nothing"
    assert problems == [], report(problems)
