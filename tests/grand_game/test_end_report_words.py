"""The end report names what ended the game and shows how each score is built from its parts."""

from __future__ import annotations

from hedgemony_tui.games.grand_game.engine.game import the_map
from hedgemony_tui.games.grand_game.engine.game_intents import SetPolitics
from hedgemony_tui.games.grand_game.engine.game_year import payouts_now, score
from hedgemony_tui.games.grand_game.front.words import end_reason, end_tables

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
    assert f"after year {last.turn}" in heading and f"showed {last.face}" in heading
    assert "final payout of 2 per point of final GDP and 1 per city" in heading
    cols = {c.header: list(c.cells) for c in final.columns}
    paid = {p.seat: p.amount for p in payouts_now(the_map(), state)}
    for row in range(len(state.seats)):
        earned, payout, francs = (int(str(cols[h][row])) for h in ("in play", "+ payout", "= Francs"))
        assert earned + payout == francs
        seat = next(s for s in state.seats if state.francs[s] == francs and paid[s] == payout)
        assert cols["= score"][row] == f"{float(score(state, seat)):.2f}"
