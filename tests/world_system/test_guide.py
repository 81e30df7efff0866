"""The world-system game's rules guide (F1) and its "Learn to play" lesson.

* The guide holds together: ids and names unique, every term a section lists is in the
  glossary, every glossary entry points to a section that explains it in its text.
* Every badge and mark the board draws (its legend, and every badge drawn over whole
  games, from the moderator's view that shows them all) has a glossary entry.
* F1 on the board opens the guide at the board's page, and every page renders.
* The lesson is consistent with the game (its seats, stages, guide pages, options), its
  seed deals the learner the status the lesson's words assume, and "Learn to play"
  starts it: the learner a person, the rest computer players, the notes showing.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest
from rich.text import Text
from textual.widgets import Static

from hedgemony_tui.games.world_system.engine.state import STAGES
from hedgemony_tui.games.world_system.engine.world import MODERATOR, Status, world
from hedgemony_tui.games.world_system.front import lesson as ws_lesson
from hedgemony_tui.games.world_system.front import render
from hedgemony_tui.games.world_system.front.guide import GUIDE
from hedgemony_tui.games.world_system.rules import RULES
from hedgemony_tui.table.errors import HedgemonyError
from hedgemony_tui.table.match import play, policies_for

LESSON = ws_lesson.LESSON

# --- the guide's data ---------------------------------------------------------------------------


def test_the_guide_holds_together():
    ids = [s.id for s in GUIDE.sections]
    assert len(ids) == len(set(ids)) and "board" in ids  # F1 on the board opens "board"
    assert not any(i.startswith("shell-") for i in ids)  # the shell's own pages keep their ids
    names = [name.casefold() for entry in GUIDE.glossary for name in entry.names()]
    assert sorted({n for n in names if names.count(n) > 1}) == []
    for section in GUIDE.sections:
        assert section.body.strip() and section.title.strip(), section.id
        assert [t for t in section.terms if GUIDE.lookup(t) is None] == [], section.id
    assert [e.term for e in GUIDE.glossary if GUIDE.section(e.section) is None] == []


def _explained(name: str, text: str) -> bool:
    # A badge letter or a mark would be found in any text: it must be printed in bold.
    text = " ".join(text.split())  # a term may wrap at the end of a line
    if len(name) <= 2 or not name.isascii():
        return f"**{name}**" in text
    return name.casefold() in text.casefold()


def test_every_glossary_term_is_explained_in_its_section():
    missing = []
    for entry in GUIDE.glossary:
        section = GUIDE.section(entry.section)
        assert section is not None, entry.term
        if not any(_explained(name, section.body) for name in entry.names()):
            missing.append(f"{entry.term} (in {entry.section})")
    assert missing == []


def test_the_guide_covers_what_the_game_teaches():
    # The list: each of these has a page.
    for topic in ("about", "statuses", "cycle", "votes", "terrorists", "war", "endings", "goals", "moderator"):
        assert GUIDE.section(topic) is not None, topic
    assert GUIDE.section("hot-seat") is not None
    endings = GUIDE.section("endings").body.casefold()
    for ending in ("nuclear war", "world-empire", "revolution", "sustainable world-economy"):
        assert ending in endings, ending
    # The numbers of the deal and of growth, as the data holds them.
    w = world()
    statuses = GUIDE.section("statuses").body
    for number in (*w.capital.values(), w.hegemon_capital, *(f"+{g}" for g in w.growth.values())):
        assert str(number) in statuses, number


# --- every badge and mark on the board ----------------------------------------------------------

SEPARATORS = set("█·›│")
"""Characters the board and tracker draw that are not marks (the bar, separators)."""


def _marks(text: str) -> set[str]:
    return {ch for ch in text if not ch.isascii() and ch not in SEPARATORS}


def _states_of_whole_games(seeds=range(1, 9)):
    """Every state of whole games played by the random computer players."""
    control = RULES.control_bot("automated")
    for seed in seeds:
        start = RULES.setup(seed, {})
        seen: list[Any] = []
        names = {s.id: "random" for s in RULES.seats() if not s.control}
        end = play(
            RULES, start, policies_for(RULES, names), control, on_choice=lambda state, *_, into=seen: into.append(state)
        )
        yield from seen
        yield end  # the finished game: everything shown


def test_every_badge_and_mark_the_board_draws_is_in_the_glossary():
    legend = [mark for marks, _ in render.LEGEND for mark in marks.split(" / ")]
    assert [m for m in legend if GUIDE.lookup(m) is None] == []
    drawn: set[str] = set()
    marks: set[str] = set()
    for state in _states_of_whole_games():
        # The whole state is the moderator's view: every badge shows (T included).
        drawn |= {badge for n in state.nations for badge in render.badges(state, n)}
        marks |= _marks(render.board(state, state.nations[1].id).plain + render.tracker(state).plain)
    assert {"H", "C", "A", "T"} <= drawn, drawn  # the games drew them: the check saw something
    assert [b for b in sorted(drawn) if GUIDE.lookup(b) is None] == []
    assert [m for m in sorted(marks) if GUIDE.lookup(m) is None] == []


def test_every_word_of_the_tracker_and_every_band_is_in_the_glossary():
    from hedgemony_tui.games.world_system.front.stages import GROUPS

    words = [word for _, word, _ in GROUPS] + [phase for phase, _, _ in GROUPS] + [t for _, t in render.BANDS]
    assert [w for w in words if GUIDE.lookup(w) is None] == []


def test_the_mark_scan_finds_new_marks():
    assert _marks(Text("▶ Spain   10 ███··· H C·empire ✝").plain) == {"▶", "✝"}
    assert GUIDE.lookup("✝") is None


# --- F1 on the board ---------------------------------------------------------------------------


def _app(tmp_path, kinds=None):
    from hedgemony_tui.shell.app import build_app
    from hedgemony_tui.table.saves import SavedGame
    from hedgemony_tui.table.seats import Seats

    state = RULES.setup(3, {})
    kinds = kinds or {**{s: "random" for s in world().ids}, "italy": "human", MODERATOR: "automated"}
    seats = Seats.of_specs(RULES.seats(), kinds)
    return build_app(SavedGame(RULES, state, state, (), seats), saves_dir=tmp_path, bot_delay=0)


def _page(app) -> str:
    from tests.tui.tui_helpers import shown_text

    return shown_text(app.screen.query_one("#guide-text", Static), width=100)


@pytest.mark.slow
async def test_f1_on_the_board_opens_the_board_page_and_every_page_renders(tmp_path):
    from hedgemony_tui.shell.screens.guide import GuideScreen
    from tests.tui.tui_helpers import SIZE, settle

    app = _app(tmp_path)
    pages: dict[str, str] = {}
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await pilot.pause()
        guide = app.screen
        assert isinstance(guide, GuideScreen)
        opened_at = guide.current
        guide.show("board")
        await pilot.pause()
        pages["board"] = _page(app)
        for section in GUIDE.sections:
            guide.show(section.id)
            await pilot.pause()
            pages[section.id] = _page(app)
        guide.show("glossary")
        await pilot.pause()
        glossary = _page(app)
    # F1 on the board: the guide's page on the phase under way (the lesson's map).
    assert opened_at == "speeches"
    assert "The world-system board" in pages["board"] and "Terms on this page" in pages["board"]
    for section in GUIDE.sections:
        text = pages[section.id]
        assert section.title in text and "could not be read" not in text, section.id
    for entry in GUIDE.glossary:
        assert entry.term in glossary, entry.term


# --- the lesson ---------------------------------------------------------------------------------


def test_the_lesson_fits_the_game():
    assert ws_lesson.STATES == world().ids
    assert LESSON.seat in world().ids and LESSON.turns == world().last_cycle
    players = set(world().ids) - {LESSON.seat}
    assert set(LESSON.kinds) == players | {MODERATOR}  # every other seat says who plays it
    assert {LESSON.kinds[s] for s in players} <= set(RULES.policy_names())
    assert LESSON.kinds[MODERATOR] in RULES.control_modes()
    assert set(LESSON.notes) <= set(STAGES) and set(LESSON.moments) <= set(STAGES)
    assert set(LESSON.notes) >= {"opening", "speeches", "alliance-vote", "crisis", "war", "revolution"}
    assert [topic for topic in LESSON.guide.values() if GUIDE.section(topic) is None] == []


def test_the_lesson_game_starts_on_its_seed_with_the_deal_its_words_assume():
    # The game has no length option: the lesson passes none (with a length option it would
    # add one, which the game refuses).
    with pytest.raises(HedgemonyError, match="turns"):
        RULES.setup(ws_lesson.SEED, dataclasses.replace(LESSON, length_option="turns").game_options())
    assert LESSON.seed == ws_lesson.SEED
    state = RULES.setup(ws_lesson.SEED, LESSON.game_options())
    learner = state.nation(LESSON.seat)
    # The introduction says: semiperipheral (never annexed), and not the terrorist.
    assert learner.status is Status.SEMI and not learner.terrorist
    assert "semiperipheral" in LESSON.intro


@pytest.mark.slow
async def test_learn_to_play_starts_the_lesson_and_shows_its_notes(tmp_path):
    from hedgemony_tui.shell.app import build_app
    from hedgemony_tui.shell.screens.game import GameScreen
    from hedgemony_tui.shell.screens.handover import HandOverScreen
    from hedgemony_tui.shell.screens.lesson import LessonNoteScreen, start_lesson
    from tests.tui.tui_helpers import SIZE

    app = build_app(saves_dir=tmp_path, bot_delay=0)
    notes: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert start_lesson(app, "world-system")
        await pilot.pause()
        assert app.lesson is not None and app.host.coached
        assert app.rules.info.id == "world-system" and app.host.state.seed == LESSON.seed
        assert app.seats.human(LESSON.seat)
        assert not any(app.seats.human(s) for s in world().ids if s != LESSON.seat)
        for _ in range(200):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, LessonNoteScreen):
                notes.append(screen.title_text + ": " + screen.text.split("\n")[0])
                await pilot.press("enter")
            elif isinstance(screen, HandOverScreen):
                await pilot.press("enter")
            elif app.my_options():
                break  # the learner's first decision
            elif not isinstance(screen, GameScreen):
                await pilot.press("escape")
        owed = app.rules.pending(app.host.state)
    assert LESSON.seat in owed.seats, owed.prompt
    assert notes[0].startswith(LESSON.title)
    assert any(re.search(r"opening of a cycle", note) for note in notes), notes
    assert any("Speeches" in note for note in notes), notes  # the learner's first decision is a speech
