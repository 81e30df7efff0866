"""Hex Encounters after a newcomer's play (issue 33): a mixed Blue+Green stack reads as
mixed, the odds table heads every column, the combat result says which figures stand
before the roll and which after, the deploy list says how many blocks of a type wait, the
guide names the rulebook's chapters, and Esc or F9 take the focus from the map back to
the decision list."""

from __future__ import annotations

import re
from pathlib import Path

from textual.widgets import OptionList

from hedgemony_tui.games.hex_encounters.engine import flow
from hedgemony_tui.games.hex_encounters.engine.intents import Deploy, Roll, Select
from hedgemony_tui.games.hex_encounters.front.guide import GUIDE
from hedgemony_tui.games.hex_encounters.front.labels import label
from hedgemony_tui.games.hex_encounters.front.mapdraw import LEGEND, stack_mark
from hedgemony_tui.games.hex_encounters.front.mapview import HexMap
from hedgemony_tui.games.hex_encounters.front.panels import odds
from hedgemony_tui.games.hex_encounters.front.result import roll_text
from hedgemony_tui.games.hex_encounters.rules import RULES
from tests.hex_encounters.helpers import position
from tests.hex_encounters.test_screens import _app, _board, _fighting
from tests.tui.tui_helpers import SIZE


def test_a_blue_and_green_stack_is_marked_mixed_and_the_legend_says_so() -> None:
    state = position({"B3": ("mech", "0505"), "G1": ("green-mech", "0505"), "B4": ("mech", "0506")}, seat="BLUE")
    assert stack_mark(state, "0505") == "2M"
    assert stack_mark(state, "0506") == "1B"
    assert any("M: Blue and Green together" in meaning for _, meaning in LEGEND)


def test_the_odds_table_heads_its_last_column_and_the_result_says_before_and_after() -> None:
    state = _fighting()
    assert state.combat is not None
    assert "from final column" in odds(state.combat).plain
    after = RULES.apply(state, Roll("RED134"))
    text = roll_text(state, after)
    assert text is not None
    plain = text.plain
    assert "Before the roll" in plain and "After the roll, losses" in plain
    assert plain.index("Before the roll") < plain.index("After the roll")


def test_the_deploy_list_says_how_many_blocks_of_a_type_wait() -> None:
    state = RULES.setup(5, {})
    state = flow.apply(state, next(o for o in flow.legal(state) if isinstance(o, Deploy)))  # Green's first
    while state.seat != "BLUE":  # Green sets up its six; then Blue
        state = flow.apply(state, next(o for o in flow.legal(state) if isinstance(o, Deploy)))
    labels = [label(state, o) for o in flow.legal(state) if isinstance(o, (Deploy, Select))]
    mech = [text for text in labels if "mech" in text.lower()]
    assert mech and all("(×3 waiting)" in text for text in mech), labels
    assert not any("×" in text for text in labels if "armor" in text.lower())


def test_the_guide_cites_the_rulebook_by_chapter_not_by_file_or_line() -> None:
    for section in GUIDE.sections:
        for chapter in section.chapters:
            assert "README" not in chapter and not re.search(r"\bL\d", chapter), (section.id, chapter)


async def test_esc_and_f9_take_the_focus_from_the_map_back_to_the_list(tmp_path: Path) -> None:
    state = position({"B3": ("mech", "0505")}, phase="blue-move", seat="BLUE")
    app = _app(state, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _board(pilot)
        screen = app.screen
        listing = screen.query_one("#decision-options", OptionList)
        drawn = screen.query_one("#hex-map", HexMap)
        await pilot.press("f9")
        await _until(pilot, lambda: drawn.has_focus)
        assert "Esc or F9: back to the list" in str(screen.query_one("#hex-caption").render())
        await pilot.press("escape")
        await _until(pilot, lambda: listing.has_focus)
        assert listing.has_focus and app.screen is screen
        await pilot.press("f9")
        await _until(pilot, lambda: drawn.has_focus)
        await pilot.press("f9")
        await _until(pilot, lambda: listing.has_focus)
        assert listing.has_focus


async def _until(pilot, condition, tries: int = 40) -> None:
    """Pause until ``condition`` holds (a loaded machine may take more than one frame to
    move the focus), then assert it."""
    for _ in range(tries):
        if condition():
            return
        await pilot.pause(0.05)
    assert condition()
