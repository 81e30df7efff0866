"""A broken scenario folder gives one line naming the file, the key and what is allowed."""

from pathlib import Path

import pytest

from hedgemony_tui.games.hedgemony.engine.resources import data_dir
from hedgemony_tui.games.hedgemony.engine.scenario import load_scenario
from hedgemony_tui.table.errors import HedgemonyError, ScenarioError


@pytest.fixture()
def folder(tmp_path: Path) -> Path:
    target = tmp_path / "default"
    target.mkdir()
    for name in ("scenario.toml", "board.toml"):
        (target / name).write_bytes((data_dir() / "scenarios" / "default" / name).read_bytes())
    return target


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def problem(folder: Path) -> str:
    with pytest.raises(ScenarioError) as caught:
        load_scenario(folder)
    message = str(caught.value)
    assert "\n" not in message
    return message


def scenario_edit(folder: Path, old: str, new: str) -> str:
    edit(folder / "scenario.toml", old, new)
    return problem(folder)


def board_edit(folder: Path, old: str, new: str) -> str:
    edit(folder / "board.toml", old, new)
    return problem(folder)


def test_the_copy_loads(folder):
    assert load_scenario(folder).id == "default"


def test_scenario_error_is_a_hedgemony_error():
    assert issubclass(ScenarioError, HedgemonyError)


# --- files --------------------------------------------------------------------------------


def test_missing_file(folder):
    (folder / "board.toml").unlink()
    assert problem(folder) == "default/board.toml: file not found"


def test_not_toml(folder):
    assert scenario_edit(folder, "turns = 8", "turns = ").startswith("default/scenario.toml: not valid TOML")


def test_shown_as_names_the_folder(folder):
    (folder / "scenario.toml").unlink()
    with pytest.raises(ScenarioError, match=r"^my-session/scenario.toml: file not found$"):
        load_scenario(folder, shown_as="my-session")


# --- scenario.toml --------------------------------------------------------------------------


def test_tech_level_not_a_number(folder):
    assert scenario_edit(folder, "starting_ip = 40\ntech_level = 4", 'starting_ip = 40\ntech_level = "four"') == (
        'default/scenario.toml: players.PRC.tech_level: must be a whole number 1-7, found "four"'
    )


def test_typo_in_a_player_key_lists_the_allowed_keys(folder):
    assert scenario_edit(folder, "starting_rp = 40", "starting_rps = 40") == (
        "default/scenario.toml: players.US.starting_rps: unknown key; allowed keys: name, side, home_aor, "
        "home_location, starting_forces, starting_rp, per_turn_rp, starting_ip, tech_level, capabilities"
    )


def test_unknown_top_level_key(folder):
    assert scenario_edit(folder, "turns = 8", "turns = 8\nrounds = 8") == (
        "default/scenario.toml: rounds: unknown key; allowed keys: id, name, description, turns, players, "
        "laydown, victory, options"
    )


def test_missing_key(folder):
    assert scenario_edit(folder, "per_turn_rp = 30\n", "") == "default/scenario.toml: players.US.per_turn_rp: missing"


def test_turns_out_of_range(folder):
    assert scenario_edit(folder, "turns = 8", "turns = 0") == (
        "default/scenario.toml: turns: must be a whole number 1-30, found 0"
    )


def test_negative_resources(folder):
    assert scenario_edit(folder, "starting_rp = 8", "starting_rp = -1") == (
        "default/scenario.toml: players.IR.starting_rp: must be a whole number 0 or more, found -1"
    )


def test_unknown_side(folder):
    assert scenario_edit(folder, 'side = "blue"', 'side = "green"') == (
        'default/scenario.toml: players.US.side: unknown side "green"; allowed: blue, red'
    )


def test_home_aor_unknown(folder):
    assert scenario_edit(folder, 'home_aor = "CENTCOM"', 'home_aor = "MIDEAST"') == (
        'default/scenario.toml: players.IR.home_aor: unknown AOR "MIDEAST"; allowed: NORTHCOM, SOUTHCOM, '
        "EUCOM, AFRICOM, CENTCOM, INDOPACOM"
    )


