"""The rest of chapter 8's player cards (Figures 7.1-7.3, 8.3-8.10) played through the
engine, and the rules around them: who rolls and in whose favour a roll bonus counts, a
test before the roll-off to respond, and lasting effects that end exactly when the
"Multi-Turn Outcomes" section says (the first turn is the rest of the current one)."""

import attrs

from hedgemony_tui.games.hedgemony.engine.cards import EffectSpec
from hedgemony_tui.games.hedgemony.engine.game import pending
from hedgemony_tui.games.hedgemony.engine.intents import (
    ChooseLocation,
    CommitForces,
    DoneCommitting,
    Modernize,
    PlayCard,
    SeekLead,
)
from hedgemony_tui.games.hedgemony.engine.play import apply_effect, why_not_playable
from hedgemony_tui.games.hedgemony.engine.state import Phase
from hedgemony_tui.games.hedgemony.engine.terms import Outcome
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
    red_turn,
    roll,
)


def with_effect(state, player, kind, family, value, turns=1):
    """A lasting effect put on ``player`` directly (the card that would grant it is not the point)."""
    return apply_effect(state, player, EffectSpec(player, kind, family, value, turns), "test", False)


def end_turn(state, face=5):
    """Every player passes to the next turn's signaling (budget die ``face``)."""
    turn = state.turn
    return pass_until(state, lambda s: s.turn != turn, face)


# --- Figure 8.3: gray zone ----------------------------------------------------------------


def test_ir_01_no_response_and_the_card_bands():
    for face, gain in ((2, -1), (3, 1), (5, 1), (6, 2), (9, 2)):
        state = act(red_turn("IR", ("IR-01", "IR-RD", "IR-PROC")), PlayCard("IR", "IR-01"))
        assert state.player("IR").rp == 8 - 2 and pending(state, CONTENT).seat == "IR"
        before = ips(state)
        state = roll(state, face)
        assert delta(ips(state), before, ("IR", "US")) == {"IR": gain, "US": 0}, face
        assert state.run is None


def prc_01(state=None):
    state = act(red_turn("PRC", ("PRC-01", "PRC-17", "PRC-28"), state), PlayCard("PRC", "PRC-01"))
    assert state.player("PRC").rp == 15 - 3
    state = act(state, ChooseLocation("PRC", "taiwan"))
    return act(commit(state, "PRC", "china", 3), DoneCommitting("PRC"))


def test_prc_01_us_answers_and_rt_b_reads_the_ffs():
    state = commit(prc_01(), "US", "korean-peninsula", 2)
    state = act(state, DoneCommitting("US"))
    before = ips(state)
    state = roll(state, 8)  # Blue 2 FFs vs Red 3: parity; 8 is a U.S. minor gain
    record = last_roll(state)
    assert (record.table, record.column, record.total, record.result) == ("rt-b", "parity", 8, "blue-minor")
    assert not record.modifiers  # no Critical Capabilities on this card
    assert delta(ips(state), before, ("PRC", "US")) == {"PRC": -1, "US": 1}


def test_prc_01_unopposed_us_loses_one_and_red_advantage_is_read():
    state = act(prc_01(), DoneCommitting("US"))
    before = ips(state)
    state = roll(state, 0)
    record = last_roll(state)
    assert (record.table, record.column, record.result) == ("rt-b", "red-advantage", "red-major")
    assert delta(ips(state), before, ("PRC", "US")) == {"PRC": 3, "US": -1 - 2}


def test_prc_01_costs_china_two_on_economic_development_next_turn_only():
    state = prc_01()
    assert [(e.family, e.value, e.first_turn, e.last_turn) for e in state.effects if e.source == "PRC-01"] == [
        ("economic-development", -2, 2, 2)
    ]
    state = roll(act(state, DoneCommitting("US")), 5)
    state = red_turn("PRC", ("PRC-17", "PRC-26", "PRC-28"), end_turn(state))
    assert state.turn == 2
    state = roll(act(state, PlayCard("PRC", "PRC-17")), 9)  # 9 - 2 = 7: minor success
    assert (last_roll(state).total, last_roll(state).result) == (7, "Minor success")
    state = red_turn("PRC", ("PRC-17", "PRC-26", "PRC-28"), end_turn(state))
    state = roll(act(state, PlayCard("PRC", "PRC-17")), 9)  # turn 3: the penalty is over
    assert (last_roll(state).total, last_roll(state).result) == (9, "Major success")


# --- Figure 8.6: RU-05 -----------------------------------------------------------------


