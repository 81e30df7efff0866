"""The shipped default scenario holds the appendix's Table A.1 and a consistent board."""

from pathlib import Path

import pytest

from hedgemony_tui.games.hedgemony.engine.resources import data_dir, default_scenario
from hedgemony_tui.games.hedgemony.engine.scenario import CAPABILITIES, Scenario, load_scenario
from hedgemony_tui.table.errors import RuleInputError

UCP = ("NORTHCOM", "SOUTHCOM", "EUCOM", "AFRICOM", "CENTCOM", "INDOPACOM")


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    return default_scenario()


def test_loads_from_the_shipped_folder(scenario):
    assert scenario.id == "default"
    assert scenario.turns == 8
    assert load_scenario(data_dir() / "scenarios" / "default") == scenario
    assert load_scenario(str(Path(str(data_dir())) / "scenarios" / "default")) == scenario


def test_sides(scenario):
    assert scenario.player_ids == ("US", "NATO", "RU", "PRC", "DPRK", "IR")
    assert scenario.blue == ("US", "NATO")
    assert scenario.red == ("RU", "PRC", "DPRK", "IR")


# Table A.1: starting force size, National Tech Level, starting RPs, RPs per turn, IPs.
TABLE_A1 = {
    "US": (20, 4, 40, 30, 50),
    "NATO": (5, 4, 10, 5, 50),
    "RU": (9, 4, 15, 5, 30),
    "PRC": (15, 4, 15, 4, 40),
    "DPRK": (10, 1, 5, 3, 5),
    "IR": (5, 2, 8, 4, 5),
}


@pytest.mark.parametrize("player_id", TABLE_A1)
def test_table_a1_numbers(scenario, player_id):
    p = scenario.player(player_id)
    assert (p.starting_forces, p.tech_level, p.starting_rp, p.per_turn_rp, p.starting_ip) == TABLE_A1[player_id]


CAPABILITY_LEVELS = {
    "US": {"C4ISR": 3, "IAMD": 3, "SOF": 3},
    "NATO": {"C4ISR": 3, "IAMD": 3},
    "RU": {"LRF": 4, "C4ISR": 3},
    "PRC": {"LRF": 4, "C4ISR": 3},
    "DPRK": {"LRF": 1, "NUCLEAR": 0},
    "IR": {"LRF": 2, "SOF": 1},
}


@pytest.mark.parametrize("player_id", CAPABILITY_LEVELS)
def test_critical_capabilities(scenario, player_id):
    p = scenario.player(player_id)
    assert dict(p.capabilities) == CAPABILITY_LEVELS[player_id]
    for name in CAPABILITIES:
        assert p.capability(name) == CAPABILITY_LEVELS[player_id].get(name)


def test_dprk_nuclear_level_zero_is_listed_not_absent(scenario):
    assert scenario.player("DPRK").capability("NUCLEAR") == 0
    assert scenario.player("IR").capability("NUCLEAR") is None


def test_homes(scenario):
    homes = {p.id: (p.home_aor, p.home_location) for p in scenario.players}
    assert homes == {
        "US": ("NORTHCOM", "conus"),
        "NATO": ("EUCOM", "europe"),
        "RU": ("EUCOM", "russia"),
        "PRC": ("INDOPACOM", "china"),
        "DPRK": ("INDOPACOM", "korean-peninsula"),
        "IR": ("CENTCOM", "iran"),
    }


def test_laydown_matches_table_a1(scenario):
    stacks = {(s.player, s.location, s.mod): s.ffs for s in scenario.laydown}
    assert stacks == {
        ("US", "conus", 3): 14,
        ("US", "japan", 3): 1,
        ("US", "korean-peninsula", 3): 2,
        ("US", "afghanistan", 3): 1,
        ("US", "iraq", 3): 1,
        ("US", "europe", 3): 1,
        ("NATO", "europe", 3): 5,
        ("RU", "russia", 2): 5,
        ("RU", "russia", 3): 4,
        ("PRC", "china", 1): 5,
        ("PRC", "china", 2): 5,
        ("PRC", "china", 3): 5,
        ("DPRK", "korean-peninsula", 1): 10,
        ("IR", "iran", 2): 5,
    }


