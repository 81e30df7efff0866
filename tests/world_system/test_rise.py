"""The rise phase of a systemic cycle, stage by stage, as the seed (003) numbers it: the
deal (L37-L38), the change of statuses (L47-L53), the investments stage (speeches,
promotion, the core states' vote, L55-L59), the intervention (L61-L63), the collective
security negotiations (nominations and the rogue-state vote, L64-L72) and the growth of
capital (L74-L75). Each test quotes a few words of the line it checks and drives the
game through ``RULES.legal`` / ``RULES.apply`` (see ``ws_helpers``)."""

from __future__ import annotations

from collections import Counter

import pytest

from hedgemony_tui.games.world_system.engine.intents import (
    Annex,
    Nominate,
    Promote,
    RogueVote,
    Speak,
)
from hedgemony_tui.games.world_system.engine.reduce import SPEECH_LIMIT
from hedgemony_tui.games.world_system.engine.world import MODERATOR, Status, world
from hedgemony_tui.games.world_system.rules import RULES
from hedgemony_tui.table.errors import IllegalIntent

from .ws_helpers import (
    CORES,
    HEGEMON,
    SPAIN_WINS,
    Plan,
    capitals,
    edit,
    fixed,
    joining,
    lines,
    play,
    proceed,
    reach,
    rogue_vote,
    statuses,
)

# --- the deal


def test_the_deal_is_three_cores_three_semiperipheral_six_peripheral_states():
    # L6-L8: "3 cards" core (C=16), 3 semiperipheral (C=8), 6 peripheral (C=4)
    # L8-L9: one hegemon card (C=32) and one covert terrorist card
    for seed in range(40):
        state = RULES.setup(seed, {})
        assert Counter(n.status for n in state.nations) == {Status.CORE: 3, Status.SEMI: 3, Status.PERIPHERAL: 6}
        hegemon = state.nation(state.hegemon)
        assert hegemon.status is Status.CORE and hegemon.capital == 32  # R-W1
        for n in state.nations:
            if n.id != state.hegemon:
                assert n.capital == {Status.CORE: 16, Status.SEMI: 8, Status.PERIPHERAL: 4}[n.status]
        (terrorist,) = state.terrorists
        assert terrorist.status is not Status.CORE  # R-W2
        assert [n.id for n in state.nations] == list(world().ids)  # L4-L6: the twelve state cards


def test_the_deal_is_drawn_from_the_seed():
    # L37-L38: dealt "using random numbers table": here draws keyed on the seed
    def deal(seed: int, **options: object) -> tuple[object, ...]:
        state = RULES.setup(seed, options)
        return tuple((n.id, n.status, n.capital, n.terrorist) for n in state.nations), state.hegemon

    assert deal(7) == deal(7)
    assert deal(7) == deal(7, speeches=False, revolution_winners="revolutionaries")  # options draw nothing
    deals = {deal(seed) for seed in range(30)}
    assert len(deals) == 30
    hegemons = Counter(RULES.setup(seed, {}).hegemon for seed in range(60))
    terrorists = Counter(RULES.setup(seed, {}).terrorists[0].id for seed in range(60))
    assert len(hegemons) >= 8 and len(terrorists) >= 8


# --- 1. the change of statuses


def test_cycle_1_opens_without_any_change_of_status():
    # L49-L50: the statuses change "Starting from the 2nd" cycle (cycle 1: none)
    state = fixed()
    after = proceed(state)
    assert capitals(after) == capitals(state) and statuses(after) == statuses(state)
    assert after.hegemon == HEGEMON and after.stage != "opening"
    assert lines(after, len(state.log))[0].startswith("Cycle 1 begins")


def test_the_war_winner_becomes_hegemon_and_the_loser_and_former_hegemon_are_halved():
    # L50-L51: the war's winner becomes hegemon, capital "by two times"
    # L52-L53: the loser and the former hegemon become semiperipheral, capital halved
    state = reach(fixed(), "opening", 2, SPAIN_WINS)
    assert state.war_winner == "spain" and state.former_hegemon == HEGEMON
    before = capitals(state)
    after = proceed(state)
    assert after.hegemon == "spain"
    assert after.nation("spain").capital == before["spain"] * 2
    assert after.nation("spain").status is Status.CORE
    for loser in ("netherlands", HEGEMON):
        assert after.nation(loser).status is Status.SEMI
        assert after.nation(loser).capital == before[loser] // 2
    assert after.former_hegemon == "" and after.contenders == ()


