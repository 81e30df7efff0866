"""Issue 29: a seat's name is typed by people, so it may hold escape sequences; the
hand-over screen draws it as visible text (``\\x1b[2J`` shown, not obeyed), and the
status lines built from ``Seats.name`` do the same."""

from __future__ import annotations

from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.shell.screens.handover import HandOverScreen
from hedgemony_tui.table.seats import Seats
from tests.hedgemony.app_helpers import app_on, new_state
from tests.tui.tui_helpers import SIZE, shown_text

EVIL = "\x1b[2J\x1b]0;pwned\x07Alice"


async def test_an_escape_sequence_in_a_seat_name_draws_as_visible_text(tmp_path) -> None:
    names = {spec.id: EVIL for spec in RULES.seats()}
    app = app_on(new_state(), names=names, saves_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(10):
            await pilot.pause()
            if isinstance(app.screen, HandOverScreen):
                break
            await pilot.press("escape")
        assert isinstance(app.screen, HandOverScreen)
        title = shown_text(app.screen.query_one("#handover-title"))
        assert "\\x1b[2J\\x1b]0;pwned\\x07Alice" in title
        assert "\x1b" not in title and "\x07" not in title
        # What the terminal is sent: the screen as drawn holds the visible escapes only.
        drawn = app.export_screenshot()
        assert "x1b[2J" in drawn and "\x1b" not in drawn and "\x07" not in drawn


def test_a_seat_name_is_inert_wherever_it_is_drawn_from() -> None:
    seats = Seats.of_specs(RULES.seats(), None, {"US": EVIL})
    assert seats.name("US") == "\\x1b[2J\\x1b]0;pwned\\x07Alice (US)"
    # Read back from a save's [seats] table, the name is kept as typed (it is data) and
    # still drawn inert; an absurdly long one is cut to a name's length.
    again = Seats.from_dict(RULES.seats(), {"US": {"kind": "human", "name": EVIL + "x" * 5000}}, RULES.policy_names())
    assert "\x1b" not in again.name("US") and len(again.of("US").name) <= 200
