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
    shown = attrs.evolve(state, blocks=tuple(attrs.evolve(b, revealed=True) if b.id == "G2" else b for b in state.blocks))
    seen = RULES.view(shown, "RED134")
    assert sorted(possible_kinds(seen, seen.block("G1"))) == ["green-mech", "militia", "militia", "militia", "recce"]
    worn = RULES.view(hurt(state, "G1", 2), "RED134")
    assert possible_kinds(worn, worn.block("G1")) == ["green-mech"]  # two cubes: only the 3-cohesion mech is left
    assert expected_cp(worn, worn.block("G1")) == 2


def test_basic_attacks_at_good_odds_and_declines_bad_ones() -> None:
    policy = RULES.policy("basic")
    good = position({"A1": ("red-mech", "0804"), "A2": ("red-armor", "0804"), "A6": ("red-artillery", "0704"),
                     "G1": ("recce", "0905")})
    choice = policy.decide(RULES.view(good, "RED134"), RULES.legal(good))
    assert choice.intent == Attack("RED134", "0905")
    bad = position({"A7": ("recce", "1005"), "B1": ("mech", "1105"), "B2": ("mech", "1105"), "B3": ("armor", "1105")})
    choice = policy.decide(RULES.view(bad, "RED134"), RULES.legal(bad))
    assert choice.intent == Done("RED134")
