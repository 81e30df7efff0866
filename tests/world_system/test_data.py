"""The world-system game's numbers as data (``data/world-system/world.toml``): the shipped
file holds the seed's figures (003, L4-L9, L40, L74-L75, L88-L89), and
``engine/world.parse_world`` refuses every kind of mistake with one message that names
the key and says what is allowed."""

from __future__ import annotations

import copy
import tomllib
from typing import Any

import pytest

from hedgemony_tui.games.world_system.engine import world as world_module
from hedgemony_tui.games.world_system.engine.world import Status, WorldDataError, parse_world, world
from hedgemony_tui.table import resources

TEXT = (resources.data_dir("world-system") / "world.toml").read_text(encoding="utf-8")


def shipped() -> dict[str, Any]:
    return copy.deepcopy(tomllib.loads(TEXT))


def test_the_shipped_file_holds_the_seed_s_numbers():
    w = world()
    # L5-L6: the twelve states, in the seed's order
    assert w.names == (
        "Italy",
        "Spain",
        "Netherlands",
        "France",
        "England",
        "Germany",
        "USA",
        "Russia",
        "Turkey",
        "Japan",
        "China",
        "India",
    )
    assert w.ids == tuple(name.lower() for name in w.names)
    # L6-L9: 3 core (C=16), 3 semiperipheral (C=8), 6 peripheral (C=4); hegemon C=32; 1 terrorist
    assert w.deal == {"core": 3, "semiperipheral": 3, "peripheral": 6}
    assert w.capital == {Status.CORE: 16, Status.SEMI: 8, Status.PERIPHERAL: 4}
    assert (w.hegemon_capital, w.terrorists) == (32, 1)
    # L74-L75: growth "by 8", "by 4", "by 2", "by 1"
    assert w.growth == {"hegemon": 8, "core": 4, "semiperipheral": 2, "peripheral": 1}
    # L40: "till the beginning of the 5th cycle"; L88: "If there are 3 terrorist states"
    assert (w.last_cycle, w.union) == (4, 3)
    assert parse_world(shipped()) == w


def _refused(document: dict[str, Any]) -> str:
    with pytest.raises(WorldDataError) as caught:
        parse_world(document, "world.toml")
    return str(caught.value)


def _set(path: str, value: Any) -> dict[str, Any]:
    """The shipped document with ``path`` ("deal.core") set to ``value`` (or removed: ...)."""
    document = shipped()
    *tables, key = path.split(".")
    table = document
    for name in tables:
        table = table[name]
    if value is ...:
        del table[key]
    else:
        table[key] = value
    return document


@pytest.mark.parametrize(
    ("path", "value", "says"),
    [
        ("deal.cores", 3, ["'cores'", "the keys are core, semiperipheral"]),
        ("growth.hegemonic", 8, ["'hegemonic'", "the keys are hegemon, core"]),
        ("cycles.lst", 4, ["'lst'", "the keys are last, terrorist_union"]),
        ("deal.core", ..., ["'core' is missing", "a whole number 0-12"]),
        ("growth.peripheral", ..., ["'peripheral' is missing", "a whole number 0-10000"]),
        ("cycles.last", ..., ["'last' is missing", "a whole number 1-20"]),
        ("deal.core_capital", "16", ["core_capital", "a whole number 1-10000", "'16'"]),
        ("deal.hegemon_capital", 0, ["hegemon_capital", "a whole number 1-10000", "not 0"]),
        ("deal.terrorists", True, ["terrorists", "a whole number 0-12", "True"]),
        ("growth.core", -4, ["core", "a whole number 0-10000", "-4"]),
        ("growth.core", 4.5, ["core", "a whole number 0-10000", "4.5"]),
        ("cycles.last", 0, ["last", "a whole number 1-20"]),
        ("cycles.terrorist_union", 1, ["terrorist_union", "a whole number 2-12"]),
        ("deal.peripheral", 5, ["core + semiperipheral + peripheral must make the 12 states", "not 11"]),
        ("deal.terrorists", 10, ["no more terrorists than non-core states"]),
        ("growth", ..., ["the table [growth] is missing"]),
        ("cycles", [], ["[cycles] must be a table of whole numbers"]),
        ("colours", {}, ["unknown key 'colours'", "the keys are states, deal, growth, cycles"]),
    ],
)
def test_a_typo_in_a_table_is_refused_naming_the_key_and_what_is_allowed(path, value, says):
    message = _refused(_set(path, value))
    assert message.startswith("world.toml")
    for part in says:
        assert part in message, (part, message)


def test_a_deal_with_no_core_state_is_refused():
    document = shipped()
    document["deal"].update(core=0, semiperipheral=6, peripheral=6)
    assert "at least one core state" in _refused(document)


def _states(change) -> dict[str, Any]:
    document = shipped()
    change(document["states"])
    return document


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda s: s.clear(), "'states' must be a list of { id = ..., name = ... }"),
        (lambda s: s[2].update(flag="nl"), "state 3 must have exactly an id and a name"),
        (lambda s: s[0].pop("name"), "state 1 must have exactly an id and a name"),
        (lambda s: s[1].update(id="Spain"), "state 2's id must be a lower-case word (not 'moderator'), not 'Spain'"),
        (lambda s: s[1].update(id="moderator"), "not 'moderator'"),
        (lambda s: s[1].update(id="united states"), "state 2's id must be a lower-case word"),
        (lambda s: s[1].update(id="italy"), "the id 'italy' is listed twice"),
        (lambda s: s[4].update(name=" "), "state 'england' needs a name"),
        (lambda s: s[4].update(name=5), "state 'england' needs a name"),
    ],
)
def test_a_typo_in_the_states_is_refused_naming_the_state(change, says):
    message = _refused(_states(change))
    assert says in message, message


def test_the_states_must_be_a_list():
    document = shipped()
    document["states"] = {"id": "italy", "name": "Italy"}
    assert "'states' must be a list" in _refused(document)


def test_a_missing_or_broken_file_is_one_clear_error(tmp_path, monkeypatch):
    folder = tmp_path / "world-system"
    folder.mkdir()
    monkeypatch.setattr(world_module, "data_dir", lambda game: tmp_path / game)
    read = world_module.world.__wrapped__  # the uncached reader
    with pytest.raises(WorldDataError, match="world.toml: the file is missing"):
        read()
    (folder / "world.toml").write_text("[deal\ncore = 3\n", encoding="utf-8")
    with pytest.raises(WorldDataError, match="world.toml: not valid TOML"):
        read()
    (folder / "world.toml").write_text(TEXT.replace("last = 4", "last = 40"), encoding="utf-8")
    with pytest.raises(WorldDataError, match=r"\[cycles\]\.last must be a whole number 1-20, not 40"):
        read()
    (folder / "world.toml").write_text(TEXT, encoding="utf-8")
    assert read() == world()