def test_ru_05_unopposed_costs_us_and_nato_and_reads_red_advantage():
    state = act(red_turn("RU", ("RU-05", "RU-17", "RU-RD")), PlayCard("RU", "RU-05"))
    assert state.player("RU").rp == 15 - 6
    state = act(state, ChooseLocation("RU", "ukraine"))
    state = act(commit(state, "RU", "russia", 3), DoneCommitting("RU"))
    state = act(act(state, DoneCommitting("US")), DoneCommitting("NATO"))
    before = ips(state)
    state = roll(state, 1)
    assert (last_roll(state).table, last_roll(state).column, last_roll(state).result) == (
        "rt-b",
        "red-advantage",
        "red-minor",
    )
    assert delta(ips(state), before, ("RU", "US", "NATO")) == {"RU": 2, "US": -2 - 2, "NATO": -2 - 2}


def test_ru_05_nato_fights_on_crt_a_with_capabilities():
    state = act(red_turn("RU", ("RU-05", "RU-17", "RU-RD")), PlayCard("RU", "RU-05"))
    state = act(state, ChooseLocation("RU", "ukraine"))
    m3 = next(s for s in state.stacks_of("RU") if s.mod == 3)
    state = act(act(state, CommitForces("RU", m3.id, 2)), DoneCommitting("RU"))
    state = act(state, DoneCommitting("US"))
    state = act(commit(state, "NATO", "europe", 5), DoneCommitting("NATO"))
    before = ips(state)
    state = roll(state, 7)
    record = last_roll(state)
    # NATO's C4ISR 3 against Russia's best of LRF 4 / C4ISR 3: -1.
    assert record.table == "crt-a" and [t.value for t in record.modifiers] == [-1]
    row = CONTENT.card("RU-05").contest.outcomes[Outcome(record.result)].ip
    assert delta(ips(state), before, ("RU", "US", "NATO")) == {p: row.get(p, 0) for p in ("RU", "US", "NATO")}
    # NATO 5xM3 in theater against 2xM3: 2:1 for Blue; 7 - 1 = 6 is a U.S./NATO minor gain.
    assert (record.column, record.total, record.result) == ("blue-2:1", 6, "blue-minor")
    assert (row["RU"], row["NATO"], row["US"]) == (-1, 1, 1)


# --- Figure 8.8 and 7.2: cards read on their own bands -------------------------------------


def test_ru_17_exercise_bands():
    for face, gain in ((0, -1), (2, 0), (4, 1), (9, 1)):
        state = act(red_turn("RU", ("RU-05", "RU-17", "RU-RD")), PlayCard("RU", "RU-17"))
        assert state.player("RU").rp == 15 - 1
        before = ips(state)
        state = roll(state, face)
        assert delta(ips(state), before, ("RU",)) == {"RU": gain}, face
        assert state.run is None


def test_prc_17_silk_road_bands():
    for face, (ip, rp, us) in ((4, (0, 0, 0)), (5, (1, 1, -1)), (7, (1, 1, -1)), (8, (2, 2, -2))):
        state = act(red_turn("PRC", ("PRC-17", "PRC-26", "PRC-28")), PlayCard("PRC", "PRC-17"))
        before_ip, before_rp = ips(state), state.player("PRC").rp
        state = roll(state, face)
        assert delta(ips(state), before_ip, ("PRC", "US")) == {"PRC": ip, "US": us}, face
        assert state.player("PRC").rp == before_rp + rp, face


# --- Figures 8.9 and 8.10: investments -------------------------------------------------


def test_prc_24_private_or_public_and_capped_at_the_tech_level():
    state = act(red_turn("PRC", ("PRC-24", "PRC-17", "PRC-28")), PlayCard("PRC", "PRC-24"))
    assert state.player("PRC").rp == 15 - 4
    public = roll(roll(state, 5), 9)  # 3-9: public; 9 = +2, but Tech Level 4 caps it
    assert public.player("PRC").capabilities["C4ISR"] == 4
    assert view(public, "US").player("PRC").shown_capabilities["C4ISR"] == 4
    private = roll(roll(state, 2), 4)  # 0-2: private; 2-8 = +1
    assert private.player("PRC").capabilities["C4ISR"] == 4
    assert view(private, "US").player("PRC").shown_capabilities["C4ISR"] == 3
    assert [(s.capability, s.reveal_turn) for s in private.secrets] == [("C4ISR", 4)]  # or on first use
    failed = roll(roll(state, 5), 1)  # 0-1: no change
    assert failed.player("PRC").capabilities["C4ISR"] == 3
    again = attrs.evolve(public, turn=2, phase=Phase.RED, played={})
    assert "turn" in (why_not_playable(again, CONTENT, "PRC", CONTENT.card("PRC-24")) or "")  # every two turns


