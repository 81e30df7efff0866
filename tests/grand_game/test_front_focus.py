"""Back from the journal (F4) on the Grand Game's board, both arrows move the decision
list at once: the search box holds the focus then, and ↑ was dead there until Tab."""

from __future__ import annotations

from textual.widgets import OptionList

from hedgemony_tui.shell.app import build_app
from hedgemony_tui.shell.screens.game import GameScreen

SMALL = (100, 30)


async def test_up_moves_the_list_after_the_journal_is_closed(tmp_path):
    app = build_app(saves_dir=tmp_path, bot_delay=0, game="grand-game")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("ctrl+s")
        for _ in range(20):
            await pilot.pause(0.1)
            if isinstance(app.screen, GameScreen):
                break
        assert isinstance(app.screen, GameScreen)
        options = app.screen.query_one("#decision-options", OptionList)
        await pilot.press("down", "down")
        await pilot.pause()
        was = options.highlighted
        await pilot.press("f4")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("up")
        await pilot.pause()
        assert options.has_focus
        assert was is not None and options.highlighted is not None and options.highlighted < was


async def test_letters_typed_while_a_pick_is_carried_out_stay_in_the_search(tmp_path):
    """At 100x30 the box once read "rvelinfantry at Ardunsupply": the search was cleared only
    when the next decision arrived, wiping what had been typed for it meanwhile, and kept
    otherwise. Now a pick clears it at once, and later letters are kept."""
    from textual.widgets import Input

    from hedgemony_tui.shell.widgets.decision import DecisionPanel

    app = build_app(saves_dir=tmp_path, bot_delay=0, game="grand-game")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("ctrl+s")
        for _ in range(20):
            await pilot.pause(0.1)
            if isinstance(app.screen, GameScreen):
                break
        panel = app.screen.query_one(DecisionPanel)
        filt = panel.query_one("#decision-filter", Input)
        await pilot.press(*"supply")
        await pilot.pause()
        journal = len(app.session.journal)
        panel._act(panel.query_one("#decision-options", OptionList).highlighted)  # Enter, as the box sends it
        assert filt.value == ""  # cleared by the pick itself
        filt.insert_text_at_cursor("s")  # typed before the next decision is drawn
        await pilot.pause()
        await pilot.pause()
        assert len(app.session.journal) == journal + 1  # the pick was taken
        assert filt.value == "s"
