"""One test (at least) for each reading of the seed (003) the engine adopts: R-W1 to R-W19
where the text is ambiguous or contradicts itself, X-W1 to X-W7 where it is silent
(their reasons are in ``rules/world-system/README.md``). Each test's docstring names its
reading; the last test checks that every reading has one. The stage-by-stage tests are in
``test_rise.py`` and ``test_decline.py``, the secrets in ``test_privacy.py``."""

from __future__ import annotations

import re
from collections import Counter

import attrs
import pytest

from hedgemony_tui.games.world_system.engine.ending import secondary_goals
from hedgemony_tui.games.world_system.engine.intents import Annex, Coup, InvestVote, Promote, Speak
from hedgemony_tui.games.world_system.engine.world import MODERATOR, Status, world
from hedgemony_tui.games.world_system.rules import RULES
from hedgemony_tui.table.errors import RuleInputError
from hedgemony_tui.table.votes import SEALED, Visibility

from . import test_decline, test_privacy, test_rise
from .ws_helpers import (
    HEGEMON,
    SPAIN_WINS,
    Plan,
    edit,
    fixed,
    joining,
    lines,
    play,
    proceed,
    reach,
    rogue_vote,
    to_end,
)

READINGS = tuple(f"R-W{i}" for i in range(1, 20)) + tuple(f"X-W{i}" for i in range(1, 8))


def test_r_w1_the_hegemon_is_one_of_the_three_core_states():
    """R-W1: the hegemon's card goes to a core state (capital 32), so that "the 2 other core
    states" (L78) are the contenders."""
    for seed in range(30):
        state = RULES.setup(seed, {})
        assert state.nation(state.hegemon).status is Status.CORE
        state = reach(state, "declarations", 1)
        assert len(state.contenders) == 2 and state.former_hegemon not in state.contenders
        assert set(state.contenders) | {state.former_hegemon} == {n.id for n in state.with_status(Status.CORE)}


def test_r_w2_the_terrorist_card_goes_to_a_semiperipheral_or_peripheral_state():
    """R-W2: the covert terrorist card is dealt among the nine non-core states, each of them
    getting it for some seed."""
    holders: Counter[str] = Counter()
    for seed in range(200):
        (terrorist,) = RULES.setup(seed, {}).terrorists
        assert terrorist.status is not Status.CORE
        holders[terrorist.id] += 1
    assert len(holders) == 12  # every state is non-core in some deal and holds the card in some


def test_r_w3_the_hegemon_promotes_until_there_are_three_core_states():
    """R-W3: none in cycle 1 (already three), two from cycle 2 (the two demoted at the opening)."""
    state = reach(fixed(), "promotion", 2, SPAIN_WINS)
    assert len(state.with_status(Status.CORE)) == 1 and RULES.pending(state).seats == ("spain",)
    state = play(state, lambda s: s.stage != "promotion")
    assert len(state.with_status(Status.CORE)) == 3
    assert len([t for t in lines(state) if "invests in" in t and "it becomes a core state" in t]) == 2


def test_r_w4_the_just_demoted_may_be_promoted_and_with_too_few_semiperipheral_all_are():
    """R-W4: "former semiperipheral states" are those semiperipheral now, the two just demoted
    among them; with fewer than owed, every one is promoted; with none, nobody."""
    state = reach(fixed(), "promotion", 2, SPAIN_WINS)
    assert {HEGEMON, "netherlands"} <= {o.target for o in RULES.legal(state)}
    # One semiperipheral state left when the promotions are counted (edited at the speeches).
    state = reach(fixed(speeches=True), "speeches", 2, SPAIN_WINS)
    others = {n.id: {"status": Status.PERIPHERAL} for n in state.with_status(Status.SEMI) if n.id != "england"}
    state = play(edit(state, **others), lambda s: s.stage != "speeches")
    assert state.stage == "promotion" and RULES.legal(state) == [Promote("spain", "england")]
    state = RULES.apply(state, Promote("spain", "england"))
    assert state.stage != "promotion" and len(state.with_status(Status.CORE)) == 2
    # None left: the stage is passed with a line saying why.
    state = reach(fixed(speeches=True), "speeches", 2, SPAIN_WINS)
    state = edit(state, **{n.id: {"status": Status.PERIPHERAL} for n in state.with_status(Status.SEMI)})
    state = play(state, lambda s: s.stage != "speeches")
    assert "No semiperipheral state is left for the hegemon to invest in." in lines(state)


