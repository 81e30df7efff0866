"""The confirmation before the last "done trading" of a year must not foretell the end die
(a newcomer saw "This ends the game" before the die was shown, so the die's face leaked):
from year 10 the host says the year ends, whatever the die will say; a game of a fixed
number of years still hears that its last decision ends the game."""

from __future__ import annotations

import re

from hedgemony_tui.games.grand_game.engine.game_intents import DoneTrading, SetPolitics
from hedgemony_tui.games.grand_game.engine.game_state import GrandState
from hedgemony_tui.games.grand_game.rules import RULES
from hedgemony_tui.table.commitment import commitment

from .game_helpers import SEATS, act, allocate_all, seal_orders, start

LAST = SEATS[-1]
SEED = 1  # its end die shows 5 after year 10 (the game goes on) and 1 after year 11 (it ends)


def last_trade(state: GrandState) -> GrandState:
    """The year played quietly up to its trade, every seat but the last done trading (the
    last buys politics, so it has Francs to give and more than one thing to choose)."""
    state = allocate_all(state, {LAST: [SetPolitics(LAST, 30)]})
    for _ in range(3):
        state = seal_orders(state)
    for seat in SEATS[:-1]:
        state = act(state, DoneTrading(seat))
    return state


def said(state: GrandState) -> str:
    made = commitment(RULES, state, LAST, DoneTrading(LAST), RULES.legal(state))
    assert made is not None
    return made.ends


def test_the_end_die_is_not_foretold_whether_it_ends_the_game_or_not():
    state, heard = start(SEED), []
    while not state.over:
        state = last_trade(state)
        heard.append((state.turn, said(state), RULES.apply(state, DoneTrading(LAST)).over))
        state = act(state, DoneTrading(LAST))
    ended = [turn for turn, _, over in heard if over]
    assert ended == [11]  # seed 1: the die goes on after year 10 and ends the game after year 11
    assert {ends for _, ends, _ in heard} == {"turn"}  # the same words the year the die ends it as every other year


def test_a_fixed_number_of_years_ends_the_game_on_its_last_decision_and_says_so():
    state = last_trade(start(3, turns=2))
    assert said(state) == "turn"
    state = last_trade(act(state, DoneTrading(LAST)))
    assert said(state) == "game"


def test_the_end_die_stops_the_table_and_its_result_says_the_face():
    # The tester went from year 10's trade straight into year 11: the die was only in the journal.
    from hedgemony_tui.games.grand_game.front.results import result_text

    state, shown = start(SEED), 0
    while True:
        before = last_trade(state)
        after = act(before, DoneTrading(LAST))
        if before.turn < 10:
            assert not RULES.reveals(before, after)  # no die before the tenth year: nothing to stop on
        elif not after.over:
            assert RULES.reveals(before, after)
            body = result_text(RULES.view(before, LAST), RULES.view(after, LAST), LAST)
            assert body is not None
            face = after.end_rolls[-1].face
            assert (
                f"Year {before.turn} ends: the end die shows {face} (the game ends on 1 or 2): the game goes on"
                in body.plain
            )
            shown += 1
        if after.over:
            break
        state = after
    assert shown == 1  # year 10's die (seed 1) went on and was shown


def test_the_outcome_says_what_ended_the_game_and_how_each_score_was_made():
    # A tester's end screen never named the die that ended the game, nor where 158 Francs came from.
    state = start(SEED)
    while not state.over:
        state = act(last_trade(state), DoneTrading(LAST))
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert outcome.summary.endswith("The end die ended the game after year 11: it showed 1 (it ends on 1 or 2)")
    made = re.compile(r"^(\d+) Francs \((\d+) earned in play \+ (\d+) final payout: GDP (\d+) x 2 \+ (\d+) cit")
    for result in outcome.results:
        found = made.match(result.why)
        assert found, result.why
        francs, played, payout, gdp, cities = (int(g) for g in found.groups())
        assert francs == state.francs[result.seat] == played + payout and gdp == state.gdp[result.seat]
        assert payout == 2 * gdp + cities
    sorrel = next(r for r in outcome.results if r.seat == "sorrel")
    assert sorrel.why.endswith(f"on a starting GDP of 7: {state.francs['sorrel'] / 7:.2f}")
