"""The decision list cannot misfire (issue 33), through the real app: the filter reads
only what a line shows; Enter takes the line marked "▶" (also with NO_COLOR), from the
search box as from the list; the list does not wrap; a choice that ends a phase or a
turn asks once, Esc choosing again with nothing taken.

The U.S. is the person in Hedgemony, every other seat the basic computer player; in
Gaming to the Rescue the Humanitarian Community.
"""

from __future__ import annotations

import pytest
from textual.widgets import Input, Static

from hedgemony_tui.games.hedgemony.engine.intents import EndPhase, Pay
from hedgemony_tui.games.rescue.engine.intents import EndTurn
from hedgemony_tui.shell.decision_tree import Choice, search
from hedgemony_tui.shell.widgets.decision import DecisionPanel
from hedgemony_tui.shell.widgets.decision_list import MARK, DecisionList
from tests.tui.test_decision_panel import keys, lines, newcomer_app, to_us
from tests.tui.tui_helpers import SIZE, screen_text, settle, shown_text


async def to_blue(pilot) -> DecisionPanel:
    """The U.S. at its Blue phase (the bill paid), the search box empty and focused."""
    await to_us(pilot, "readiness")
    await pilot.press("enter")
    await to_us(pilot, "blue")
    panel = pilot.app.screen.query_one(DecisionPanel)
    panel.query_one("#decision-filter", Input).focus()
    await pilot.pause()
    return panel


def marked(app) -> list[str]:
    """The rendered lines of the decision list that carry the mark."""
    listing = app.screen.query_one(DecisionList)
    region = listing.region
    rows = screen_text(app).splitlines()[region.y : region.y + region.height]
    return [row[region.x : region.right] for row in rows if MARK.strip() in row[region.x : region.right]]


def test_a_search_word_matches_the_start_of_a_shown_word_only():
    # "end" is not the end of "defender", nor "port" the end of "airport".
    attack = Choice(object(), "Attack 0905: the defender loses", ("Attack",), "attack")
    done = Choice(object(), "End the attacks", ("End of phase",), "end")
    airport = Choice(object(), "Request 1 security at D-1 (airport)", ("Request",), "request")
    assert search([attack, done], "end") == ([done], 1)
    assert search([airport], "port") == ([], 0) and search([airport], "air") == ([airport], 1)


def test_a_search_reads_only_the_words_a_line_shows():
    # Pay's tag is "pay", and the offer's card sits in a group: neither is on the line.
    decline = Choice(Pay("US", 0), "US declines the offer", ("Card in play", "Decline the offer"), "pay")
    card = Choice(object(), "US plays US-RD", ("Investments", "Research and development"), "play")
    assert decline.shown == "Decline the offer — US declines the offer"
    assert search([decline, card], "Pay") == ([], 0)
    assert search([decline, card], "investments") == ([], 0)
    assert search([decline, card], "decline") == ([decline], 1)


@pytest.mark.slow
async def test_enter_takes_the_marked_line_of_several_matches_never_the_first(tmp_path):
    app = newcomer_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        panel = await to_blue(pilot)
        await pilot.press(*keys("move"))
        await pilot.pause()
        shown = list(panel.shown)
        assert len(shown) > 3
        listing = panel.query_one(DecisionList)
        assert listing.highlighted == 0 and len(marked(app)) == 1  # the first match, marked as typed
        await pilot.press("down", "down")
        await pilot.pause()
        assert listing.highlighted == 2
        rows = marked(app)
        assert len(rows) == 1 and lines(panel)[2][:20] in rows[0], (rows, lines(panel)[:3])
        before = len(app.session.journal)
        await pilot.press("enter")
        await settle(pilot)
        taken = [entry.intent for entry in app.session.journal[before:] if entry.seat == "US"]
        assert taken[:1] == [shown[2]], (taken, shown[:3])


