"""Gaming to the Rescue!'s rules guide (F1), the map's legend and the "Learn to play"
lesson, as data (the screens that show them are driven in test_learning_screens.py).

* The guide holds together: ids and names unique, every term a section lists is in the
  glossary, every glossary entry points to a section that explains it in its text, and
  the guide covers victory, the numbers on each actor and crisis, resolution, the media.
* Every abbreviation and mark the drawn screens print (the map, the side panel, the
  crises table, the F2 view, the F6 worksheet and every roll's result screen, over whole
  games) and every mark of the map's legend has a glossary entry.
* The lesson fits the game (its seat, stages, decision kinds, guide pages), and its deal
  is one a team of three computer players saves in about the count it shows.
"""

from __future__ import annotations

import io
import re
from typing import Any

from rich.console import Console

from hedgemony_tui.games.rescue.engine import state as stages
from hedgemony_tui.games.rescue.engine.actors import SEATS, START_GP, START_TOKENS
from hedgemony_tui.games.rescue.engine.board import default_board
from hedgemony_tui.games.rescue.engine.intents import Resolve
from hedgemony_tui.games.rescue.front import lesson as rescue_lesson
from hedgemony_tui.games.rescue.front.crises import crises_text
from hedgemony_tui.games.rescue.front.guide import GUIDE
from hedgemony_tui.games.rescue.front.worksheet import sheet_text
from hedgemony_tui.games.rescue.render.mapview import LEGEND, draw_map, legend_text
from hedgemony_tui.games.rescue.render.panels import side_panel
from hedgemony_tui.games.rescue.render.rolls import result_body
from hedgemony_tui.games.rescue.rules import RULES
from hedgemony_tui.table.match import play, policies_for

LESSON = rescue_lesson.LESSON

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
    # A short mark would be found in any text: it must be printed in bold where it is explained.
    text = " ".join(text.split())
    if len(name) <= 2 or not name.isalnum():
        return f"**{name}**" in text or (len(name) > 2 and name.casefold() in text.casefold())
    return name.casefold() in text.casefold()


def test_every_glossary_term_is_explained_in_its_section():
    missing = [
        f"{e.term} (in {e.section})"
        for e in GUIDE.glossary
        if not any(_explained(n, GUIDE.section(e.section).body) for n in e.names())
    ]
    assert missing == []


def test_the_guide_covers_victory_the_numbers_resolution_and_the_media():
    for topic in ("about", "board", "actors", "costs", "cycle", "turn", "gp", "rolls"):
        assert GUIDE.section(topic) is not None, topic
    about = GUIDE.section("about").body
    assert "Gameland saved" in about and "Gameland failed" in about and "highest" in about
    actors = GUIDE.section("actors").body
    for seat in SEATS:  # each actor's starting numbers, as the engine holds them
        tokens = START_TOKENS[seat]
        assert f"{tokens['security']} security, {tokens['medical']} medical" in actors, seat
    assert f"{START_GP} GP" in actors
    costs = GUIDE.section("costs").body
    assert "plus 6 under a riot" in costs and "less 2" in costs and "never less than 1" in costs
    assert "counts twice" in GUIDE.section("gp").body


# --- every abbreviation and mark on the drawn screens --------------------------------------------

HEX = re.compile(r"\b[A-E]-\d\b")  # hex names (C-3) are explained as a pattern on the board page
ABBREVIATION = re.compile(r"(?<![\w\[])([A-Z][A-Z0-9/]*[A-Z0-9])s?(?![\w\]])")
KEYS = re.compile(r"^F\d+$")  # F1..F12 are keys
SHORT_FORMS = (
    (re.compile(r"^C\d$"), "C1"),  # a crisis number
    (re.compile(r"^E\d\d$"), "E01"),  # an event card
    (re.compile(r"^[RBG]\d$"), "[R2!]"),  # a crisis die: colour letter and face
)
MARKS = set("~>!?")


def abbreviations(text: str) -> set[str]:
    text = HEX.sub(" ", text)
    found = {w for w in ABBREVIATION.findall(text) if not KEYS.match(w)}
    return found | {ch for ch in text if ch in MARKS}


def known(word: str) -> bool:
    for pattern, example in SHORT_FORMS:
        if pattern.match(word):
            word = example
    return GUIDE.lookup(word) is not None or (word in "!?" and GUIDE.lookup(f"C1{word}") is not None)


