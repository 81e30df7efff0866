"""The White Cell's discretion (issue 19, item 17; rules/hedgemony/README.md X11), and
chapter 11's combat example played through the engine, through reduce. The rule each
test enforces is given in our words, with its chapter."""

import attrs
import pytest

from hedgemony_tui.games.hedgemony.engine import game
from hedgemony_tui.games.hedgemony.engine.intents import (
    ChooseLocation,
    CommitForces,
    Deploy,
    DoneCommitting,
    EndInvestments,
    EndPhase,
    PayReadiness,
    PlayCard,
    ProposeAction,
)
from hedgemony_tui.games.hedgemony.engine.phases.blue import readiness_due
from hedgemony_tui.games.hedgemony.engine.state import Phase
from hedgemony_tui.games.hedgemony.engine.white_cell_intents import (
    BuildBase,
    ImposePenalty,
    ImposePin,
    ImposeReset,
    ProxyDevelopment,
    ProxyEmployment,
    ProxyParticipation,
    SetPace,
    SetRedOrder,
)
from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.table.errors import IllegalIntent
from tests.hedgemony.turn_helpers import (
    CONTENT,
    act,
    fresh,
    last_roll,
    legal,
    pass_until,
    red_turn,
    roll,
    signal_all,
    to_red_phase,
)


def with_player(state, pid, **changes):
    return attrs.evolve(state, players=tuple(attrs.evolve(p, **changes) if p.id == pid else p for p in state.players))


def with_stack(state, sid, **changes):
    return attrs.evolve(state, stacks=tuple(attrs.evolve(s, **changes) if s.id == sid else s for s in state.stacks))


# --- chapter 11's example of combat adjudication ------------------------------------------------


def test_chapter_11_combat_example_through_the_engine():
    """Ch. 11's example: Red commits 3 FFs at Mod Level 3 (LRF 3); the U.S. answers with 2
    FFs at Mod Level 4 and 80% readiness from within the AOR (C4ISR 4). Red 7 CFs, U.S. 7
    read down to 5 for readiness: the 1:1 column, +1 to the roll (4 - 3). The White Cell
    may then put two-turn Pinned markers on both sides' forces: they may not act elsewhere
    until the end of the next turn."""
    state = act(to_red_phase(fresh()), EndPhase("RU"))
    state = with_player(state, "PRC", capabilities={"LRF": 3, "C4ISR": 3})
    state = with_player(state, "US", capabilities={"C4ISR": 4, "IAMD": 3, "SOF": 3})
    korea = next(s for s in state.stacks_of("US") if s.location == "korean-peninsula")
    state = with_stack(state, korea.id, mod=4, readiness=80)
    state = act(act(state, PlayCard("PRC", "PRC-03")), ChooseLocation("PRC", "taiwan"))
    m3 = next(s for s in state.stacks_of("PRC") if s.mod == 3)
    state = act(act(state, CommitForces("PRC", m3.id, 3)), DoneCommitting("PRC"))
    state = act(act(state, CommitForces("US", korea.id, 2)), DoneCommitting("US"))
    state = roll(state, 5)
    record = last_roll(state)
    assert "Blue 5 CFs vs Red 7 CFs" in record.reason
    assert (record.table, record.column, [t.value for t in record.modifiers], record.total) == ("crt-a", "1:1", [1], 6)
    # The White Cell's two-turn pins on what is left at Taiwan (PRC-03 also resets half).
    there = [s for s in state.stacks if s.location == "taiwan"]
    assert {s.owner for s in there} == {"PRC", "US"}
    prc_there = next(s for s in there if s.owner == "PRC")
    assert any(isinstance(o, Deploy) and o.stack == prc_there.id for o in legal(state))  # free to move before
    for stack in there:
        state = act(state, ImposePin(stack.id, 2))
    assert not any(isinstance(o, Deploy) and o.stack == prc_there.id for o in legal(state))
    state = pass_until(state, lambda s: s.turn == 2 and s.phase is Phase.BLUE and s.readiness_paid)
    us_there = next(s for s in state.stacks if s.location == "taiwan" and s.owner == "US")
    assert us_there.pinned(2) and not any(isinstance(o, Deploy) and o.stack == us_there.id for o in legal(state))
    state = pass_until(state, lambda s: s.turn == 3)
    assert not any(s.pinned(3) for s in state.stacks if s.location == "taiwan")


# --- the Red order ------------------------------------------------------------------------------


