"""Carrying out the season's orders: rail first with its permissions, then steps, landings and
sailing, and what meets where (seed 002 L312-L351; readings in rules/grand-game/orders.md)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from hedgemony_tui.games.grand_game.engine import map as M
from hedgemony_tui.games.grand_game.engine.board import Stack, starting_board
from hedgemony_tui.games.grand_game.engine.movement import (
    ATTACKER,
    BY_RAIL,
    BY_SEA,
    DEFENDER,
    SHORE,
    rail_moves,
    season_moves,
)
from hedgemony_tui.games.grand_game.engine.orders import (
    CANAL,
    ENGAGE,
    HOLD,
    PRESENCE,
    RAIL,
    SCOUT,
    AirOrder,
    AirTask,
    Cargo,
    FleetOrder,
    LandMove,
    LandOrders,
    OrderSheet,
    Permission,
)
from hedgemony_tui.games.grand_game.engine.orders_check import check_orders

m = M.the_map()
K, L, A = "kesterland", "lusk", "arvenne"
BOARD = starting_board(m).with_stacks(
    [
        ("lusk", L, Stack(infantry=4, armor=1, supplies=4, aircraft=1, light=1)),
        ("holt", L, Stack(infantry=2)),
        ("wendt", K, Stack(infantry=2, armor=1, supplies=2)),
        ("brack", K, Stack(infantry=1)),
        ("morlay", A, Stack(infantry=2)),
        ("narrows", K, Stack(light=1, infantry=1, armor=1)),
        ("havel", K, Stack(light=1, heavy=1)),
        ("greywater", K, Stack(light=1)),
    ]
)
TO_BRACK = ("dykmar", "holt", "wendt", "brack")


def rail(units: int, to: str = "brack", route: tuple[str, ...] = TO_BRACK) -> LandMove:
    return LandMove(to, infantry=units, rail=route)


def lusk_sheet(*moves: LandMove, permissions: tuple[Permission, ...] = ()) -> OrderSheet:
    return OrderSheet(L, land=(LandOrders("lusk", moves=moves),), permissions=permissions)


def test_rail_without_permission_stops_at_the_last_own_territory() -> None:
    """L336/L342: with no leave over Kesterland's line, a train from Lusk ends at Holt."""
    (trip,) = rail_moves(m, BOARD, [lusk_sheet(rail(2))])
    assert (trip.stop, trip.arrived) == ("holt", False)
    assert trip.reason == "Wendt is not yours and no permission covers it: the move stops at Holt"


def test_a_rail_permission_must_take_the_whole_order() -> None:
    """L342: leave for three units lets an order of two through, but an order of four stops,
    all of it, at the last territory the mover holds."""
    leave = OrderSheet(K, permissions=(Permission(L, RAIL, ("wendt", "brack"), units=3),))
    (two,) = rail_moves(m, BOARD, [lusk_sheet(rail(2)), leave])
    assert (two.stop, two.arrived) == ("brack", True)
    (four,) = rail_moves(m, BOARD, [lusk_sheet(rail(4)), leave])
    assert four.stop == "holt"
    assert four.reason == "the permission over Wendt does not allow 4 units: the move stops at Holt"


def test_a_unit_limit_is_for_the_whole_season() -> None:
    """Reading (orders.md): a limit of three units is spent by the moves that use it, in
    sheet order: 2 then 2 more is four, so the second train stops."""
    leave = OrderSheet(K, permissions=(Permission(L, RAIL, units=3),))
    first, second = rail_moves(m, BOARD, [lusk_sheet(rail(2), rail(2)), leave])
    assert first.arrived and not second.arrived and second.stop == "holt"


def test_permission_applies_to_movement_not_to_the_order() -> None:
    """L342: with leave to ride to Brack, the units may attack Brack on arrival; they are not
    its defenders unless the holder also lets them stand there (L351)."""
    leave = OrderSheet(K, permissions=(Permission(L, RAIL),))
    moves = season_moves(m, BOARD, [lusk_sheet(rail(2)), leave])
    (brack,) = [meet for meet in moves.combats if meet.territory == "brack"]
    assert [(f.seat, f.role, f.by) for f in brack.forces] == [(K, DEFENDER, "stay"), (L, ATTACKER, BY_RAIL)]


def test_rail_moves_go_before_the_line_is_cut() -> None:
    """L336: trains run before other moves, so an enemy stepping onto the line this season
    does not stop them; the attack on Dykmar still happens after."""
    arvenne = OrderSheet(A, land=(LandOrders("morlay", moves=(LandMove("dykmar", infantry=2),)),))
    moves = season_moves(m, BOARD, [lusk_sheet(rail(2, to="holt", route=("dykmar", "holt"))), arvenne])
    (trip,) = moves.rail
    assert trip.arrived and trip.stop == "holt"
    (dykmar,) = [meet for meet in moves.land if meet.territory == "dykmar"]
    assert [(f.seat, f.role) for f in dykmar.forces] == [(A, ATTACKER)]
    assert not dykmar.contested  # no one defends it: an entry the resolver grants


