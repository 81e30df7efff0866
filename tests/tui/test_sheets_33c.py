"""Issue 33, part C: what Hedgemony's worksheets and result screens say to a learner, and
when a lesson's notes come (Pilot tests through the real screens and the real app).

* The commit worksheet shows each side's total before the roll in the engine's own words
  (``contest.read_table``, the function the roll reads), with the worksheet behind them,
  per variant, so "one FF more changes nothing" can be seen; at 100x30 PgDn scrolls its
  right side down to the costs.
* A random event's draw is said as a draw of a card, never as "rolled 125".
* The readiness worksheet offers a player nothing of the White Cell's, and says in plain
  words how each line of the bill was found.
* A lesson's note waits until the results owed to the learner have been seen.
"""

from __future__ import annotations

import re

from textual.containers import VerticalScroll
from textual.widgets import OptionList, Static

from hedgemony_tui.games.hedgemony.engine import contest as forces
from hedgemony_tui.games.hedgemony.engine.intents import CommitForces, EnterRoll, SetReadiness
from hedgemony_tui.games.hedgemony.engine.odds import state_at_roll
from hedgemony_tui.games.hedgemony.engine.setup import new_game, settings_for
from hedgemony_tui.games.hedgemony.engine.view import view
from hedgemony_tui.games.hedgemony.front.screens.commit import CommitScreen
from hedgemony_tui.games.hedgemony.front.screens.readiness import ReadinessScreen
from hedgemony_tui.games.hedgemony.front.screens.resolution import ResultScreen
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.shell.screens.lesson import LessonNoteScreen, start_lesson
from tests.hedgemony.turn_helpers import CONTENT, act, bill_due, us_to_respond
from tests.tui.tui_helpers import SIZE, ScreenHarness, screen_text, shown_text

SMALL = (100, 30)


def _plain(static: Static, width: int = 200) -> str:
    return " ".join(shown_text(static, width).split())


# --- 1. the commit worksheet's totals ----------------------------------------------------------


