"""The map and the event cards as data: the shipped files pass their checkers, and the
checkers name every problem of a broken file."""

from __future__ import annotations

import tomllib

import pytest

from hedgemony_tui.games.rescue.engine.board import MapError, default_board, distances, map_problems, read_map_text
from hedgemony_tui.games.rescue.engine.cards import CardError, card_problems, event_cards, read_cards_text
from hedgemony_tui.table import resources

MAP_TEXT = (resources.data_dir("rescue") / "map.toml").read_text(encoding="utf-8")


def test_the_shipped_map_matches_the_seed_s_named_places():
    board = default_board()
    assert (board.port, board.airport, board.city, board.staging) == ("A-3", "D-1", "C-3", ("C-2", "B-5"))
    assert board.crises[3] == "C-3"  # Crisis 4 is the city centre (L36)
    assert dict(board.starts) == {"HC": "D-1", "USM": "A-3", "HN": "C-3"}
    # Odd columns sit half a hex lower: C-3 touches B-2, B-3, D-2, D-3, C-2, C-4.
    assert set(board.neighbours("C-3")) == {"B-2", "B-3", "D-2", "D-3", "C-2", "C-4"}
    # The HC alone reaches every crisis but the island.
    alone = distances(board, "D-1", lambda a, b: not board.ocean(b))
    assert [spot in alone for spot in board.crises] == [True] * 5 + [False]


def test_a_broken_map_is_refused_with_every_problem():
    raw = tomllib.loads(MAP_TEXT)
    raw["terrain"][2] = "land land land land"  # row 3 short of a hex
    raw["places"]["port"] = "A-2"  # ocean
    raw["crises"]["6"] = "B-2"  # the hex of Crisis 1
    found = map_problems(raw)
    assert any("row 3 has 4 hexes" in p for p in found)
    assert any("port A-2 is ocean" in p for p in found)
    assert any("two crises share a hex" in p for p in found)
    with pytest.raises(MapError, match="two crises share a hex"):
        read_map_text(MAP_TEXT.replace('6 = "E-6"', '6 = "B-2"'))


def test_a_depot_the_humanitarian_community_cannot_reach_over_land_is_refused():
    raw = tomllib.loads(MAP_TEXT)
    raw["terrain"] = [*raw["terrain"], "land land land land land"]  # a row 7 beyond the southern sea
    raw["crises"]["6"] = "A-7"
    assert map_problems(raw) == []  # a crisis across the sea is the point of the ocean rule
    raw["places"]["staging"] = ["C-2", "E-7"]
    assert map_problems(raw) == ["E-7 cannot be reached by the Humanitarian Community over land"]


def test_the_shipped_cards_and_a_broken_file():
    assert len(event_cards()) == 12
    found = card_problems(
        {
            "card": [
                {
                    "id": "E01",
                    "title": "t",
                    "text": "x",
                    "effects": [{"kind": "tokens", "seat": "UN", "resource": "gold", "amount": 1}],
                },
                {"id": "E01", "title": "", "text": "x", "effects": [{"kind": "weather"}]},
                {"id": "E03", "title": "t", "text": "x", "effects": []},
            ]
        }
    )
    for problem in (
        "names a seat",
        "names a resource",
        "needs a title",
        "'weather'",
        "needs a list of effects",
        "E01 is used twice",
    ):
        assert any(problem in p for p in found), problem
    with pytest.raises(CardError):
        read_cards_text("[[card]]\nid = 'E1'\n")
