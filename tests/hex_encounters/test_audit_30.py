"""Issue 30, items 14-16: Hex Encounters against its seed's lines (Lnn are lines of
../shared/seeds/004_53dc2618e11714da.txt), driven through ``legal``/``apply``; and saves
written before these changes still load and play."""

from __future__ import annotations

from pathlib import Path

import pytest

from hedgemony_tui.games.hex_encounters.cli.calc import combat_odds
from hedgemony_tui.games.hex_encounters.engine.intents import (
    Attack,
    Deploy,
    Detect,
    EnterDice,
    Fight,
    Join,
    MoveTo,
    Select,
)
from hedgemony_tui.games.hex_encounters.rules import RULES
from hedgemony_tui.table import match
from hedgemony_tui.table.saves import read_game
from hedgemony_tui.table.session import Session

from .helpers import position

HERE = Path(__file__).parent


# --- item 14: a recce looks only after moving ---------------------------------------------------


def test_a_recce_that_stays_put_cannot_detect_L133() -> None:
    """L133: "Reconnaissance Bn. After moving may detect a unit 2 hexes away." Kept where
    it stood, the recce has not moved, so no look is offered."""
    state = position({"A1": ("recce", "0605"), "B3": ("mech", "0806")}, phase="red-move")
    kept = RULES.apply(RULES.apply(state, Select("RED134", "A1")), MoveTo("RED134", "A1", "0605"))
    assert kept.detecting == ""
    assert not any(isinstance(o, Detect) for o in RULES.legal(kept))
    with pytest.raises(Exception, match="not allowed"):
        RULES.apply(kept, Detect("RED134", "A1", "B3"))
    moved = RULES.apply(RULES.apply(state, Select("RED134", "A1")), MoveTo("RED134", "A1", "0606"))
    assert Detect("RED134", "A1", "B3") in RULES.legal(moved)


# --- item 15: shifts stop at the table's ends, the dice move on from there ----------------------


def test_shifts_stop_at_the_tables_end_and_the_dice_can_bring_the_column_back_L34_L36() -> None:
    """L34-L36: find the ratio's column, "Apply any other column shifts", then each side
    rolls 1d4 "and shifts that number of columns". The table has no column past 1:4 or
    8+:1 (L40), so a shift stops there and the dice shift from the end column: 1 CP
    against 4 in heavy urban is 1:4 before the dice, and a good roll still moves it."""
    odds = combat_odds(1, 4, "heavy-urban")
    assert odds["column"] == "1:4"
    columns = {row["column"]: row["fraction"] for row in odds["columns"]}
    assert columns == {"1:4": "5/8", "1:3": "3/16", "1:2": "1/8", "1:1": "1/16"}
    high = combat_odds(40, 1, "open", (3,))
    assert {row["column"]: row["fraction"] for row in high["columns"]} == {
        "5:1": "1/16",
        "6:1": "1/8",
        "7:1": "3/16",
        "8+:1": "5/8",
    }


def test_the_engine_reads_the_dice_from_the_stopped_column() -> None:
    """The same through ``legal``/``apply``: a lone militia (1 CP) attacking four mech CP
    in heavy urban, dice 4-1 typed in, is read three columns right of 1:4."""
    state = position(
        {"G2": ("militia", "1104"), "A1": ("red-mech", "1105"), "A3": ("red-mech", "1105")},
        phase="blue-attack",
        seat="GREEN",
        physical_dice=True,
    )
    state = RULES.apply(state, Attack("GREEN", "1105"))
    state = RULES.apply(state, Join("GREEN", "G2"))
    state = RULES.apply(state, Fight("GREEN"))
    combat = state.combat
    assert combat is not None
    assert combat.base + sum(s.value for s in combat.shifts) < 0  # the shifts run past 1:4
    rolled = RULES.apply(state, EnterDice("GREEN", 4, 1))
    assert rolled.last_roll.final == 3  # 1:1, not 1:4
    assert any("attacker 4, defender 1: column 1:1" in line.text for line in rolled.log)


# --- item 16: any hex behind the forward deployment line -----------------------------------------


