"""The end screen names what ended the game once (the outcome's summary, its title) and its
report shows how each score is built from its parts."""

from __future__ import annotations

from hedgemony_tui.games.grand_game.engine.game import the_map
from hedgemony_tui.games.grand_game.engine.game_intents import SetPolitics
from hedgemony_tui.games.grand_game.engine.game_year import payouts_now, score
from hedgemony_tui.games.grand_game.front.words import end_reason, end_tables
from hedgemony_tui.games.grand_game.rules import RULES

from .game_helpers import allocate_all, done_trading, seal_orders, start


def test_end_report_names_the_die_and_adds_up_each_score() -> None:
    state = start(3)  # its end die ends the game after year 10
    while not state.over:  # quiet years, Arvenne buying politics (Francs earned in play)
        state = allocate_all(state, {"arvenne": [SetPolitics("arvenne", 30)]})
        for _ in range(3):
            state = seal_orders(state)
        state = done_trading(state)
    last = state.end_rolls[-1]
    assert last.ends
    heading, final = end_tables(state)[0]
    assert heading == end_reason(state)
    assert "final payout of 2 per point of final GDP and 1 per city" in heading
    # The die is named once on the end screen: in the title (the outcome's summary), not again
    # in the report's heading below it (the two once said it in two wordings).
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert f"ended the game after year {last.turn}: it showed {last.face}" in outcome.summary
    screen = " ".join([outcome.summary, *(title for title, _ in end_tables(state))])
    assert screen.count("end die") == 1 and screen.count(f"year {last.turn}") == 1
    cols = {c.header: list(c.cells) for c in final.columns}
    paid = {p.seat: p.amount for p in payouts_now(the_map(), state)}
    for row in range(len(state.seats)):
        earned, payout, francs = (int(str(cols[h][row])) for h in ("in play", "+ payout", "= Francs"))
        assert earned + payout == francs
        seat = next(s for s in state.seats if state.francs[s] == francs and paid[s] == payout)
        assert cols["= score"][row] == f"{float(score(state, seat)):.2f}"
