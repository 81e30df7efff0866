"""The U.S. items of the second rules audit (issue 19), part one: tiered readiness,
buying into a card's minimum readiness, RT B's counters, proactive CONUS deployments,
and a place's deployment surcharge on commitments. Each test names the rule it enforces
(our words, with the chapter) and plays it through ``legal_intents``/``reduce``."""

import attrs

from hedgemony_tui.games.hedgemony.engine.cards import EffectSpec
from hedgemony_tui.games.hedgemony.engine.game import pending
from hedgemony_tui.games.hedgemony.engine.intents import (
    AcceptRuling,
    BuyBack,
    ChooseLocation,
    CommitForces,
    DoneCommitting,
    InjectEvent,
    Pay,
    PayReadiness,
    PlayCard,
    ProposeAction,
    RuleAction,
    RulingRow,
    SetReadiness,
)
from hedgemony_tui.games.hedgemony.engine.ledger import put_stack
from hedgemony_tui.games.hedgemony.engine.phases import blue
from hedgemony_tui.games.hedgemony.engine.play import apply_effect
from hedgemony_tui.games.hedgemony.engine.state import Stack
from hedgemony_tui.games.hedgemony.engine.terms import Outcome
from tests.hedgemony.turn_helpers import (
    CONTENT,
    act,
    commit,
    fresh,
    last_roll,
    legal,
    red_turn,
    roll,
    signal_all,
    stack_at,
    with_rp,
)


def blue_phase(state=None, rp=None):
    """The U.S. deciding in its Blue phase, its bill paid (RPs set to ``rp`` if given)."""
    state = act(signal_all(state or fresh()), PayReadiness("US"))
    return with_rp(state, "US", rp) if rp is not None else state


def blue_actions(rp=None):
    """The U.S. deciding in the actions part of its Blue phase: every Blue player has
    finished investing (ch. 3: all Blue investments come before any Blue action)."""
    state = blue_phase(rp=rp)
    while pending(state, CONTENT).seat in ("US", "NATO"):
        ends = [i for i in legal(state) if type(i).__name__ == "EndInvestments"]
        if not ends:
            break
        state = act(state, ends[0])
    assert pending(state, CONTENT).seat == "US"
    return state


def with_stacks(state, *stacks, drop=("US", "PRC")):
    """The board with ``drop``'s forces replaced by ``stacks``."""
    return attrs.evolve(state, stacks=tuple(s for s in state.stacks if s.owner not in drop) + stacks)


def at(state, player, location, readiness=None):
    return [
        s for s in state.stacks_of(player) if s.location == location and (readiness is None or s.readiness == readiness)
    ]


# --- 1. Tiered readiness (ch. 14) ------------------------------------------------------------


def test_readiness_is_set_for_any_number_of_ffs_of_a_stack():
    """Ch. 14: the U.S. configures readiness FF by FF (tiered readiness); lowering some of
    a stack's FFs splits it, and the saving shows on the next bill."""
    state = blue_phase()
    conus = stack_at(state, "US", "conus")
    lower = SetReadiness("US", conus.id, 50, 12)
    assert lower in legal(state)
    state = act(state, lower)
    assert sorted((s.ffs, s.readiness) for s in at(state, "US", "conus")) == [(2, 100), (12, 50)]
    # CONUS sustainment: 12 FFs at 50% (X1: 6) + 2 FFs at 100% (2), against 14 at 100% (14).
    assert blue.readiness_bill(state, CONTENT).conus_total == 6 + 2
    # Any number is accepted, not only the listed ones.
    ready = at(state, "US", "conus", 100)[0]
    assert SetReadiness("US", ready.id, 70, 1) not in legal(state)
    state = act(state, SetReadiness("US", ready.id, 70, 1))
    assert sorted((s.ffs, s.readiness) for s in at(state, "US", "conus")) == [(1, 70), (1, 100), (12, 50)]


