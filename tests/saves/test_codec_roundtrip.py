"""The codec writes what it reads: round trips, the document layout, None, unions, big ints."""

import tomllib
from typing import ClassVar

import attrs
import pytest
from hypothesis import given, settings

from hedgemony_tui.table import codec
from hedgemony_tui.table.codec import from_toml_text, register_tagged_union, to_toml_text
from hedgemony_tui.table.errors import SaveError
from tests.saves.saves_sample import KIND, Domain, GameState, Invest, Move, Pass, Player, Side, example_state, states


@settings(max_examples=150, deadline=None)
@given(states)
def test_save_then_load_is_the_identity(state):
    text = to_toml_text(state, kind=KIND)
    assert from_toml_text(text, GameState, kind=KIND) == state
    # Sets are sorted on the way out, so the same state always gives the same bytes.
    assert to_toml_text(from_toml_text(text, GameState, kind=KIND), kind=KIND) == text


def test_document_layout_header_then_data():
    text = to_toml_text(example_state(), kind=KIND)
    assert text.startswith(f'schema_version = {codec.FORMAT_VERSION}\nkind = "{KIND}"\n')
    document = tomllib.loads(text)
    assert set(document) == {"schema_version", "kind", "data", "end"}
    data = document["data"]
    assert data["players"][0]["side"] == "blue"  # StrEnum as its value
    assert data["scores"] == {"blue": 2, "red": 0}  # StrEnum keys as strings
    assert data["players"][0]["tags"] == ["alliance", "nuclear"]  # frozenset sorted
    assert data["players"][0]["domains"] == ["air", "sea"]
    assert data["dice"]["rolls"][0]["faces"] == [3, 9]  # tuple as array
    assert "[[data.players]]" in text  # a tuple of classes is an array of tables


def test_none_fields_are_left_out_and_come_back_as_none():
    state = example_state()
    data = tomllib.loads(to_toml_text(state, kind=KIND))["data"]
    assert "winner" not in data
    assert "note" not in data["players"][0] and data["players"][1]["note"] == "lost a carrier"
    assert data["history"][2] == {"type": "Pass"}  # Pass.reason is None
    back = from_toml_text(to_toml_text(state, kind=KIND), GameState, kind=KIND)
    assert back.winner is None and back.players[0].note is None and back.history[2].reason is None


def test_a_none_the_default_cannot_restore_is_refused_at_save_time():
    @attrs.frozen
    class Bad:
        count: int | None = 5  # breaks the contract: may be None, defaults to 5

    with pytest.raises(SaveError, match=r"Bad\.count is None but its default is not None"):
        to_toml_text(Bad(None), kind=KIND)
    with pytest.raises(SaveError, match="cannot be written as TOML"):
        to_toml_text({"a": None}, kind=KIND)


def test_tagged_union_round_trip_with_tags_in_the_file():
    state = attrs.evolve(example_state(), pending=Invest(Side.GREEN, 7, Domain.LAND))
    text = to_toml_text(state, kind=KIND)
    data = tomllib.loads(text)["data"]
    assert [entry["type"] for entry in data["history"]] == ["move", "invest", "Pass"]
    assert data["pending"] == {"type": "invest", "player": "green", "amount": 7, "domain": "land"}
    assert data["rounds"][0][0] == {"type": "Pass", "reason": "no money"}  # arrays of arrays of tables
    back = from_toml_text(text, GameState, kind=KIND)
    assert back == state
    assert [type(intent) for intent in back.history] == [Move, Invest, Pass]


def test_a_union_member_must_not_reuse_a_tag_or_the_tag_field():
    @attrs.frozen
    class A:
        TAG: ClassVar[str] = "same"

    @attrs.frozen
    class B:
        TAG: ClassVar[str] = "same"

    @attrs.frozen
    class C:
        type: str

    with pytest.raises(TypeError, match="share the tag 'same'"):
        register_tagged_union(A | B, [A, B])
    with pytest.raises(TypeError, match="attribute named 'type'"):
        register_tagged_union(A | C, [A, C])


def test_saving_a_class_outside_its_union_is_refused():
    @attrs.frozen
    class Stranger:
        x: int = 0

    # A class outside the union, on purpose: the type checker refuses it as the save must.
    state = attrs.evolve(example_state(), pending=Stranger())  # type: ignore[arg-type]
    with pytest.raises(SaveError, match="Stranger is not registered"):
        to_toml_text(state, kind=KIND)


def test_ints_beyond_64_bits_travel_as_digit_strings():
    state = attrs.evolve(example_state(), turn=-(2**70))
    text = to_toml_text(state, kind=KIND)
    data = tomllib.loads(text)["data"]
    assert data["turn"] == str(-(2**70)) and data["dice"]["seed"] == str(2**127 + 3)
    assert from_toml_text(text, GameState, kind=KIND) == state
    # ... and only those: a small number in quotes is a string, not an int.
    quoted = text.replace("turn = ", 'turn = "12" #', 1)
    with pytest.raises(SaveError, match=r"expected int, got str '12' @ \$\.turn"):
        from_toml_text(quoted, GameState, kind=KIND, allow_edited=True)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("rp = 12", 'rp = "12"', r"expected int, got str '12' @ \$\.players\[0\]\.rp"),
        ("rp = 12", "rp = 12.0", r"expected int, got float 12\.0 @ \$\.players\[0\]\.rp"),
        ("rp = 12", "rp = true", r"expected int, got bool True @ \$\.players\[0\]\.rp"),
        ('game_id = "g-001"', "game_id = 1", r"expected str, got int 1 @ \$\.game_id"),
        ("finished = false", 'finished = "false"', r"expected bool.* @ \$\.finished"),
        ('side = "red"', 'side = "purple"', r"expected one of 'blue', 'red', 'green', got 'purple'"),
        (
            'tags = [\n    "alliance",\n    "nuclear",\n]',
            'tags = "nuclear"',
            r"expected an array, got str 'nuclear' @ \$\.players\[0\]\.tags",
        ),
        ("[data.dice]", "[data.dice.x]", r"required field missing @ \$\.dice\.seed"),
    ],
)
def test_types_are_checked_never_coerced(old, new, message):
    text = to_toml_text(example_state(), kind=KIND)
    assert old in text
    with pytest.raises(SaveError, match=message):
        from_toml_text(text.replace(old, new, 1), GameState, kind=KIND, allow_edited=True)


def test_a_member_of_the_union_may_be_loaded_on_its_own():
    text = to_toml_text(Player(Side.RED, 1, forces=attrs.evolve(example_state().players[0].forces)), kind=KIND)
    assert from_toml_text(text, Player, kind=KIND).side is Side.RED
