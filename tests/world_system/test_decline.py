"""The decline phase of a systemic cycle and the game's end, stage by stage, as the seed
(003) numbers them: the loss of hegemony (L77), the hegemonic rivalry (declarations,
speeches and the alliance vote, L77-L81), the crisis stage (L83) with its coup and the
nuclear war (L85-L89), the world war (L91-L96), the revolution vote (L98-L101) and the
systemic scenarios that end the game (L103-L123). Each test quotes a few words of the
line it checks and drives the game through ``RULES.legal`` / ``RULES.apply``."""

from __future__ import annotations

from typing import Any

import pytest

from hedgemony_tui.games.world_system.engine.intents import Coup, Declare, Join, Revolt, Speak
from hedgemony_tui.games.world_system.engine.moderator import alliances
from hedgemony_tui.games.world_system.engine.state import WorldState
from hedgemony_tui.games.world_system.engine.world import MODERATOR, Status, world
from hedgemony_tui.games.world_system.rules import RULES
from hedgemony_tui.table.errors import IllegalIntent

from .ws_helpers import (
    HEGEMON,
    SPAIN_WINS,
    Plan,
    capitals,
    edit,
    fixed,
    joining,
    lines,
    proceed,
    reach,
    to_end,
)

# --- 6. the loss of hegemony


def test_the_hegemon_loses_its_status_and_half_its_capital_and_the_other_cores_contend():
    # L77: the hegemon loses "half of its capital"
    # L78: "The 2 other core states" contend for hegemony
    state = reach(fixed(), "decline", 1)
    before = state.nation(HEGEMON).capital
    after = proceed(state)
    assert after.nation(HEGEMON).capital == before // 2
    assert after.hegemon == "" and after.former_hegemon == HEGEMON
    assert after.contenders == ("spain", "netherlands")
    assert after.nation(HEGEMON).status is Status.CORE  # it stays core until the next opening (L52)


# --- 7. the hegemonic rivalry


def test_each_contender_declares_world_economy_or_world_empire():
    # L79: each contender announces its goal: world-economy or world-empire
    state = reach(fixed(), "declarations", 1)
    assert RULES.legal(state) == [Declare("spain", "world-economy"), Declare("spain", "world-empire")]
    state = RULES.apply(state, Declare("spain", "world-empire"))
    assert RULES.legal(state) == [Declare("netherlands", "world-economy"), Declare("netherlands", "world-empire")]
    state = RULES.apply(state, Declare("netherlands", "world-economy"))
    assert state.goal_of("spain") == "world-empire" and state.goal_of("netherlands") == "world-economy"
    assert "Spain, hegemony contender, declares its goal: world-empire." in lines(state)


def test_the_contenders_speak_after_declaring_and_nobody_else_does():
    # L78-L79: contenders speak "for 30 seconds" (X-W3)
    state = reach(fixed(speeches=True), "rivalry-speeches", 1)
    assert all(g for g in state.goals)  # after the declarations
    speakers = []
    while state.stage == "rivalry-speeches":
        (offer,) = RULES.legal(state)
        speakers.append(offer.seat)
        state = RULES.apply(state, Speak(offer.seat, "Join us."))
    assert speakers == ["spain", "netherlands"]


def test_every_state_but_the_contenders_and_the_rogue_joins_an_alliance_the_former_hegemon_too():
    # L80-L81: the others vote "for joining" a contender (R-W9: the former
    # hegemon joins too; the rogue sits out, L70)
    state = reach(fixed(), "alliance-vote", 2, SPAIN_WINS)
    rogue = state.rogue
    assert rogue and state.former_hegemon == "spain"
    assert state.vote is not None
    expected = {n.id for n in state.playing} - set(state.contenders) - {rogue}
    assert set(state.vote.voters) == expected and "spain" in expected
    # R-W10: each voter must join one of the two; no abstention is offered
    assert {type(o) for o in RULES.legal(state)} == {Join}
    assert {o.contender for o in RULES.legal(state)} == set(state.contenders)
    with pytest.raises(IllegalIntent):
        RULES.apply(state, Join(rogue, state.contenders[0]))


# --- 8. the crisis stage: the coup and the nuclear war


def test_the_crisis_stage_closes_every_eye_before_the_coup():
    # L83: at the crisis stage "all players close their eyes" (X-W4: the coup is eyes-closed)
    state = reach(fixed(), "crisis", 2, SPAIN_WINS)
    assert RULES.pending(state).seats == (MODERATOR,)
    after = proceed(state)
    assert "everyone closes their eyes" in lines(after)[-1]
    assert after.stage == "coup" and RULES.pending(after).kind in RULES.info.eyes_closed_kinds


