"""A combat from declaration to advance: who may attack, the odds, losses, retreats,
refusals, destruction without a retreat, advance after combat, and victory."""

from __future__ import annotations

import attrs

from hedgemony_tui.games.hex_encounters.engine import flow
from hedgemony_tui.games.hex_encounters.engine.combat import COLUMNS
from hedgemony_tui.games.hex_encounters.engine.fight import resolve_dice
from hedgemony_tui.games.hex_encounters.engine.intents import Advance, Attack, Fight, Join, Lose, Refuse, Retreat
from hedgemony_tui.games.hex_encounters.engine.state import EXITED, Block
from hedgemony_tui.games.hex_encounters.rules import RULES

from .helpers import position


def _formed(placements: dict[str, tuple[str, str]], target: str, joined: list[str]):
    state = RULES.apply(position(placements), Attack("RED134", target))
    for unit in joined:
        state = RULES.apply(state, Join("RED134", unit))
    return state


def test_artillery_joins_from_two_hexes_but_never_alone() -> None:
    state = _formed(
        {"A1": ("red-mech", "0804"), "A6": ("red-artillery", "0704"), "G2": ("militia", "0905")}, "0905", []
    )
    assert {o.unit for o in RULES.legal(state) if isinstance(o, Join)} == {"A1", "A6"}
    alone = RULES.apply(state, Join("RED134", "A6"))
    assert not any(isinstance(o, Fight) for o in RULES.legal(alone))
    both = RULES.apply(alone, Join("RED134", "A1"))
    assert any(isinstance(o, Fight) for o in RULES.legal(both))


def test_committing_reveals_and_sets_the_column_with_its_shifts() -> None:
    state = _formed(
        {"A1": ("red-mech", "0804"), "A6": ("red-artillery", "0704"), "G2": ("militia", "0905")}, "0905", ["A6", "A1"]
    )
    committed = RULES.apply(state, Fight("RED134"))
    combat = committed.combat
    assert RULES.reveals(state, committed)
    assert (combat.attack_cp, combat.defend_cp, COLUMNS[combat.base]) == (7, 1, "7:1")
    assert combat.shifts == ()  # open ground; no ability applies
    assert RULES.view(committed, "BLUE").block("A6").kind == "red-artillery"
    assert len(RULES.roll_faces(committed)) == 16


def test_losses_are_allocated_by_the_owner_and_the_attacker_advances() -> None:
    state = RULES.apply(
        _formed(
            {
                "A1": ("red-mech", "0804"),
                "A6": ("red-artillery", "0704"),
                "G2": ("militia", "0905"),
                "G3": ("militia", "0905"),
            },
            "0905",
            ["A6", "A1"],
        ),
        Fight("RED134"),
    )
    state = flow.settle(resolve_dice(state, 1, 4))  # 7:2 is 3:1, three columns down: 1:1 the attacker loses
    assert state.combat.stage == "attacker-losses" and RULES.pending(state).seats == ("RED134",)
    state = flow.settle(
        resolve_dice(
            RULES.apply(
                _formed(
                    {
                        "A1": ("red-mech", "0804"),
                        "A6": ("red-artillery", "0704"),
                        "G2": ("militia", "0905"),
                        "G3": ("militia", "0905"),
                    },
                    "0905",
                    ["A6", "A1"],
                ),
                Fight("RED134"),
            ),
            4,
            2,
        )
    )
    # 3:1 two columns up: 5:1, the defender loses 2 (one per attacking unit) and retreats 1
    assert state.combat.stage == "defender-losses" and state.combat.defender_seat == "GREEN"
    assert RULES.pending(state).seats == ("GREEN",)
    state = RULES.apply(state, Lose("GREEN", "G2"))
    state = RULES.apply(state, Lose("GREEN", "G2"))
    assert state.block("G2").status == "dead" and state.block("G3").loss == 0  # the owner chose where
    state = RULES.apply(state, Refuse("GREEN", "G3", 0))
    state = RULES.apply(state, [o for o in RULES.legal(state) if isinstance(o, Retreat)][0])
    assert [o for o in RULES.legal(state) if isinstance(o, Advance)] == [
        Advance("RED134", "A1")
    ]  # not the guns 2 hexes off
    state = RULES.apply(state, Advance("RED134", "A1"))
    assert state.block("A1").hex == "0905" and state.combat is None


def test_a_loss_that_destroys_every_unit_in_the_fight_is_taken_at_once() -> None:
    state = RULES.apply(
        _formed(
            {"A1": ("red-mech", "0804"), "A6": ("red-artillery", "0704"), "G2": ("militia", "0905")},
            "0905",
            ["A6", "A1"],
        ),
        Fight("RED134"),
    )
    state = flow.settle(resolve_dice(state, 1, 4))  # 7:1 three columns down: 4:1, the defender loses 2 of its 2
    assert state.block("G2").status == "dead"  # no choice to make: nobody is asked
    assert any("every unit in the fight is lost" in line.text for line in state.log)
    assert state.combat.stage == "advance" and RULES.pending(state).seats == ("RED134",)


