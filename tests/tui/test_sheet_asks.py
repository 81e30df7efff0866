"""A worksheet (F6) that leaves with a choice ending a step or phase asks first, as the
decision list does (shell/app.py ``_push_worksheet`` → ``choose_asking``): Esc/No leaves
the game where it was, Yes takes the choice."""

from __future__ import annotations

from hedgemony_tui.games.hedgemony.engine.intents import EndInvestments, EndPhase
from hedgemony_tui.shell.screens.dialogs import ConfirmScreen, PickScreen
from hedgemony_tui.shell.screens.game import GameScreen
from tests.tui.test_coach_and_lesson import learner_app, until_mine
from tests.tui.tui_helpers import SIZE


async def _sheet_with_an_ending(app, pilot):
    """Open F6 at the learner's decision and return (the sheet, an ending intent it may take)."""
    await until_mine(pilot)
    for _ in range(10):  # take the first line until a step may be ended
        ends = [i for i, _ in app.my_options() if isinstance(i, (EndInvestments, EndPhase))]
        if ends:
            break
        app.choose(app.my_options()[0][0])
        await until_mine(pilot)
    assert ends, "the learner never could end a step"
    await pilot.press("f6")
    await pilot.pause()
    if isinstance(app.screen, PickScreen):  # several worksheets: the first
        await pilot.press("enter")
        await pilot.pause()
    sheet = app.screen
    assert not isinstance(sheet, GameScreen), "F6 opened no worksheet"
    return sheet, ends[0]


async def test_a_sheet_leaving_with_the_end_of_a_step_asks_and_no_keeps_the_game(tmp_path):
    app = learner_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        sheet, end = await _sheet_with_an_ending(app, pilot)
        before = app.host.state
        sheet.dismiss(end)  # what the sheet's step button does
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Take it?" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert app.host.state is before


async def test_yes_takes_it(tmp_path):
    app = learner_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        sheet, end = await _sheet_with_an_ending(app, pilot)
        sheet.dismiss(end)
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        taken = [e for e in app.session.journal if e.by == "person"]
        assert taken and taken[-1].intent == end