def test_r_w5_only_peripheral_strikebreakers_and_none_means_no_investment():
    """R-W5: with no peripheral strikebreaker (always so in cycle 1) nobody is invested in;
    a semiperipheral strikebreaker is not a candidate."""
    state = reach(edit(fixed(), france={"strikebreaker": True}), "intervention", 1)
    assert "No peripheral strikebreaker: no investment in the periphery this cycle." in lines(state)
    assert Counter(n.status for n in state.playing)[Status.SEMI] == 3
    state = reach(edit(fixed(), france={"strikebreaker": True}, japan={"strikebreaker": True}), "intervention", 1)
    assert state.nation("japan").status is Status.SEMI  # the only *peripheral* one: automatic


def test_r_w5_the_core_vote_is_open_and_a_three_way_split_goes_to_the_hegemon():
    """R-W5: the core states confer openly (each ballot public as cast); no majority: the
    hegemon's choice."""
    state = edit(fixed(), usa={"strikebreaker": True}, japan={"strikebreaker": True}, india={"strikebreaker": True})
    state = reach(state, "core-vote", 1)
    assert state.vote is not None and state.vote.visibility is Visibility.OPEN
    state = RULES.apply(state, InvestVote("spain", "usa"))
    assert RULES.view(state, "japan").vote.ballot_of("spain") == "usa"  # seen at once by anyone
    assert "Spain votes to invest in USA." in lines(state)
    state = RULES.apply(state, InvestVote("netherlands", "japan"))
    state = RULES.apply(state, InvestVote(HEGEMON, "india"))
    assert state.nation("india").status is Status.SEMI and state.nation("india").capital == 8
    assert any("(no majority: the hegemon's choice)" in t for t in lines(state))


def test_r_w6_annexation_is_mandatory_while_a_peripheral_state_exists():
    """R-W6: the hegemon must annex (no pass is offered); with no peripheral state left the
    stage is passed; the annexed state is out of the game for good."""
    state = reach(fixed(), "intervention", 1)
    assert all(isinstance(o, Annex) for o in RULES.legal(state)) and RULES.legal(state)
    state = reach(fixed(speeches=True), "speeches", 2, SPAIN_WINS)
    state = edit(state, **{n.id: {"status": Status.SEMI} for n in state.with_status(Status.PERIPHERAL)})
    state = play(state, lambda s: s.stage not in ("speeches", "promotion", "core-vote"))
    assert state.stage == "nominations"
    assert "No peripheral state is left: the hegemon has nobody to annex." in lines(state)
    annexed = to_end(fixed())
    assert annexed.nation("usa").annexed_in == 1 and annexed.nation("usa").capital == 0
    assert all(r.statuses[world().ids.index("usa")] == "annexed" for r in annexed.records)


def test_r_w7_the_negotiations_come_after_the_intervention_and_before_growth_from_cycle_2():
    """R-W7: the collective security negotiations sit between the intervention and the
    growth of capital, in cycles 2-4 only."""
    state = fixed()
    order: dict[int, list[str]] = {}
    while not state.over:
        stages = order.setdefault(state.cycle, [])
        if not stages or stages[-1] != state.stage:
            stages.append(state.stage)
        state = RULES.apply(state, Plan().pick(state, RULES.legal(state)))
    assert "nominations" not in order[1]
    for cycle in (2, 3, 4):
        stages = order[cycle]
        assert stages.index("nominations") < stages.index("growth")
        assert "intervention" not in stages or stages.index("intervention") < stages.index("nominations")
    assert any("UN General Assembly" in t for t in lines(state))  # L65: the 4th cycle's talks


def test_r_w8_a_tie_the_hegemon_did_not_vote_for_goes_to_the_larger_capital():
    """R-W8: votes weighted by capital; a tie not settled by the hegemon's ballot goes to the
    tied candidate with the larger capital (then seat order)."""
    state = reach(fixed(), "nominations", 2, SPAIN_WINS)
    voters = {n.id for n in state.playing}
    assert voters == {
        "italy",
        "spain",
        "netherlands",
        "france",
        "england",
        "germany",
        "russia",
        "japan",
        "china",
        "india",
    }
    ballots = {"spain": "england", "england": "england"}  # the hegemon's candidate: 2
    ballots |= {v: "germany" for v in ("germany", "japan", "china")}  # 3 + 1 + 1 = 5
    ballots |= {v: "france" for v in ("france", "italy", "netherlands", "russia", "india")}  # 5 x 1 = 5
    capital = {"germany": 3}
    after = rogue_vote(state, ("france", "germany", "england"), capital=capital, ballots=ballots, default="france")
    (past,) = [p for p in after.past_votes if p.kind == "rogue-vote"]
    tally = past.vote.tally()
    assert tally["france"] == tally["germany"] > tally["england"]
    assert after.rogue == "germany"  # France is first in seat order; Germany had more capital