def test_the_white_cell_directs_the_red_order_for_the_turn():
    """Ch. 3: in the default scenario the White Cell chooses the Red players' sequence
    (the directed sequence), turn by turn."""
    state = act(signal_all(fresh()), PayReadiness("US"))
    order = ("IR", "DPRK", "PRC", "RU")
    assert SetRedOrder(order) not in game.legal_intents(state, CONTENT)  # open: never listed
    state = act(state, SetRedOrder(order))
    state = act(act(state, EndPhase("US")), EndPhase("NATO"))
    assert state.phase is Phase.RED and state.queue == order
    state = pass_until(state, lambda s: s.turn == 2 and s.phase is Phase.RED)
    assert state.queue == ("RU", "PRC", "DPRK", "IR")  # for that turn only


def test_the_red_order_is_the_white_cells_alone_and_names_every_red_player():
    state = fresh()
    with pytest.raises(IllegalIntent, match="only the White Cell"):
        act(state, SetRedOrder(("IR", "DPRK", "PRC", "RU"), player="RU"))
    with pytest.raises(IllegalIntent, match="name every Red player once"):
        act(state, SetRedOrder(("IR", "DPRK", "PRC")))
    rolled = fresh(random_red_order=True)
    with pytest.raises(IllegalIntent, match="random-order rule"):
        act(rolled, SetRedOrder(("IR", "DPRK", "PRC", "RU")))


def test_one_random_red_order_serves_the_whole_turn():
    """Ch. 3's optional rule rolls the Red players' sequence: one sequence, used for the
    signaling and the Red phase of the turn (README: one roll-off a turn)."""
    state = RULES.setup(5, {"random_red_order": True})
    order = state.red_order_turn
    rolls = [e for e in state.log if e.kind == "order"]
    state = to_red_phase(state)
    assert state.queue == order and [e for e in state.log if e.kind == "order"] == rolls


# --- pins, resets and penalties outside a card (ch. 11) ---------------------------------------


def test_the_white_cell_resets_forces_for_an_additional_turn():
    """Ch. 11: the White Cell may impose a turn penalty before forces can be used again:
    they go home and are out through the next turn."""
    state = fresh()
    japan = next(s for s in state.stacks_of("US") if s.location == "japan")
    state = act(state, ImposeReset(japan.id, 1))
    back = next(s for s in state.stacks_of("US") if s.reset(1))
    assert back.location == back.home and not back.available(2) and back.available(3)


def test_the_white_cell_imposes_a_penalty_within_what_the_player_has():
    """Ch. 11: the White Cell may impose an additional cost; RPs never go below zero."""
    state = act(fresh(), ImposePenalty("RU", ip=-2, rp=-3, reason="heavy losses"))
    assert (state.player("RU").ip, state.player("RU").rp) == (28, 12)
    assert "heavy losses" in state.log[-1].text
    with pytest.raises(IllegalIntent, match="RU has 2 RP"):
        act(with_player(state, "RU", rp=2), ImposePenalty("RU", rp=-3))
    with pytest.raises(IllegalIntent, match="written as negative numbers"):
        act(state, ImposePenalty("RU", ip=2))


def test_a_pin_until_lifted_holds_until_the_white_cell_lifts_it():
    """Ch. 11: Pinned markers last one or two turns, or indefinitely."""
    state = fresh()
    japan = next(s for s in state.stacks_of("US") if s.location == "japan")
    state = act(state, ImposePin(japan.id, 99))
    assert state.stack(japan.id).pinned(8)
    state = act(state, ImposePin(japan.id, 0))
    assert not state.stack(japan.id).pinned(1)
    with pytest.raises(IllegalIntent, match="is not pinned"):
        act(state, ImposePin(japan.id, 0))


# --- a U.S. base (ch. 9) ----------------------------------------------------------------------


def base_proposed(location="korean-peninsula"):
    state = act(signal_all(fresh()), PayReadiness("US"))
    state = act(act(state, EndInvestments("US")), EndInvestments("NATO"))
    return act(state, ProposeAction("US", location, "Build a permanent base", "base"))


def test_a_us_base_lowers_the_aors_oconus_readiness_bill():
    """Ch. 9: the U.S. may try to build a base in its actions; the White Cell sets the
    conditions and costs, and the payoff may be a share off the OCONUS readiness costs of
    its AOR. Here 50% off INDOPACOM's: 3 U.S. FFs there at 100% cost 6, so 3 RPs less."""
    state = base_proposed()
    rp = state.player("US").rp
    due = readiness_due(state, CONTENT)
    state = act(state, BuildBase(cost=5, percent=50))
    assert state.player("US").rp == rp - 5 and state.proposal is None
    assert [(b.location, b.aor, b.percent) for b in state.bases] == [("korean-peninsula", "INDOPACOM", 50)]
    assert readiness_due(state, CONTENT) == due - 3


