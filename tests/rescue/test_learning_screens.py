"""Gaming to the Rescue! learned at the table, through the real app (Pilot):

* every roll and event card shows a result screen with the odds before it and what each
  other face or card would have meant; the pace (Ctrl+T's setting) decides whether the
  others' rolls stop the game, and a person's own roll always does;
* "End the turn" is the last line of the decision list, after the things to do;
* F1 on the board opens the rules guide at its page about the phase under way, every page renders
  and the glossary lists every term;
* "Learn to play" starts the lesson: the learner's seat a person, the others computer
  players, its seed, and its notes shown.
"""

from __future__ import annotations

import pytest
from textual.widgets import Static

from hedgemony_tui.games.rescue.front.guide import GUIDE
from hedgemony_tui.games.rescue.front.lesson import LESSON
from hedgemony_tui.games.rescue.front.results import RollResult
from hedgemony_tui.games.rescue.rules import RULES
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.shell.screens.handover import HandOverScreen
from hedgemony_tui.table.feed import NEVER
from tests.tui.tui_helpers import SIZE, screen_text, shown_text


def _app(tmp_path, seed: int = 29):
    from hedgemony_tui.shell.app import build_app
    from hedgemony_tui.table.saves import SavedGame
    from hedgemony_tui.table.seats import Seats

    state = RULES.setup(seed, {})
    seats = Seats.of_specs(RULES.seats(), {"USM": "basic", "HN": "basic", "HC": "human"})
    return build_app(SavedGame(RULES, state, state, (), seats), saves_dir=tmp_path, bot_delay=0)


async def _to_first_turn(pilot, pace: str = "") -> list[str]:
    """Play to the HC's first turn, closing each result screen with n and rolling the HC's
    own dice with Enter; the result screens' texts, in order."""
    app = pilot.app
    results: list[str] = []
    await pilot.pause()
    if pace:
        app.set_pace(pace)
    for _ in range(120):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, RollResult):
            results.append(shown_text(screen.query_one("#rescue-result", Static), width=116))
            await pilot.press("n")
        elif isinstance(screen, HandOverScreen):
            await pilot.press("enter")
        elif not isinstance(screen, GameScreen):
            await pilot.press("escape")
        elif app.my_options():
            if RULES.pending(app.host.state).kind == "turn":
                return results
            app.screen.query_one("#decision-filter").focus()
            await pilot.press("enter")
    raise AssertionError("the HC's first turn never came")


@pytest.mark.slow
async def test_every_roll_and_card_shows_its_result_with_the_odds(tmp_path):
    app = _app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        results = await _to_first_turn(pilot)
    heads = [text.strip().splitlines()[0] for text in results]
    # Three initiative rolls at least, the six crisis dice, the first card and the media die.
    assert sum(h.startswith("Initiative:") for h in heads) >= 3, heads
    assert sum(h.startswith("Crisis ") for h in heads) == 6, heads
    assert any(h.startswith("Event E") for h in heads) and any(h.startswith("Media Meeple") for h in heads)
    crisis = next(t for t in results if t.strip().startswith("Crisis 1:"))
    assert "The bag held 2 blue, 2 green, 2 red" in crisis and "1 in 6 (17%)" in crisis
    assert "USM" in crisis and "fails in" in crisis  # what each face would have cost and meant
    media = next(t for t in results if t.strip().startswith("Media Meeple"))
    assert "Cycle's end if nothing changes" in media and "counts twice" in media
    event = next(t for t in results if t.strip().startswith("Event E"))
    assert "one of 12 cards left to draw, each 1 in 12 (8%)" in event


@pytest.mark.slow
async def test_the_pace_of_own_rolls_shows_only_the_learners_own(tmp_path):
    app = _app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        results = await _to_first_turn(pilot, pace=NEVER)
    # The first roll (the USM's, owed before the pace was set) may show; after it, only the
    # HC's own: its initiative roll and the crisis dice it drew.
    rollers = [text.strip().splitlines()[1].split()[0] for text in results[1:]]
    assert rollers and set(rollers) == {"HC"}, results
    assert any(text.strip().startswith("Crisis") for text in results[1:])


@pytest.mark.slow
async def test_end_the_turn_is_the_last_line_of_the_list(tmp_path):
    app = _app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _to_first_turn(pilot, pace=NEVER)
        text = screen_text(app)
    assert "End the turn" in text and "Move to" in text
    assert text.index("End the turn") > max(text.index("Move to"), text.index("Request"))


@pytest.mark.slow
async def test_f1_on_the_board_opens_the_guide_at_the_board_and_every_page_renders(tmp_path):
    from hedgemony_tui.shell.screens.guide import GuideScreen

    app = _app(tmp_path)
    pages: dict[str, str] = {}
    async with app.run_test(size=SIZE) as pilot:
        await _to_first_turn(pilot, pace=NEVER)
        await pilot.press("f1")
        await pilot.pause()
        guide = app.screen
        assert isinstance(guide, GuideScreen)
        opened_at = guide.current
        for section in GUIDE.sections:
            guide.show(section.id)
            await pilot.pause()
            pages[section.id] = shown_text(app.screen.query_one("#guide-text", Static), width=100)
        guide.show("glossary")
        await pilot.pause()
        glossary = shown_text(app.screen.query_one("#guide-text", Static), width=100)
    # F1 on the board: the guide's page on the phase under way (the lesson's map), "turn" here.
    assert opened_at == "turn"
    for section in GUIDE.sections:
        assert section.title in pages[section.id] and "could not be read" not in pages[section.id], section.id
    assert [e.term for e in GUIDE.glossary if e.term not in glossary] == []


@pytest.mark.slow
async def test_learn_to_play_starts_the_lesson_and_shows_its_notes(tmp_path):
    from hedgemony_tui.shell.app import build_app
    from hedgemony_tui.shell.screens.lesson import LessonNoteScreen, start_lesson

    app = build_app(saves_dir=tmp_path, bot_delay=0)
    notes: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert start_lesson(app, "rescue")
        await pilot.pause()
        assert app.rules.info.id == "rescue" and app.host.state.seed == LESSON.seed
        assert app.seats.human("HC") and not app.seats.human("USM") and not app.seats.human("HN")
        for _ in range(200):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, LessonNoteScreen):
                notes.append(screen.text.split("\n")[0])
                await pilot.press("enter")
            elif isinstance(screen, (HandOverScreen, RollResult)):
                await pilot.press("enter")
            elif not isinstance(screen, GameScreen):
                await pilot.press("escape")
            elif app.my_options():
                if RULES.pending(app.host.state).kind == "turn":
                    break
                app.screen.query_one("#decision-filter").focus()
                await pilot.press("enter")
    assert notes[0].startswith("You are the **Humanitarian Community**"), notes
    for start in ("**Who goes first.**", "**Your roll.**", "**The crises appear.**", "**Your turn.**"):
        assert any(n.startswith(start) for n in notes), (start, notes)
