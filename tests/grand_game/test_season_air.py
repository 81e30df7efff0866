"""The season's air phase over a whole board (``engine/season_air.py``): battles per air zone,
superiority and its written split, bombing, and the late step's flak, landings and set-asides
(seed L144, L221-L263, L275). Boards are set up small on the real map; every die is keyed."""

from __future__ import annotations

from collections.abc import Mapping

from hedgemony_tui.games.grand_game.engine.board import Board, Stack, starting_board
from hedgemony_tui.games.grand_game.engine.economy import Economy
from hedgemony_tui.games.grand_game.engine.map import the_map
from hedgemony_tui.games.grand_game.engine.orders import AirOrder, AirTask, OrderSheet
from hedgemony_tui.games.grand_game.engine.season_air import AirSeason, late_air, resolve_air
from hedgemony_tui.table.dice import Rng

M = the_map()
TURN = 10  # a season serial (year * 3 + season index)


def board(**stacks: dict[str, int]) -> Board:
    """The starting owners with the given stacks, written ``place__seat={...}``."""
    rows = []
    for key, counts in stacks.items():
        place, seat = key.split("__")
        rows.append((place, seat, Stack(**counts)))
    return starting_board(M).with_stacks(rows)


def economy() -> Economy:
    return Economy({z.id: z.value for z in M.zones.values()})


def sheets(*given: OrderSheet) -> dict[str, OrderSheet]:
    return {s.seat: s for s in given}


def air(b: Board, s: Mapping[str, OrderSheet], seed: int = 1, turn: int = TURN) -> AirSeason:
    result, _ = resolve_air(M, b, s, economy(), turn, "spring", False, Rng(seed))
    return result


def fly(seat: str, place: str, count: int, zone: str, *landings: str, tasks: tuple[AirTask, ...] = ()) -> OrderSheet:
    return OrderSheet(seat, air=(AirOrder(place, count, zone, landings or (place,) * count),), air_tasks=tasks)


def test_one_air_battle_per_zone_flown_and_a_lone_side_holds_the_air() -> None:
    # L248: the side left with more aircraft holds superiority equal to how many more it has;
    # a side alone over a zone therefore has all its aircraft as superiority.
    b = board(holt__lusk={"aircraft": 3}, arvel__arvenne={"aircraft": 2})
    s = sheets(fly("lusk", "holt", 3, "northwest"), fly("arvenne", "arvel", 2, "west"))
    result = air(b, s)
    assert [battle.zone for battle in result.battles] == ["northwest", "west"]
    assert result.superiority == {"northwest": ("lusk", 3), "west": ("arvenne", 2)}
    assert result.flying == {("holt", "lusk"): 3, ("arvel", "arvenne"): 2}
    # L251: with no written split, every point is tactical air for the zone's combats.
    assert result.tactical == {("northwest", "lusk"): 3, ("west", "arvenne"): 2}


def test_superiority_is_the_excess_of_survivors_and_a_tie_gives_none() -> None:
    # L248: count the remaining aircraft; the side with more holds superiority by the
    # difference; "In the event of a tie, neither side has air superiority".
    b = board(holt__lusk={"aircraft": 3}, vesne__arvenne={"aircraft": 3})
    s = sheets(fly("lusk", "holt", 3, "northwest"), fly("arvenne", "vesne", 3, "northwest"))
    ties = 0
    for seed in range(1, 40):
        result = air(b, s, seed)
        battle = result.battles[0]
        left = battle.survivors
        if left["lusk"] == left["arvenne"]:
            ties += 1
            assert "northwest" not in result.superiority and not result.tactical
        else:
            winner = max(left, key=lambda side: left[side])
            assert result.superiority["northwest"] == (winner, abs(left["lusk"] - left["arvenne"]))
    assert ties > 0


def test_the_written_split_sends_points_to_bombing_in_order_and_the_rest_to_tactical() -> None:
    # L251: superiority is split before it is known between strategic bombing (one economic
    # zone per point) and tactical air power; L254: one d6 per bombing point, 4 -> 1, 5 -> 2,
    # 6 -> 3 damage, and the damage is done to the economy.
    b = board(holt__lusk={"aircraft": 3})
    task = AirTask("west", bombing=("morlay-coast", "arvel-basin"))
    result = air(b, sheets(fly("lusk", "holt", 3, "west", tasks=(task,))))
    (split,) = result.splits
    assert split.bombing == (("morlay-coast", 1), ("arvel-basin", 1)) and split.tactical == 1
    assert result.tactical == {("west", "lusk"): 1}
    (bombed,) = result.bombings
    assert len(bombed.dice) == 2
    faces = {die.target: die.face for die in bombed.dice}
    expected = {z: {4: 1, 5: 2, 6: 3}.get(face, 0) for z, face in faces.items()}
    assert {z: result.economy.damage_on(z) for z in faces} == expected
    assert sum(r.taken for r in result.damage) == sum(expected.values())
    # The record names the zones bombed (a tester read the id "pellia" as the country).
    text = "\n".join(result.lines)
    assert "bombing 1 on Morlay Coast, 1 on Arvel Basin" in text and "Arvel Basin: rolled" in text
    assert "morlay-coast" not in text and "arvel-basin" not in text