def test_x_w1_halving_rounds_down_and_never_goes_below_one():
    """X-W1: the demoted (L52-L53), the hegemon in decline (L77) and the rogue state (L69)
    lose half their capital, rounded down, keeping at least 1."""
    state = reach(fixed(), "opening", 2, SPAIN_WINS)
    state = edit(state, netherlands={"capital": 21}, italy={"capital": 1})
    state = proceed(state)
    assert state.nation("netherlands").capital == 10 and state.nation(HEGEMON).capital == 1
    state = reach(state, "nominations", 2)
    assert rogue_vote(state, ("india",), capital={"india": 1}, ballots={}, default="").nation("india").capital == 1
    state = edit(reach(state, "decline", 2), spain={"capital": 45})
    assert proceed(state).nation("spain").capital == 22


def test_r_w9_the_former_hegemon_joins_an_alliance_and_its_capital_counts():
    """R-W9: the former hegemon, the third core state, joins one alliance; its capital counts
    in that alliance's total (and it breaks a tie, L93-L94: in test_decline)."""
    state = reach(fixed(), "alliance-vote", 1)
    assert HEGEMON in state.vote.voters and not set(state.contenders) & set(state.vote.voters)
    plan = Plan(join=lambda s, seat: "spain" if seat == HEGEMON else "netherlands")
    state = play(state, lambda s: s.stage == "war", plan)
    after = proceed(state)
    assert after.war_totals[0] == state.nation("spain").capital + state.nation(HEGEMON).capital


def test_r_w10_joining_an_alliance_is_compulsory():
    """R-W10: every voter picks one of the two contenders; there is no abstention."""
    state = reach(fixed(), "alliance-vote", 1)
    for seat in state.vote.voters:
        assert {o.contender for o in RULES.legal(state) if o.seat == seat} == {"spain", "netherlands"}
    state = to_end(fixed())
    (first,) = [p for p in state.past_votes if p.kind == "alliance-vote" and p.cycle == 1]
    assert len(first.vote.ballots) == len(first.vote.voters)


def test_r_w11_the_alliance_rogue_and_revolution_votes_are_sealed_then_named():
    """R-W11: the ballots of those votes are hidden until all are in, then every ballot is
    public (the core states' vote is open, R-W5)."""
    kinds = {}
    state = fixed()
    plan = SPAIN_WINS
    while state.cycle < 3:
        if state.vote is not None:
            kinds[state.vote_kind] = state.vote.visibility
        state = RULES.apply(state, plan.pick(state, RULES.legal(state)))
    assert kinds == {
        "core-vote": Visibility.OPEN,
        "rogue-vote": Visibility.SEALED_NAMED,
        "alliance-vote": Visibility.SEALED_NAMED,
        "revolution": Visibility.SEALED_NAMED,
    }
    state = reach(fixed(), "alliance-vote", 1)
    first = state.vote.voters[0]
    state = RULES.apply(state, RULES.legal(state)[0])
    assert RULES.view(state, state.vote.voters[-1]).vote.ballot_of(first) == SEALED
    state = play(state, lambda s: s.stage != "alliance-vote")
    assert "The alliances are chosen. Ballots: Italy -> Spain;" in " ".join(lines(state))


def test_r_w12_one_coup_a_cycle_which_the_terrorists_may_forgo():
    """R-W12: a single coup decision a cycle, by the richest terrorist not under blockade, in
    a poorer state that is not a terrorist; staying covert is allowed."""
    state = reach(fixed(), "coup", 2, SPAIN_WINS)
    state = edit(state, china={"capital": 10}, india={"terrorist": True, "terrorist_since": 0, "capital": 8})
    assert RULES.pending(state).seats == ("china",)
    assert "india" not in {o.target for o in RULES.legal(state)}
    state = RULES.apply(state, Coup("china", ""))
    assert state.stage == "war" and len(state.coups) == 1 and state.coups[0].target == ""
    assert [t for t in state.terrorists] == [state.nation("china"), state.nation("india")]


