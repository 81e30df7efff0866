"""The order checker's fleet, aircraft and permission parts (seed 002 L221-L251, L275,
L301-L318, L342-L351, L113; readings in rules/grand-game/orders.md)."""

from __future__ import annotations

from hedgemony_tui.games.grand_game.engine import map as M
from hedgemony_tui.games.grand_game.engine.board import Stack, starting_board
from hedgemony_tui.games.grand_game.engine.orders import (
    CANAL,
    ENGAGE,
    HIDE,
    PRESENCE,
    RAIL,
    AirOrder,
    AirTask,
    Cargo,
    FleetOrder,
    OrderSheet,
    Permission,
)
from hedgemony_tui.games.grand_game.engine.orders_check import check_orders

m = M.the_map()
K = "kesterland"
BOARD = starting_board(m).with_stacks(
    [
        ("havel", K, Stack(infantry=3, light=1, heavy=1, supplies=8)),
        ("narrows", K, Stack(light=2, heavy=1, infantry=1, armor=1, supplies=3, aircraft=1)),
        ("wendt", K, Stack(infantry=2, supplies=2)),
        ("kester", K, Stack(aircraft=3)),
        ("lusk", "lusk", Stack(light=1)),
    ]
)
AT_SEA = FleetOrder("narrows", light=2, heavy=1, carry=Cargo(1, 1, 3))
IN_PORT = FleetOrder("havel", light=1, heavy=1)
PARKED = AirOrder("kester", 3)  # stays as non-participants
ON_DECK = AirOrder("narrows", 1)


def check(*fleets: FleetOrder, air: tuple[AirOrder, ...] = (PARKED, ON_DECK), **more: object) -> list[str]:
    sheet = OrderSheet(K, fleets=fleets, air=air, **more)  # type: ignore[arg-type]
    return check_orders(m, BOARD, K, sheet)


def test_a_sound_fleet_sheet() -> None:
    assert check(AT_SEA, IN_PORT) == []


def test_every_fleet_must_have_an_order() -> None:
    """L312: a correct sheet says of every fleet whether it stays or where it goes."""
    out = check(FleetOrder("narrows", light=1, heavy=1, carry=Cargo(1, 1, 3)), IN_PORT)
    assert "1 light fleets in Narrows have no order: every fleet stays or moves (L312)" in out
    out = check(FleetOrder("narrows", light=3, heavy=1, carry=Cargo(1, 1, 3)), IN_PORT)
    assert "Narrows has 2 light fleets; the sheet orders 3" in out


def test_leaving_a_port_is_the_seasons_move() -> None:
    """L312: sailing out of a port uses the one move, so a fleet in Havel reaches only the
    sea beside it; sailing into a port is a move too, so only from the sea beside it."""
    out = check(AT_SEA, FleetOrder("havel", light=1, heavy=1, to="greywater"))
    assert any("leaving the port takes the season's move (L312), so it can sail only to Narrows" in p for p in out)
    assert check(AT_SEA, FleetOrder("havel", light=1, heavy=1, to="narrows")) == []
    into_port = FleetOrder("narrows", light=2, carry=Cargo(1, 1, 3), to="havel")
    assert check(into_port, FleetOrder("narrows", heavy=1), IN_PORT) == []
    # The heavy fleet's aircraft cannot stay at sea once its heavy fleet sails home (L275).
    alone = check(FleetOrder("narrows", light=2, heavy=1, carry=Cargo(1, 1, 3), to="havel"), IN_PORT)
    assert "Narrows: 1 aircraft may be based there but your heavy fleets there hold 0 (L275)" in alone


def test_one_sea_territory_a_season_and_no_sailing_into_anothers_port() -> None:
    out = check(FleetOrder("narrows", light=2, heavy=1, carry=Cargo(1, 1, 3), to="westdeep"), IN_PORT)
    assert any("Westdeep is not next to Narrows; a fleet sails one sea territory a season (L312)" in p for p in out)
    out = check(FleetOrder("narrows", light=2, heavy=1, carry=Cargo(1, 1, 3), to="fenwy"), IN_PORT)
    assert any("Fenwy is not a port on Narrows" in p for p in out)


def test_attacking_a_hostile_port() -> None:
    """L315: a fleet may strike a hostile port from the sea beside it, but not its own port,
    and the strike is its move for the season."""
    board = BOARD.with_stacks([("greywater", K, Stack(light=1))])
    ok = OrderSheet(
        K,
        fleets=(AT_SEA, IN_PORT, FleetOrder("greywater", light=1, order=ENGAGE, attack_port="lusk")),
        air=(PARKED, ON_DECK),
    )
    assert check_orders(m, board, K, ok) == []
    both = FleetOrder("greywater", light=1, attack_port="lusk", to="narrows")
    out = check_orders(m, board, K, OrderSheet(K, fleets=(AT_SEA, IN_PORT, both), air=(PARKED, ON_DECK)))
    assert any("it cannot also sail to Narrows" in p for p in out)
    own = FleetOrder("narrows", light=2, heavy=1, carry=Cargo(1, 1, 3), attack_port="havel")
    assert any("Havel is your own port; only a hostile port can be attacked (L315)" in p for p in check(own, IN_PORT))


