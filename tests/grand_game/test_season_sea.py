"""The season's sea phase over a whole board (``engine/season_sea.py``, ``season_cargo.py``):
who fights where, search and air superiority, air power alone, cargo and landings cut by
sinkings, supplies spent, port attacks, attack shipping and its token, and every fleet
accounted for at the season's end (seed L260-L318, L376). Boards are small, on the real map."""

from __future__ import annotations

from collections.abc import Mapping

from hedgemony_tui.games.grand_game.engine.board import Board, Stack, starting_board
from hedgemony_tui.games.grand_game.engine.economy import Economy
from hedgemony_tui.games.grand_game.engine.interdiction import InterdictionToken
from hedgemony_tui.games.grand_game.engine.map import the_map
from hedgemony_tui.games.grand_game.engine.movement import season_moves
from hedgemony_tui.games.grand_game.engine.orders import (
    ENGAGE,
    HIDE,
    AirOrder,
    AirTask,
    Cargo,
    FleetOrder,
    OrderSheet,
)
from hedgemony_tui.games.grand_game.engine.season_air import AirSeason, resolve_air
from hedgemony_tui.games.grand_game.engine.season_cargo import Hold, loaded_fleets
from hedgemony_tui.games.grand_game.engine.season_sea import SeaSeason, resolve_sea
from hedgemony_tui.table.dice import Rng

M = the_map()
TURN = 10


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


def run(
    b: Board,
    s: Mapping[str, OrderSheet],
    seed: int = 1,
    turn: int = TURN,
    winter: bool = False,
    tokens: tuple[InterdictionToken, ...] = (),
) -> tuple[SeaSeason, AirSeason]:
    air, rng = resolve_air(M, b, s, economy(), turn, "fall", winter, Rng(seed))
    moves = season_moves(M, b, s.values())
    sea, _ = resolve_sea(M, b, moves, s, air, air.economy, tokens, turn, "fall", winter, rng)
    return sea, air


def fleet(
    seat: str, *groups: FleetOrder, air: tuple[AirOrder, ...] = (), tasks: tuple[AirTask, ...] = ()
) -> OrderSheet:
    return OrderSheet(seat, fleets=groups, air=air, air_tasks=tasks)


def test_fleets_of_two_seats_in_one_sea_search_and_a_lone_fleet_does_not_fight() -> None:
    # L272: "Combat takes place if one fleet finds the other"; L269: fleets of opposing
    # nations may share a sea, so a fleet alone there meets no one.
    b = board(westdeep__lusk={"light": 2}, westdeep__arvenne={"light": 2}, greywater__kesterland={"heavy": 1})
    sea, _ = run(b, {})
    (combat,) = sea.combats
    assert combat.place == "westdeep" and len(combat.duels[0].searches) == 2
    assert sea.fleets[("greywater", "kesterland")] == (0, 1)


def test_every_fleet_on_the_board_is_accounted_for_at_the_seasons_end() -> None:
    # The lead composes the new board from SeaSeason.fleets: fleets that stay in port, sail,
    # or were given no order all appear, with their losses.
    b = board(morlay__arvenne={"light": 1, "heavy": 1}, greywater__lusk={"light": 1}, lusk__lusk={"heavy": 1})
    s = sheets(fleet("arvenne", FleetOrder("morlay", light=1, to="westdeep")))
    sea, _ = run(b, s)
    assert sea.fleets == {
        ("westdeep", "arvenne"): (1, 0),
        ("morlay", "arvenne"): (0, 1),
        ("greywater", "lusk"): (1, 0),
        ("lusk", "lusk"): (0, 1),
    }


def test_winter_and_air_superiority_set_the_search() -> None:
    # L272: find on 4 or less, 3 or less in winter; the player with air superiority of any
    # amount gets +1 (5, or 4 in winter).
    b = board(westdeep__lusk={"light": 2}, westdeep__arvenne={"light": 2}, arvel__arvenne={"aircraft": 1})
    flying = sheets(OrderSheet("arvenne", air=(AirOrder("arvel", 1, "west", ("arvel",)),)))

    def needs(s: Mapping[str, OrderSheet], winter: bool) -> dict[str, int | None]:
        sea, _ = run(b, s, winter=winter)
        return {x.side: x.need for x in sea.combats[0].duels[0].searches}

    assert needs({}, False) == {"arvenne": 4, "lusk": 4}
    assert needs({}, True) == {"arvenne": 3, "lusk": 3}
    assert needs(flying, False) == {"arvenne": 5, "lusk": 4}
    assert needs(flying, True) == {"arvenne": 4, "lusk": 3}