def test_home_location_outside_home_aor(folder):
    assert scenario_edit(folder, 'home_location = "iran"', 'home_location = "china"') == (
        'default/scenario.toml: players.IR.home_location: "china" is in INDOPACOM, not in home_aor CENTCOM'
    )


def test_unknown_capability(folder):
    assert scenario_edit(folder, "{ LRF = 2, SOF = 1 }", "{ LRF = 2, SOF = 1, CYBER = 1 }") == (
        "default/scenario.toml: players.IR.capabilities.CYBER: unknown Critical Capability; "
        "allowed: LRF, C4ISR, IAMD, SOF, NUCLEAR"
    )


def test_capability_above_tech_level(folder):
    assert scenario_edit(folder, "{ LRF = 2, SOF = 1 }", "{ LRF = 3, SOF = 1 }") == (
        "default/scenario.toml: players.IR.capabilities.LRF: Mod Level 3 is above the player's National Tech Level 2"
    )


def test_capability_out_of_range(folder):
    assert scenario_edit(folder, "{ LRF = 1, NUCLEAR = 0 }", "{ LRF = 1, NUCLEAR = -1 }") == (
        "default/scenario.toml: players.DPRK.capabilities.NUCLEAR: must be a whole number 0-7, found -1"
    )


def test_needs_both_sides(folder):
    text = (folder / "scenario.toml").read_text().replace('side = "red"', 'side = "blue"')
    (folder / "scenario.toml").write_text(text)
    assert problem(folder) == "default/scenario.toml: players: the scenario needs at least one blue and one red player"


# --- laydown ------------------------------------------------------------------------------


def test_laydown_unknown_player(folder):
    assert scenario_edit(folder, 'player = "IR"\nffs = 5', 'player = "UK"\nffs = 5') == (
        'default/scenario.toml: laydown[13].player: unknown player "UK"; allowed: US, NATO, RU, PRC, DPRK, IR'
    )


def test_laydown_unknown_location(folder):
    message = scenario_edit(folder, 'location = "japan"', 'location = "okinawa"')
    assert message.startswith('default/scenario.toml: laydown[1].location: unknown location "okinawa"; allowed: ')
    assert message.endswith("conus, colombia, venezuela, europe, russia, baltics, ukraine, caucasus, greece, turkey, "
                            "libya, nigeria, uganda, south-sudan, horn-of-africa, sahel, israel-lebanon, syria, iraq, iran, "
                            "arabian-peninsula, yemen, central-asia, afghanistan, pakistan, india, china, korean-peninsula, japan, "
                            "taiwan, south-china-sea, southeast-asia")  # fmt: skip


def test_laydown_unknown_home(folder):
    message = scenario_edit(folder, 'home = "japan"', 'home = "guam"')
    assert message.startswith('default/scenario.toml: laydown[1].home: unknown location "guam"; allowed: conus, ')


def test_mod_level_out_of_range(folder):
    assert scenario_edit(folder, "ffs = 14\nmod = 3", "ffs = 14\nmod = 8") == (
        "default/scenario.toml: laydown[0].mod: must be a whole number 1-7, found 8"
    )


def test_mod_level_above_tech_level(folder):
    assert scenario_edit(folder, "ffs = 10\nmod = 1", "ffs = 10\nmod = 2") == (
        "default/scenario.toml: laydown[12].mod: Mod Level 2 is above DPRK's National Tech Level 1"
    )


def test_readiness_between_levels(folder):
    assert scenario_edit(folder, "readiness = 100", "readiness = 85") == (
        "default/scenario.toml: laydown[0].readiness: must be one of 100, 90, 80, 70, 60, 50, found 85"
    )


def test_empty_stack(folder):
    assert scenario_edit(folder, "ffs = 14", "ffs = 0") == (
        "default/scenario.toml: laydown[0].ffs: must be a whole number 1 or more, found 0"
    )


def test_laydown_must_add_up_to_starting_force_size(folder):
    assert scenario_edit(folder, "ffs = 14", "ffs = 13") == (
        "default/scenario.toml: players.US.starting_forces: is 20 but the laydown places 19 FFs for US"
    )