def test_defenders_may_set_up_on_any_hex_behind_their_line_L142_L165() -> None:
    """L165: Ruritanian units set up no further forward than the column marked
    "Green Forward Deployment" (L142 the same for Blue). Every hex from the line
    eastward is offered; the scenario's fixed hexes stay as the quick default."""
    state = RULES.setup(5, {})
    options = RULES.legal(state)
    assert any(isinstance(o, Deploy) for o in options)  # the default set, as before
    picks = [o for o in options if isinstance(o, Select)]
    assert picks and {o.unit for o in picks} == {o.unit for o in options if isinstance(o, Deploy)}
    chosen = RULES.apply(state, picks[0])
    hexes = [o.hex for o in RULES.legal(chosen)]
    assert all(isinstance(o, MoveTo) for o in RULES.legal(chosen))
    assert min(int(h[:2]) for h in hexes) == 7 and "1609" in hexes and "0604" not in hexes
    with pytest.raises(Exception, match="not allowed"):
        RULES.apply(chosen, MoveTo("GREEN", picks[0].unit, "0604"))  # west of the line
    placed = RULES.apply(chosen, MoveTo("GREEN", picks[0].unit, "1609"))
    assert placed.block(picks[0].unit).hex == "1609" and placed.phase == "deploy"
    assert RULES.view(placed, "RED134").block(picks[0].unit).kind == ""  # still hidden
    # A free placement uses up no default hex: the next default is still the first.
    default = next(o for o in RULES.legal(placed) if isinstance(o, Deploy))
    assert RULES.apply(placed, default).block(default.unit).hex == "0704"


def test_a_formation_set_up_entirely_by_choice_hands_over_to_blue() -> None:
    state = RULES.setup(5, {})
    for _ in range(6):
        pick = next(o for o in RULES.legal(state) if isinstance(o, Select))
        state = RULES.apply(state, pick)
        state = RULES.apply(state, MoveTo("GREEN", pick.unit, "1210"))
    assert state.seat == "BLUE" and state.phase == "deploy"
    assert sum(1 for b in state.at("1210")) == 6
    # Blue's line is column 10 (L142); a full hex is no longer offered (stacking, L60-L65).
    blue = RULES.apply(state, next(o for o in RULES.legal(state) if isinstance(o, Select)))
    hexes = [o.hex for o in RULES.legal(blue)]
    assert min(int(h[:2]) for h in hexes) == 10 and "1210" not in hexes


def test_a_full_default_hex_is_not_offered_and_the_bot_sets_up_nearby() -> None:
    state = RULES.setup(5, {})
    for _ in range(6):  # Green fills Blue's first default hex, 1005 (open: six blocks)
        pick = next(o for o in RULES.legal(state) if isinstance(o, Select))
        state = RULES.apply(RULES.apply(state, pick), MoveTo("GREEN", pick.unit, "1005"))
    assert state.seat == "BLUE"
    assert not any(isinstance(o, Deploy) for o in RULES.legal(state))
    policies = match.policies_for(RULES, match.seat_policy_names(RULES, "basic"))
    end = match.play(RULES, state, policies, until=lambda s: s.phase != "deploy")
    assert all(b.status == "map" for b in end.blocks if b.seat == "BLUE")


# --- saves from before the change ----------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("name", ["hex-v1-seed5-deploying.toml", "hex-v1-seed5-turn1.toml"])
def test_a_save_written_before_issue_30_loads_and_plays_to_the_end(name: str) -> None:
    saved = read_game(HERE / name)
    assert saved.rules is RULES and saved.journal
    session = Session.resume(saved)
    policies = match.policies_for(RULES, match.seat_policy_names(RULES, "basic"))
    end = match.play(RULES, session.state, policies)
    assert RULES.pending(end).over and RULES.outcome(end) is not None


def test_a_v1_journal_played_under_the_old_column_rule_restarts_at_the_saved_state(tmp_path, monkeypatch) -> None:
    """A version-1 save whose combat ran its shifts past 1:4 (the old rule kept them)
    would not replay now: the migration restarts its journal at the saved state, so the
    game loads and goes on from where it was."""
    from hedgemony_tui.games.hex_encounters.engine import combat, fight

    old_rules = position(
        {"G2": ("militia", "1104"), "A1": ("red-mech", "1105"), "A3": ("red-mech", "1105")},
        phase="blue-attack",
        seat="GREEN",
        physical_dice=True,
    )
    monkeypatch.setattr(fight, "dice_read", lambda before, net: combat.clamp(before + net))  # the old reading
    monkeypatch.setattr(type(RULES), "schema_version", 1)
    session = Session(RULES, old_rules)
    for intent in (Attack("GREEN", "1105"), Join("GREEN", "G2"), Fight("GREEN"), EnterDice("GREEN", 4, 1)):
        session.apply(intent)
    assert session.state.last_roll.final == 0  # 1:4 for certain, as before issue 30
    path = tmp_path / "old.toml"
    session.save(path)
    monkeypatch.undo()
    saved = read_game(path)
    assert saved.journal == () and saved.state == session.state  # restarted at the saved state
    end = match.play(
        RULES,
        Session.resume(saved).state,
        match.policies_for(RULES, match.seat_policy_names(RULES, "basic")),
        max_decisions=50_000,
    )
    assert RULES.pending(end).over
