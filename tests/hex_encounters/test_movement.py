"""Movement, stacking, supply, detection and the order of the turn."""

from __future__ import annotations

import attrs

from hedgemony_tui.games.hex_encounters.engine import flow
from hedgemony_tui.games.hex_encounters.engine.ground import destinations, step_cost, supplied_hexes
from hedgemony_tui.games.hex_encounters.engine.intents import Deploy, Detect, Done, MoveTo, Select
from hedgemony_tui.games.hex_encounters.rules import RULES

from .helpers import hurt, position


def test_roads_cost_half_and_terrain_its_table() -> None:
    state = position({"A1": ("red-mech", "0504")}, phase="red-move")
    reach = destinations(state, state.block("A1"))
    # Along the main road: 0604, 0704, 0804, 0905, the bridge to 1005, Kovanburg... ten road hexes for 5 MP.
    assert {"0604", "0704", "0804", "0905", "1005", "1105", "1204", "1304", "1403", "1503"} <= set(reach)
    unit, none = state.block("A1"), frozenset[str]()
    assert step_cost(state, unit, "0604", "0704", none) == 0.5  # woods, but along the road
    assert step_cost(state, unit, "0504", "0505", none) == 1  # open, no road between them
    assert step_cost(state, unit, "0405", "0404", none) == 2  # a town entered off the road
    assert step_cost(state, unit, "0801", "0802", none) == 3  # woods and hills
    assert step_cost(state, unit, "0904", "1004", none) is None  # the river, no bridge


def test_river_is_impassable_but_by_bridges_or_an_engineer_ferry() -> None:
    alone = position({"A2": ("red-armor", "0903")}, phase="red-move")
    assert "1003" not in destinations(alone, alone.block("A2"))  # the bridge way costs 4.5 MP, the tank has 4
    ferry = position({"A2": ("red-armor", "0903"), "A7": ("engineers", "0903")}, phase="red-move")
    assert "1003" in destinations(ferry, ferry.block("A2"))  # a flat 4 MP with engineers in the hex


def test_stacking_limits_the_end_of_a_move() -> None:
    six = {f"C{i}": ("red-mech", "0604") for i in range(1, 7)}
    state = position({**six, "A1": ("red-mech", "0504")}, phase="red-move")
    assert "0604" not in destinations(state, state.block("A1"))  # open ground holds six
    assert "0704" in destinations(state, state.block("A1"))  # passing through is allowed


def test_no_entering_enemy_hexes_and_reserves_enter_at_the_west_road() -> None:
    state = position({"B3": ("mech", "0204")}, phase="red-move")
    reach = destinations(state, state.block("A1"))
    assert "0204" not in reach and "0105" in reach


def test_supply_is_cut_by_an_unnegated_zone_of_control() -> None:
    # 0101 is off the road; its two neighbours lie in the militia's zone.
    cut = position({"A1": ("red-mech", "0101"), "G2": ("militia", "0202")})
    assert "0101" not in supplied_hexes(cut, "red")
    negated = position({"A1": ("red-mech", "0101"), "C1": ("red-mech", "0201"), "G2": ("militia", "0202")})
    assert "0101" in supplied_hexes(negated, "red")  # a friend in 0201 cancels the zone there
    scout = position({"A1": ("red-mech", "0101"), "G2": ("recce", "0202")})
    assert "0101" in supplied_hexes(scout, "red")  # a recce's zone is its own hex only


def test_the_road_home_is_cut_by_enemy_units_on_it_not_by_zones() -> None:
    beside = position({"A1": ("red-mech", "0304"), "G2": ("militia", "0205")})
    assert "0304" in supplied_hexes(beside, "red")  # the militia's zone touches the road, not the path
    # Across the river the only ways home are the bridges: an enemy on the one, the other
    # last crossed by the enemy, and the road is cut.
    astride = position(
        {"A1": ("red-mech", "1005"), "G2": ("militia", "0905")}, bridges=(("0905-1005", "red"), ("0908-1007", "blue"))
    )
    assert "1005" not in supplied_hexes(astride, "red")


def test_a_bridge_last_crossed_by_the_enemy_cuts_supply() -> None:
    held = position({"A1": ("red-mech", "1003")}, bridges=(("0905-1005", "blue"), ("0908-1007", "blue")))
    assert "1003" not in supplied_hexes(held, "red")
    ours = attrs.evolve(held, bridges=(("0905-1005", "red"), ("0908-1007", "blue")))
    assert "1003" in supplied_hexes(ours, "red")


def test_out_of_supply_loses_cohesion_and_moves_at_half_rate() -> None:
    state = position(
        {"A1": ("red-mech", "1003")},
        phase="blue-attack",
        seat="GREEN",
        bridges=(("0905-1005", "blue"), ("0908-1007", "blue")),
    )
    after = flow.end_of_turn(state)
    unit = after.block("A1")
    assert unit.loss == 1 and unit.halved and not unit.supplied
    assert len(destinations(after, unit)) < len(destinations(state, state.block("A1")))


