"""Keys typed while the table was busy (the computers writing a sealed choice, a season
being resolved) were meant for the screen the person saw then: a newcomer pressed Enter
again after sealing The Grand Game's allocation, the screen showing the allocation still,
and the queued Enters handed in the spring orders unseen. Such keys are dropped, once told;
keys typed after the new decision is drawn work. The computers' unseen steps are taken in
batches, each drawn once (they were drawn and saved one by one: 9 s a phase)."""

from __future__ import annotations

from typing import Any

from textual import events

from hedgemony_tui.games.grand_game.rules import RULES
from tests.tui.tui_helpers import grand_game_app, screen_text

ME = "arvenne"


def _mine(app: Any, word: str) -> list[Any]:
    return [i for i in app.host.legal() if RULES.seat_of(i) == ME and word in str(i.describe()).lower()]


def _handed_in(app: Any) -> bool:
    return any(e.seat == ME and "hands in" in str(e.intent.describe()) for e in app.session.journal)


async def _until_mine(pilot: Any, kind: str) -> None:
    app = pilot.app
    for _ in range(200):
        await pilot.pause(0.02)
        decision = app.host.decision()
        if decision.kind == kind and decision.seats == (ME,) and app._bot_timer is None:
            return
    raise AssertionError(f"never {kind} for {ME} alone: {app.host.decision()}")


async def _sealed(pilot: Any) -> None:
    """Spend the allocation on supply and seal it, with the computers' spring still to come."""
    app = pilot.app
    await _until_mine(pilot, "allocate")
    while not _mine(app, "seal"):
        app.choose(_mine(app, "supply")[0])
        await pilot.pause()


async def test_keys_queued_while_the_computers_wrote_are_dropped_and_later_keys_work() -> None:
    app = grand_game_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await _sealed(pilot)
        app.choose(_mine(app, "seal")[0])
        # Typed at once, before the computers' spring orders (queued behind them):
        for _ in range(3):
            app.post_message(events.Key("enter", None))
        await _until_mine(pilot, "orders")
        await pilot.pause()
        assert not _handed_in(app)  # without the guard, the queued Enters handed the spring in
        assert "spring" in app.host.decision().prompt and ME in app.host.decision().seats
        told = [n.message for n in app._notifications]
        assert any("Keys pressed while the table was busy were not used" in m for m in told)
        # Keys typed now that the spring is on screen are the person's: Enter arms the
        # hand-in, Enter again confirms it.
        assert "Hand in these spring orders" in screen_text(app)
        await pilot.press("enter")
        await pilot.press("enter")
        await pilot.pause()
        assert _handed_in(app)


async def test_the_computers_unseen_lines_are_drawn_in_batches() -> None:
    app = grand_game_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await _sealed(pilot)
        drawn: list[int] = []
        board = app.screen
        refresh = board.refresh_state

        def counted() -> None:
            drawn.append(1)
            refresh()

        board.refresh_state = counted
        steps = len(app.session.journal)
        app.choose(_mine(app, "seal")[0])
        await _until_mine(pilot, "orders")
        steps = len(app.session.journal) - steps
        assert steps > 50  # five computers' spring orders, line by line
        assert len(drawn) < steps / 5


async def test_words_typed_fast_from_the_list_keep_their_spaces() -> None:
    """The search box takes the focus after the keys already queued: a newcomer's fast
    "Develop 1 at Arvel" arrived as "Develop1atArvel" (the list dropped the spaces)."""
    from textual.widgets import Input

    app = grand_game_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await _until_mine(pilot, "allocate")
        app.screen.query_one("#decision-options").focus()
        await pilot.pause()
        for char in "develop 1 at":
            app.post_message(events.Key("space" if char == " " else char, char))
        await pilot.pause()
        assert app.screen.query_one("#decision-filter", Input).value == "develop 1 at"