def test_retreats_go_away_from_the_fight_and_refusals_cost_cohesion() -> None:
    start = RULES.apply(
        _formed(
            {"A1": ("red-mech", "0804"), "A6": ("red-artillery", "0704"), "B3": ("mech", "0905")}, "0905", ["A6", "A1"]
        ),
        Fight("RED134"),
    )
    # 7 against 2 is 3.5: the half goes to the defender, 3:1; dice +3: 6:1, a retreat of one.
    assert COLUMNS[start.combat.base] == "3:1"
    state = flow.settle(resolve_dice(start, 4, 1))
    assert state.combat.retreat_hexes == 1
    state = RULES.apply(RULES.apply(state, Lose("BLUE", "B3")), Lose("BLUE", "B3"))
    refusals = [o for o in RULES.legal(state) if isinstance(o, Refuse)]
    assert [o.hexes for o in refusals] == [0, 1]
    held = RULES.apply(state, Refuse("BLUE", "B3", 1))
    assert held.block("B3").loss == 3 and held.block("B3").hex == "0905"
    going = RULES.apply(state, Refuse("BLUE", "B3", 0))
    steps = [o.hex for o in RULES.legal(going) if isinstance(o, Retreat)]
    assert steps and all(RULES.legal(going)[0].unit == "B3" for _ in steps)
    assert "0804" not in steps  # never toward the attackers
    away = RULES.apply(going, Retreat("BLUE", "B3", steps[0]))
    assert away.block("B3").hex == steps[0]


def test_a_unit_with_nowhere_to_retreat_is_destroyed() -> None:
    start = RULES.apply(
        _formed(
            {
                "A1": ("red-mech", "0201"),
                "A2": ("red-mech", "0201"),
                "A3": ("red-mech", "0102"),
                "B3": ("mech", "0101"),
            },
            "0101",
            ["A1", "A2", "A3"],
        ),
        Fight("RED134"),
    )
    state = flow.settle(resolve_dice(start, 4, 1))
    while state.combat and state.combat.stage == "defender-losses":
        state = RULES.apply(state, RULES.legal(state)[0])
    assert state.combat.stage == "retreat"
    trapped = RULES.apply(state, Refuse("BLUE", "B3", 0))
    assert trapped.block("B3").status == "dead"


def test_heavy_urban_ignores_one_retreat_hex() -> None:
    start = RULES.apply(
        _formed(
            {
                "A1": ("red-mech", "1005"),
                "A2": ("red-mech", "1005"),
                "A3": ("red-mech", "1005"),
                "B3": ("recce", "1105"),
            },
            "1105",
            ["A1", "A2", "A3"],
        ),
        Fight("RED134"),
    )
    assert any(s.value == -4 for s in start.combat.shifts)
    state = resolve_dice(start, 4, 1)
    # 8+:1 (6 against 0), four shifts to the defender, one for Red's mech in a town, +3: 8+:1 again, two hexes less one.
    assert COLUMNS[state.combat.final] == "8+:1" and state.combat.retreat_hexes == 1


def test_an_attack_across_a_bridge_shifts_two_and_costs_retreating_attackers() -> None:
    start = RULES.apply(
        _formed({"A1": ("red-mech", "0905"), "B3": ("mech", "1005"), "B4": ("mech", "1005")}, "1005", ["A1"]),
        Fight("RED134"),
    )
    assert any(s.value == -2 and "river" in s.reason for s in start.combat.shifts)
    state = resolve_dice(start, 1, 4)  # 1:2 two columns down for the river, -3: 1:4, the attacker retreats two
    assert COLUMNS[state.combat.final] == "1:4"
    assert state.combat.attacker_due == 2 + 2  # one per defender, and one per retreat hex over the bridge


def test_red_wins_at_once_with_enough_cp_off_the_east_edge() -> None:
    from hedgemony_tui.games.hex_encounters.engine.data import game_data

    need = game_data().scenario.exit_cp
    state = position({"C7": ("red-mech", "1503")}, phase="red-move")
    ids = [b.id for b in state.blocks if b.side == "red" and b.id != "C7"][: need // 2]

    def gone(n: int) -> tuple[Block, ...]:
        return tuple(
            attrs.evolve(b, kind="red-mech", status=EXITED, hex="", revealed=True) if b.id in ids[:n] else b
            for b in state.blocks
        )

    assert flow.settle(attrs.evolve(state, blocks=gone(len(ids) - 1))).phase == "red-move"  # 2 CP short
    over = flow.settle(attrs.evolve(state, blocks=gone(len(ids))))
    assert over.phase == "over" and over.winner == "red" and "east edge" in over.why


def test_blue_wins_when_red_breaks_and_otherwise_on_the_towns() -> None:
    state = position({"B3": ("mech", "1105")}, phase="red-move")
    broken = attrs.evolve(
        state, blocks=tuple(attrs.evolve(b, status="dead") if b.seat == "RED134" else b for b in state.blocks)
    )
    assert flow.settle(broken).winner == "blue"
    held = position({"A1": ("red-mech", "1105")}, phase="reinforce", seat="GREEN", turn=8)
    assert RULES.apply(held, RULES.legal(held)[-1]).winner == "red"
    empty = position({"A1": ("red-mech", "1005")}, phase="reinforce", seat="GREEN", turn=8)
    assert RULES.apply(empty, RULES.legal(empty)[-1]).winner == "blue"


def test_losses_count_every_enemy_unit_or_only_those_in_contact(monkeypatch) -> None:
    from hedgemony_tui.games.hex_encounters.engine import fight
    from hedgemony_tui.games.hex_encounters.engine.data import game_data

    state = _formed(
        {
            "A1": ("red-mech", "0804"),
            "A5": ("recce", "0805"),
            "A6": ("red-artillery", "0704"),
            "G2": ("militia", "0905"),
        },
        "0905",
        ["A6", "A1", "A5"],
    )
    committed = RULES.apply(state, Fight("RED134"))
    # Every unit: mech, recce and the artillery two hexes away each cost the militia a cohesion.
    assert resolve_dice(committed, 4, 1).last_roll.defender_due == 3
    data = game_data()
    contact = attrs.evolve(data, tables=attrs.evolve(data.tables, losses_from="in-contact"))
    monkeypatch.setattr(fight, "game_data", lambda: contact)
    # In contact: only the mech (the recce has no combat power, the artillery stands two hexes off).
    assert resolve_dice(committed, 4, 1).last_roll.defender_due == 1
