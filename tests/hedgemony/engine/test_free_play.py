"""Blue free play through a White Cell ruling (ch. 3, 7; rules/README.md X9): a Blue
player proposes, the White Cell names the table, opponent, Critical Capabilities, cost
and outcome rows, the proposer reads the ruling before paying anything and accepts or
withdraws, and an accepted action is played like a printed card."""

import attrs
import pytest

from hedgemony_tui.games.hedgemony.engine.game import content_of, pending
from hedgemony_tui.games.hedgemony.engine.intents import (
    AcceptRuling,
    CommitForces,
    DoneCommitting,
    EndInvestments,
    EndPhase,
    PayReadiness,
    ProposeAction,
    RefuseAction,
    RuleAction,
    RulingRow,
)
from hedgemony_tui.games.hedgemony.engine.state import Phase
from hedgemony_tui.games.hedgemony.engine.terms import Outcome
from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.table.errors import IllegalIntent
from hedgemony_tui.table.saves import load_game, save_game
from tests.hedgemony.turn_helpers import CONTENT, act, fresh, ips, legal, roll, signal_all

TABLE_ROWS = tuple(RulingRow(o.value, b, r) for o, (b, r) in zip(Outcome, ((-2, 2), (-1, 1), (0, 0), (1, -1), (2, -2))))


def blue_phase():
    """The Blue actions of turn 1: free play is an action, so it waits for every Blue
    investment (ch. 3)."""
    state = act(signal_all(fresh()), PayReadiness("US"))
    return act(act(state, EndInvestments("US")), EndInvestments("NATO"))


def proposed(location="korean-peninsula", title="Carrier group exercise off Korea", kind="show-of-force"):
    return act(blue_phase(), ProposeAction("US", location, title, kind))


def ruled(state, ruling):
    """The White Cell rules, and the proposer accepts the ruling."""
    state = act(state, ruling)
    return act(state, AcceptRuling(state.proposal.player))


def test_a_proposal_waits_on_the_white_cell_and_offers_its_usual_rulings():
    state = proposed()
    decision = pending(state, CONTENT)
    assert (decision.seat, decision.kind) == ("WHITE", "ruling")
    rulings = [i for i in legal(state) if isinstance(i, RuleAction)]
    # Opponents with a stake in INDOPACOM: China and North Korea (home and forces there).
    # The kind proposed names the table (issue 30 item 10, changed on purpose: both tables
    # used to be offered for any proposal): a show of force on RT B against each...
    assert {(r.table, r.opponent) for r in rulings} == {("rt-b", "PRC"), ("rt-b", "DPRK")}
    # ... a combat operation on CRT A against each.
    combat = [i for i in legal(proposed(kind="combat")) if isinstance(i, RuleAction)]
    assert {(r.table, r.opponent) for r in combat} == {("crt-a", "PRC"), ("crt-a", "DPRK")}
    assert RefuseAction("") in legal(state)
    # Standard proposals: where the U.S. has forces, not at home in CONUS.
    offered = [i for i in legal(blue_phase()) if isinstance(i, ProposeAction)]
    assert offered and all(p.location != "conus" for p in offered)


def test_refusing_costs_nothing_and_the_same_place_cannot_be_proposed_again_this_turn():
    state = proposed()
    rp = state.player("US").rp
    state = act(state, RefuseAction("no such carrier available"))
    assert pending(state, CONTENT).seat == "US" and state.player("US").rp == rp
    assert "no such carrier available" in state.log[-1].text
    with pytest.raises(IllegalIntent, match="already proposed an action at Korean Peninsula"):
        act(state, ProposeAction("US", "korean-peninsula", "Try again", "presence"))
    act(state, ProposeAction("US", "japan", "Something else", "exercise"))  # elsewhere is fine


def test_a_custom_table_ruling_is_played_like_a_card_with_its_rows():
    state = proposed()
    ruling = RuleAction("rt-b", "DPRK", cost=2, rows=TABLE_ROWS, unopposed_ip=-1, title="presence patrol")
    rp = state.player("US").rp
    state = act(state, ruling)
    assert state.player("US").rp == rp and state.run is None  # nothing paid before the answer
    state = act(state, AcceptRuling("US"))
    assert state.player("US").rp == rp - 2
    card = content_of(state).card(state.rulings[0].card)
    assert card.contest.table == "rt-b" and card.contest.responders == ("DPRK",) and card.source == "ruling"
    assert (pending(state, CONTENT).seat, pending(state, CONTENT).kind) == ("US", "commit")
    stack = next(i for i in legal(state) if isinstance(i, CommitForces))
    state = act(act(state, stack), DoneCommitting("US"))
    assert pending(state, CONTENT).kind == "respond" and pending(state, CONTENT).seat == "DPRK"
    dprk = next(i for i in legal(state) if isinstance(i, CommitForces))
    state = act(act(state, dprk), DoneCommitting("DPRK"))
    before = ips(state)
    state = roll(state, 9)
    record = next(e.roll for e in reversed(state.log) if e.roll)
    assert record.table == "rt-b"
    row = {r.key: r for r in TABLE_ROWS}[record.result]
    after = ips(state)
    assert (after["US"] - before["US"], after["DPRK"] - before["DPRK"]) == (row.blue_ip, row.opponent_ip)
    assert state.run is None and pending(state, CONTENT).kind == "blue"


def test_unanswered_the_opponent_loses_face_and_rt_b_blue_advantage_is_read():
    state = ruled(proposed(), RuleAction("rt-b", "DPRK", cost=0, rows=TABLE_ROWS, unopposed_ip=-1))
    state = act(act(state, next(i for i in legal(state) if isinstance(i, CommitForces))), DoneCommitting("US"))
    before = ips(state)
    state = act(state, DoneCommitting("DPRK"))
    state = roll(state, 0)
    record = next(e.roll for e in reversed(state.log) if e.roll)
    assert (record.table, record.column) == ("rt-b", "blue-advantage")
    row = {r.key: r for r in TABLE_ROWS}[record.result]
    assert ips(state)["DPRK"] - before["DPRK"] == row.opponent_ip - 1