def test_attack_shipping_names_a_zone_on_that_sea() -> None:
    """L318: the raider names in advance the one economic zone on its sea it will damage."""
    ok = FleetOrder("narrows", light=2, heavy=1, carry=Cargo(1, 1, 3), order=HIDE, shipping="lowlands")
    assert check(ok, IN_PORT) == []
    far = FleetOrder("narrows", light=2, heavy=1, carry=Cargo(1, 1, 3), shipping="pellia")
    assert any("Pellian Coast has no coast on Narrows" in p for p in check(far, IN_PORT))
    own = FleetOrder("narrows", light=2, heavy=1, carry=Cargo(1, 1, 3), shipping="canal-lands")
    assert any("Canal Lands is all yours" in p for p in check(own, IN_PORT))


def test_capacity_of_light_and_heavy_fleets() -> None:
    """L275: a light fleet takes two land units and six supplies; a heavy one six supplies."""
    over = FleetOrder("havel", light=1, heavy=1, load_from="havel", load=Cargo(infantry=3))
    assert any(
        "1 light fleet can carry at most 2 land units (L275); the sheet has 3 aboard" in p for p in check(AT_SEA, over)
    )
    heavy = FleetOrder("havel", light=1, heavy=1, load_from="havel", load=Cargo(supplies=8, infantry=2))
    assert check(AT_SEA, heavy) == []  # 8 supplies fit in 6 + 6
    board = BOARD.with_stacks([("havel", K, Stack(infantry=3, light=1, heavy=1, supplies=13))])
    full = FleetOrder("havel", light=1, heavy=1, load_from="havel", load=Cargo(supplies=13))
    out = check_orders(m, board, K, OrderSheet(K, fleets=(AT_SEA, full), air=(PARKED, ON_DECK)))
    assert any("room for 12 supplies (L275); the sheet has 13 aboard" in p for p in out)


def test_loading_in_a_port_is_free_but_across_a_coast_takes_the_season() -> None:
    """L348: in a port a fleet loads and sails in one season; on an open coast loading takes
    the fleet's whole season, and the units must be there already."""
    in_port = FleetOrder("havel", light=1, heavy=1, load_from="havel", load=Cargo(infantry=2), to="narrows")
    assert check(AT_SEA, in_port) == []
    coast = FleetOrder("narrows", light=2, heavy=1, carry=Cargo(1, 1, 3), load_from="wendt", load=Cargo(infantry=2))
    assert check(coast, IN_PORT) == []
    sails = attrs_evolve(coast, to="greywater")
    assert any("loading across a coast takes the fleet's whole season (L348)" in p for p in check(sails, IN_PORT))
    much = attrs_evolve(coast, load=Cargo(infantry=1, supplies=3))
    assert "Wendt has 2 supplies; the sheet moves 3" in check(much, IN_PORT)


def test_unloading_in_a_port_or_across_the_coast_where_the_fleet_waits() -> None:
    """L348: units go ashore free in a port the fleet sails into; across an open coast only
    from a fleet already beside it, taking the season; never both load and unload on a coast."""
    port = FleetOrder("narrows", light=2, carry=Cargo(1, 1, 3), to="havel", unload_to="havel", unload=Cargo(1, 1, 3))
    assert check(port, FleetOrder("narrows", heavy=1), IN_PORT) == []
    beach = FleetOrder("narrows", light=2, heavy=1, carry=Cargo(1, 1, 3), unload_to="fenwy", unload=Cargo(1, 1, 0))
    assert check(beach, IN_PORT) == []
    moving = attrs_evolve(beach, to="greywater")
    assert any("units go ashore in a port the fleet sails into" in p for p in check(moving, IN_PORT))
    too_many = attrs_evolve(beach, unload=Cargo(2, 1, 0))
    assert any("it puts 2 infantry ashore but has 1 aboard" in p for p in check(too_many, IN_PORT))
    both = attrs_evolve(beach, load_from="wendt", load=Cargo(supplies=1))
    assert any(
        "loading and unloading across a coast each take the whole season (L348)" in p for p in check(both, IN_PORT)
    )


def test_units_aboard_must_ride_a_named_fleet() -> None:
    lost = FleetOrder("narrows", light=2, heavy=1, carry=Cargo(1, 0, 3))
    assert "Narrows: 1 armor aboard are on no fleet's order; say which fleet carries them" in check(lost, IN_PORT)


