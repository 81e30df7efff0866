"""The coach is never wrong (issue 33): its figures are the worksheet's, its words are the
decision panel's, what it says of the board is true of the seat's view, it prints no
"+0.0" it cannot tell apart, and its remark covers neither the decision panel nor the odds.

* Along a seeded game, at every U.S. commitment, each option's figure in the coach's
  advice is the one the commit sheet (F6) shows on its "This" row for that option.
* The hint names every option in the decision panel's own line for it.
* A readiness step the expert takes for a forward stack never calls its command "quiet":
  the Red forces standing there (from the U.S. view) are named.
* A Blue phase (no worksheet figure): the hint's table has no measure column, the note says
  why once.
* A coached game's remark stands in its own line under the board, not over the decision
  panel, and no notice is raised.
"""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, OptionList
from textual.widgets._toast import Toast

from hedgemony_tui.games.hedgemony.bots.blue_posture import forces_in
from hedgemony_tui.games.hedgemony.engine.content import content_for
from hedgemony_tui.games.hedgemony.engine.intents import (
    BuyBack,
    CommitForces,
    DoneCommitting,
    EndInvestments,
    EndPhase,
    SetReadiness,
)
from hedgemony_tui.games.hedgemony.front.screens.commit import CommitScreen
from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.shell.screens.coach import HINT_KEY, CoachLine, CoachScreen
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.table import match
from hedgemony_tui.table.coaching import fmt
from tests.hedgemony.app_helpers import app_on
from tests.tui.test_coach_and_lesson import LEARNER, learner_app, until_mine
from tests.tui.tui_helpers import SIZE, shown_text

PLAYERS = ("US", "NATO", "RU", "PRC", "DPRK", "IR")


def _us_decisions(seed: int, turns: int = 1):
    """(state, kind) at every U.S. decision along a seeded game of ``basic`` players."""
    policies = match.policies_for(RULES, dict.fromkeys(PLAYERS, "basic"))
    control = RULES.control_bot("random-events")
    state = RULES.setup(seed, {"turns": turns})
    while not RULES.pending(state).over:
        decision = RULES.pending(state)
        if "US" in decision.seats:
            yield state, decision.kind
        step = match.next_choice(RULES, state, policies, control)
        assert step is not None
        state = RULES.apply(state, step[1].intent)


def _commitment(seed: int = 7):
    """The first U.S. response along the game with several stacks to send."""
    for state, kind in _us_decisions(seed):
        own = [o for o in RULES.legal(state) if RULES.seat_of(o) == "US"]
        if kind in ("commit", "respond") and sum(isinstance(o, CommitForces) for o in own) >= 2:
            return state
    pytest.fail("the U.S. never had forces to commit")