def test_prc_26_tech_rnd_leading_and_following():
    state = act(red_turn("PRC", ("PRC-26", "PRC-17", "PRC-28")), PlayCard("PRC", "PRC-26"))
    assert CONTENT.card("PRC-26").figure == "8.9"
    for face, due in ((5, None), (7, 3), (9, 2)):  # leading (4 = the highest): 6-8 in two turns, 9 next
        after = roll(state, face)
        assert [s.turn for s in after.scheduled if s.player == "PRC"] == ([due] if due else []), face
    behind = fresh()
    behind = attrs.evolve(
        behind, players=tuple(attrs.evolve(p, tech_level=5) if p.id == "US" else p for p in behind.players)
    )
    state = act(red_turn("PRC", ("PRC-26", "PRC-17", "PRC-28"), behind), PlayCard("PRC", "PRC-26"))
    for face, due in ((2, None), (3, 2)):  # following: 3-9 next turn
        after = roll(state, face)
        assert [s.turn for s in after.scheduled if s.player == "PRC"] == ([due] if due else []), face


def test_prc_27_modernizes_a_fifth_of_the_ffs_rounded_down_at_the_mat_price():
    state = red_turn("PRC", ("PRC-27", "PRC-17", "PRC-28"))
    assert CONTENT.card("PRC-27").figure == "8.10"
    options = [i for i in legal(state) if isinstance(i, Modernize)]
    assert max(i.ffs for i in options) == 3  # 15 FFs: 3
    from hedgemony_tui.games.hedgemony.engine.costs import modernization_cost

    price = modernization_cost(CONTENT.rules, 3, 1).value
    rp = state.player("PRC").rp
    m1 = next(s for s in state.stacks_of("PRC") if s.mod == 1)
    state = act(state, Modernize("PRC", "PRC-27", m1.id, 3))
    assert state.player("PRC").rp == rp - price
    assert sorted((s.ffs, s.mod) for s in state.stacks_of("PRC") if s.location == "china" and s.mod <= 2) == [
        (2, 1),
        (3, 2),
        (5, 2),
    ]


# --- Figure 8.4: IR-04, a test that opens a response ------------------------------------


def ir_04(state=None, rp=8):
    return act(red_turn("IR", ("IR-04", "IR-RD", "IR-PROC"), state, rp=rp), PlayCard("IR", "IR-04"))


def after_test(state, face):
    """IR-04's test roll (a success opens the U.S. answer in the Arabian Peninsula)."""
    state = roll(state, face)
    return state


def test_ir_04_a_failed_test_is_the_status_quo():
    state = ir_04()
    before = ips(state)
    state = roll(state, 3)
    assert ips(state) == before and state.run is None


def test_ir_04_success_then_the_us_answers_on_rt_b_with_one_per_ff():
    state = after_test(ir_04(), 4)
    assert state.player("IR").ip == 5 + 1
    assert pending(state, CONTENT).seat == "US"
    state = act(commit(state, "US", "iraq", 1), DoneCommitting("US"))
    before = ips(state)
    state = roll(state, 7)  # Blue 1 vs Red 0 (rule X5): blue advantage; 7 + 1 = 8: U.S. minor gain
    record = last_roll(state)
    assert (record.table, record.column, record.total, record.result) == ("rt-b", "blue-advantage", 8, "blue-minor")
    assert delta(ips(state), before, ("IR", "US")) == {"IR": -1, "US": 1}


def test_ir_04_unanswered_costs_the_us_one_and_no_roll():
    state = after_test(ir_04(), 6)
    before = ips(state)
    state = act(state, DoneCommitting("US"))
    assert state.run is None and state.roll_request is None
    assert delta(ips(state), before, ("IR", "US")) == {"IR": 0, "US": -1}


def test_ir_04_the_previous_test_shifts_the_next_by_two():
    passed = act(after_test(ir_04(), 5), DoneCommitting("US"))
    failed = roll(ir_04(), 0)
    for state, shift in ((passed, 2), (failed, -2)):
        state = end_turn(state)
        state = roll(ir_04(state, rp=8), 3)
        test = next(e.roll for e in reversed(state.log) if e.roll and e.roll.turn == 2)
        assert test.total == 3 + shift, shift
        # The turn-1 effect is used; the turn-2 test leaves its own, in force at once (ch. 8).
        assert not [e for e in state.effects if e.player == "IR" and e.source == "IR-04" and e.first_turn < 2]


# --- the rules around the cards ------------------------------------------------------------


