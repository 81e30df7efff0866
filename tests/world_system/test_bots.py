"""The world-system game's computer players: ``basic`` for every status, deciding from its
seat's view (never the whole state), with a one-line reason; its speeches are legal and
name what the seat does next.

States are reached through ``RULES.setup``/``RULES.apply`` (``ws_helpers``: the known
deal, with Italy the hegemon, Spain and the Netherlands the other core states, France,
England and Germany semiperipheral, the rest peripheral, China the terrorist); a few
tests edit capitals or statuses to make a situation the deal reaches rarely. Each
decision is asked of ``RULES.policy("basic").decide(RULES.view(state, seat), own)``.
"""

from __future__ import annotations

from typing import Any

import attrs

from hedgemony_tui.games.world_system.engine.intents import (
    Annex,
    Coup,
    Declare,
    Join,
    Nominate,
    Promote,
    Revolt,
    RogueVote,
    Speak,
)
from hedgemony_tui.games.world_system.engine.state import WorldState
from hedgemony_tui.games.world_system.engine.world import Status
from hedgemony_tui.games.world_system.rules import RULES
from hedgemony_tui.table import match
from hedgemony_tui.table.contract import Choice
from tests.world_system.ws_helpers import PERIPHERALS, SPAIN_WINS, Plan, edit, fixed, reach

EMPIRE, ECONOMY = "world-empire", "world-economy"


def own(state: WorldState, seat: str) -> list[Any]:
    return [o for o in RULES.legal(state) if RULES.seat_of(o) == seat]


def decide(state: WorldState, seat: str) -> Choice:
    """The basic player's choice for ``seat``, from its view, checked to be the same when
    what the seat may not see is changed (the others' terrorist cards, sealed ballots)."""
    options = own(state, seat)
    assert options, f"{seat} owes nothing at {state.stage}"
    policy = RULES.policy("basic")
    choice = policy.decide(RULES.view(state, seat), options)
    for salt in (1, 2, 3):
        varied = RULES.vary_secrets(state, seat, salt)
        again = policy.decide(RULES.view(varied, seat), own(varied, seat))
        assert again.intent == choice.intent, f"{seat}'s choice depends on secrets it cannot see (salt {salt})"
    assert "not allowed" not in choice.reason and "failed" not in choice.reason, choice.reason
    return choice


def declared(spain: str, netherlands: str) -> Plan:
    return Plan(declare=lambda s, seat: spain if seat == "spain" else netherlands)


# --- registration and the contract


def test_basic_and_random_are_offered() -> None:
    assert RULES.policy_names() == ("random", "basic")
    assert RULES.policy("basic").name == "basic"


def test_the_same_view_gives_the_same_choice() -> None:
    state = reach(fixed(), "alliance-vote", 1, declared(EMPIRE, ECONOMY))
    first = decide(state, "france")
    assert decide(state, "france") == first


# --- the alliance vote


def test_a_free_state_leaves_an_empire_that_would_end_the_game() -> None:
    state = reach(fixed(), "alliance-vote", 1, declared(EMPIRE, ECONOMY))
    for seat in ("france", "russia", "italy"):  # a semi, a peripheral, the former hegemon
        choice = decide(state, seat)
        assert choice.intent == Join(seat, "netherlands"), choice
        assert "empire would end the game" in choice.reason
        assert not choice.public_reason  # a sealed ballot's reason stays private


def test_with_the_same_goals_the_free_states_rally_to_the_stronger() -> None:
    state = reach(fixed(), "alliance-vote", 1)
    assert decide(state, "france").intent == Join("france", "spain")  # equal capital: seat order
    richer = edit(state, netherlands={"capital": 21})
    assert decide(richer, "france").intent == Join("france", "netherlands")
    assert decide(richer, "china").intent == Join("china", "netherlands")  # the terrorist votes the same way


def test_a_state_with_nothing_to_gain_from_the_game_going_on_stays_with_a_winning_empire() -> None:
    # The last cycle with the option that leaves the core states out of a revolution's
    # winners: the former hegemon (core) gains nothing from a world-economy (the game ends
    # after this war either way) and backs the empire that wins with it.
    state = reach(fixed(revolution_winners="revolutionaries"), "alliance-vote", 4, SPAIN_WINS)
    empire, other = state.contenders
    state = attrs.evolve(state, goals=(EMPIRE, ECONOMY))
    former = next(n.id for n in state.playing if n.status is Status.CORE and n.id not in state.contenders)
    semi = next(n.id for n in state.playing if n.status is Status.SEMI and n.id != state.rogue)
    free = [n.id for n in state.playing if n.id not in state.contenders and n.id != state.rogue]
    changes: dict[str, dict[str, int]] = {s: {"capital": 1} for s in free}
    changes.update({empire: {"capital": 40}, other: {"capital": 30}, former: {"capital": 20}})
    state = edit(state, **changes)
    assert 40 + 20 > 30 + len(free) - 1 and 40 < 30 + 20  # the former hegemon decides the war
    choice = decide(state, former)
    assert choice.intent == Join(former, empire), choice
    assert "with us its empire wins" in choice.reason
    # The semiperipheral state sees it: the empire wins whatever the semi does.
    assert "whatever we do" in decide(state, semi).reason
    # With the revolution's default winners (every state in the game) the former hegemon
    # would share the revolution too: it leaves the empire, and so does the semi.
    everyone = attrs.evolve(state, options=attrs.evolve(state.options, revolution_winners="all"))
    assert decide(everyone, former).intent == Join(former, other)
    assert decide(everyone, semi).intent == Join(semi, other)


