"""The computer players reckon hidden blocks from the public counter mix and decide from
their seat's view."""

from __future__ import annotations

import attrs

from hedgemony_tui.games.hex_encounters.bots.estimate import expected_cp, possible_kinds
from hedgemony_tui.games.hex_encounters.engine.intents import Attack, Done
from hedgemony_tui.games.hex_encounters.rules import RULES

from .helpers import hurt, position


def test_a_hidden_block_is_reckoned_from_the_mix_less_what_was_seen() -> None:
    state = position({"G1": ("militia", "0905"), "G2": ("militia", "1105"), "A1": ("red-mech", "0804")})
    view = RULES.view(state, "RED134")
    assert possible_kinds(view, view.block("G1")) == ["recce", "militia", "militia", "militia", "militia", "green-mech"]
    shown = attrs.evolve(
        state, blocks=tuple(attrs.evolve(b, revealed=True) if b.id == "G2" else b for b in state.blocks)
    )
    seen = RULES.view(shown, "RED134")
    assert sorted(possible_kinds(seen, seen.block("G1"))) == ["green-mech", "militia", "militia", "militia", "recce"]
    worn = RULES.view(hurt(state, "G1", 2), "RED134")
    assert possible_kinds(worn, worn.block("G1")) == ["green-mech"]  # two cubes: only the 3-cohesion mech is left
    assert expected_cp(worn, worn.block("G1")) == 2


def test_basic_attacks_at_good_odds_and_declines_bad_ones() -> None:
    policy = RULES.policy("basic")
    good = position(
        {
            "A1": ("red-mech", "0804"),
            "A2": ("red-armor", "0804"),
            "A6": ("red-artillery", "0704"),
            "G1": ("recce", "0905"),
        }
    )
    choice = policy.decide(RULES.view(good, "RED134"), RULES.legal(good))
    assert choice.intent == Attack("RED134", "0905")
    bad = position({"A7": ("recce", "1005"), "B1": ("mech", "1105"), "B2": ("mech", "1105"), "B3": ("armor", "1105")})
    choice = policy.decide(RULES.view(bad, "RED134"), RULES.legal(bad))
    assert choice.intent == Done("RED134")


def test_red_picks_the_weaker_bridge_to_break_and_masses_beside_it() -> None:
    from hedgemony_tui.games.hex_encounters.bots import red_plan

    state = position(
        {
            "A1": ("red-mech", "0804"),
            "A2": ("engineers", "0806"),
            "B1": ("mech", "1005"),
            "B2": ("mech", "1005"),
            "B3": ("armor", "1005"),
            "G1": ("militia", "1007"),
        },
        phase="red-move",
    )
    view = RULES.view(state, "RED134")
    assert red_plan.breach(view, "red") == "1007"  # one hidden block against three
    mech, engineer = view.block("A1"), view.block("A2")
    beside = red_plan.spot_bonus(view, mech, "mech", "0908", "1007")  # over the bridge: may attack
    across = red_plan.spot_bonus(view, mech, "mech", "0907", "1007")  # across the river with no engineer there
    assert beside > across > red_plan.spot_bonus(view, mech, "mech", "0806", "1007")
    assert red_plan.spot_bonus(view, engineer, "engineers", "0907", "1007") > red_plan.spot_bonus(
        view, engineer, "engineers", "0908", "1007"
    )  # the bank opens a second hex
    assert red_plan.spot_bonus(view, mech, "artillery", "0807", "1007") > 0  # guns two hexes off


def test_red_reckons_an_attack_in_cohesion_and_asks_less_as_days_run_out() -> None:
    from hedgemony_tui.games.hex_encounters.bots import red_plan

    state = position(
        {
            "A1": ("red-mech", "0804"),
            "A3": ("red-mech", "0804"),
            "A6": ("red-artillery", "0704"),
            "G1": ("militia", "0905"),
        }
    )
    view = RULES.view(state, "RED134")
    attackers = [view.block(i) for i in ("A1", "A3", "A6")]
    won, lost = red_plan.exchange(view, attackers, "0905")
    assert 0 < won <= 2 and lost < won  # a hidden Green block has at most 2 cohesion on average here
    early, late = attrs.evolve(view, turn=1), attrs.evolve(view, turn=view.turns)
    assert (
        red_plan.demanded(early) > red_plan.demanded(attrs.evolve(view, turn=view.turns - 2)) > red_plan.demanded(late)
    )