def test_laydown_typo(folder):
    assert scenario_edit(folder, "readiness = 100", "readyness = 100") == (
        "default/scenario.toml: laydown[0].readyness: unknown key; "
        "allowed keys: player, ffs, mod, location, home, readiness"
    )


# --- options ------------------------------------------------------------------------------


def test_option_typo(folder):
    assert scenario_edit(folder, "random_events = false", "random_event = false") == (
        "default/scenario.toml: options.random_event: unknown key; allowed keys: red_extra_card_cost, "
        "activation_markers, random_events, random_event_chance, random_red_order, red_order"
    )


def test_option_not_a_flag(folder):
    assert scenario_edit(folder, "activation_markers = false", 'activation_markers = "no"') == (
        'default/scenario.toml: options.activation_markers: must be true or false, found "no"'
    )


def test_random_event_chance_range(folder):
    assert scenario_edit(folder, "random_event_chance = 3", "random_event_chance = 11") == (
        "default/scenario.toml: options.random_event_chance: must be a whole number 0-10, found 11"
    )


def test_red_order_must_list_each_red_player_once(folder):
    assert scenario_edit(folder, '"DPRK", "IR"]', '"DPRK", "US"]') == (
        "default/scenario.toml: options.red_order: must list each Red player once (RU, PRC, DPRK, IR), "
        'found ["RU", "PRC", "DPRK", "US"]'
    )


# --- victory --------------------------------------------------------------------------------


def test_victory_unknown_player(folder):
    assert scenario_edit(folder, 'other = "RU" }', 'other = "USSR" }') == (
        'default/scenario.toml: victory.NATO.win.all[0].other: unknown player "USSR"; '
        "allowed: US, NATO, RU, PRC, DPRK, IR"
    )


def test_victory_unknown_location(folder):
    message = scenario_edit(folder, 'location = "korean-peninsula" }', 'location = "korea" }')
    where = "default/scenario.toml: victory.DPRK.win.any[1].location"
    assert message.startswith(f'{where}: unknown location "korea"; allowed: conus, ')


def test_victory_unknown_kind(folder):
    message = scenario_edit(folder, 'lose = { kind = "ip_at_most"', 'lose = { kind = "ip_equals"')
    assert message == (
        'default/scenario.toml: victory.DPRK.lose.kind: unknown condition kind "ip_equals"; allowed: '
        "ip_above_all_others, ip_compare, ip_threshold, ip_at_most, player_wins, player_loses, no_forces_at"
    )


def test_victory_unknown_comparison(folder):
    assert scenario_edit(folder, 'op = ">", value = 20', 'op = "=>", value = 20') == (
        'default/scenario.toml: victory.IR.win.op: unknown comparison "=>"; allowed: >, >=, <, <=, =='
    )


def test_victory_condition_field_typo(folder):
    assert scenario_edit(folder, 'op = ">", value = 20', 'op = ">", values = 20') == (
        "default/scenario.toml: victory.IR.win.values: unknown key; allowed keys: kind, op, value, negate"
    )


def test_victory_missing_player(folder):
    assert scenario_edit(folder, "[victory.IR]\nwin", "[victory.XX]\nwin") == (
        'default/scenario.toml: victory.XX: unknown player "XX"; allowed: US, NATO, RU, PRC, DPRK, IR'
    )


def test_victory_for_every_player(folder):
    text = (folder / "scenario.toml").read_text()
    (folder / "scenario.toml").write_text(text[: text.index("[victory.IR]")])
    assert problem(folder) == (
        "default/scenario.toml: victory: no conditions for IR; every player needs a [victory.IR] table"
    )


def test_victory_group_typo(folder):
    assert scenario_edit(folder, "win = { any = [", "win = { any = [], x = [") == (
        "default/scenario.toml: victory.DPRK.win.x: unknown key; allowed keys: any, negate"
    )


def test_victory_empty_group(folder):
    assert scenario_edit(folder, 'win = { kind = "ip_threshold", op = ">", value = 20 }', "win = { all = [] }") == (
        "default/scenario.toml: victory.IR.win.all: must be a non-empty list of conditions"
    )