def test_the_opening_reads_out_the_strikebreakers_and_the_rogue_state_loses_its_status():
    # L49: the open statuses read out include the strikebreakers
    # L53: the rogue state "loses its temporary status"
    state = reach(fixed(), "opening", 3, Plan(join=joining("spain"), revolt=lambda s, seat: seat != "germany"))
    rogue = state.rogue
    assert rogue, "cycle 2's talks made a rogue state"
    after = proceed(state)
    assert after.rogue == "" and not after.nation(rogue).rogue
    (line,) = lines(after, len(state.log))
    assert line.startswith("Cycle 3 begins.") and line.endswith("Strikebreakers: Germany.")


# --- 2. the investments stage: speeches


def test_every_state_in_the_game_speaks_once_starting_with_the_hegemon():
    # L55: each player in turn gives "a 30-second speech" (X-W3: a public line)
    state = proceed(fixed(speeches=True))
    assert state.stage == "speeches" and state.options.speech_seconds == 30
    order = []
    while state.stage == "speeches":
        (offer,) = RULES.legal(state)
        assert offer == Speak(offer.seat, "")
        order.append(offer.seat)
        state = RULES.apply(state, Speak(offer.seat, f"{state.name(offer.seat)} wants peace."))
    assert order == list(world().ids)  # Italy, the hegemon, is first in seat order here
    assert 'Italy: "Italy wants peace."' in lines(state)


def test_after_an_annexation_the_speeches_start_at_the_new_hegemon_and_skip_the_annexed():
    # L55 "one by one", R-W8's order: from the hegemon round the table; annexed states are gone
    state = reach(fixed(speeches=True), "speeches", 2, Plan(join=joining("spain"), annex="turkey"))
    order = []
    while state.stage == "speeches":
        seat = RULES.pending(state).seat
        order.append(seat)
        state = RULES.apply(state, Speak(seat, ""))
    assert order[0] == "spain" and "turkey" not in order and len(order) == 11
    assert order == [s for s in world().ids[1:] + world().ids[:1] if s != "turkey"]


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("x" * (SPEECH_LIMIT + 1), f"at most {SPEECH_LIMIT} characters"),
        ("two\nlines", "one line of plain text"),
        (" padded", "no spaces at its start or end"),
    ],
)
def test_a_speech_that_breaks_the_text_rules_is_refused_and_changes_nothing(text, why):
    state = proceed(fixed(speeches=True))
    seat = RULES.pending(state).seat
    with pytest.raises(IllegalIntent, match=why):
        RULES.apply(state, Speak(seat, text))
    assert RULES.apply(state, Speak(seat, "x" * SPEECH_LIMIT)).log[-1].text.endswith('"' + "x" * SPEECH_LIMIT + '"')


def test_another_seat_may_not_speak_in_the_speaker_s_slot():
    state = proceed(fixed(speeches=True))
    with pytest.raises(IllegalIntent, match="not allowed now"):
        RULES.apply(state, Speak("spain", "me first"))


def test_with_speeches_off_no_speech_is_ever_asked_for():
    # X-W3: the option "speeches" (on by default) drops both speech rounds
    assert RULES.setup(1, {}).options.speeches is True
    state = fixed(speeches=False)
    seen = set()
    while not state.over:
        seen.add(state.stage)
        state = RULES.apply(state, Plan().pick(state, RULES.legal(state)))
    assert not {"speeches", "rivalry-speeches"} & seen
    assert not any("does not speak" in text for text in lines(state))


# --- 2. the investments stage: the hegemon's promotions


def test_the_hegemon_promotes_nobody_in_cycle_1():
    # L55-L56: the hegemon "chooses 2" semiperipheral states (R-W3: none in cycle 1)
    state = proceed(fixed())
    assert not any(isinstance(o, Promote) for o in RULES.legal(state))
    assert any("invests in no semiperipheral state" in t and "as many as the deal made" in t for t in lines(state))
    assert len(state.with_status(Status.CORE)) == 3


def test_from_cycle_2_the_hegemon_promotes_two_semiperipheral_states_doubling_their_capital():
    # L56: they "become core states", capital doubled
    state = reach(fixed(), "promotion", 2, SPAIN_WINS)
    offered = RULES.legal(state)
    assert {o.seat for o in offered} == {"spain"}
    assert {o.target for o in offered} == {n.id for n in state.with_status(Status.SEMI)}
    assert {"netherlands", HEGEMON} <= {o.target for o in offered}  # R-W4: just demoted, semiperipheral now
    before = capitals(state)
    state = RULES.apply(state, Promote("spain", "france"))
    assert RULES.pending(state).kind == "promotion"  # a second promotion is owed
    state = RULES.apply(state, Promote("spain", "england"))
    assert state.stage != "promotion"
    for seat in ("france", "england"):
        assert state.nation(seat).status is Status.CORE and state.nation(seat).capital == before[seat] * 2
    assert {n.id for n in state.with_status(Status.CORE)} == {"spain", "france", "england"}


