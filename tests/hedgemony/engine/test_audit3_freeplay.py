"""Third rules audit (issue 30), items 9 and 10: procurement at several Mod Levels in any
number, and Blue free play proposed as an intention (a kind of operation and the
proposer's own words) that the White Cell resolves on the table the rules give that
kind, with the odds of every outcome shown before anything is paid.

Each test names the rule it enforces (chapter and line of the text edition, in short
quotes) and plays it through ``legal_intents``/``reduce``.
"""

from fractions import Fraction

import attrs
import pytest

from hedgemony_tui.games.hedgemony.bots import get_policy
from hedgemony_tui.games.hedgemony.bots.basic import BasicPolicy
from hedgemony_tui.games.hedgemony.bots.proposal_ruling import rule_proposal
from hedgemony_tui.games.hedgemony.engine import costs
from hedgemony_tui.games.hedgemony.engine.game import content_of, pending
from hedgemony_tui.games.hedgemony.engine.intents import (
    AcceptRuling,
    CommitForces,
    DoneCommitting,
    EndInvestments,
    EndPhase,
    Intent,
    PayReadiness,
    Procure,
    ProcureLine,
    ProposeAction,
    RuleAction,
    WithdrawProposal,
)
from hedgemony_tui.games.hedgemony.engine.odds import roll_preview
from hedgemony_tui.games.hedgemony.engine.op_kinds import KINDS, table_for
from hedgemony_tui.games.hedgemony.engine.ruling_odds import ruling_odds
from hedgemony_tui.games.hedgemony.engine.state import Proposal
from hedgemony_tui.games.hedgemony.engine.view import view
from hedgemony_tui.games.hedgemony.engine.white_cell_intents import BuildBase
from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.table.codec import structure
from hedgemony_tui.table.errors import IllegalIntent, SaveError
from hedgemony_tui.table.saves import load_game, save_game
from tests.hedgemony.turn_helpers import (
    CONTENT,
    act,
    fresh,
    last_roll,
    legal,
    moved,
    red_turn,
    roll,
    signal_all,
    with_rp,
)


def blue_actions(state=None):
    """The Blue actions of turn 1 (ch. 3: after the readiness bill and every Blue investment)."""
    state = act(signal_all(state or fresh()), PayReadiness("US"))
    return act(act(state, EndInvestments("US")), EndInvestments("NATO"))


def proposed(kind, location="korean-peninsula", title="Carrier group off Korea", state=None):
    return act(state or blue_actions(), ProposeAction("US", location, title, kind))


def rulings_of(state):
    return [r for r in legal(state) if isinstance(r, RuleAction)]


# --- item 10: Blue free play as intentions -------------------------------------------------------


def test_the_proposer_says_what_kind_of_operation_it_intends():
    """Ch. 3 (line 542): Blue "need only articulate their intentions"; the White Cell
    translates them. A proposal names its kind (combat, show of force, presence,
    exercise, gray zone, partnership, aid) and says in its own words what it is."""
    state = blue_actions()
    with pytest.raises(IllegalIntent, match="say what kind of operation it is: one of combat, show-of-force"):
        act(state, ProposeAction("US", "japan", "Freedom of navigation patrol"))
    with pytest.raises(IllegalIntent, match="got raid"):
        act(state, ProposeAction("US", "japan", "Freedom of navigation patrol", "raid"))
    for kind in KINDS:
        after = act(state, ProposeAction("US", "japan", "Freedom of navigation patrol", kind))
        assert after.proposal.kind == kind and after.proposal.title == "Freedom of navigation patrol"
        assert pending(after, CONTENT).kind == "ruling"
    # The list's own proposals say their kind too: combat only where Red forces stand.
    offered = [p for p in legal(state) if isinstance(p, ProposeAction)]
    assert offered and all(p.kind in KINDS for p in offered)
    assert {p.kind for p in offered if p.location == "korean-peninsula"} == {"show-of-force", "combat"}


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_kind_names_the_table(kind):
    """Ch. 8 (line 840): CRT A resolves combat interactions, RT B noncombat ones
    ("only the ratio of forces"); ch. 10 (line 2007) counts presence, posturing,
    exercises and gray-zone operations as noncombat. Every standard ruling is on the
    kind's table, and a ruling on another table is refused with the reason."""
    state = proposed(kind)
    wanted = table_for(kind)
    assert wanted == ("crt-a" if kind == "combat" else "rt-b")
    standard = rulings_of(state)
    assert standard and {r.table for r in standard} == {wanted}
    other = "rt-b" if wanted == "crt-a" else "crt-a"
    wrong = attrs.evolve(standard[0], table=other, blue_capabilities=(), red_capabilities=())
    with pytest.raises(IllegalIntent, match=f"is resolved on {'CRT A' if wanted == 'crt-a' else 'RT B'}"):
        act(state, wrong)
    with pytest.raises(IllegalIntent, match="resolved on"):
        act(state, attrs.evolve(wrong, table="d10", opponent="", rows=()))
    assert state.proposal.ruling is None