def test_victory_condition_not_a_table(folder):
    assert scenario_edit(folder, 'win = { kind = "ip_threshold", op = ">", value = 20 }', 'win = "more than 20"') == (
        "default/scenario.toml: victory.IR.win: must be a condition table such as "
        '{kind = "ip_threshold", op = ">", value = 15}, found "more than 20"'
    )


def test_victory_loop_is_refused_at_load_time(folder):
    # Russia wins only if NATO wins, and NATO needs Russia not to win: a loop.
    message = scenario_edit(
        folder,
        'win = { kind = "ip_compare", op = ">=", other = "US", offset = -5 }',
        'win = { kind = "player_wins", player = "NATO" }',
    )
    assert message == (
        "default/scenario.toml: victory.NATO.win: the conditions depend on each other in a loop "
        "(NATO wins -> RU wins -> NATO wins); no result could be decided"
    )


def test_victory_self_reference_is_a_loop(folder):
    iran_wins = 'win = { kind = "ip_threshold", op = ">", value = 20 }'
    message = scenario_edit(folder, iran_wins, 'win = { kind = "player_wins", player = "IR", negate = true }')
    assert message.endswith("a loop (IR wins -> IR wins); no result could be decided")


# --- board.toml -----------------------------------------------------------------------------


def test_asymmetric_adjacency(folder):
    assert board_edit(folder, 'adjacent = ["NORTHCOM", "AFRICOM"]', 'adjacent = ["NORTHCOM", "AFRICOM", "EUCOM"]') == (
        "default/board.toml: aors.EUCOM.adjacent: does not list SOUTHCOM, though SOUTHCOM lists EUCOM; "
        "adjacency must go both ways"
    )


def test_adjacent_to_unknown_aor(folder):
    assert board_edit(folder, '["NORTHCOM", "AFRICOM"]', '["NORTHCOM", "AFRICOM", "SPACECOM"]') == (
        'default/board.toml: aors.SOUTHCOM.adjacent: unknown AOR "SPACECOM"; allowed: NORTHCOM, SOUTHCOM, '
        "EUCOM, AFRICOM, CENTCOM, INDOPACOM"
    )


def test_adjacent_to_itself(folder):
    assert board_edit(folder, '["NORTHCOM", "AFRICOM"]', '["NORTHCOM", "AFRICOM", "SOUTHCOM"]') == (
        "default/board.toml: aors.SOUTHCOM.adjacent: an AOR cannot be adjacent to itself"
    )


def test_bad_aor_id(folder):
    assert board_edit(folder, "[aors.SOUTHCOM]", "[aors.southcom]") == (
        "default/board.toml: aors.southcom: an AOR id must be capital letters and digits, like EUCOM"
    )


def test_location_in_unknown_aor(folder):
    assert board_edit(folder, 'aor = "SOUTHCOM"', 'aor = "LATAM"') == (
        'default/board.toml: locations.colombia.aor: unknown AOR "LATAM"; allowed: NORTHCOM, SOUTHCOM, '
        "EUCOM, AFRICOM, CENTCOM, INDOPACOM"
    )


def test_bad_location_id(folder):
    assert board_edit(folder, "[locations.south-sudan]", "[locations.South_Sudan]") == (
        "default/board.toml: locations.South_Sudan: a location id must be lower-case words joined by hyphens, "
        "like south-china-sea"
    )


def test_location_off_the_map(folder):
    assert board_edit(folder, "x = 22", "x = 100") == (
        "default/board.toml: locations.conus.x: must be a whole number 0-99, found 100"
    )


def test_two_locations_in_one_cell(folder):
    assert board_edit(folder, "x = 32\ny = 16", "x = 29\ny = 17") == (
        "default/board.toml: locations.venezuela: x = 29, y = 17 is already the place of colombia; "
        "each location needs its own"
    )


def test_board_location_typo(folder):
    assert board_edit(folder, 'name = "Libya"', 'title = "Libya"') == (
        "default/board.toml: locations.libya.title: unknown key; allowed keys: name, aor, x, y, note"
    )
