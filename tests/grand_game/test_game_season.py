"""A season of the Grand Game played through ``RULES.legal``/``RULES.apply``: the order of
resolution (L144), winter (L327), occupying and retreating (L357-L370), Hold (L359), supply
(L366), rail first (L336), and the readings the season's resolver takes where the seed is
silent (``rules/grand-game/README.md``, "The season")."""

from __future__ import annotations

import re

from hedgemony_tui.games.grand_game.engine.game import the_map
from hedgemony_tui.games.grand_game.engine.game_intents import (
    Disembark,
    Fallback,
    FleetStance,
    Fly,
    Focus,
    March,
    Permit,
    Rail,
    Sail,
    SealOrders,
    Stance,
)
from hedgemony_tui.games.grand_game.engine.game_state import GrandState
from hedgemony_tui.games.grand_game.engine.orders_check import check_orders
from hedgemony_tui.games.grand_game.rules import RULES

from .game_helpers import act, allocate_all, arrange, mine, placed, seal_orders, season, start, texts, write

# An army of Lusk at Marrin, next to Arvenne's city of Ardun (the map's border of the two).
ARMY = {("marrin", "lusk"): {"armor": 6, "supplies": 6}}


def attack_ardun(state: GrandState, armor: int = 6, supplies: int = 6) -> GrandState:
    """Lusk's army marches from Marrin into Ardun (a new move goes in as Advance)."""
    return season(
        state,
        ("lusk", "marrin", March("lusk", "marrin", "ardun", "armor", armor)),
        ("lusk", "marrin", March("lusk", "marrin", "ardun", "supplies", supplies)),
    )


Stacks = dict[tuple[str, str], dict[str, int]]


def spring(seed: int = 1, stacks: Stacks | None = None, owners: dict[str, str] | None = None) -> GrandState:
    return allocate_all(arrange(start(seed), stacks, owners))


def test_a_season_resolves_air_then_sea_then_land_then_late_air_casualties():
    # L144: air combat first, then sea, then ground, and the remaining air casualties
    # last. Aircraft fly over the west, fleets engage on the
    # Westdeep, Lusk attacks Ardun, and Arvenne's aircraft left at Ardun go down with it.
    state = spring(
        stacks={
            **ARMY,
            ("ardun", "arvenne"): {"infantry": 1, "aircraft": 1},
            ("morlay", "lusk"): {},
            ("westdeep", "lusk"): {"light": 2, "heavy": 1},
            ("westdeep", "arvenne"): {"light": 2, "heavy": 1},
            ("holt", "lusk"): {"infantry": 1, "aircraft": 3},
            ("arvel", "arvenne"): {"infantry": 1, "aircraft": 3},
        }
    )
    before = len(state.log)
    state = season(
        state,
        ("lusk", "holt", Fly("lusk", "holt", "west", "holt")),
        ("arvenne", "arvel", Fly("arvenne", "arvel", "west", "arvel")),
        ("lusk", "westdeep", FleetStance("lusk", "westdeep", "engage")),
        ("arvenne", "westdeep", FleetStance("arvenne", "westdeep", "engage")),
        ("lusk", "marrin", March("lusk", "marrin", "ardun", "armor", 6)),
    )
    log = texts(state, before)
    headings = ["Air combat:", "Sea combat:", "Ground combat:", "Late air casualties and losses:"]
    assert all(h in log for h in headings), [h for h in headings if h not in log]
    assert [log.index(h) for h in headings] == sorted(log.index(h) for h in headings)


