"""The conformance suite: every registered game passes these, seeded and bounded in time.

Each test is parametrised by game (every registered game and the test games, `conftest.py`) and asserts that a list
of problems from :mod:`hedgemony_tui.table.conformance` is empty; a failure lists the
problems with the seed, options and decision number that reproduce them. Playouts are
played once per game (a module fixture) and shared by the checks.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from hedgemony_tui.table import conformance as cf
from hedgemony_tui.table import conformance_coach, conformance_contract, conformance_order
from hedgemony_tui.table.contract import AnyRules, player_seats
from tests.conformance.playouts import policy_playout, random_playout
from tests.conformance.reporting import report

SEEDS = (1, 2, 3)
"""Random playouts per game: seeds 1-3 with short options, seed 3 also flipping every
on/off option (physical dice, optional rules) so that their code is fuzzed too."""


@pytest.fixture(scope="module")
def playouts(rules: AnyRules) -> list[cf.Playout]:
    made = [random_playout(rules, seed) for seed in SEEDS]
    made.append(random_playout(rules, SEEDS[-1], flip_switches=True))
    return made


def _bot(rules: AnyRules) -> str:
    # The game's "basic" computer players if it has them (else its first), with the
    # default control bot: the games a table really plays.
    names = rules.policy_names()
    return "basic" if "basic" in names else names[0]


@pytest.fixture(scope="module")
def policy_playouts(rules: AnyRules) -> list[cf.Playout]:
    return [policy_playout(rules, seed, _bot(rules)) for seed in SEEDS[:2]]


# 1. Catches games that never end (a loop between stages), dead ends (a pending
# decision with no legal intent, or a seat that owes one but has none), seats acting out
# of turn, and any crash of apply on a legal intent.
def test_random_playouts_end_without_dead_ends(rules: AnyRules, playouts: list[cf.Playout]) -> None:
    problems = [p for playout in playouts for p in playout.problems]
    assert problems == [], report(problems)
    for playout in playouts:
        assert rules.pending(playout.final).over, playout.label
        assert 0 < len(playout.steps) <= playout.bound


# 1 (policies). Catches a computer player that picks something illegal, stalls, or never
# ends a game, and a match loop that leaves a decision to nobody.
def test_policy_playouts_end(rules: AnyRules, policy_playouts: list[cf.Playout]) -> None:
    problems = [p for playout in policy_playouts for p in playout.problems]
    assert problems == [], report(problems)
    assert all(rules.pending(p.final).over for p in policy_playouts)


# 8 (outcome). Catches an outcome shown before the end, or one that forgets a player.
def test_outcome_names_every_player_at_the_end(rules: AnyRules, playouts: list[cf.Playout]) -> None:
    problems = [p for playout in playouts for p in conformance_contract.outcome_problems(rules, playout)]
    assert problems == [], report(problems)


# 2. Catches legal() offering what apply() refuses (the two drifting apart), crashes on
# rarely taken options, states that break the game's invariants, and an apply that
# mutates the state it is given.
def test_every_legal_intent_is_accepted(rules: AnyRules, playouts: list[cf.Playout]) -> None:
    rng = random.Random(17)
    problems: list[str] = []
    for playout in playouts:
        for step in cf.sample_steps(playout, per_kind=1, every=60):
            problems += cf.accept_problems(rules, step.before, playout.where(step), rng)
    assert problems == [], report(problems)


# 3. Catches an apply that accepts another seat's move, an absurd number or an unknown
# id, that crashes (KeyError...) instead of refusing, refuses without saying why, or
# changes the state while refusing.
def test_illegal_intents_are_refused_and_change_nothing(rules: AnyRules, playouts: list[cf.Playout]) -> None:
    rng = random.Random(23)
    problems: list[str] = []
    refused = 0
    sampled = 0
    for index, playout in enumerate(playouts):
        # Intents from another game at the same table: legal there, mostly not here.
        foreign = [s.intent for s in playouts[index - 1].steps]
        for step in cf.sample_steps(playout, per_kind=1, every=80):
            sampled += 1
            legal = rules.legal(step.before)
            candidates = [m for intent in rng.sample(legal, min(6, len(legal))) for m in cf.mutants(rules, intent)]
            candidates += [cf.Mutant(i, "legal in another game") for i in rng.sample(foreign, min(5, len(foreign)))]
            found, count = cf.illegal_problems(rules, step.before, playout.where(step), candidates)
            problems += found
            refused += count
    assert problems == [], report(problems)
    # At least one refusal per state sampled: another seat's intent or an absurd number
    # is illegal in any game, so fewer means the mutants never reached apply().
    assert refused >= sampled > 0, f"only {refused} illegal intents refused over {sampled} states: nothing was tested"


# 4. Catches fields the codec drops or changes (a set saved as a list, a float's
# rounding, a default filled in on load), saves that are not byte-stable, and a journal
# or undo history that does not survive a save.
def test_save_and_load_are_the_identity(rules: AnyRules, playouts: list[cf.Playout], tmp_path: Path) -> None:
    problems: list[str] = []
    for playout in playouts:
        for step in cf.sample_steps(playout, per_kind=1, every=150)[::2]:
            problems += cf.save_problems(rules, step.before, playout.where(step), tmp_path)
        problems += cf.save_problems(rules, playout.final, f"{playout.label}, at the end", tmp_path)
    for playout in playouts[:2]:
        for upto in (len(playout.steps) // 3, len(playout.steps)):
            problems += cf.session_save_problems(rules, playout, upto, tmp_path)
    assert problems == [], report(problems)


# 5. Catches hidden sources of chance (wall clock, set order, a generator outside the
# state) and a seed that does not reach the dice.
def test_same_seed_and_decisions_give_the_same_game(rules: AnyRules, playouts: list[cf.Playout]) -> None:
    for playout in playouts[:2]:
        again = cf.random_playout(rules, playout.seed, playout.options)
        assert again.intents == playout.intents, playout.label
        for step, other in zip(playout.steps, again.steps):
            assert other.after == step.after, f"{playout.where(step)}: {cf.difference(step.after, other.after)}"
        replayed = cf.replay(rules, playout.seed, playout.options, playout.intents)
        assert replayed[-1] == playout.final, cf.difference(playout.final, replayed[-1])
    # In a game of chance the same decisions under another seed must play out
    # differently somewhere a player sees (a die, a draw): else the seed is ignored.
    # Refusal of an intent counts as different too. (Without dice a seed has nothing to move.)
    if not rules.info.dice:
        return
    first = playouts[0]
    seat = player_seats(rules)[0]
    other_seed = first.seed + 1000
    state = rules.setup(other_seed, first.options)
    differs = False
    for step in first.steps:
        try:
            state = rules.apply(state, step.intent)
        except Exception:
            differs = True
            break
        if rules.view(state, seat) != rules.view(step.after, seat):
            differs = True
            break
    assert differs, f"{first.label}: seed {other_seed} with the same decisions gives {seat} the very same game"


def test_policy_playouts_are_deterministic(rules: AnyRules, policy_playouts: list[cf.Playout]) -> None:
    # Catches a computer player or control bot drawing on chance outside the state.
    playout = policy_playouts[0]
    again = cf.policy_playout(rules, playout.seed, playout.options, _bot(rules))
    assert again.intents == playout.intents and again.final == playout.final, playout.label


# 6. Catches a view that leaks another seat's secrets (hands, hidden capabilities,
# sealed votes before all are in, the dice's future) and computer players that read
# more than their view; vary_secrets must change something, or this proves nothing.
def test_views_and_computer_players_ignore_others_secrets(
    rules: AnyRules, playouts: list[cf.Playout], policy_playouts: list[cf.Playout]
) -> None:
    if not rules.info.hidden_information:
        pytest.skip("open information: every seat sees everything")
    policies = {name: rules.policy(name) for name in rules.policy_names()}
    problems: list[str] = []
    changed: set[str] = set()
    for playout in [*playouts[:3], policy_playouts[0]]:
        for step in cf.sample_steps(playout, per_kind=2, every=120):
            found, varied = cf.privacy_problems(rules, step.before, playout.where(step), (1, 2), policies)
            problems += found
            changed |= varied
    assert changed == set(player_seats(rules)), (
        f"vary_secrets never changed anything for {set(player_seats(rules)) - changed}"
    )
    assert problems == [], report(problems)


# 6 (coach). Catches a coach (the optional ``rules.coach``) whose advice reads other
# seats' secrets, or that advises something the seat may not do.
def test_the_coach_advises_from_the_seat_s_view(rules: AnyRules, policy_playouts: list[cf.Playout]) -> None:
    if conformance_coach.coach_of(rules) is None:
        pytest.skip("this game has no coach")
    problems: list[str] = []
    checked = 0
    playout = policy_playouts[0]
    for step in cf.sample_steps(playout, per_kind=1):
        found, count = conformance_coach.coach_problems(rules, step.before, playout.where(step))
        problems += found
        checked += count
    assert problems == [], report(problems)
    assert checked > 5, "the coach advised almost nowhere: the check proved nothing"


# 7. Catches undo that takes back a die roll or a reveal (re-rolling by undo), an undo
# that does not give the exact earlier state, and a reveals() that misses a step
# showing a seat something it could not see before.
def test_undo_never_crosses_a_roll_or_a_reveal(rules: AnyRules, playouts: list[cf.Playout]) -> None:
    probe = player_seats(rules) if rules.info.hidden_information else ()
    problems: list[str] = []
    for playout in playouts[:2]:
        problems += cf.undo_problems(rules, playout, probe_seats=probe)
    assert problems == [], report(problems)
    # Whether any step is a barrier at all is the capabilities' check (below): a game
    # with neither dice nor secrets has none, and its undo goes all the way back.


# 8. Catches metadata that disagrees with the seats, options that accept what they
# should refuse (or refuse without naming the option), a default that fails its own
# check, and intent types the codec and journal cannot name.
def test_contract_shape(rules: AnyRules) -> None:
    problems = conformance_contract.contract_problems(rules, rules.info.id) + conformance_contract.seed_problems(rules)
    assert problems == [], report(problems)


# 9. Catches odds that are not the game's own resolution: a pending roll whose faces are
# missing or lead to broken states, a die that the odds count as unfair, and a rolled
# result that no face of the odds foresaw (the screens' "odds before the roll" lying).
def test_the_odds_before_a_roll_are_the_game_s_own(rules: AnyRules, playouts: list[cf.Playout]) -> None:
    problems: list[str] = []
    rolls = 0
    for playout in playouts:
        for step in playout.steps:
            faces = rules.roll_faces(step.before)
            if not faces:
                continue
            rolls += 1
            where = f"{playout.label}, before decision {step.number}"
            numbers = [f.face for f in faces]
            if len(set(numbers)) != len(numbers):
                problems.append(f"{where}: faces repeat: {numbers}")
            for face in faces:
                problems += [f"{where}: face {face.face} leads to a broken state: {p}" for p in rules.check(face.after)]
            # The roll really taken must read like one of the faces: the same players' scores.
            scores = [rules.summary(f.after).get("players") for f in faces]
            if rules.summary(step.after).get("players") not in scores and rules.pending(step.before).kind == "roll":
                problems.append(f"{where}: the roll taken ({step.intent!r}) matches no face of the odds")
    assert problems == [], report(problems)
    if rules.info.dice:  # a game without dice must offer no odds: the capabilities' check
        assert rolls > 0, "no playout reached a pending roll: the check proved nothing"


# 10. Catches a summary the core's readers cannot use: ``balance``, the replay's figures
# by turn and the debrief read ``summary()["players"]`` as seat -> figure -> number.
def test_the_summary_s_players_are_figures_by_seat(rules: AnyRules, playouts: list[cf.Playout]) -> None:
    problems: list[str] = []
    seats = {s.id for s in rules.seats()}
    for playout in playouts:
        for state in (playout.start, playout.final):
            players = rules.summary(state).get("players", {})
            if not isinstance(players, dict):
                problems.append(f"{playout.label}: players is {type(players).__name__}, not a table by seat")
                continue
            for seat, figures in players.items():
                if seat not in seats:
                    problems.append(f"{playout.label}: {seat!r} is not a seat")
                elif not isinstance(figures, dict) or not all(
                    isinstance(v, (int, float, str, bool)) for v in figures.values()
                ):
                    problems.append(f"{playout.label}: {seat}'s figures are {figures!r}, not name -> value")
    assert problems == [], report(problems)


# 11. Catches a turn or phase that comes back once left (the replay's phase and turn
# moves, the saves' names and the Continue list rely on it), a turn that goes back,
# and a seat that never gets a decision.
def test_turns_and_phases_go_forward_and_every_seat_decides(rules: AnyRules, playouts: list[cf.Playout]) -> None:
    problems = [p for playout in playouts for p in conformance_order.order_problems(rules, playout)]
    problems += conformance_order.seats_decide_problems(rules, playouts)
    assert problems == [], report(problems)


# 12. Catches a game whose declared capabilities (``info.dice``, ``info.hidden_information``)
# disagree with what it does: odds offered by a game without dice, reveals marked where
# nothing can be hidden, none marked where something is.
def test_declared_capabilities_match_the_play(rules: AnyRules, playouts: list[cf.Playout]) -> None:
    problems = conformance_order.capability_problems(rules, playouts)
    assert problems == [], report(problems)
