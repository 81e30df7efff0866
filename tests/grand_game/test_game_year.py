"""The Grand Game's year through ``RULES.legal``/``RULES.apply``: allocation sealed for every
seat at once (L129-L138), three seasons (L123), reconciliation (L150), the trade of Francs
(L150), the random end (L56, G-X9) and the final payout (L68, G-X7); and the reading that a
unit bought at a city lost before reconciliation is not built."""

from __future__ import annotations

import pytest

from hedgemony_tui.games.grand_game.engine.allocation import politics_cost
from hedgemony_tui.games.grand_game.engine.game import the_map
from hedgemony_tui.games.grand_game.engine.game_alloc import checked
from hedgemony_tui.games.grand_game.engine.game_intents import (
    Buy,
    DoneTrading,
    GiveFrancs,
    March,
    SealAllocation,
    SetPolitics,
)
from hedgemony_tui.games.grand_game.engine.game_state import GrandState
from hedgemony_tui.games.grand_game.engine.game_year import cities_held
from hedgemony_tui.games.grand_game.rules import RULES
from hedgemony_tui.table.errors import IllegalIntent

from .game_helpers import (
    SEATS,
    act,
    allocate,
    allocate_all,
    arrange,
    done_trading,
    mine,
    placed,
    seal_orders,
    season,
    start,
    texts,
    year,
)


def test_every_seat_allocates_at_once_and_the_allocation_stays_sealed_until_reconciliation():
    # L138: every player allocates at the same time; allocations stay private until
    # reconciliation, when all of them are revealed.
    state = start()
    assert RULES.pending(state).seats == SEATS
    state = allocate(state, "arvenne", SetPolitics("arvenne", 20))
    assert state.phase == "allocate" and "arvenne" not in RULES.pending(state).seats
    assert RULES.view(state, "lusk").draft_of("arvenne").politics == 0  # hidden from the others
    assert RULES.view(state, "arvenne").draft_of("arvenne").politics == 20
    state = allocate_all(state)
    assert state.phase == "spring"
    # The seat's own journal keeps what it sealed; no other seat reads it before reconciliation.
    assert any("Your allocation, sealed: politics 20%" in t for t in texts(state, seat="arvenne"))
    for _ in range(3):
        assert not any("politics 20%" in t for t in texts(state, seat="lusk"))
        state = seal_orders(state)
    assert state.phase == "trade"
    assert "Year 1, reconciliation: the allocations are revealed (L138)." in texts(state)
    assert any(t.startswith("arvenne: politics 20%") for t in texts(state))


def test_gdp_must_all_be_spent_in_its_year():
    # L129: no GDP rolls over into a later year; what is not used is lost.
    state = start()
    assert SealAllocation("arvenne") not in mine(state, "arvenne")
    assert any("left unspent" in p for p in checked(the_map(), state, "arvenne").problems)
    state = allocate(state, "arvenne")  # spends the rest, then seals
    assert state.draft_of("arvenne").sealed
    assert checked(the_map(), state, "arvenne").left == 0
    # Next year's GDP is the board's, nothing carried over.
    gdp = dict(state.gdp)
    assert dict(year(start()).gdp) == gdp


def test_politics_is_bought_in_four_levels_and_pays_francs_at_reconciliation():
    # L131: politics comes in four steps, 0, 10, 20 or 30% of GDP; G-X7: one Franc per
    # point of GDP spent on politics, paid at reconciliation (L150).
    state = start()
    levels = sorted(i.level for i in mine(state, "kesterland") if isinstance(i, SetPolitics))
    assert levels == [10, 20, 30]
    with pytest.raises(IllegalIntent):
        RULES.apply(state, SetPolitics("kesterland", 40))
    gdp = state.gdp["kesterland"]
    state = allocate_all(state, {"kesterland": [SetPolitics("kesterland", 30)]})
    assert state.francs["kesterland"] == 0
    for _ in range(3):
        state = seal_orders(state)
    assert state.francs["kesterland"] == politics_cost(gdp, 30) > 0
    assert state.francs["arvenne"] == 0


def test_production_is_placed_at_reconciliation_after_politics_and_before_the_new_gdp():
    # L150: politics first, then the ordered units and supplies are placed, then GDP is
    # updated.
    state = start()
    before = placed(state, "arvel", "arvenne")
    state = allocate_all(state, {"arvenne": [Buy("arvenne", "infantry", "arvel")]})
    for _ in range(3):
        assert placed(state, "arvel", "arvenne").infantry == before.infantry
        state = seal_orders(state)
    assert placed(state, "arvel", "arvenne").infantry == before.infantry + 1
    log = texts(state)
    politics = log.index(next(t for t in log if t.startswith("arvenne: politics")))
    built = log.index("arvenne: 1 infantry placed at Arvel")
    gdp = log.index(next(t for t in log if t.startswith("arvenne: GDP for next year")))
    assert politics < built < gdp


def test_a_year_is_allocation_three_seasons_reconciliation_then_the_trade():
    # L123: a turn is allocation, combat in spring, fall and winter, then reconciliation; L150: the trade comes last.
    state = start()
    seen = [state.phase]
    state = allocate_all(state)
    seen.append(state.phase)
    for _ in range(3):
        state = seal_orders(state)
        seen.append(state.phase)
    state = done_trading(state)
    assert seen + [state.phase] == ["allocate", "spring", "fall", "winter", "trade", "allocate"]
    assert state.turn == 2