def test_a_d10_ruling_reads_its_bands():
    """A plain D10 is left only for a proposal saved before proposals said their kind
    (changed on purpose, issue 30 item 10: a kind names CRT A or RT B)."""
    bands = (RulingRow("0-4", 0, 0), RulingRow("5-9", 2, 0))
    with pytest.raises(IllegalIntent, match="an exercise is resolved on RT B"):
        act(proposed("japan", "Joint exercise with Japan", "exercise"), RuleAction("d10", cost=1, rows=bands))
    saved = proposed("japan", "Joint exercise with Japan", "exercise")
    saved = attrs.evolve(saved, proposal=attrs.evolve(saved.proposal, kind=""))  # as an older save holds it
    state = ruled(saved, RuleAction("d10", cost=1, rows=bands))
    assert pending(state, CONTENT).kind == "roll"
    before = ips(state)
    assert ips(roll(state, 4))["US"] == before["US"]
    assert ips(roll(state, 5))["US"] == before["US"] + 2


@pytest.mark.parametrize(
    "ruling, message",
    [
        (RuleAction("crt-b", "DPRK", rows=TABLE_ROWS), "table must be one of"),
        (RuleAction("crt-a", "", rows=TABLE_ROWS), "a show of force is resolved on RT B"),
        (RuleAction("crt-a", "NATO", rows=TABLE_ROWS), "opponent must be one of"),
        (RuleAction("rt-b", "NATO", rows=TABLE_ROWS), "opponent must be one of"),
        (RuleAction("rt-b", "DPRK", rows=TABLE_ROWS[:4]), "one row for each outcome"),
        (RuleAction("rt-b", "DPRK", cost=99, rows=TABLE_ROWS), "cost must be 0-10"),
        (RuleAction("crt-a", "DPRK", blue_capabilities=("LASERS",), rows=TABLE_ROWS), "Critical Capabilities"),
        (RuleAction("d10", rows=(RulingRow("0-3"), RulingRow("5-9"))), "without gaps"),
        (RuleAction("d10", rows=(RulingRow("0-9", 9),)), "within -5..+5"),
    ],
)
def test_a_bad_custom_ruling_is_refused_with_the_reason_and_nothing_changes(ruling, message):
    state = proposed()
    with pytest.raises(IllegalIntent, match=message):
        act(state, ruling)
    assert state.proposal is not None and state.run is None


def test_a_ruling_costing_more_than_the_proposer_has_is_refused():
    state = proposed()
    poor = attrs.evolve(state, players=tuple(attrs.evolve(p, rp=1) if p.id == "US" else p for p in state.players))
    with pytest.raises(IllegalIntent, match="has 1 RP, less than the cost 2"):
        act(poor, RuleAction("rt-b", "DPRK", cost=2, rows=TABLE_ROWS))
    assert all(r.cost <= 1 for r in legal(poor) if isinstance(r, RuleAction))


@pytest.mark.parametrize(
    "proposal, message",
    [
        (ProposeAction("US", "atlantis", "Dive", "presence"), "no location 'atlantis'"),
        (ProposeAction("US", "japan", "   ", "presence"), "1-80 printable characters"),
        (ProposeAction("NATO", "japan", "Out of turn", "presence"), "only in its own turn of the Blue actions"),
        (ProposeAction("PRC", "japan", "Not Blue", "presence"), "only in its own turn of the Blue actions"),
        (ProposeAction("US", "japan", "No kind said"), "say what kind of operation it is: one of combat"),
        (ProposeAction("US", "japan", "Odd kind", "raid"), "say what kind of operation it is"),
    ],
)
def test_bad_proposals_are_refused(proposal, message):
    with pytest.raises(IllegalIntent, match=message):
        act(blue_phase(), proposal)


def test_no_proposal_before_the_readiness_bill_or_outside_the_blue_phase():
    before_bill = signal_all(fresh())
    with pytest.raises(IllegalIntent, match="after the readiness bill"):
        act(before_bill, ProposeAction("US", "japan", "Early", "presence"))
    red = act(act(blue_phase(), EndPhase("US")), EndPhase("NATO"))
    assert red.phase is Phase.RED
    with pytest.raises(IllegalIntent):
        act(red, ProposeAction("NATO", "baltics", "Late", "presence"))


def test_a_game_saved_mid_ruling_loads_and_goes_on_identically(tmp_path):
    state = ruled(
        proposed(kind="combat"), RuleAction("crt-a", "DPRK", cost=2, rows=TABLE_ROWS, blue_capabilities=("C4ISR",))
    )
    path = tmp_path / "fp.toml"
    save_game(path, RULES, state)
    loaded = load_game(path)
    assert loaded == state
    step = next(i for i in legal(state) if isinstance(i, CommitForces))
    assert act(loaded, step) == act(state, step)


def test_a_hand_edited_ruling_is_refused_on_load(tmp_path):
    state = ruled(proposed(), RuleAction("rt-b", "DPRK", cost=0, rows=TABLE_ROWS))
    path = tmp_path / "fp.toml"
    save_game(path, RULES, state)
    text = path.read_text().replace('table = "rt-b"', 'table = "rt-z"', 1)
    assert "rt-z" in text
    path.write_text(text)
    from hedgemony_tui.table.errors import SaveError

    with pytest.raises(SaveError, match="ruling FP-"):
        load_game(path, allow_edited=True)  # an edit made on purpose must still obey the rules