def test_r_w13_the_union_needs_three_terrorists_one_free_of_blockade():
    """R-W13: a coup that makes the third terrorist state starts the nuclear war unless all
    three are under blockade (see test_decline for the cases built by hand)."""
    state = reach(fixed(), "coup", 2, SPAIN_WINS)
    state = edit(state, china={"capital": 10}, india={"terrorist": True, "terrorist_since": 0})
    assert RULES.apply(state, Coup("china", "japan")).ending == "nuclear-war"
    assert len(RULES.apply(state, Coup("china", "")).terrorists) == 2


def test_r_w14_the_blockade_lasts_while_the_state_is_rogue():
    """R-W14: a terrorist rogue state is blockaded for its cycle; at the next opening it is
    free again and decides the coup."""
    state = reach(fixed(), "nominations", 2, SPAIN_WINS)
    state = rogue_vote(state, ("china",), capital={"china": 12}, ballots={}, default="")
    assert state.nation("china").blockaded
    state = reach(state, "coup", 2)
    assert RULES.pending(state).seats == (MODERATOR,)
    spare_china = Plan(
        join=joining("spain"),
        nominate="",
        annex=lambda s, seat: next(n.id for n in s.with_status(Status.PERIPHERAL) if n.id != "china"),
    )
    state = reach(state, "coup", 3, spare_china)
    assert not state.nation("china").blockaded and RULES.pending(state).seats == ("china",)


def test_r_w15_a_world_empire_in_cycle_4_names_the_ending_with_the_same_winner():
    """R-W15: the winner of cycle 4's war wins either way; a declared world-empire names the
    ending."""

    def last(goal: str):
        plan = Plan(declare=lambda s, seat: goal if s.cycle == 4 else "world-economy")
        return to_end(fixed(), plan)

    economy, empire = last("world-economy"), last("world-empire")
    assert (economy.ending, empire.ending) == ("world-economy", "world-empire")
    assert economy.winners == empire.winners and len(empire.winners) == 1
    assert empire.cycle == 4 and economy.cycle == 5


def test_r_w16_a_world_empire_ends_the_game_before_the_revolution_vote():
    """R-W16: a world-empire ends the game right after the war (L96 comes before L98)."""
    plan = Plan(declare="world-empire", revolt=True)
    state = to_end(fixed(), plan)
    assert state.ending == "world-empire"
    assert not any(p.kind == "revolution" for p in state.past_votes)


@pytest.mark.parametrize(
    ("plan", "ending", "winners"),
    [
        (Plan(declare="world-empire"), "world-empire", "the hegemon"),
        (Plan(), "world-economy", "the hegemon"),
        (Plan(revolt=True), "revolution", "everyone in the game"),
    ],
)
def test_r_w17_who_wins_each_ending(plan, ending, winners):
    """R-W17: world-empire and sustainable world-economy: the hegemon alone; revolution:
    every state still in the game (nuclear war, nobody: in test_decline)."""
    state = to_end(fixed(), plan)
    assert state.ending == ending
    expected = (state.hegemon,) if winners == "the hegemon" else tuple(n.id for n in state.playing)
    assert state.winners == expected
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == expected and len(outcome.results) == 12


def test_r_w17_the_revolution_winners_option_is_checked():
    """R-W17's option takes only its two values; anything else is refused with them named."""
    with pytest.raises(RuleInputError, match="revolutionaries"):
        RULES.setup(1, {"revolution_winners": "everyone"})


def test_r_w18_the_revolution_voters_include_the_rogue_and_the_terrorists():
    """R-W18: every semiperipheral and peripheral state still in the game votes."""
    state = reach(fixed(), "revolution", 2, SPAIN_WINS)
    assert state.rogue in state.vote.voters and "china" in state.vote.voters
    assert "usa" not in state.vote.voters  # annexed in cycle 1


