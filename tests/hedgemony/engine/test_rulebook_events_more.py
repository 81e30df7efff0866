"""The rest of chapter 8's event cards (Figures 7.4-7.6 and 8.13-8.28) injected and played
through the engine: each test sets up the printed situation and checks the numbers the
figure prints - IPs and RPs per player, the table and column read, and every lasting
effect with the turns it holds ("Multi-Turn Outcomes": the first turn is the rest of the
current one)."""

import attrs

from hedgemony_tui.games.hedgemony.engine.game import pending
from hedgemony_tui.games.hedgemony.engine.intents import (
    Choose,
    CommitForces,
    DoneCommitting,
    EndPhase,
    InjectEvent,
    Pay,
    PayReadiness,
    PlayCard,
    SeekLead,
)
from hedgemony_tui.games.hedgemony.engine.play import card_cost, why_not_playable
from hedgemony_tui.games.hedgemony.engine.state import Phase
from hedgemony_tui.games.hedgemony.engine.view import view
from tests.hedgemony.turn_helpers import (
    CONTENT,
    act,
    commit,
    delta,
    fresh,
    ips,
    last_roll,
    legal,
    pass_until,
    roll,
    rps,
    stack_at,
    to_red_phase,
)


def effects_of(state, player, source):
    return [
        (e.kind, e.family, e.value, e.first_turn, e.last_turn)
        for e in state.effects
        if e.player == player and e.source == source
    ]


def next_turn(state, face=5):
    """Play on to the next turn's Blue phase (every player passing, budget die ``face``),
    stopping early if a card that goes on comes back into play."""
    turn = state.turn
    return pass_until(state, lambda s: s.turn > turn and (s.phase is Phase.BLUE or s.run is not None), face)


# --- Figure 8.18: South Sudan, forces add to the roll and the card goes on once -----------


def test_evt_con_02_each_peacekeeper_adds_two_and_the_card_is_rerolled_once():
    state = act(fresh(), InjectEvent("EVT-CON-02"))
    assert pending(state, CONTENT).kind == "respond"
    state = act(commit(state, "US", "conus", 1), DoneCommitting("US"))
    state = act(commit(state, "NATO", "europe", 1), DoneCommitting("NATO"))
    state = act(state, DoneCommitting("PRC"))
    before = ips(state)
    state = roll(state, 3)  # 3 + 2 x 2 FFs = 7: the killing goes on
    assert last_roll(state).total == 7 and last_roll(state).roller == "US"
    assert delta(ips(state), before, ("US", "NATO", "PRC")) == {"US": -1, "NATO": -1, "PRC": 0}
    assert [r.card for r in state.ongoing] == ["EVT-CON-02"]
    state = next_turn(state)
    assert state.turn == 2 and state.run is not None and state.run.card == "EVT-CON-02"
    while pending(state, CONTENT).kind == "respond":  # no one adds forces
        state = act(state, DoneCommitting(pending(state, CONTENT).seat))
    before = ips(state)
    state = roll(state, 4)  # 4 + 4 = 8: the killing stops; +2 for each player that sent forces
    assert delta(ips(state), before, ("US", "NATO", "PRC")) == {"US": 2, "NATO": 2, "PRC": 0}
    assert state.run is None and not state.ongoing


def test_evt_con_02_ends_by_itself_after_the_second_turn():
    state = act(fresh(), InjectEvent("EVT-CON-02"))
    for seat in ("US", "NATO", "PRC"):
        state = act(state, DoneCommitting(seat))
    state = roll(state, 0)
    state = next_turn(state)
    for seat in ("US", "NATO", "PRC"):
        state = act(state, DoneCommitting(seat))
    before = ips(state)
    state = roll(state, 0)  # still 0-7: the loss again, but no third roll
    assert delta(ips(state), before, ("US", "NATO")) == {"US": -1, "NATO": -1}
    assert state.run is None and not state.ongoing


# --- Figure 8.19: Boko Haram, scripted forces on CRT A ------------------------------------