@pytest.mark.slow
async def test_the_mark_shows_without_colour_in_the_search_box_too(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = newcomer_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert app.no_color
        panel = await to_blue(pilot)
        assert app.focused is panel.query_one("#decision-filter", Input)
        assert len(marked(app)) == 1  # the menu's first entry, before anything is typed
        await pilot.press(*keys("end blue"))
        await pilot.pause()
        rows = marked(app)
        assert len(rows) == 1 and "End the Blue phase" in rows[0], rows


@pytest.mark.slow
async def test_the_list_does_not_wrap_and_up_from_the_top_is_the_search_box(tmp_path):
    app = newcomer_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        panel = await to_blue(pilot)
        await pilot.press(*keys("end blue"))  # one line only
        await pilot.pause()
        listing = panel.query_one(DecisionList)
        await pilot.press("down", "down", "down")
        await pilot.pause()
        assert listing.highlighted == 0 and app.focused is listing
        await pilot.press("escape", "escape")  # out of the confirmation if any, then the search
        await pilot.pause()
        panel.query_one("#decision-filter", Input).value = ""
        await pilot.press(*keys("move"))  # typed while the list has the focus
        await pilot.pause()
        # Every letter reaches the search box, the first too (it once selected what the first
        # letter had typed on taking the focus, and the second letter replaced it).
        assert panel.query_one("#decision-filter", Input).value == "move"
        count = listing.option_count
        await pilot.press(*["down"] * (count + 5))
        await pilot.pause()
        assert listing.highlighted == count - 1  # the last line, not the first again
        await pilot.press(*["up"] * (count - 1))
        await pilot.pause()
        assert listing.highlighted == 0 and app.focused is listing
        await pilot.press("up")
        await pilot.pause()
        assert app.focused is panel.query_one("#decision-filter", Input) and listing.highlighted == 0


@pytest.mark.slow
async def test_ending_the_phase_asks_once_and_esc_takes_nothing(tmp_path):
    app = newcomer_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        panel = await to_blue(pilot)
        await pilot.press(*keys("end blue"), "enter")
        await settle(pilot)
        state, journal = app.host.state, len(app.session.journal)
        assert panel.asking is not None and panel.asking.intent == EndPhase("US")
        said = shown_text(panel.query_one("#decision-confirm", Static))
        assert "This ends" in said and "Enter again to confirm, Esc to choose again." in said
        await pilot.press("escape")
        await settle(pilot)
        assert panel.asking is None and app.host.state is state and len(app.session.journal) == journal
        assert not panel.query_one("#decision-confirm", Static).has_class("asking")
        await pilot.press("enter")  # the line is still marked: it asks again
        await settle(pilot)
        assert panel.asking is not None and app.host.state is state
        await pilot.press("enter")
        await settle(pilot)
        assert any(entry.intent == EndPhase("US") for entry in app.session.journal[journal:])


@pytest.mark.slow
async def test_rescues_end_of_the_turn_asks_before_it_ends(tmp_path):
    from tests.rescue.test_learning_screens import _app, _to_first_turn

    app = _app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _to_first_turn(pilot)
        panel = app.screen.query_one(DecisionPanel)
        panel.query_one("#decision-filter", Input).focus()
        await pilot.press(*keys("end the turn"), "enter")
        await settle(pilot)
        state = app.host.state
        assert panel.asking is not None and panel.asking.intent == EndTurn("HC")
        assert "This ends" in shown_text(panel.query_one("#decision-confirm", Static))
        await pilot.press("enter")
        await settle(pilot)
        assert app.host.state is not state
        assert any(entry.intent == EndTurn("HC") for entry in app.session.journal)


@pytest.mark.slow
async def test_a_word_only_in_a_group_name_finds_nothing(tmp_path):
    app = newcomer_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        panel = await to_blue(pilot)
        assert "Investments" in lines(panel)  # a heading of the menu, no line's own words
        await pilot.press(*keys("investments"))
        await pilot.pause()
        shown = lines(panel)
        assert all("investments" in line.lower() for line in shown), shown
        before = len(app.session.journal)
        if not shown:  # nothing found: Enter takes nothing
            await pilot.press("enter")
            await settle(pilot)
            assert len(app.session.journal) == before


@pytest.mark.slow
async def test_a_choice_from_outside_the_panel_that_ends_the_phase_asks_too(tmp_path):
    # The command palette and the coach's dialog take an intent without the panel: they ask
    # with a yes/no dialog instead of the second Enter; No takes nothing.
    from hedgemony_tui.shell.screens.dialogs import ConfirmScreen, choose_asking

    app = newcomer_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await to_blue(pilot)
        state, journal = app.host.state, len(app.session.journal)
        choose_asking(app, EndPhase("US"))
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "This ends" in app.screen.question
        await pilot.press("n")
        await settle(pilot)
        assert app.host.state is state and len(app.session.journal) == journal
        choose_asking(app, EndPhase("US"))
        await pilot.pause()
        await pilot.press("y")
        await settle(pilot)
        assert any(entry.intent == EndPhase("US") for entry in app.session.journal[journal:])
        # An option that closes nothing is taken at once.
        moves = [i for i, _ in app.my_options() if not isinstance(i, EndPhase)]
        if moves and app.host.commitment(app.viewer_seat(), moves[0]) is None:
            before = len(app.session.journal)
            choose_asking(app, moves[0])
            await pilot.pause()
            assert not isinstance(app.screen, ConfirmScreen) and len(app.session.journal) > before