def test_contact_reveals_both_sides_and_hides_again_after_contact() -> None:
    state = position({"A1": ("red-mech", "0504"), "B3": ("mech", "0806")}, phase="red-move")
    state = RULES.apply(RULES.apply(state, Select("RED134", "A1")), MoveTo("RED134", "A1", "0805"))
    assert state.block("A1").revealed and state.block("B3").revealed
    assert RULES.view(state, "RED134").block("B3").kind == "mech"
    moved = attrs.evolve(state, blocks=tuple(attrs.evolve(b, hex="1209") if b.id == "B3" else b for b in state.blocks))
    hidden = flow.end_of_turn(moved)
    assert not hidden.block("A1").revealed and not hidden.block("B3").revealed


def test_recce_detects_a_block_two_hexes_away() -> None:
    state = position({"A1": ("recce", "0504"), "B3": ("mech", "0806")}, phase="red-move")
    state = RULES.apply(RULES.apply(state, Select("RED134", "A1")), MoveTo("RED134", "A1", "0605"))
    assert state.detecting == "A1" and Detect("RED134", "A1", "B3") in RULES.legal(state)
    assert RULES.view(state, "BLUE").detecting == ""  # the offer would show the enemy a recce
    seen = RULES.apply(state, Detect("RED134", "A1", "B3"))
    assert RULES.view(seen, "RED134").block("B3").kind == "mech"
    assert RULES.reveals(state, seen)


def test_a_recces_move_looks_like_any_other_to_the_enemy() -> None:
    # The chance to look joins the seat's ordinary decision (same kind, same prompt), and
    # a seat that has moved ends its moves itself: after a recce's last move and after a
    # mech's, the enemy sees the same decision pending (R-H20).
    def last_move(kind: str):
        state = position({"A1": (kind, "0504"), "B3": ("mech", "0806")}, phase="red-move")
        others = [b for b in state.blocks if b.seat == "RED134" and b.id != "A1"]
        state = attrs.evolve(
            state, blocks=tuple(attrs.evolve(b, moved=True) if b in others else b for b in state.blocks)
        )
        return RULES.apply(RULES.apply(state, Select("RED134", "A1")), MoveTo("RED134", "A1", "0605"))

    recce, mech = last_move("recce"), last_move("red-mech")
    assert RULES.pending(recce) == RULES.pending(mech)
    assert (recce.phase, recce.seat) == (mech.phase, mech.seat) == ("red-move", "RED134")
    assert Detect("RED134", "A1", "B3") in RULES.legal(recce) and Done("RED134") in RULES.legal(mech)
    assert RULES.apply(recce, Done("RED134")).phase == RULES.apply(mech, Done("RED134")).phase


def test_views_hide_the_enemy_block_types_only() -> None:
    state = position({"A1": ("red-mech", "0504"), "B3": ("mech", "1105")})
    red = RULES.view(state, "RED218")
    assert red.block("B3").kind == "" and red.block("A1").kind == "red-mech"  # the ally's block is known
    assert RULES.view(state, "GREEN").block("B3").kind == "mech"
    varied = RULES.vary_secrets(state, "RED218", 1)
    assert varied != state and RULES.view(varied, "RED218") == red


def test_the_turn_runs_red_attack_red_move_blue_move_blue_attack() -> None:
    state = RULES.setup(3, {"turns": 2})
    while RULES.pending(state).kind == "deploy":
        state = RULES.apply(state, RULES.legal(state)[0])
    assert state.phase == "red-move"  # Red's attack step had nothing to attack
    while state.turn == 1:
        state = RULES.apply(state, Done(state.seat))
    # Steps with nothing to decide pass by themselves, but each leaves its line in the log.
    steps = [line.text.split(": ", 1)[1] for line in state.log if line.text.startswith("Turn 1: ")]
    assert steps == [
        "Red attacks",
        "Red moves",
        "Blue moves",
        "Blue attacks",
        "contact lost blocks hide again; supply traced",
        "supply and reinforcement",
    ]


def test_reinforcement_mends_units_in_supply() -> None:
    state = hurt(position({"B3": ("mech", "1105")}, phase="reinforce", seat="BLUE", rp=2), "B3", 2)
    options = RULES.legal(state)
    assert [o.unit for o in options if hasattr(o, "unit")] == ["B3"]
    after = RULES.apply(RULES.apply(state, options[0]), RULES.legal(RULES.apply(state, options[0]))[0])
    assert after.block("B3").loss == 0


def test_deployment_keeps_to_the_scenario_hexes() -> None:
    state = RULES.setup(5, {})
    assert isinstance(RULES.legal(state)[0], Deploy)
    state = RULES.apply(state, RULES.legal(state)[0])
    placed = [b for b in state.blocks if b.on_map]
    assert len(placed) == 1 and placed[0].hex == "0704" and placed[0].seat == "GREEN"
    assert RULES.view(state, "RED134").block(placed[0].id).kind == ""


def test_red_may_leave_by_an_east_edge_road_hex_with_half_a_point_left() -> None:
    state = position({"A1": ("red-mech", "1503")}, phase="red-move")
    assert "exit" in destinations(state, state.block("A1"))
    far = position({"A1": ("red-mech", "0504")}, phase="red-move")
    assert "exit" not in destinations(far, far.block("A1"))
    state = RULES.apply(RULES.apply(state, Select("RED134", "A1")), MoveTo("RED134", "A1", "exit"))
    assert state.block("A1").status == "exited" and state.block("A1").revealed
