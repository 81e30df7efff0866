"""Free text typed by players is plain text everywhere, never Rich markup (issue 18): a
proposal titled ``[/]`` crashed the journal; a seat named ``[/]`` the hand-over."""

from __future__ import annotations

import pytest

from hedgemony_tui.games.hedgemony.rules import RULES
from tests.hedgemony.app_helpers import app_on
from tests.hedgemony.engine.test_free_play import proposed

MARKUP = "[/]"


def proposed_markup():
    return proposed(title=MARKUP)


async def _visit_every_view(app) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for key in (
            "enter",
            "f2",
            "escape",
            "f3",
            "escape",
            "f4",
            "escape",
            "f5",
            "escape",
            "f6",
            "escape",
            "f7",
            "escape",
            "j",
            "escape",
            "enter",
        ):
            await pilot.press(key)
            await pilot.pause()
        assert app._exception is None


@pytest.mark.slow
async def test_a_proposal_titled_markup_shows_in_the_journal() -> None:
    state = proposed_markup()
    assert any(MARKUP in e.text for e in state.log)
    await _visit_every_view(app_on(state, bot_delay=0))


@pytest.mark.slow
async def test_a_seat_named_markup_takes_the_hand_over() -> None:
    state = proposed_markup()
    names = {seat.id: MARKUP for seat in RULES.seats()}
    await _visit_every_view(app_on(state, names=names, bot_delay=0))