def test_evt_con_04_us_buys_a_cf_and_reads_crt_a_with_the_scripted_forces():
    state = act(fresh(), InjectEvent("EVT-CON-04"))
    assert set(legal(state)) == {Pay("US", 0), Pay("US", 1)}
    rp = state.player("US").rp
    state = act(state, Pay("US", 1))
    assert state.player("US").rp == rp - 1
    assert all(i.ffs <= 2 for i in legal(state) if isinstance(i, CommitForces))  # up to 2 FFs
    state = act(commit(state, "US", "conus", 2), DoneCommitting("US"))
    before = ips(state)
    state = roll(state, 6)
    record = last_roll(state)
    # Nigeria 1 + 1 bought + U.S. 2xM3 from CONUS (reactive: 3 CFs) = 5 against Boko Haram's 2:
    # 2.5, rounded down 2:1 for Blue. SOF: U.S. 3 against none = +3.
    assert (record.table, record.column) == ("crt-a", "blue-2:1")
    assert "Blue 5 CFs" in record.reason and "Red 2 CFs" in record.reason
    assert [t.value for t in record.modifiers] == [3]
    assert record.total == 9 and record.result == "blue-major"
    assert delta(ips(state), before, ("US",)) == {"US": 2}
    sent = [s for s in state.stacks_of("US") if s.location == "nigeria"]
    assert sent and all(s.pinned_through == 1 for s in sent)  # pinned until the end of the turn


def test_evt_con_04_staying_out_costs_two_and_there_is_no_roll():
    state = act(fresh(), InjectEvent("EVT-CON-04"))
    before = ips(state)
    state = act(act(state, Pay("US", 0)), DoneCommitting("US"))
    assert state.run is None and state.roll_request is None
    assert delta(ips(state), before, ("US",)) == {"US": -2}


def test_evt_con_04_a_stalemate_is_rolled_again_next_turn():
    state = act(fresh(), InjectEvent("EVT-CON-04"))
    state = act(commit(act(state, Pay("US", 0)), "US", "conus", 1), DoneCommitting("US"))
    before = ips(state)
    state = roll(state, 0)  # Blue 1 + 1 (1xM3 reactive) = 2 vs 2: 1:1; 0 + 3 = 3: status quo
    assert (last_roll(state).column, last_roll(state).result) == ("1:1", "status-quo")
    assert ips(state) == before and [r.card for r in state.ongoing] == ["EVT-CON-04"]


# --- Figure 8.21: Yemen, both sides may send up to 2 FFs ----------------------------------


def test_evt_con_14_crt_a_with_allies_houthis_and_sof_on_both_sides():
    state = act(fresh(), InjectEvent("EVT-CON-14"))
    state = act(commit(state, "US", "iraq", 1), DoneCommitting("US"))
    assert all(i.ffs <= 2 for i in legal(state) if isinstance(i, CommitForces))
    state = act(commit(state, "IR", "iran", 2), DoneCommitting("IR"))
    before = ips(state)
    state = roll(state, 5)
    record = last_roll(state)
    # Blue: allies 2 + 1xM3 in theater; Red: Houthis 1 + 2xM2. SOF: U.S. 3 - Iran 1 = +2.
    assert record.table == "crt-a" and [t.value for t in record.modifiers] == [2]
    row = CONTENT.card("EVT-CON-14").contest.outcomes
    from hedgemony_tui.games.hedgemony.engine.terms import Outcome

    expected = row[Outcome(record.result)].ip
    assert delta(ips(state), before, ("US", "IR")) == {"US": expected.get("US", 0), "IR": expected.get("IR", 0)}
    assert record.total == 7


def test_evt_con_14_us_sending_nothing_loses_two():
    state = act(fresh(), InjectEvent("EVT-CON-14"))
    before = ips(state)
    state = act(act(state, DoneCommitting("US")), DoneCommitting("IR"))
    assert state.run is None and state.roll_request is None
    assert delta(ips(state), before, ("US", "IR")) == {"US": -2, "IR": 0}


# --- Figure 8.22: India-Pakistan ----------------------------------------------------------


