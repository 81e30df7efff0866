"""Hex Encounters' rules guide (F1), its map legend and its "Learn to play" lesson.

* The guide holds together: ids and names unique, every term a section lists is in the
  glossary, every glossary entry is explained in its section's text.
* Its numbers are the shipped data's (victory, units, CRT, shifts, stacking, RP).
* Every mark the map draws (every overlay, over whole games) is in the legend and the
  glossary, and every abbreviation on the board's text (status line, forces, inspector,
  worksheet, decision labels) is in the glossary.
* F1 on the board opens the guide at the board's page; every page renders.
* The lesson fits the game, and "Learn to play" starts it with its notes.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from hedgemony_tui.games.hex_encounters.engine.data import game_data
from hedgemony_tui.games.hex_encounters.engine.state import PHASE_TITLES, SEATS
from hedgemony_tui.games.hex_encounters.front import lesson as hex_lesson
from hedgemony_tui.games.hex_encounters.front.guide import GUIDE
from hedgemony_tui.games.hex_encounters.front.inspector import inspect
from hedgemony_tui.games.hex_encounters.front.labels import label
from hedgemony_tui.games.hex_encounters.front.mapdraw import LEGEND, draw_map, legend
from hedgemony_tui.games.hex_encounters.front.overlays import known, supply, zoc
from hedgemony_tui.games.hex_encounters.front.panels import forces, status_line, worksheet
from hedgemony_tui.games.hex_encounters.rules import RULES
from hedgemony_tui.table.match import play, policies_for

LESSON = hex_lesson.LESSON

# --- the guide's data ---------------------------------------------------------------------------


def test_the_guide_holds_together():
    ids = [s.id for s in GUIDE.sections]
    assert len(ids) == len(set(ids)) and "board" in ids  # F1 on the board opens "board"
    names = [name.casefold() for entry in GUIDE.glossary for name in entry.names()]
    assert sorted({n for n in names if names.count(n) > 1}) == []
    for section in GUIDE.sections:
        assert section.body.strip() and section.title.strip(), section.id
        assert [t for t in section.terms if GUIDE.lookup(t) is None] == [], section.id
    assert [e.term for e in GUIDE.glossary if GUIDE.section(e.section) is None] == []


def _explained(name: str, text: str) -> bool:
    # A mark or a short abbreviation would be found in any text: it must be printed in bold
    # (a legend group such as "r b g": each of its marks).
    text = " ".join(text.split())
    if " " in name and all(len(part) <= 2 for part in name.split()):
        return all(_explained(part, text) for part in name.split())
    if len(name) <= 2 or not name.isascii():
        return f"**{name}**" in text or f"**\\{name}**" in text
    return name.casefold() in text.casefold()


def test_every_glossary_term_is_explained_in_its_section():
    missing = []
    for entry in GUIDE.glossary:
        section = GUIDE.section(entry.section)
        assert section is not None, entry.term
        if not any(_explained(name, section.body) for name in entry.names()):
            missing.append(f"{entry.term} (in {entry.section})")
    assert missing == []


def test_the_guide_covers_what_a_newcomer_needs_with_the_datas_numbers():
    for topic in ("about", "board", "blocks", "turn", "movement", "combat", "supply", "detection"):
        assert GUIDE.section(topic) is not None, topic
    data = game_data()
    about = GUIDE.section("about").body
    scenario = data.scenario
    start = sum(data.types[k].cohesion for f in data.formations if f.side == "red" for k in f.blocks)
    assert f"**{scenario.exit_cp} CP**" in about and f"**{start} cohesion**" in about
    below = next(n for n in range(start, -1, -1) if n < scenario.red_break_fraction * start)  # Red breaks at this
    assert f"({below} or fewer points left" in about and f"({below} of {start} or fewer)" in LESSON.intro
    assert f"turn **{scenario.turns}**" in about and scenario.red_break_fraction == 0.5 and "**half**" in about
    blocks = " ".join(GUIDE.section("blocks").body.split())
    for t in data.types.values():
        assert f"{t.name}" in blocks and f"{t.cp}/{t.mp}/{t.cohesion}" in blocks, t.name
    combat = GUIDE.section("combat").body
    for column, entry in zip(
        ("1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1", "8+:1"), data.tables.crt
    ):
        assert f"| {column} | {entry.loser} | {entry.retreat or '–'} |" in combat, column
    for terrain, shift in data.tables.terrain_shift.items():
        if shift:
            words = {"woods-hills": "woods and hills", "light-urban": "light urban", "heavy-urban": "heavy urban"}
            assert re.search(rf"defending in [^|]*{words.get(terrain, terrain)}[^|]* \| {shift} for", combat), terrain
    supply_text = GUIDE.section("supply").body
    rp = {f.seat: f.reinforcement for f in data.formations}
    assert f"Blue {rp['BLUE']} a turn, Green {rp['GREEN']}, Red {rp['RED134']}" in supply_text


# --- every mark and abbreviation on the board -----------------------------------------------------


def _states_of_whole_games(seeds=(1, 2)):
    for seed in seeds:
        start = RULES.setup(seed, {"turns": 4})
        seen: list[Any] = []
        names = {s: ("basic" if seed % 2 else "random") for s in SEATS}
        end = play(RULES, start, policies_for(RULES, names), on_choice=lambda state, *_, into=seen: into.append(state))
        yield from seen[::3]
        yield end


LEGEND_MARKS = {mark for marks, _ in LEGEND for mark in marks.split()} | {
    ch for marks, _ in LEGEND for ch in marks if not ch.isdigit() and not ch.isspace()
}
"""The legend's marks, and each character of them ("3R" shows the side letter R)."""
ABBREVIATION = re.compile(r"(?<![\w/])([A-Z][A-Z0-9]+|d4|CP|MP|RP|ZOC)(?![\w])")
NOT_TERMS = {"A", "D"}


