"""Issue 30, items 12 and 13: Gaming to the Rescue! against its seed's explicit lines
(Lnn are lines of ../shared/seeds/001_b9e685087422d364.txt), driven through
``legal``/``apply``; and a save written before these changes still loads and plays."""

from __future__ import annotations

from pathlib import Path

import attrs

from hedgemony_tui.games.rescue.engine.intents import DrawEvent, EndTurn, Roll
from hedgemony_tui.games.rescue.rules import RULES
from hedgemony_tui.table import match
from hedgemony_tui.table.contract import Policy
from hedgemony_tui.table.saves import read_game
from hedgemony_tui.table.session import Session
from tests.rescue.rescue_helpers import started

FIXTURE = Path(__file__).parent / "rescue-v1-seed11-physical.toml"


def _basic() -> dict[str, Policy]:
    return match.policies_for(RULES, match.seat_policy_names(RULES, "basic"))


def test_computer_players_roll_their_own_dice_and_initiative_ties_end_L13():
    """L13: "Roll 1d6 dice for initiative. If tied, roll again." With physical dice on,
    three computer players must still settle the order: each types a die of its own
    (not always the first face), so a tie is rolled again until it breaks."""
    policies = _basic()
    for seed in range(1, 41):
        state = RULES.setup(seed, {"physical_dice": True})
        faces = []
        for _ in range(60):
            if state.stage != "initiative":
                break
            found = match.next_choice(RULES, state, policies)
            assert found is not None, "a computer seat owes this decision"
            seat, choice = found
            assert isinstance(choice.intent, Roll) and choice.intent.face
            faces.append(choice.intent.face)
            state = RULES.apply(state, choice.intent)
        assert state.stage == "placing", f"seed {seed}: initiative still tied after {faces}"
        assert sorted(state.order) == ["HC", "HN", "USM"]
    # The stand-in is a die, not a constant: across the re-rolls and the crisis dice of a
    # few games every face turns up (its seed is the open view, never the hidden seed).
    seen = set()
    for seed in range(1, 6):
        end = match.play(
            RULES,
            RULES.setup(seed, {"physical_dice": True}),
            policies,
            until=lambda s: s.stage not in ("initiative", "placing"),
        )
        seen |= {e.roll.raw for e in end.log if e.roll is not None}
    assert seen == {1, 2, 3, 4, 5, 6}


def test_computer_players_draw_crisis_dice_from_the_bag_as_it_stands_L14_L15():
    """L15: each player in initiative order draws a die from the bag and rolls it. The
    computer's stand-in draws a colour still in the bag, with any face."""
    state = RULES.setup(3, {"physical_dice": True})
    end = match.play(RULES, state, _basic(), until=lambda s: s.stage not in ("initiative", "placing"))
    assert sorted(c.colour for c in end.crises) == ["blue", "blue", "green", "green", "red", "red"]
    assert len({c.face for c in end.crises}) > 1


def test_a_whole_physical_dice_game_of_computer_players_ends():
    end = match.play(RULES, RULES.setup(7, {"physical_dice": True}), _basic(), max_decisions=5000)
    assert RULES.pending(end).over and RULES.outcome(end) is not None


def test_a_riot_whose_die_shows_three_or_less_costs_no_gp_L51():
    """L51: a crisis die "less than or equal to 3" means "no GP tokens" move. A riot
    (L33) raises what the crisis costs to resolve; the die, reset to 1, still shows 3 or
    less, so no one loses GP for it."""
    crises = (("red", 6), ("blue", 1), ("green", 1), ("blue", 1), ("green", 1), ("red", 1))
    state = started(crises, media=2, options={"gp_scope": "all"})
    for _ in range(3):
        state = RULES.apply(state, EndTurn(state.turn.seat))
    assert state.cycle == 2 and (state.crisis(1).face, state.crisis(1).riot) == (1, True)
    state = attrs.evolve(state, deck=("E02", *[c for c in state.deck if c != "E02"]))  # tokens only
    state = RULES.apply(state, DrawEvent(state.drawer))
    state = RULES.apply(state, Roll(state.drawer, 2))
    before = {a.id: a.gp for a in state.actors}
    for _ in range(3):
        state = RULES.apply(state, EndTurn(state.turn.seat))
    assert {a.id: a.gp for a in state.actors} == before
    assert not any("Crisis 1" in e.text and e.kind == "gp" and e.cycle == 2 for e in state.log)
    assert state.actor("HC").gp > 0  # not held by the floor of 0 (X5)


def test_a_riot_whose_die_rises_above_three_costs_its_colour_gp_L52():
    """L52: a die above 3 costs the actor of its colour 1 GP, riot or not."""
    crises = (("red", 6), ("blue", 1), ("green", 1), ("blue", 1), ("green", 1), ("red", 1))
    state = started(crises, media=2, options={"gp_scope": "all"})
    for _ in range(3):
        state = RULES.apply(state, EndTurn(state.turn.seat))
    riot = attrs.evolve(state.crisis(1), face=4)
    state = attrs.evolve(state, crises=(riot, *state.crises[1:]), deck=("E02", *[c for c in state.deck if c != "E02"]))
    state = RULES.apply(state, DrawEvent(state.drawer))
    state = RULES.apply(state, Roll(state.drawer, 2))
    hc = state.actor("HC").gp
    for _ in range(3):
        state = RULES.apply(state, EndTurn(state.turn.seat))
    assert state.actor("HC").gp == hc - 1
    assert any("red die shows 4 under a riot" in e.text for e in state.log)


def test_a_save_written_before_issue_30_loads_and_plays_to_the_end():
    """The fixture was saved by the code before these changes: a physical-dice game of
    computer players stuck in an initiative tie (every seat had typed 1)."""
    saved = read_game(FIXTURE)
    assert saved.rules is RULES and saved.state.stage == "initiative"
    session = Session.resume(saved)
    end = match.play(RULES, session.state, _basic(), max_decisions=5000)
    assert RULES.pending(end).over and RULES.outcome(end) is not None


def test_a_v1_journal_played_under_the_old_riot_reading_restarts_at_the_saved_state(tmp_path, monkeypatch):
    """A version-1 save whose journal crossed a cycle's end with a riot showing 3 or less
    (which then cost GP) would not replay now: the migration restarts its journal at the
    saved state, so the game loads and goes on from where it was."""
    from hedgemony_tui.games.rescue.engine import cycle

    crises = (("red", 6), ("blue", 1), ("green", 1), ("blue", 1), ("green", 1), ("red", 1))
    state = started(crises, media=2, options={"gp_scope": "all"})
    monkeypatch.setattr(cycle, "severe", lambda crisis: crisis.riot or crisis.face > 3)  # the old reading
    monkeypatch.setattr(type(RULES), "schema_version", 1)
    session = Session(RULES, state)
    for _ in range(3):
        session.apply(EndTurn(session.state.turn.seat))
    session.apply(DrawEvent(session.state.drawer))
    session.apply(Roll(session.state.drawer, 2))
    for _ in range(3):
        session.apply(EndTurn(session.state.turn.seat))
    assert any("in riot" in e.text or "under a riot" in e.text for e in session.state.log if e.kind == "gp")
    path = tmp_path / "old.toml"
    session.save(path)
    monkeypatch.undo()
    saved = read_game(path)
    assert saved.journal == () and saved.state == session.state
    end = match.play(RULES, Session.resume(saved).state, _basic(), max_decisions=5000)
    assert RULES.pending(end).over
