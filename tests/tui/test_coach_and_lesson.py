"""The coach at the table and "Learn to play" (shell/screens/coach.py, shell/screens/lesson.py).

* The Hint key opens the coach's advice for the learner's pending decision; Enter
  ("Choose this") takes the advised intent, which was legal.
* A coached game says, after a person's decision, what the expert would have done.
* "Learn to play" from the title runs to its end by keys alone (notes, hints, results).
* Snapshots of the coach's dialog, in colour and with NO_COLOR.
"""

from __future__ import annotations

import time

import pytest
from textual.widgets import Input, OptionList

from hedgemony_tui.games.hedgemony.engine.intents import EndInvestments, EndPhase
from hedgemony_tui.shell.app import build_app
from hedgemony_tui.shell.screens.coach import HINT_KEY, CoachScreen
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.shell.screens.handover import HandOverScreen
from hedgemony_tui.shell.screens.lesson import LessonNoteScreen
from hedgemony_tui.table.contract import coach_of
from hedgemony_tui.table.registry import game_ids, get_front, get_rules
from tests.hedgemony.app_helpers import app_on, new_state
from tests.tui.tui_helpers import SIZE

LEARNER = {"NATO": "basic", "RU": "basic", "PRC": "basic", "DPRK": "basic", "IR": "basic", "WHITE": "random-events"}
"""The U.S. a person, the rest the computer (as "Learn to play" seats them)."""


def learner_app(tmp_path, seed: int = 1):
    return app_on(new_state(seed, turns=1), LEARNER, saves_dir=tmp_path / "saves", bot_delay=0)


async def until_mine(pilot, limit: int = 80) -> None:
    """Close whatever stands between the learner and their next decision (results,
    lesson notes) until the decision panel offers them something."""
    app = pilot.app
    for _ in range(limit):
        await pilot.pause()
        if isinstance(app.screen, GameScreen) and app.my_options():
            return
        if not isinstance(app.screen, GameScreen):
            await pilot.press("enter" if isinstance(app.screen, (HandOverScreen, LessonNoteScreen)) else "escape")
    raise AssertionError(f"no decision of the learner's came (on {type(app.screen).__name__})")


@pytest.mark.slow
async def test_hint_opens_and_choose_this_applies_the_advice(tmp_path):
    app = learner_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until_mine(pilot)
        before = app.host.state
        legal = [intent for intent, _ in app.my_options()]
        await pilot.press(HINT_KEY)
        await pilot.pause()
        assert isinstance(app.screen, CoachScreen)
        advised = app.screen.advice.intent
        assert advised in legal
        assert "Coach" in str(app.screen.query_one(".dialog-title").render())
        await pilot.press("enter")  # "Choose this": the highlighted row is the advised one
        await pilot.pause()
        assert app.session.journal[len(app.session.journal) - 1].intent == advised or app.host.state is not before
        taken = next(e for e in app.session.journal if e.by == "person")
        assert taken.intent == advised


async def test_the_palette_finds_the_hint(tmp_path):
    app = learner_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until_mine(pilot)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"hint")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CoachScreen)


async def test_escape_closes_the_hint_without_deciding(tmp_path):
    app = learner_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until_mine(pilot)
        before = app.host.state
        await pilot.press(HINT_KEY)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.host.state is before


async def test_a_coached_game_says_when_the_expert_would_have_chosen_otherwise(tmp_path):
    app = learner_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.host.coached = True
        await until_mine(pilot)
        # Ending the step at once, where the expert would first see to its forces or cards.
        for _ in range(10):
            ends = [i for i, _ in app.my_options() if isinstance(i, (EndInvestments, EndPhase))]
            if ends:
                break
            app.choose(app.my_options()[0][0])
            await until_mine(pilot)
        assert ends, "the learner never could end a step"
        notes_before = len([n for n in app.host.notes if n.kind == "coach"])
        app.choose(ends[0])
        await pilot.pause()
        remarks = [n for n in app.host.notes if n.kind == "coach"]
        assert len(remarks) == notes_before + 1
        remark = remarks[-1]
        assert remark.text.startswith("The coach would have chosen")
        assert "+0.0" not in remark.text  # no worksheet figure for ending a step: none made up
        assert remark.visible_to == ("US",)  # the coach's words are the learner's alone


