"""Land combat: casualties, control, retreats and supply (seed L190, L196, L257, L357-L370),
through the resolver ``land_combat``, with small decks whose cards are known."""

from __future__ import annotations

import pytest

from hedgemony_tui.games.grand_game.engine.land_combat import LandCombat, land_combat
from hedgemony_tui.games.grand_game.engine.land_deck import LAND_DECK, LandCard
from hedgemony_tui.games.grand_game.engine.land_forces import (
    ADVANCE,
    BLITZKRIEG,
    DEFEND,
    HOLD,
    SCOUT,
    SCREEN,
    LandForce,
    LandOrderError,
    Terrain,
)
from hedgemony_tui.table.dice import Rng

PLAIN = Terrain()

ARM, INF = "armor", "infantry"
EXAMPLE = (LandCard(1, 2, ((ARM, INF), (ARM, INF), (INF, ARM)), 0),)
"""A deck of the seed's example card (L165-L186): +2, two rows armor first, one infantry first."""
BLANK = (LandCard(1, 0, (), 0),)
ONE_KILL = (LandCard(1, 0, ((INF, ARM),), 0),)


def fight(attacker: LandForce, defender: LandForce, deck: tuple[LandCard, ...], terrain: Terrain = PLAIN) -> LandCombat:
    combat, _ = land_combat("Vesne", attacker, defender, terrain, Rng(5), 2, deck)
    return combat


def lost(combat: LandCombat, side: str) -> tuple[int, int]:
    outcome = combat.outcomes[side]
    return outcome.lost_armor, outcome.lost_infantry


def test_the_example_card_takes_two_armor_and_one_infantry() -> None:
    """L190: the example card removes two armor, then one infantry, from the enemy."""
    combat = fight(
        LandForce("red", ADVANCE, infantry=1, supplies=1), LandForce("blue", DEFEND, armor=3, infantry=3), EXAMPLE
    )
    assert lost(combat, "blue") == (2, 1)
    assert [c.taken for c in combat.casualties if c.side == "blue"] == [ARM, ARM, INF]


def test_missing_kinds_are_replaced_on_the_casualty_list() -> None:
    """L190: without enough armor, infantry stands in for it; without infantry, armor does."""
    few_armor = fight(LandForce("red", ADVANCE, infantry=1), LandForce("blue", DEFEND, armor=1, infantry=4), EXAMPLE)
    assert lost(few_armor, "blue") == (1, 2)
    no_infantry = fight(LandForce("red", ADVANCE, infantry=1), LandForce("blue", DEFEND, armor=4), EXAMPLE)
    assert lost(no_infantry, "blue") == (3, 0)
    assert any("no infantry left" in c.line() for c in no_infantry.casualties)


def test_casualties_come_only_from_the_cards_and_add_up() -> None:
    """L196: each side's losses are the rows of the enemy's cards, all of them together."""
    # Attacker base 16 draws 3 one-kill cards, the defender's 12 draws 2: three and two die.
    combat = fight(
        LandForce("red", ADVANCE, armor=4, supplies=4), LandForce("blue", DEFEND, infantry=4, supplies=4), ONE_KILL
    )
    assert lost(combat, "blue") == (0, 3)
    assert lost(combat, "red") == (2, 0)


def test_screen_always_loses_infantry_first() -> None:
    """L357: under Screen the defender's infantry goes before its armor, whatever the rows say."""
    screen = LandForce("blue", SCREEN, armor=3, infantry=2, supplies=5, retreat="Holt")
    combat = fight(LandForce("red", ADVANCE, infantry=1), screen, EXAMPLE)
    assert [c.taken for c in combat.casualties if c.side == "blue"] == [INF, INF, ARM]


def test_the_attacker_needs_a_survivor_to_take_the_territory() -> None:
    """L370: a higher total takes nothing if none of the attacker's land units is left."""
    killer = (LandCard(1, 0, ((INF, ARM),) * 6, 0),)
    combat = fight(
        LandForce("red", ADVANCE, armor=5, supplies=5), LandForce("blue", DEFEND, infantry=1, supplies=1), killer
    )
    assert combat.totals["red"] > combat.totals["blue"]
    assert combat.outcomes["red"].survivors == 0
    assert combat.occupant == "blue"