def test_evt_con_16_afghanistan_readiness_and_chinas_support_for_pakistan():
    from hedgemony_tui.games.hedgemony.engine.phases.blue import readiness_due as readiness_bill

    base = readiness_bill(fresh(), CONTENT)
    state = act(fresh(), InjectEvent("EVT-CON-16"))
    assert set(legal(state)) == {Pay("PRC", 0), Pay("PRC", 1)}
    before_ip, before_rp = ips(state), rps(state)
    state = act(state, Pay("PRC", 1))
    assert delta(ips(state), before_ip, ("PRC", "US")) == {"PRC": 1, "US": -1}
    assert delta(rps(state), before_rp, ("PRC",)) == {"PRC": -1}
    assert effects_of(state, "US", "EVT-CON-16") == [("readiness", "at:afghanistan", 1, 1, 2)]
    assert readiness_bill(state, CONTENT) == base + 1  # 1 U.S. FF in Afghanistan, +1 RP
    assert readiness_bill(attrs.evolve(state, turn=3), CONTENT) == base


def test_evt_con_16_china_may_stay_out():
    state = act(fresh(), InjectEvent("EVT-CON-16"))
    before = ips(state)
    state = act(state, Pay("PRC", 0))
    assert ips(state) == before and state.run is None


# --- Figure 8.26: Silk Road bombings, Red against Red ------------------------------------


def silk_road(prc_face=8, ru_face=2):
    state = act(fresh(), InjectEvent("EVT-CON-24"))
    state = act(act(state, SeekLead("PRC", True)), SeekLead("RU", True))
    assert pending(state, CONTENT).kind == "roll"
    return roll(roll(state, prc_face), ru_face)


def test_evt_con_24_roll_off_then_the_leader_buys_influence_and_sends_an_ff():
    state = silk_road()
    assert state.run.leader == "PRC"
    assert set(legal(state)) == {Pay("PRC", 0), Pay("PRC", 1)}  # only the winner is offered
    before = ips(state)
    state = act(state, Pay("PRC", 1))
    assert delta(ips(state), before, ("PRC",)) == {"PRC": 1}
    assert max(i.ffs for i in legal(state) if isinstance(i, CommitForces)) == 1
    state = act(commit(state, "PRC", "china", 1), DoneCommitting("PRC"))
    assert pending(state, CONTENT).seat == "RU"  # the loser may counter with 1 FF
    before = ips(state)
    state = act(state, DoneCommitting("RU"))  # it does not: +1 IP for the FF, no roll
    assert delta(ips(state), before, ("PRC", "RU")) == {"PRC": 1, "RU": 0}
    assert state.run is None and state.roll_request is None


def test_evt_con_24_countered_the_bands_decide_and_forces_stay_while_status_quo():
    state = silk_road(prc_face=1, ru_face=6)
    assert state.run.leader == "RU"
    state = act(state, Pay("RU", 0))
    state = act(commit(state, "RU", "russia", 1), DoneCommitting("RU"))
    state = act(commit(state, "PRC", "china", 1), DoneCommitting("PRC"))
    before = ips(state)
    state = roll(state, 4)  # 3-6: status quo; the card goes on, forces pinned
    assert ips(state) == before and [r.card for r in state.ongoing] == ["EVT-CON-24"]
    held = [s for s in state.stacks if s.location == "central-asia"]
    assert {s.owner for s in held} == {"PRC", "RU"} and all(s.pinned_through >= 2 for s in held)
    state = next_turn(state)
    while pending(state, CONTENT).kind != "roll":
        state = act(
            state, next(i for i in legal(state) if isinstance(i, (DoneCommitting, Pay)) and not getattr(i, "rp", 0))
        )
    before = ips(state)
    state = roll(state, 1)  # 0-2: Russia +1, forces released
    assert delta(ips(state), before, ("PRC", "RU")) == {"PRC": 0, "RU": 1}
    assert state.run is None and not state.ongoing
    assert all(s.pinned_through == 0 for s in state.stacks if s.location == "central-asia")


# --- Figure 8.28: FARC 2 ---------------------------------------------------------------


def test_evt_con_35_declining_costs_two_and_the_table_is_still_rolled():
    state = act(fresh(), InjectEvent("EVT-CON-35"))
    assert set(legal(state)) == {Pay("US", r) for r in (0, 1, 2)}
    before = ips(state)
    state = act(act(state, Pay("US", 0)), DoneCommitting("US"))
    state = roll(state, 9)
    record = last_roll(state)
    # Colombia 1 CF against FARC 2's 2: 2:1 for Red; no U.S. forces, so no capabilities.
    assert (record.table, record.column, record.total) == ("crt-a", "red-2:1", 9)
    assert record.result == "blue-minor"
    assert delta(ips(state), before, ("US",)) == {"US": -2 + 1}