@pytest.mark.slow
async def test_learn_to_play_runs_to_its_end_by_keys(tmp_path, monkeypatch):
    # One turn (the lesson's length is its option; two turns take twice as long here).
    from hedgemony_tui.games.hedgemony.front import lesson as hedgemony_lesson
    from hedgemony_tui.shell.screens.dialogs import ConfirmScreen

    monkeypatch.setattr(hedgemony_lesson, "TURNS", 1)
    monkeypatch.setattr("hedgemony_tui.shell.screens.new_game.random_seed", lambda: 2_718_281_828_459_045)
    app = build_app(saves_dir=tmp_path / "saves", bot_delay=0)
    started = time.monotonic()
    notes: list[str] = []
    ended_on = ""
    idle = 0
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("t")  # Learn to play
        await pilot.pause()
        assert app.host.coached and app.lesson is not None and app.seats.human("US")
        assert not any(app.seats.human(s) for s in ("NATO", "RU", "PRC", "DPRK", "IR"))
        for _ in range(400):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, LessonNoteScreen):
                notes.append(screen.title_text + ": " + screen.text.split("\n")[0])
                await pilot.press("enter")
            elif isinstance(screen, CoachScreen):
                await pilot.press("enter")  # choose what the coach advises
            elif isinstance(screen, ConfirmScreen):
                await pilot.press("y")  # advice that ends the phase asks once more
            elif isinstance(screen, GameScreen):
                if app.rules.pending(app.host.state).over and app.lesson is None:
                    idle += 1  # the end-of-game screen opens after the closing words
                    if idle > 5:
                        break
                    continue
                if app.my_options():
                    await pilot.press(HINT_KEY)
            else:
                if app.lesson is None and app.rules.pending(app.host.state).over:
                    ended_on = type(screen).__name__  # what follows the lesson's closing words
                await pilot.press("escape")  # a roll's result, the briefing, the end-of-game screen
        assert app.rules.pending(app.host.state).over, (
            f"the lesson stopped at {app.rules.pending(app.host.state).prompt!r}"
        )
        assert app.lesson is None
        assert ended_on == "EndGameScreen"  # after the closing words, who won and why
    # About 40 s on a quiet machine: one turn of five computer players and the learner.
    assert time.monotonic() - started < 300
    # The introduction, a note at each phase of the turn, and the closing words.
    text = "\n".join(notes)
    for phase in ("Red signals", "Blue invests and acts", "Red invests and acts", "resources", "state of the world"):
        assert phase in text, f"no note for {phase}: {notes}"
    assert notes[0].startswith("Learn to play Hedgemony") and notes[-1].startswith("The end of the lesson")


async def _hint_on_screen(pilot) -> None:
    # Past the readiness bill (one option) to the Blue phase's hundreds: the coach's table.
    await until_mine(pilot)
    pilot.app.choose(pilot.app.my_options()[0][0])
    await until_mine(pilot)
    await pilot.press(HINT_KEY)
    await pilot.pause()
    for widget in pilot.app.screen.query(Input):
        widget.cursor_blink = False
    await pilot.pause()


def test_coach_dialog_snapshot(snap_compare, tmp_path):
    assert snap_compare(learner_app(tmp_path), terminal_size=SIZE, run_before=_hint_on_screen)