# --- the contenders


def test_a_first_contender_declares_world_economy_when_an_empire_would_lose_the_free_states() -> None:
    state = reach(fixed(), "declarations", 1)
    choice = decide(state, "spain")
    assert choice.intent == Declare("spain", ECONOMY)
    assert choice.public_reason


def test_a_contender_answers_an_empire_with_an_empire_only_when_it_is_the_stronger() -> None:
    state = reach(fixed(), "declarations", 1)
    state = RULES.apply(state, Declare("spain", EMPIRE))
    assert decide(state, "netherlands").intent == Declare("netherlands", ECONOMY)  # equal: Spain is the favourite
    stronger = edit(state, netherlands={"capital": 24})
    choice = decide(stronger, "netherlands")
    assert choice.intent == Declare("netherlands", EMPIRE)
    assert "stronger" in choice.reason


def test_a_contender_whose_alliance_wins_anyway_declares_world_empire() -> None:
    state = reach(fixed(), "declarations", 1)
    state = edit(state, spain={"capital": 200})
    assert decide(state, "spain").intent == Declare("spain", EMPIRE)


# --- the hegemon


ENGLAND_AND_ITALY_WITH_SPAIN = Plan(
    join=lambda s, seat: "spain" if seat in ("italy", "england", *PERIPHERALS) else "netherlands"
)
"""Cycle 1's war: Italy, England and the periphery join Spain (which wins), France and Germany the Netherlands."""


def test_the_hegemon_names_its_allies_in_its_speech_and_then_invests_in_them() -> None:
    state = reach(fixed(speeches=True), "speeches", 2, ENGLAND_AND_ITALY_WITH_SPAIN)
    assert state.hegemon == "spain" and state.queue[0] == "spain"
    speech = decide(state, "spain")
    assert isinstance(speech.intent, Speak)
    assert speech.intent.text.startswith("We will invest in Italy and England.")
    state = RULES.apply(state, speech.intent)  # apply accepts the bot's own words
    state = reach(state, "promotion", 2)
    promoted = []
    while state.stage == "promotion":
        choice = decide(state, "spain")
        assert isinstance(choice.intent, Promote)
        promoted.append(choice.intent.target)
        state = RULES.apply(state, choice.intent)
    # Italy and England joined Spain's alliance; France and Germany did not.
    assert promoted == ["italy", "england"]


def test_the_hegemon_annexes_the_largest_peripheral_state_when_nobody_is_suspected() -> None:
    state = reach(fixed(), "intervention", 1)
    assert decide(state, "italy").intent.target in PERIPHERALS
    state = edit(state, japan={"capital": 9})
    choice = decide(state, "italy")
    assert choice.intent == Annex("italy", "japan")
    assert "largest" in choice.reason


def test_between_equal_peripheral_states_the_hegemon_does_not_follow_the_seat_order() -> None:
    # All equal in cycle 1: the tie-break is a keyed hash of the cycle and the state, so
    # the first peripheral state in seat order (Italy, the seat a newcomer plays first,
    # when it is dealt the periphery) is not the one annexed every time.
    first_in_order, targets = 0, set()
    for seed in range(1, 31):
        state = reach(RULES.setup(seed, {"speeches": False}), "intervention", 1)
        pool = [n.id for n in state.with_status(Status.PERIPHERAL)]
        target = decide(state, state.hegemon).intent.target
        targets.add(target)
        first_in_order += target == pool[0]
    assert first_in_order <= 10, first_in_order
    assert len(targets) >= 6, targets


def test_the_hegemon_annexes_the_state_the_table_suspects() -> None:
    # Cycle 2's talks nominate India and vote it the rogue state: in cycle 3 it is the
    # likeliest terrorist, and the hegemon annexes it though it is now the poorest.
    plan = Plan(
        join=SPAIN_WINS.rules[Join],
        annex=lambda s, seat: next(n.id for n in s.with_status(Status.PERIPHERAL) if n.id != "india"),
        nominate=lambda s, seat: "india" if "india" not in s.nominated else "",
        rogue="india",
    )
    state = reach(fixed(), "intervention", 3, plan)
    assert state.nation("india").status is Status.PERIPHERAL
    poorest = min(n.capital for n in state.with_status(Status.PERIPHERAL))
    assert state.nation("india").capital == poorest
    choice = decide(state, state.hegemon)
    assert choice.intent == Annex(state.hegemon, "india")
    assert "terrorist" in choice.reason


