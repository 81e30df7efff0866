"""The U.S. items of the second rules audit (issue 19), part two: emergency funding on
appeal, modernizing FFs of several stacks, procuring any number at any Mod Levels, and
EVT-US-01's rounding. Each test names the rule it enforces (our words, with the
chapter) and plays it through ``legal_intents``/``reduce``."""

import pytest

from hedgemony_tui.games.hedgemony.engine.game import pending
from hedgemony_tui.games.hedgemony.engine.intents import (
    AppealForFunding,
    ChooseLocation,
    CommitForces,
    DoneCommitting,
    GrantEmergencyFunding,
    InjectEvent,
    Modernize,
    ModernizePick,
    PayReadiness,
    PlayCard,
    Procure,
    ProcureLine,
    RefuseFunding,
    RollForFunding,
)
from hedgemony_tui.table.errors import IllegalIntent
from tests.hedgemony.turn_helpers import CONTENT, act, fresh, legal, red_turn, roll, signal_all, stack_at, with_rp


def blue_phase(rp=None, state=None):
    state = act(signal_all(state or fresh()), PayReadiness("US"))
    return with_rp(state, "US", rp) if rp is not None else state


# --- 5. Emergency funding on appeal (ch. 3, 14) ----------------------------------------------


def broke_us_answering():
    """PRC-03 (CRT A) at Taiwan, China's forces in; the U.S., with no RP left, to respond."""
    state = with_rp(red_turn("PRC", ("PRC-03", "PRC-17", "PRC-28")), "US", 0)
    state = act(state, PlayCard("PRC", "PRC-03"))
    state = act(state, ChooseLocation("PRC", "taiwan"))
    m3 = next(s for s in state.stacks_of("PRC") if s.mod == 3)
    return act(act(state, CommitForces("PRC", m3.id, 3)), DoneCommitting("PRC"))


def test_the_us_short_of_rps_to_answer_a_red_action_may_appeal_and_be_granted():
    """Ch. 3 and 14: a U.S. player without the RPs to answer a Red action may appeal to the
    White Cell for emergency funding; the White Cell decides whether and how much."""
    state = broke_us_answering()
    appeals = [o for o in legal(state) if isinstance(o, AppealForFunding)]
    # Its shortfalls for the responses open to it: the FF in Europe (1 RP: one OCONUS move)
    # up to all 14 CONUS FFs (11 RP on the reactive table); the smallest and the largest.
    assert appeals == [AppealForFunding("US", 1), AppealForFunding("US", 11)]
    state = act(state, AppealForFunding("US", 5))  # any amount up to a turn's allocation
    decision = pending(state, CONTENT)
    assert (decision.seat, decision.kind) == ("WHITE", "appeal")
    assert set(legal(state)) == {
        GrantEmergencyFunding("US", 5),
        GrantEmergencyFunding("US", 3),
        GrantEmergencyFunding("US", 1),
        RollForFunding(),
        RefuseFunding(),
    }
    state = act(state, GrantEmergencyFunding("US", 4))  # an amount of its choosing
    assert state.player("US").rp == 4 and state.appeal is None
    assert pending(state, CONTENT).seat == "US"
    assert not [o for o in legal(state) if isinstance(o, AppealForFunding)]  # once per card
    assert CommitForces("US", stack_at(state, "US", "conus").id, 3) in legal(state)  # 3 RP: now affordable


def test_the_white_cell_may_refuse_or_let_a_die_decide():
    """Ch. 3: such funding is the exception; whether to grant it, and how much, may be
    decided by a die (our reading: 0-3 nothing, 4-6 half rounded up, 7-9 all)."""
    refused = act(act(broke_us_answering(), AppealForFunding("US", 5)), RefuseFunding())
    assert refused.player("US").rp == 0 and refused.appeal is None
    for face, granted in ((3, 0), (4, 3), (6, 3), (7, 5)):
        state = act(act(broke_us_answering(), AppealForFunding("US", 5)), RollForFunding())
        assert pending(state, CONTENT).kind == "roll" and state.roll_request.roller == "WHITE"
        state = roll(state, face)
        assert state.player("US").rp == granted and state.appeal is None, face
    with pytest.raises(IllegalIntent):
        act(act(broke_us_answering(), AppealForFunding("US", 5)), GrantEmergencyFunding("US", 31))


def test_no_appeal_with_the_rps_to_answer_or_outside_an_answer():
    state = with_rp(broke_us_answering(), "US", 30)
    assert not [o for o in legal(state) if isinstance(o, AppealForFunding)]
    assert not [o for o in legal(blue_phase(rp=0)) if isinstance(o, AppealForFunding)]
    with pytest.raises(IllegalIntent):
        act(blue_phase(rp=0), AppealForFunding("US", 3))


