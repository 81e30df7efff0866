"""Each seat's feed keeps others' secrets: what it reads of the pending decision
(``pending_for``) and its journal do not change when only another seat's secrets do,
and ``concerns`` names sensible seats. Parametrised over every registered game, like
``test_conformance.py``; the checks are in :mod:`hedgemony_tui.table.conformance_feed`.

(Hedgemony's private events have a test of their own in
``tests/hedgemony/engine/test_private_event_feeds.py``.)
"""

from __future__ import annotations

import pytest

from hedgemony_tui.table import conformance as cf
from hedgemony_tui.table import conformance_feed as feed
from hedgemony_tui.table.contract import AnyRules, player_seats
from tests.conformance.playouts import policy_playout, random_playout
from tests.conformance.reporting import report

SEEDS = (1, 2, 3)


@pytest.fixture(scope="module")
def playouts(rules: AnyRules) -> list[cf.Playout]:
    made = [random_playout(rules, seed) for seed in SEEDS[:2]]
    made.append(random_playout(rules, SEEDS[-1], flip_switches=True))
    names = rules.policy_names()
    made.append(policy_playout(rules, SEEDS[0], "basic" if "basic" in names else names[0]))
    return made


# Catches a reading of the pending decision that names other seats or another kind of
# decision than the one pending, and a control seat that does not read it in full.
def test_pending_for_keeps_the_decision_s_seats_and_kind(rules: AnyRules, playouts: list[cf.Playout]) -> None:
    problems: list[str] = []
    for playout in playouts:
        for step in cf.sample_steps(playout, per_kind=3, every=10):
            problems += feed.pending_for_problems(rules, step.before, playout.where(step))
    assert problems == [], report(problems)


# Catches a prompt or a journal line that reads another seat's secret (a hidden card, a
# private roll's subject, a sealed choice): it changes when only that secret does.
def test_a_seat_s_feed_is_the_same_whatever_others_hide(rules: AnyRules, playouts: list[cf.Playout]) -> None:
    if not (rules.info.hidden_information or rules.info.dice):
        pytest.skip("nothing is hidden and no die is rolled: there is no secret to vary")
    problems: list[str] = []
    changed: set[str] = set()
    for playout in playouts:
        for step in cf.sample_steps(playout, per_kind=2, every=60):
            found, varied = feed.feed_problems(rules, step.before, playout.where(step), (1, 2))
            problems += found
            changed |= varied
    assert changed == set(player_seats(rules)), (
        f"vary_secrets never changed anything for {set(player_seats(rules)) - changed}"
    )
    assert problems == [], report(problems)


# Catches an option, a prompt or a journal line handed to a seat by the table host (what
# every screen draws from) that reads another seat's secret.
def test_every_string_of_a_seat_s_host_feed_keeps_others_secrets(rules: AnyRules, playouts: list[cf.Playout]) -> None:
    problems: list[str] = []
    for playout in playouts:
        for step in cf.sample_steps(playout, per_kind=2, every=60):
            problems += feed.host_feed_problems(rules, step.before, playout.where(step), (1, 2))
    assert problems == [], report(problems)


# Catches a result that does not concern the seat that decided it, or names no seat.
def test_a_result_concerns_its_decider(rules: AnyRules, playouts: list[cf.Playout]) -> None:
    problems: list[str] = []
    for playout in playouts:
        for step in playout.steps[:400]:
            problems += feed.concerns_problems(rules, step.before, step.intent, step.after, playout.where(step))
    assert problems == [], report(problems)


# --- Hedgemony's private events ---------------------------------------------------------------
