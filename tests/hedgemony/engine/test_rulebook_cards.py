"""Rulebook cards played through the engine, in the situations their figures describe
(chapter 8): responses and roll-offs, lead-dependent rows, votes, units, delayed and
private results, choices, offers and events that go on."""

import attrs

from hedgemony_tui.games.hedgemony.engine.game import pending
from hedgemony_tui.games.hedgemony.engine.intents import (
    Choose,
    CommitForces,
    Deploy,
    DoneCommitting,
    InjectEvent,
    Modernize,
    Pay,
    PlayCard,
    SeekLead,
    Vote,
)
from hedgemony_tui.games.hedgemony.engine.state import Phase
from hedgemony_tui.games.hedgemony.engine.view import view
from tests.hedgemony.turn_helpers import CONTENT, act, fresh, ips, legal, red_turn, roll, signal_all, to_blue_actions


def test_ir_09_us_interdicts_and_each_ff_adds_to_the_roll():
    state = act(red_turn("IR", ("IR-09", "IR-RD", "IR-PROC"), rp=8), PlayCard("IR", "IR-09"))
    state = act(state, next(i for i in legal(state) if getattr(i, "location", "") == "iraq"))
    while pending(state, CONTENT).seat == "IR":  # Iran sends nothing beyond what it must
        state = act(state, legal(state)[-1])
    iraq = [s for s in state.stacks_of("US") if CommitForces("US", s.id, 1) in legal(state)]
    assert iraq, "the U.S. can answer from CENTCOM or next door"
    state = act(state, CommitForces("US", iraq[0].id, 1))
    state = act(state, DoneCommitting("US"))
    before = ips(state)
    state = roll(state, 4)
    record = next(e.roll for e in reversed(state.log) if e.roll)
    assert record.table == "rt-b"
    assert any(t.value == 1 and "US FFs" in t.label for t in record.modifiers)  # +1 per U.S. FF
    row = CONTENT.card("IR-09").contest.outcomes
    outcome = record.result
    from hedgemony_tui.games.hedgemony.engine.terms import Outcome

    assert ips(state)["US"] - before["US"] == row[Outcome(outcome)].ip.get("US", 0)


def test_ir_09_unopposed_costs_the_us_two_and_reads_red_advantage():
    state = act(red_turn("IR", ("IR-09", "IR-RD", "IR-PROC"), rp=8), PlayCard("IR", "IR-09"))
    state = act(state, legal(state)[0])
    state = act(state, next(i for i in legal(state) if isinstance(i, CommitForces)))  # Iran must send some
    while pending(state, CONTENT).kind != "roll":
        state = act(state, next(i for i in legal(state) if isinstance(i, DoneCommitting)))
    before = ips(state)
    state = roll(state, 9)
    record = next(e.roll for e in reversed(state.log) if e.roll)
    assert (record.table, record.column) == ("rt-b", "red-advantage")
    assert ips(state)["US"] == before["US"] - 2 + CONTENT.card("IR-09").contest.outcomes[
        __import__("hedgemony_tui.games.hedgemony.engine.terms", fromlist=["Outcome"]).Outcome(record.result)
    ].ip.get("US", 0)


def test_dprk_06_roll_off_to_lead_and_lead_dependent_rows():
    state = act(red_turn("DPRK", ("DPRK-06", "DPRK-RD", "DPRK-PROC")), PlayCard("DPRK", "DPRK-06"))
    assert pending(state, CONTENT).kind == "lead"
    state = act(act(state, SeekLead("US", True)), SeekLead("PRC", True))
    state = roll(roll(state, 3), 7)  # U.S. rolls 3, PRC 7: PRC leads
    assert state.run.leader == "PRC" and pending(state, CONTENT).seat == "PRC"
    prc = next(i for i in legal(state) if isinstance(i, CommitForces))
    state = act(act(state, prc), DoneCommitting("PRC"))
    before = ips(state)
    state = roll(state, 8)  # 8 + 1 per PRC FF committed: a U.S./PRC gain read with PRC leading
    gained = {k: ips(state)[k] - before[k] for k in ("DPRK", "PRC", "US")}
    assert gained in ({"DPRK": -1, "PRC": 2, "US": 1}, {"DPRK": -3, "PRC": 4, "US": 1})


def test_dprk_06_unanswered_penalises_both_and_reads_rt_b():
    state = act(red_turn("DPRK", ("DPRK-06", "DPRK-RD", "DPRK-PROC")), PlayCard("DPRK", "DPRK-06"))
    state = act(act(state, SeekLead("US", False)), SeekLead("PRC", False))
    before = ips(state)
    state = roll(state, 0)
    record = next(e.roll for e in reversed(state.log) if e.roll)
    assert (record.table, record.column, record.result) == ("rt-b", "red-advantage", "red-major")
    assert ips(state)["DPRK"] == before["DPRK"] + 2
    assert ips(state)["US"] == before["US"] - 1 - 2 and ips(state)["PRC"] == before["PRC"] - 1 - 2
    iran = [e for e in state.effects if e.player == "IR" and e.family == "missile-test"]
    assert [(e.value, e.first_turn, e.last_turn) for e in iran] == [(1, 2, 3)]  # the next two turns