# --- the revolution


def test_a_shared_win_is_worth_its_share_so_the_hopeful_strikebreak_in_cycle_1() -> None:
    # Cycle 1: Spain won the war with Italy, England and the periphery; France and Germany
    # fought it. The revolution would make 11 states winners: 1/11 each. England, an ally
    # of the next hegemon (which invests in its allies first), expects more from the game
    # going on and strikebreaks; France, which fought Spain, expects less and supports.
    state = reach(fixed(), "revolution", 1, ENGLAND_AND_ITALY_WITH_SPAIN)
    assert len(state.playing) == 11
    england = decide(state, "england")
    assert england.intent == Revolt("england", False), england
    assert "the revolution 0.09" in england.reason and not england.public_reason
    france = decide(state, "france")
    assert france.intent == Revolt("france", True), france
    assert "worth 0.09 to us" in france.reason
    # The peripheral states see England's hopes too: the revolution will not pass, so they
    # strikebreak, to be eligible for the periphery's investment.
    turkey = decide(state, "turkey")
    assert turkey.intent == Revolt("turkey", False) and "chance of only" in turkey.reason


def test_in_the_last_cycle_every_voter_supports_the_revolution() -> None:
    # After the last war nothing is left to hope for: a world-economy would be the war
    # winner's alone. Every voter, the one that strikebroke before too, supports.
    state = reach(fixed(), "revolution", 4, SPAIN_WINS)
    for seat in state.vote.voters:
        choice = decide(state, seat)
        assert choice.intent == Revolt(seat, True), (seat, choice)


# --- the terrorists


def test_the_terrorist_stages_its_coup_in_the_richest_state_within_reach() -> None:
    state = reach(fixed(), "coup", 2)
    state = edit(state, china={"capital": 40}, germany={"capital": 35}, india={"capital": 38})
    assert max(n.capital for n in state.playing if n.id not in ("china", "india")) == 35
    choice = decide(state, "china")
    # India (peripheral, 38) is richer, but a peripheral state may be annexed: Germany.
    assert choice.intent == Coup("china", "germany")
    assert not choice.public_reason


def test_the_union_is_made_unless_the_game_going_on_promises_the_terrorist_more() -> None:
    # The union's nuclear war wins nothing (R-W17) but is the terrorists' own goal. China,
    # a peripheral state with little to hope for, makes it at cycle 2's coup; England, a
    # semiperipheral state that may yet be invested in and contend, stays covert.
    state = reach(fixed(terrorists=("china", "japan")), "coup", 2)
    state = edit(state, china={"capital": 30})
    assert decide(state, "china").intent.target
    state = reach(fixed(terrorists=("england", "japan")), "coup", 2)
    choice = decide(state, "england")
    assert choice.intent == Coup("england", ""), choice
    assert "stay covert" in choice.reason and not choice.public_reason


def test_terrorists_expecting_their_union_strikebreak() -> None:
    # Cycle 2, China and Japan terrorists (no coup yet): they expect the union at the next
    # coup, worth more to them than the revolution's share, and strikebreak for it. Japan
    # with no terrorist card expects less from the game going on than the revolution.
    state = reach(fixed(terrorists=("china", "japan")), "revolution", 2)
    for seat in ("china", "japan"):
        choice = decide(state, seat)
        assert choice.intent == Revolt(seat, False) and "going on is worth" in choice.reason, choice
    single = reach(fixed(), "revolution", 2)
    assert "going on is worth" not in decide(single, "japan").reason


def test_terrorists_do_not_name_each_other_at_the_talks() -> None:
    two = fixed(terrorists=("china", "japan"))
    state = reach(two, "nominations", 2, SPAIN_WINS)
    state = edit(state, japan={"capital": 60})  # the richest suspect: the others name it
    first = state.queue[0]
    assert decide(state, first).intent == Nominate(first, "japan")
    while state.queue[0] != "china":
        state = RULES.apply(state, Nominate(state.queue[0], ""))
    choice = decide(state, "china")
    assert choice.intent.target not in ("japan", "china", "")
    assert not choice.public_reason


def test_no_public_reason_at_the_talks_points_the_terrorists_out() -> None:
    # The journal shows a public reason to every seat: if the others' nominations had one
    # and the terrorists' did not, the journal would name the terrorists. Nobody's has one.
    two = fixed(terrorists=("china", "japan"))
    state = reach(two, "nominations", 2, SPAIN_WINS)
    flags = {}
    while state.stage == "nominations":
        seat = state.queue[0]
        choice = decide(state, seat)
        flags[seat] = choice.public_reason
        state = RULES.apply(state, choice.intent)
    assert "china" in flags and len(flags) > 3
    assert set(flags.values()) == {False}


