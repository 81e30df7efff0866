"""The roll, result and commit screens, driven with real game states reached through
``legal_intents``/``reduce``: PRC-03 (a Red incursion on CRT A, with a U.S. response)
and DPRK-E07 (a private card roll on the card's own bands)."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest
from rich.console import Console
from textual.widgets import Input, OptionList, Static

from hedgemony_tui.games.hedgemony.engine.game import legal_intents
from hedgemony_tui.games.hedgemony.engine.intents import (
    ChooseLocation,
    CommitForces,
    DoneCommitting,
    EndPhase,
    EnterRoll,
    PayReadiness,
    PlayCard,
    RollDie,
)
from hedgemony_tui.games.hedgemony.engine.odds import preview_after
from hedgemony_tui.games.hedgemony.engine.state import WHITE
from hedgemony_tui.games.hedgemony.engine.view import view
from hedgemony_tui.games.hedgemony.front.render import resolution as draw
from hedgemony_tui.games.hedgemony.front.render.worksheet import contest_sheet, worksheet
from hedgemony_tui.games.hedgemony.front.screens.commit import CommitScreen
from hedgemony_tui.games.hedgemony.front.screens.resolution import ResultScreen, RollScreen
from hedgemony_tui.games.hedgemony.render.mats import HIGHLIGHT
from tests.hedgemony.turn_helpers import (
    CONTENT,
    SIGNALS,
    act,
    fresh,
    legal,
    roll,
    signal_all,
    to_red_phase,
    us_to_respond,
)
from tests.tui.tui_helpers import SIZE, ScreenHarness

# --- game states -------------------------------------------------------------------------------


def prc_may_escalate():
    """The U.S. answered with 2 FFs from Korea: China may escalate (ch. 8)."""
    state = us_to_respond()
    korea = next(s for s in state.stacks_of("US") if s.location == "korean-peninsula")
    state = act(state, CommitForces("US", korea.id, 2))
    return act(state, DoneCommitting("US"))


def crt_a_roll():
    """China does not escalate: PRC rolls on CRT A."""
    return act(prc_may_escalate(), DoneCommitting("PRC"))


def private_roll():
    """DPRK-E07 came up private (privacy face 1): DPRK rolls on the card's bands in secret."""
    state = signal_all(fresh(), dict(SIGNALS, DPRK=("DPRK-E07", "DPRK-RD", "DPRK-PROC")))
    state = act(state, PayReadiness("US"))
    for seat in ("US", "NATO", "RU", "PRC"):
        state = act(state, EndPhase(seat))
    state = roll(act(state, PlayCard("DPRK", "DPRK-E07")), 1)
    assert state.roll_request is not None and state.roll_request.private
    return state


def physical(state):
    return attrs.evolve(state, settings=attrs.evolve(state.settings, physical_dice=True))


def brute_force(state) -> Counter[str]:
    """The result the engine logs for each of the ten faces, through the one door."""
    counts: Counter[str] = Counter()
    for face in range(10):
        after = act(physical(state), EnterRoll(face))
        record = next(e.roll for e in after.log[len(state.log) :] if e.roll is not None)
        counts[record.result] += 1
    return counts


def plain(renderable, width: int = 120) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


# --- RollScreen -------------------------------------------------------------------------------