def _map_marks(text: str) -> set[str]:
    """The characters a drawn map holds that are marks (not digits, spaces or a town's letters)."""
    for town in game_data().map.towns:
        text = text.replace(town.name[:2], "  ")
    return {ch for ch in text if not ch.isdigit() and not ch.isspace()}


def _abbreviations(text: str) -> set[str]:
    found = set(ABBREVIATION.findall(text))
    # Block ids (A1, G6) and hex labels are names, not terms: the glossary explains "block id".
    return {w for w in found if not re.fullmatch(r"[ABCG]\d+", w)} - NOT_TERMS


def test_every_mark_on_the_map_is_in_the_legend_and_the_glossary():
    assert all(GUIDE.lookup(marks) is not None for marks, _ in LEGEND), "each legend line is a glossary entry"
    drawn: set[str] = set()
    for state in _states_of_whole_games():
        for seat in ("BLUE", "RED134"):
            seen = RULES.view(state, seat)
            named = frozenset(b.hex for b in seen.blocks if b.on_map)
            for overlay in ({}, supply(seen, seat), zoc(seen, seat), known(state, seat)):
                drawn |= _map_marks(draw_map(seen, named, overlay, cursor="0505").plain)
            drawn |= {"•"} if "•" in forces(seen, seat).plain else set()
    assert {"R", "r", "B", "*", "=", "║", "s", "z"} <= drawn, drawn  # the scan saw the map's marks
    assert "•" in drawn  # and the cubes of worn units
    assert sorted(drawn - LEGEND_MARKS) == []
    assert [m for m in sorted(drawn) if GUIDE.lookup(m) is None and m not in LEGEND_MARKS] == []
    assert "••" in legend() and "2/5/4" in legend()  # the cubes and a block's numbers say what they are


