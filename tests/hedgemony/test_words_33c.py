"""Issue 33, part C: the words of Hedgemony's lines a learner reads, driven through the
engine's door (``reduce`` via the turn helpers) and the renderers the screens use.

* A condition on forces at a place says what it needs, not only what there is.
* A Red player's payment after a reset reads as one story with the reset.
* The journal says a random event's card was drawn, not rolled.
"""

from __future__ import annotations

import attrs

from hedgemony_tui.games.hedgemony.engine.intents import (
    ChooseLocation,
    CommitForces,
    DoneCommitting,
    EndPhase,
    EnterRoll,
    PlayCard,
)
from hedgemony_tui.games.hedgemony.engine.random_events import random_event_check
from hedgemony_tui.games.hedgemony.engine.setup import new_game, settings_for
from hedgemony_tui.games.hedgemony.engine.state import Phase
from hedgemony_tui.games.hedgemony.engine.victory import explain_victory
from hedgemony_tui.games.hedgemony.front.end_report import victory_section
from hedgemony_tui.games.hedgemony.front.render.journal import log_rows
from tests.hedgemony.turn_helpers import CONTENT, act, fresh, roll, to_red_phase


def test_forces_at_a_place_say_what_the_condition_needs():
    ip = {p.id: 10 for p in CONTENT.scenario.players}

    def forces_at(player: str, location: str) -> int:
        return 2 if (player, location) == ("US", "korean-peninsula") else 0

    lines = [line for line in explain_victory(CONTENT.scenario, ip, forces_at) if "Korean Peninsula" in line.text]
    assert lines and all(line.text.endswith("; needs none there") for line in lines), lines
    assert any(line.text == "US has 2 FFs at Korean Peninsula; needs none there" for line in lines)
    # And on the end screen, where the newcomer read it.
    state = attrs.evolve(fresh(), players=tuple(attrs.evolve(p, ip=10) for p in fresh().players))
    shown = victory_section(state, CONTENT).plain
    assert "FFs at Korean Peninsula; needs none there" in shown


def test_the_placemats_if_the_game_ended_now_says_what_forces_are_needed_too():
    import io

    from rich.console import Console

    from hedgemony_tui.games.hedgemony.front.render.placemat import victory_now

    console = Console(width=200, record=True, file=io.StringIO())
    console.print(victory_now(fresh(), CONTENT, "DPRK"))
    shown = console.export_text()
    assert "FFs at Korean Peninsula; needs none there" in shown, shown


def _fought_incursion():
    """PRC-03 (reset rules) at Taiwan: PRC 3xM3 against the U.S. 2 FF from Korea."""
    state = act(to_red_phase(fresh()), EndPhase("RU"))
    state = act(act(state, PlayCard("PRC", "PRC-03")), ChooseLocation("PRC", "taiwan"))
    m3 = next(s for s in state.stacks_of("PRC") if s.mod == 3)
    state = act(act(state, CommitForces("PRC", m3.id, 3)), DoneCommitting("PRC"))
    korea = next(s for s in state.stacks_of("US") if s.location == "korean-peninsula")
    state = act(act(state, CommitForces("US", korea.id, 2)), DoneCommitting("US"))
    return roll(state, 6)


def test_paying_after_a_reset_reads_as_one_story_with_it():
    state = _fought_incursion()
    lines = [e.text for e in state.log if e.kind == "reset" and e.text.startswith("PRC")]
    assert len(lines) == 2, lines
    sent, paid = lines
    assert "reset to home bases until the end of turn 2" in sent
    assert paid == (
        "PRC pays 2 RP (1 per FF) to cut the reset short: 2 of the FF sent home are ready again on turn 2 "
        "instead of sitting it out"
    )
    assert "restores" not in paid
    causes = [c for e in state.log for c in e.changes if c.player == "PRC" and c.what == "rp" and c.delta == -2]
    assert causes, "the payment is a ledger change"
    assert any("sent home by the reset" in e.text for e in state.log if e.changes and e.changes[0].player == "PRC")


def test_the_journal_says_a_random_event_was_drawn():
    state = new_game(CONTENT, 1, settings_for(CONTENT, random_events=True, physical_dice=True))
    after = act(state, EnterRoll(2))
    draw = next(e for e in after.log if e.roll is not None and e.roll.table == "event deck")
    assert draw.roll.reason.startswith("a random event: one card among the ")
    rows = [row for _, row in log_rows(after.log) if draw.roll.result in row.text and "drawn at random" in row.text]
    assert rows and all(f"d10 {draw.roll.raw}" not in row.text for row in rows)


def test_each_random_event_check_names_the_phase_it_opens():
    """The retest read two checks as one ("rolled 8: no event" twice): each names its phase."""
    state = new_game(CONTENT, 1, settings_for(CONTENT, random_events=True, physical_dice=True))
    assert state.roll_request is not None and "Red Signaling" in state.roll_request.reason
    after = act(state, EnterRoll(8))
    check = next(e for e in after.log if e.roll is not None and e.roll.table == "random events")
    assert "Random event check (Red Signaling): rolled 8" in check.text
    blue = random_event_check(attrs.evolve(after, phase=Phase.BLUE, roll_request=None))
    assert blue.roll_request is not None and "Blue Investments and Actions" in blue.roll_request.reason
