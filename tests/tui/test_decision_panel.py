"""The decision panel by keys: groups, a step chosen by number, back, search capped at 30;
and the command palette finding what the panel finds.

The U.S. is the person, every other seat the basic computer player (as a newcomer plays).
"""

from __future__ import annotations

import pytest
from textual.command import CommandList, CommandPalette
from textual.widgets import Input, OptionList

from hedgemony_tui.games.hedgemony.engine.game import pending
from hedgemony_tui.games.hedgemony.engine.intents import EndPhase, Modernize, PayReadiness
from hedgemony_tui.shell.decision_tree import MAX_ENTRIES, Entry, Heading
from hedgemony_tui.shell.front import PHASE_END_GROUP
from hedgemony_tui.shell.widgets.decision import DecisionPanel
from tests.hedgemony.app_helpers import app_on, new_state
from tests.tui.tui_helpers import SIZE, settle, shown_text

COMPUTERS = {"RU": "basic", "PRC": "basic", "DPRK": "basic", "IR": "basic", "NATO": "basic", "WHITE": "none"}


def newcomer_app(tmp_path):
    return app_on(new_state(), COMPUTERS, saves_dir=tmp_path / "saves", bot_delay=0)


async def to_us(pilot, kind: str) -> None:
    """Wait until the U.S. owes a decision of ``kind`` on the board."""
    app = pilot.app
    for _ in range(40):
        await settle(pilot)
        decision = pending(app.host.state)
        if decision.kind == kind and decision.seat == "US" and app.my_options():
            return
        await pilot.pause(0.05)
    raise AssertionError(f"the U.S. never owed a {kind} decision: {pending(app.host.state).prompt}")


async def palette(pilot, words: str) -> list[str]:
    """Open the command palette, type ``words``, and read the lines it lists."""
    await pilot.press("ctrl+p")
    await pilot.pause()
    assert isinstance(pilot.app.screen, CommandPalette)
    await pilot.press(*keys(words))
    for _ in range(8):
        await pilot.pause(0.05)
    found = pilot.app.screen.query_one(CommandList)
    return [str(found.get_option_at_index(n).prompt) for n in range(found.option_count)]


def keys(words: str) -> list[str]:
    return ["space" if ch == " " else ch for ch in words]


def lines(panel: DecisionPanel) -> list[str]:
    listing = panel.query_one("#decision-options", OptionList)
    # Headings read "── Group ──", entries under them are indented and the highlighted one
    # marked "▶": compare the words.
    return [
        str(listing.get_option_at_index(n).prompt).strip().removeprefix("▶").strip().strip("─").strip()
        for n in range(listing.option_count)
    ]


async def open_line(pilot, panel: DecisionPanel, starts: str) -> None:
    """Highlight the first line that starts with ``starts`` by arrow keys and press Enter."""
    listing = panel.query_one("#decision-options", OptionList)
    target = next(n for n, text in enumerate(lines(panel)) if text.startswith(starts))
    listing.focus()
    await pilot.pause()
    for _ in range(60):
        if listing.highlighted == target:
            break
        await pilot.press("down" if (listing.highlighted or 0) < target else "up")
    assert listing.highlighted == target, lines(panel)
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.slow
async def test_the_blue_phase_by_groups_and_steps(tmp_path):
    app = newcomer_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await to_us(pilot, "readiness")
        panel = app.screen.query_one(DecisionPanel)
        # The bill's line says what it costs (issue 33: no spend unseen).
        assert lines(panel)[:2] == ["Readiness", "Pay the readiness bill  · costs 26 RP"]
        await pilot.press("enter")  # the filter has the focus; the highlighted line is the bill
        await to_us(pilot, "blue")
        journal = app.session.journal
        assert any(isinstance(entry.intent, PayReadiness) for entry in journal)

        # Grouped: the end of the phase first, then groups; never more than 30 entries.
        panel = app.screen.query_one(DecisionPanel)
        assert len(app.my_options()) > 300
        rows = panel.root
        assert rows[0] == Heading(PHASE_END_GROUP)
        assert sum(isinstance(row, Entry) for row in rows) <= MAX_ENTRIES
        shown = lines(panel)
        assert "End the Blue phase" in shown[:5] and "Investments" in shown and "Posture" in shown
        assert not any("first 100" in text for text in shown)

        # Into the Modernize entry, a stack, back out, in again, and a number of FFs.
        await open_line(pilot, panel, "Modernize")
        assert "Modernize" in shown_text(app.screen.query_one("#decision-path"))
        assert lines(panel)[0].startswith("‹ Back")
        await pilot.press("escape")
        await pilot.pause()
        assert panel.trail == [] and lines(panel)[0] == PHASE_END_GROUP
        await open_line(pilot, panel, "Modernize")
        await open_line(pilot, panel, "14 FF M3 in CONUS")
        assert "14 FF M3 in CONUS" in shown_text(app.screen.query_one("#decision-path"))
        # Each says what it costs after its words (issue 33: no spend unseen).
        assert [line.split("  · ")[0] for line in lines(panel)[1:]] == ["1 FF", "2 FF", "3 FF", "4 FF"]
        assert all("· costs" in line and "RP" in line for line in lines(panel)[1:])
        before = len(journal)
        await open_line(pilot, panel, "2 FF")
        await settle(pilot)
        mine = [entry.intent for entry in journal[before:] if entry.seat == "US"]
        assert mine and isinstance(mine[0], Modernize) and mine[0].ffs == 2
        assert panel.trail == []  # a new decision: the menu starts at the top again