def test_winter_adds_one_to_each_defending_unit():
    # L327: winter gives each defender +1. The same attack in fall and in
    # winter: the defender's base is higher by one per defending unit in winter only.
    stacks = {**ARMY, ("ardun", "arvenne"): {"infantry": 2, "supplies": 2}}
    state = seal_orders(spring(stacks=stacks))  # spring passes quietly
    fall = texts(attack_ardun(state), len(state.log))
    winter_state = seal_orders(state)
    winter = texts(attack_ardun(winter_state), len(winter_state.log))

    def defender_base(log: list[str]) -> int:
        line = next(t for t in log if t.startswith("arvenne (defend, defending): base"))
        return int(line.rsplit(" ", 1)[1])

    assert defender_base(winter) == defender_base(fall) + 2
    assert any("winter" in t.lower() and "L327" in t for t in winter)
    assert not any("winter" in t.lower() and "L327" in t for t in fall)


def test_winter_makes_the_search_at_sea_harder():
    # L272: a fleet finds the other on a d6 of 4 or less, and of 3 or less in winter. Lusk's
    # fleets sail from the Greywater into the Westdeep, where Arvenne's are, in fall or winter.
    fleets = {("greywater", "lusk"): {"light": 2}, ("westdeep", "arvenne"): {"light": 2}}

    def needs(quiet_seasons: int) -> set[str]:
        state = spring(stacks=fleets)
        for _ in range(quiet_seasons):
            state = seal_orders(state)
        before = len(state.log)
        state = season(state, ("lusk", "greywater", Sail("lusk", "greywater", "westdeep")))
        return set(re.findall(r"searches: rolled \d, needs (\d) or less", "\n".join(texts(state, before))))

    assert needs(1) == {"4"}  # fall
    assert needs(2) == {"3"}  # winter


def test_the_winner_occupies_and_its_supplies_are_spent():
    # L370: the side left with land units takes the territory; L366: under Advance every
    # unit uses a supply in combat, so Lusk's six supplies are used by its six armor.
    state = attack_ardun(spring(stacks={**ARMY, ("ardun", "arvenne"): {"infantry": 1, "supplies": 2}}))
    assert state.owners["ardun"] == "lusk"
    won = placed(state, "ardun", "lusk")
    assert won.armor > 0 and placed(state, "marrin", "lusk").armor == 0
    assert won.supplies == 0 and "lusk: supplies 6, taken by air 0, spent 6, kept 0, retreating 0, lost 0" in texts(
        state
    )
    assert placed(state, "ardun", "arvenne").infantry == 0
    assert "Ardun now held by Lusk" in texts(state)


def at_vesne(seed: int, stance: str, fallback: str | None) -> GrandState:
    """Arvenne's three infantry in Vesne take ``stance`` (falling back to ``fallback``);
    Lusk's three armor attack from Marrin. Seed 29 is a draw in which Lusk takes Vesne and
    Arvenne keeps survivors (the land deck is bloody: most combats leave no one standing)."""
    stacks = {("marrin", "lusk"): {"armor": 3, "supplies": 3}, ("vesne", "arvenne"): {"infantry": 3, "supplies": 3}}
    state = spring(seed=seed, stacks=stacks)
    if stance != "defend":
        state = write(state, "arvenne", "vesne", Stance("arvenne", "vesne", stance))
    if fallback:
        state = write(state, "arvenne", "vesne", Fallback("arvenne", "vesne", fallback))
    return season(
        state,
        ("lusk", "marrin", March("lusk", "marrin", "vesne", "armor", 3)),
        ("lusk", "marrin", March("lusk", "marrin", "vesne", "supplies", 3)),
    )


def survivors_of(state: GrandState) -> str:
    return next(t for t in texts(state) if t.startswith("arvenne: lost"))


def test_a_beaten_defender_on_defend_falls_back_without_its_supplies():
    # L358 (Defend) with a retreat named: the survivors go there, the supplies are lost.
    state = at_vesne(29, "defend", "belmar")
    assert state.owners["vesne"] == "lusk"
    assert "3 units left; loses vesne; survivors retreat to belmar" in survivors_of(state)
    assert placed(state, "belmar", "arvenne").infantry == placed(start(), "belmar", "arvenne").infantry + 3
    assert placed(state, "belmar", "arvenne").supplies == 0
    assert placed(state, "vesne", "arvenne").infantry == 0