def test_rt_b_counts_no_critical_capability_and_crt_a_offers_them():
    """Ch. 8 (line 840): RT B is for outcomes that "depend only on the ratio of forces";
    on CRT A the best Critical Capabilities of each side modify the die (line 991)."""
    presence = proposed("presence")
    ruling = rulings_of(presence)[0]
    with pytest.raises(IllegalIntent, match="no Critical Capabilities"):
        act(presence, attrs.evolve(ruling, blue_capabilities=("C4ISR",)))
    combat = rulings_of(proposed("combat"))
    assert all(r.blue_capabilities and r.red_capabilities for r in combat)


def test_combat_is_read_on_cfs_and_a_show_of_force_on_ffs():
    """Ch. 8 (line 840 and the examples from line 862): RT B compares FFs, CRT A CFs, where Mod Levels
    count. The same forces on both sides give a combat operation and a show of force
    different columns; the ruling names the forces that count before it is accepted."""
    columns = {}
    for kind in ("combat", "show-of-force"):
        state = proposed(kind)
        ruling = next(r for r in rulings_of(state) if r.opponent == "DPRK")
        state = act(state, ruling)
        words = pending(state, CONTENT).prompt
        assert ("the CFs of the FFs each side commits" in words) == (kind == "combat")
        assert ("the number of FFs each side commits" in words) == (kind != "combat")
        state = act(state, AcceptRuling("US"))
        state = act(act(state, next(i for i in legal(state) if isinstance(i, CommitForces))), DoneCommitting("US"))
        dprk = max((i for i in legal(state) if isinstance(i, CommitForces)), key=lambda i: i.ffs)
        state = act(act(state, attrs.evolve(dprk, ffs=1)), DoneCommitting("DPRK"))
        while pending(state, CONTENT).kind != "roll":  # any further round adds nothing
            state = act(state, DoneCommitting(pending(state, CONTENT).seat))
        record = last_roll(roll(state, 5))
        columns[kind] = (record.table, record.column)
    assert columns["combat"][0] == "crt-a" and columns["show-of-force"][0] == "rt-b"


def test_a_combat_operation_no_red_player_can_answer_is_read_unanswered():
    """Ch. 8 (the printed contest cards, e.g. PRC-03): a contest no one answers is read on
    RT B's advantage column. A combat operation where no Red player has a stake is ruled
    on CRT A with no opponent, and read on RT B's Blue Advantage column."""
    state = proposed("combat", "colombia", "Strike on a cartel camp", blue_actions(moved(fresh(), "US-4", "colombia")))
    [ruling] = rulings_of(state)
    assert (ruling.table, ruling.opponent) == ("crt-a", "")
    state = act(act(state, ruling), AcceptRuling("US"))
    state = act(act(state, next(i for i in legal(state) if isinstance(i, CommitForces))), DoneCommitting("US"))
    assert pending(state, CONTENT).kind == "roll"
    record = last_roll(roll(state, 9))
    assert (record.table, record.column) == ("rt-b", "blue-advantage")


