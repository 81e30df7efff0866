"""The rules guide (F1): where it opens, its glossary, its data, and its snapshots.

* F1 on the board, on a worksheet and on a dialog opens the guide at the section about
  that screen (a dialog without a topic of its own: the screen below it).
* Every abbreviation printed on the main screens and worksheets has a glossary entry:
  the screens are rendered and their text scanned, so a new label with a new term fails
  here until the glossary explains it.
* The guide's data holds together, every Hedgemony screen names a section that exists,
  and a broken guide is reported on screen instead of crashing the game.
* The toy game's one-page guide opens, and a front without a guide gets the shell's.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList, Static

from hedgemony_tui.games.hedgemony.engine.game import legal_intents, pending
from hedgemony_tui.games.hedgemony.engine.intents import (
    CommitForces,
    DoneCommitting,
    EndInvestments,
    PayReadiness,
    ProposeAction,
)
from hedgemony_tui.games.hedgemony.front import guide as hedgemony_guide
from hedgemony_tui.shell.app import build_app
from hedgemony_tui.shell.screens.dialogs import ConfirmScreen
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.shell.screens.guide import GuideScreen, open_guide
from hedgemony_tui.table.saves import SavedGame
from hedgemony_tui.table.seats import Seats
from tests.hedgemony.app_helpers import app_on
from tests.hedgemony.turn_helpers import CONTENT, act, bill_due, roll, us_to_respond
from tests.tui.tui_helpers import SIZE, screen_text, settle

# --- states reached through the engine ---------------------------------------------------------


def crt_a_roll():
    state = us_to_respond()
    korea = next(s for s in state.stacks_of("US") if s.location == "korean-peninsula")
    state = act(act(state, CommitForces("US", korea.id, 2)), DoneCommitting("US"))
    return act(state, DoneCommitting("PRC"))  # China does not escalate (ch. 8): the roll


def proposed():
    acting = act(act(act(bill_due(), PayReadiness("US")), EndInvestments("US")), EndInvestments("NATO"))
    return act(acting, next(i for i in legal_intents(acting, CONTENT) if isinstance(i, ProposeAction)))


# --- helpers ------------------------------------------------------------------------------------


def page_text(app) -> str:
    from tests.tui.tui_helpers import shown_text

    return shown_text(app.screen.query_one("#guide-text", Static), width=100)


async def press_f1(pilot) -> GuideScreen:
    await pilot.press("f1")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GuideScreen), type(screen).__name__
    return screen


# --- F1 opens the guide at the screen's section ----------------------------------------------


@pytest.mark.slow
async def test_f1_on_the_board_on_a_dialog_over_it_and_the_glossary_search(tmp_path):
    app = app_on(bill_due(), saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        opened = await press_f1(pilot)
        opened_at = opened.current  # the page on the decision under way (the lesson's map)
        opened.show("board")
        await pilot.pause()
        text = page_text(app)
        await pilot.press("slash")  # the glossary search
        await pilot.pause()
        assert isinstance(app.focused, Input)
        await pilot.press(*"pinned")  # typed into the search, not taken as keys
        await pilot.pause()
        found = page_text(app)
        app.screen.query_one("#guide-search", Input).value = ""
        await pilot.press(*"high")  # g and h are keys of the guide, but not while typing
        await pilot.pause()
        guide = app.screen
        assert isinstance(guide, GuideScreen)
        assert guide.query_one("#guide-search", Input).value == "high"
        app.screen.query_one("#guide-contents").focus()
        await pilot.press("h")  # the keys of the board the guide was opened over
        await pilot.pause()
        keys = page_text(app)
        await pilot.press("g")
        await pilot.pause()
        everything = page_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("ctrl+o")  # the load dialog: no topic of its own, the board's
        await pilot.pause()
        assert type(app.screen).__name__ == "PathScreen"
        over_dialog = await press_f1(pilot)
    from hedgemony_tui.games.hedgemony.front.lesson import GUIDE

    # The board's F1 opens the page on the decision under way, not the board's page
    # (a newcomer was promised "the rules guide on this part"); a dialog over it, the same.
    assert opened_at == GUIDE[pending(app.host.state).kind] and over_dialog.current == opened_at
    for term in ("AOR", "CONUS", "FF", "Mod Level", "pinned", "reset"):
        assert term in text, term
    assert "Terms on this page" in text
    assert 'Glossary: "pinned"' in found and "Pinned" in found and "Reset" not in found.split("Pinned")[0]
    assert "Keys on this screen" in keys and "Placemat" in keys and "F2" in keys
    assert "CRT A" in everything and "E[IP]" in everything and "White Cell" in everything


@pytest.mark.slow
async def test_f1_on_a_worksheet_and_on_a_dialog_over_it(tmp_path):
    app = app_on(bill_due(), saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f6")  # the readiness worksheet of the bill the U.S. owes
        await pilot.pause()
        sheet = app.screen
        assert type(sheet).__name__ == "ReadinessScreen"
        guide = await press_f1(pilot)
        text = page_text(app)
        await pilot.press("f1")  # F1 again closes it
        await pilot.pause()
        assert app.screen is sheet
        # A dialog with no topic of its own opens the guide at the worksheet under it.
        app.push_screen(ConfirmScreen("Really?"))
        await pilot.pause()
        over_dialog = await press_f1(pilot)
        here = over_dialog.page_text("here")
    assert guide.current == "readiness" and over_dialog.current == "readiness"
    for term in ("readiness bill", "CONUS", "OCONUS", "Buy back", "tiered readiness"):
        assert term.casefold() in text.casefold(), term
    assert "ch. 14" in text
    assert "Keys on this screen" in here  # the page about the keys of the dialog it came from


@pytest.mark.slow
@pytest.mark.parametrize(
    ("state", "seat", "views", "topic", "terms"),
    [
        (us_to_respond, "US", (), "commitment", ("E[IP]", "in theater", "CONUS", "reset", "R+", "B+")),
        (crt_a_roll, "PRC", (), "roll", ("D10", "column", "modifier", "odds")),
        (proposed, "WHITE", ("f5",), "ruling", ("CRT A", "RT B", "Critical Capabilities")),
    ],
)
async def test_f1_on_each_decision_worksheet_and_its_terms(tmp_path, state, seat, views, topic, terms):
    """F1 on the worksheet of the decision opens its section; every abbreviation on the
    worksheet (and the views on ``views`` keys) is in the glossary."""
    texts = await _texts_of(tmp_path, state(), seat, views, keep_open=True)
    sheet, guide, text = texts.pop()
    assert sheet.startswith("GuideScreen over ") and guide == topic
    for term in terms:
        assert term.casefold() in text.casefold(), term
    assert_all_known(texts)


# --- the glossary covers every abbreviation on the main screens --------------------------------

CARD_OR_STACK_ID = re.compile(r"\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+\b")  # RU-E07, EVT-CON-04, US-1
ABBREVIATION = re.compile(r"(?<![\w\[])([A-Z][A-Z0-9&/]*[A-Z0-9])s?(\+?)(?![\w\]])")  # a plural's s dropped
KEY_NAMES = re.compile(r"^F\d+$")  # F1..F12 are keys, explained with the keys
SYMBOLS = ("E[IP]", "R+", "B+")


def abbreviations(text: str) -> set[str]:
    """The abbreviations in ``text`` (two capitals or more, R+ and B+, E[IP])."""
    text = CARD_OR_STACK_ID.sub(" ", text)
    found = {word + plus for word, plus in ABBREVIATION.findall(text) if not KEY_NAMES.match(word)}
    return found | {symbol for symbol in SYMBOLS if symbol in text}


SHORT_FORMS = (
    # Numbered short forms stand for their family's glossary entry: T2 reads as T1 (a turn),
    # PRC4 as US15 (a stack: owner and FFs).
    (re.compile(r"^T\d+$"), "T1"),
    (re.compile(r"^(US|NATO|RU|PRC|DPRK|IR)\d+$"), "US15"),
)


def known(guide, word: str) -> bool:
    """``word`` has a glossary entry (a pair like B/B+ when each half has one)."""
    for pattern, example in SHORT_FORMS:
        if pattern.match(word):
            word = example
    if guide.lookup(word) is not None:
        return True
    return "/" in word and all(known(guide, part) for part in word.split("/") if part)


def test_the_abbreviation_scan_finds_what_it_should():
    found = abbreviations("14×M3 in CONUS, 2 FFs, RU-E07 R+ SQ B+ E[IP] CRT A / RT B at 80%, F2 view")
    assert found == {"M3", "CONUS", "FF", "R+", "SQ", "B+", "E[IP]", "CRT", "RT"}
    guide = hedgemony_guide.load_guide()
    assert guide.lookup("nonsense term") is None and guide.lookup("ffs") is not None
    assert known(guide, "PRC4") and known(guide, "T7") and known(guide, "B/B+") and not known(guide, "XYZ/B")


async def _texts_of(
    tmp_path, state, seat: str, views: tuple[str, ...], keep_open: bool = False
) -> list[tuple[str, ...]]:
    """The text of the board, of the views on ``views`` keys and of every worksheet of the
    pending decision, as ``seat`` sees them, as (screen name, text). ``keep_open``: over the
    first worksheet, press F1 and add ("GuideScreen over <sheet>", its topic, its page)."""
    found: list[tuple[str, ...]] = []
    app = app_on(state, saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        assert app.viewer_seat() == seat
        found.append(("board", screen_text(app)))
        for key in views:
            await pilot.press(key)
            await pilot.pause()
            found.append((type(app.screen).__name__, screen_text(app)))
            await pilot.press("escape")
            await pilot.pause()
        decision = app.rules.pending(app.host.state)
        for sheet in app.front.worksheets(app, decision, seat):
            app.push_screen(sheet.open(app, seat))
            await pilot.pause()
            name = type(app.screen).__name__
            found.append((name, screen_text(app)))
            if keep_open:
                guide = await press_f1(pilot)
                found.append((f"GuideScreen over {name}", guide.current, page_text(app)))
                break
            app.pop_screen()
            await pilot.pause()
    return found


def assert_all_known(texts) -> None:
    guide = hedgemony_guide.load_guide()
    missing: dict[str, str] = {}
    for name, text in texts:
        for word in sorted(abbreviations(text)):
            if not known(guide, word):
                missing.setdefault(word, name)
    assert not missing, f"terms on screen with no glossary entry (term: first screen): {missing}"


@pytest.mark.slow
async def test_every_abbreviation_on_the_main_screens_is_in_the_glossary(tmp_path):
    texts = await _texts_of(tmp_path / "a", bill_due(), "US", ("f2", "f3", "f4"))
    texts += await _texts_of(tmp_path / "b", act(bill_due(), PayReadiness("US")), "US", ())
    screens = {name for name, _ in texts}
    assert {
        "PlacematScreen",
        "HandScreen",
        "JournalScreen",
        "ReadinessScreen",
        "DeployScreen",
        "InvestScreen",
        "ProposeScreen",
    } <= screens, screens
    assert_all_known(texts)


async def test_the_result_screen_terms_are_in_the_glossary():
    from textual.app import App

    before = crt_a_roll()
    after = roll(before, 8)
    assert hedgemony_guide.screen_topics()["resolution.ResultScreen"] == "result"
    result_class = next(cls for cls in _screen_classes() if cls.__name__ == "ResultScreen")

    class Harness(App[None]):
        def on_mount(self) -> None:
            self.push_screen(result_class(before, after, "US"))

    app = Harness()
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        text = screen_text(app)
    guide = hedgemony_guide.load_guide()
    assert "Blue Minor Gain" in text
    assert [word for word in abbreviations(text) if not known(guide, word)] == []


def _screen_classes():
    import importlib
    import pkgutil

    from hedgemony_tui.games.hedgemony.front import screens

    for info in pkgutil.iter_modules(screens.__path__):
        module = importlib.import_module(f"{screens.__name__}.{info.name}")
        yield from (v for v in vars(module).values() if isinstance(v, type) and v.__module__ == module.__name__)


# --- the guide's data ---------------------------------------------------------------------------

NAMED_SCREENS = (
    "CommitScreen",
    "GroundTruthScreen",
    "HandScreen",
    "PlacematScreen",
    "ReadinessScreen",
    "RollScreen",
    "ResultScreen",
    "DeployScreen",
    "InvestScreen",
    "InjectScreen",
    "ProposeScreen",
    "RulingScreen",
)


def test_every_hedgemony_screen_names_a_section_that_exists():
    guide = hedgemony_guide.load_guide()
    assert hedgemony_guide.missing_topics(guide) == []
    topics = hedgemony_guide.screen_topics()
    named = {key.split(".")[-1]: topic for key, topic in topics.items() if topic}
    assert all(name in named for name in NAMED_SCREENS), sorted(set(NAMED_SCREENS) - set(named))
    assert guide.section("board") is not None and guide.section("journal") is not None
    # Every section cites the rulebook; every term it lists is defined.
    assert all(section.chapters for section in guide.sections)
    assert hedgemony_guide.guide_problems(guide) == []


def test_a_broken_guide_folder_says_where(tmp_path):
    folder = tmp_path / "guide"
    shutil.copytree(Path(str(hedgemony_guide.guide_dir())), folder)
    index = folder / "index.toml"
    index.write_text(index.read_text().replace('terms = ["FF", "Mod Level", "CF"', 'terms = ["FFF", "Mod Level", "CF"'))
    with pytest.raises(hedgemony_guide.GuideDataError, match="'forces' names 'FFF'"):
        hedgemony_guide.read_guide(folder)
    (folder / "start.md").unlink()
    with pytest.raises(hedgemony_guide.GuideDataError, match="start.md"):
        hedgemony_guide.read_guide(folder)


@pytest.mark.slow
async def test_a_guide_that_fails_to_load_is_reported_on_screen(tmp_path, monkeypatch):
    def broken(self):
        raise hedgemony_guide.GuideDataError("index.toml section 3: 'title' must be a non-empty string")

    monkeypatch.setattr(
        type(__import__("hedgemony_tui.games.hedgemony.front", fromlist=["FRONT"]).FRONT), "guide", broken
    )
    app = app_on(bill_due(), saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        guide = await press_f1(pilot)
        text = page_text(app)
    assert guide.current == "here" and "could not be read" in text and "section 3" in text


# --- any game: the toy --------------------------------------------------------------------------


@pytest.fixture
def toy(toy_registered):
    from hedgemony_tui.games.template import rules

    return rules


def toy_app(toy, tmp_path):
    state = toy.RULES.setup(1, {"target": 10})
    seats = Seats.of_specs(toy.RULES.seats(), {"A": "human", "B": "human"})
    return build_app(SavedGame(toy.RULES, state, state, (), seats), saves_dir=tmp_path, bot_delay=0)


async def test_the_toy_game_opens_its_own_guide(toy, tmp_path):
    app = toy_app(toy, tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        guide = await press_f1(pilot)
        text = page_text(app)
        await pilot.press("escape")
        await pilot.pause()
        open_guide(app, "shell-undo")  # what the coach and the lesson call
        await pilot.pause()
        undo = app.screen
        undo_text = page_text(app)
    assert guide.current == "board" and "Target" in text and "The total that ends the game" in text
    assert isinstance(undo, GuideScreen) and undo.current == "shell-undo" and "Ctrl+Z" in undo_text


async def test_a_game_without_a_guide_gets_the_shells_pages(toy, tmp_path, monkeypatch):
    monkeypatch.delattr("hedgemony_tui.games.template.front.CountFront.guide")
    app = toy_app(toy, tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        opened_at = (await press_f1(pilot)).current
        text = page_text(app)
        await pilot.press("g")
        await pilot.pause()
        glossary = page_text(app)
        open_guide(app, "journal")  # the guide is open: it turns to that page
        await pilot.pause()
        journal = app.screen.current
    assert opened_at == "here" and "Keys on this screen" in text
    assert "no glossary" in glossary
    assert journal == "shell-journal"


# --- snapshots ------------------------------------------------------------------------------


async def _guide_on_board(pilot) -> None:
    await settle(pilot)
    await pilot.press("f1")
    await pilot.pause()
    for widget in pilot.app.screen.query(Input):
        widget.cursor_blink = False
    await pilot.pause()


def test_guide_snapshot(snap_compare, tmp_path):
    assert snap_compare(
        app_on(bill_due(), saves_dir=tmp_path, bot_delay=0), terminal_size=SIZE, run_before=_guide_on_board
    )


@pytest.mark.slow
def test_guide_snapshot_no_color(snap_compare, tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")  # read (and removed) when the app is built
    assert snap_compare(
        app_on(bill_due(), saves_dir=tmp_path, bot_delay=0), terminal_size=(100, 30), run_before=_guide_on_board
    )


def test_pending_decision_of_the_states_used_here():
    # The states above are the decisions the tests name (a guard against helper drift).
    assert pending(bill_due(), CONTENT).kind == "readiness"
    assert pending(us_to_respond(), CONTENT).kind in ("respond", "commit")
    assert pending(proposed(), CONTENT).kind == "ruling"


async def test_guide_pagedown_reads_on_and_the_focused_panel_is_marked(tmp_path):
    # PageDown on the topics list jumped to its last topic; which panel had the focus was
    # hard to see.
    app = app_on(bill_due(), saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        guide = await press_f1(pilot)
        guide.show("board")  # a long page
        await pilot.pause()
        topics = guide.query_one("#guide-contents", OptionList)
        page = guide.query_one("#guide-page")
        assert topics.has_focus and topics.border_title == "Topics"
        before = topics.highlighted
        await pilot.press("pagedown")
        await pilot.pause()
        assert topics.highlighted == before and page.scroll_y > 0
        await pilot.press("pageup")
        await pilot.pause()
        assert page.scroll_y == 0
        # The focused panel's border is drawn in the accent colour, the other's not.
        assert topics.styles.border_top[1] != page.styles.border_top[1]
        page.focus()
        await pilot.pause()
        assert topics.styles.border_top[1] != page.styles.border_top[1]
        assert page.styles.border_top[0] == "heavy" and topics.styles.border_top[0] == "round"