def test_buying_back_some_ffs_costs_the_row_of_those_ffs_only():
    """Ch. 14 (Fig. 14.3): the one-time cost is read for each group of FFs bought back;
    raising 3 of 14 CONUS FFs from 50% to 100% costs 7 RP (the whole stack: 18)."""
    state = blue_phase(rp=30)
    conus = stack_at(state, "US", "conus")
    state = act(state, SetReadiness("US", conus.id, 50))
    buy = BuyBack("US", conus.id, 100, 3)
    assert buy in legal(state) and BuyBack("US", conus.id, 100) in legal(state)
    assert blue.buyback_price(CONTENT, state.stack(conus.id), 100) == 18
    state = act(state, buy)
    assert state.player("US").rp == 30 - 7
    ready = at(state, "US", "conus", 100)
    assert [(s.ffs, s.bought_back_turn) for s in ready] == [(3, 1)]
    assert state.stack(conus.id).ffs == 11 and state.stack(conus.id).readiness == 50


def incursion(state, us_rp=30):
    """PRC-03 (CRT A) at Taiwan with 3 Chinese M3 FFs committed, the U.S. to respond."""
    state = with_rp(red_turn("PRC", ("PRC-03", "PRC-17", "PRC-28"), state), "US", us_rp)
    state = act(state, PlayCard("PRC", "PRC-03"))
    state = act(state, ChooseLocation("PRC", "taiwan"))
    m3 = next(s for s in state.stacks_of("PRC") if s.mod == 3)
    return act(act(state, CommitForces("PRC", m3.id, 3)), DoneCommitting("PRC"))


def test_ffs_just_committed_may_be_bought_back_and_only_those_pay():
    """Ch. 14: a buy-back may be made whenever the U.S. may act, of the FFs it means to
    fight with, wherever they are at the time (here: just sent to the fight)."""
    state = fresh()
    conus = stack_at(state, "US", "conus")
    state = put_stack(state, attrs.evolve(conus, readiness=50))  # the reserve at 50%
    state = incursion(state)
    assert pending(state, CONTENT).seat == "US"
    rp = state.player("US").rp
    state = commit(state, "US", "conus", 3)  # 3 FFs at 50% flown in: 3 RP on the reactive table
    sent = next(c for c in state.run.blue)
    assert state.player("US").rp == rp - 3 and state.stack(sent.stack).location == "taiwan"
    buy = BuyBack("US", sent.stack, 100)
    assert buy in legal(state)
    state = act(state, buy)
    assert state.player("US").rp == rp - 3 - 10  # overseas table now (they stand in Taiwan): 3 FFs, +50%
    assert state.stack(sent.stack).readiness == 100
    # Buying back part of what was sent splits the commitment too: 3 FFs still fight.
    state = commit(state, "US", "conus", 2)
    second = state.run.blue[-1]
    state = act(state, BuyBack("US", second.stack, 100, 1))
    assert state.run is not None
    assert sum(c.ffs for c in state.run.blue) == 5 and len(state.run.blue) == 3
    assert sorted(state.stack(c.stack).readiness for c in state.run.blue) == [50, 100, 100]
    state = roll(act(state, DoneCommitting("US")), 5)
    # The reactive CONUS table (bought-back forces too), subtotalled by readiness: 4xM3 at
    # 100% = 6 CFs; 1xM3 at 50% = 0 CFs. Had nothing been bought back: 5xM3 at 50% = 2.
    assert "Blue 6 CFs" in last_roll(state).reason


def test_old_whole_stack_intents_still_mean_the_whole_stack():
    state = blue_phase()
    korea = stack_at(state, "US", "korean-peninsula")
    state = act(state, SetReadiness("US", korea.id, 70))
    assert state.stack(korea.id).readiness == 70 and state.stack(korea.id).ffs == 2


# --- 7. Buying back into a card's minimum readiness (ch. 8, 14) --------------------------------


