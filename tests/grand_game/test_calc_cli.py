"""The Grand Game's facilitator calculator, ``hedgemony calc --game grand-game combat ...``:
the cards and modifiers of each side, the chance of each result (the engine's own odds),
``--seed`` resolving one keyed draw, and one clear line for every bad argument."""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import Any

import pytest
from rich.console import Console

from hedgemony_tui.cli.parsing import OneLineParser, UsageError
from hedgemony_tui.games.grand_game import cli
from hedgemony_tui.games.grand_game.engine.air_combat import superiority_odds
from hedgemony_tui.games.grand_game.engine.land_combat import land_combat
from hedgemony_tui.games.grand_game.engine.land_forces import ADVANCE, DEFEND, LandForce, Terrain
from hedgemony_tui.games.grand_game.engine.land_odds import land_odds
from hedgemony_tui.games.grand_game.engine.sea_combat import ENGAGE, HIDE, SeaForce
from hedgemony_tui.games.grand_game.engine.sea_odds import sea_odds
from hedgemony_tui.table.dice import Rng
from hedgemony_tui.table.errors import RuleInputError
from hedgemony_tui.table.registry import game_ids


def _parse(*argv: str) -> argparse.Namespace:
    parser = OneLineParser(prog="hedgemony")
    commands = parser.add_subparsers(dest="command", parser_class=OneLineParser)
    cli.add_parsers(commands)
    return parser.parse_args(["calc", "combat", *argv])


def calc(*argv: str) -> tuple[dict[str, Any], str]:
    """The payload and the text the calculator prints for ``calc combat ARGV...``."""
    payload, shown = cli.run(_parse(*argv))
    console = Console(record=True, width=120)
    console.print(shown)
    return payload, console.export_text()


def _fraction(entry: dict[str, Any]) -> Fraction:
    return Fraction(entry["fraction"])


def test_land_shows_each_sides_cards_and_the_exact_odds() -> None:
    """L196, L327: base values and cards per side with their lines; the chance of taking the
    territory is land_odds' own."""
    payload, text = calc(
        "land", "--attack", "3inf,1armor", "--order", "advance", "--defend", "2inf", "--terrain", "mountain"
    )
    attacker = LandForce("attacker", ADVANCE, infantry=3, armor=1, supplies=4)
    defender = LandForce("defender", DEFEND, infantry=2, supplies=2)
    odds = land_odds("the territory", attacker, defender, Terrain(mountain=True))
    assert _fraction(payload["attacker_takes"]) == odds.takes
    occupant = {row["side"]: _fraction(row) for row in payload["occupant"]}
    assert occupant == {"attacker": odds.takes, "defender": 1 - odds.takes}
    assert [side["cards"] for side in payload["sides"]] == [odds.attacker.cards, odds.defender.cards]
    assert payload["sides"][1]["base"] == 2 * 3 + 2  # two infantry at defence 3, +1 each for the mountain
    assert payload["method"] == "exact"
    assert sum(_fraction(row) for row in payload["losses"]["attacker"]["chances"]) == 1
    assert "mountain: +1 for each of 2 defending units" in text
    assert "attacker takes it" in text and "Exact" in text


def test_a_river_alone_takes_the_whole_attack_across() -> None:
    """L327, G-R1: the part of a force crossing a river draws one card per 10 points."""
    payload, text = calc("land", "--attack", "3inf,1armor", "--river", "--defend", "2inf")
    terms = [term["what"] for term in payload["sides"][0]["card_terms"]]
    assert terms == ["10 points across the river at 1 per 10"]
    partial, _ = calc("land", "--attack", "3inf", "--shore", "1armor", "--defend", "2inf")
    assert [term["cards"] for term in partial["sides"][0]["card_terms"]] == [1, 0]
    assert "across the shore at 1 per 15" in partial["sides"][0]["card_terms"][1]["what"]
    assert "crossing the river" in text


def test_supplies_default_to_full_and_blitzkrieg_pays_two() -> None:
    """L366-L367: each unit needs a supply, two under Blitzkrieg; the calculator supplies a
    force fully unless told, and ``--supplies 0`` fights at 1 a unit (G-X4)."""
    payload, _ = calc("land", "--attack", "2armor", "--order", "blitzkrieg", "--defend", "1inf")
    assert payload["sides"][0]["supplies"] == 4 and payload["sides"][0]["base"] == 8
    starved, _ = calc("land", "--attack", "2armor", "--supplies", "0", "--defend", "1inf")
    assert starved["sides"][0]["base"] == 2