def test_francs_change_hands_only_at_the_end_of_reconciliation():
    # L150: trading with Francs comes last in reconciliation.
    state = start()
    plans = {"kesterland": [SetPolitics("kesterland", 30)]}
    assert not [i for i in RULES.legal(state) if isinstance(i, GiveFrancs)]
    state = allocate_all(state, plans)
    for _ in range(3):
        assert not [i for i in RULES.legal(state) if isinstance(i, GiveFrancs)]
        state = seal_orders(state)
    have = state.francs["kesterland"]
    offered = {i.amount for i in mine(state, "kesterland") if isinstance(i, GiveFrancs) and i.to == "lusk"}
    assert offered == {n for n in (1, 5, 10) if n <= have} and offered
    assert not [i for i in mine(state, "arvenne") if isinstance(i, GiveFrancs)]  # it has none
    state = act(state, GiveFrancs("kesterland", "lusk", 1))
    assert (state.francs["kesterland"], state.francs["lusk"]) == (have - 1, 1)
    assert "kesterland pays 1 Franc to lusk (L150)" in texts(state)  # one Franc, not "1 Francs"
    state = act(state, DoneTrading("kesterland"))
    assert not mine(state, "kesterland")
    assert done_trading(state).phase == "allocate"


def over(seed: int, turns: int = 0) -> GrandState:
    state = start(seed, turns)
    while not state.over:
        state = year(state)
    return state


def test_the_random_end_is_rolled_from_year_ten_and_may_end_the_game_at_once():
    # L56: the random end starts at turn 10 and may end the game at once; G-X9: a d6 after each year from the tenth, 1-2 ends it.
    state = over(seed=3)
    assert state.end_rolls[0].turn == 10
    assert [r.turn for r in state.end_rolls] == list(range(10, state.turn + 1))
    assert [r.ends for r in state.end_rolls] == [False] * (len(state.end_rolls) - 1) + [True]
    assert all(r.face in (1, 2) for r in state.end_rolls if r.ends)
    assert over(seed=3).turn == state.turn  # the die is the seed's


def test_a_fixed_length_game_ends_after_its_last_year_without_a_die():
    state = over(seed=3, turns=2)
    assert (state.turn, state.end_rolls) == (2, ())
    assert "Year 2 was the last of the 2 set for this game." in texts(state)


def test_the_final_payout_comes_from_the_board_and_the_score_is_francs_per_starting_gdp():
    # L68: the last turn pays a large sum of Francs from the final board; G-X7: 2 Francs per point of final GDP and 1 per city held.
    state = start(seed=2, turns=1)
    state = allocate_all(state, {"drovnia": [SetPolitics("drovnia", 10)]})
    for _ in range(3):
        state = seal_orders(state)
    politics = dict(state.francs)
    state = done_trading(state)
    assert state.over
    for seat in SEATS:
        expected = politics[seat] + 2 * state.gdp[seat] + cities_held(the_map(), state, seat)
        assert state.francs[seat] == expected
    outcome = RULES.outcome(state)
    assert outcome is not None
    scores = {r.seat: float(r.score or 0) for r in outcome.results}
    assert scores["drovnia"] == pytest.approx(state.francs["drovnia"] / state.start_gdp["drovnia"])
    best = max(scores.values())
    assert {r.seat for r in outcome.results if r.result == "win"} == {s for s, v in scores.items() if v == best}


def test_units_bought_at_a_city_lost_before_reconciliation_are_not_built():
    # Reading (game_year): an allocation is carried out as sealed; a unit ordered at a city
    # the seat no longer holds at reconciliation is not built, and its GDP is gone (L129).
    state = arrange(
        start(6), {("marrin", "lusk"): {"armor": 10, "supplies": 10}, ("ardun", "arvenne"): {"infantry": 3}}
    )
    state = allocate_all(state, {"arvenne": [Buy("arvenne", "infantry", "ardun")]})
    state = season(
        state,
        ("lusk", "marrin", March("lusk", "marrin", "ardun", "armor", 10)),
        ("lusk", "marrin", March("lusk", "marrin", "ardun", "supplies", 10)),
    )
    assert state.owners["ardun"] == "lusk", "the set-up must let the attack win (change the seed)"
    state = seal_orders(seal_orders(state))
    assert placed(state, "ardun", "arvenne").infantry == 0
    assert "arvenne: 1 infantry ordered at Ardun are not built: the city is no longer yours" in texts(state)


def test_a_country_with_nothing_left_is_not_waited_on():
    # Reading (game_year.alive): a seat holding no territory and no counter writes nothing.
    lusk_lands = [t for t, who in start().owners.items() if who == "lusk"]
    gone: dict[tuple[str, str], dict[str, int]] = {(p.place, "lusk"): {} for p in start().stacks if p.seat == "lusk"}
    state = allocate_all(arrange(start(), gone, dict.fromkeys(lusk_lands, "arvenne")))
    assert state.phase == "spring"
    assert "lusk" not in RULES.pending(state).seats and not mine(state, "lusk")
    state = done_trading(seal_orders(seal_orders(seal_orders(state))))
    assert state.turn == 2 and "lusk" not in RULES.pending(state).seats