def test_forces_below_the_cards_minimum_may_be_bought_back_into_it():
    """Ch. 8 (EVT-CON-04: U.S. forces must be at 80% or better) and ch. 14 (buy back
    whenever the U.S. may act): with every U.S. stack below the minimum, the U.S. may
    still buy some FFs up to it and send them."""
    state = blue_phase(rp=20)
    for stack in state.stacks_of("US"):
        state = act(state, SetReadiness("US", stack.id, 50))
    state = act(state, InjectEvent("EVT-CON-04"))
    state = act(state, Pay("US", 0))
    assert pending(state, CONTENT).kind == "respond"
    options = legal(state)
    assert not [o for o in options if isinstance(o, CommitForces)]  # nothing eligible yet
    conus = stack_at(state, "US", "conus")
    buy = BuyBack("US", conus.id, 80, 2)  # the card takes 2 FFs: 2 CONUS FFs +30% = 4 RP
    assert buy in options
    state = act(state, buy)
    assert state.player("US").rp == 20 - 4
    ready = at(state, "US", "conus", 80)[0]
    assert CommitForces("US", ready.id, 2) in legal(state)


# --- 2. RT B: one counter per origin (ch. 12) ------------------------------------------------


def rt_b_column(blue_stacks, steps, red=(2, 1)):
    """PRC-01 (RT B) at Taiwan: China sends ``red`` = (FFs, Mod Level) from China, the U.S.
    sends FFs from ``blue_stacks`` one commitment at a time (``steps``: (place, FFs));
    the column read."""
    state = red_turn("PRC", ("PRC-01", "PRC-17", "PRC-28"))
    state = with_stacks(state, *blue_stacks, Stack("PRC-90", "PRC", red[0], red[1], "china", "china"))
    state = with_rp(state, "US", 30)
    state = act(state, PlayCard("PRC", "PRC-01"))
    state = act(state, ChooseLocation("PRC", "taiwan"))
    state = act(act(state, CommitForces("PRC", "PRC-90", red[0])), DoneCommitting("PRC"))
    for place, ffs in steps:
        state = commit(state, "US", place, ffs)
    state = roll(act(state, DoneCommitting("US")), 5)
    return last_roll(state).column


def m4(ffs, place):
    return Stack(f"US-9{len(place)}", "US", ffs, 4, place, place)


def test_chapter_12_examples_through_the_engine():
    """Ch. 12: the column comes from the ratio of FFs, rounded down (Mod Levels do not
    count); each counter arriving from out of area counts half its FFs, rounded up, on
    its first turn."""
    # 3 Blue M4 against 2 Red M1, both in the AOR: parity.
    assert rt_b_column([m4(3, "japan")], [("japan", 3)]) == "parity"
    # 5 Blue M4 against 2 Red M2, both in the AOR: Blue advantage.
    assert rt_b_column([m4(5, "japan")], [("japan", 5)], red=(2, 2)) == "blue-advantage"
    # 5 Blue M4 from another AOR against 2 Red M1: 5 / 2 rounded up = 3 against 2, parity.
    assert rt_b_column([m4(5, "conus")], [("conus", 5)]) == "parity"


def test_ffs_sent_from_one_place_in_several_steps_are_one_counter():
    """Ch. 12 halves each counter arriving from out of area: five 1-FF commitments from
    CONUS are one 5-FF counter (3 FFs), not five halves rounded up (5 FFs)."""
    assert rt_b_column([m4(5, "conus")], [("conus", 1)] * 5) == "parity"
    # Two places are two counters: 3 FFs from CONUS (2) and 2 from Europe, an adjacent
    # AOR (1): 3 against 2, parity. (Counted as one 5-FF counter they would read 3, too;
    # as five single FFs, 5: Blue advantage.)
    assert (
        rt_b_column([m4(3, "conus"), m4(2, "europe")], [("conus", 1), ("europe", 1), ("conus", 2), ("europe", 1)])
        == "parity"
    )
    # 1 + 1 from two places is 2 counters of 1 (1 + 1 = 2 against 1: Blue advantage).
    assert rt_b_column([m4(1, "conus"), m4(1, "europe")], [("conus", 1), ("europe", 1)], red=(1, 1)) == "blue-advantage"