def test_evt_con_35_status_quo_goes_on_and_the_us_may_add_later():
    state = act(fresh(), InjectEvent("EVT-CON-35"))
    state = act(state, Pay("US", 1))
    state = act(commit(state, "US", "conus", 1), DoneCommitting("US"))
    before = ips(state)
    state = roll(state, 0)
    record = last_roll(state)
    # Colombia 1 + 1 bought + 1xM3 reactive (2 CFs) = 4 against 2: 2:1 for Blue.
    # Best of SOF/C4ISR 3 - none = +3: 0 + 3 = 3 reads status quo.
    assert (record.column, record.total, record.result) == ("blue-2:1", 3, "status-quo")
    assert ips(state) == before  # it paid and sent forces: no penalty
    assert [r.card for r in state.ongoing] == ["EVT-CON-35"]
    state = next_turn(state)
    assert state.run.card == "EVT-CON-35"
    assert set(legal(state)) == {Pay("US", 0), Pay("US", 1)}  # one more CF may be bought (2 in all)
    state = act(state, Pay("US", 1))
    assert max(i.ffs for i in legal(state) if isinstance(i, CommitForces)) == 1  # 2 FFs in all
    state = act(state, DoneCommitting("US"))
    state = roll(state, 5)
    assert "Blue 5 CFs" in last_roll(state).reason


# --- Figure 8.17: Kim dies -------------------------------------------------------------


def test_evt_dprk_06_unopposed_each_candidate_takes_its_worst_column():
    for face, loss in ((8, -1), (9, -2), (0, -6), (5, 2)):
        state = act(fresh(), InjectEvent("EVT-DPRK-06"))
        state = act(act(state, SeekLead("US", False)), SeekLead("PRC", False))
        assert pending(state, CONTENT).seat == "DPRK"  # DPRK rolls
        before = ips(state)
        state = roll(state, face)
        assert last_roll(state).table == "card"
        assert delta(ips(state), before, ("US", "PRC", "DPRK")) == {"US": loss, "PRC": loss, "DPRK": 0}, face


def test_evt_dprk_06_the_responder_sends_at_least_two_pinned_for_four_turns():
    state = act(fresh(), InjectEvent("EVT-DPRK-06"))
    state = act(act(state, SeekLead("US", True)), SeekLead("PRC", False))
    assert state.run.leader == "US"
    assert {
        i.ffs
        for i in legal(state)
        if isinstance(i, CommitForces) and i.stack == stack_at(state, "US", "korean-peninsula").id
    } == {1, 2}
    state = commit(state, "US", "korean-peninsula", 1)
    assert DoneCommitting("US") not in legal(state)  # at least 2
    state = act(commit(state, "US", "japan", 1), DoneCommitting("US"))
    sent = {c.stack for c in state.run.blue}
    before = ips(state)
    state = roll(state, 9)
    assert delta(ips(state), before, ("US", "PRC")) == {"US": 3, "PRC": -2}
    assert len(sent) == 2 and all(state.stack(sid).pinned_through == 5 for sid in sent)  # this turn and the next four
    assert all(s.pinned_through == 0 for s in state.stacks_of("US") if s.id not in sent)


# --- Figures 8.13-8.17: domestic events -----------------------------------------------


def test_evt_nato_05_raises_c4isr_but_never_past_the_us():
    state = act(fresh(), InjectEvent("EVT-NATO-05"))
    state = roll(state, 6)  # public
    assert state.player("NATO").capabilities["C4ISR"] == 3  # the U.S. is at 3 too
    ahead = fresh()
    us = ahead.player("US")
    ahead = attrs.evolve(
        ahead,
        players=tuple(
            attrs.evolve(p, capabilities={**p.capabilities, "C4ISR": 4}) if p.id == "US" else p for p in ahead.players
        ),
    )
    state = roll(act(ahead, InjectEvent("EVT-NATO-05")), 6)
    assert state.player("NATO").capabilities["C4ISR"] == 4 and state.player("NATO").shown_capabilities["C4ISR"] == 4
    assert us.capabilities["C4ISR"] == 3
    hidden = roll(act(ahead, InjectEvent("EVT-NATO-05")), 2)  # 0-3: private
    assert hidden.player("NATO").capabilities["C4ISR"] == 4
    assert view(hidden, "RU").player("NATO").shown_capabilities["C4ISR"] == 3
    assert [(s.player, s.capability, s.reveal_turn) for s in hidden.secrets] == [("NATO", "C4ISR", 4)]