def test_the_mark_scan_finds_new_marks():
    assert _map_marks("01 .=* 3R Ko ✝") == {".", "=", "*", "R", "✝"}
    assert "✝" not in LEGEND_MARKS and GUIDE.lookup("✝") is None
    assert _abbreviations("A1 Tank 2/4/5 · ABC · d4 · CP") == {"ABC", "d4", "CP"}


def test_every_abbreviation_on_the_boards_text_is_in_the_glossary():
    words: dict[str, str] = {}
    for state in _states_of_whole_games():
        seat = state.seat if state.seat in SEATS else "BLUE"
        seen = RULES.view(state, seat)
        texts = [status_line(seen, seat), forces(seen, seat).plain, worksheet(seen).plain]
        texts += [inspect(seen, seat, b.hex).plain for b in seen.blocks if b.on_map][:6]
        texts += [label(seen, o) for o in RULES.legal(state)][:20]
        for text in texts:
            for word in _abbreviations(text):
                words.setdefault(word, text[:80])
    assert {"CP", "RED134", "BLUE"} <= set(words), words  # the scan saw the screens' terms
    assert {w: where for w, where in words.items() if GUIDE.lookup(w) is None} == {}
    for phase in PHASE_TITLES.values():
        for word in _abbreviations(phase):
            assert GUIDE.lookup(word) is not None, word


# --- F1 on the board ------------------------------------------------------------------------------


def _app(tmp_path):
    from hedgemony_tui.shell.app import build_app
    from hedgemony_tui.table.saves import SavedGame
    from hedgemony_tui.table.seats import Seats

    state = RULES.setup(3, {})
    kinds = {"RED134": "basic", "RED218": "basic", "BLUE": "human", "GREEN": "basic"}
    seats = Seats.of_specs(RULES.seats(), kinds)
    return build_app(SavedGame(RULES, state, state, (), seats), saves_dir=tmp_path, bot_delay=0)


@pytest.mark.slow
async def test_f1_on_the_board_opens_the_board_page_and_every_page_renders(tmp_path):
    from textual.widgets import Static

    from hedgemony_tui.shell.screens.guide import GuideScreen
    from tests.tui.tui_helpers import SIZE, settle, shown_text

    app = _app(tmp_path)
    pages: dict[str, str] = {}
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
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
        text = pages[section.id]
        assert section.title in text and "could not be read" not in text, section.id
    assert "Red wins at once" in pages["about"] and "CP/MP/cohesion" in pages["blocks"]
    for entry in GUIDE.glossary:
        assert entry.term in glossary, entry.term


# --- the lesson -----------------------------------------------------------------------------------


def test_the_lesson_fits_the_game():
    assert LESSON.seat in SEATS and set(LESSON.kinds) == set(SEATS) - {LESSON.seat}
    assert set(LESSON.kinds.values()) <= set(RULES.policy_names())
    kinds = {"deploy", "attack", "roll", "losses", "retreat", "advance", "move", "move-to", "reinforce"}
    assert set(LESSON.notes) == set(PHASE_TITLES) - {"over"}
    assert set(LESSON.moments) <= kinds
    assert [topic for topic in LESSON.guide.values() if GUIDE.section(topic) is None] == []
    option = next(o for o in RULES.options() if o.id == LESSON.length_option)
    assert option.minimum is not None and option.maximum is not None
    assert option.minimum <= LESSON.turns <= option.maximum
    state = RULES.setup(hex_lesson.SEED, LESSON.game_options())
    assert state.turns == LESSON.turns == 4 and "**4 days**" in LESSON.intro


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
        assert start_lesson(app, "hex-encounters")
        await pilot.pause()
        assert app.lesson is not None and app.rules.info.id == "hex-encounters"
        assert app.host.state.seed == LESSON.seed and app.seats.human(LESSON.seat)
        assert not any(app.seats.human(s) for s in SEATS if s != LESSON.seat)
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
    assert LESSON.seat in owed.seats and owed.kind == "deploy", owed.prompt
    assert notes[0].startswith(LESSON.title)
    assert any("Setting up" in note for note in notes), notes