def test_a_beaten_defender_on_screen_takes_its_spare_supplies_along():
    # L357 (Screen): the retreat destination is "for both units and remaining supplies".
    state = at_vesne(29, "screen", "belmar")
    assert state.owners["vesne"] == "lusk"
    assert "survivors retreat to belmar" in survivors_of(state)
    assert placed(state, "belmar", "arvenne").supplies > 0


def held_on_hold(seed: int) -> GrandState:
    stacks = {("marrin", "lusk"): {"armor": 10, "supplies": 10}, ("ardun", "arvenne"): {"infantry": 3, "supplies": 3}}
    state = write(spring(seed=seed, stacks=stacks), "arvenne", "ardun", Stance("arvenne", "ardun", "hold"))
    return attack_ardun(state, armor=10, supplies=10)


def test_hold_offers_no_retreat_and_loses_everything_with_the_territory():
    # L359: on Hold nothing retreats, and losing the territory loses everything in it.
    state = write(spring(), "arvenne", "vesne", Stance("arvenne", "vesne", "hold"))
    state = act(state, Focus("arvenne", "vesne"))
    assert not [i for i in mine(state, "arvenne") if isinstance(i, Fallback)]
    assert Fallback("arvenne", "vesne", "belmar") not in RULES.legal(state)
    state = held_on_hold(6)
    assert state.owners["ardun"] == "lusk", "the set-up must let the attack win (change the seed)"
    assert "loses ardun and everything in it (Hold, L359)" in survivors_of(state)
    assert placed(state, "ardun", "arvenne").supplies == 0
    near = ("arvel", "belmar", "quill")
    assert [placed(state, t, "arvenne") for t in near] == [placed(start(6), t, "arvenne") for t in near]


def test_rail_moves_go_before_the_steps_that_cut_the_line():
    # L336: rail orders are carried out before other movement, so a line cut this season
    # still carries this season's trains to their end. Kesterland
    # sends armor from Kester by rail through Brack to Wendt while Arvenne walks into Brack.
    state = spring(
        stacks={("brack", "kesterland"): {}, ("hallen", "kesterland"): {}, ("hallen", "arvenne"): {"armor": 4}},
        owners={"hallen": "arvenne"},
    )
    state = season(
        state,
        ("kesterland", "kester", Rail("kesterland", "kester", "wendt", "armor", 2)),
        ("arvenne", "hallen", March("arvenne", "hallen", "brack", "armor", 4)),
    )
    assert state.owners["brack"] == "arvenne"
    assert placed(state, "wendt", "kesterland").armor == placed(start(), "wendt", "kesterland").armor + 2
    assert placed(state, "kester", "kesterland").armor == placed(start(), "kester", "kesterland").armor - 2


def test_a_guest_by_written_leave_stands_in_anothers_land_without_a_fight():
    # L351: a player standing in a territory by its owner's written leave counts as a
    # defender; reading: a guest does not fight its host.
    state = spring()
    state = season(
        state,
        ("lusk", "permits", Permit("lusk", "kesterland", "presence")),
        ("kesterland", "wendt", March("kesterland", "wendt", "holt", "infantry", 1)),
    )
    assert state.owners["holt"] == "lusk"
    assert placed(state, "holt", "kesterland").infantry == 1
    assert placed(state, "holt", "lusk").infantry == placed(start(), "holt", "lusk").infantry
    assert not any(t.startswith("Land combat in holt") for t in texts(state))


def test_without_leave_the_same_move_is_an_attack():
    state = season(spring(), ("kesterland", "wendt", March("kesterland", "wendt", "holt", "infantry", 1)))
    assert any(t.startswith("Land combat in holt") for t in texts(state))