def test_evt_ir_10_the_white_cell_rules_whom_iran_blames():
    state = act(fresh(), InjectEvent("EVT-IR-10"))
    assert pending(state, CONTENT).seat == "WHITE"
    assert set(legal(state)) == {Choose("WHITE", "isis"), Choose("WHITE", "saudi-us")}
    state = act(state, Choose("WHITE", "saudi-us"))
    assert sorted(effects_of(state, "IR", "EVT-IR-10")) == [
        ("commit-ip", "vs:US", 2, 1, 1),
        ("roll", "infrastructure", -2, 1, 1),
    ]
    isis = act(act(fresh(), InjectEvent("EVT-IR-10")), Choose("WHITE", "isis"))
    assert sorted(effects_of(isis, "IR", "EVT-IR-10")) == [
        ("commit-ip", "at:iraq", 2, 1, 1),
        ("commit-ip", "at:syria", 2, 1, 1),
        ("roll", "infrastructure", -2, 1, 1),
    ]


def test_evt_ir_10_iran_earns_two_for_using_forces_against_the_us_this_turn():
    state = act(act(fresh(), InjectEvent("EVT-IR-10")), Choose("WHITE", "saudi-us"))
    state = to_red_phase(state)
    state = attrs.evolve(state, signals={**state.signals, "IR": ("IR-09", "IR-RD", "IR-PROC")})
    while state.queue[0] != "IR":
        state = act(state, EndPhase(state.queue[0]))
    state = act(state, PlayCard("IR", "IR-09"))
    state = act(state, next(i for i in legal(state) if getattr(i, "location", "") == "iraq"))
    before = ips(state)["IR"]
    state = commit(state, "IR", "iran", 1)
    assert state.player("IR").ip == before + 2


def test_evt_prc_13_collision_costs_an_ip_and_three_on_economic_rolls_through_next_turn():
    state = act(fresh(), InjectEvent("EVT-PRC-13"))
    assert state.player("PRC").ip == 40 - 1
    assert effects_of(state, "PRC", "EVT-PRC-13") == [("roll", "economic-development", -3, 1, 2)]
    state = to_red_phase(state)
    state = act(state, EndPhase("RU"))
    state = roll(act(state, PlayCard("PRC", "PRC-17")), 9)  # 9 - 3 = 6: minor success only
    assert last_roll(state).total == 6 and last_roll(state).result == "Minor success"


def test_evt_prc_15_party_congress_cuts_pressure_and_incursion_costs_for_two_turns():
    state = act(fresh(), InjectEvent("EVT-PRC-15"))
    cards = {cid: CONTENT.card(cid) for cid in ("PRC-01", "PRC-03")}
    us_ally = [c for c in CONTENT.deck("PRC") if "us-ally" in c.families]
    assert us_ally
    for turn in (1, 2):
        later = attrs.evolve(state, turn=turn)
        assert card_cost(later, CONTENT, "PRC", cards["PRC-01"]) == 3 - 1
        assert card_cost(later, CONTENT, "PRC", cards["PRC-03"]) == 4 - 2
        assert all(card_cost(later, CONTENT, "PRC", c) == c.cost - 1 for c in us_ally)
    third = attrs.evolve(state, turn=3)
    assert card_cost(third, CONTENT, "PRC", cards["PRC-01"]) == 3
    assert card_cost(third, CONTENT, "PRC", cards["PRC-03"]) == 4


def test_evt_dprk_04_adds_one_to_the_next_missile_test_only():
    state = act(fresh(), InjectEvent("EVT-DPRK-04"))
    assert effects_of(state, "DPRK", "EVT-DPRK-04") == [("roll", "missile-test", 1, 1, 99)]
    state = to_red_phase(state)
    state = attrs.evolve(state, signals={**state.signals, "DPRK": ("DPRK-E01", "DPRK-RD", "DPRK-PROC")})
    while state.queue[0] != "DPRK":
        state = act(state, EndPhase(state.queue[0]))
    state = roll(act(state, PlayCard("DPRK", "DPRK-E01")), 3)  # 3 + 1 = 4: the test succeeds
    test = next(e.roll for e in state.log if e.roll and "DPRK-E01" in e.roll.reason)
    assert test.total == 4 and test.result == "Success"
    assert not effects_of(state, "DPRK", "EVT-DPRK-04")  # used up