async def test_the_commit_sheet_shows_each_sides_total_as_the_roll_reads_it():
    state = us_to_respond()
    app = ScreenHarness(lambda: CommitScreen(state, "US"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CommitScreen)
        await pilot.press("down")  # Korean Peninsula: commit 1 FF
        await pilot.pause()
        intent = screen.highlighted_intent()
        assert isinstance(intent, CommitForces) and intent.ffs == 1
        compare = _plain(screen.query_one("#commit-compare", Static))
        detail = _plain(screen.query_one("#commit-odds", Static))
    # The engine's own reading of the forces for the same commitment, as the roll will read them.
    at = state_at_roll(view(state, "US"), (intent,), CONTENT)
    assert at is not None
    column, why, _, _ = forces.read_table(at, CONTENT, "crt-a")
    blue, red = re.match(r"Blue (\d+) CFs vs Red (\d+) CFs", why).groups()
    assert f"Before the roll: {why}" in detail
    assert f"{blue} v {red} CFs" in compare  # the variant's totals in the what-if table
    # How they are worked out: FF x the printed factor per group, per side, and the ratio.
    assert "Worksheet (chapter 10-11)" in detail and f"Red: {red} CFs" in detail and f"Blue: {blue} CFs" in detail
    assert "1×M3 from theater: In-Theater table (Figure 10.2)" in detail and column in detail
    # One FF more has its own totals, so a variant that moves no column shows why.
    more = state_at_roll(view(state, "US"), (CommitForces("US", intent.stack, 2),), CONTENT)
    assert more is not None
    more_why = forces.read_table(more, CONTENT, "crt-a")[1]
    more_blue, more_red = re.match(r"Blue (\d+) CFs vs Red (\d+) CFs", more_why).groups()
    assert f"{more_blue} v {more_red} CFs" in compare and more_blue != blue


async def test_at_100x30_pgdn_brings_the_costs_into_view_and_the_sheet_says_so():
    state = us_to_respond()
    app = ScreenHarness(lambda: CommitScreen(state, "US"))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("down")
        await pilot.pause()
        first = screen_text(app)
        assert "PgDn" in first and "costs" in first  # the scroll is named on the sheet
        panel = app.screen.query_one("#commit-whatif", VerticalScroll)
        assert panel.max_scroll_y > 0  # taller than the screen at 100x30
        assert "Besides IP" not in first
        for _ in range(3):
            if "Besides IP" in screen_text(app):
                break
            await pilot.press("pagedown")
            await pilot.pause()
        assert "Besides IP" in screen_text(app)
        # The list keeps the keyboard: the highlighted option did not move.
        options = app.screen.query_one("#commit-options", OptionList)
        assert app.focused is options


# --- 2. a random event is drawn, not rolled -------------------------------------------------------


async def test_a_random_events_draw_is_said_as_a_draw():
    before = new_game(CONTENT, 1, settings_for(CONTENT, random_events=True, physical_dice=True))
    after = act(before, EnterRoll(2))  # below the chance: a card is drawn
    draw = next(e for e in after.log if e.roll is not None and e.roll.table == "event deck")
    card = CONTENT.card(draw.roll.result)
    app = ScreenHarness(lambda: ResultScreen(before, after, "WHITE"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        title = _plain(app.screen.query_one("#result-title", Static))
        rolls = _plain(app.screen.query_one("#result-rolls", Static))
    assert title.startswith(f"The White Cell drew {card.id}: {card.title}"), title
    assert "event cards left" in title and f"rolled {draw.roll.raw}" not in title
    assert "drew a card" in rolls and f"Die: {draw.roll.raw}" not in rolls


# --- 4. the readiness worksheet speaks to the player -----------------------------------------------


async def test_the_readiness_sheet_offers_no_injects_and_says_how_the_bill_was_read():
    state = bill_due()
    app = ScreenHarness(lambda: ReadinessScreen(state))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        preview = _plain(app.screen.query_one("#tier-preview", Static))
        bill = _plain(app.screen.query_one("#bill", Static))
    assert "inject" not in preview.lower() and "allowed now" not in preview
    assert "pay this turn's bill first" in preview
    assert "between rows" not in bill and "as printed" not in bill
    assert "on the mat" in bill and "worked out: the mat prints no row for this many FFs" in bill


async def test_after_the_bill_a_refusal_keeps_the_reason_without_the_tables_list():
    from tests.hedgemony.tui.test_worksheets_white_cell import paid

    state = paid()
    screen = ReadinessScreen(state)
    problem = screen.refusal(SetReadiness("US", "no-such-stack", 50))
    assert problem is not None
    assert "(allowed now:" not in screen.refusal_words(problem + " (allowed now: White Cell injects X)")


# --- 7. a lesson's notes wait for the results owed --------------------------------------------------


async def _lesson_notes_after_results(tmp_path, game: str, notes_wanted: int) -> list[str]:
    """Play ``game``'s lesson by keys; at each note, check nothing is owed to the learner."""
    from hedgemony_tui.shell.app import build_app

    app = build_app(saves_dir=tmp_path, bot_delay=0)
    seen: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert start_lesson(app, game)
        seat = app.lesson.lesson.seat
        for _ in range(300):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, LessonNoteScreen):
                owed = app.host.results(seat)
                assert not owed, f"the note {screen.text[:40]!r} came before {len(owed)} result(s) owed to {seat}"
                seen.append(screen.text)
                if len(seen) >= notes_wanted:
                    break
                await pilot.press("enter")
            elif isinstance(screen, GameScreen):
                if app.my_options():
                    app.screen.query_one("#decision-filter").focus()
                    await pilot.press("enter")
            else:
                await pilot.press("escape")
    return seen


async def test_rescues_lesson_notes_come_after_the_results_they_follow(tmp_path):
    notes = await _lesson_notes_after_results(tmp_path, "rescue", 4)
    assert len(notes) == 4


# --- 3. what a decision needs fits at 100x30 ---------------------------------------------------------

LEARNER = {"NATO": "basic", "RU": "basic", "PRC": "basic", "DPRK": "basic", "IR": "basic", "WHITE": "random-events"}


async def test_at_100x30_the_decision_line_says_where_it_is_whole_and_the_map_keeps_mod_levels(tmp_path):
    from tests.hedgemony.app_helpers import app_on

    state = us_to_respond()
    app = app_on(state, LEARNER, saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        panel = " ".join(shown_text(app.screen.query_one("#decision-prompt", Static), 40).split())
    prompt = app.decision().prompt
    assert len(prompt) > 90  # too long for one row at 100 columns
    line = text.splitlines()[1]
    # Cut at a word, saying where the whole of it is, and who holds the keyboard still shown.
    assert "… (whole at right)" in line and "Keyboard: US" in line, line
    cut = line.split("▸", 1)[1].split("…", 1)[0].strip()
    assert prompt.startswith(cut) and prompt[len(cut)] in " ,", (cut, prompt)
    assert " ".join(prompt.split()) in panel  # ... and there it is, whole
    # Each U.S. stack of one FF reads with its Mod Level, not as a bare count ("US1").
    for place in ("Japan", "Iraq", "Afghanistan"):
        row = next(line for line in text.splitlines() if place in line)
        assert "US1×M3" in row, row