def test_the_proposer_sees_the_odds_of_every_outcome_before_paying():
    """Ch. 7 (line 566): the White Cell helps players see "the likelihood of various
    outcomes" before they decide. With the ruling waiting for its answer, the proposer
    reads, for each way the opponent may answer, the chance of every row; nothing is paid,
    and the odds are those of the die the engine then rolls."""
    state = act(proposed("combat"), next(r for r in rulings_of(proposed("combat")) if r.opponent == "DPRK"))
    before = state
    cases = ruling_odds(state, CONTENT)
    assert state == before and state.player("US").rp == blue_actions().player("US").rp
    assert [c.label.split("; ")[1].split(" ")[1] for c in cases] == ["stays", "answers"]
    for case in cases:
        assert [key for key, _ in case.chances] == [row.key for row in state.proposal.ruling.rows]
        assert sum(chance for _, chance in case.chances) == 1
    # The stay-out case, played for real: the same chances face by face.
    played = act(state, AcceptRuling("US"))
    content = content_of(played, CONTENT)
    while pending(played, content).seat == "US" and pending(played, content).kind == "commit":
        commits = [
            i
            for i in legal(played)
            if isinstance(i, CommitForces)
            and content.scenario.board.aor_of(played.stack(i.stack).location) == "INDOPACOM"
        ]
        if not commits:
            break
        played = act(played, max(commits, key=lambda i: i.ffs))
    played = act(played, DoneCommitting("US"))
    played = act(played, DoneCommitting("DPRK"))
    preview = roll_preview(played, content)
    counts: dict[str, int] = {}
    for face in preview.faces:
        counts[face.result] = counts.get(face.result, 0) + 1
    stay_out = dict(cases[0].chances)
    assert {k: v for k, v in stay_out.items() if v} == {k: Fraction(n, 10) for k, n in counts.items()}


def test_the_white_cell_bot_rules_every_kind_on_its_table():
    """Ch. 7 (line 738): the White Cell finds a way to adjudicate what Blue proposes. The
    automated White Cell rules each kind, on that kind's table, against the Red player
    with the most forces in the AOR."""
    for kind in KINDS:
        state = proposed(kind)
        choice = rule_proposal(state, content_of(state, CONTENT), legal(state))
        assert isinstance(choice.intent, RuleAction), kind
        assert (choice.intent.table, choice.intent.opponent) == (table_for(kind), "PRC"), kind
        act(state, choice.intent)


def test_a_blue_bot_proposes_a_kind_and_answers_with_the_odds():
    """Ch. 3: Blue articulates its intention. A Blue computer player's proposal names a
    kind, and its answer to the ruling is a legal one (accept or withdraw)."""
    state = with_rp(blue_actions(), "NATO", 30)
    state = act(state, EndPhase("US"))
    assert pending(state, CONTENT).seat == "NATO"
    policy = get_policy("basic")
    assert isinstance(policy, BasicPolicy)  # its proposal step is under test
    options = legal(state)
    step = policy.proposal_step(view(state, "NATO"), content_of(state, CONTENT), "NATO", options, float("-inf"))
    assert step is not None and isinstance(step.intent, ProposeAction) and step.intent.kind in KINDS
    assert step.intent.kind.replace("-", " ") in step.reason
    state = act(state, step.intent)
    while pending(state, CONTENT).seat == "WHITE":
        state = act(state, rule_proposal(state, content_of(state, CONTENT), legal(state)).intent)
    answer = policy.decide(view(state, "NATO"), legal(state))
    assert isinstance(answer.intent, (AcceptRuling, WithdrawProposal))


def test_a_us_base_is_its_own_kind_ruled_by_its_terms():
    """Ch. 9 (line 1983): the U.S. describes a base it wants and the White Cell sets its
    conditions and costs. A base proposal is ruled with a base's terms (or refused), not
    on a table; and a base is not the ruling of an operation proposed as another kind."""
    base = proposed("base", title="Permanent base in Korea")
    assert rulings_of(base) == []
    with pytest.raises(IllegalIntent, match="proposed a base"):
        act(base, RuleAction("rt-b", "PRC", rows=rulings_of(proposed("presence"))[0].rows))
    assert act(base, BuildBase(cost=4, percent=25)).bases
    with pytest.raises(IllegalIntent, match="not a base"):
        act(proposed("presence"), BuildBase(cost=4, percent=25))
    with pytest.raises(IllegalIntent, match="a base is a U.S. proposal"):
        act(act(blue_actions(), EndPhase("US")), ProposeAction("NATO", "baltics", "A NATO base", "base"))
    choice = rule_proposal(base, content_of(base, CONTENT), legal(base))
    assert "refuses the base" in choice.reason


