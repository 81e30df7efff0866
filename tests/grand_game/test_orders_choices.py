"""The legal choices the engine lists for screens and bots: each one, written on a sheet,
passes the checker (seed 002 L221, L312-L318, L330-L367)."""

from __future__ import annotations

from hedgemony_tui.games.grand_game.engine import map as M
from hedgemony_tui.games.grand_game.engine.board import Stack, starting_board
from hedgemony_tui.games.grand_game.engine.orders import (
    HOLD,
    OFFENSIVE,
    AirOrder,
    FleetOrder,
    LandMove,
    LandOrders,
    OrderSheet,
)
from hedgemony_tui.games.grand_game.engine.orders_check import check_orders
from hedgemony_tui.games.grand_game.engine.orders_choices import (
    air_choices,
    fleet_choices,
    land_choices,
    retreat_required,
    retreats_for,
    shipping_targets,
)

m = M.the_map()
K = "kesterland"
BOARD = starting_board(m).with_stacks(
    [
        ("brack", K, Stack(infantry=2, supplies=1)),
        ("havel", K, Stack(light=1)),
        ("narrows", K, Stack(light=1)),
        ("kester", K, Stack(aircraft=1)),
    ]
)
REST = (FleetOrder("havel", light=1), FleetOrder("narrows", light=1))
PARKED = (AirOrder("kester", 1),)


def ok(sheet: OrderSheet) -> bool:
    return check_orders(m, BOARD, K, sheet) == []


def test_every_listed_land_choice_is_legal() -> None:
    """L330: a step goes next door; a train rides the seat's own line from where it stands."""
    c = land_choices(m, BOARD, K, "brack")
    assert c.steps == ("hallen", "havel", "kester", "wendt")
    assert "amsel" in c.rail and "lusk" not in c.rail  # Lusk's line is not Kesterland's
    for stance in c.stances:
        for retreat in (None, *([] if stance == HOLD else c.retreats)):
            assert ok(OrderSheet(K, land=(LandOrders("brack", stance, retreat),), fleets=REST, air=PARKED))
    for to in c.steps:
        for order in c.attack_orders:
            retreats = retreats_for(m, BOARD, K, to, order)
            move = LandMove(to, order, infantry=1, retreat=retreats[0] if retreat_required(order) else None)
            assert ok(OrderSheet(K, land=(LandOrders("brack", moves=(move,)),), fleets=REST, air=PARKED)), (to, order)
    assert c.attack_orders == OFFENSIVE


def test_fleet_choices_in_port_and_at_sea() -> None:
    """L312: out of a port only to the sea beside it; at sea, a neighbouring sea (through the
    canal if the seat holds it) or one of its own ports; L315 hostile ports to strike."""
    port = fleet_choices(m, BOARD, K, "havel")
    assert port.destinations == ("narrows",)
    sea = fleet_choices(m, BOARD, K, "narrows")
    assert set(sea.destinations) == {"greywater", "amber", "havel"}
    assert sea.ports_to_attack == ()
    for to in sea.destinations:
        assert ok(OrderSheet(K, fleets=(REST[0], FleetOrder("narrows", light=1, to=to)), air=PARKED)), to
    grey = fleet_choices(m, BOARD, K, "greywater")
    assert grey.ports_to_attack == ("lusk",)
    assert "lowlands" in shipping_targets(m, BOARD, K, "narrows")
    assert "canal-lands" not in shipping_targets(m, BOARD, K, "narrows")


def test_air_choices_reach_a_zone_and_land_beyond_it() -> None:
    """L221: fight over the base's zone or a neighbour; land in that zone or a neighbour."""
    c = air_choices(m, BOARD, K, "kester")
    assert c.zones == ("centre", "northeast", "northwest", "south", "southeast", "west")
    for zone in c.zones:
        for spot in c.landings[zone]:
            if spot in m.seas:
                continue  # a sea landing needs a heavy fleet there (checked with the fleets)
            assert ok(OrderSheet(K, fleets=REST, air=(AirOrder("kester", 1, zone, (spot,)),))), (zone, spot)