def test_aircraft_fight_over_their_zone_or_a_neighbour_and_land_near_it() -> None:
    """L221: from a base in one air zone an aircraft fights over that zone or one beside it,
    then lands in the zone it fought over or one beside that. L224: one landing place per
    aircraft, in priority order. L245: landing where you no longer hold loses the aircraft."""
    good = AirOrder("kester", 3, "northwest", ("kester", "wendt", "havel"))
    assert check(AT_SEA, IN_PORT, air=(good, ON_DECK)) == []
    far = AirOrder("kester", 3, "west", ("kester", "kester", "kester"))
    assert check(AT_SEA, IN_PORT, air=(far, ON_DECK)) == []  # Centre borders West
    wrong = AirOrder("narrows", 1, "northeast", ("narrows",))
    assert any(
        "fight over Northwest or a zone next to it (L221), not Northeast" in p
        for p in check(AT_SEA, IN_PORT, air=(PARKED, wrong))
    )
    short = AirOrder("kester", 3, "centre", ("kester",))
    assert any(
        "need 3 landing place(s), one each in priority order (L224)" in p
        for p in check(AT_SEA, IN_PORT, air=(short, ON_DECK))
    )
    beyond = AirOrder("kester", 3, "west", ("kester", "kester", "amsel"))
    assert any("Amsel is not in West or a zone next to it" in p for p in check(AT_SEA, IN_PORT, air=(beyond, ON_DECK)))
    foreign = AirOrder("kester", 3, "centre", ("kester", "kester", "holt"))
    assert any("Holt is not yours" in p for p in check(AT_SEA, IN_PORT, air=(foreign, ON_DECK)))


def test_every_aircraft_needs_an_order_even_to_stay() -> None:
    """L245: an aircraft left out of the fight needs an order saying so."""
    out = check(AT_SEA, IN_PORT, air=(ON_DECK,))
    assert any("3 aircraft in Kester have no order" in p and "(L245)" in p for p in out)
    stay_landing = AirOrder("kester", 3, None, ("kester", "kester", "kester"))
    assert any("need no landing places (L245)" in p for p in check(AT_SEA, IN_PORT, air=(stay_landing, ON_DECK)))


def test_aircraft_at_sea_need_heavy_fleets_to_sit_on() -> None:
    """L275: a heavy fleet bases one aircraft; a sea landing needs room on the heavies left there."""
    to_sea = AirOrder("kester", 3, "centre", ("narrows", "kester", "kester"))
    out = check(AT_SEA, IN_PORT, air=(to_sea, ON_DECK))
    assert any("Narrows: 2 aircraft may be based there but your heavy fleets there hold 1 (L275)" in p for p in out)


def test_air_superiority_tasks() -> None:
    """L251: each point of superiority bombs a named economic zone under the air zone, or
    serves as tactical air; air power alone may attack a sea territory of the zone."""
    fly = AirOrder("kester", 3, "northwest", ("kester", "kester", "kester"))
    ok = AirTask("northwest", bombing=("lowlands",), sea_target="greywater")
    assert check(AT_SEA, IN_PORT, air=(fly, ON_DECK), air_tasks=(ok,)) == []
    bad = AirTask("northwest", bombing=("pellia", "canal-lands"), sea_target="amber")
    out = check(AT_SEA, IN_PORT, air=(fly, ON_DECK), air_tasks=(bad,))
    assert any("Pellian Coast lies outside this air zone" in p for p in out)
    assert any("air power alone attacks a sea territory of this zone (L251); Amber Sea is not one" in p for p in out)
    idle = check(AT_SEA, IN_PORT, air_tasks=(AirTask("south"),))
    assert any("no aircraft of yours fights over South" in p for p in idle)


def test_permissions_are_given_over_your_own_land_to_another_seat() -> None:
    """G-R3 (L342, L351, L113): leave is written for another seat, over the writer's own
    territories (rail ones for rail, canal banks for the canal), for one unit or more."""
    good = (
        Permission("lusk", RAIL, ("wendt", "brack"), units=3),
        Permission("arvenne", PRESENCE, ("wendt",)),
        Permission("drovnia", CANAL),
    )
    assert check(AT_SEA, IN_PORT, permissions=good) == []
    bad = (
        Permission(K, RAIL),
        Permission("lusk", RAIL, ("holt",)),
        Permission("lusk", RAIL, ("skarn",)),
        Permission("lusk", PRESENCE, units=0),
        Permission("lusk", "free passage"),
    )
    out = check(AT_SEA, IN_PORT, permissions=bad)
    assert "a permission is written for another seat, not for yourself" in out
    assert "you may give leave only over your own territories; Holt is not yours" in out
    assert "the rail permission names Skarn, which has no railway" in out
    assert any("must allow at least one unit" in p for p in out)
    assert any("'free passage' is not a permission" in p for p in out)
    lusk_canal = OrderSheet("lusk", permissions=(Permission(K, CANAL),), fleets=(FleetOrder("lusk", light=1),))
    assert any("you hold no canal bank" in p for p in check_orders(m, BOARD, "lusk", lusk_canal))


def attrs_evolve(order: FleetOrder, **changes: object) -> FleetOrder:
    import attrs

    return attrs.evolve(order, **changes)  # type: ignore[arg-type]


def test_loading_units_that_are_not_there() -> None:
    """L348: a fleet loads only units already beside it; the count says what is there."""
    empty = FleetOrder("narrows", light=2, heavy=1, carry=Cargo(1, 1, 3), load_from="fenwy", load=Cargo(infantry=1))
    assert "Fenwy has 0 infantry; the sheet moves 1" in check(empty, IN_PORT)
