"""The contract's small pieces, the registry, the one match loop and the statistics."""

import pytest

from hedgemony_tui.table import match, stats
from hedgemony_tui.table.contract import Choice, Decision, GameRules, OptionSpec, player_seats
from hedgemony_tui.table.errors import RuleInputError
from hedgemony_tui.table.registry import game_for_kind, game_ids, get_rules


def test_option_specs_say_what_is_wrong():
    turns = OptionSpec("turns", "Turns", 8, minimum=1, maximum=30)
    assert turns.kind == "int" and turns.problem(8) is None and turns.problem(30) is None
    assert turns.problem(31) == "turns must be 1-30 (got 31)"
    assert turns.problem(True) == "turns is a whole number, not True"
    dice = OptionSpec("dice", "Physical dice", False)
    assert dice.kind == "bool" and dice.problem(True) is None and "on or off" in (dice.problem(1) or "")
    pace = OptionSpec("pace", "Pace", "every", choices=("every", "mine", "none"))
    assert pace.kind == "choice" and pace.problem("mine") is None
    assert pace.problem("fast") == "pace is one of every, mine, none, not 'fast'"


def test_a_decision_names_its_first_seat_and_the_end():
    assert Decision(("RU", "PRC"), "vote", "vote").seat == "RU"
    assert Decision(("WHITE",), "over", "done").over and not Decision(("US",), "blue", "").over


def test_the_registry_names_its_games_and_refuses_others():
    assert "hedgemony" in game_ids()
    rules = get_rules("hedgemony")
    assert isinstance(rules, GameRules) and rules.info.id == "hedgemony"
    assert get_rules("hedgemony") is rules  # loaded once
    assert game_for_kind("hedgemony-save") is rules and game_for_kind("chess-save") is None
    with pytest.raises(RuleInputError, match="no game 'chess': the games are hedgemony"):
        get_rules("chess")
    assert player_seats(rules) == ("US", "NATO", "RU", "PRC", "DPRK", "IR")


def test_seat_policies_name_what_is_allowed():
    rules = get_rules("hedgemony")
    names = match.seat_policy_names(rules, "random", {"PRC": "expert"})
    assert names["PRC"] == "expert" and names["US"] == "random" and "WHITE" not in names
    with pytest.raises(RuleInputError, match="no seat 'XX': the seats are US, NATO"):
        match.seat_policy_names(rules, "random", {"XX": "basic"})
    with pytest.raises(RuleInputError, match="choose one of random, basic, expert"):
        match.seat_policy_names(rules, "genius")


def test_the_match_loop_stops_where_a_person_owes_the_decision():
    rules = get_rules("hedgemony")
    state = rules.setup(3, {"turns": 1})
    everyone = match.policies_for(rules, match.seat_policy_names(rules, "random"))
    owing = rules.pending(state).seats
    assert "RU" in owing  # the Red players' signals, sealed: owed by every one of them
    people = {seat: p for seat, p in everyone.items() if seat not in owing}
    assert match.next_choice(rules, state, people) is None  # people play every seat that owes
    found = match.next_choice(rules, state, everyone)
    assert found is not None, "a computer seat owes this decision"
    seat, choice = found
    assert seat == owing[0] and choice.intent in rules.legal(state)
    no_ru = {seat: p for seat, p in everyone.items() if seat != "RU"}
    if len(owing) > 1:  # a computer seat that owes the sealed choice goes on while a person thinks
        later = match.next_choice(rules, state, no_ru)
        assert later is not None and later[0] in owing[1:]
    with pytest.raises(RuntimeError, match="no computer player owes the decision"):
        match.play(rules, state, no_ru, rules.control_bot("none"))
    with pytest.raises(RuntimeError, match="did not end within 5 decisions"):
        match.play(rules, state, everyone, rules.control_bot("none"), max_decisions=5)
    end = match.play(rules, state, everyone, rules.control_bot("random"))
    assert rules.pending(end).over


def test_the_control_bot_acts_before_a_player_and_takes_its_own_decisions():
    rules = get_rules("hedgemony")
    state = rules.setup(3, {"turns": 1})
    everyone = match.policies_for(rules, match.seat_policy_names(rules, "random"))
    seen: list[str] = []
    match.play(rules, state, everyone, rules.control_bot("random"), on_choice=lambda s, seat, c: seen.append(seat))
    assert "WHITE" in seen and {"US", "RU"} <= set(seen)


def test_rate_intervals():
    rate, low, high = stats.rate_interval(150, 200)
    assert rate == 0.75 and 0.68 < low < 0.70 and 0.80 < high < 0.82
    assert stats.rate_interval(0, 10)[1] == 0.0
    with pytest.raises(ValueError):
        stats.rate_interval(0, 0)


def test_the_safety_net_lets_a_bot_fill_in_an_open_intent_for_its_own_seat():
    # A speech's text cannot be listed: legal() offers Speak(seat, ""), and a computer
    # player may deliver its own words in that slot, but not in another seat's, and not
    # an open intent of a type that is not offered.
    import attrs

    @attrs.frozen
    class Say:
        seat: str
        text: str = ""

    @attrs.frozen
    class Other:
        seat: str
        text: str = ""

    class Speaker:
        def __init__(self, intent):
            self.intent = intent

        def decide(self, view, options):
            return Choice(self.intent, "says it")

    offered = [Say("A", "")]
    own = match.SafePolicy("s", Speaker(Say("A", "hello")), (Say, Other)).decide(None, offered)
    assert own.intent == Say("A", "hello")
    for wrong in (Say("B", "hello"), Other("A", "hello")):
        fell_back = match.SafePolicy("s", Speaker(wrong), (Say, Other)).decide(None, offered)
        assert fell_back.intent == Say("A", "") and "not allowed" in fell_back.reason
    closed = match.SafePolicy("s", Speaker(Say("A", "hello"))).decide(None, offered)
    assert closed.intent == Say("A", "")  # a game that declares no open types: only what is offered