def test_ru_16_arms_control_needs_both_to_agree():
    state = act(red_turn("RU", ("RU-16", "RU-RD", "RU-PROC")), PlayCard("RU", "RU-16"))
    assert pending(state, CONTENT).kind == "vote" and set(legal(state)) == {Vote("US", True), Vote("US", False)}
    before = ips(state)
    agreed = act(state, Vote("US", True))
    assert {k: ips(agreed)[k] - before[k] for k in ("RU", "US", "NATO")} == {"RU": 3, "US": 3, "NATO": 2}
    refused = act(state, Vote("US", False))
    assert ips(refused) == before and refused.run is None


def test_ru_18_pays_and_gains_per_area():
    state = red_turn("RU", ("RU-18", "RU-RD", "RU-PROC"))
    assert {i.units for i in legal(state) if isinstance(i, PlayCard) and i.card == "RU-18"} == {1, 2, 3}
    rp, ip = state.player("RU").rp, state.player("RU").ip
    state = act(state, PlayCard("RU", "RU-18", 3))
    assert (state.player("RU").rp, state.player("RU").ip) == (rp - 3, ip + 3)


def test_prc_22_island_lands_its_influence_later():
    state = act(red_turn("PRC", ("PRC-22", "PRC-17", "PRC-28")), PlayCard("PRC", "PRC-22"))
    ip = state.player("PRC").ip
    state = roll(state, 5)  # 1-7: completed in two turns
    assert state.player("PRC").ip == ip
    assert [(s.turn, s.target, s.amount) for s in state.scheduled if s.player == "PRC"] == [(3, "ip", 1)]


def test_prc_29_base_once_per_aor():
    state = act(red_turn("PRC", ("PRC-29", "PRC-17", "PRC-28")), PlayCard("PRC", "PRC-29"))
    options = {i.option for i in legal(state)}
    assert "INDOPACOM" not in options and {"AFRICOM", "CENTCOM"} <= options  # not the home AOR
    state = act(state, Choose("PRC", "AFRICOM"))
    state = attrs.evolve(state, turn=state.turn + 3, played={})  # three turns on, played again
    state = act(state, PlayCard("PRC", "PRC-29"))
    assert "AFRICOM" not in {i.option for i in legal(state)}


def test_evt_us_06_private_block_next_turn():
    state = act(fresh(), InjectEvent("EVT-US-06"))
    state = roll(state, 1)  # 0-3: private
    block = [e for e in state.effects if e.player == "US" and e.kind == "block"]
    assert [(e.first_turn, e.last_turn, e.private) for e in block] == [(2, 2, True)]
    assert not any("iamd" in e.text for e in view(state, "PRC").log if e.kind == "effect")
    assert any("iamd" in e.text for e in view(state, "US").log if e.kind == "effect")
    from hedgemony_tui.games.hedgemony.engine.play import why_not_playable

    turn2 = attrs.evolve(state, turn=2, phase=Phase.BLUE, queue=("US", "NATO"), blue_to_act=("US", "NATO"))
    assert "forbids" in (why_not_playable(turn2, CONTENT, "US", CONTENT.card("US-UP-IAMD")) or "")