def test_a_defender_with_no_survivor_loses_to_any_surviving_attacker() -> None:
    """L370: if the attacker has land units left, the defender must have one too, even when
    its total is higher."""
    combat = fight(LandForce("red", ADVANCE, infantry=2), LandForce("blue", DEFEND, infantry=1, supplies=1), ONE_KILL)
    assert combat.totals["blue"] > combat.totals["red"]
    assert combat.outcomes["blue"].survivors == 0 and combat.outcomes["red"].survivors == 1
    assert combat.occupant == "red"


def test_when_both_sides_are_wiped_out_the_defender_keeps_it() -> None:
    """L370: if no land unit survives on either side, the territory stays with the defender."""
    combat = fight(LandForce("red", ADVANCE, infantry=1), LandForce("blue", DEFEND, infantry=1), ONE_KILL)
    assert combat.occupant == "blue"
    assert "defender keeps it" in combat.reason


def test_an_undefended_territory_is_taken_without_cards() -> None:
    """L260, L370: a holder with no land unit there cannot defend it; nothing is drawn."""
    combat = fight(LandForce("red", ADVANCE, infantry=1, supplies=1), LandForce("blue", DEFEND, supplies=3), ONE_KILL)
    assert combat.fights == ()
    assert combat.occupant == "red"
    assert combat.outcomes["blue"].supplies_lost == 3


def test_hold_loses_everything_with_the_territory() -> None:
    """L359: a holding defender cannot retreat; losing the territory costs all it has there."""
    hold = LandForce("blue", HOLD, infantry=3, supplies=5)
    combat = fight(LandForce("red", ADVANCE, armor=4, supplies=4), hold, BLANK)
    assert combat.occupant == "red"
    outcome = combat.outcomes["blue"]
    assert outcome.lost_with_territory == 3 and outcome.survivors == 0
    assert outcome.supplies_lost == 5 - 3 and outcome.supplies_retreating == 0


def test_hold_names_no_retreat() -> None:
    """L359: nothing retreats from a Hold, so a retreat written with it is refused."""
    with pytest.raises(LandOrderError, match="Hold order allows no retreat"):
        fight(LandForce("red", ADVANCE, infantry=1), LandForce("blue", HOLD, infantry=1, retreat="Holt"), BLANK)


def test_screen_retreats_units_and_supplies_and_defend_only_units() -> None:
    """L357-L358: a beaten Screen takes its survivors and spare supplies to its retreat;
    Defend takes its units there but leaves its supplies behind."""
    attacker = LandForce("red", ADVANCE, armor=4, supplies=4)
    screen = fight(attacker, LandForce("blue", SCREEN, infantry=2, supplies=4, retreat="Holt"), BLANK)
    assert screen.occupant == "red"
    s = screen.outcomes["blue"]
    assert (s.retreat_to, s.survivors, s.spent, s.supplies_retreating) == ("Holt", 2, 0, 4)
    defend = fight(attacker, LandForce("blue", DEFEND, infantry=2, supplies=4, retreat="Holt"), BLANK)
    d = defend.outcomes["blue"]
    assert (d.retreat_to, d.survivors, d.spent, d.supplies_retreating, d.supplies_lost) == ("Holt", 2, 2, 0, 2)


def test_screen_and_scout_spend_one_supply_per_enemy_unit_destroyed() -> None:
    """L357, L365: these orders pay supplies only for the enemy units their cards destroy."""
    combat = fight(
        LandForce("red", SCOUT, armor=2, supplies=5, retreat="Holt"),
        LandForce("blue", SCREEN, infantry=3, supplies=5, retreat="Kest"),
        ONE_KILL,
    )
    assert combat.outcomes["red"].destroyed == 1 and combat.outcomes["red"].spent == 1
    assert combat.outcomes["blue"].destroyed == 1 and combat.outcomes["blue"].spent == 1


def test_a_failed_scout_brings_its_spare_supplies_back() -> None:
    """L365: a Scout that does not take the territory retreats with its remaining supplies."""
    combat = fight(
        LandForce("red", SCOUT, infantry=1, supplies=4, retreat="Holt"),
        LandForce("blue", DEFEND, infantry=3, supplies=3),
        BLANK,
    )
    red = combat.outcomes["red"]
    assert combat.occupant == "blue"
    assert (red.retreat_to, red.spent, red.supplies_retreating, red.supplies_lost) == ("Holt", 0, 4, 0)