def test_evt_ir_04_private_rp_and_ip_land_next_turn():
    state = act(fresh(), InjectEvent("EVT-IR-04"))
    state = roll(state, 2)  # 0-3: private
    before_ip = state.player("IR").ip
    assert [(s.turn, s.target, s.amount, s.private) for s in state.scheduled if s.player == "IR"] == [
        (2, "ip", 1, True),
        (2, "rp", -1, True),
    ]
    assert not any("IR" in e.text and "scheduled" == e.kind for e in view(state, "US").log)
    state = next_turn(state)
    assert state.player("IR").ip == before_ip + 1
    landed = [
        c.delta for e in state.log if e.turn == 2 and "EVT-IR-04" in e.text for c in e.changes if c.player == "IR"
    ]
    assert sorted(landed) == [-1, 1]


def test_evt_ru_04_costs_russia_one_rp():
    state = act(fresh(), InjectEvent("EVT-RU-04"))
    assert state.player("RU").rp == 15 - 1 and state.run is None


def test_evt_ru_13_plus_three_on_tech_rolls_for_the_next_two_turns():
    state = roll(act(fresh(), InjectEvent("EVT-RU-13")), 8)  # public
    assert effects_of(state, "RU", "EVT-RU-13") == [("roll", "tech", 3, 2, 3)]
    state = next_turn(state)
    state = act(state, PayReadiness("US")) if pending(state, CONTENT).kind == "readiness" else state
    state = act(act(state, EndPhase("US")), EndPhase("NATO"))
    state = attrs.evolve(state, signals={**state.signals, "RU": ("RU-05", "RU-17", "RU-RD")})
    state = roll(act(state, PlayCard("RU", "RU-RD")), 2)
    record = last_roll(state)
    assert record.total == 5 and [t.value for t in record.modifiers] == [3]


def test_evt_prc_02_no_lrf_upgrade_this_turn_or_next():
    state = roll(act(fresh(), InjectEvent("EVT-PRC-02")), 7)
    assert effects_of(state, "PRC", "EVT-PRC-02") == [("block", "lrf", 0, 1, 2)]
    lrf = next(c for c in CONTENT.deck("PRC") if c.resolution == "upgrade" and c.capability == "LRF")
    for turn, blocked in ((1, True), (2, True), (3, False)):
        later = attrs.evolve(state, turn=turn, phase=Phase.RED, signals={"PRC": (lrf.id,)})
        reason = why_not_playable(later, CONTENT, "PRC", lrf) or ""
        assert ("forbids" in reason) is blocked, (turn, reason)


def test_evt_prc_08_next_c4isr_upgrade_two_cheaper_once():
    state = roll(act(fresh(), InjectEvent("EVT-PRC-08")), 1)  # private
    prc24 = CONTENT.card("PRC-24")
    assert card_cost(state, CONTENT, "PRC", prc24) == 4 - 2
    assert not any("EVT-PRC-08" in e.text for e in view(state, "US").log if e.kind == "effect")
    state = to_red_phase(state)
    state = attrs.evolve(state, signals={**state.signals, "PRC": ("PRC-24", "PRC-17", "PRC-28")})
    state = act(state, EndPhase("RU"))
    rp = state.player("PRC").rp
    state = act(state, PlayCard("PRC", "PRC-24"))
    assert state.player("PRC").rp == rp - 2
    assert card_cost(state, CONTENT, "PRC", prc24) == 4 + 1  # used up (and now a second Red card)


# --- Figure 8.24: Greece, RP and FF offers -------------------------------------------------