def test_evt_us_01_discounts_the_next_modernization_once():
    state = act(fresh(), InjectEvent("EVT-US-01"))
    state = roll(state, 5)  # public
    state = signal_all(state)
    state = act(state, next(i for i in legal(state) if i.describe().startswith("U.S. pays")))
    options = [i for i in legal(state) if isinstance(i, Modernize)]
    assert options
    from hedgemony_tui.games.hedgemony.engine.play import modernization_price

    full = modernization_price(attrs.evolve(state, effects=()), CONTENT, "US", options[-1].ffs, 1)
    assert modernization_price(state, CONTENT, "US", options[-1].ffs, 1) == max(1, full * 75 // 100)  # rounded down
    state = act(state, options[-1])
    assert not [e for e in state.effects if e.kind == "discount"]  # used up


def test_evt_nato_11_stops_nato_posture_moves_next_turn_only():
    # Injected once this turn's Blue phase is under way: NATO's next action phase is next
    # turn's (tests/hedgemony/engine/test_audit3_events.py: before it, this turn's).
    state = act(to_blue_actions(fresh()), InjectEvent("EVT-NATO-11"))
    effect = next(e for e in state.effects if e.player == "NATO")
    assert (effect.kind, effect.family, effect.first_turn, effect.last_turn) == ("block", "posture", 2, 2)
    from hedgemony_tui.games.hedgemony.engine.posture import deploy_options

    assert deploy_options(state, CONTENT, "NATO")
    assert not deploy_options(attrs.evolve(state, turn=2), CONTENT, "NATO")


def test_evt_con_10_the_us_choice_picks_the_table():
    state = act(fresh(), InjectEvent("EVT-CON-10"))
    assert {i.option for i in legal(state)} == {"active", "passive"}
    before = ips(state)
    active = roll(act(state, Choose("US", "active")), 0)
    passive = roll(act(state, Choose("US", "passive")), 9)
    assert ips(active)["US"] - before["US"] == 3 and ips(active)["IR"] - before["IR"] == -3
    assert ips(passive)["US"] - before["US"] == -2 and ips(passive)["IR"] - before["IR"] == 3


def test_evt_con_01_kony_spending_helps_and_the_hunt_goes_on():
    state = act(fresh(), InjectEvent("EVT-CON-01"))
    assert {i.rp for i in legal(state)} == {0, 1, 2, 3, 4}
    declined = act(state, Pay("US", 0))
    assert ips(declined)["US"] == ips(state)["US"] - 1 and declined.run is None
    state = act(state, Pay("US", 3))
    state = roll(state, 5)  # 5 + 2 (RPs beyond the first) = 7: not found, goes on
    assert state.run is None and [r.card for r in state.ongoing] == ["EVT-CON-01"]
    record = next(e.roll for e in reversed(state.log) if e.roll)
    assert record.total == 7


def test_evt_pol_38_aid_votes_and_the_patron_spared_by_empty_tanks():
    state = act(fresh(), InjectEvent("EVT-POL-38"))
    before = {p.id: (p.rp, p.ip) for p in state.players}
    state = act(act(state, Vote("PRC", True)), Vote("RU", False))
    assert state.player("PRC").rp == before["PRC"][0] - 2 and state.player("PRC").ip == before["PRC"][1] + 2
    assert state.player("RU").ip == before["RU"][1]
    state = act(state, InjectEvent("EVT-ECON-23"))
    assert state.player("PRC").rp == before["PRC"][0] - 2  # exempt: no oil bill
    assert state.player("NATO").rp == before["NATO"][0] - 2 and state.player("RU").rp == before["RU"][0] + 2


def test_events_once_a_game_and_only_in_the_first_three_phases():
    state = act(fresh(), InjectEvent("EVT-RU-04"))
    assert InjectEvent("EVT-RU-04") not in [
        i for i in __import__("hedgemony_tui.games.hedgemony.engine.game", fromlist=["x"]).legal_intents(state, CONTENT)
    ]
    summary = attrs.evolve(state, phase=Phase.SUMMARY)
    from hedgemony_tui.games.hedgemony.engine.play import why_not_injectable

    assert "first three phases" in (why_not_injectable(summary, CONTENT.card("EVT-RU-13")) or "")


def test_red_may_reposition_inside_its_own_aor_for_free():
    state = red_turn("RU", ("RU-05", "RU-17", "RU-RD"))
    moves = [i for i in legal(state) if isinstance(i, Deploy)]
    board = CONTENT.scenario.board
    assert moves and all(
        board.aor_of(i.to) == board.aor_of(state.stack(i.stack).location) or i.to == state.stack(i.stack).home
        for i in moves
    )
    rp = state.player("RU").rp
    assert act(state, moves[0]).player("RU").rp == rp


def test_prc_29_not_offered_once_every_aor_has_a_base():
    state = red_turn("PRC", ("PRC-29", "PRC-17", "PRC-28"))
    home = "INDOPACOM"
    taken = {f"choice:PRC-29:{a.id}": 1 for a in CONTENT.scenario.board.aors if a.id != home}
    state = attrs.evolve(state, turn=5, last_played={**state.last_played, **taken})
    assert PlayCard("PRC", "PRC-29") not in legal(state)


def test_an_aor_choice_without_once_stays_open_every_turn():
    """US-E02 chooses an away AOR each play but carries no ``once = "choice"``: a region
    chosen before may be chosen again (found by a bot that played it in every region and
    then faced a choice with no options)."""
    state = to_blue_actions(fresh())  # the U.S. in the Blue actions
    away = {a.id for a in CONTENT.scenario.board.aors if a.id != "NORTHCOM"}
    taken = {f"choice:US-E02:{a}": 1 for a in away}
    state = attrs.evolve(state, last_played={**state.last_played, **taken})
    state = act(state, PlayCard("US", "US-E02"))
    assert {i.option for i in legal(state) if isinstance(i, Choose)} == away