def test_guests_go_back_where_they_came_from_when_their_host_loses():
    # Reading (season_land): if the holder loses, its guests by leave return whence they came.
    stacks = {
        ("marrin", "lusk"): {},
        ("marrin", "arvenne"): {"armor": 10, "supplies": 10},
        ("holt", "lusk"): {"infantry": 1},
    }
    state = spring(stacks=stacks, owners={"marrin": "arvenne"})
    state = season(
        state,
        ("lusk", "permits", Permit("lusk", "kesterland", "presence")),
        ("kesterland", "wendt", March("kesterland", "wendt", "holt", "infantry", 1)),
        ("arvenne", "marrin", March("arvenne", "marrin", "holt", "armor", 10)),
        ("arvenne", "marrin", March("arvenne", "marrin", "holt", "supplies", 10)),
    )
    assert state.owners["holt"] == "arvenne", "the set-up must let the attack win (change the seed)"
    assert placed(state, "holt", "kesterland").infantry == 0
    assert placed(state, "wendt", "kesterland").infantry == placed(start(), "wendt", "kesterland").infantry
    assert "kesterland: its units staying in holt by leave go back to wendt" in texts(state)


def test_supplies_may_not_go_alone_into_land_the_seat_does_not_hold():
    # L371: a territory is taken by land units; the sheet with supplies sent alone into
    # Arvenne's Ardun cannot be handed in, and the checker says why. (The resolver's reading
    # that such supplies are lost is thus a safety net the legal path never reaches.)
    state = spring(stacks={("marrin", "lusk"): {"infantry": 1, "supplies": 3}})
    state = write(state, "lusk", "marrin", March("lusk", "marrin", "ardun", "supplies", 3))
    assert SealOrders("lusk") not in RULES.legal(state)
    problems = check_orders(the_map(), state.board(), "lusk", state.sheet_of("lusk").sheet)
    assert any("needs infantry or armor to take it (L371)" in p for p in problems)


def test_aircraft_and_fleets_are_lost_with_the_city_they_are_based_in():
    # Readings (game_season): aircraft on the ground (L245's non-participants) and fleets in
    # a port go down with the territory when it is taken this season.
    stacks = {
        ("marrin", "lusk"): {"armor": 10, "supplies": 10},
        ("morlay", "arvenne"): {"infantry": 1, "aircraft": 2, "light": 1},
    }
    state = spring(stacks=stacks)
    state = season(
        state,
        ("lusk", "marrin", March("lusk", "marrin", "morlay", "armor", 10)),
        ("lusk", "marrin", March("lusk", "marrin", "morlay", "supplies", 10)),
    )
    assert state.owners["morlay"] == "lusk", "the set-up must let the attack win (change the seed)"
    gone = placed(state, "morlay", "arvenne")
    assert (gone.aircraft, gone.light, gone.infantry) == (0, 0, 0)
    log = texts(state)
    assert "arvenne: 2 aircraft on the ground at Morlay are lost with it (L245)" in log
    assert "arvenne: 1 fleet in the port of Morlay is lost with it" in log  # one fleet, said so


def test_a_landing_beaten_on_the_beach_is_lost():
    # Reading (season_land): units landed from the sea that lose and name no retreat have no
    # ship to take them back in the middle of the season.
    stacks = {
        ("westdeep", "lusk"): {"light": 2, "infantry": 4},
        ("morlay", "arvenne"): {"infantry": 3, "supplies": 3},
    }
    state = spring(seed=5, stacks=stacks)  # a draw in which two of the four survive and lose
    state = season(state, ("lusk", "westdeep", Disembark("lusk", "westdeep", "morlay", "infantry", 4)))
    assert state.owners["morlay"] == "arvenne", "the set-up must let the defence win (change the seed)"
    assert sum(p.infantry for p in state.stacks if p.seat == "lusk" and p.place in ("morlay", "westdeep")) == 0
    said = [line for line in texts(state) if line.startswith("lusk: lost")]
    assert said and "with no ship to take them back, the survivors are lost" in said[0]
    assert not any("fall back to where they attacked from" in line for line in said)