def test_evt_pol_21_us_and_nato_pay_and_send_an_ff_each_for_an_ip_apiece():
    state = act(fresh(), InjectEvent("EVT-POL-21"))
    before_ip, before_rp = ips(state), rps(state)
    state = act(act(state, Pay("US", 1)), Pay("NATO", 0))
    assert (
        pending(state, CONTENT).seat == "US" and pending(state, CONTENT).kind == "respond"
    )  # Russia is not asked to pay
    assert max(i.ffs for i in legal(state) if isinstance(i, CommitForces)) == 1
    state = act(commit(state, "US", "europe", 1), DoneCommitting("US"))
    state = act(commit(state, "NATO", "europe", 1), DoneCommitting("NATO"))
    assert state.run is None and state.roll_request is None  # Russia may not answer; no roll
    assert delta(ips(state), before_ip, ("US", "NATO", "RU")) == {"US": 1 + 1, "NATO": 1, "RU": 0}
    assert delta(rps(state), before_rp, ("US", "NATO", "RU")) == {"US": -1, "NATO": 0, "RU": 0}


def test_evt_pol_21_russia_steps_in_at_the_wests_expense():
    state = act(fresh(), InjectEvent("EVT-POL-21"))
    before = ips(state)
    state = act(act(state, Pay("US", 0)), Pay("NATO", 0))
    state = act(act(state, DoneCommitting("US")), DoneCommitting("NATO"))  # Russia asked only now
    assert set(legal(state)) == {Pay("RU", 0), Pay("RU", 1)}
    state = act(state, Pay("RU", 1))
    assert delta(ips(state), before, ("US", "NATO", "RU")) == {"US": -1, "NATO": -1, "RU": 1}
    assert pending(state, CONTENT).seat == "RU"
    state = act(commit(state, "RU", "russia", 1), DoneCommitting("RU"))
    assert state.run is None and state.roll_request is None
    assert delta(ips(state), before, ("US", "NATO", "RU")) == {"US": -2, "NATO": -2, "RU": 2}


def test_evt_pol_21_russia_may_not_send_forces_after_the_west_did():
    state = act(fresh(), InjectEvent("EVT-POL-21"))
    state = act(act(state, Pay("US", 0)), Pay("NATO", 0))
    state = act(commit(state, "US", "europe", 1), DoneCommitting("US"))
    before = ips(state)
    state = act(state, DoneCommitting("NATO"))
    assert state.run is None  # Russia is never asked
    assert delta(ips(state), before, ("US", "NATO", "RU")) == {"US": 1, "NATO": 0, "RU": 0}


# --- Figure 8.27: piracy in the South China Sea -------------------------------------------


def test_evt_con_29_two_more_ffs_and_partnerships_rolled_for_proxy_reliability():
    state = act(fresh(), InjectEvent("EVT-CON-29"))
    assert set(legal(state)) == {Pay("PRC", r) for r in range(4)}
    before_ip, before_rp = ips(state), rps(state)
    state = act(state, Pay("PRC", 3))  # three attempts, one per nation
    # Each attempt is one roll on Figure 15.2 at medium reliability (fails on 0-3).
    for face in (3, 4, 9):
        assert state.roll_request is not None and state.roll_request.purpose == "run-proxy"
        state = roll(state, face)
    records = [e.roll for e in state.log if e.roll and e.roll.table == "proxy"]
    assert [(r.raw, r.column, r.result) for r in records] == [
        (3, "medium", "failure"),
        (4, "medium", "success"),
        (9, "medium", "success"),
    ]
    assert delta(ips(state), before_ip, ("PRC",)) == {"PRC": 2}  # +1 IP per partnership made
    assert {i.ffs for i in legal(state) if isinstance(i, CommitForces)} <= {1, 2}
    state = commit(state, "PRC", "china", 1)
    assert DoneCommitting("PRC") not in legal(state)  # 2 FFs or none
    state = act(commit(state, "PRC", "china", 1), DoneCommitting("PRC"))
    assert state.run is None and state.roll_request is None
    assert delta(ips(state), before_ip, ("PRC", "US")) == {"PRC": 2 + 1, "US": -1}
    assert delta(rps(state), before_rp, ("PRC",)) == {"PRC": -3}
    held = [s for s in state.stacks_of("PRC") if s.location == "south-china-sea"]
    assert sum(s.ffs for s in held) == 2 and all(s.pinned_through == 2 for s in held)  # two turns


def test_evt_con_29_china_staying_home_changes_nothing():
    state = act(fresh(), InjectEvent("EVT-CON-29"))
    before = ips(state)
    state = act(act(state, Pay("PRC", 0)), DoneCommitting("PRC"))
    assert state.run is None and ips(state) == before
