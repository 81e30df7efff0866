"""Blue free play as a real ruling (README X9, issue 23): the ruling is shown to the
proposer before anything is paid, the proposer may withdraw, the standard rulings depend
on the Red forces where the action happens, and a Red player answers through the same
commit intents as in a Red card's contest."""

import attrs
import pytest

from hedgemony_tui.games.hedgemony.bots import get_policy
from hedgemony_tui.games.hedgemony.bots.proposal_ruling import rule_proposal
from hedgemony_tui.games.hedgemony.bots.ruling_answer import answer_ruling
from hedgemony_tui.games.hedgemony.engine.game import content_of, pending
from hedgemony_tui.games.hedgemony.engine.intents import (
    AcceptRuling,
    CommitForces,
    DoneCommitting,
    EndInvestments,
    PayReadiness,
    ProposeAction,
    RefuseAction,
    RuleAction,
    WithdrawProposal,
)
from hedgemony_tui.games.hedgemony.engine.view import view
from hedgemony_tui.table.errors import IllegalIntent
from tests.hedgemony.turn_helpers import CONTENT, act, fresh, legal, moved, roll, signal_all


def blue_phase(state=None):
    state = act(signal_all(state or fresh()), PayReadiness("US"))
    return act(act(state, EndInvestments("US")), EndInvestments("NATO"))


def standard(state, table, opponent):
    return next(r for r in legal(state) if isinstance(r, RuleAction) and (r.table, r.opponent) == (table, opponent))


def balances(state):
    return {p.id: (p.rp, p.ip) for p in state.players}


def test_the_ruling_is_shown_to_the_proposer_before_anything_is_paid():
    state = act(blue_phase(), ProposeAction("US", "korean-peninsula", "Carrier group off Korea", "combat"))
    before = balances(state)
    state = act(state, standard(state, "crt-a", "DPRK"))
    decision = pending(state, CONTENT)
    assert (decision.seat, decision.kind) == ("US", "ruling-answer")
    # Table, who may answer, forces that count, capabilities, cost and every row, in names.
    for words in (
        "CRT A",
        "who may answer: DPRK",
        "Korean Peninsula",
        "forces that count",
        "Critical Capabilities",
        "cost: 2 RP, paid only if US accepts",
        "Red Major Gain: US -3, DPRK +3 IP",
        "Blue Major Gain: US +3, DPRK -3 IP",
        "if DPRK sends nothing: DPRK -2 IP",
    ):
        assert words in decision.prompt, words
    assert "korean-peninsula" not in decision.prompt
    assert balances(state) == before and state.run is None and state.rulings == ()
    assert legal(state) == [AcceptRuling("US"), WithdrawProposal("US")]
    # The White Cell has ruled: it may not rule again or refuse now.
    with pytest.raises(IllegalIntent, match="ruled already"):
        act(state, standard(act(blue_phase(), ProposeAction("US", "japan", "x", "presence")), "rt-b", "PRC"))
    with pytest.raises(IllegalIntent):
        act(state, RefuseAction("changed my mind"))


def test_withdrawing_pays_nothing_ends_the_proposal_and_is_legal_only_then():
    state = act(blue_phase(), ProposeAction("US", "korean-peninsula", "Carrier group off Korea", "show-of-force"))
    with pytest.raises(IllegalIntent):
        act(state, WithdrawProposal("US"))  # not before the ruling
    before = balances(state)
    state = act(act(state, standard(state, "rt-b", "DPRK")), WithdrawProposal("US"))
    assert state.proposal is None and state.run is None and state.rulings == ()
    assert balances(state) == before and state.next_id == blue_phase().next_id
    assert pending(state, CONTENT).seat == "US" and pending(state, CONTENT).kind == "blue"
    assert "withdraws 'Carrier group off Korea' at Korean Peninsula; nothing is paid" in state.log[-1].text
    with pytest.raises(IllegalIntent):
        act(state, WithdrawProposal("US"))  # nothing to withdraw any more
    with pytest.raises(IllegalIntent, match="already proposed"):
        act(state, ProposeAction("US", "korean-peninsula", "Again", "presence"))


def test_a_ruling_the_proposer_cannot_pay_can_only_be_withdrawn():
    state = act(blue_phase(), ProposeAction("US", "korean-peninsula", "Carrier group off Korea", "show-of-force"))
    state = act(state, RuleAction("rt-b", "DPRK", cost=2, rows=standard(state, "rt-b", "DPRK").rows))
    poor = attrs.evolve(state, players=tuple(attrs.evolve(p, rp=1) if p.id == "US" else p for p in state.players))
    assert legal(poor) == [WithdrawProposal("US")]
    with pytest.raises(IllegalIntent):
        act(poor, AcceptRuling("US"))


def rulings_for(state, location, kind):
    state = act(state, ProposeAction("US", location, "An operation", kind))
    return {(r.table, r.opponent) for r in legal(state) if isinstance(r, RuleAction)}