def test_the_rogue_vote_goes_to_the_likeliest_terrorist_and_the_terrorists_vote_elsewhere() -> None:
    two = fixed(terrorists=("china", "japan"))
    state = reach(two, "nominations", 2, SPAIN_WINS)
    state = edit(state, japan={"capital": 60})
    other = next(c for c in (n.id for n in state.with_status(Status.PERIPHERAL)) if c not in ("japan", "china"))
    picks = iter(("japan", other))
    while state.stage == "nominations":
        seat = state.queue[0]
        state = RULES.apply(state, Nominate(seat, next(picks, "")))
    assert state.stage == "rogue-vote"
    assert decide(state, "france").intent == RogueVote("france", "japan")
    assert decide(state, "china").intent == RogueVote("china", other)


# --- speeches


def test_a_free_state_names_at_the_talks_the_state_it_said_it_would() -> None:
    state = reach(fixed(speeches=True), "speeches", 2, SPAIN_WINS)
    state = edit(state, india={"capital": 60})
    said = {}
    while state.stage == "speeches":
        seat = state.queue[0]
        choice = decide(state, seat)
        said[seat] = choice.intent.text
        state = RULES.apply(state, choice.intent)
    assert "At the talks we will name India as the rogue state." in said["france"]
    assert "ask" in said["russia"] and "invest" in said["russia"]
    state = reach(state, "nominations", 2)
    while state.queue[0] != "france":
        state = RULES.apply(state, Nominate(state.queue[0], ""))
    assert decide(state, "france").intent == Nominate("france", "india")


def test_contenders_state_their_goal_and_ask_for_allies() -> None:
    state = reach(fixed(speeches=True), "rivalry-speeches", 1, declared(EMPIRE, ECONOMY))
    empire = decide(state, "spain")
    assert "world-empire" in empire.intent.text and "Join" in empire.intent.text
    state = RULES.apply(state, empire.intent)
    economy = decide(state, "netherlands")
    assert "world-economy" in economy.intent.text and "join us" in economy.intent.text


def test_a_cycle_1_speech_names_the_contender_the_state_then_joins() -> None:
    state = reach(fixed(speeches=True), "speeches", 1)
    state = edit(state, netherlands={"capital": 17})
    while state.queue[0] != "france":
        state = RULES.apply(state, Speak(state.queue[0], ""))
    speech = decide(state, "france")
    assert "we will back Netherlands in the war" in speech.intent.text
    state = reach(state, "alliance-vote", 1)
    assert decide(state, "france").intent == Join("france", "netherlands")


def test_whole_games_take_every_speech_and_decision_as_the_bot_made_it() -> None:
    # All basic, and basic with six states random (their strikebreaking keeps the games
    # going for cycles): no choice falls back to the safety net, and every basic speech
    # is accepted and heard.
    fallbacks: list[str] = []
    cycles = []
    for seed, random_seats in ((1, ()), (2, ()), (3, PERIPHERALS), (4, PERIPHERALS)):
        start = RULES.setup(seed, {})
        names = match.seat_policy_names(RULES, "basic", dict.fromkeys(random_seats, "random"))
        end = match.play(
            RULES,
            start,
            match.policies_for(RULES, names),
            RULES.control_bot("automated"),
            max_decisions=5000,
            on_choice=lambda _s, _seat, c: fallbacks.append(c.reason) if "instead" in c.reason else None,
        )
        assert end.over and fallbacks == []
        cycles.append(end.cycle)
        spoken = [
            e.text
            for e in end.log
            if e.stage in ("speeches", "rivalry-speeches")
            and not any(e.text.startswith(end.name(r)) for r in random_seats)
        ]
        assert spoken and all('"' in line for line in spoken), spoken[:3]
    assert max(cycles) >= 3, cycles


def test_all_basic_games_reach_the_later_cycles_and_end_in_more_than_one_way() -> None:
    # The finding the README's balance section gives: with a shared win worth its share,
    # all-basic games pass cycle 1 and end in a revolution or in the terrorists' union.
    ends = []
    for seed in range(1, 16):
        end = match.play(
            RULES,
            RULES.setup(seed, {}),
            match.policies_for(RULES, match.seat_policy_names(RULES, "basic")),
            RULES.control_bot("automated"),
        )
        ends.append((end.ending, end.cycle))
    assert all(cycle >= 2 for _, cycle in ends), ends
    assert {ending for ending, _ in ends} >= {"revolution", "nuclear-war"}, ends
    assert any(cycle >= 3 for _, cycle in ends), ends
