"""Sea combat (seed L266-L315, L376): search, cards, supply, orders, ports, several sides."""

from __future__ import annotations

import pytest

from hedgemony_tui.games.grand_game.engine.sea_combat import (
    ENGAGE,
    HIDE,
    SeaCombat,
    SeaForce,
    SeaOrderError,
    base_value,
    capacity_problems,
    port_attack,
    sea_combat,
    search_need,
)
from hedgemony_tui.games.grand_game.engine.sea_deck import HEAVY, LIGHT, LOADED, SEA_DECK, SeaCard
from hedgemony_tui.table.dice import Rng

ONE_ROW = tuple(SeaCard(n, ((LIGHT, HEAVY, LOADED),), 0) for n in range(1, 17))
CARGO_FIRST = tuple(SeaCard(n, ((LOADED, LIGHT, HEAVY),), 0) for n in range(1, 17))
FLAK = tuple(SeaCard(n, (), 1) for n in range(1, 17))


def _fought(seed: int, a: SeaForce, b: SeaForce, deck: tuple[SeaCard, ...] = SEA_DECK) -> SeaCombat:
    """The first seed from ``seed`` on whose searches lead to a fight."""
    for s in range(seed, seed + 200):
        combat, _ = sea_combat("S1", (a, b), Rng(s), 1, deck=deck)
        if combat.duels[0].fought:
            return combat
    raise AssertionError("no seed fought")


def test_search_needs() -> None:
    """L272: a search finds on 4 or less, on 3 or less in winter, one more with any air
    superiority; L304: a hiding force does not search at all."""
    assert search_need(SeaForce("a", light=1), winter=False) == 4
    assert search_need(SeaForce("a", light=1), winter=True) == 3
    assert search_need(SeaForce("a", light=1, superiority=2), winter=False) == 5
    assert search_need(SeaForce("a", light=1, superiority=1), winter=True) == 4
    assert search_need(SeaForce("a", light=1, order=HIDE), winter=False) is None


def test_they_fight_exactly_when_one_finds_the_other() -> None:
    """L272: combat happens if either side's search succeeds, never if both fail."""
    both = {True: 0, False: 0}
    for seed in range(80):
        combat, _ = sea_combat("S1", (SeaForce("a", light=1), SeaForce("b", light=1)), Rng(seed), 1, winter=True)
        duel = combat.duels[0]
        assert all((s.face is not None and s.need is not None and s.face <= s.need) == s.found for s in duel.searches)
        assert duel.fought == any(s.found for s in duel.searches)
        both[duel.fought] += 1
        if not duel.fought:
            assert combat.casualties == () and duel.cards == ((), ()) and set(combat.supplies_used.values()) == {0}
            assert any("no combat" in line for line in combat.lines())
    assert both[True] and both[False]


def test_two_hiding_forces_never_meet() -> None:
    """L304: Hide does not search, so two hiding forces never fight."""
    combat, _ = sea_combat("S1", (SeaForce("a", heavy=2, order=HIDE), SeaForce("b", heavy=2, order=HIDE)), Rng(1), 1)
    assert not combat.duels[0].fought


def test_a_card_per_five_points_and_per_seven_when_hiding() -> None:
    """L278: one card per five points of base value, at least one; L304: Hide one per seven."""
    strong = SeaForce("a", heavy=2, light=1, supplies=3)  # 4 + 4 + 2 = 10
    combat = _fought(0, strong, SeaForce("b", light=1, supplies=1))
    assert [c.cards for c in combat.duels[0].counts] == [2, 1]
    hiding = SeaForce("a", heavy=2, light=1, supplies=3, order=HIDE)
    combat = _fought(0, hiding, SeaForce("b", light=1, supplies=1))
    assert [c.cards for c in combat.duels[0].counts] == [1, 1]


def test_unsupplied_fleets_fight_at_one_and_fighting_costs_a_supply() -> None:
    """L275: a fleet without supply counts 1; each fleet that fights spends one supply."""
    assert base_value(SeaForce("a", heavy=2, supplies=2))[0] == 8
    assert base_value(SeaForce("a", heavy=2, supplies=1))[0] == 5
    combat = _fought(0, SeaForce("a", heavy=2, light=1, supplies=2), SeaForce("b", light=1, supplies=5))
    assert combat.supplies_used == {"a": 2, "b": 1}


def test_hide_spends_supply_only_for_what_it_sinks() -> None:
    """L304: a hiding force spends at most one supply for each enemy fleet it sinks."""
    for seed in range(300):
        hider = SeaForce("a", heavy=3, supplies=3, order=HIDE)
        combat, _ = sea_combat("S1", (hider, SeaForce("b", light=1, supplies=1)), Rng(seed), 1, deck=ONE_ROW)
        if combat.duels[0].fought:
            sunk = sum(1 for c in combat.casualties if c.by == "a")
            assert combat.supplies_used["a"] == sunk == 1
            return
    raise AssertionError("no seed fought")


def test_hiding_cargo_ships_are_lost_last() -> None:
    """L304: a hiding force loses its loaded light fleets only when nothing else is left."""
    hider = SeaForce("b", loaded=1, light=1, supplies=2, order=HIDE)
    combat = _fought(0, SeaForce("a", heavy=1, supplies=1), hider, deck=CARGO_FIRST)
    (loss,) = [c for c in combat.casualties if c.side == "b"]
    assert (loss.wanted, loss.taken) == (LOADED, LIGHT)
    patrol = SeaForce("b", loaded=1, light=1, supplies=2)
    combat = _fought(0, SeaForce("a", heavy=1, supplies=1), patrol, deck=CARGO_FIRST)
    (loss,) = [c for c in combat.casualties if c.side == "b"]
    assert loss.taken == LOADED


