"""The decision panel's menu, headless (``shell/decision_tree`` with Hedgemony's paths).

Across a whole 8-turn game with seeded random choices, at every decision and for every
seat with options: no level lists more than 30 entries, the end of the phase is on the
top level whenever an intent that ends it is legal, every legal intent is reachable
exactly once, and no path or label shows a stack's or a place's id. The game is played
once per module and its states shared by the assertions.
"""

from __future__ import annotations

import random
import re
from collections import Counter, defaultdict

import pytest

from hedgemony_tui.games.hedgemony.engine.game import content_of
from hedgemony_tui.games.hedgemony.engine.intents import EndPhase, Modernize
from hedgemony_tui.games.hedgemony.front.render.intent_paths import intent_path, is_phase_end
from hedgemony_tui.games.hedgemony.front.render.intents import Names, label
from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.shell.decision_tree import (
    MAX_ENTRIES,
    Choice,
    Entry,
    Heading,
    build_tree,
    choices_of,
    entry_count,
    leaves,
    levels,
    more_line,
    search,
)
from hedgemony_tui.shell.front import PHASE_END_GROUP

SEED = 7


def hedgemony_choices(state, seat):
    """The seat's options with Hedgemony's labels and paths, named from its own view."""
    names = Names(content_of(state), RULES.view(state, seat))
    intents = [i for i in RULES.legal(state) if RULES.seat_of(i) == seat]
    return [Choice(i, label(i, names), intent_path(i, names), i.TAG) for i in intents]


@pytest.fixture(scope="module")
def decisions():
    """(state, seat, choices) at every decision of a whole random game, every seat with options."""
    state = RULES.setup(SEED, {"turns": 8})
    rng = random.Random(SEED)
    seen = []
    while not RULES.pending(state).over:
        legal = RULES.legal(state)
        by_seat = defaultdict(list)
        for intent in legal:
            by_seat[RULES.seat_of(intent)].append(intent)
        for seat in by_seat:
            seen.append((state, seat, hedgemony_choices(state, seat)))
        state = RULES.apply(state, rng.choice(legal))
    assert state.turn == 8, "the random game ended early"
    return seen


@pytest.mark.slow
def test_no_level_lists_more_than_30_entries(decisions):
    worst = 0
    for _state, seat, choices in decisions:
        for trail, rows in levels(build_tree(choices)):
            worst = max(worst, entry_count(rows))
            assert entry_count(rows) <= MAX_ENTRIES, (seat, trail, len(choices))
    assert worst > 10  # the game offered long lists: the bound was tested, not trivially met


@pytest.mark.slow
def test_the_end_of_the_phase_is_on_the_top_level_whenever_it_is_legal(decisions):
    checked = 0
    for state, seat, choices in decisions:
        tree = build_tree(choices)
        ends = [c for c in choices if is_phase_end(c.intent)]
        on_top = any(isinstance(row, Heading) and row.text == PHASE_END_GROUP for row in tree) or any(
            isinstance(row, Entry) and row.pinned for row in tree
        )
        assert on_top == bool(ends), (seat, state.phase, [c.label for c in ends])
        if ends:
            checked += 1
            # Listed first, each a line that takes it at once.
            assert isinstance(tree[0], Heading) and tree[0].text == PHASE_END_GROUP
            top = {row.choice.intent for row in tree if isinstance(row, Entry) and row.choice is not None}
            assert {c.intent for c in ends} <= top
    assert checked > 20


@pytest.mark.slow
def test_every_legal_intent_is_reachable_exactly_once(decisions):
    for state, seat, choices in decisions:
        reached = Counter(entry.choice.intent for entry in leaves(build_tree(choices)))
        assert reached == Counter(c.intent for c in choices), (seat, state.phase)


@pytest.mark.slow
def test_names_not_ids_in_paths_and_labels(decisions):
    place_ids = {
        loc.id for loc in content_of(decisions[0][0]).scenario.board.locations if "-" in loc.id or loc.id == "conus"
    }
    for state, _seat, choices in decisions[::7]:
        stack_ids = {stack.id for stack in state.stacks}
        for choice in choices:
            for text in (*choice.path, choice.label):
                assert not set(re.findall(r"\b[A-Z]+-\d+\b", text)) & stack_ids, text
                assert not set(re.findall(r"[a-z]+(?:-[a-z]+)+|conus", text)) & place_ids, text