def test_scout_must_name_its_retreat() -> None:
    """L365: a Scout's retreat territory is fixed in advance; one left out is refused."""
    with pytest.raises(LandOrderError, match="Scout order must name its retreat"):
        fight(LandForce("red", SCOUT, infantry=1), LandForce("blue", DEFEND, infantry=1), BLANK)


def test_advance_spends_a_supply_per_unit_and_loses_the_rest_on_failure() -> None:
    """L366: each attacking unit uses one supply; if the attack fails, supplies beyond those
    used are lost, while the units may retreat."""
    combat = fight(
        LandForce("red", ADVANCE, infantry=2, supplies=5, retreat="Holt"),
        LandForce("blue", DEFEND, infantry=3, supplies=3),
        BLANK,
    )
    red = combat.outcomes["red"]
    assert (red.spent, red.supplies_lost, red.retreat_to, red.survivors) == (2, 3, "Holt", 2)
    won = fight(
        LandForce("red", ADVANCE, armor=3, supplies=5), LandForce("blue", DEFEND, infantry=1, supplies=1), BLANK
    )
    assert (won.outcomes["red"].spent, won.outcomes["red"].supplies_kept) == (3, 2)


def test_a_unit_without_supply_fights_at_one() -> None:
    """G-X4 (by analogy with L275): a land unit with no supply available fights at value 1."""
    fed = fight(
        LandForce("red", ADVANCE, armor=2, supplies=2), LandForce("blue", DEFEND, infantry=1, supplies=1), BLANK
    )
    starved = fight(
        LandForce("red", ADVANCE, armor=2, supplies=1), LandForce("blue", DEFEND, infantry=1, supplies=1), BLANK
    )
    assert fed.totals["red"] == 8 and starved.totals["red"] == 5


def test_tactical_air_takes_one_enemy_supply_before_the_fight() -> None:
    """L257: a side with tactical air over a land combat removes one supply there."""
    combat = fight(
        LandForce("red", ADVANCE, armor=2, supplies=2, superiority=1, tactical=1),
        LandForce("blue", DEFEND, infantry=2, supplies=2),
        BLANK,
    )
    blue = combat.outcomes["blue"]
    assert blue.removed == 1
    assert combat.totals["blue"] == 3 + 1


def test_the_same_seed_and_key_draw_the_same_cards() -> None:
    """All randomness comes from keyed draws: same seed, turn and territory, same cards;
    another territory is another shuffle."""
    red = LandForce("red", ADVANCE, armor=4, infantry=2, supplies=6)
    blue = LandForce("blue", DEFEND, infantry=4, supplies=4)
    first, _ = land_combat("Vesne", red, blue, Terrain(), Rng(99), 4)
    again, _ = land_combat("Vesne", red, blue, Terrain(), Rng(99), 4)
    assert first == again
    elsewhere = [land_combat(name, red, blue, Terrain(), Rng(99), 4)[0].fights[0].cards for name in ("A", "B", "C")]
    assert len(set(elsewhere)) > 1
    assert all(card in LAND_DECK for hand in first.fights[0].cards for card in hand)


def test_bad_forces_are_refused_with_every_problem_named() -> None:
    """L351-L367: the holder writes a defensive order, the others an offensive one; L260:
    air alone takes no land; L251: tactical air uses at most the superiority held."""
    with pytest.raises(LandOrderError) as caught:
        fight(LandForce("red", "charge", infantry=-1), LandForce("blue", ADVANCE, infantry=1), BLANK)
    message = str(caught.value)
    assert "'charge' is not a land order" in message
    assert "infantry must be a whole number 0 or more" in message
    assert "blue holds the territory: its order must be Screen, Defend or Hold" in message
    with pytest.raises(LandOrderError, match="aircraft cannot take land alone"):
        fight(LandForce("red", BLITZKRIEG, superiority=2, tactical=2), LandForce("blue", DEFEND, infantry=1), BLANK)
    with pytest.raises(LandOrderError, match="at most the superiority held"):
        fight(LandForce("red", ADVANCE, infantry=1, tactical=2), LandForce("blue", DEFEND, infantry=1), BLANK)


def test_the_record_explains_itself() -> None:
    """The record names every card drawn and every term with its source."""
    combat = fight(
        LandForce("red", ADVANCE, armor=2, supplies=2), LandForce("blue", DEFEND, infantry=2, supplies=2), EXAMPLE
    )
    text = "\n".join(combat.lines())
    assert "drew land card 1: +2" in text
    assert "units.toml, G-X2" in text and "L196" in text
    assert combat.reason in text