def test_laydown_sums_to_starting_force_size(scenario):
    for p in scenario.players:
        assert sum(s.ffs for s in scenario.stacks_of(p.id)) == p.starting_forces
    us = scenario.stacks_of("US")
    assert sum(s.ffs for s in us if s.location == "conus") == 14
    assert sum(s.ffs for s in us if s.location != "conus") == 6


def test_laydown_appendix_aors(scenario):
    # The appendix gives AORs; the locations chosen for them must lie in those AORs.
    aor = scenario.board.aor_of
    us_oconus = sorted(aor(s.location) for s in scenario.stacks_of("US") if s.location != "conus")
    assert us_oconus == ["CENTCOM", "CENTCOM", "EUCOM", "INDOPACOM", "INDOPACOM"]


def test_everyone_starts_at_full_readiness_and_home(scenario):
    for s in scenario.laydown:
        assert s.readiness == 100
        # Forward basing: every stack (U.S. OCONUS ones included) is based where it starts.
        assert s.home == s.location
        assert s.mod <= scenario.player(s.player).tech_level


def test_options(scenario):
    o = scenario.options
    assert o.red_extra_card_cost == 1
    assert (o.activation_markers, o.random_events, o.random_red_order) == (False, False, False)
    assert o.random_event_chance == 3
    assert o.red_order == ("RU", "PRC", "DPRK", "IR")


def test_the_six_aors(scenario):
    assert tuple(a.id for a in scenario.board.aors) == UCP


def test_adjacency_is_symmetric_and_irreflexive(scenario):
    board = scenario.board
    for a in UCP:
        assert not board.adjacent(a, a)
        for b in UCP:
            assert board.adjacent(a, b) == board.adjacent(b, a)


def test_adjacency_pairs(scenario):
    pairs = {frozenset((a.id, b)) for a in scenario.board.aors for b in a.adjacent}
    assert pairs == {
        frozenset(p)
        for p in [
            ("NORTHCOM", "SOUTHCOM"), ("NORTHCOM", "EUCOM"), ("NORTHCOM", "INDOPACOM"),
            ("SOUTHCOM", "AFRICOM"), ("EUCOM", "AFRICOM"), ("EUCOM", "CENTCOM"),
            ("EUCOM", "INDOPACOM"), ("AFRICOM", "CENTCOM"), ("AFRICOM", "INDOPACOM"),
            ("CENTCOM", "INDOPACOM"),
        ]
    }  # fmt: skip


def test_every_location_lies_in_a_known_aor_and_on_the_map(scenario):
    board = scenario.board
    cells = set()
    for loc in board.locations:
        assert board.aor(loc.aor).id == loc.aor
        assert 0 <= loc.x < 100 and 0 <= loc.y < 30
        cells.add((loc.x, loc.y))
    assert len(cells) == len(board.locations)


REQUIRED_LOCATIONS = {
    "NORTHCOM": {"conus"},
    "SOUTHCOM": {"colombia", "venezuela"},
    "EUCOM": {"europe", "russia", "baltics", "ukraine", "caucasus", "turkey"},
    "AFRICOM": {"libya", "nigeria", "south-sudan", "horn-of-africa", "sahel"},
    "CENTCOM": {"israel-lebanon", "iran", "iraq", "syria", "afghanistan", "arabian-peninsula", "yemen", "pakistan"},
    "INDOPACOM": {"china", "korean-peninsula", "japan", "taiwan", "south-china-sea", "southeast-asia", "india"},
}


@pytest.mark.parametrize("aor", UCP)
def test_required_locations(scenario, aor):
    assert REQUIRED_LOCATIONS[aor] <= {loc.id for loc in scenario.board.locations_in(aor)}


def test_choices_carry_a_note(scenario):
    for location_id in ("israel-lebanon", "caucasus", "horn-of-africa", "russia"):
        assert scenario.board.location(location_id).note


def test_board_lookups_refuse_unknown_ids(scenario):
    with pytest.raises(RuleInputError, match="unknown location 'atlantis'"):
        scenario.board.location("atlantis")
    with pytest.raises(RuleInputError, match="unknown AOR 'SPACECOM'"):
        scenario.board.adjacent("EUCOM", "SPACECOM")
    with pytest.raises(RuleInputError, match="unknown player 'UK'"):
        scenario.player("UK")


def test_default_scenario_is_cached():
    assert default_scenario() is default_scenario()