@pytest.mark.slow
def test_coach_dialog_snapshot_no_color(snap_compare, tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")  # read (and removed) when the app is built
    assert snap_compare(learner_app(tmp_path), terminal_size=SIZE, run_before=_hint_on_screen)


@pytest.mark.slow
async def test_the_coach_is_offered_only_for_a_game_that_has_one(tmp_path):
    from hedgemony_tui.shell.screens.new_game import NewGameScreen

    app = build_app(saves_dir=tmp_path / "saves")
    async with app.run_test(size=SIZE) as pilot:
        offers = {game: coach_of(get_rules(game)) is not None for game in game_ids()}
        assert any(offers.values()) and not all(offers.values()), offers  # both cases are seen
        for game, offered in offers.items():
            await app.push_screen(NewGameScreen(game))
            await pilot.pause()
            assert bool(app.screen.query("#coached")) is offered, game
            app.pop_screen()
            await pilot.pause()


async def test_a_game_without_a_coach_starts_from_the_form(tmp_path):
    from hedgemony_tui.shell.screens.new_game import NewGameScreen

    app = build_app(saves_dir=tmp_path / "saves")
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(NewGameScreen("hex-encounters"))
        await pilot.pause()
        await pilot.press("ctrl+s")
        for _ in range(5):
            await pilot.pause()
        assert app.rules is not None and app.rules.info.id == "hex-encounters" and app.host.coached is False


@pytest.mark.slow
async def test_the_hint_key_shows_only_in_a_game_with_a_coach(tmp_path):
    from hedgemony_tui.games.hex_encounters.rules import RULES as HEX
    from hedgemony_tui.table.saves import SavedGame
    from hedgemony_tui.table.seats import Seats

    state = HEX.setup(1, {"turns": 2})
    seats = Seats.of_specs(HEX.seats(), {"RED134": "basic", "RED218": "basic", "BLUE": "human", "GREEN": "basic"}, None)
    hex_app = build_app(SavedGame(HEX, state, state, (), seats), saves_dir=tmp_path / "hex", bot_delay=0)
    async with hex_app.run_test(size=SIZE) as pilot:
        for _ in range(10):
            await pilot.pause()
            if isinstance(hex_app.screen, GameScreen):
                break
            await pilot.press("enter" if isinstance(hex_app.screen, HandOverScreen) else "escape")
        assert isinstance(hex_app.screen, GameScreen)
        assert hex_app.screen.check_action("hint", ()) is False
    app = learner_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until_mine(pilot)
        assert app.screen.check_action("hint", ()) is not False


async def test_learn_to_play_is_offered_only_for_a_game_with_a_lesson(tmp_path, toy_registered):
    # Each game's front says whether it teaches itself (its optional lesson()); the title
    # dims "Learn to play" for a game that does not, and brightens it again for one that does.
    # Every installed game has a lesson now: the template game (registered here) has none.
    app = build_app(saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        picker = app.screen.query_one("#game-picker", OptionList)
        menu = app.screen.query_one("#title-menu", OptionList)
        seen = set()
        for index, game in enumerate(game_ids()):
            picker.highlighted = index
            await pilot.pause()
            teaches = callable(getattr(get_front(game), "lesson", None))
            assert menu.get_option("learn").disabled is not teaches, game
            seen.add(teaches)
        assert seen == {True, False}, "every game has a lesson, or none: the check proved nothing"


@pytest.mark.asyncio
async def test_a_lesson_note_names_the_coach_only_in_a_game_that_has_one():
    from textual.app import App
    from textual.widgets import Static

    for coached in (True, False):
        app: App[None] = App()
        async with app.run_test(size=SIZE) as pilot:
            await app.push_screen(LessonNoteScreen("A note", "Some text.", coached=coached))
            await pilot.pause()
            keys = str(app.screen.query_one("#lesson-keys", Static).render())
            assert ("Ctrl+G" in keys) is coached and "Enter: go on" in keys


async def test_esc_leaves_a_lesson_for_the_title_and_the_lesson_is_not_listed(tmp_path, monkeypatch):
    # A newcomer in "Learn to play" found no way out but Ctrl+Q, which quits the program,
    # and the lesson's game came back under "Continue" as an ordinary game.
    from textual.widgets import Input

    from hedgemony_tui.shell.screens.dialogs import ConfirmScreen
    from hedgemony_tui.shell.screens.lesson import LEAVE_QUESTION
    from hedgemony_tui.shell.screens.title import TitleScreen

    monkeypatch.setattr("hedgemony_tui.shell.screens.new_game.random_seed", lambda: 7)
    app = build_app(saves_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("t")  # Learn to play
        await pilot.pause()
        assert app.lesson is not None
        app.flush_saves()
        assert app.recent_autosaves() == [], "the lesson's game is listed under Continue"
        await until_mine(pilot)  # past the lesson's notes and briefing
        bindings = {b.binding.action for b in app.screen.active_bindings.values()}
        assert "leave_lesson" in bindings  # named in the footer
        # Esc first clears a search (the panel's own Esc), without asking anything.
        app.screen.query_one("#decision-filter", Input).value = "zz"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.lesson is not None
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and app.screen.question == LEAVE_QUESTION
        await pilot.press("n")  # no: the lesson goes on
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.lesson is not None
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert app.lesson is None and app.host is None
        assert app.recent_autosaves() == []
        # Nothing of the lesson is left in the saves folder, hidden claim and lock files included.
        assert [p.name for p in (tmp_path / "saves").glob("*")] == []