def test_a_base_with_an_unreliable_host_may_fall_through():
    """Ch. 9: uncertainty may come from the proxy reliability rules (ch. 15): a low-
    reliability host fails on 0-5 and the RPs are spent."""
    state = act(base_proposed(), BuildBase(cost=5, percent=50, reliability="low"))
    assert game.pending(state, CONTENT).kind == "roll" and state.roll_request.roller == "US"
    failed = roll(state, 2)
    assert failed.bases == () and failed.awaiting is None
    assert roll(state, 7).bases[0].location == "korean-peninsula"


def test_only_a_us_proposal_may_become_a_base():
    state = fresh()
    with pytest.raises(IllegalIntent, match="ruling on a U.S. proposal"):
        act(state, BuildBase(cost=5, percent=50))


# --- the proxy procedure (ch. 15) ------------------------------------------------------------


def prc_01_answered_by_the_us(state):
    """PRC-01 at Taiwan on RT B: PRC 2 FFs in theater, the U.S. 1 FF from Japan."""
    state = act(act(state, PlayCard("PRC", "PRC-01")), ChooseLocation("PRC", "taiwan"))
    m1 = next(s for s in state.stacks_of("PRC") if s.mod == 1)
    state = act(act(state, CommitForces("PRC", m1.id, 2)), DoneCommitting("PRC"))
    japan = next(s for s in state.stacks_of("US") if s.location == "japan")
    return act(state, CommitForces("US", japan.id, 1))


def test_the_proxy_procedure_participation_development_employment():
    """Ch. 15: a proxy's participation, its development (the sponsor pays its share of the
    mat price; a failure delivers one FF fewer; the forces serve from the next turn) and its
    employment in an action are each a roll on the Proxy Forces Reliability mat; employed
    proxies count like other non-U.S. forces."""
    state = fresh()
    state = act(state, ProxyParticipation("US", "Taiwan militia", "taiwan", "high", ffs=1, mod=2))
    state = roll(state, 5)  # high: success on 2-9
    assert [(p.name, p.sponsor) for p in state.proxy_partners] == [("Taiwan militia", "US")]
    rp = state.player("US").rp
    state = act(state, ProxyDevelopment("Taiwan militia", "medium", ffs=2, mod=2, share=50))
    assert state.player("US").rp == rp - 3  # half of Table 13.1's 6 RP for 2 FF at M2
    state = roll(state, 1)  # medium fails on 0-3: one FF fewer
    forces = state.proxy_partners[0].forces
    assert [(f.ffs, f.mod, f.ready_turn) for f in forces] == [(1, 2, 0), (1, 2, 2)]
    # Turn 2: PRC presses Taiwan; the U.S. calls on its proxy, whose 2 FFs now serve.
    state = red_turn("PRC", ("PRC-01", "PRC-17", "PRC-22"), pass_until(state, lambda s: s.turn == 2), rp=20)
    alone = roll(act(prc_01_answered_by_the_us(state), DoneCommitting("US")), 5)
    assert "Blue 1 FF vs Red 2 FFs" in last_roll(alone).reason
    state = act(prc_01_answered_by_the_us(state), ProxyEmployment("Taiwan militia", "certain"))
    state = roll(state, 0)  # certain: always comes through
    assert [(a.side, a.ffs) for a in state.run.allies] == [("blue", 1), ("blue", 1)]
    state = roll(act(state, DoneCommitting("US")), 5)
    assert "Blue 3 FFs vs Red 2 FFs" in last_roll(state).reason


def test_a_proxy_that_will_not_take_part_is_no_partner():
    state = roll(act(fresh(), ProxyParticipation("RU", "Militia", "ukraine", "low")), 3)  # low fails on 0-5
    assert state.proxy_partners == ()
    with pytest.raises(IllegalIntent, match="not a proxy partner"):
        act(state, ProxyDevelopment("Militia", "low", ffs=1, mod=1))


# --- the optional pace rule (ch. 3) -------------------------------------------------------------


def test_the_pace_rule_may_start_the_extra_cost_after_the_second_card():
    """Ch. 3's optional pace rule: the extra RP may come only after the second card (or
    not at all). Set at the start (a new-game option) or by the White Cell in play."""
    for state in (
        red_turn("RU", ("RU-17", "RU-RD", "RU-E01"), RULES.setup(3, {"red_extra_after": 2}), rp=30),
        act(red_turn("RU", ("RU-17", "RU-RD", "RU-E01"), rp=30), SetPace(extra_cost=1, after=2)),
    ):
        state = roll(act(state, PlayCard("RU", "RU-17")), 5)
        rp = state.player("RU").rp
        state = act(state, PlayCard("RU", "RU-RD"))
        assert state.player("RU").rp == rp - 4  # no extra RP for the second card
        rp = roll(state, 5).player("RU").rp
        state = act(roll(state, 5), PlayCard("RU", "RU-E01"))
        assert state.player("RU").rp == rp - 2 - 1  # the third pays 1 more