def test_aircraft_by_rail_arrive_crated() -> None:
    """L345: aircraft sent by train arrive packed and do not fight that season."""
    move = LandMove("holt", infantry=1, aircraft=1, rail=("dykmar", "holt"))
    (trip,) = rail_moves(m, BOARD, [lusk_sheet(move)])
    assert trip.arrived and trip.move.aircraft == 1
    moves = season_moves(
        m, BOARD, [lusk_sheet(move), OrderSheet(K, land=(LandOrders("wendt", moves=(LandMove("holt", infantry=2),)),))]
    )
    (holt,) = moves.combats
    crated = [f for f in holt.forces if f.by == BY_RAIL]
    assert crated[0].aircraft == 1 and crated[0].role == DEFENDER


def test_who_attacks_and_who_defends_with_crossings() -> None:
    """L327/L351: Kesterland attacks Holt over the Rhune and lands at Fenwy over the shore;
    Lusk defends Holt with the stayers' order and its fresh arrivals."""
    kest = OrderSheet(
        K,
        land=(LandOrders("wendt", moves=(LandMove("holt", SCOUT, infantry=2, armor=1, supplies=2, retreat="wendt"),)),),
        fleets=(
            FleetOrder("narrows", light=1, carry=Cargo(1, 1), unload_to="fenwy", unload=Cargo(1, 1)),
            FleetOrder("havel", light=1, heavy=1),
            FleetOrder("greywater", light=1),
        ),
    )
    lusk = OrderSheet(L, land=(LandOrders("holt", HOLD),))
    moves = season_moves(m, BOARD, [kest, lusk])
    holt = next(meet for meet in moves.combats if meet.territory == "holt")
    assert [(f.seat, f.role, f.order, f.crossing) for f in holt.forces] == [
        (L, DEFENDER, HOLD, None),
        (K, ATTACKER, SCOUT, M.RIVER),
    ]
    assert holt.attackers[0].retreat == "wendt" and holt.attackers[0].supplies == 2
    fenwy = next(meet for meet in moves.land if meet.territory == "fenwy")
    assert [(f.seat, f.by, f.crossing, f.came_from) for f in fenwy.forces] == [(K, BY_SEA, SHORE, "narrows")]
    assert not fenwy.contested  # Lusk has no one in Fenwy


def test_a_defender_by_the_owners_written_leave() -> None:
    """L351: a seat on another's territory with its written leave defends it beside the
    holder; without it, it is one more attacker."""
    board = BOARD.with_stacks([("holt", A, Stack(infantry=1))])
    kest = OrderSheet(K, land=(LandOrders("wendt", moves=(LandMove("holt", infantry=2),)),))
    leave = OrderSheet(L, permissions=(Permission(A, PRESENCE, ("holt",)),))
    with_leave = season_moves(m, board, [kest, leave])
    holt = next(meet for meet in with_leave.combats if meet.territory == "holt")
    assert {(f.seat, f.role) for f in holt.forces} == {(L, DEFENDER), (A, DEFENDER), (K, ATTACKER)}
    without = season_moves(m, board, [kest, OrderSheet(L)])
    holt = next(meet for meet in without.combats if meet.territory == "holt")
    assert {(f.seat, f.role) for f in holt.forces} == {(L, DEFENDER), (A, ATTACKER), (K, ATTACKER)}
    assert holt.attacking_seats == (A, K)


def test_fleets_meet_at_sea_and_strike_ports() -> None:
    """L312/L315: fleets end in one sea territory each; a port attack is fought in the port
    against the holder's fleets there, and the attackers stay out of the sea meeting."""
    kest = OrderSheet(
        K,
        fleets=(
            FleetOrder("narrows", light=1, carry=Cargo(1, 1), to="greywater"),
            FleetOrder("havel", light=1, heavy=1, to="narrows"),
            FleetOrder("greywater", light=1, order=ENGAGE, attack_port="lusk"),
        ),
    )
    lusk = OrderSheet(L, fleets=(FleetOrder("lusk", light=1),))
    moves = season_moves(m, BOARD, [kest, lusk])
    assert [(s.sea, [(f.seat, f.came_from) for f in s.fleets]) for s in moves.seas] == [
        ("greywater", [(K, "narrows")]),
        ("narrows", [(K, "havel")]),
    ]
    (attack,) = moves.ports
    assert (attack.port, attack.from_sea, attack.owner) == ("lusk", "greywater", L)
    assert [(f.seat, f.light) for f in attack.defenders] == [(L, 1)]
    assert moves.seas[0].fleets[0].cargo == Cargo(1, 1)
    # A seat that hands in no sheet still has its fleets: they stay and defend their port.
    (attack,) = season_moves(m, BOARD, [kest]).ports
    assert [(f.seat, f.light, f.came_from) for f in attack.defenders] == [(L, 1, "lusk")]


