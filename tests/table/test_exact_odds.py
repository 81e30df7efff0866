"""Exact odds before a roll, from the game's own resolution run once per face."""

from fractions import Fraction

import pytest

from hedgemony_tui.games.hedgemony.engine.odds import roll_preview
from hedgemony_tui.table import match, odds
from hedgemony_tui.table.registry import get_rules

RULES = get_rules("hedgemony")


def first_roll(seed: int):
    """The first state of a seeded all-random game in which a die is about to be rolled."""
    state = RULES.setup(seed, {"turns": 1})
    policies = match.policies_for(RULES, match.seat_policy_names(RULES, "random"))
    bot = RULES.control_bot("random")
    while RULES.pending(state).kind != "roll":
        found = match.next_choice(RULES, state, policies, bot)
        assert found is not None, "a computer seat owes this decision"
        seat, choice = found
        state = RULES.apply(state, choice.intent)
    return state


def test_counting_faces_gives_exact_fractions():
    faces = odds.faces_of(6, lambda f: f, first=1)
    assert [f.face for f in faces] == [1, 2, 3, 4, 5, 6]
    assert odds.chances(faces, lambda f: f.after >= 5) == [(False, Fraction(2, 3)), (True, Fraction(1, 3))]
    assert odds.at_least(faces, lambda f: f.after % 2 == 0) == Fraction(1, 2)
    assert odds.expected(faces, lambda f: f.after) == 3.5
    with pytest.raises(ValueError, match="no roll is pending"):
        odds.chances((), lambda f: f)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_hedgemony_faces_agree_with_its_roll_preview(seed):
    state = first_roll(seed)
    faces = RULES.roll_faces(state)
    assert [f.face for f in faces] == list(range(10))
    preview = roll_preview(state)
    assert preview is not None
    for face, shown in zip(faces, preview.faces):
        rolled = [e.roll for e in face.after.log[len(state.log) :] if e.roll is not None]
        assert rolled and rolled[0].raw == face.face
        assert rolled[0].total == shown.total  # the same modifiers as the screens' odds
    assert sum(chance for _, chance in odds.chances(faces, lambda f: f.after.log[-1].text)) == 1
    assert RULES.roll_faces(RULES.setup(seed, {})) == ()