def test_r_w19_strikebreakers_last_until_the_next_revolution_vote():
    """R-W19: the strikebreakers named by one revolution vote keep the status through the next
    cycle (and are read out at its opening, L49) and are replaced by the next vote."""
    plan = Plan(join=joining("spain"), revolt=lambda s, seat: seat != "japan" if s.cycle == 1 else seat != "india")
    state = reach(fixed(), "revolution", 2, plan)
    assert {n.id for n in state.playing if n.strikebreaker} == {"japan"}
    assert any(t.endswith("Strikebreakers: Japan.") for t in lines(state))
    state = play(state, lambda s: s.stage != "revolution", plan)
    assert {n.id for n in state.playing if n.strikebreaker} == {"india"}


def test_x_w2_secondary_goals_are_shown_met_or_not():
    """X-W2: the goals that are not victories (rise in status, back the final hegemon,
    recruit) are given for every state, met or not."""
    state = to_end(fixed(), Plan(join=joining("spain")))
    goals = secondary_goals(state)
    assert set(goals) == set(world().ids)
    assert ("rise to semiperipheral (or core)", False) in goals["usa"]  # annexed in cycle 1
    assert dict(goals["russia"])["rise to semiperipheral (or core)"]  # invested in cycle 2
    assert dict(goals["china"])["recruit another state by a coup"] is False
    assert dict(goals["france"])["no nuclear war"] is True


def test_x_w3_a_speech_is_a_journal_line_and_changes_nothing_else():
    """X-W3: speeches are optional public statements with no effect; the option is on by
    default with a 30-second countdown."""
    options = {o.id: o.default for o in RULES.options()}
    assert options["speeches"] is True and options["speech_seconds"] == 30
    state = proceed(fixed(speeches=True))
    seat = RULES.pending(state).seat
    said = RULES.apply(state, Speak(seat, "Invest in us."))
    silent = RULES.apply(state, Speak(seat, ""))
    assert attrs.evolve(said, log=()) == attrs.evolve(silent, log=())
    assert said.log[-1].text == 'Italy: "Invest in us."' and said.log[-1].to == ()


def test_x_w4_every_seat_but_the_moderator_reads_the_same_coup_decision():
    """X-W4: during the eyes-closed coup every state reads one neutral decision (more in
    test_privacy)."""
    state = reach(fixed(), "coup", 2, SPAIN_WINS)
    seen = {RULES.pending_for(state, seat) for seat in world().ids}
    assert len(seen) == 1 and RULES.pending_for(state, MODERATOR).seats == ("china",)
    assert "coup" in RULES.info.eyes_closed_kinds


def test_x_w5_always_twelve_seats_and_the_moderator():
    """X-W5: twelve state seats and the moderator's control seat, whatever the options."""
    assert RULES.info.min_players == RULES.info.max_players == 12
    seats = RULES.seats()
    assert [s.id for s in seats] == [*world().ids, MODERATOR] and seats[-1].control
    assert len(RULES.setup(3, {"speeches": False}).nations) == 12


def test_x_w6_the_rogue_state_grows_by_its_main_status():
    """X-W6: the rogue state's capital grows as its status says (+2 semiperipheral)."""
    state = reach(fixed(), "growth", 2, SPAIN_WINS)
    rogue = state.nation(state.rogue)
    assert rogue.status is Status.SEMI
    assert proceed(state).nation(rogue.id).capital == rogue.capital + 2


def test_x_w7_a_promoted_terrorist_stays_one_and_a_puppet_keeps_its_status():
    """X-W7: promotion does not end the terrorist card; a puppet keeps its status and capital."""
    state = edit(fixed(), china={"strikebreaker": True})
    state = reach(state, "intervention", 1)
    china = state.nation("china")
    assert china.status is Status.SEMI and china.terrorist
    state = reach(state, "coup", 2, SPAIN_WINS)
    target = next(o.target for o in RULES.legal(state) if o.target)
    before = state.nation(target)
    after = RULES.apply(state, Coup("china", target))
    assert attrs.evolve(after.nation(target), terrorist=False, terrorist_since=-1, recruited_by="") == before


def test_every_reading_has_a_test():
    """Each reading id appears in the docstring of a test in this folder's rules tests."""
    documented = ""
    for module in (test_rise, test_decline, test_privacy, __import__(__name__, fromlist=["_"])):
        for name, member in vars(module).items():
            if name.startswith("test_") and callable(member):
                documented += (member.__doc__ or "") + name.upper().replace("_", "-")
    missing = [r for r in READINGS if not re.search(rf"{re.escape(r)}(?!\d)", documented)]
    assert not missing, f"readings without a test naming them: {missing}"
