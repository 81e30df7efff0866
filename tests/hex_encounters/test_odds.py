"""The odds before an attack is committed, calling a committed attack off, and a result
screen with its odds for every kind of roll.

* While an attack is formed, the attacking side's worksheet and its "Add" and "Commit"
  lines show the odds committing would set: the engine's own reckoning, equal to the
  combat the commit then sets; a hidden defender makes them a "reckoned" estimate; the
  defending side is shown no odds (the attackers' types are not its to know).
* A committed attack can be called off until the dice are rolled (X-H13): its units have
  used their attack, the revealed blocks stay revealed; the same with dice at the table.
* The program's roll and dice typed in from the table each end on a result screen that
  shows the odds as they stood.
"""

from __future__ import annotations

import attrs

from hedgemony_tui.games.hex_encounters.engine.combat import COLUMNS, clamp, total
from hedgemony_tui.games.hex_encounters.engine.intents import Attack, Done, EnterDice, Fight, Join, Roll
from hedgemony_tui.games.hex_encounters.front.labels import label
from hedgemony_tui.games.hex_encounters.front.panels import worksheet
from hedgemony_tui.games.hex_encounters.front.reckoning import loss_chances, preview
from hedgemony_tui.games.hex_encounters.front.result import CombatResult
from hedgemony_tui.games.hex_encounters.rules import RULES

from .helpers import hurt, position

PLACES = {"A1": ("red-armor", "0504"), "A2": ("red-mech", "0604"), "B1": ("mech", "0505"), "B2": ("recce", "0505")}


def _forming(revealed: bool = True, joined=("A1",)):
    state = position(PLACES)
    if revealed:  # in contact: both sides' blocks seen, as after a move next to the enemy
        state = attrs.evolve(state, blocks=tuple(attrs.evolve(b, revealed=b.on_map) for b in state.blocks))
    state = hurt(state, "B1", 1)
    state = RULES.apply(state, Attack("RED134", "0505"))
    for unit in joined:
        state = RULES.apply(state, Join("RED134", unit))
    return state


def _labels(state, seat="RED134"):
    seen = RULES.view(state, seat)
    return {type(o).__name__ + getattr(o, "unit", ""): label(seen, o) for o in RULES.legal(state)}


def test_the_odds_before_committing_are_the_ones_the_commit_sets():
    state = _forming()
    seen = RULES.view(state, "RED134")
    before = preview(seen)
    committed = RULES.apply(state, Fight("RED134")).combat
    assert before is not None and committed is not None
    assert (before.attack_cp, before.defend_cp, before.base, before.shifts) == (
        committed.attack_cp,
        committed.defend_cp,
        committed.base,
        committed.shifts,
    )
    sheet = worksheet(seen).plain
    assert "if committed now" in sheet and "the dice (16 outcomes) give" in sheet
    assert any(s.reason in sheet for s in committed.shifts)  # every shift with its reason
    defender, attacker = loss_chances(committed)
    column = COLUMNS[clamp(committed.base + total(committed.shifts))]
    labels = _labels(state)
    assert f"{column} after shifts: defender loses {defender}/16, attacker {attacker}/16" in labels["Fight"]
    assert "reckoned" not in labels["Fight"]
    # Each unit still to add says where it would take the odds.
    with_a2 = preview(seen, "A2")
    assert with_a2 is not None and f"→ {COLUMNS[clamp(with_a2.base + total(with_a2.shifts))]}:" in labels["JoinA2"]
    then = RULES.apply(RULES.apply(state, Join("RED134", "A2")), Fight("RED134")).combat
    assert then is not None
    assert (with_a2.attack_cp, with_a2.base, with_a2.shifts) == (then.attack_cp, then.base, then.shifts)


def test_hidden_defenders_make_the_odds_a_reckoning_and_the_defender_sees_none():
    state = _forming(revealed=False)
    red = RULES.view(state, "RED134")
    assert not red.block("B2").kind  # the recce is hidden from Red
    sheet = worksheet(red).plain
    assert "hidden from you, so a reckoning: B1 counted as" in sheet
    assert "reckoned" in _labels(state)["Fight"]
    blue = worksheet(RULES.view(state, "BLUE")).plain
    assert "if committed now" not in blue and "odds are set when the attack is committed" in blue


def test_a_committed_attack_can_be_called_off_before_the_dice():
    state = RULES.apply(_forming(revealed=False), Fight("RED134"))
    assert Done("RED134") in RULES.legal(state) and Roll("RED134") in RULES.legal(state)
    assert "Call off the committed attack" in _labels(state)["Done"]
    off = RULES.apply(state, Done("RED134"))
    assert off.combat is None and off.phase == "red-attack"
    assert off.block("A1").attacked  # its attack is spent for the turn
    assert off.block("B2").revealed  # what the commit showed stays shown
    assert "calls off the committed attack" in off.log[-1].text
    # A1 can join no other attack this turn; A2, which was not in it, still can.
    again = RULES.apply(off, Attack("RED134", "0505"))
    assert {o.unit for o in RULES.legal(again) if isinstance(o, Join)} == {"A2"}


def test_with_dice_at_the_table_the_attack_can_be_called_off_too():
    state = RULES.apply(attrs.evolve(_forming(), physical_dice=True), Fight("RED134"))
    options = RULES.legal(state)
    assert len([o for o in options if isinstance(o, EnterDice)]) == 16 and Done("RED134") in options
    assert RULES.apply(state, Done("RED134")).combat is None


def test_the_roll_line_shows_the_odds():
    state = RULES.apply(_forming(), Fight("RED134"))
    assert state.combat is not None
    defender, attacker = loss_chances(state.combat)
    assert f"defender loses {defender}/16, attacker {attacker}/16" in _labels(state)["Roll"]
    assert "call the attack off" in worksheet(RULES.view(state, "RED134")).plain


async def test_every_kind_of_roll_ends_on_a_result_screen_with_its_odds(tmp_path):
    from .test_screens import _app, _board

    for physical, intent in ((False, Roll("RED134")), (True, EnterDice("RED134", 2, 3))):
        state = RULES.apply(attrs.evolve(_forming(), physical_dice=physical), Fight("RED134"))
        app = _app(state, tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            await _board(pilot)
            app.choose(intent)
            await pilot.pause()
            assert isinstance(app.screen, CombatResult), physical
            text = str(app.screen.query_one("#hex-result").render())
            assert "the dice (16 outcomes) give" in text and "/16" in text  # the odds as they stood
            assert "Final column" in text and "net shift" in text
            assert ("typed in by RED134" in text) == physical


def test_each_target_shows_the_odds_with_every_unit_in_reach():
    state = _forming(joined=())
    start = position(PLACES)
    start = attrs.evolve(start, blocks=state.blocks, combat=None)  # the same blocks, no attack declared yet
    every = RULES.apply(RULES.apply(RULES.apply(state, Join("RED134", "A1")), Join("RED134", "A2")), Fight("RED134"))
    assert every.combat is not None
    defender, attacker = loss_chances(every.combat)
    column = COLUMNS[clamp(every.combat.base + total(every.combat.shifts))]
    line = _labels(start)["Attack"]
    assert f"with all 2 units in reach {column}: defender loses {defender}/16, attacker {attacker}/16" in line
    # Read from the enemy's side (the journal), the line keeps the attacker's hidden types to itself.
    hidden = position(PLACES)
    assert "in reach" in _labels(hidden)["Attack"]
    assert "in reach" not in label(RULES.view(hidden, "BLUE"), Attack("RED134", "0505"))