@pytest.mark.slow
async def test_search_is_capped_and_the_palette_finds_what_the_panel_finds(tmp_path):
    app = newcomer_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await to_us(pilot, "readiness")
        await pilot.press("enter")
        await to_us(pilot, "blue")
        panel = app.screen.query_one(DecisionPanel)
        panel.query_one("#decision-filter", Input).focus()
        await pilot.press(*"move")
        await pilot.pause()
        assert len(panel.shown) == MAX_ENTRIES
        assert "more match — type more words to narrow" in str(panel.query_one("#decision-count").render())
        await pilot.press(*["backspace"] * 4, *keys("end blue"))
        await pilot.pause()
        assert panel.shown == [EndPhase("US")]
        await pilot.press("escape")  # out of the search, back to the menu
        await pilot.pause()
        assert panel.query_one("#decision-filter", Input).value == "" and lines(panel)[0] == PHASE_END_GROUP

        # The palette: the same search, the same cap and the same line for the rest.
        prompts = await palette(pilot, "move")
        assert sum("moves" in text for text in prompts) == MAX_ENTRIES
        assert any("more match — type more words to narrow" in text for text in prompts), prompts
        await pilot.press("escape")
        await pilot.pause()
        prompts = await palette(pilot, "end blue")
        assert any("US is finished for this phase" in text for text in prompts), prompts
        await pilot.press("enter")
        await pilot.pause()
        # It ends the U.S.'s part of the phase: the palette asks once more, as the panel does.
        assert "This ends" in app.screen.question and not any(e.intent == EndPhase("US") for e in app.session.journal)
        await pilot.press("y")
        await pilot.pause()
        assert any(entry.intent == EndPhase("US") for entry in app.session.journal)


async def test_enter_on_a_search_that_finds_nothing_says_so_and_pagedown_pages(tmp_path):
    # A newcomer's Enter on a dead search did nothing they could see ("0 of 17 match" only),
    # and PageDown from the search box did nothing on a list of 45 lines.
    app = newcomer_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await to_us(pilot, "readiness")
        await pilot.press("enter")
        await to_us(pilot, "blue")
        panel = app.screen.query_one(DecisionPanel)
        search = panel.query_one("#decision-filter", Input)
        search.focus()
        await pilot.press(*"zzqx")
        await pilot.pause()
        count = panel.query_one("#decision-count")
        assert count.has_class("nomatch") and "No line matches “zzqx”" in str(count.render())
        journal = len(app.session.journal)
        await pilot.press("enter")
        await pilot.pause()
        said = str(count.render())
        assert "Enter took nothing" in said and "Backspace or Esc clears" in said
        assert len(app.session.journal) == journal
        await pilot.press("escape")
        await pilot.pause()
        assert search.value == "" and not count.has_class("nomatch")

        # PageDown from the search box: the list takes the focus and moves a page at once.
        search.focus()
        await pilot.press(*"move")
        await pilot.pause()
        listing = panel.query_one("#decision-options", OptionList)
        before = listing.highlighted or 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert listing.has_focus and (listing.highlighted or 0) - before > 3
        down = listing.highlighted or 0
        await pilot.press("pageup")
        await pilot.pause()
        assert (listing.highlighted or 0) < down - 3