def test_an_intent_and_a_proposal_saved_without_a_kind_still_load():
    """Saves made before kinds: the field is absent and comes back empty; such a proposal
    keeps the rulings it had (both tables; README X9)."""
    assert RULES.schema_version  # importing the rules registers the intents' tags
    old = structure(
        {"player": "US", "location": "japan", "title": "Joint exercise", "type": "propose"}, Intent, kind="save"
    )
    assert old == ProposeAction("US", "japan", "Joint exercise", "")
    state = proposed("exercise", "korean-peninsula")
    legacy = attrs.evolve(state, proposal=Proposal("US", "korean-peninsula", "Carrier group off Korea"))
    assert {(r.table, r.opponent) for r in rulings_of(legacy)} == {
        ("rt-b", "PRC"),
        ("crt-a", "PRC"),
        ("rt-b", "DPRK"),
        ("crt-a", "DPRK"),
    }


def test_a_game_saved_mid_ruling_keeps_its_kinds_and_a_hand_edited_kind_is_refused(tmp_path):
    """Saves keep the kind of a proposal and its ruling; an unanswered combat ruled with
    no opponent loads; a kind edited by hand onto another table is refused on load."""
    state = proposed("combat", "colombia", "Strike on a cartel camp", blue_actions(moved(fresh(), "US-4", "colombia")))
    state = act(state, rulings_of(state)[0])
    path = tmp_path / "kinds.toml"
    save_game(path, RULES, state)
    loaded = load_game(path)
    assert loaded == state and loaded.proposal.kind == "combat" and loaded.proposal.ruling.kind == "combat"
    path.write_text(path.read_text().replace('kind = "combat"', 'kind = "presence"'))
    with pytest.raises(SaveError, match="not resolved on crt-a"):
        load_game(path, allow_edited=True)


# --- item 9: procurement ---------------------------------------------------------------------------


def test_one_procure_card_buys_several_mod_levels_and_any_number():
    """Ch. 8 (line 1297): players "may procure any number of FFs at any Mod Level", none
    above the National Tech Level; ch. 13 (line 2560): each number is read on Table 13.1 at
    its Mod Level. 13 FFs (no list offers 13) at M1, 7 at M2 and 1 at M3 in one card."""
    state = with_rp(act(signal_all(fresh()), PayReadiness("US")), "US", 200)
    lines = (ProcureLine(13, 1), ProcureLine(7, 2), ProcureLine(1, 3))
    price = sum(costs.procurement_cost(CONTENT.rules, x.ffs, x.mod).value for x in lines)
    intent = Procure("US", "US-PROC", 13, 1, lines[1:])
    assert intent not in legal(state)  # not listed, accepted all the same
    after = act(state, intent)
    assert after.player("US").rp == 200 - price
    bought = sorted((s.ffs, s.mod) for s in after.stacks_of("US") if s.procured_turn == after.turn)
    assert bought == [(1, 3), (7, 2), (13, 1)]


def test_a_procurement_that_breaks_a_rule_is_refused_with_the_reason():
    """Ch. 13 (line 2508): forces only up to the National Tech Level; and no more than the
    player can pay. Nothing changes on a refusal."""
    state = with_rp(act(signal_all(fresh()), PayReadiness("US")), "US", 30)
    tech = state.player("US").tech_level
    with pytest.raises(IllegalIntent, match="National Tech Level"):
        act(state, Procure("US", "US-PROC", 1, 1, (ProcureLine(1, tech + 1),)))
    with pytest.raises(IllegalIntent, match="name each Mod Level once"):
        act(state, Procure("US", "US-PROC", 1, 1, (ProcureLine(2, 1),)))
    with pytest.raises(IllegalIntent, match="cannot pay it"):
        act(state, Procure("US", "US-PROC", 40, 1, (ProcureLine(2, 2),)))


def test_red_procures_several_mod_levels_that_arrive_at_the_end_of_the_turn():
    """Ch. 8 (line 1299): Red's procured forces wait for the end of its turn; several Mod
    Levels in one card arrive together."""
    state = red_turn("DPRK", ("DPRK-E01", "DPRK-RD", "DPRK-PROC"), rp=40)
    state = attrs.evolve(
        state, players=tuple(attrs.evolve(p, tech_level=3) if p.id == "DPRK" else p for p in state.players)
    )  # as after a successful R&D
    state = act(state, Procure("DPRK", "DPRK-PROC", 3, 1, (ProcureLine(2, 3),)))
    assert [(p.ffs, p.mod) for p in state.procurements] == [(3, 1), (2, 3)]
    assert not [s for s in state.stacks_of("DPRK") if s.procured_turn == state.turn]  # not yet on the board