def test_cycle_1_has_no_coup():
    # L85: coups only "Starting from the 2nd" cycle
    state = proceed(reach(fixed(), "crisis", 1))
    assert state.stage == "war" and state.coups == ()
    assert "The crisis stage (no coups in cycle 1)." in lines(state)


def _at_coup(**changes: dict[str, Any]) -> WorldState:
    """The known deal at cycle 2's coup (France the rogue state, China the terrorist with
    capital 10), with the nations edited first."""
    state = reach(fixed(), "crisis", 2, SPAIN_WINS)
    assert state.rogue == "france"
    return proceed(edit(state, **{"china": {"capital": 10}, **changes}))


def test_the_richest_terrorist_stages_a_coup_in_a_poorer_state_not_a_terrorist():
    # L85-L86: a target "with less capital" (R-W12)
    state = _at_coup(china={"capital": 6}, india={"terrorist": True, "terrorist_since": 0, "capital": 9})
    assert state.stage == "coup" and RULES.pending(state).seats == ("india",)
    targets = {o.target for o in RULES.legal(state)}
    assert "" in targets  # the terrorists may stay covert
    poorer = {n.id for n in state.playing if n.capital < 9 and not n.terrorist}
    assert targets - {""} == poorer and "china" not in targets
    japan = state.nation("japan")
    assert japan.capital < 9 and not japan.terrorist
    # a third terrorist not under blockade: the nuclear war (tested below); here pass
    after = RULES.apply(state, Coup("india", ""))
    assert after.stage == "war" and after.terrorists == state.terrorists


def test_the_puppet_becomes_a_terrorist_and_learns_all_the_terrorists():
    # L86-L88: the puppet learns its status and "recognizes other terrorist states"
    state = _at_coup()
    (actor,) = RULES.pending(state).seats
    assert actor == "china"
    after = RULES.apply(state, Coup("china", "japan"))
    japan = after.nation("japan")
    assert japan.terrorist and japan.terrorist_since == 2 and japan.recruited_by == "china"
    assert japan.status is Status.PERIPHERAL  # X-W7: keeps its main status and capital
    line = after.log[-1]
    assert after.log[len(state.log) :] == (line,)  # one secret line and nothing public
    assert set(line.to) == {"china", "japan"} and "The terrorist states are Japan, China." in line.text
    seen = RULES.view(after, "japan")
    assert {n.id for n in seen.nations if n.terrorist} == {"china", "japan"}


def test_the_moderator_owes_the_coup_when_no_terrorist_can_act():
    # L71-L72: a blockaded terrorist cannot start a "military coup" (R-W12)
    state = _at_coup(china={"rogue": True}, france={"rogue": False})
    assert state.nation("china").blockaded
    assert RULES.pending(state).seats == (MODERATOR,)
    assert RULES.legal(state) == [Coup(MODERATOR, "")]
    after = RULES.apply(state, Coup(MODERATOR, ""))
    assert after.stage == "war" and after.log[-1].to == (MODERATOR,)
    # and when no terrorist is left at all (China annexed in cycle 1)
    state = reach(
        fixed(), "coup", 2, Plan(join=joining("spain"), annex=lambda s, seat: "china" if s.cycle == 1 else None)
    )
    assert state.terrorists == () and RULES.legal(state) == [Coup(MODERATOR, "")]


def test_a_third_terrorist_makes_the_terrorist_union_and_the_nuclear_war():
    # L88-L89: "3 terrorist states" make the union and the nuclear war
    # L107: a "lose-lose" outcome (R-W17: nobody wins)
    state = _at_coup(india={"terrorist": True, "terrorist_since": 0})
    actor = RULES.pending(state).seat
    after = RULES.apply(state, Coup(actor, "japan"))
    assert after.over and after.ending == "nuclear-war" and after.winners == ()
    outcome = RULES.outcome(after)
    assert outcome is not None and outcome.winners == ()
    assert "global nuclear war" in lines(after)[-2]


def test_a_blockaded_terrorist_does_not_stop_the_others_union():
    # L71-L72 and R-W13: the union needs one terrorist not under blockade to start the war
    state = _at_coup(
        france={"rogue": False},
        india={"terrorist": True, "terrorist_since": 0, "rogue": True, "capital": 30},
    )
    assert RULES.pending(state).seats == ("china",)  # India is richer but blockaded
    after = RULES.apply(state, Coup("china", "japan"))
    assert after.ending == "nuclear-war"


