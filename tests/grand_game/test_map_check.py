"""The Grand Game's map as data: the shipped Continent passes the checker, and every kind of
problem a hand edit can make is named, all of them at once (G-X1, rules/grand-game/map.md)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
import tomli_w

from hedgemony_tui.games.grand_game.engine.map import MapError, load_map, parse_checked, the_map
from hedgemony_tui.games.grand_game.engine.map_data import LARGE, SMALL
from hedgemony_tui.table.resources import data_dir

MAP_FILE = data_dir("grand-game") / "map.toml"


def shipped() -> dict[str, Any]:
    import tomllib

    return tomllib.loads(MAP_FILE.read_text(encoding="utf-8"))


def entry(raw: dict[str, Any], kind: str, key: str, value: str) -> dict[str, Any]:
    return next(e for e in raw[kind] if e.get(key) == value)


def problems_of(raw: dict[str, Any]) -> str:
    with pytest.raises(MapError) as caught:
        parse_checked(tomli_w.dumps(raw), "broken.toml")
    return str(caught.value)


def test_the_shipped_map_is_sound() -> None:
    m = load_map()
    assert m is not None and the_map().name == "The Continent"


def test_the_continent_is_the_designed_size() -> None:
    """L96: half the countries large, half small; small ones hold 5-8 land territories.
    L99: every economic zone holds 4-6. Ours: large of nine or ten, small of five or six
    (G-X1; Tavrik went from Drovnia to Sorrel in the balance runs, map.md)."""
    m = the_map()
    sizes = {c.id: sum(t.country == c.id for t in m.lands.values()) for c in m.countries.values()}
    assert sorted(sizes[c.id] for c in m.countries.values() if c.size == LARGE) == [9, 10, 10]
    assert sorted(sizes[c.id] for c in m.countries.values() if c.size == SMALL) == [5, 5, 6]
    assert (len(m.lands), len(m.seas), len(m.air_zones)) == (45, 8, 6)
    assert all(4 <= len(z.lands) <= 6 for z in m.zones.values())
    assert len(m.canals) == 1 and len(m.rivers) == 3
    # L93: national borders may cut across economic zones; ours do twice.
    crossing = [z.id for z in m.zones.values() if len({m.lands[t].country for t in z.lands}) > 1]
    assert sorted(crossing) == ["amber-shore", "lowlands"]


Break = Callable[[dict[str, Any]], None]


def _unknown_neighbour(raw: dict[str, Any]) -> None:
    entry(raw, "land", "id", "lusk")["next"].append("atlantis")


def _one_sided(raw: dict[str, Any]) -> None:
    entry(raw, "land", "id", "fenwy")["next"].remove("lusk")


def _in_no_zone(raw: dict[str, Any]) -> None:
    entry(raw, "zone", "id", "lowlands")["lands"].remove("vesne")


def _in_two_zones(raw: dict[str, Any]) -> None:
    entry(raw, "zone", "id", "arvel-basin")["lands"].append("quill")


def _zone_too_small(raw: dict[str, Any]) -> None:
    entry(raw, "zone", "id", "morlay-coast")["lands"].remove("carrow")
    entry(raw, "zone", "id", "arvel-basin")["lands"].append("carrow")


def _no_air_zone(raw: dict[str, Any]) -> None:
    entry(raw, "air", "id", "west")["territories"].remove("westdeep")


def _inland_port(raw: dict[str, Any]) -> None:
    entry(raw, "land", "id", "ardun")["city"] = "port"


def _rail_jumps(raw: dict[str, Any]) -> None:
    raw["railroad"].append({"name": "Jump Line", "through": ["lusk", "kester"]})


def _rail_island(raw: dict[str, Any]) -> None:
    raw["railroad"].append({"name": "Lonely Line", "through": ["sarn", "carrow"]})


def _river_apart(raw: dict[str, Any]) -> None:
    raw["river"].append({"name": "Far", "edges": [["lusk", "kester"]]})


def _river_at_sea(raw: dict[str, Any]) -> None:
    raw["river"].append({"name": "Mouth", "edges": [["lusk", "greywater"]]})


def _canal_one_sea(raw: dict[str, Any]) -> None:
    raw["canal"][0]["seas"] = ["narrows", "narrows"]


def _overlap(raw: dict[str, Any]) -> None:
    entry(raw, "land", "id", "lusk")["cells"] = [[2, 1]]


def _country_size(raw: dict[str, Any]) -> None:
    entry(raw, "country", "id", "pellia")["size"] = "large"


def _unreachable(raw: dict[str, Any]) -> None:
    raw["map"]["rows"] = 9
    raw["sea"].append({"id": "lost", "name": "Lost Sea", "cells": [[0, 8]], "next": []})
    entry(raw, "air", "id", "south")["territories"].append("lost")


def _capital_not_city(raw: dict[str, Any]) -> None:
    entry(raw, "country", "id", "lusk")["capital"] = "fenwy"


def _start_zones_wrong(raw: dict[str, Any]) -> None:
    entry(raw, "country", "id", "lusk")["start_zones"] = []


CASES: list[tuple[str, Break, str]] = [
    ("unknown id", _unknown_neighbour, "lusk: next names unknown territories atlantis"),
    ("asymmetric", _one_sided, "lusk lists fenwy as a neighbour but fenwy does not list lusk"),
    ("no zone", _in_no_zone, "land vesne is in no economic zone"),
    ("two zones", _in_two_zones, "land quill is in 2 economic zones"),
    ("zone size", _zone_too_small, "zone morlay-coast holds 3 land territories; L99 allows 4 to 6"),
    ("air zone", _no_air_zone, "westdeep is in 0 air zones"),
    ("port", _inland_port, "port ardun has no sea territory beside it"),
    ("rail adjacency", _rail_jumps, "railroad Jump Line runs from lusk to kester, which do not touch"),
    ("rail net", _rail_island, "the railroads are not connected: 2 separate nets"),
    ("river apart", _river_apart, "river Far on lusk-kester: the two territories do not touch"),
    ("river at sea", _river_at_sea, "river Mouth on lusk-greywater: greywater is a sea territory"),
    ("canal", _canal_one_sea, "canal Skarn Canal must join two different sea territories"),
    ("overlap", _overlap, "fenwy and lusk are both drawn on cell [2, 1]"),
    ("drawing", _overlap, "are drawn touching but are not neighbours"),
    ("country size", _country_size, "country pellia is large but holds 5 land territories (allowed 9-18)"),
    ("unreachable", _unreachable, "territories no one can reach from the rest of the map: lost"),
    ("capital", _capital_not_city, "country lusk: capital 'fenwy' must be a city of its own"),
    ("start zones", _start_zones_wrong, "country lusk: start_zones lists none but its borders give it"),
]


@pytest.mark.parametrize(("what", "breaking", "named"), CASES, ids=[c[0] for c in CASES])
def test_each_problem_is_named(what: str, breaking: Break, named: str) -> None:
    raw = shipped()
    breaking(raw)
    message = problems_of(raw)
    assert message.startswith("broken.toml: ")
    assert named in message, message


def test_every_problem_in_one_message() -> None:
    raw = shipped()
    for breaking in (_one_sided, _inland_port, _river_at_sea, _canal_one_sea):
        breaking(raw)
    message = problems_of(raw)
    for named in ("fenwy does not list lusk", "port ardun", "river Mouth", "canal Skarn Canal"):
        assert named in message
    # A canal that joins no two seas also leaves the Amber Sea cut off: named as well.
    assert "the seas are not one water even through the canals" in message
    assert "5 problem(s)" in message


def test_a_malformed_file_names_the_entry_and_what_is_allowed() -> None:
    raw = shipped()
    entry(raw, "zone", "id", "pellia")["value"] = "rich"
    entry(raw, "land", "id", "lusk")["cells"] = "north"
    entry(raw, "land", "id", "holt")["colour"] = "green"
    raw["dragons"] = {"here": True}
    message = problems_of(raw)
    assert "[[zone]] pellia: value must be a whole number 0 or more, not 'rich'" in message
    assert "[[land]] lusk: cells must be a list of [column, row] pairs" in message
    assert "[[land]] holt: colour is not a field (allowed:" in message
    assert "[dragons] is not a part of a map" in message


def test_not_toml_at_all() -> None:
    with pytest.raises(MapError, match=r"^broken.toml: not valid TOML"):
        parse_checked("[[land]\nid = ", "broken.toml")


def test_the_checker_leaves_the_shipped_copy_alone() -> None:
    raw = shipped()
    before = copy.deepcopy(raw)
    _one_sided(raw)
    problems_of(raw)
    assert shipped() == before


def test_loading_a_broken_file_names_the_file(tmp_path) -> None:
    raw = shipped()
    _inland_port(raw)
    path = tmp_path / "my-map.toml"
    path.write_text(tomli_w.dumps(raw), encoding="utf-8")
    with pytest.raises(MapError, match=r"my-map.toml: 1 problem\(s\): port ardun has no sea territory beside it"):
        load_map(path)