def test_no_superiority_no_bombing() -> None:
    # L254: without air superiority over the zone there is no strategic bombing.
    b = board(holt__lusk={"aircraft": 1}, arvel__arvenne={"aircraft": 4})
    task = AirTask("west", bombing=("arvel-basin",))
    s = sheets(fly("lusk", "holt", 1, "west", tasks=(task,)), fly("arvenne", "arvel", 4, "west"))
    for seed in range(1, 15):
        result = air(b, s, seed)
        if result.superiority.get("west", ("", 0))[0] != "lusk":
            assert not result.bombings and not result.damage
            assert result.economy == economy()


def test_a_zone_that_may_not_be_bombed_is_dropped_with_a_note() -> None:
    # Reading (air-sea.md): a point named on a zone not under the air zone, or wholly the
    # bomber's own, goes on down the list; the checker refuses such a sheet, the season does not.
    b = board(arvel__arvenne={"aircraft": 2})
    task = AirTask("west", bombing=("morlay-coast", "lowlands"))
    result = air(b, sheets(fly("arvenne", "arvel", 2, "west", tasks=(task,))))
    assert result.splits[0].bombing == (("lowlands", 1),) and result.splits[0].tactical == 1
    # The note names the zone as the map prints it, never by its id.
    assert any("Morlay Coast may not be bombed" in line for line in result.lines)
    assert not any("morlay-coast" in line for line in result.lines)


def test_only_the_aircraft_at_a_base_can_fly() -> None:
    # An unchecked sheet asking for more aircraft than the base has flies those it has.
    result = air(board(holt__lusk={"aircraft": 2}), sheets(fly("lusk", "holt", 5, "northwest")))
    assert result.flying == {("holt", "lusk"): 2} and result.superiority["northwest"] == ("lusk", 2)


def test_the_same_seed_and_orders_give_the_same_air_phase_and_zones_keep_their_own_dice() -> None:
    # G-X3 / G-R6: every draw is keyed by zone, pair and side: another zone's orders never move
    # this zone's cards.
    base = board(holt__lusk={"aircraft": 3}, vesne__arvenne={"aircraft": 3}, kester__kesterland={"aircraft": 2})
    s = sheets(fly("lusk", "holt", 3, "northwest"), fly("arvenne", "vesne", 3, "northwest"))
    assert air(base, s, 7) == air(base, s, 7)
    more = dict(s, kesterland=fly("kesterland", "kester", 2, "centre"))
    north = [x for x in air(base, more, 7).battles if x.zone == "northwest"]
    assert north == [x for x in air(base, s, 7).battles if x.zone == "northwest"]


# -- the late air step -----------------------------------------------------------------------


def test_flak_removes_aircraft_and_the_survivors_take_the_first_landing_places() -> None:
    # L224: a landing order for each aircraft, by priority "in case one of the aircraft is
    # destroyed"; L278/G-R2: flak hits are tallied and removed at the season's end.
    b = board(holt__lusk={"aircraft": 3})
    result = air(b, sheets(fly("lusk", "holt", 3, "northwest", "fenwy", "holt", "dykmar")))
    late = late_air(M, result, {}, {("lusk", "northwest"): 1}, dict(b.owners))
    assert late.landed == {("fenwy", "lusk"): 1, ("holt", "lusk"): 1}
    assert late.ends[0].flak_losses == 1


def test_an_aircraft_whose_landing_place_is_lost_is_destroyed() -> None:
    # L245: an aircraft whose landing place its side has lost is destroyed.
    b = board(holt__lusk={"aircraft": 2})
    result = air(b, sheets(fly("lusk", "holt", 2, "northwest", "fenwy", "holt")))
    owners = dict(b.owners, fenwy="kesterland")
    late = late_air(M, result, {}, {}, owners)
    assert late.landed == {("holt", "lusk"): 1}
    assert late.ends[0].lost_landing == ("fenwy",)


def test_a_heavy_fleet_at_sea_takes_one_aircraft() -> None:
    # L275: "Heavy fleets can base up to one aircraft each"; an aircraft with no room left
    # at sea (or whose fleet sank) has no place to land and is destroyed.
    b = board(holt__lusk={"aircraft": 2})
    result = air(b, sheets(fly("lusk", "holt", 2, "northwest", "greywater", "greywater")))
    late = late_air(M, result, {}, {}, dict(b.owners), fleets={("greywater", "lusk"): (0, 1)})
    assert late.landed == {("greywater", "lusk"): 1}
    assert late.ends[0].lost_landing == ("greywater",)
    sunk = late_air(M, result, {}, {}, dict(b.owners), fleets={})
    assert sunk.landed == {}


def test_aircraft_shot_down_over_a_whole_zone_held_are_set_aside() -> None:
    # L263: a side holding a whole economic zone under the air zone sets its aircraft lost
    # there (in the air battle or to flak) aside, to be rebuilt.
    b = board(marrin__lusk={"aircraft": 3}, arvel__arvenne={"aircraft": 3})
    s = sheets(fly("lusk", "marrin", 3, "west"), fly("arvenne", "arvel", 3, "west"))
    for seed in range(1, 30):
        result = air(b, s, seed)
        down = result.battles[0].casualties
        if down["lusk"] and down["arvenne"] and result.battles[0].survivors["arvenne"]:
            break
    late = late_air(M, result, {}, {("arvenne", "west"): 1}, dict(b.owners))
    arvenne = next(e for e in late.ends if e.side == "arvenne")
    assert arvenne.flak_losses == 1
    # Arvenne holds all of the Morlay coast, under the west; Lusk holds no whole zone there.
    assert late.set_aside.get("arvenne") == down["arvenne"] + 1
    assert "lusk" not in late.set_aside
