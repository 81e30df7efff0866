"""What the season's rules will ask of the Continent: rivers and the canal crossed, shores,
rail reach with and without permissions, neighbouring air zones, the canal's passage and
a zone's control (seed 002; choices in rules/grand-game/map.md)."""

from __future__ import annotations

from hedgemony_tui.games.grand_game.engine import map as M
from hedgemony_tui.games.grand_game.engine.map_data import FULL, NONE, PARTIAL

m = M.the_map()
OWNERS = M.starting_owners(m)


def held_by(country: str) -> set[str]:
    return {t for t, c in OWNERS.items() if c == country}


def test_rivers_and_the_canal_are_crossed_between_land_territories() -> None:
    """L111/L113/L327: an attack over a river draws one card per 10 of its points and one
    over a canal one per 12; a move between two banks reports which it crosses."""
    assert M.crossing(m, "holt", "wendt") == M.RIVER  # the Rhune on the Lusk-Kesterland border
    assert M.crossing(m, "wendt", "holt") == M.RIVER
    assert M.crossing(m, "drova", "ostry") == M.RIVER  # the Vessel in front of Drovnia's capital
    assert M.crossing(m, "skarn", "grell") == M.CANAL
    assert M.crosses_river(m, "grell", "skarn")
    assert M.crossing(m, "kester", "brack") is None
    assert not M.crosses_river(m, "lusk", "fenwy")


def test_every_land_sea_edge_is_a_shore() -> None:
    """L112/L327: a landing army crosses the shoreline (one card per 15 points); the seed
    marks no coast without one, so every land-sea edge is a shore, at a port too."""
    assert M.landing_crosses_shore(m, "narrows", "havel")  # a port
    assert M.landing_crosses_shore(m, "greywater", "dykmar")
    assert not M.landing_crosses_shore(m, "narrows", "kester")  # not on that sea
    assert not M.landing_crosses_shore(m, "holt", "wendt")  # not from a sea
    assert ("havel", "narrows") in M.shores(m)
    assert all(M.coastal(m, land) for land, _ in M.shores(m))


def test_neighbours_coasts_and_zones() -> None:
    assert set(M.land_neighbours(m, "kester")) == {"amsel", "brack", "brenn", "grell"}
    assert M.sea_neighbours(m, "kester") == ()
    assert set(M.sea_neighbours(m, "pella")) == {"calm-sea", "wine-sea"}
    assert M.coastal(m, "havel") and not M.coastal(m, "kester")
    assert M.air_zone_of(m, "kester") == "centre"
    assert M.air_zone_of(m, "amber") == "northeast"  # an air zone holds seas too (L102)
    assert M.zone_of(m, "vesne") == "lowlands"
    assert M.country_of(m, "vesne") == "arvenne"  # a national border across a zone (L93)
    assert set(M.ports_on(m, "narrows")) == {"havel"}


def test_aircraft_reach_the_zone_beside_their_own() -> None:
    """L221: an aircraft fights over its base's air zone or a neighbouring one."""
    assert M.adjacent_air_zones(m, "northwest") == {"centre", "west"}
    assert "northeast" not in M.adjacent_air_zones(m, "west")
    assert "northwest" not in M.adjacent_air_zones(m, "northwest")


def test_rail_reach_on_ones_own_lines() -> None:
    """L330: a unit that starts on a railroad may ride it any distance over territories
    it controls and stop anywhere on it; the Lusk border stops a Kesterland train."""
    reach = M.rail_reach(m, "kester", held_by("kesterland"))
    assert {"brack", "wendt", "amsel", "ostry", "grell", "havel", "hallen"} <= reach
    assert "holt" not in reach and "drova" not in reach  # held by Lusk and Drovnia
    assert "kester" not in reach  # the start is not a destination
    assert "skarn" not in reach  # not on any railroad


def test_a_written_permission_opens_another_players_rail() -> None:
    """L330/L342: with the holder's written leave the train may cross its territories."""
    usable = held_by("kesterland") | held_by("lusk")
    reach = M.rail_reach(m, "kester", usable)
    assert {"holt", "lusk", "dykmar", "marrin"} <= reach
    assert "morlay" not in reach and "arvel" not in reach  # Arvenne gave no leave


def test_rail_stops_at_the_last_usable_territory() -> None:
    """L336: from B, with D held by an enemy who refuses leave, a train goes no further
    than C; L342: an order the permission does not cover stops where the player's own
    territories end."""
    route = ("kester", "amsel", "ostry", "drova", "kurask")
    assert M.rail_stop(m, route, held_by("kesterland")) == "ostry"
    assert M.rail_stop(m, route, held_by("kesterland") | held_by("drovnia")) == "kurask"
    assert M.rail_stop(m, ("kester", "hallen"), held_by("kesterland")) == "kester"  # not one line apart


def test_no_rail_move_from_off_the_railroad() -> None:
    """L336: a unit not on a railroad must first move onto one during a season."""
    assert not M.on_railroad(m, "skarn")
    assert M.rail_reach(m, "skarn", set(m.lands)) == frozenset()


def test_the_canal_is_the_only_water_into_the_amber_sea() -> None:
    """L113: ships pass the canal from one sea to the other when their player holds it or
    has leave from its holder; here it is the only way into the Amber Sea."""
    assert "amber" not in M.sea_moves(m, "narrows")
    canal = m.canals[0]
    assert M.sea_moves(m, "narrows", {canal.name}) >= {"amber", "greywater"}
    assert M.canal_open(m, canal, "kesterland", OWNERS, leave=())
    assert not M.canal_open(m, canal, "drovnia", OWNERS, leave=())
    assert M.canal_open(m, canal, "drovnia", OWNERS, leave={"kesterland"})
    split = dict(OWNERS, skarn="drovnia")
    assert not M.canal_open(m, canal, "drovnia", split, leave=())  # one bank is not enough
    assert M.canal_open(m, canal, "drovnia", split, leave={"kesterland"})


def test_control_of_an_economic_zone() -> None:
    """L99: full control with every land territory of a zone, partial with at least 51%."""
    lowlands = m.zones["lowlands"].lands  # six territories, five of them Lusk's
    assert M.zone_control(m, "lowlands", "lusk", OWNERS) == PARTIAL
    assert M.zone_control(m, "lowlands", "arvenne", OWNERS) == NONE
    assert M.zone_control(m, "lowlands", "lusk", dict.fromkeys(lowlands, "lusk")) == FULL
    three = dict.fromkeys(lowlands[:3], "lusk")
    assert M.zone_control(m, "lowlands", "lusk", three) == NONE  # 50% is short of 51%
    four = dict.fromkeys(lowlands[:4], "lusk")
    assert M.zone_control(m, "lowlands", "lusk", four) == PARTIAL
    assert M.control_of(m, "amber-shore", OWNERS) == {"drovnia": PARTIAL, "kesterland": NONE}