# --- 6. Proactive deployments from CONUS (ch. 9, 10) -------------------------------------------


def test_a_us_card_in_its_own_phase_deploys_from_conus_at_the_proactive_price():
    """Ch. 9: a CONUS deployment during the U.S. player's own Investments and Actions
    phase uses the proactive table (3 FFs: 2 RP, not the reactive 3), one deployment per
    destination AOR."""
    state = blue_actions(rp=20)
    state = act(state, PlayCard("US", "US-E01"))
    state = act(state, ChooseLocation("US", "south-china-sea"))
    rp = state.player("US").rp
    state = commit(state, "US", "conus", 3)
    assert state.player("US").rp == rp - 2
    assert state.run.blue[-1].proactive and state.run.blue[-1].source == "conus"
    state = commit(state, "US", "conus", 2)  # the same deployment grows to 5 FFs: 3 RP in all
    assert state.player("US").rp == rp - 3


def test_forces_sent_ahead_from_conus_count_on_the_in_theater_table():
    """Ch. 10: the CONUS-Sourced Reactive table is for forces deployed from CONUS in
    reaction; a U.S. free-play combat action in its own phase counts the forces it sends
    from CONUS on the In-Theater table (3xM3: 7 CFs, not 5)."""
    state = blue_actions(rp=20)
    state = act(state, ProposeAction("US", "japan", "Strike on a forward base", "combat"))
    rows = tuple(RulingRow(o.value, b, -b) for o, b in zip(Outcome, (-2, -1, 0, 1, 2)))
    state = act(state, RuleAction("crt-a", "PRC", cost=2, rows=rows, unopposed_ip=-1, title="combat operation"))
    state = act(state, AcceptRuling("US"))  # the proposer accepts the ruling it has read
    state = act(commit(state, "US", "conus", 3), DoneCommitting("US"))
    china = next(s for s in state.stacks_of("PRC") if s.mod == 3)
    state = act(act(state, CommitForces("PRC", china.id, 1)), DoneCommitting("PRC"))
    state = roll(state, 5)
    assert "Blue 7 CFs" in last_roll(state).reason


def test_answering_an_event_in_the_blue_phase_stays_reactive():
    """Ch. 9: forces sent from CONUS in reaction to an event use the reactive table."""
    state = blue_phase(rp=20)
    state = act(state, InjectEvent("EVT-CON-04"))
    state = act(state, Pay("US", 0))
    rp = state.player("US").rp
    state = commit(state, "US", "conus", 2)
    assert state.player("US").rp == rp - 2 and not state.run.blue[-1].proactive


# --- 16. EVT-POL-19's surcharge on commitments (ch. 8, 9) ---------------------------------------


def iraq_answer(surcharge):
    """IR-E02's launch succeeds at Iraq; the U.S. answers with its FF from Afghanistan."""
    state = red_turn("IR", ("IR-E02", "IR-RD", "IR-PROC"), rp=8)
    if surcharge:
        state = apply_effect(state, "US", EffectSpec("US", "cost", "deploy:iraq", 1, 2), "EVT-POL-19", False)
    state = roll(act(state, PlayCard("IR", "IR-E02")), 7)
    state = act(state, ChooseLocation("IR", "iraq"))
    state = act(commit(state, "IR", "iran", 1), DoneCommitting("IR"))
    rp = state.player("US").rp
    return rp - commit(state, "US", "afghanistan", 1).player("US").rp


def test_the_ankara_surcharge_applies_to_forces_sent_to_answer_a_card():
    """EVT-POL-19: the U.S. pays 1 more RP to deploy FFs to Iraq for two turns: a move from
    Afghanistan to Iraq (free inside CENTCOM) costs 1 RP, whether posture or response."""
    assert iraq_answer(surcharge=False) == 0
    assert iraq_answer(surcharge=True) == 1