@pytest.mark.slow
async def test_the_coach_s_figures_are_the_commit_sheet_s(tmp_path):
    state = _commitment()
    app = app_on(state, LEARNER, saves_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await until_mine(pilot)
        advice = app.host.advice("US")
        assert advice is not None
        await pilot.press("f6")
        await pilot.pause()
        sheet = app.screen
        assert isinstance(sheet, CommitScreen)
        compared = 0
        for row in advice.rows:
            if not isinstance(row.intent, (CommitForces, DoneCommitting, BuyBack)):
                continue
            variants = sheet.what_if_rows(row.intent)
            # The option's own row: "This" for a commitment or a buy-back, the baseline for stopping.
            own = variants[0] if isinstance(row.intent, DoneCommitting) else variants[1]
            shown = None if own.preview is None else own.preview.expected_ip("US")
            assert row.value == shown, f"{row.label}: coach {row.value}, worksheet {shown}"
            if shown is not None:
                compared += 1
                # And as printed: the sheet's table and the coach's column read the same.
                listing = sheet.query_one("#commit-options", OptionList)
                listing.highlighted = next(
                    i
                    for i, o in enumerate(listing.options)
                    if o.id is not None and sheet.options[int(o.id.removeprefix("option-"))] == row.intent
                )
                await pilot.pause()
                lines = shown_text(sheet.query_one("#commit-compare")).splitlines()
                start = "Nothing more" if isinstance(row.intent, DoneCommitting) else "This:"
                printed = next(line for line in lines if line.strip().startswith(start))
                assert fmt(shown) in printed.split(), printed
        assert compared >= 2


@pytest.mark.slow
def test_the_commitment_reason_quotes_the_worksheet_s_figure() -> None:
    state = _commitment()
    view = RULES.view(state, "US")
    advice = RULES.coach(view, "US")
    assert advice is not None
    figure = advice.value_of(advice.intent)
    assert figure is not None
    assert f"expected IP {figure:+.1f} from the roll that follows" in advice.reason
    assert "chance of an IP gain" not in advice.reason  # the look-ahead's own figures: not on any screen


def test_a_forward_stack_stands_down_with_the_red_forces_there_named() -> None:
    content = content_for("default")
    seen = 0
    for state, kind in _us_decisions(1):
        if kind != "blue":
            continue
        view = RULES.view(state, "US")
        advice = RULES.coach(view, "US")
        assert advice is not None
        assert "quiet" not in advice.reason
        if not isinstance(advice.intent, SetReadiness) or "no Red action is signalled" not in advice.reason:
            continue
        aor = content.scenario.board.aor_of(view.stack(advice.intent.stack).location)
        for player in ("RU", "PRC", "DPRK", "IR"):
            there = forces_in(view, content, player, aor)
            assert (f"{player} {there} FF" in advice.reason) == bool(there), advice.reason
        seen += 1
        if seen >= 3:
            return
    assert seen, "the expert never stood a forward stack down"


async def test_the_hint_names_options_in_the_decision_panel_s_words(tmp_path):
    app = learner_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until_mine(pilot)
        app.choose(app.my_options()[0][0])  # past the readiness bill, to the Blue phase's hundreds
        await until_mine(pilot)
        listed = dict(app.my_options())
        await pilot.press(HINT_KEY)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CoachScreen)
        for index, row in enumerate(screen.advice.rows):
            assert screen.labels[index] == listed[row.intent]
        # No worksheet figure in a Blue phase: no column of "+0.0", and the note says why once.
        table = screen.query_one(DataTable)
        assert [str(c.label) for c in table.columns.values()][1:] == ["Option"]
        assert screen.advice.note.count("No worksheet shows an expected IP") == 1
        assert "+0.0" not in shown_text(screen.query_one("#coach-note"))


async def test_the_remark_stands_under_the_board_not_over_the_decision_panel(tmp_path):
    app = learner_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        app.host.coached = True
        await until_mine(pilot)
        ends = []
        for _ in range(10):  # end a step at once, where the expert would first see to its forces
            ends = [i for i, _ in app.my_options() if isinstance(i, (EndInvestments, EndPhase))]
            if ends:
                break
            app.choose(app.my_options()[0][0])
            await until_mine(pilot)
        assert ends
        app.choose(ends[0])
        await until_mine(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert not list(app.query(Toast)) and not any(n.title == "Coach" for n in app._notifications)
        line = screen.query_one(CoachLine)
        assert line.display and "Coach (F4: why) would have chosen" in shown_text(line)
        panel = screen.query_one("#decision").region
        assert not line.region.overlaps(panel) and line.region.height == 1  # one row: the map keeps its places
        # The person's next decision replaces it, or clears it when the coach agrees (the journal keeps it).
        remarks = [n.text for n in app.host.notes if n.kind == "coach"]
        app.choose(app.my_options()[0][0])
        await pilot.pause()
        after = [n.text for n in app.host.notes if n.kind == "coach"]
        if len(after) == len(remarks):
            assert not line.display
        else:
            assert line.display


@pytest.mark.slow
async def test_the_remark_on_a_commitment_stands_in_the_sheet_s_message_line(tmp_path):
    state = _commitment()
    app = app_on(state, LEARNER, saves_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        app.host.coached = True
        await until_mine(pilot)
        advice = app.host.advice("US")
        assert advice is not None
        await pilot.press("f6")
        await pilot.pause()
        sheet = app.screen
        assert isinstance(sheet, CommitScreen)
        other = next(o for o in sheet.options if isinstance(o, CommitForces) and o != advice.intent)
        listing = sheet.query_one("#commit-options", OptionList)
        listing.highlighted = next(
            i for i, o in enumerate(listing.options) if o.id == f"option-{sheet.options.index(other)}"
        )
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is sheet  # the sheet stays open for more commitments
        message = shown_text(sheet.query_one("#commit-message")).replace("\n", " ")
        assert "Coach: The coach would have chosen" in message
        assert not list(app.query(Toast))
