"""Issue 30, items 2-8: out-of-area operation costs, event timings and lasting terms,
each driven through ``legal``/``apply`` and checked against the rulebook's sentence
(chapter or line of the text edition, quoted in each test's docstring)."""

import pytest

from hedgemony_tui.games.hedgemony.engine.game import pending
from hedgemony_tui.games.hedgemony.engine.intents import (
    ChooseLocation,
    CommitForces,
    Deploy,
    DoneCommitting,
    InjectEvent,
    Pay,
    PlayCard,
    SeekLead,
)
from hedgemony_tui.games.hedgemony.engine.ledger import add_effect
from hedgemony_tui.games.hedgemony.engine.posture import deploy_options
from hedgemony_tui.games.hedgemony.engine.state import Effect, GameState, Phase
from hedgemony_tui.games.hedgemony.engine.terms import Outcome
from hedgemony_tui.table.errors import IllegalIntent
from tests.hedgemony.turn_helpers import (
    CONTENT,
    act,
    commit,
    delta,
    fresh,
    ips,
    last_roll,
    legal,
    moved,
    pass_until,
    red_turn,
    roll,
    rps,
    stack_at,
    to_blue_actions,
    to_red_phase,
)

OUT_OF_AREA = ("RU-E07", "RU-E08", "RU-E09", "RU-E10", "PRC-E07", "PRC-E08", "PRC-E09", "PRC-E10")


# --- item 2: out-of-area operation cards (ch. 9) ----------------------------------------


@pytest.mark.parametrize("card_id", OUT_OF_AREA)
def test_out_of_area_card_cost_includes_the_move(card_id):
    """Ch. 9 (line 1903): for Red, an out-of-area Action Card's cost already includes
    "deployment costs". The card's cost is all Red pays."""
    player = card_id.split("-")[0]
    card = CONTENT.card(card_id)
    state = red_turn(
        player, (card_id, "RU-17" if player == "RU" else "PRC-17", "RU-RD" if player == "RU" else "PRC-28"), rp=30
    )
    home = next(s for s in state.stacks_of(player) if s.ffs >= 2)
    if card.aor == "SOUTHCOM":  # not next to Red's home AOR: the forces come from AFRICOM
        state = moved(state, home.id, "horn-of-africa")
    state = act(state, PlayCard(player, card_id))
    assert rps(state)[player] == 30 - card.cost
    state = act(state, next(i for i in legal(state) if isinstance(i, ChooseLocation)))
    assert CommitForces(player, home.id, 2) in legal(state)
    state = act(state, CommitForces(player, home.id, 2))
    assert rps(state)[player] == 30 - card.cost  # no deployment charge on top


def test_out_of_area_card_takes_forces_from_one_origin_only():
    """Ch. 9: a movement counts by "the number of different originating locations"; an
    out-of-area card pays for one, so forces from a second place need another card.
    (Before: PRC-E07 accepted a second origin for 1 RP more.)"""
    state = red_turn("PRC", ("PRC-E07", "PRC-17", "PRC-28"), rp=30)
    state = moved(state, "PRC-11", "south-china-sea")
    state = act(act(state, PlayCard("PRC", "PRC-E07")), ChooseLocation("PRC", "pakistan"))
    state = act(state, CommitForces("PRC", "PRC-10", 3))
    assert not any(isinstance(i, CommitForces) and i.stack == "PRC-11" for i in legal(state))
    assert CommitForces("PRC", "PRC-12", 1) in legal(state)  # same place: the same movement
    with pytest.raises(IllegalIntent, match="another out-of-area card"):
        act(state, CommitForces("PRC", "PRC-11", 1))
    state = act(act(state, CommitForces("PRC", "PRC-12", 2)), DoneCommitting("PRC"))
    assert rps(state)["PRC"] == 30 - 3


# --- item 3: EVT-NATO-11 blocks NATO's next action phase ---------------------------------


def nato_11_block(state: GameState) -> tuple[int, int]:
    state = act(state, InjectEvent("EVT-NATO-11"))
    effect = next(e for e in state.effects if e.source == "EVT-NATO-11")
    assert (effect.player, effect.kind, effect.family) == ("NATO", "block", "posture")
    return effect.first_turn, effect.last_turn


def test_evt_nato_11_injected_before_the_blue_phase_blocks_this_turns():
    """Fig. 8.15 (line 1435): NATO "cannot reposition FFs in its next action phase".
    Injected during Red Signaling, the next NATO action phase is this turn's Blue phase."""
    state = act(fresh(), InjectEvent("EVT-NATO-11"))
    assert state.phase is Phase.SIGNALING and nato_11_block(fresh()) == (1, 1)
    state = to_blue_actions(state)
    assert not deploy_options(state, CONTENT, "NATO")
    assert deploy_options(state, CONTENT, "US")  # only NATO/EU is deadlocked
    state = pass_until(state, lambda s: s.turn == 2 and s.phase is Phase.BLUE)
    assert deploy_options(state, CONTENT, "NATO")  # one action phase only