def test_the_seed_resolves_one_keyed_draw_as_the_game_would() -> None:
    payload, text = calc("land", "--attack", "3inf,1armor", "--defend", "2inf", "--seed", "4", "--turn", "2")
    attacker = LandForce("attacker", ADVANCE, infantry=3, armor=1, supplies=4)
    defender = LandForce("defender", DEFEND, infantry=2, supplies=2)
    combat, _ = land_combat("the territory", attacker, defender, Terrain(), Rng(4), 2)
    assert payload["draw"]["occupant"] == combat.occupant
    assert payload["draw"]["lines"] == list(combat.lines())
    assert payload["draw"]["cards"]["attacker-defender"]["attacker"] == [c.number for c in combat.fights[0].cards[0]]
    assert "One draw with seed 4, turn 2" in text and "drew land card" in text
    assert calc("land", "--attack", "3inf,1armor", "--defend", "2inf", "--seed", "4", "--turn", "2")[0] == payload


def test_an_empty_territory_is_taken_without_a_card() -> None:
    """L370: nothing defends, so the attacker walks in."""
    payload, text = calc("land", "--attack", "1inf", "--defend", "none")
    assert payload["sides"] == [] and _fraction(payload["attacker_takes"]) == 1
    assert "no combat, no card" in text


def test_one_supply_is_one_supply() -> None:
    _, text = calc("sea", "--attack", "1light", "--defend", "1light")
    assert "of 1 supply used" in text and "1 supplies" not in text


def test_sea_search_cards_and_losses() -> None:
    """L272: a search finds on 4 or less, 3 in winter, one more with air superiority; a
    hiding force never searches (L304); the losses are sea_odds' own."""
    payload, text = calc(
        "sea",
        "--attack",
        "2heavy,1light",
        "--order",
        "engage",
        "--air",
        "1",
        "--defend",
        "3light,1loaded",
        "--defend-order",
        "hide",
        "--winter",
    )
    first = SeaForce("attacker", light=1, heavy=2, supplies=3, order=ENGAGE, superiority=1, tactical=1)
    second = SeaForce("defender", light=3, loaded=1, supplies=4, order=HIDE)
    odds = sea_odds(first, second, winter=True)
    finds = [_fraction(side["finds"]) for side in payload["sides"]]
    assert finds == [Fraction(4, 6), Fraction(0)]
    assert [side["expected_losses"] for side in payload["sides"]] == [float(e) for e in odds.expected_losses]
    for side, expected in zip(payload["sides"], odds.expected_losses, strict=True):
        chances = {row["lost"]: _fraction(row) for row in side["losses"]}
        assert sum(chances.values()) == 1
        assert sum(n * p for n, p in chances.items()) == expected
    assert "finds on 4 or less (in winter, +1 for air superiority, L272)" in text
    assert "hides: does not search (L304)" in text


def test_a_port_attack_needs_no_search_and_the_port_draws() -> None:
    """L315: both sides Engage, the port draws a card of its own, the attackers go back."""
    payload, text = calc("sea", "--attack", "2heavy", "--defend", "2light", "--port", "--seed", "2")
    assert payload["combat"] == "port" and _fraction(payload["fight"]) == 1
    assert "draws 1 card of its own (L315)" in text
    assert "the attackers return to the sea next to it" in text


def test_air_superiority_and_bombing_with_it() -> None:
    """L248: the chance of each superiority is air_combat's; L251, L254: bombing with up to
    N points rolls as many dice as the superiority allows, and nothing without it."""
    payload, text = calc("air", "--attack", "5", "--defend", "3", "--bomb", "2", "--seed", "9")
    margins = superiority_odds(5, 3)
    got = {(row["side"], row["points"]): _fraction(row) for row in payload["superiority"]}
    assert got[("attacker", 2)] == margins[2] and got[(None, 0)] == margins[0]
    damage = {row["damage"]: _fraction(row) for row in payload["bombing"]["damage"]}
    assert sum(damage.values()) == 1 and max(damage) == 6  # two dice at most, 3 each
    no_superiority = sum(p for m, p in margins.items() if m <= 0)
    assert damage[0] > no_superiority
    assert "attacker holds +2" in text and "One draw with seed 9" in text


def test_bombing_dice_follow_the_d6_table() -> None:
    """L254: a 4 does 1, a 5 two, a 6 three, anything lower nothing."""
    payload, text = calc("bombing", "--dice", "1", "--seed", "3")
    assert {row["damage"]: _fraction(row) for row in payload["damage"]} == {
        0: Fraction(1, 2),
        1: Fraction(1, 6),
        2: Fraction(1, 6),
        3: Fraction(1, 6),
    }
    face = payload["draw"]["faces"][0]
    assert f"rolled {face}" in text and 1 <= face <= 6


