"""Dice rolled at the table (the option ``physical_dice``): the commander who attacks types
in the two d4's faces; the engine offers exactly the 16 pairs, reads them like its own
roll, logs them as rolled at the table, and refuses anything else."""

from __future__ import annotations

import pytest

from hedgemony_tui.games.hex_encounters.engine.fight import resolve_dice
from hedgemony_tui.games.hex_encounters.engine.flow import settle
from hedgemony_tui.games.hex_encounters.engine.intents import Attack, Done, EnterDice, Fight, Join, Roll
from hedgemony_tui.games.hex_encounters.front.labels import label
from hedgemony_tui.games.hex_encounters.rules import RULES
from hedgemony_tui.table.errors import RuleInputError

from .helpers import position


def _ready_to_roll(physical: bool):
    state = position(
        {"A1": ("red-mech", "0804"), "A6": ("red-artillery", "0704"), "G2": ("militia", "0905")}, physical_dice=physical
    )
    state = RULES.apply(state, Attack("RED134", "0905"))
    for unit in ("A6", "A1"):
        state = RULES.apply(state, Join("RED134", unit))
    return RULES.apply(state, Fight("RED134"))


def test_the_option_is_on_the_new_game_form_and_checked() -> None:
    spec = {o.id: o for o in RULES.options()}["physical_dice"]
    assert spec.kind == "bool" and spec.default is False
    assert RULES.setup(3, {"physical_dice": True}).physical_dice
    assert not RULES.setup(3, {}).physical_dice
    with pytest.raises(RuleInputError, match="physical_dice is on or off"):
        RULES.setup(3, {"physical_dice": "yes"})


def test_the_sixteen_pairs_replace_the_roll_and_read_as_the_engines_roll() -> None:
    # Besides the dice, the attack may still be called off (X-H13).
    assert RULES.legal(_ready_to_roll(False)) == [Roll("RED134"), Done("RED134")]
    state = _ready_to_roll(True)
    options = RULES.legal(state)
    assert options == [*(EnterDice("RED134", a, d) for a in range(1, 5) for d in range(1, 5)), Done("RED134")]
    entered = RULES.apply(state, EnterDice("RED134", 1, 4))
    by_engine = settle(resolve_dice(state, 1, 4))
    assert (entered.combat.final, entered.combat.defender_due, entered.combat.attacker_due) == (
        by_engine.combat.final,
        by_engine.combat.defender_due,
        by_engine.combat.attacker_due,
    )
    assert entered.combat.physical and not by_engine.combat.physical
    assert any(line.text.startswith("Dice (rolled at the table): attacker 1, defender 4") for line in entered.log)
    assert RULES.reveals(state, entered)  # undo never takes back a roll typed in


@pytest.mark.parametrize("bad", [EnterDice("RED134", 5, 1), EnterDice("RED134", 0, 2), EnterDice("BLUE", 2, 2)])
def test_faces_off_the_die_or_from_the_wrong_seat_are_refused(bad: EnterDice) -> None:
    state = _ready_to_roll(True)
    with pytest.raises(Exception, match="not"):
        RULES.apply(state, bad)


def test_each_pair_is_labelled_with_the_column_and_result_it_gives() -> None:
    state = _ready_to_roll(True)  # 7 CP against 1 in the open: 7:1 before the dice
    assert (
        label(state, EnterDice("RED134", 1, 4))
        == "Dice 1-4: attacker's d4 1, defender's d4 4 → column 4:1, defender loses"
    )
    assert (
        label(state, EnterDice("RED134", 4, 1))
        == "Dice 4-1: attacker's d4 4, defender's d4 1 → column 8+:1, defender loses, retreats 2 hexes"
    )
    labels = [label(state, o) for o in RULES.legal(state)]
    for a in range(1, 5):  # typing "Dice a-d" in the decision panel's search finds that pair only
        for d in range(1, 5):
            assert sum(f"Dice {a}-{d}" in text for text in labels) == 1


def test_computer_players_stand_in_for_the_table_from_their_view() -> None:
    state = _ready_to_roll(True)
    policy = RULES.policy("basic")
    view = RULES.view(state, "RED134")
    chosen = policy.decide(view, RULES.legal(state)).intent
    assert isinstance(chosen, EnterDice)
    secret = RULES.vary_secrets(state, "RED134", 7)
    assert policy.decide(RULES.view(secret, "RED134"), RULES.legal(secret)).intent == chosen