def test_evt_nato_11_injected_once_blue_has_begun_blocks_next_turns():
    """Fig. 8.15: once this turn's Blue phase is under way (or over), NATO's next action
    phase is next turn's."""
    assert nato_11_block(to_blue_actions(fresh())) == (2, 2)
    assert nato_11_block(to_red_phase(fresh())) == (2, 2)


# --- item 4: EVT-POL-21, Russia only if neither Blue player responds -----------------------


def test_evt_pol_21_russia_is_asked_only_after_both_blue_players_declined_money_and_forces():
    """Fig. 8.24 (line 1735): Russia's response is the conditional one, allowed when
    neither Blue player responds. The U.S. and NATO/EU decide on their RP and their FF
    first; only when both declined both is Russia asked, and then no Blue player is."""
    state = act(fresh(), InjectEvent("EVT-POL-21"))
    state = act(act(state, Pay("US", 0)), Pay("NATO", 0))
    assert pending(state, CONTENT).seat == "US"  # the forces of the West, before Russia's money
    assert not any(getattr(i, "player", "") == "RU" for i in legal(state))
    state = act(act(state, DoneCommitting("US")), DoneCommitting("NATO"))
    assert set(legal(state)) == {Pay("RU", 0), Pay("RU", 1)}
    before = ips(state)
    state = act(state, Pay("RU", 1))
    assert {type(i) for i in legal(state)} <= {CommitForces, DoneCommitting}
    assert {i.player for i in legal(state)} == {"RU"}  # the West had its say
    state = act(commit(state, "RU", "russia", 1), DoneCommitting("RU"))
    assert state.run is None
    assert delta(ips(state), before, ("US", "NATO", "RU")) == {"US": -2, "NATO": -2, "RU": 2}


def test_evt_pol_21_a_blue_ff_alone_is_a_response_and_russia_is_never_asked():
    """Fig. 8.24: a U.S. FF sent to Greece (without the RP) is a response, so Russia may
    not respond at all: neither its RP nor its FF is asked for."""
    state = act(fresh(), InjectEvent("EVT-POL-21"))
    state = act(act(state, Pay("US", 0)), Pay("NATO", 0))
    before = ips(state)
    state = act(commit(state, "US", "europe", 1), DoneCommitting("US"))
    assert pending(state, CONTENT).seat == "NATO"
    state = act(state, DoneCommitting("NATO"))
    assert state.run is None  # straight to the end: no Russian decision in between
    assert delta(ips(state), before, ("US", "NATO", "RU")) == {"US": 1, "NATO": 0, "RU": 0}


# --- item 5: a previous test's +/-2 counts on the next test of the same turn ----------------


def test_a_previous_missile_test_shifts_the_next_test_in_the_same_turn():
    """Ch. 8 (line 1039): an earlier test's success or failure moves a later test's die
    by 2 either way. Iran's IR-04
    succeeds; its space launch (IR-E02) later in the same Red phase gets +2."""
    state = red_turn("IR", ("IR-04", "IR-E02", "IR-RD"), rp=30)
    state = roll(act(state, PlayCard("IR", "IR-04")), 5)  # success: the U.S. may answer
    state = act(state, DoneCommitting("US"))
    assert state.run is None
    state = act(state, PlayCard("IR", "IR-RD"))  # an investment between two actions (ch. 3)
    while state.roll_request is not None or state.run is not None:
        state = roll(state, 0) if state.roll_request is not None else act(state, legal(state)[0])
    state = roll(act(state, PlayCard("IR", "IR-E02")), 3)  # 3 + 2 = 5: in orbit (5-9)
    record = last_roll(state)
    assert (record.raw, record.total, record.result) == (3, 5, "Satellite in orbit")
    assert not [e for e in state.effects if e.source == "IR-04"]  # used once


def test_a_tests_own_response_roll_does_not_take_its_plus_two():
    """Ch. 8: the +/-2 modifies the *next* test; the response to this test is read on
    RT B without it (Iran rolls its own IR-04 response)."""
    state = red_turn("IR", ("IR-04", "IR-E02", "IR-RD"), rp=30)
    state = roll(act(state, PlayCard("IR", "IR-04")), 5)
    state = act(commit(state, "US", "iraq", 1), DoneCommitting("US"))
    state = roll(state, 4)
    record = last_roll(state)
    assert record.table == "rt-b" and not [t for t in record.modifiers if "effects" in t.label]
    assert [(e.value, e.uses) for e in state.effects if e.source == "IR-04"] == [(2, 1)]  # kept for the next test