def test_blue_phase_reads_as_groups_with_steps():
    state = RULES.setup(1, {"turns": 8})
    while not (RULES.pending(state).kind == "blue" and RULES.pending(state).seat == "US"):
        state = RULES.apply(
            state, next(i for i in RULES.legal(state) if RULES.seat_of(i) in RULES.pending(state).seats)
        )
    choices = hedgemony_choices(state, "US")
    assert len(choices) > 300
    tree = build_tree(choices)
    headings = [row.text for row in tree if isinstance(row, Heading)]
    assert headings[0] == PHASE_END_GROUP and {"Investments", "Posture", "Readiness"} <= set(headings)
    modernize = next(row for row in tree if isinstance(row, Entry) and row.text.startswith("Modernize"))
    conus = next(row for row in modernize.children if row.text == "14 FF M3 in CONUS")
    two = next(row for row in conus.children if row.text == "2 FF")
    assert isinstance(two.choice.intent, Modernize) and two.choice.intent.ffs == 2
    # Search: every part of the path and the label, capped with a line for the rest.
    found, total = search(choices, "end blue")
    assert [c.intent for c in found] == [EndPhase("US")] and total == 1
    found, total = search(choices, "move")
    assert len(found) == MAX_ENTRIES and total > 600
    assert more_line(len(found), total).startswith(f"{total - MAX_ENTRIES} more match")


class _FlatFront:
    """A front with labels only (no ``intent_path``), like the toy game's."""

    def intent_label(self, table, intent):
        return f"add {intent}"


def test_a_front_without_paths_gets_a_flat_menu_in_pages():
    options = [(n, f"add {n}") for n in range(1, 76)]
    choices = choices_of(_FlatFront(), None, options)
    tree = build_tree(choices)
    assert not any(isinstance(row, Heading) for row in tree)
    assert all(entry_count(rows) <= MAX_ENTRIES for _, rows in levels(tree))
    assert [e.choice.intent for e in leaves(tree)] == list(range(1, 76))
    assert [row.text for row in tree] == ["add 1 … add 25", "add 26 … add 50", "add 51 … add 75"]
    few = build_tree(choices_of(_FlatFront(), None, options[:3]))
    assert [row.text for row in few] == ["add 1", "add 2", "add 3"]


def test_long_groups_fold_and_paths_that_repeat_stay_apart():
    # 40 groups of 2: too many entries for one level, so each group folds into an entry.
    choices = [Choice((g, n), f"{g}/{n}", (f"group {g}", f"item {n}")) for g in range(40) for n in range(2)]
    choices.append(Choice("end", "end it", (PHASE_END_GROUP, "End the turn"), "end"))
    choices += [Choice("same-a", "same", ("Cards", "Play X")), Choice("same-b", "same", ("Cards", "Play X"))]
    tree = build_tree(choices)
    assert tree[0] == Heading(PHASE_END_GROUP) and tree[1].choice.intent == "end"
    assert all(entry_count(rows) <= MAX_ENTRIES for _, rows in levels(tree))
    assert Counter(e.choice.intent for e in leaves(tree)) == Counter(c.intent for c in choices)


def test_a_long_end_of_phase_group_stays_on_the_top_level():
    # The phase's end in ranges of its own, first, beside 40 other groups folded into ranges.
    choices = [Choice((g, n), f"{g}/{n}", (f"group {g}", f"item {n}")) for g in range(40) for n in range(2)]
    choices += [Choice(("end", n), f"end {n}", (PHASE_END_GROUP, f"End {n}"), "end") for n in range(35)]
    tree = build_tree(choices)
    assert tree[0] == Heading(PHASE_END_GROUP)
    assert [row.text for row in tree[1:3]] == ["End 0 … End 17", "End 18 … End 34"] and tree[1].pinned
    assert all(entry_count(rows) <= MAX_ENTRIES for _, rows in levels(tree))
    assert Counter(e.choice.intent for e in leaves(tree)) == Counter(c.intent for c in choices)