def test_tactical_air_adds_to_the_base_of_every_sea_combat_in_the_zone() -> None:
    # L251/L257: tactical air power adds to the base value of every combat in its zone.
    b = board(westdeep__lusk={"light": 2}, westdeep__arvenne={"light": 2}, arvel__arvenne={"aircraft": 2})
    s = sheets(OrderSheet("arvenne", air=(AirOrder("arvel", 2, "west", ("arvel", "arvel")),)))
    sea, _ = run(b, s)
    force = next(f for f in sea.combats[0].forces if f.side == "arvenne")
    assert (force.superiority, force.tactical) == (2, 2)


def test_air_power_alone_searches_and_fights_at_sea() -> None:
    # L260: at sea, aircraft on tactical air may search and fight with no fleet of their side;
    # L278: a player may order air superiority to fight alone at sea. Air cannot be sunk.
    b = board(westdeep__lusk={"light": 2}, arvel__arvenne={"aircraft": 2})
    s = sheets(
        OrderSheet(
            "arvenne",
            air=(AirOrder("arvel", 2, "west", ("arvel", "arvel")),),
            air_tasks=(AirTask("west", sea_target="westdeep"),),
        )
    )
    sea, _ = run(b, s)
    (combat,) = sea.combats
    alone = next(f for f in combat.forces if f.side == "arvenne")
    assert (alone.fleets, alone.tactical) == (0, 2)
    assert not [c for c in combat.casualties if c.side == "arvenne"]
    assert ("westdeep", "arvenne") not in sea.fleets
    # Without the written target the same aircraft do not go to sea.
    quiet, _ = run(b, sheets(OrderSheet("arvenne", air=s["arvenne"].air)))
    assert not quiet.combats


def test_flak_from_sea_cards_is_tallied_against_the_seats_aircraft_in_the_zone() -> None:
    # L278: "Aircraft hits are merely tallied at this point".
    b = board(westdeep__lusk={"light": 3, "heavy": 3}, westdeep__arvenne={"light": 3, "heavy": 3})
    found = False
    for seed in range(1, 60):
        sea, _ = run(b, {}, seed)
        for combat in sea.combats:
            for side, hits in combat.flak_on.items():
                if hits:
                    found = True
                    assert sea.flak[(side, "west")] == hits
    assert found


def test_light_fleets_carrying_land_units_or_supplies_count_as_loaded() -> None:
    # L275: a loaded light fleet carries land units or supplies; two land units and six
    # supplies a light fleet, six supplies a heavy one.
    assert loaded_fleets(light=3, heavy=0, units=3, supplies=0) == 2
    assert loaded_fleets(light=3, heavy=1, units=0, supplies=6) == 0
    assert loaded_fleets(light=3, heavy=1, units=2, supplies=14) == 2
    b = board(westdeep__lusk={"light": 3, "infantry": 3}, westdeep__arvenne={"light": 1})
    s = sheets(fleet("lusk", FleetOrder("westdeep", light=3, carry=Cargo(infantry=3))))
    sea, _ = run(b, s)
    lusk = next(f for f in sea.combats[0].forces if f.side == "lusk")
    assert (lusk.light, lusk.loaded) == (1, 2)


def test_cargo_goes_down_with_the_loaded_fleets_and_landings_are_cut() -> None:
    # L275: land units ride loaded light fleets; sunk, they take their cargo with them. The
    # land phase puts ashore only what SeaSeason.landings says survived.
    hold = Hold(2, 0, 2, 0, "patrol", ((None, Cargo(infantry=1)), (("lusk", "westdeep"), Cargo(infantry=2, armor=1))))
    staying, ashore, notes = hold.after(loaded=1, heavy=0, spent=0)
    assert staying == Cargo() and ashore == {("lusk", "westdeep"): Cargo(armor=1, infantry=1)} and notes
    b = board(westdeep__lusk={"light": 2, "infantry": 2, "armor": 2}, westdeep__arvenne={"light": 3, "heavy": 2})
    landing = FleetOrder("westdeep", light=2, carry=Cargo(2, 2), unload_to="quill", unload=Cargo(2, 2))
    s = sheets(fleet("lusk", landing))
    for seed in range(1, 40):
        sea, _ = run(b, s, seed)
        light, _ = sea.fleets.get(("westdeep", "lusk"), (0, 0))
        put = sea.landings[("lusk", "westdeep")]
        assert put.units <= 2 * light
        if light < 2:
            break
    assert put.units < 4