def _plain(*parts: Any) -> str:
    console = Console(width=120, file=io.StringIO(), record=True)
    for part in parts:
        console.print(part)
    return console.export_text()


def _screens_of_whole_games(seeds=(2, 29)):
    """The text of every drawn screen over whole games of three computer players."""
    board = default_board()
    for seed in seeds:
        seen: list[Any] = []
        start = RULES.setup(seed, {})
        end = play(
            RULES,
            start,
            policies_for(RULES, {s: "basic" for s in SEATS}),
            None,
            on_choice=lambda state, *_, into=seen: into.append(state),
        )
        for before, after in zip([*seen], [*seen[1:], end]):
            view = RULES.view(before, "HC")
            yield "board", _plain(draw_map(view, board), legend_text(), side_panel(view))
            if before.stage == stages.TURN:
                seat = before.turn.seat
                resolve = next((i for i in RULES.legal(before) if isinstance(i, Resolve)), None)
                yield "sheets", _plain(crises_text(view), sheet_text(view, seat, resolve))
            intent = _step(before, after)
            if intent is not None:
                body = result_body(intent, view, RULES.view(after, "HC"), "HC")
                if body is not None:
                    yield "result", _plain(body)


def _step(before, after):
    """The intent that led from ``before`` to ``after`` (the one legal intent that does)."""
    for intent in RULES.legal(before):
        try:
            if RULES.apply(before, intent).log == after.log:
                return intent
        except Exception:
            continue
    return None


def test_every_abbreviation_and_mark_on_the_drawn_screens_is_in_the_glossary():
    missing: dict[str, str] = {}
    kinds: set[str] = set()
    for kind, text in _screens_of_whole_games():
        kinds.add(kind)
        for word in sorted(abbreviations(text)):
            if not known(word):
                missing.setdefault(word, kind)
    assert kinds == {"board", "sheets", "result"}
    assert missing == {}


def test_every_mark_of_the_legend_is_in_the_glossary():
    marks = [m for marks, _ in LEGEND for m in marks.split(" / ")]
    assert [m for m in marks if GUIDE.lookup(m) is None and not known(m)] == []
    assert {"M", "~", "AIR", "STG", "[R2!]", "C1ok", "2se1me"} <= set(marks)


def test_the_scan_finds_what_it_should():
    found = abbreviations("USM at C-3 [R2!] R5 riot C4 E07 3me F2 ~ XYZ")
    assert found == {"USM", "R5", "C4", "E07", "!", "~", "XYZ"}
    assert known("R5") and known("C4") and known("E07") and not known("XYZ")


# --- the lesson ----------------------------------------------------------------------------------

STAGES = (stages.INITIATIVE, stages.PLACING, stages.EVENT, stages.AIRPORT, stages.MEDIA, stages.TURN)
KINDS = ("roll", "event", "airport", "turn")


def test_the_lesson_fits_the_game():
    assert LESSON.seat in SEATS and set(LESSON.kinds) == set(SEATS) - {LESSON.seat}
    assert set(LESSON.kinds.values()) <= set(RULES.policy_names())
    assert set(LESSON.notes) == set(STAGES) and set(LESSON.moments) == set(KINDS)
    assert [topic for topic in LESSON.guide.values() if GUIDE.section(topic) is None] == []
    assert (
        LESSON.seed == rescue_lesson.SEED and LESSON.game_options() == {}
    )  # no option sets the length: the game refuses none
    RULES.setup(rescue_lesson.SEED, LESSON.game_options())


def test_the_lesson_deal_is_saved_by_a_team_in_about_its_count():
    end = play(RULES, RULES.setup(rescue_lesson.SEED, {}), policies_for(RULES, {s: "basic" for s in SEATS}), None)
    assert end.result == stages.SAVED and end.cycle <= LESSON.turns


def test_the_journal_marks_a_cycle_so_that_it_cannot_be_read_as_a_crisis():
    # The engine's turn is the seed's cycle; "C3" on these screens is crisis 3.
    from hedgemony_tui.shell.front import turn_mark, turn_word
    from hedgemony_tui.table.registry import get_front

    front = get_front("rescue")
    assert turn_word(front) == "Cycle" and turn_mark(front, 3) == "Cy3"
    assert turn_mark(get_front("hedgemony"), 3) == "T3"
