"""Issue 33's leftovers (part A), through the real app: a spend is seen before it is taken
and can be taken back after; a card played from the hand hands back to the board, which
names what the card waits for; a yes/no question answers Enter the way it says, and says
what a choice truly ends; a burst of n from the result screens never reaches the search.

The U.S. is the person in Hedgemony, every other seat the basic computer player.
"""

from __future__ import annotations

import pytest
from textual.app import ComposeResult
from textual.widgets import Input, OptionList, Static

from hedgemony_tui.games.hedgemony.engine.intent_names import cost_words
from hedgemony_tui.games.hedgemony.engine.intents import EndPhase, Procure
from hedgemony_tui.games.hedgemony.front.screens.hand import HandScreen
from hedgemony_tui.shell.screens.dialogs import ConfirmScreen, choose_asking
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.shell.screens.result_pause import ResultPause
from hedgemony_tui.shell.widgets.decision import DecisionPanel
from tests.tui.test_decision_list_misfire import to_blue
from tests.tui.test_decision_panel import keys, lines, newcomer_app
from tests.tui.tui_helpers import SIZE, settle, shown_text


def test_cost_words_say_what_is_paid_and_nothing_else():
    assert cost_words(2, 0) == "costs 2 RP"
    assert cost_words(2, 1) == "costs 2 RP and 1 IP"
    assert cost_words(0, 0) == "" and cost_words(-3, 0) == ""  # a gain is no cost


@pytest.mark.slow
async def test_a_procurement_line_says_its_price_and_enter_names_it_before_buying(tmp_path):
    app = newcomer_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        panel = await to_blue(pilot)
        rp = app.host.state.player("US").rp
        await pilot.press(*keys("proc"))
        await pilot.pause()
        shown = lines(panel)
        assert shown and all("costs" in line and "RP" in line for line in shown), shown[:3]
        # While typing, the line Enter takes is named with its price, before Enter.
        enter = shown_text(panel.query_one("#decision-enter", Static))
        first = panel.shown[0]
        assert isinstance(first, Procure) and enter.startswith("Enter: US procures") and "costs 2 RP" in enter
        await pilot.press("enter")
        await settle(pilot)
        assert app.host.state.player("US").rp == rp - 2
        # Taken at once (undo is the way back), and the panel says so.
        done = panel.query_one("#decision-spent", Static)
        assert done.has_class("shown") and "Ctrl+Z takes it back" in shown_text(done)
        assert "costs 2 RP" in shown_text(done)
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert app.host.state.player("US").rp == rp
        assert not panel.query_one("#decision-spent", Static).has_class("shown")
        # Another decision after the undo: the line does not come back naming the spend undone.
        await pilot.press(*keys("proc"))
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("ctrl+z")
        await settle(pilot)
        # ... taken the way a worksheet takes it (app.choose), not through the list.
        other = next(i for i in app.host.feed("US").options if isinstance(i, Procure) and i != first)
        app.choose(other)
        await settle(pilot)
        assert not panel.query_one("#decision-spent", Static).has_class("shown")


@pytest.mark.slow
async def test_a_card_played_from_the_hand_goes_back_to_the_board_naming_its_next_choice(tmp_path):
    app = newcomer_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await to_blue(pilot)
        await pilot.press("f3")
        await pilot.pause()
        hand = app.screen
        assert isinstance(hand, HandScreen)
        hand.query_one("#hand-list", OptionList).highlighted = [c.id for c in hand.cards].index("US-RD")
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen), type(app.screen).__name__
        prompt = shown_text(app.screen.query_one("#decision-prompt", Static))
        assert "US-RD" in prompt and "roll" in prompt, prompt


@pytest.mark.slow
async def test_the_yes_no_question_takes_enter_as_it_says_and_names_what_ends(tmp_path):
    app = newcomer_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await to_blue(pilot)
        journal = len(app.session.journal)
        choose_asking(app, EndPhase("US"))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ConfirmScreen)
        # NATO/EU still plays its Blue phase: the U.S. ends its own part of it, not a turn.
        assert (
            "ends your turn" not in screen.question
            and "This ends your part of the blue actions phase" in screen.question
        )
        assert "Enter or Y: yes" in shown_text(screen.query_one("#confirm-keys", Static))
        await pilot.press("enter")
        await settle(pilot)
        assert any(entry.intent == EndPhase("US") for entry in app.session.journal[journal:])


@pytest.mark.slow
async def test_quitting_asks_with_enter_meaning_no(tmp_path):
    app = newcomer_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await to_blue(pilot)
        await pilot.press("ctrl+q")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ConfirmScreen)
        assert "Enter or N: no" in shown_text(screen.query_one("#confirm-keys", Static))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.is_running


class _Result(ResultPause):
    """A result screen with one line, as a game's result screens are."""

    def compose(self) -> ComposeResult:
        yield Static("a roll and its odds")


@pytest.mark.slow
async def test_a_burst_of_n_with_slow_steps_between_never_reaches_the_search(tmp_path):
    app = newcomer_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        panel = await to_blue(pilot)
        app.push_screen(_Result())
        await pilot.pause()
        # One n pages the result screen; four more follow, each as long after the last as a
        # slow computer step (the guard once lasted 0.6 s from the first).
        await pilot.press("n")
        for _ in range(4):
            await pilot.pause(0.4)
            await pilot.press("n")
        await settle(pilot)
        filt = panel.query_one("#decision-filter", Input)
        assert filt.value == ""
        assert "nothing typed" in shown_text(panel.query_one("#decision-count", Static))  # and why it is empty
        await pilot.press(*keys("move"))  # another key: the person types, n's included again
        await pilot.pause()
        assert filt.value == "move"
        assert isinstance(app.screen.query_one(DecisionPanel), DecisionPanel)