def test_an_event_may_be_answered_with_emergency_funding_too():
    """Ch. 3: the appeal covers a response to an International Event as well."""
    state = act(blue_phase(rp=0), InjectEvent("EVT-CON-04"))
    assert pending(state, CONTENT).kind == "offer"  # the U.S. may buy Nigeria a CF for 1 RP
    assert AppealForFunding("US", 1) in legal(state)


# --- 8. Modernization: which FFs on the board (ch. 13) ----------------------------------------


def test_a_modernization_names_ffs_of_several_stacks_priced_as_one_group():
    """Ch. 13: the player names which FFs on the board to modernize, up to the card's
    percentage (rounded down); the number of FFs is looked up once on Table 13.2."""
    state = blue_phase(rp=20)
    conus, korea, japan = (stack_at(state, "US", p) for p in ("conus", "korean-peninsula", "japan"))
    # 20 U.S. FFs: 20% is 4. Two from CONUS, both in Korea: +1 for 4 FFs = 4 RP.
    intent = Modernize("US", "US-MOD", conus.id, 2, (ModernizePick(korea.id, 2),))
    state = act(state, intent)
    assert state.player("US").rp == 20 - 4
    assert state.stack(korea.id).mod == 4
    assert sorted((s.ffs, s.mod) for s in state.stacks_of("US") if s.location == "conus") == [(2, 4), (12, 3)]
    # The lists offer such picks too (the cap's worth led by each stack).
    offered = [o for o in legal(blue_phase(rp=20)) if isinstance(o, Modernize) and o.more]
    assert offered and all(sum(p.ffs for p in o.picks) <= 4 for o in offered)
    with pytest.raises(IllegalIntent, match="at most 4 FFs"):
        act(
            blue_phase(rp=20),
            Modernize("US", "US-MOD", conus.id, 3, (ModernizePick(japan.id, 1), ModernizePick(korea.id, 1))),
        )


# --- 9. Procurement: any number at any Mod Levels (ch. 8, 13) ---------------------------------


def test_procurement_buys_any_number_of_ffs_at_several_mod_levels():
    """Ch. 13: specify the number of FFs to buy and their Mod Levels, none above the
    National Tech Level; each is read on Table 13.1 (past its last row: rule X2)."""
    state = blue_phase(rp=60)
    before = state.ffs_of("US")
    state = act(state, Procure("US", "US-PROC", 12, 1))  # 10 FFs: 20, 2 FFs: 4
    assert state.player("US").rp == 60 - 24 and state.ffs_of("US") == before + 12
    state = blue_phase(rp=60)
    state = act(state, Procure("US", "US-PROC", 2, 4, (ProcureLine(3, 1),)))  # 10 + 6
    assert state.player("US").rp == 60 - 16
    assert sorted((s.ffs, s.mod) for s in state.stacks_of("US") if s.procured_turn == 1) == [(2, 4), (3, 1)]
    assert Procure("US", "US-PROC", 15, 1) in legal(blue_phase(rp=60))
    with pytest.raises(IllegalIntent, match="National Tech Level"):
        act(blue_phase(rp=60), Procure("US", "US-PROC", 2, 4, (ProcureLine(1, 5),)))


# --- 10. EVT-US-01: 25% off, rounded down, at least 1 RP ---------------------------------------


def discounted_blue_phase():
    state = roll(act(fresh(), InjectEvent("EVT-US-01")), 5)  # public
    return blue_phase(rp=20, state=state)


def test_evt_us_01_takes_a_quarter_off_rounding_the_price_down():
    """EVT-US-01 (Fig. 8.12): modernization costs 25% less, rounded down, never below 1 RP:
    2 FFs (+1, 2 RP) cost 1 RP, and the discount is then used up."""
    state = discounted_blue_phase()
    conus = stack_at(state, "US", "conus")
    state = act(state, Modernize("US", "US-MOD", conus.id, 2))
    assert state.player("US").rp == 20 - 1
    assert not [e for e in state.effects if e.kind == "discount"]


def test_evt_us_01_is_kept_when_it_saves_nothing():
    """1 FF costs 1 RP, and 1 RP is the floor: the discount saves nothing and is kept."""
    state = discounted_blue_phase()
    state = act(state, Modernize("US", "US-MOD", stack_at(state, "US", "japan").id, 1))
    assert state.player("US").rp == 20 - 1
    assert [e.value for e in state.effects if e.kind == "discount"] == [25]