def test_a_test_comes_before_the_roll_off_to_respond():
    """Ch. 8, missile tests: the Red player tests first; only a success lets the U.S. and
    the PRC roll off to respond (DPRK-E01 follows the DPRK test's pattern)."""
    state = act(red_turn("DPRK", ("DPRK-E01", "DPRK-RD", "DPRK-PROC")), PlayCard("DPRK", "DPRK-E01"))
    assert pending(state, CONTENT).kind == "roll" and state.roll_request.roller == "DPRK"
    failed = roll(state, 2)
    assert failed.run is None  # a failed test: no one was asked to lead
    state = roll(state, 7)
    assert pending(state, CONTENT).kind == "lead"
    state = act(act(state, SeekLead("US", True)), SeekLead("PRC", False))
    assert state.run.leader == "US" and pending(state, CONTENT).seat == "US"


def test_a_red_rollers_bonus_counts_for_red_on_a_blue_high_table():
    """CRT A and RT B favour Blue on high rolls: a bonus to a Red roller's roll lowers it."""
    state = act(red_turn("DPRK", ("DPRK-06", "DPRK-RD", "DPRK-PROC")), PlayCard("DPRK", "DPRK-06"))
    state = with_effect(state, "DPRK", "roll", "arms-proliferation", 1)
    state = act(act(state, SeekLead("US", False)), SeekLead("PRC", False))
    assert state.roll_request.roller == "DPRK"
    before = ips(state)
    state = roll(state, 1)  # 1 on Red Advantage is a minor gain; DPRK's +1 makes it 0: major
    record = last_roll(state)
    assert (record.table, record.column, record.total, record.result) == ("rt-b", "red-advantage", 0, "red-major")
    assert [t.value for t in record.modifiers] == [-1]
    assert delta(ips(state), before, ("DPRK", "US", "PRC")) == {"DPRK": 2, "US": -1 - 2, "PRC": -1 - 2}


def test_the_leader_rolls_a_red_card_with_its_own_effects():
    state = act(red_turn("DPRK", ("DPRK-06", "DPRK-RD", "DPRK-PROC")), PlayCard("DPRK", "DPRK-06"))
    state = with_effect(state, "DPRK", "roll", "arms-proliferation", 3)  # DPRK's: not on the leader's roll
    state = with_effect(state, "PRC", "roll", "DPRK-06", 1)
    state = act(act(state, SeekLead("US", False)), SeekLead("PRC", True))
    state = act(commit(state, "PRC", "china", 1), DoneCommitting("PRC"))
    assert state.roll_request.roller == "PRC"
    before = ips(state)
    state = roll(state, 6)  # 6 + 1 (PRC effect) + 1 (PRC FF) = 8: minor gain, PRC's column
    record = last_roll(state)
    assert record.total == 8 and sorted(t.value for t in record.modifiers) == [1, 1]
    assert delta(ips(state), before, ("DPRK", "PRC", "US")) == {"DPRK": -1, "PRC": 2, "US": 1}


def test_a_red_rollers_test_bonus_favours_it_on_the_response_too():
    """DPRK-06's gain gives Iran +1 on its missile-test rolls: on IR-04's RT B response,
    which Iran rolls, that +1 counts for Iran (-1 on the table)."""
    state = ir_04()
    state = with_effect(state, "IR", "roll", "missile-test", 1)
    state = after_test(state, 3)  # 3 + 1 = 4: success
    assert state.player("IR").ip == 5 + 1
    state = act(commit(state, "US", "iraq", 1), DoneCommitting("US"))
    state = roll(state, 7)
    record = last_roll(state)
    assert sorted(t.value for t in record.modifiers) == [-1, 1]  # Iran's bonus, the U.S. FF
    assert record.total == 7


def test_lasting_effects_hold_for_the_rest_of_this_turn_and_the_turns_after():
    """ "Multi-Turn Outcomes": an effect for two turns holds for the rest of the turn it
    comes in and the whole of the next; one that starts next turn holds then only."""
    state = red_turn("PRC", ("PRC-03", "PRC-17", "PRC-22"), rp=20)
    state = act(state, PlayCard("PRC", "PRC-03"))  # -3 on economic development for 2 turns, from now
    state = act(state, ChooseLocation("PRC", "taiwan"))
    state = act(act(commit(state, "PRC", "china", 1), DoneCommitting("PRC")), DoneCommitting("US"))
    state = roll(state, 5)
    state = roll(act(state, PlayCard("PRC", "PRC-22")), 0)  # an investment between the two actions (ch. 3)
    state = act(state, PlayCard("PRC", "PRC-17"))  # later the same turn: already -3
    state = roll(state, 9)
    assert last_roll(state).total == 9 - 3
    for turn, total in ((2, 9 - 3), (3, 9)):
        state = red_turn("PRC", ("PRC-17", "PRC-26", "PRC-28"), end_turn(state))
        assert state.turn == turn
        state = roll(act(state, PlayCard("PRC", "PRC-17")), 9)
        assert last_roll(state).total == total, turn
    assert not [e for e in state.effects if e.source == "PRC-03"]  # expired effects are gone