# --- item 6: EVT-DPRK-06 pins for the next four turns ---------------------------------------


def test_evt_dprk_06_pins_the_responder_through_the_fourth_turn_after():
    """Fig. 8.17 (line 1506): the responder's FFs in Korea "are pinned for next 4 turns":
    turns T+1 to T+4, counted as EVT-RU-13's "next two turns" (T+1, T+2). Injected in
    turn 1, the forces are still held in turn 5 and free in turn 6."""
    stolen = CONTENT.card("EVT-RU-13").result.effects[0]
    assert (stolen.turns, stolen.starts) == (2, "next")  # how the edition counts "next two turns"
    state = act(fresh(), InjectEvent("EVT-DPRK-06"))
    state = act(act(state, SeekLead("US", True)), SeekLead("PRC", False))
    state = act(commit(state, "US", "korean-peninsula", 2), DoneCommitting("US"))
    sent = {c.stack for c in state.run.blue}
    state = roll(state, 5)
    for turn, held in ((1, True), (2, True), (5, True), (6, False)):
        assert all(state.stack(sid).pinned(turn) == held for sid in sent), turn


# --- item 7: EVT-CON-04 releases U.S. forces at the end of the turn -------------------------


def test_evt_con_04_a_red_gain_releases_us_forces_at_the_end_of_the_turn():
    """Fig. 8.19 (line 1586): on any Red gain "U.S. forces are unpinned at the end of the
    turn": they may not leave Nigeria in this turn's Blue phase, and are free the next."""
    state = act(fresh(), InjectEvent("EVT-CON-04"))
    # A -3 on the U.S. roll (as if from another card) cancels SOF so that a Red gain can come up.
    state = add_effect(state, Effect(0, "US", "roll", "EVT-CON-04", -3, 1, 1, "test"))
    state = act(commit(act(state, Pay("US", 0)), "US", "conus", 1), DoneCommitting("US"))
    before = ips(state)
    state = roll(state, 0)
    assert last_roll(state).result.startswith("red-") and delta(ips(state), before, ("US",)) == {"US": -2}
    sent = [s for s in state.stacks_of("US") if s.location == "nigeria"]
    assert sent and all(s.pinned(1) and not s.pinned(2) for s in sent)
    state = to_blue_actions(state)
    assert not [d for d in deploy_options(state, CONTENT, "US") if d.stack in {s.id for s in sent}]
    state = pass_until(state, lambda s: s.turn == 2 and s.phase is Phase.BLUE)
    assert [d for d in deploy_options(state, CONTENT, "US") if d.stack in {s.id for s in sent}]


# --- item 8: EVT-CON-29's lasting terms ----------------------------------------------------


def con_29(faces=(4, 9, 0), patrol=2):
    """EVT-CON-29 with three partnership attempts (Malaysia, Singapore, Indonesia in turn;
    medium reliability fails on 0-3) and China's patrol of ``patrol`` FFs."""
    state = act(act(fresh(), InjectEvent("EVT-CON-29")), Pay("PRC", 3))
    for face in faces:
        state = roll(state, face)
    if patrol:
        state = commit(state, "PRC", "china", patrol)
    state = act(state, DoneCommitting("PRC"))
    assert state.run is None
    return state


def test_evt_con_29_china_must_keep_an_ff_by_its_partners():
    """Fig. 8.27 (line 1814): after a partnership succeeds, China keeps at least one FF
    near a partner nation for the rest of the game.
    Once the patrol's pin is over, China may move one of its two FFs away, not both."""
    state = con_29()
    assert [(e.player, e.kind, e.family) for e in state.effects if e.source == "EVT-CON-29" and e.kind == "keep"] == [
        ("PRC", "keep", "near:south-china-sea+southeast-asia")
    ]  # once, for two partnerships
    state = pass_until(state, lambda s: s.turn == 3 and s.phase is Phase.RED and s.queue and s.queue[0] == "PRC")
    patrol = next(s for s in state.stacks_of("PRC") if s.location == "south-china-sea")
    assert patrol.ffs == 2 and not patrol.pinned(state.turn)
    moves = {(d.ffs, d.to) for d in legal(state) if isinstance(d, Deploy) and d.stack == patrol.id}
    assert (1, "china") in moves and (2, "china") not in moves and (2, "southeast-asia") in moves
    with pytest.raises(IllegalIntent, match="must keep at least 1 FF"):
        act(state, Deploy("PRC", patrol.id, 2, "china"))
    state = act(state, Deploy("PRC", patrol.id, 1, "china"))
    assert sum(s.ffs for s in state.stacks_of("PRC") if s.location == "south-china-sea") == 1