def test_the_canal_opens_only_to_its_holder_or_by_its_leave() -> None:
    """L113: ships pass the canal for whoever holds it or has the holder's leave."""
    board = BOARD.with_stacks([("narrows", L, Stack(light=1))])
    lusk = OrderSheet(L, fleets=(FleetOrder("narrows", light=1, to="amber"),))
    shut = season_moves(m, board, [lusk])
    assert [s.sea for s in shut.seas if L in s.seats] == ["narrows"]
    assert shut.notes == ("lusk: the Skarn Canal is not open to it, so its fleet stays in Narrows (L113)",)
    leave = OrderSheet(K, permissions=(Permission(L, CANAL),))
    opened = season_moves(m, board, [lusk, leave])
    assert [s.sea for s in opened.seas if L in s.seats] == ["amber"]


def test_same_orders_same_result_whatever_their_order() -> None:
    """Movement is a pure function: shuffling the sheets changes nothing."""
    sheets = [
        lusk_sheet(rail(2), permissions=(Permission(A, PRESENCE),)),
        OrderSheet(
            K,
            land=(LandOrders("wendt", moves=(LandMove("holt", infantry=2),)),),
            permissions=(Permission(L, RAIL, units=3),),
        ),
        OrderSheet(A, land=(LandOrders("morlay", moves=(LandMove("dykmar", infantry=2),)),)),
    ]
    first = season_moves(m, BOARD, sheets)
    for seed in range(5):
        shuffled = sheets[:]
        random.Random(seed).shuffle(shuffled)
        assert season_moves(m, BOARD, shuffled) == first


PLACES = st.sampled_from(sorted(m.lands) + sorted(m.seas) + ["atlantis"])
COUNT = st.integers(-1, 5)
WORD = st.sampled_from(["advance", "scout", "hold", "screen", "patrol", "engage", "nonsense"])
CARGO = st.builds(Cargo, COUNT, COUNT, COUNT)
MOVES = st.builds(
    LandMove, PLACES, WORD, COUNT, COUNT, COUNT, COUNT, st.lists(PLACES, max_size=3).map(tuple), st.none() | PLACES
)
FLEETS = st.builds(
    FleetOrder,
    PLACES,
    COUNT,
    COUNT,
    WORD,
    st.none() | PLACES,
    st.none() | PLACES,
    st.none() | st.sampled_from(sorted(m.zones) + ["nowhere"]),
    CARGO,
    st.none() | PLACES,
    CARGO,
    st.none() | PLACES,
    CARGO,
)
SHEETS = st.builds(
    OrderSheet,
    st.sampled_from([K, L, A]),
    st.lists(
        st.builds(LandOrders, PLACES, WORD, st.none() | PLACES, st.lists(MOVES, max_size=2).map(tuple)), max_size=3
    ).map(tuple),
    st.lists(FLEETS, max_size=2).map(tuple),
    st.lists(
        st.builds(
            AirOrder,
            PLACES,
            COUNT,
            st.none() | st.sampled_from(sorted(m.air_zones) + ["sky"]),
            st.lists(PLACES, max_size=3).map(tuple),
        ),
        max_size=2,
    ).map(tuple),
    st.lists(
        st.builds(
            AirTask,
            st.sampled_from(sorted(m.air_zones) + ["sky"]),
            st.lists(st.sampled_from(sorted(m.zones)), max_size=2).map(tuple),
            st.none() | PLACES,
        ),
        max_size=1,
    ).map(tuple),
    st.lists(
        st.builds(
            Permission,
            st.sampled_from([K, L, A, "nobody"]),
            st.sampled_from([RAIL, PRESENCE, CANAL, "x"]),
            st.lists(PLACES, max_size=2).map(tuple),
            st.none() | COUNT,
        ),
        max_size=2,
    ).map(tuple),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(SHEETS, max_size=3))
def test_any_sheet_is_answered_in_words_never_a_crash(sheets: list[OrderSheet]) -> None:
    """Bad input gets sentences, never a traceback; movement copes with unchecked sheets."""
    for sheet in sheets:
        assert all(isinstance(p, str) and p for p in check_orders(m, BOARD, sheet.seat, sheet))
    season_moves(m, BOARD, {s.seat: s for s in sheets}.values())