def test_the_standard_rulings_follow_the_red_forces_in_the_aor():
    # Iran is at home in CENTCOM with its forces: RT B for a patrol, CRT A for combat.
    assert rulings_for(blue_phase(), "iraq", "presence") == {("rt-b", "IR")}
    assert rulings_for(blue_phase(), "iraq", "combat") == {("crt-a", "IR")}
    # Its forces gone elsewhere, only its home is there: the list no longer offers combat
    # there, but a combat operation proposed all the same still meets Iran, who may send
    # forces (changed on purpose, issue 30 item 10: the kind names the table).
    away = blue_phase(moved(fresh(), "IR-14", "libya"))
    assert {p.kind for p in legal(away) if isinstance(p, ProposeAction) and p.location == "iraq"} == {"show-of-force"}
    assert rulings_for(away, "iraq", "show-of-force") == {("rt-b", "IR")}
    assert rulings_for(away, "iraq", "combat") == {("crt-a", "IR")}
    # No Red home or forces in SOUTHCOM: one operation no one answers, read on RT B.
    state = act(blue_phase(), ProposeAction("US", "colombia", "Counter-drug support", "aid"))
    [only] = [r for r in legal(state) if isinstance(r, RuleAction)]
    assert (only.table, only.opponent, only.cost) == ("rt-b", "", 1)


def test_an_operation_no_one_answers_reads_rt_b_blue_advantage_with_the_proposers_forces():
    state = act(
        blue_phase(moved(fresh(), "US-4", "colombia")), ProposeAction("US", "colombia", "Counter-drug support", "aid")
    )
    [ruling] = [r for r in legal(state) if isinstance(r, RuleAction)]
    state = act(act(state, ruling), AcceptRuling("US"))
    assert pending(state, CONTENT).kind == "commit"
    state = act(act(state, next(i for i in legal(state) if isinstance(i, CommitForces))), DoneCommitting("US"))
    assert pending(state, CONTENT).kind == "roll"  # no one to answer
    ip = state.player("US").ip
    state = roll(state, 9)
    record = next(e.roll for e in reversed(state.log) if e.roll)
    assert (record.table, record.column) == ("rt-b", "blue-advantage")
    assert state.player("US").ip - ip == {r.key: r.blue_ip for r in ruling.rows}[record.result]


def test_the_red_player_answers_the_ruled_action_with_the_commit_intents():
    state = act(blue_phase(), ProposeAction("US", "korean-peninsula", "Carrier group off Korea", "show-of-force"))
    state = act(act(state, standard(state, "rt-b", "DPRK")), AcceptRuling("US"))
    state = act(act(state, next(i for i in legal(state) if isinstance(i, CommitForces))), DoneCommitting("US"))
    decision = pending(state, CONTENT)
    assert (decision.seat, decision.kind) == ("DPRK", "respond")
    answers = [i for i in legal(state) if isinstance(i, CommitForces)]
    assert answers and all(i.player == "DPRK" for i in answers)
    state = act(act(state, answers[0]), DoneCommitting("DPRK"))
    state = roll(state, 5)
    record = next(e.roll for e in reversed(state.log) if e.roll)
    assert record.table == "rt-b" and record.column != "blue-advantage"  # read with both sides' forces


def test_the_white_cell_bot_rules_and_the_blue_bot_answers_from_its_view():
    state = act(blue_phase(), ProposeAction("US", "korean-peninsula", "Carrier group off Korea", "combat"))
    content = content_of(state, CONTENT)
    choice = rule_proposal(state, content, legal(state))
    assert (choice.intent.table, choice.intent.opponent) == ("crt-a", "PRC")  # 15 FF in INDOPACOM, DPRK 10
    state = act(state, choice.intent)
    seen = view(state, "US")
    answer = answer_ruling(seen, content, "US", legal(state))
    assert answer.intent in legal(state) and answer.reason
    picked = get_policy("basic").decide(seen, legal(state))
    assert picked.intent == answer.intent
    act(state, picked.intent)  # and the game goes on from it


def _old_save(tmp_path, journal_intents):
    """A save written as version 6 (before the proposer's answer): the journal of
    ``journal_intents`` from the Blue actions, then ``schema_version`` set back."""
    from hedgemony_tui.games.hedgemony.rules import RULES
    from hedgemony_tui.table.saves import JournalEntry, save_game

    start = blue_phase()
    state, journal = start, []
    for intent in journal_intents:
        journal.append(JournalEntry(pending(state, CONTENT).seat, intent))
        state = act(state, intent)
    path = tmp_path / "old.toml"
    save_game(path, RULES, state, start=start, journal=tuple(journal))
    text = path.read_text()
    current = f"schema_version = {RULES.schema_version}\n"
    assert text.startswith(current)
    path.write_text(text.replace(current, "schema_version = 6\n", 1))
    return path, state


def test_a_version_6_journal_with_a_ruling_restarts_at_the_saved_state(tmp_path):
    from hedgemony_tui.table.saves import read_game

    propose = ProposeAction("US", "korean-peninsula", "Carrier group off Korea", "show-of-force")
    ruling = standard(act(blue_phase(), propose), "rt-b", "DPRK")
    path, state = _old_save(tmp_path, [propose, ruling])
    game = read_game(path, allow_edited=True)  # the version line was edited by hand here
    assert game.state == state and game.journal == () and game.start == state
    assert act(game.state, AcceptRuling("US")) == act(state, AcceptRuling("US"))


def test_a_version_6_journal_without_a_ruling_keeps_its_journal(tmp_path):
    from hedgemony_tui.table.saves import read_game

    path, state = _old_save(tmp_path, [ProposeAction("US", "japan", "Joint exercise with Japan", "exercise")])
    game = read_game(path, allow_edited=True)
    assert game.state == state and len(game.journal) == 1