def test_evt_con_29_no_partnership_no_lasting_terms():
    """Fig. 8.27: the terms come with successful partnerships only."""
    state = con_29(faces=(0, 1, 3))
    assert not [e for e in state.effects if e.source == "EVT-CON-29"]


def test_evt_con_29_singapore_makes_us_actions_in_the_south_china_sea_cost_one_more():
    """Fig. 8.27 (line 1815): once the Singapore partnership succeeds, every U.S. action in
    the South China Sea, proactive or reactive, costs 1 RP more for the rest of the game
    (Singapore is the second attempt). A posture move there and a response there each pay it."""
    state = con_29(faces=(0, 9, 0), patrol=0)  # Malaysia fails, Singapore succeeds
    assert [(e.player, e.family, e.value) for e in state.effects if e.kind == "cost" and e.source == "EVT-CON-29"] == [
        ("US", "action:south-china-sea", 1)
    ]
    blue = to_blue_actions(state)
    japan = stack_at(blue, "US", "japan")
    before = rps(blue)["US"]
    moved_in = act(blue, Deploy("US", japan.id, 1, "south-china-sea"))  # inside INDOPACOM: free but for the term
    assert rps(moved_in)["US"] == before - 1
    # Reactive: answering PRC-01 in the South China Sea with forces from Japan.
    state = red_turn("PRC", ("PRC-01", "PRC-17", "PRC-28"), state, rp=30)
    state = act(act(state, PlayCard("PRC", "PRC-01")), ChooseLocation("PRC", "south-china-sea"))
    state = act(commit(state, "PRC", "china", 3), DoneCommitting("PRC"))
    before = rps(state)["US"]
    state = commit(state, "US", "japan", 1)
    assert rps(state)["US"] == before - 1
    state = commit(state, "US", "korean-peninsula", 1)  # the same action: charged once
    assert rps(state)["US"] == before - 1


def test_evt_con_29_without_singapore_us_actions_cost_as_before():
    """Fig. 8.27: the surcharge needs the Singapore partnership; Malaysia's alone keeps
    China's FF there but costs the U.S. nothing."""
    state = con_29(faces=(9, 0, 0), patrol=0)
    assert [e.kind for e in state.effects if e.source == "EVT-CON-29"] == ["keep"]
    blue = to_blue_actions(state)
    before = rps(blue)["US"]
    assert rps(act(blue, Deploy("US", stack_at(blue, "US", "japan").id, 1, "south-china-sea")))["US"] == before


# --- item 11: DPRK-06 unopposed applies its whole row ---------------------------------------


def test_dprk_06_unopposed_applies_the_whole_row_of_the_outcome():
    """Fig. 8.5 (line 1113): unopposed, the U.S. and China lose 1 IP each and DPRK rolls
    on RT B's Red Advantage column; ch. 8 (line 1035) has the bookkeeping of the unanswered roll go
    on as usual, so the card's row applies to every player, as its note now says."""
    card = CONTENT.card("DPRK-06")
    assert "DPRK IPs only" not in card.note and "in full" in card.note
    for face in range(10):
        state = act(red_turn("DPRK", ("DPRK-06", "DPRK-RD", "DPRK-PROC")), PlayCard("DPRK", "DPRK-06"))
        state = act(act(state, SeekLead("US", False)), SeekLead("PRC", False))
        before = ips(state)
        state = roll(state, face)
        record = last_roll(state)
        assert (record.table, record.column) == ("rt-b", "red-advantage")
        row = card.outcome_band(Outcome(record.result)).ip
        assert delta(ips(state), before, ("DPRK", "PRC", "US")) == {
            "DPRK": row.get("DPRK", 0),
            "PRC": row.get("PRC", 0) - 1,
            "US": row.get("US", 0) - 1,
        }, face


def test_evt_pol_21_a_save_in_russias_late_turn_loads_and_goes_on(tmp_path):
    """The state keeps where EVT-POL-21 stands (``CardRun.late_offers``), so a game saved
    while Russia is being asked loads and carries on; a save without the field (an older
    format) loads with it off."""
    from hedgemony_tui.games.hedgemony.rules import RULES
    from hedgemony_tui.table.saves import load_game, save_game

    state = act(fresh(), InjectEvent("EVT-POL-21"))
    state = act(act(state, Pay("US", 0)), Pay("NATO", 0))
    state = act(act(state, DoneCommitting("US")), DoneCommitting("NATO"))
    assert state.run.late_offers
    path = tmp_path / "pol21.toml"
    save_game(path, RULES, state)
    loaded = load_game(path)
    assert loaded == state and set(legal(loaded)) == {Pay("RU", 0), Pay("RU", 1)}
    old = path.read_text().replace("late_offers = true\n", "")
    assert old != path.read_text()
    path.write_text(old)
    assert load_game(path, allow_edited=True).run.late_offers is False