def test_each_fleet_that_fights_spends_a_supply_from_what_is_aboard() -> None:
    # L275: "Every fleet unit engaged in an action uses 1 supply".
    b = board(westdeep__lusk={"heavy": 1, "supplies": 4}, westdeep__arvenne={"light": 2})
    s = sheets(fleet("lusk", FleetOrder("westdeep", heavy=1, order=ENGAGE, carry=Cargo(supplies=4))))
    for seed in range(1, 40):
        sea, _ = run(b, s, seed)
        combat = sea.combats[0]
        if any(d.fought for d in combat.duels) and sea.fleets.get(("westdeep", "lusk")):
            assert combat.supplies_used["lusk"] == 1
            assert sea.cargo[("westdeep", "lusk")] == Cargo(supplies=3)
            return
    raise AssertionError("no seed fought and kept the heavy fleet")


def test_a_port_attack_sends_the_attackers_back_to_sea_and_the_port_is_not_taken() -> None:
    # L315: a hostile port is attacked, never conquered; the attackers return to the sea next
    # to it; both sides Engage and the port draws a card.
    b = board(westdeep__lusk={"light": 1, "heavy": 2}, morlay__arvenne={"light": 1, "infantry": 1})
    s = sheets(fleet("lusk", FleetOrder("westdeep", light=1, heavy=2, attack_port="morlay")))
    sea, _ = run(b, s)
    (combat,) = sea.combats
    assert combat.port == "morlay" and combat.attackers_return_to == "westdeep"
    assert len(combat.duels[0].port_cards) == 1
    assert {f.order for f in combat.forces} == {ENGAGE}
    lusk_left = combat.remaining["lusk"]
    assert sea.fleets.get(("westdeep", "lusk"), (0, 0)) == (
        lusk_left["light"] + lusk_left["loaded"],
        lusk_left["heavy"],
    )
    assert ("morlay", "lusk") not in sea.fleets
    arv = combat.remaining["arvenne"]
    assert sea.fleets.get(("morlay", "arvenne"), (0, 0)) == (arv["light"] + arv["loaded"], arv["heavy"])


def test_attack_shipping_lays_a_token_then_the_next_season_does_the_damage() -> None:
    # L318: a unit ordered to attack shipping that survives the phase leaves a token; another
    # such order in the subsequent combat phase removes it and the named zone takes 1 damage.
    b = board(westdeep__lusk={"light": 1})
    s = sheets(fleet("lusk", FleetOrder("westdeep", light=1, order=HIDE, shipping="morlay-coast")))
    first, _ = run(b, s, turn=TURN)
    assert first.interdiction == (InterdictionToken("westdeep", "lusk", "morlay-coast", TURN),)
    second, _ = run(b, s, turn=TURN + 1, tokens=first.interdiction)
    assert second.interdiction == () and second.economy.damage_on("morlay-coast") == 1
    # A token not followed up in the very next phase lapses.
    idle, _ = run(b, {}, turn=TURN + 1, tokens=first.interdiction)
    assert idle.interdiction == () and idle.economy == economy()
    late, _ = run(b, s, turn=TURN + 2, tokens=first.interdiction)
    assert late.interdiction == (InterdictionToken("westdeep", "lusk", "morlay-coast", TURN + 2),)
    assert late.economy == economy()


def test_three_seats_in_one_sea_fight_pair_by_pair() -> None:
    # L376: with three or more sides, every pair fights separately, each side at its whole strength.
    b = board(westdeep__lusk={"light": 1}, westdeep__arvenne={"light": 1}, westdeep__pellia={"light": 1})
    sea, _ = run(b, {})
    assert [d.sides for d in sea.combats[0].duels] == [
        ("arvenne", "lusk"),
        ("arvenne", "pellia"),
        ("lusk", "pellia"),
    ]


def test_the_same_inputs_give_the_same_sea_phase_and_seas_keep_their_own_dice() -> None:
    # G-X3 / G-R6: keyed draws by sea, pair and side: a fight in another sea does not move
    # this sea's dice or cards.
    stacks = {"westdeep__lusk": {"light": 2}, "westdeep__arvenne": {"light": 2}}
    b = board(**stacks, **{"wine-sea__pellia": {"light": 1}, "wine-sea__sorrel": {"light": 1}})
    assert run(b, {}, 5) == run(b, {}, 5)
    alone = board(westdeep__lusk={"light": 2}, westdeep__arvenne={"light": 2})
    west = [c for c in run(b, {}, 5)[0].combats if c.place == "westdeep"]
    assert west == [c for c in run(alone, {}, 5)[0].combats if c.place == "westdeep"]


def test_a_fleet_sent_against_its_own_port_stays_on_the_sea() -> None:
    # L315 speaks of a hostile port; an unchecked order against the seat's own port fights no
    # one, and the fleets are still on the board at the season's end.
    b = board(westdeep__arvenne={"light": 1})
    s = sheets(fleet("arvenne", FleetOrder("westdeep", light=1, attack_port="morlay")))
    sea, _ = run(b, s)
    assert not sea.combats and sea.fleets == {("westdeep", "arvenne"): (1, 0)}