def test_three_terrorists_all_under_blockade_start_no_nuclear_war():
    # R-W13: a blockaded terrorist "can not" start the nuclear war (L71-L72); built by hand,
    # since only one state a cycle is rogue
    blockaded = {"terrorist": True, "terrorist_since": 0, "rogue": True}
    state = _at_coup(china=blockaded, india=blockaded, japan=blockaded)
    assert len(state.terrorists) == 3 and all(t.blockaded for t in state.terrorists)
    assert RULES.legal(state) == [Coup(MODERATOR, "")]
    after = RULES.apply(state, Coup(MODERATOR, ""))
    assert not after.over and after.stage == "war"


# --- 8. the world war


def test_the_alliance_with_more_capital_wins_the_war_and_its_leader_is_the_next_hegemon():
    # L92-L94: the moderator totals "both alliances" and the larger wins
    state = reach(fixed(), "war", 1, Plan(join=lambda s, seat: "netherlands" if seat in ("france", "usa") else "spain"))
    teams = alliances(state)
    totals = {c: sum(state.nation(m).capital for m in teams[c]) for c in state.contenders}
    assert teams["netherlands"] == ("netherlands", "france") and "italy" in teams["spain"]
    after = proceed(state)
    assert after.war_winner == "spain" and after.war_totals == (totals["spain"], totals["netherlands"])
    assert totals["spain"] > totals["netherlands"]
    assert (
        f"Spain's alliance (Spain, Italy, England, Germany, Russia, Turkey, Japan, China, India): capital {totals['spain']}"
        in lines(after)[-1]
    )
    assert proceed(reach(after, "opening", 2, SPAIN_WINS)).hegemon == "spain"


def test_a_tie_goes_to_the_contender_with_the_former_hegemon():
    # L93-L94: on equal totals, the side with "the former hegemonic state"
    state = reach(fixed(), "war", 1, Plan(join=lambda s, seat: "netherlands" if seat == HEGEMON else "spain"))
    spain_side = alliances(state)["spain"]
    state = edit(state, **{m: {"capital": 1} for m in spain_side})
    state = edit(state, netherlands={"capital": len(spain_side) - 1}, italy={"capital": 1})
    after = proceed(state)
    assert after.war_totals[0] == after.war_totals[1]
    assert after.war_winner == "netherlands"  # Spain comes first, but Italy backed the Netherlands
    assert "a tie, won by the alliance holding the former hegemon" in lines(after)[-1]


def test_the_rogue_state_sits_out_the_war():
    # L70: the rogue state sits out "the world war"
    state = reach(fixed(), "war", 2, SPAIN_WINS)
    rogue = state.rogue
    assert rogue and all(rogue not in members for members in alliances(state).values())
    after = proceed(state)
    totals = {c: sum(state.nation(m).capital for m in alliances(state)[c]) for c in state.contenders}
    assert after.war_totals == tuple(totals[c] for c in state.contenders)


def test_a_world_empire_ends_the_game_at_once_with_its_hegemon_the_only_winner():
    # L95-L96: the winner's goal decides whether a world-empire follows
    # L116-L117: with a world-empire "the game end" (R-W16)
    plan = Plan(declare=lambda s, seat: "world-empire" if seat == "spain" else "world-economy", join="spain")
    state = to_end(fixed(), plan)
    assert state.ending == "world-empire" and state.cycle == 1
    assert state.winners == ("spain",) and state.hegemon == "spain"
    assert not any(p.kind == "revolution" for p in state.past_votes)  # no revolution vote after it
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == ("spain",)
    assert [r.seat for r in outcome.results] == list(world().ids)  # all 12 named


def test_a_world_empire_declared_by_the_loser_ends_nothing():
    plan = Plan(declare=lambda s, seat: "world-empire" if seat == "netherlands" else "world-economy", join="spain")
    state = reach(fixed(), "revolution", 1, plan)
    assert not state.over and state.war_winner == "spain"


# --- 8. the revolution vote


def test_the_semiperipheral_and_peripheral_states_vote_on_the_revolution():
    # L98: the moderator asks the "semiperipheral and peripheral states" (R-W18)
    state = reach(fixed(), "revolution", 2, SPAIN_WINS)
    assert state.vote is not None
    assert set(state.vote.voters) == {n.id for n in state.with_status(Status.SEMI, Status.PERIPHERAL)}
    assert state.rogue in state.vote.voters and "china" in state.vote.voters  # the rogue, a terrorist
    assert not set(state.vote.voters) & {n.id for n in state.with_status(Status.CORE)}
    assert {o for o in RULES.legal(state) if o.seat == state.vote.voters[0]} == {
        Revolt(state.vote.voters[0], True),
        Revolt(state.vote.voters[0], False),
    }


