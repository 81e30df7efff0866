"""What newcomers read on the Grand Game's screens, said right: a count of one takes the
singular ("1 Franc", "1 supply", "1 unit left"), a land combat's total says what it adds up,
and a march into a territory the seat already holds is recorded as a march, not an advance."""

from __future__ import annotations

import re

from hedgemony_tui.games.grand_game.bots.basic import BasicPolicy
from hedgemony_tui.games.grand_game.engine.counts import counted, kind_count, kind_words
from hedgemony_tui.games.grand_game.engine.game import legal_for, pending_seats
from hedgemony_tui.games.grand_game.engine.game_intents import Embark, GiveFrancs, March
from hedgemony_tui.games.grand_game.engine.land_combat import land_combat, multiway_land_combat
from hedgemony_tui.games.grand_game.engine.land_deck import LandCard
from hedgemony_tui.games.grand_game.engine.land_forces import ADVANCE, DEFEND, LandForce, Terrain
from hedgemony_tui.games.grand_game.engine.payoff import Payout
from hedgemony_tui.games.grand_game.front.labels import item_words, label
from hedgemony_tui.games.grand_game.front.words import sheet_words
from hedgemony_tui.games.grand_game.rules import RULES
from hedgemony_tui.table.dice import Rng

from .game_helpers import allocate_all, arrange, seal_orders, start, texts, write

ONE_AND_PLURAL = re.compile(
    r"(?<![\d.])1 (Francs|units|land units|supplies|points|cards|cities|fleets|light fleets|heavy fleets|years"
    r"|defending units|surviving units|developments|repairs)\b"
)
"""A count of one followed by a plural noun: what the screens must never print."""


def test_a_count_of_one_takes_the_singular() -> None:
    assert counted(1, "Franc") == "1 Franc" and counted(3, "Franc") == "3 Francs" and counted(0, "Franc") == "0 Francs"
    assert counted(1, "city", "cities") == "1 city" and counted(2, "city", "cities") == "2 cities"
    assert kind_count(1, "supplies") == "1 supply" and kind_count(2, "supply") == "2 supplies"
    assert kind_words("light-fleet", 2) == "light fleets" and kind_words("heavy", 1) == "heavy fleet"
    assert kind_count(3, "infantry") == "3 infantry" and kind_count(1, "develop") == "1 development"
    assert item_words("supplies", 1) == "supply" and item_words("supplies", 4) == "supplies"


def test_one_franc_paid_reads_one_franc_in_the_menu_the_intent_and_the_payout() -> None:
    state = start()
    seen = RULES.view(state, "arvenne")
    assert label(seen, GiveFrancs("arvenne", "lusk", 1)).startswith("Pay 1 Franc to Lusk")
    assert GiveFrancs("arvenne", "lusk", 1).describe() == "arvenne gives 1 Franc to lusk"
    assert Embark("arvenne", "north-sea", "morlay", "supplies", 1).describe().startswith("arvenne: 1 supply board")
    one_city = Payout("arvenne", 10, 1, 21, 2, 1).describe()
    assert "+ 1 city x 1" in one_city and one_city.endswith("= 21 Francs")


def test_the_side_panel_and_the_menu_say_one_supply() -> None:
    state = allocate_all(start())
    state = arrange(state, {("quill", "arvenne"): {"infantry": 1, "supplies": 1}})
    move = March("arvenne", "quill", "ardun", "supplies", 1)
    assert label(RULES.view(state, "arvenne"), move) == "March 1 supply to Ardun"
    state = write(state, "arvenne", "quill", move)
    state = write(state, "arvenne", "quill", March("arvenne", "quill", "ardun", "infantry", 1))
    assert "Quill: 1 infantry, 1 supply move to Ardun" in sheet_words(RULES.view(state, "arvenne"), "arvenne")