def test_multi_way_land_odds_say_how_they_were_found() -> None:
    """L376: three sides, each plan shown once against its opponents; small forces are
    counted exactly, large ones sampled with the sample size printed."""
    payload, text = calc(
        "multi", "--side", "blue=defend:2inf", "--side", "red=advance:1armor", "--side", "green=advance:1inf"
    )
    assert payload["method"] == "exact" and payload["defender"] == "blue"
    assert sum(_fraction(row) for row in payload["occupant"]) == 1
    assert "blue against green, red (the same plan against each):" in text
    big, big_text = calc(
        "multi",
        "--side",
        "blue=defend:6inf",
        "--side",
        "red=advance:4armor,2inf",
        "--side",
        "green=advance:3armor",
        "--side",
        "grey=scout:2inf:retreat=Holt",
        "--samples",
        "500",
    )
    assert big["method"] == "monte-carlo" and big["samples"] == 500
    assert "500 combats were sampled" in big_text


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (("land", "--attack", "lots", "--defend", "2inf"), "write COUNT then KIND"),
        (("land", "--attack", "300inf", "--defend", "2inf"), "at most 99 infantry"),
        (("land", "--attack", "1inf", "--defend", "1inf", "--terrain", "swamp"), "city, port, mountain"),
        (("land", "--attack", "1inf", "--defend", "1inf", "--order", "defend"), "choose from"),
        (("land", "--attack", "1inf", "--defend", "1inf", "--supplies", "9" * 5000), "from 0 to 999"),
        (("sea", "--attack", "1banana", "--defend", "1light"), "kinds: light, loaded, heavy"),
        (("air", "--attack", "-1", "--defend", "3"), "from 0 to 99"),
        (("bombing", "--dice", "0"), "from 1 to 99"),
        (("multi", "--side", "blue=attack:1inf", "--side", "red=advance:1inf"), "is not a land order"),
        (("land", "--attack", "1inf", "--defend", "1inf", "--attacker", "a/b"), "without / = or :"),
        ((), "land, multi, sea, air or bombing"),
    ],
)
def test_bad_arguments_are_refused_in_one_line(argv: tuple[str, ...], says: str) -> None:
    with pytest.raises(UsageError, match=None) as caught:
        _parse(*argv)
    assert says in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (("land", "--attack", "1inf", "--defend", "1inf", "--order", "scout"), "must name its retreat"),
        (("land", "--attack", "1inf", "--defend", "1inf", "--air", "2", "--defend-air", "1"), "both claim air"),
        (("land", "--attack", "1inf", "--defend", "1inf", "--air", "1", "--tactical", "3"), "at most the superiority"),
        (("land", "--defend", "2inf"), "needs at least one infantry or armor"),
        (("land", "--attack", "1inf", "--river", "--shore", "--defend", "1inf"), "cannot cross both"),
        (("land", "--attack", "1inf", "--defend", "1inf", "--stance", "hold", "--defend-retreat", "X"), "no retreat"),
        (("sea", "--attack", "none", "--defend", "1light"), "needs a fleet or tactical air"),
        (("sea", "--attack", "1heavy", "--defend", "none", "--port"), "needs defending fleets"),
        (("multi", "--side", "blue=defend:1inf"), "at least two sides"),
        (("multi", "--side", "blue=defend:1inf", "--side", "red=hold:1inf"), "only the territory's holder"),
        (("multi", "--side", "red=advance:1inf", "--side", "red=scout:1inf:retreat=X"), "only one force"),
    ],
)
def test_forces_the_rules_refuse_are_one_clear_line(argv: tuple[str, ...], says: str) -> None:
    with pytest.raises(RuleInputError) as caught:
        cli.run(_parse(*argv))
    assert says in str(caught.value) and "\n" not in str(caught.value)


def test_the_games_data_errors_are_named() -> None:
    names = {error.__name__ for error in cli.errors()}
    assert {"LandDeckError", "SeaDeckError", "AirDeckError", "UnitTableError", "MapError"} <= names


@pytest.mark.skipif("grand-game" not in game_ids(), reason="the Grand Game is not registered yet")
def test_the_hedgemony_command_runs_the_calculator(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.cli.cli_helpers import run

    code, out, err = run(capsys, "calc", "--game", "grand-game", "combat", "bombing", "--dice", "2", "--json")
    assert code == 0, err
    assert '"combat": "bombing"' in out
    code, _, err = run(capsys, "calc", "--game", "grand-game", "combat", "land", "--attack", "1inf", "--defend", "x")
    assert code == 2 and "write COUNT then KIND" in err and len(err.strip().splitlines()) == 1
    code, _, err = run(capsys, "calc", "--game", "grand-game", "combat", "land", "--defend", "1inf")
    assert code == 2 and "needs at least one infantry or armor" in err