# --- 2. the investments stage: the core states' vote on the periphery


def test_a_single_peripheral_strikebreaker_gets_the_investment_without_a_vote():
    # L58: with "only 1 strikebreaker state", it receives the investment
    state = edit(fixed(), japan={"strikebreaker": True})
    state = reach(state, "intervention", 1)
    assert not any(p.kind == "core-vote" for p in state.past_votes)
    assert state.nation("japan").status is Status.SEMI and state.nation("japan").capital == 8
    assert any("the only peripheral strikebreaker" in t for t in lines(state))


def test_the_three_core_states_choose_among_several_strikebreakers_by_majority():
    # L57: the core states choose "by simple majority" among the strikebreakers
    # L59: the invested state becomes semiperipheral, capital doubled
    state = edit(fixed(), japan={"strikebreaker": True}, india={"strikebreaker": True})
    state = reach(state, "core-vote", 1)
    assert state.vote is not None and set(state.vote.voters) == set(CORES)
    assert set(state.vote.options) == {"japan", "india"}
    state = play(
        state, lambda s: s.stage != "core-vote", Plan(invest=lambda s, seat: "japan" if seat == HEGEMON else "india")
    )
    assert state.nation("india").status is Status.SEMI and state.nation("india").capital == 8
    assert state.nation("japan").status is Status.PERIPHERAL


# --- 3. the intervention


def test_the_hegemon_annexes_a_peripheral_state_and_takes_its_capital():
    # L61-L63: the hegemon annexes "1 peripheral state" and gains its capital
    state = reach(fixed(), "intervention", 1)
    offered = RULES.legal(state)
    assert offered == [Annex(HEGEMON, n.id) for n in state.with_status(Status.PERIPHERAL)]
    state = RULES.apply(state, Annex(HEGEMON, "japan"))
    assert state.nation(HEGEMON).capital == 32 + 4
    japan = state.nation("japan")
    assert not japan.in_game and japan.capital == 0 and japan.annexed_in == 1
    assert "Antiterrorist operation: Italy annexes Japan (capital 4)" in lines(state)[-1]


def test_an_annexed_terrorist_loses_its_status():
    # L63: an annexed terrorist "loses this status"
    state = RULES.apply(reach(fixed(), "intervention", 1), Annex(HEGEMON, "china"))
    assert not state.nation("china").terrorist and state.terrorists == ()


def test_an_annexed_state_has_no_part_in_any_later_decision():
    # R-W6: the annexed state leaves the game: no speech, nomination, vote or coup after it
    state = reach(fixed(speeches=True), "intervention", 1)
    state = RULES.apply(state, Annex(HEGEMON, "russia"))
    seen: set[str] = set()
    plan = SPAIN_WINS
    while not state.over:
        options = RULES.legal(state)
        seen |= {o.seat for o in options}
        state = RULES.apply(state, plan.pick(state, options))
    assert "russia" not in seen
    assert all("russia" not in p.vote.voters and "russia" not in p.vote.options for p in state.past_votes)


# --- 4. the collective security negotiations


def test_cycle_1_has_no_negotiations():
    # L64: the "collective security negotiations" start in cycle 2
    state = fixed()
    while state.cycle == 1 and not state.over:
        assert not any(isinstance(o, (Nominate, RogueVote)) for o in RULES.legal(state))
        state = RULES.apply(state, Plan().pick(state, RULES.legal(state)))
    assert not any(p.kind == "rogue-vote" for p in state.past_votes)


def test_each_state_nominates_in_turn_from_the_hegemon_once_and_may_pass():
    # L66: each player "one by one" names a candidate (R-W8: from the hegemon)
    # L66: candidates are peripheral or semiperipheral; each put forward once
    state = reach(fixed(), "nominations", 2, SPAIN_WINS)
    remaining = {n.id for n in state.with_status(Status.SEMI, Status.PERIPHERAL)}
    order = []
    while state.stage == "nominations":
        options = RULES.legal(state)
        seat = options[0].seat
        order.append(seat)
        assert {o.target for o in options} == remaining | {""}  # "" is a pass
        pick = options[0] if len(order) % 2 else Nominate(seat, "")
        state = RULES.apply(state, pick)
        remaining.discard(pick.target)
    ring = world().ids[1:] + world().ids[:1]  # Spain, the hegemon, first
    assert order == [s for s in ring if state.nation(s).in_game]
    assert "Netherlands nominates nobody." in lines(state)


