"""Table A.2's victory conditions, judged at the end of the game, edge cases included."""

import attrs
import pytest

from hedgemony_tui.games.hedgemony.engine.resources import default_scenario
from hedgemony_tui.games.hedgemony.engine.scenario import (
    AllOf,
    IpAtMost,
    IpThreshold,
    NoForcesAt,
    PlayerLoses,
    PlayerVictory,
    PlayerWins,
    Scenario,
    evaluate_victory,
)
from hedgemony_tui.table.errors import RuleInputError, ScenarioError


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    return default_scenario()


# A neutral end state: nobody meets a win condition except as each test arranges.
BASE = {"US": 50, "NATO": 40, "RU": 30, "PRC": 30, "DPRK": 5, "IR": 5}


def judge(scenario, us_on_peninsula=2, **ips):
    ip = {**BASE, **ips}

    def forces_at(player, location):
        if (player, location) == ("US", "korean-peninsula"):
            return us_on_peninsula
        return 0

    return evaluate_victory(scenario, ip, forces_at)


def test_base_state(scenario):
    result = judge(scenario)
    assert result.winners == ("US", "NATO")
    assert result.losers == ()


# --- U.S.: IP > everyone's, and DPRK has not won ---------------------------------------


def test_us_wins_with_the_most_ip(scenario):
    result = judge(scenario)["US"]
    assert result.won and not result.lost
    assert "US has 50 IP, more than any other player (next: NATO with 40)" in result.reasons
    assert "DPRK has not won" in result.reasons


def test_us_tie_for_the_most_ip_does_not_win(scenario):
    result = judge(scenario, NATO=50)["US"]
    assert not result.won
    assert result.reasons == ("US has 50 IP, not more than NATO's 50",)


def test_us_cannot_win_when_dprk_wins_by_ip(scenario):
    result = judge(scenario, DPRK=16)
    assert result["DPRK"].won
    assert not result["US"].won
    assert result["US"].reasons == ("DPRK has won",)


def test_us_leaving_the_peninsula_makes_dprk_win_and_us_not(scenario):
    result = judge(scenario, us_on_peninsula=0)
    assert result["DPRK"].won
    assert "US has no FFs at Korean Peninsula; needs none there" in result["DPRK"].reasons
    assert not result["US"].won


# --- NATO/EU: IP > RU's, and RU has not won -------------------------------------------


def test_nato_wins_above_russia(scenario):
    assert judge(scenario, NATO=31, RU=30)["NATO"].won


def test_nato_tie_with_russia_does_not_win(scenario):
    assert not judge(scenario, NATO=30, RU=30)["NATO"].won


def test_nato_cannot_win_when_russia_wins(scenario):
    result = judge(scenario, US=50, NATO=46, RU=45)
    assert result["RU"].won
    assert not result["NATO"].won
    assert result["NATO"].reasons == ("RU has won",)


# --- Russia: IP >= U.S. IP - 5 ---------------------------------------------------------


def test_russia_at_exactly_us_minus_five_wins(scenario):
    result = judge(scenario, US=50, RU=45)["RU"]
    assert result.won
    assert result.reasons == ("RU has 45 IP, at least US's 50 - 5 = 45",)


def test_russia_one_short_does_not_win(scenario):
    result = judge(scenario, US=50, RU=44)["RU"]
    assert not result.won
    assert result.reasons == ("RU has 44 IP, less than US's 50 - 5 = 45",)


# --- China: IP >= U.S. IP - 3, and DPRK neither wins nor loses ---------------------------


def test_china_at_exactly_us_minus_three_wins(scenario):
    assert judge(scenario, US=50, PRC=47)["PRC"].won


def test_china_one_short_does_not_win(scenario):
    assert not judge(scenario, US=50, PRC=46)["PRC"].won


def test_china_does_not_win_when_dprk_wins(scenario):
    result = judge(scenario, US=50, PRC=48, DPRK=16)
    assert result["DPRK"].won
    assert not result["PRC"].won
    assert result["PRC"].reasons == ("DPRK has won",)


def test_china_does_not_win_when_dprk_loses(scenario):
    result = judge(scenario, US=50, PRC=48, DPRK=0)
    assert result["DPRK"].lost
    assert not result["PRC"].won
    assert result["PRC"].reasons == ("DPRK has lost",)


# --- North Korea: IP > 15, or the U.S. leaves the peninsula; loses at IP 0 ----------------


def test_dprk_at_fifteen_does_not_win_sixteen_does(scenario):
    assert not judge(scenario, DPRK=15)["DPRK"].won
    assert judge(scenario, DPRK=16)["DPRK"].won


def test_dprk_at_zero_loses(scenario):
    result = judge(scenario, DPRK=0)["DPRK"]
    assert result.lost and not result.won
    assert "DPRK has 0 IP, at most 0" in result.reasons


def test_dprk_below_zero_loses_too(scenario):
    assert judge(scenario, DPRK=-2)["DPRK"].lost


def test_dprk_at_one_does_not_lose(scenario):
    assert not judge(scenario, DPRK=1)["DPRK"].lost


def test_dprk_that_has_lost_cannot_win_even_if_the_us_left(scenario):
    result = judge(scenario, DPRK=0, us_on_peninsula=0)
    assert result["DPRK"].lost
    assert not result["DPRK"].won
    assert "DPRK has lost, and a player who has lost cannot win" in result["DPRK"].reasons
    # With DPRK not winning, the U.S. may still win on IP.
    assert result["US"].won


# --- Iran: IP > 20 ---------------------------------------------------------------------


def test_iran_at_twenty_does_not_win_twenty_one_does(scenario):
    assert not judge(scenario, IR=20)["IR"].won
    result = judge(scenario, IR=21)["IR"]
    assert result.won
    assert result.reasons == ("IR has 21 IP, more than 20",)


# --- several winners, and the plumbing --------------------------------------------------


def test_several_players_may_win_together(scenario):
    result = judge(scenario, US=50, NATO=49, RU=45, PRC=47, DPRK=5, IR=21)
    assert result.winners == ("US", "RU", "PRC", "IR")


def test_missing_ip_is_refused(scenario):
    with pytest.raises(RuleInputError, match="no IP total for IR"):
        evaluate_victory(scenario, {k: v for k, v in BASE.items() if k != "IR"}, lambda p, loc: 0)


def test_a_hand_built_loop_is_caught_when_judged(scenario):
    looped = attrs.evolve(
        scenario,
        victory=(
            PlayerVictory("US", PlayerWins("NATO")),
            PlayerVictory("NATO", PlayerWins("US")),
            *(v for v in scenario.victory if v.player not in ("US", "NATO")),
        ),
    )
    with pytest.raises(ScenarioError, match="loop"):
        evaluate_victory(looped, BASE, lambda p, loc: 0)


def test_negated_groups_and_leaves(scenario):
    # "IR wins unless it both has more than 20 IP and U.S. forces remain in Korea" - a
    # made-up rule that exercises negate on a group and on leaves.
    custom = attrs.evolve(
        scenario,
        victory=tuple(
            PlayerVictory(
                "IR",
                AllOf((IpThreshold(">", 20), NoForcesAt("US", "korean-peninsula", negate=True)), negate=True),
                IpAtMost(-10),
            )
            if v.player == "IR"
            else v
            for v in scenario.victory
        ),
    )
    assert evaluate_victory(custom, BASE, lambda p, loc: 0)["IR"].won
    assert not evaluate_victory(custom, {**BASE, "IR": 21}, lambda p, loc: 2)["IR"].won
    assert PlayerLoses("DPRK", negate=True).kind == "player_loses"