def test_a_game_s_record_never_says_one_with_a_plural() -> None:
    # A year of six basic players (seed 1): its record once read "1 units left", "1 supplies",
    # "draws 1 cards"; the outcome and the debrief build on the same lines.
    state, player = start(1, turns=1), BasicPolicy()
    for _ in range(20000):
        seats = pending_seats(state)
        if state.over or not seats:
            break
        seat = seats[0]
        state = RULES.apply(state, player.decide(RULES.view(state, seat), legal_for(state, seat)).intent)
    assert state.over
    found = [line.text for line in state.log if ONE_AND_PLURAL.search(line.text)]
    assert not found, found[:5]
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert not [r.why for r in outcome.results if ONE_AND_PLURAL.search(r.why)]


def test_a_land_combat_s_total_says_what_it_adds_up() -> None:
    # A newcomer saw "total 9" with nothing to say what of: now base + each card's value = total.
    deck = (LandCard(1, 2, (("infantry", "armor"),), 0), LandCard(2, 1, (), 0))
    combat, _ = land_combat(
        "Vesne",
        LandForce("red", ADVANCE, armor=2, supplies=2),
        LandForce("blue", DEFEND, infantry=2, supplies=2),
        Terrain(),
        Rng(5),
        2,
        deck,
    )
    lines = combat.lines()
    assert not [ln for ln in lines if re.fullmatch(r"\s*total \d+", ln)]
    fight = combat.fights[0]
    for i in (0, 1):
        values = [c.value for c in fight.cards[i]]
        words = "card" if len(values) == 1 else "cards"
        cards = " + ".join(str(v) for v in values)
        expected = f"  base {fight.plans[i].base} + {words} {cards} = total {fight.total(i)}"
        assert expected in lines
        assert fight.plans[i].base + sum(values) == fight.total(i)


def test_with_three_sides_each_total_is_shown_as_the_sum_of_its_pairs() -> None:
    forces = (
        LandForce("blue", DEFEND, infantry=1, supplies=1),
        LandForce("green", ADVANCE, armor=3, supplies=3),
        LandForce("red", ADVANCE, armor=5, supplies=5),
    )
    combat, _ = multiway_land_combat("Vesne", forces, "blue", Terrain(), Rng(1), 1, (LandCard(1, 0, (), 0),))
    lines = combat.lines()
    assert "red: total 40 = 20 against blue + 20 against green (L376)" in lines
    assert "blue: total 6 = 3 against green + 3 against red (L376)" in lines
    assert lines.index("red: total 40 = 20 against blue + 20 against green (L376)") < lines.index(combat.reason)


def test_a_march_into_one_s_own_territory_is_recorded_as_a_march() -> None:
    state = allocate_all(start())
    state = arrange(
        state,
        {
            ("quill", "arvenne"): {"infantry": 2},
            ("pesque", "arvenne"): {"armor": 2, "supplies": 2, "light": 1},
            ("lucre", "pellia"): {"infantry": 1},
        },
    )
    assert state.owners["ardun"] == "arvenne" and state.owners["lucre"] == "pellia"
    state = write(state, "arvenne", "quill", March("arvenne", "quill", "ardun", "infantry", 2))
    state = write(state, "arvenne", "pesque", March("arvenne", "pesque", "lucre", "armor", 2))
    state = seal_orders(state)
    record = next(t for t in texts(state, seat="arvenne") if t.startswith("Your orders, handed in"))
    assert "2 infantry Quill to Ardun (march)" in record
    assert "2 armor Pesque to Lucre (advance" in record  # into another's land it is still the attack
    assert "Ardun (advance" not in record


def test_no_combat_no_order_words_change_the_rules() -> None:
    # The wording changed, not the moves: the units marched into Ardun stand there afterwards.
    state = allocate_all(start())
    state = arrange(state, {("quill", "arvenne"): {"infantry": 2}})
    before = state.board().at("ardun", "arvenne").infantry
    state = seal_orders(write(state, "arvenne", "quill", March("arvenne", "quill", "ardun", "infantry", 2)))
    assert state.board().at("ardun", "arvenne").infantry == before + 2