def test_the_rogue_state_is_the_candidate_backed_by_the_most_capital():
    # L67-L68: the winner has "the largest total capital" behind it
    state = reach(fixed(), "nominations", 2, SPAIN_WINS)
    after = rogue_vote(
        state, ("france", "germany"), capital={"spain": 20}, ballots={"spain": "germany"}, default="france"
    )
    (past,) = [p for p in after.past_votes if p.kind == "rogue-vote"]
    heads = Counter(choice for _, choice in past.vote.ballots)
    assert heads["france"] > heads["germany"]  # more states voted France ...
    assert past.vote.tally()["germany"] > past.vote.tally()["france"]  # ... but Germany had the capital
    assert after.rogue == "germany"


def test_a_capital_tie_goes_to_the_candidate_the_hegemon_voted_for():
    # L68-L69: on "equal capital votes", the hegemon's candidate
    state = reach(fixed(), "nominations", 2, SPAIN_WINS)
    n_voters = len(state.playing)
    after = rogue_vote(
        state, ("france", "germany"), capital={"spain": n_voters - 1}, ballots={"spain": "germany"}, default="france"
    )
    (past,) = [p for p in after.past_votes if p.kind == "rogue-vote"]
    assert past.vote.tally()["germany"] == past.vote.tally()["france"]
    assert after.rogue == "germany"  # France comes first in seat order and by capital: the hegemon decided


def test_the_rogue_state_loses_half_its_capital():
    # L69-L70: the rogue state "loses half of its capital"
    state = reach(fixed(), "nominations", 2, SPAIN_WINS)
    after = rogue_vote(state, ("england",), capital={"england": 11}, ballots={}, default="england")
    assert after.rogue == "england" and after.nation("england").capital == 5  # X-W1: rounded down


def test_a_single_candidate_is_the_rogue_state_without_a_vote():
    state = reach(fixed(), "nominations", 2, SPAIN_WINS)
    after = rogue_vote(state, ("india",), capital={}, ballots={}, default="india")
    assert after.rogue == "india" and after.stage != "rogue-vote"
    assert not any(p.kind == "rogue-vote" for p in after.past_votes)
    assert any("(the only candidate)" in t for t in lines(after))


def test_when_nobody_is_nominated_there_is_no_rogue_state():
    state = reach(fixed(), "nominations", 2, SPAIN_WINS)
    after = rogue_vote(state, (), capital={}, ballots={}, default="")
    assert after.rogue == "" and "Nobody was nominated: there is no rogue state this cycle." in lines(after)


# --- 5. the growth of capital


def test_capital_grows_by_8_4_2_1_by_status():
    # L74-L75: growth of 8 (hegemon), 4 (core), 2 (semiperipheral), 1 (peripheral)
    state = reach(fixed(), "growth", 2, SPAIN_WINS)
    rogue = state.rogue
    assert rogue and state.nation(rogue).status is not Status.CORE
    before = capitals(state)
    after = proceed(state)
    for n in state.nations:
        want = (
            0
            if not n.in_game
            else 8
            if n.id == state.hegemon
            else {"core": 4, "semiperipheral": 2, "peripheral": 1}[n.status]
        )
        assert after.nation(n.id).capital == before[n.id] + want, n.id  # X-W6: the rogue by its status
    assert after.stage == "decline" and RULES.pending(after).seats == (MODERATOR,)


def test_a_whole_game_keeps_three_cores_after_every_investments_stage():
    # L57 "the 3 core states" (R-W3 keeps the count whatever the choices)
    state = fixed()
    plan = Plan(join=lambda s, seat: s.contenders[-1])
    counts = []
    while not state.over:
        if state.stage == "growth":
            counts.append(len(state.with_status(Status.CORE)))
        state = RULES.apply(state, plan.pick(state, RULES.legal(state)))
    assert state.ending == "world-economy"
    assert counts == [3, 3, 3, 3]
    assert len([p for p in state.past_votes if p.kind == "core-vote"]) >= 2


@pytest.mark.parametrize(
    ("stage", "cycle", "intent", "allowed"),
    [
        ("intervention", 1, Annex(HEGEMON, "spain"), "Antiterrorist operation in USA"),  # a core state
        ("intervention", 1, Annex("spain", "usa"), "Antiterrorist operation in USA"),  # not the hegemon
        ("promotion", 2, Promote("spain", "japan"), "Invest in Italy"),  # a peripheral state
        ("nominations", 2, Nominate("spain", "netherlands"), "Nominate France"),  # a core state
        ("nominations", 2, Nominate("italy", "france"), "Nominate France"),  # out of turn
    ],
)
def test_a_decision_against_the_rules_is_refused_saying_what_is_allowed(stage, cycle, intent, allowed):
    state = reach(fixed(), stage, cycle, SPAIN_WINS)
    with pytest.raises(IllegalIntent) as refused:
        RULES.apply(state, intent)
    message = str(refused.value)
    assert "is not allowed now" in message and "Allowed:" in message and allowed in message, message