async def test_roll_key_returns_the_legal_roll_intent():
    state = crt_a_roll()
    app = ScreenHarness(lambda: RollScreen(state, "PRC"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
    assert app.result == RollDie("PRC")
    assert app.result in legal_intents(state, CONTENT)


@pytest.mark.slow
async def test_the_roll_button_works_with_the_mouse_and_escape_cancels():
    state = crt_a_roll()
    app = ScreenHarness(lambda: RollScreen(state, "PRC"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.click("#roll-button")
        await pilot.pause()
    assert app.result == RollDie("PRC")
    app = ScreenHarness(lambda: RollScreen(state, "PRC"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
    assert app.result is None


async def test_another_seat_cannot_roll_for_the_roller():
    state = crt_a_roll()
    app = ScreenHarness(lambda: RollScreen(state, "US"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not app.screen.query("#roll-button")
        await pilot.press("r")
        await pilot.pause()
        assert app.result is ScreenHarness.NO_RESULT
        assert "PRC's roll" in str(app.screen.query_one("#roll-message", Static).content)


async def test_physical_dice_take_a_typed_face_and_refuse_bad_input():
    state = physical(crt_a_roll())
    app = ScreenHarness(lambda: RollScreen(state, WHITE))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # nothing typed yet
        await pilot.pause()
        assert app.result is ScreenHarness.NO_RESULT
        assert "0 to 9" in str(app.screen.query_one("#roll-message", Static).content)
        await pilot.press("x", "7")  # the letter is refused by the input, the digit kept
        assert app.screen.query_one("#roll-face", Input).value == "7"
        await pilot.press("enter")
        await pilot.pause()
    assert app.result == EnterRoll(7)
    assert app.result in legal_intents(state, CONTENT)


async def test_odds_shown_sum_to_one_hundred_and_match_a_count_over_the_ten_faces():
    state = crt_a_roll()
    app = ScreenHarness(lambda: RollScreen(state, WHITE))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RollScreen)
        shown = plain(screen.query_one("#roll-odds", Static).content)
        preview = screen.preview
    counts = brute_force(state)
    assert sum(counts.values()) == 10
    assert preview is not None  # a public roll: the screen shows its odds
    rows = draw.result_rows(preview)
    assert sum(chance for _, _, chance in rows) == pytest.approx(1.0)
    for result, faces, chance in rows:
        assert len(faces) == counts.get(result, 0)
        assert chance == pytest.approx(counts.get(result, 0) / 10)
        line = next(line for line in shown.splitlines() if draw.result_title(result) in line)
        assert f"{counts.get(result, 0) * 10}%" in line
    assert "Total" in shown and "100%" in shown
    # 7 PRC CFs against 5 U.S. CFs (1:1), -1 for Critical Capabilities: faces 4-7 give status quo.
    assert counts == {"red-major": 2, "red-minor": 2, "status-quo": 4, "blue-minor": 2}


async def test_the_highlighted_column_is_the_one_the_engine_reads():
    state = crt_a_roll()
    app = ScreenHarness(lambda: RollScreen(state, "PRC"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RollScreen)
        preview = screen.preview
        title = plain(screen.query_one("#roll-title", Static).content)
    record = next(e.roll for e in reversed(roll(state, 3).log) if e.roll is not None)
    assert preview is not None
    assert preview.column == record.column == "1:1"
    table = CONTENT.rules.resolution_table(preview.table)
    mat = draw.mat(table, preview.column, draw.faces_by_row(table, preview))
    lit = [
        str(c.header)
        for c in mat.columns
        if isinstance(c.header, type(mat.columns[1].header)) and getattr(c.header, "style", "") == HIGHLIGHT
    ]
    assert lit == [draw.SHORT_COLUMNS[record.column]]
    sheet = contest_sheet(state, CONTENT, "crt-a")
    assert (sheet.blue.total, sheet.red.total, sheet.choice.label) == (5, 7, record.column)
    assert "CRT A, column 1:1" in title and "Red 7 / Blue 5" in title


def test_the_worksheet_shows_each_step():
    sheet = contest_sheet(crt_a_roll(), CONTENT, "crt-a")
    assert sheet is not None
    text = plain(worksheet(sheet))
    assert "Red: 7 CFs" in text and "Blue: 5 CFs" in text
    assert "3×M3 from theater: In-Theater table" in text
    assert "column 1:1" in text


async def test_a_card_roll_shows_the_bands_with_their_odds_to_its_roller():
    state = private_roll()
    app = ScreenHarness(lambda: RollScreen(state, "DPRK"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        detail = plain(app.screen.query_one("#roll-table", Static).content)
        odds = plain(app.screen.query_one("#roll-odds", Static).content)
    counts = brute_force(state)
    assert "the card's bands" in detail
    for result, n in counts.items():
        assert result in detail and result in odds
        line = next(line for line in odds.splitlines() if result in line)
        assert f"{n * 10}%" in line


async def test_a_private_roll_is_not_shown_to_another_seat():
    state = private_roll()
    app = ScreenHarness(lambda: RollScreen(state, "US"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RollScreen)
        assert screen.preview is None
        detail = plain(screen.query_one("#roll-table", Static).content)
        odds = plain(screen.query_one("#roll-odds", Static).content)
    assert "in private" in detail
    for result in brute_force(state):
        assert result not in detail and result not in odds
    after = roll(state, 6)  # "Funds stolen": +2 RP to DPRK, in secret
    app = ScreenHarness(lambda: ResultScreen(state, after, "US"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = "".join(plain(w.content) for w in app.screen.query(Static))
    assert "Funds stolen" not in text and "+2" not in text and "rolled in private" in text
    app = ScreenHarness(lambda: ResultScreen(state, after, "DPRK"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = "".join(plain(w.content) for w in app.screen.query(Static))
    assert "Funds stolen" in text and "+2" in text


# --- ResultScreen ------------------------------------------------------------------------------


async def test_the_result_shows_the_roll_the_row_read_and_the_changes():
    before = crt_a_roll()
    after = roll(before, 8)  # 8 - 1 = 7 on 1:1: Blue Minor Gain, U.S. +1, PRC -1
    app = ScreenHarness(lambda: ResultScreen(before, after, "NATO"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        rolls = plain(app.screen.query_one("#result-rolls", Static).content)
        changes = plain(app.screen.query_one("#result-changes", Static).content)
        await pilot.press("escape")
        await pilot.pause()
    assert app.result is None
    assert "Die: 8" in rolls and "= 7" in rolls and "column 1:1, row 7" in rolls and "Blue Minor Gain" in rolls
    row = next(line for line in rolls.splitlines() if line.strip().startswith("7 ") and "◀" in line)
    assert "◀ read" in row
    us = next(line for line in changes.splitlines() if line.strip().startswith("US"))
    assert f"+1 → {after.player('US').ip}" in us


# --- CommitScreen -----------------------------------------------------------------------------


async def test_commit_screen_returns_the_highlighted_commit():
    state = us_to_respond()
    app = ScreenHarness(lambda: CommitScreen(state, "US"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CommitScreen)
        first = screen.highlighted_intent()
        options = screen.options
        await pilot.press("down")
        await pilot.pause()
        second = screen.highlighted_intent()
        await pilot.press("enter")
        await pilot.pause()
    assert isinstance(first, CommitForces) and isinstance(second, CommitForces)
    # The next option down (the list runs nearest and cheapest source first).
    assert options.index(second) == options.index(first) + 1
    assert app.result == second and app.result in legal(state)


@pytest.mark.slow
async def test_commit_screen_done_key_and_escape():
    state = us_to_respond()
    app = ScreenHarness(lambda: CommitScreen(state, "US"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
    assert app.result == DoneCommitting("US")
    app = ScreenHarness(lambda: CommitScreen(state, "US"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
    assert app.result is None


async def test_the_initiator_may_not_finish_before_committing():
    state = act(act(to_red_phase(fresh()), EndPhase("RU")), PlayCard("PRC", "PRC-03"))
    state = act(state, ChooseLocation("PRC", "taiwan"))
    app = ScreenHarness(lambda: CommitScreen(state, "PRC"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        assert app.result is ScreenHarness.NO_RESULT
        assert "cannot finish yet" in str(app.screen.query_one("#commit-message", Static).content)


async def test_the_what_if_compares_with_committing_nothing_more():
    state = us_to_respond()
    app = ScreenHarness(lambda: CommitScreen(state, "US"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CommitScreen)
        # A commit from CONUS that could take one FF more: every other source compares.
        intent = next(
            i
            for i in screen.options
            if isinstance(i, CommitForces)
            and screen._source(i.stack) == "conus"
            and CommitForces("US", i.stack, i.ffs + 1) in screen.options
        )
        screen._show_what_if(intent)
        rows = screen.what_if_rows(intent)
        compare = plain(screen.query_one("#commit-compare", Static).content)
    seen = view(state, "US")
    labels = [row.label for row in rows]
    assert labels[0].startswith("Nothing more") and labels[1].startswith("This:")
    assert any(label.startswith("One FF more") for label in labels)
    assert any(label.startswith("From ") and "(in theater)" in label for label in labels)
    assert any(label.startswith("From ") and "(adjacent AOR)" in label for label in labels)
    assert not any("US-" in label for label in labels)  # stacks in words, never by id
    assert "Besides IP" in compare and "next turn's readiness bill" in compare
    baseline = preview_after(seen, [DoneCommitting("US")], CONTENT)
    assert rows[0].preview == baseline and (baseline.table, baseline.column) == ("rt-b", "red-advantage")
    assert rows[1].preview == preview_after(seen, [intent], CONTENT)
    more = CommitForces("US", intent.stack, intent.ffs + 1)
    assert rows[
        labels.index(next(label for label in labels if label.startswith("One FF more")))
    ].preview == preview_after(seen, [more], CONTENT)
    delta = rows[1].preview.expected_ip("US") - baseline.expected_ip("US")
    this_line = next(line for line in compare.splitlines() if line.startswith("This:"))
    assert draw.signed(round(delta, 1)) in this_line


async def test_a_buy_back_is_offered_and_compared():
    from hedgemony_tui.games.hedgemony.engine.intents import BuyBack, SetReadiness

    state = act(signal_all(fresh()), PayReadiness("US"))
    korea = next(s for s in state.stacks_of("US") if s.location == "korean-peninsula")
    state = act(state, SetReadiness("US", korea.id, 70))
    for seat in ("US", "NATO", "RU"):
        state = act(state, EndPhase(seat))
    state = act(act(state, PlayCard("PRC", "PRC-03")), ChooseLocation("PRC", "taiwan"))
    m3 = next(s for s in state.stacks_of("PRC") if s.mod == 3)
    state = act(act(state, CommitForces("PRC", m3.id, 3)), DoneCommitting("PRC"))
    app = ScreenHarness(lambda: CommitScreen(state, "US"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CommitScreen)
        options = screen.options
        commit = CommitForces("US", korea.id, 2)
        rows = screen.what_if_rows(commit)
    assert BuyBack("US", korea.id, 100) in options
    bought = next(row for row in rows if row.label.startswith("Buy back to 100%"))
    assert bought.preview == preview_after(view(state, "US"), [BuyBack("US", korea.id, 100), commit], CONTENT)


async def test_commit_screen_for_a_seat_not_deciding_offers_nothing():
    state = us_to_respond()
    app = ScreenHarness(lambda: CommitScreen(state, "NATO"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#commit-options", OptionList).option_count == 0
        await pilot.press("enter", "d")
        await pilot.pause()
        assert app.result is ScreenHarness.NO_RESULT


async def test_an_escalation_round_says_escalate_or_stop_and_shows_each_round():
    """Ch. 8 (lines 866-868): after the U.S. answer China may escalate. Its sheet says so,
    with the keys, lists each round with the odds had it stopped there, and d stops."""
    state = prc_may_escalate()
    app = ScreenHarness(lambda: CommitScreen(state, "PRC"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CommitScreen)
        title = str(screen.query_one("#commit-title", Static).content)
        rounds = plain(screen.query_one("#commit-rounds", Static).content)
        done_words = screen._option_words(DoneCommitting("PRC"))
        await pilot.press("d")
        await pilot.pause()
    assert "escalate" in title and "Enter" in title and "stop (d)" in title
    assert "1: PRC +3 FF" in rounds and "RT B Red adv" in rounds  # had no one answered: unopposed
    assert "1: US +2 FF" in rounds and "CRT A 1:1" in rounds
    assert done_words.startswith("Stop")
    assert app.result == DoneCommitting("PRC")


async def test_the_roll_after_an_escalation_shows_each_round():
    """Ch. 8 (line 983): Red adds Mod 2 FFs in a second round; the roll screen's worksheet
    shows the rounds, the last at the column the die is rolled on."""
    state = prc_may_escalate()
    mod2 = next(s for s in state.stacks_of("PRC") if s.mod == 2 and s.location == "china")
    state = act(act(state, CommitForces("PRC", mod2.id, 3)), DoneCommitting("PRC"))
    state = act(state, DoneCommitting("US"))
    app = ScreenHarness(lambda: RollScreen(state, "US"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        detail = plain(app.screen.query_one("#roll-table", Static).content)
    assert "2: PRC +3 FF" in detail and "CRT A R2:1" in detail


# --- snapshots --------------------------------------------------------------------------------


def test_roll_screen_snapshot(snap_compare):
    state = crt_a_roll()
    assert snap_compare(ScreenHarness(lambda: RollScreen(state, "PRC")), terminal_size=(100, 30))


def test_card_roll_screen_snapshot(snap_compare):
    state = private_roll()
    assert snap_compare(ScreenHarness(lambda: RollScreen(state, "DPRK")), terminal_size=(100, 30))


def test_commit_screen_snapshot(snap_compare):
    state = us_to_respond()
    assert snap_compare(ScreenHarness(lambda: CommitScreen(state, "US")), terminal_size=(100, 30))


def test_result_screen_snapshot(snap_compare):
    before = crt_a_roll()
    assert snap_compare(ScreenHarness(lambda: ResultScreen(before, roll(before, 8), "US")), terminal_size=(100, 30))