def test_a_unanimous_revolution_ends_the_game_and_every_state_in_it_wins():
    # L101: "If the support is unanimous", the revolution happens
    # L123: a "win-win" outcome (R-W17: every state still in the game)
    state = to_end(fixed(), Plan(revolt=True))
    assert state.ending == "revolution" and state.cycle == 1
    assert set(state.winners) == {n.id for n in state.playing} and "usa" not in state.winners  # annexed
    outcome = RULES.outcome(state)
    assert outcome is not None and len(outcome.results) == 12
    assert next(r for r in outcome.results if r.seat == "usa").why == "annexed in cycle 1"


def test_with_the_option_only_the_revolutionaries_win():
    # R-W17's option revolution_winners=revolutionaries: only semiperipheral and peripheral states
    state = to_end(fixed(revolution_winners="revolutionaries"), Plan(revolt=True))
    assert state.ending == "revolution"
    assert set(state.winners) == {n.id for n in state.with_status(Status.SEMI, Status.PERIPHERAL)}
    assert not set(state.winners) & {"italy", "spain", "netherlands"}


def test_the_states_that_do_not_support_it_are_the_new_strikebreakers():
    # L100-L101: the states that did not support it are "considered strikebreakers"
    state = reach(fixed(), "opening", 2, Plan(join="spain", revolt=lambda s, seat: seat not in ("france", "japan")))
    assert {n.id for n in state.playing if n.strikebreaker} == {"france", "japan"}
    # the next vote replaces them: France now supports, Germany does not (R-W19)
    plan = Plan(join=joining("spain"), revolt=lambda s, seat: seat not in ("germany", "japan"))
    state = reach(state, "opening", 3, plan)
    assert {n.id for n in state.playing if n.strikebreaker} == {"germany", "japan"}
    assert "Strikebreakers: Germany, Japan." in lines(state)[-1]


# --- the end of the game


def test_the_game_ends_at_the_beginning_of_cycle_5_with_the_hegemon_the_winner():
    # L40: play runs to the start of "the 5th cycle"; L109-L112: "A sustainable world-economy"
    state = reach(fixed(), "opening", world().last_cycle + 1, Plan(join=lambda s, seat: s.contenders[-1]))
    winner = state.war_winner
    assert winner and not state.over
    assert RULES.legal(state) == [RULES.legal(state)[0]] and RULES.pending(state).seats == (MODERATOR,)
    over = proceed(state)
    assert over.over and over.ending == "world-economy" and over.cycle == 5
    assert over.winners == (winner,) and over.hegemon == winner
    assert over.nation(winner).capital == state.nation(winner).capital * 2
    outcome = RULES.outcome(over)
    assert outcome is not None and outcome.winners == (winner,)
    assert [r.seat for r in outcome.results] == list(world().ids)
    assert RULES.legal(over) == [] and RULES.pending(over).over


def test_the_game_over_refuses_every_intent():
    state = to_end(fixed(), Plan(revolt=True))
    with pytest.raises(IllegalIntent, match="over"):
        RULES.apply(state, Revolt("france", True))


def test_capitals_are_recorded_at_the_end_of_each_cycle():
    state = to_end(fixed())
    assert [r.cycle for r in state.records] == [1, 2, 3, 4, 5]
    assert state.records[0].statuses[world().ids.index("usa")] == "annexed"
    assert capitals(state)["usa"] == 0


@pytest.mark.parametrize(
    ("stage", "intent", "allowed"),
    [
        ("declarations", Declare("spain", "world-domination"), "Declare the goal: world-economy"),
        ("declarations", Declare("netherlands", "world-economy"), "Declare the goal: world-empire"),  # not yet
        ("alliance-vote", Join("italy", "netherlands"), "Join Italy's alliance"),  # a contender does not join
        ("alliance-vote", Join("france", "spain"), "Join Netherlands's alliance"),  # not a contender
        ("coup", Coup("china", "spain"), "No coup this cycle"),  # a richer state
        ("coup", Coup("india", "japan"), "No coup this cycle"),  # not a terrorist
        ("revolution", Revolt("spain", True), "Support the antisystemic revolution"),  # a core state
    ],
)
def test_a_decision_against_the_rules_is_refused_saying_what_is_allowed(stage, intent, allowed):
    state = reach(fixed(), stage, 2, SPAIN_WINS)
    with pytest.raises(IllegalIntent) as refused:
        RULES.apply(state, intent)
    message = str(refused.value)
    assert "is not allowed now" in message and "Allowed:" in message and allowed in message, message
