"""Combat arithmetic: the dice's net shift, the ratio's column, the shift table, the unit
abilities, and the calculator."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from hedgemony_tui.games.hex_encounters.cli.calc import combat_odds
from hedgemony_tui.games.hex_encounters.engine.combat import (
    COLUMNS,
    ability_shifts,
    column_chances,
    combat_shifts,
    net_die_weights,
    ratio_column,
    result_of,
)
from hedgemony_tui.games.hex_encounters.engine.data import game_data


def test_net_d4_shift_is_1_2_3_4_3_2_1_in_16() -> None:
    weights = net_die_weights()
    assert weights == {-3: 1, -2: 2, -1: 3, 0: 4, 1: 3, 2: 2, 3: 1}
    within_one = Fraction(sum(n for k, n in weights.items() if abs(k) <= 1), 16)
    within_two = Fraction(sum(n for k, n in weights.items() if abs(k) <= 2), 16)
    assert within_one == Fraction(5, 8) and float(within_one) == 0.625
    assert within_two == Fraction(7, 8) and float(within_two) == 0.875


@pytest.mark.parametrize(
    ("attack", "defend", "column"),
    [
        (4, 1, "4:1"),
        (2, 2, "1:1"),
        (3, 2, "1:1"),
        (5, 2, "2:1"),
        (7, 2, "3:1"),
        (1, 2, "1:2"),
        (2, 5, "1:3"),
        (1, 9, "1:4"),
        (20, 1, "8+:1"),
        (3, 0, "8+:1"),
        (0, 3, "1:4"),
        (9, 4, "2:1"),
        (4, 5, "1:1"),
    ],
)
def test_ratio_rounds_to_the_nearest_column_halves_to_the_defender(attack: int, defend: int, column: str) -> None:
    assert COLUMNS[ratio_column(attack, defend)] == column


def test_crt_results() -> None:
    tables = game_data().tables
    assert [result_of(tables, i) for i in range(11)] == [
        ("attacker", 2),
        ("attacker", 1),
        ("attacker", 0),
        ("attacker", 0),
        ("both", 0),
        ("both", 0),
        ("defender", 0),
        ("defender", 1),
        ("defender", 1),
        ("defender", 1),
        ("defender", 2),
    ]


def test_heavy_urban_is_four_shifts_and_a_bridge_two() -> None:
    tables = game_data().tables
    heavy = combat_shifts(
        tables, "heavy-urban", [], [], bridge=False, attacker_lost=0, defender_lost=0, split_hexes=False
    )
    assert [s.value for s in heavy] == [-4]
    bridge = combat_shifts(tables, "open", [], [], bridge=True, attacker_lost=0, defender_lost=0, split_hexes=False)
    assert [s.value for s in bridge] == [-2]


def test_terrain_losses_and_split_attack_shifts() -> None:
    tables = game_data().tables
    shifts = combat_shifts(tables, "woods", [], [], bridge=False, attacker_lost=2, defender_lost=3, split_hexes=True)
    assert sorted(s.value for s in shifts) == [-2, -1, 1, 3]
    assert [
        s.value
        for s in combat_shifts(
            tables, "light-urban", [], [], bridge=False, attacker_lost=0, defender_lost=0, split_hexes=False
        )
    ] == [-2]
    assert [
        s.value
        for s in combat_shifts(
            tables, "hills", [], [], bridge=False, attacker_lost=0, defender_lost=0, split_hexes=False
        )
    ] == [-1]


def test_abilities_count_once_per_type_present() -> None:
    tables, types = game_data().tables, game_data().types
    mech, armor, militia, eng = types["red-mech"], types["red-armor"], types["militia"], types["engineers"]
    # Armor in the open against no armor: +1 once however many tanks.
    assert [s.value for s in ability_shifts(tables, "open", [armor, armor], [militia])] == [1]
    # Armor in a town without infantry: -1; militia defending a town +1 for the defender.
    assert sorted(s.value for s in ability_shifts(tables, "light-urban", [armor], [militia])) == [-1, -1]
    # Mech off open ground helps either side; engineers with others in a town.
    assert [s.value for s in ability_shifts(tables, "woods", [mech, mech], [])] == [1]
    assert sorted(s.value for s in ability_shifts(tables, "heavy-urban", [eng, mech], [])) == [1, 1]
    assert ability_shifts(tables, "heavy-urban", [eng], []) == []


def test_column_chances_sum_to_one_and_clamp_at_the_ends() -> None:
    chances = column_chances(10)
    assert sum(p for _, p in chances) == 1
    assert dict(chances)[10] == Fraction(10, 16)


def test_calculator_odds() -> None:
    odds = combat_odds(8, 2, "heavy-urban", (1,))
    assert odds["column"] == "1:1"  # 4:1, four shifts to the defender, one back
    assert sum(r["chance"] for r in odds["results"]) == 1
    assert {r["result"] for r in odds["results"]} <= {
        "attacker-loses-retreats-2",
        "attacker-loses-retreats-1",
        "attacker-loses",
        "both-lose",
        "defender-loses",
        "defender-loses-retreats-1",
        "defender-loses-retreats-2",
    }


def _hedgemony(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "import sys; from hedgemony_tui.cli import main; sys.exit(main(sys.argv[1:]))", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_calc_command_prints_json_and_refuses_bad_arguments() -> None:
    done = _hedgemony("--game", "hex-encounters", "calc", "combat", "--attack", "6", "--defend", "2", "--json")
    assert done.returncode == 0, done.stderr
    payload = json.loads(done.stdout)
    assert payload["column"] == "3:1"
    assert sum(r["chance"] for r in payload["results"]) == 1
    bad = _hedgemony("--game", "hex-encounters", "calc", "combat", "--attack", "lots", "--defend", "2")
    assert bad.returncode == 2 and "whole number" in bad.stderr and "Traceback" not in bad.stderr