def test_a_row_takes_the_next_kind_when_the_first_is_gone() -> None:
    """L275 with L190: as on land, a casualty of a kind the enemy lacks falls to the next on its row."""
    combat = _fought(0, SeaForce("a", heavy=1, supplies=1), SeaForce("b", heavy=1, supplies=1), deck=ONE_ROW)
    losses = {(c.side, c.wanted, c.taken) for c in combat.casualties}
    assert losses == {("a", LIGHT, HEAVY), ("b", LIGHT, HEAVY)}
    assert any("next on the row" in line for line in combat.lines())


def test_engage_gives_every_heavy_fleet_a_card() -> None:
    """L306: once a search succeeds and either side ordered Engage, each heavy fleet on both
    sides draws one card more."""
    combat = _fought(0, SeaForce("a", heavy=2, supplies=2, order=ENGAGE), SeaForce("b", heavy=1, supplies=1))
    assert [c.cards for c in combat.duels[0].counts] == [1 + 2, 1 + 1]


def test_flak_is_tallied_against_the_enemy() -> None:
    """L278: flak on sea cards is only counted here, against the other side's aircraft."""
    combat = _fought(0, SeaForce("a", heavy=2, supplies=2), SeaForce("b", light=1), deck=FLAK)
    assert combat.flak_on == {"a": 1, "b": 1}


def test_air_superiority_may_fight_alone_at_sea() -> None:
    """L260 and L278: tactical air can search (with its +1) and draw cards with no fleet."""
    air = SeaForce("a", superiority=2, tactical=2)
    assert search_need(air, winter=False) == 5
    combat = _fought(0, air, SeaForce("b", light=1, supplies=1), deck=ONE_ROW)
    assert combat.duels[0].counts[0].cards == 1
    assert [c.side for c in combat.casualties] == ["b"]
    assert combat.supplies_used["a"] == 0  # L248: aircraft use no supply


def test_tactical_air_adds_to_the_base_value() -> None:
    """L257 and L269: tactical superiority adds its points to the base value of each combat."""
    assert base_value(SeaForce("a", heavy=2, supplies=2, superiority=2, tactical=2))[0] == 10


def test_a_port_attack() -> None:
    """L315: a port cannot be taken; both sides Engage; each defending light fleet draws one
    card more and the port one of its own; the attackers go back to the sea beside it."""
    attacker = SeaForce("a", heavy=1, supplies=1, order=HIDE)
    defender = SeaForce("b", light=2, supplies=2)
    combat, _ = port_attack("P1", "S1", attacker, defender, Rng(2), 1, deck=ONE_ROW)
    duel = combat.duels[0]
    assert duel.fought and duel.searches == ()
    assert [c.cards for c in duel.counts] == [1 + 1, 1 + 2]
    assert len(duel.port_cards) == 1
    assert combat.attackers_return_to == "S1" and combat.port == "P1"
    assert {f.order for f in combat.forces} == {ENGAGE}
    assert sum(1 for c in combat.casualties if c.side == "a") == 1  # 4 rows against one heavy fleet


def test_three_sides_fight_pair_by_pair_and_add_losses() -> None:
    """L376: with several sides at sea, each pair fights at full strength and losses add up."""
    for seed in range(300):
        forces = (SeaForce("a", light=3), SeaForce("b", light=3), SeaForce("c", light=3))
        combat, _ = sea_combat("S1", forces, Rng(seed), 1, deck=ONE_ROW)
        if all(d.fought for d in combat.duels):
            assert len(combat.duels) == 3
            assert {s: sum(1 for c in combat.casualties if c.side == s) for s in "abc"} == {"a": 2, "b": 2, "c": 2}
            return
    raise AssertionError("no seed fought every pair")


def test_fleets_carry_what_the_seed_allows() -> None:
    """L275: a light fleet carries two land units and six supplies; a heavy fleet one
    aircraft and six supplies."""
    assert capacity_problems(light_loaded=1, heavy=1, land_units=2, supplies=12, aircraft=1) == []
    problems = capacity_problems(light_loaded=1, heavy=0, land_units=3, supplies=7, aircraft=1)
    assert len(problems) == 3


def test_same_seed_same_sea_combat() -> None:
    forces = (SeaForce("a", heavy=2, light=2, supplies=4), SeaForce("b", heavy=1, light=3, supplies=4))
    assert sea_combat("S1", forces, Rng(7), 2)[0] == sea_combat("S1", forces, Rng(7), 2)[0]


@pytest.mark.parametrize(
    ("force", "words"),
    [
        (SeaForce("a", light=-1), "light must be a whole number"),
        (SeaForce("a", light=1, order="ram"), "not one of hide, patrol, engage"),
        (SeaForce("a"), "needs a fleet or tactical air"),
        (SeaForce("a", light=1, tactical=2, superiority=1), "more than its superiority"),
    ],
)
def test_bad_forces_are_one_clear_error(force: SeaForce, words: str) -> None:
    with pytest.raises(SeaOrderError, match=words):
        sea_combat("S1", (force, SeaForce("b", light=1)), Rng(1), 1)
