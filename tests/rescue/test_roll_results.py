"""The text of the result screens (``render/rolls.py``) on scripted games: the figures are
the engine's own for each face, the chances exact counts, and a step that rolls nothing
has no result screen."""

from __future__ import annotations

import io

import attrs
from rich.console import Console

from hedgemony_tui.games.rescue.engine.intents import DrawEvent, EndTurn, Roll
from hedgemony_tui.games.rescue.render.rolls import odds, result_body
from hedgemony_tui.games.rescue.rules import RULES
from tests.rescue.rescue_helpers import started

HOT = (("red", 2), ("blue", 1), ("green", 5), ("blue", 2), ("green", 1), ("red", 3))


def _text(intent, before, after, seat="HC") -> str:
    body = result_body(intent, RULES.view(before, seat), RULES.view(after, seat), seat)
    assert body is not None
    console = Console(width=160, file=io.StringIO(), record=True)
    console.print(body)
    return console.export_text()


def test_odds_are_counts_of_equally_likely_cases():
    from fractions import Fraction

    assert odds(Fraction(1, 2)) == "3 in 6 (50%)"
    assert odds(Fraction(1, 3), 3) == "1 in 3 (33%)"
    assert odds(Fraction(1, 12), 12) == "1 in 12 (8%)"


def test_the_media_roll_shows_what_each_face_puts_at_stake():
    before = started(HOT, stop_before_media=True)
    intent = Roll(before.drawer, 3)
    text = _text(intent, before, RULES.apply(before, intent))
    assert "Media Meeple: Crisis 3" in text
    # Crisis 3 is a green 5: under the meeple its neglect costs the HN twice at the cycle's end.
    assert "C3 D-4, green 5. Cycle's end if nothing changes: HN -2 GP for C3" in text
    assert "C1 B-2, red 2 (no GP: die 3 or less). Cycle's end if nothing changes: HN -1 GP for C3" in text
    assert "1 in 6 (17%) to land on an open crisis whose die is above 3" in text


def test_a_crisis_die_shows_the_bag_and_each_faces_cost():
    state = RULES.setup(1, {"physical_dice": True})
    for seat, face in zip(("USM", "HN", "HC"), (6, 4, 2)):
        state = RULES.apply(state, Roll(seat, face))
    intent = Roll(RULES.pending(state).seat, 4, "red")
    text = _text(intent, state, RULES.apply(state, intent))
    assert "Crisis 1: a red die showing 4" in text and "(a die typed in)" in text
    assert "The bag held 2 blue, 2 green, 2 red: red had a chance of 2 in 6 (33%)" in text
    assert "USM 4, HN 4, HC 2 medical; HC loses GP while above 3; fails in 8 cycles if left" in text


def test_the_event_card_lists_the_cards_it_could_have_been_and_a_reshuffle():
    before = started(HOT, stop_before_media=True)
    # The next cycle's card, with the deck emptied into the discards: the draw reshuffles them.
    state = attrs.evolve(before, deck=(), discards=tuple(sorted(before.deck + before.discards)), event="")
    state = attrs.evolve(state, stage="event")
    intent = DrawEvent(state.drawer)
    after = RULES.apply(state, intent)
    text = _text(intent, state, after)
    assert f"Event {after.event}:" in text
    assert "one of 12 cards left to draw (the deck was empty" in text and "each 1 in 12 (8%)" in text


def test_a_step_that_rolls_nothing_has_no_result_screen():
    before = started(HOT)
    intent = next(i for i in RULES.legal(before) if isinstance(i, EndTurn))
    seat = "HC"
    after = RULES.apply(before, intent)
    assert result_body(intent, RULES.view(before, seat), RULES.view(after, seat), seat) is None
