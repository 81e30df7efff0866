"""What an initiative roll meant, on Rescue's result screen (render/rolls.py): the seats
still to roll are named only while some are (issue 33: "others still to roll" was said
after everyone had rolled, and after a tie)."""

from __future__ import annotations

import attrs

from hedgemony_tui.games.rescue.render.rolls import _initiative_meaning
from hedgemony_tui.games.rescue.rules import RULES


def _rolled(*rolls):
    return attrs.evolve(RULES.setup(5, {}), initiative=tuple(rolls))


def test_the_first_roll_names_who_is_still_to_roll():
    assert _initiative_meaning(_rolled((4,), (), ()), "USM") == "not yet rolled: HN, HC"


def test_once_everyone_rolled_nobody_is_said_to_be_still_to_roll():
    words = _initiative_meaning(_rolled((4,), (6,), (2,)), "USM")
    assert words == "ahead of HC; behind HN"
    assert "roll" not in words


def test_a_tie_says_so_and_no_more():
    assert _initiative_meaning(_rolled((4,), (4,), (2,)), "USM") == "a tie with HN: the tied roll again"
