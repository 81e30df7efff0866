"""Four rough edges a newcomer met in Hedgemony's screens, each smoothed:

* the result screen's side column shows a card's long band labels whole (wrapped
  between words, never cut with "…"), at 120 x 40 and at 100 x 30;
* the map writes the places under the names the menus use wherever it has the room,
  keys the short names it still writes, and says on screen what ``14×M3`` means;
* "Learn to play" opens the Red briefing by itself once the Blue phase's notes are read;
* a decision about the card in play shows that card's own text beside the decision.
"""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from textual.app import App
from textual.widgets import Static

from hedgemony_tui.games.hedgemony.engine.odds import FacePreview, RollPreview
from hedgemony_tui.games.hedgemony.engine.resources import default_scenario
from hedgemony_tui.games.hedgemony.front.render import resolution as draw
from hedgemony_tui.games.hedgemony.front.render.board import STACK_LEGEND, draw_map, menu_name, stack_legend
from hedgemony_tui.games.hedgemony.front.screens.briefing import BriefingScreen
from hedgemony_tui.games.hedgemony.front.screens.resolution import ResultScreen
from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.shell.screens.game import GameScreen
from tests.hedgemony.app_helpers import app_on, new_state
from tests.tui.tui_helpers import SIZE, settle, shown_text

LONG = ("Deal collapses in public view", "Status quo", "Partnership deepens slowly", "Landmark deal")


def long_preview() -> RollPreview:
    """A card roll whose bands have long labels (as some cards' do)."""
    faces = tuple(FacePreview(f, f, LONG[min(3, f // 3)], {"US": (f // 3) - 1}, {}) for f in range(10))
    return RollPreview("a card", "US", "card", "", (), faces)


def plain(renderable, width: int) -> str:
    console = Console(width=width, record=True, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize("width", [36, 40, 46])
def test_the_odds_and_expected_tables_wrap_long_labels_between_words(width):
    for table in (draw.odds_table(long_preview()), draw.expected_table(long_preview())):
        text = plain(table, width)
        assert "…" not in text
        words = set(text.split())
        for label in LONG:
            assert set(label.split()) <= words, (label, text)  # every word whole
    odds = plain(draw.odds_table(long_preview()), width)
    assert "Faces" in odds and "Chance" in odds and "30%" in odds


def _red_roll():
    from tests.hedgemony.tui.test_result_pause import red_roll

    return red_roll()


@pytest.mark.parametrize("size", [(120, 40), (100, 30)])
async def test_the_result_screen_side_column_shows_long_labels_whole(size):
    before, after = _red_roll()
    screen = ResultScreen(RULES.view(before, "US"), RULES.view(after, "US"), "US")
    screen.preview = long_preview()  # the odds of a card roll with long band labels

    class Harness(App[None]):
        def on_mount(self) -> None:
            self.push_screen(screen)

    app = Harness()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        odds = screen.query_one("#result-odds", Static)
        side = screen.query_one("#result-side")
        assert side.size.width >= 38
        if size == (120, 40):
            assert side.size.width >= 44  # wider than before where the room is
        text = shown_text(odds, width=odds.content_region.width)
        assert "…" not in text
        for label in LONG:
            assert set(label.split()) <= set(text.split()), text


# --- the map ----------------------------------------------------------------------------


def test_the_map_writes_the_menus_names_where_it_has_room_and_keys_the_rest():
    scenario = default_scenario()
    board = scenario.board
    stacks = new_state().stacks
    text, layout = draw_map(scenario, stacks, 1, 76, 30)
    shown = text.plain
    for place in ("korean-peninsula", "europe", "arabian-peninsula", "conus"):
        assert menu_name(board, place) in shown, place
    assert menu_name(board, "conus") == "CONUS"  # as the decision panel writes it
    assert not layout.short_names  # every name there is the menus' (or their first words)
    # Where room is short the map writes the map file's short names and keys them.
    text, layout = draw_map(scenario, stacks, 1, 52, 21)
    assert layout.short_names, text.plain
    for short, full in layout.short_names.items():
        assert short in text.plain and full.split()[: len(short.split())] != short.split()
        assert full in {menu_name(board, loc.id) for loc in board.locations}


@pytest.mark.parametrize("width", [56, 76, 120])
def test_the_stack_marks_have_a_legend_line_that_fits(width):
    line = stack_legend(width).plain
    assert len(line) <= width and "14×M3 = 14 FFs" in line and "US15 = 15 FFs" in line
    assert line in {sep.join(words) for words in STACK_LEGEND for sep in (" · ", "  ", " ")}


@pytest.mark.parametrize("size", [(120, 40), (100, 30)])
async def test_the_board_shows_the_stack_legend_and_the_key_of_short_names(tmp_path, size):
    app = app_on(new_state(), saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.pause()

        def marks() -> str:
            """Where the marks' legend is: under the map when it has the row, else in the place panel."""
            legend = shown_text(app.screen.query_one("#legend", Static), width=200)
            info = shown_text(app.screen.query_one("#place-info", Static), width=200)
            return legend if "14×M3" in legend else info

        assert "14×M3 = 14 FFs" in marks()
        if size == (120, 40):  # room to spare: a second line under the map
            assert "14×M3 = 14 FFs" in shown_text(app.screen.query_one("#legend", Static), width=200)
        await pilot.press("f9")  # the map takes the keys: its keys on top, the marks still shown
        await pilot.pause()
        assert "14×M3 = 14 FFs" in marks()
        # The map keeps its frames with their borders at the smallest size too.
        from hedgemony_tui.games.hedgemony.front.render.map_layout import fit_problems
        from hedgemony_tui.games.hedgemony.front.widgets.board import BoardMap

        found = app.screen.query_one(BoardMap)
        assert fit_problems(found.spec(), default_scenario().board, found.size.width, found.size.height) == []
        await pilot.press("escape")
        board_map = app.screen.query_one(BoardMap)  # a place is selected now: the key stays
        await pilot.pause()
        info = shown_text(app.screen.query_one("#place-info", Static), width=200)
        for short, full in board_map.short_names.items():
            assert f"{short} = {full}" in info
        if size == (120, 40):
            assert not board_map.short_names and "Korean Peninsula" in str(board_map.render())
        else:
            assert board_map.short_names  # a narrow map keys its short names


# --- the lesson opens the briefing ------------------------------------------------------------


@pytest.mark.slow
async def test_learn_to_play_opens_the_red_briefing_once_the_blue_notes_are_read(tmp_path, monkeypatch):
    from hedgemony_tui.games.hedgemony.engine.state import Phase
    from hedgemony_tui.games.hedgemony.front.lesson import NOTES
    from hedgemony_tui.shell.app import build_app
    from hedgemony_tui.shell.screens.handover import HandOverScreen
    from hedgemony_tui.shell.screens.lesson import LessonNoteScreen

    assert "F12" in NOTES["red-signaling"]  # the note still names the key for later
    monkeypatch.setattr("hedgemony_tui.shell.screens.new_game.random_seed", lambda: 2_718_281_828_459_045)
    app = build_app(saves_dir=tmp_path / "saves", bot_delay=0)
    briefings = 0
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("t")
        for _ in range(200):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, BriefingScreen):
                briefings += 1
                assert app.host.state.phase is Phase.BLUE and app.lesson is not None
                # The phase's notes were read first. (A moment's note may fall due while the
                # briefing is up, when a computer seat's move asks the U.S. for a roll: it
                # waits for the board, so it is no failure here.)
                waiting = [text for _title, text, _topic in app.lesson.waiting]
                assert NOTES["blue-actions"] not in waiting and NOTES["red-signaling"] not in waiting
                await pilot.press("escape")  # closable as usual: back to the board
                await pilot.pause()
                assert isinstance(app.screen, GameScreen)
                break
            if isinstance(screen, (LessonNoteScreen, HandOverScreen)):
                await pilot.press("enter")
            elif isinstance(screen, GameScreen):
                options = app.my_options()
                if options and app.host.state.phase is not Phase.BLUE:
                    app.choose(options[-1][0])  # past an injected event to the Blue phase
            else:
                await pilot.press("escape")
        assert briefings == 1, f"no briefing by itself (at {app.rules.pending(app.host.state).prompt!r})"
        # Once: paying the readiness bill does not bring it back.
        app.choose(app.my_options()[0][0])
        for _ in range(4):
            await pilot.pause()
        assert not isinstance(app.screen, BriefingScreen)


# --- the card beside the decision --------------------------------------------------------------


def us_card_decision():
    """A state where the U.S. owes a decision on the card in play, all others basic."""
    from hedgemony_tui.table import match

    state = new_state(seed=11, turns=1)
    policies = match.policies_for(RULES, {s.id: "basic" for s in RULES.seats() if not s.control})
    control = RULES.control_bot("random-events")
    for _ in range(800):
        if state.run is not None and RULES.pending(state).seat == "US" and state.roll_request is None:
            return state
        found = match.next_choice(RULES, state, policies, control)
        assert found is not None, "a computer seat owes this decision"
        seat, choice = found
        state = RULES.apply(state, choice.intent)
    raise AssertionError("the U.S. never decided on a card in play")


@pytest.mark.slow
@pytest.mark.parametrize("size", [(120, 40), (100, 30)])
async def test_a_decision_on_the_card_in_play_shows_the_card_beside_it(tmp_path, size):
    state = us_card_decision()
    from hedgemony_tui.games.hedgemony.engine.game import content_of

    card = content_of(state).card(state.run.card)
    kinds = {s.id: "basic" for s in RULES.seats() if not s.control and s.id != "US"}
    app = app_on(state, kinds, saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.pause()
        box = app.screen.query_one("#pending-card", Static)
        assert box.display
        text = " ".join(shown_text(box, width=200).split())
        assert card.title in text and card.id in text and " ".join(card.text.split()) in text
        assert box.region.height >= 3  # on screen, not squeezed away
    # No card in play: no card box.
    app = app_on(new_state(), saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert not app.screen.query_one("#pending-card", Static).display


def test_the_card_box_draws_from_the_seats_view_only():
    """A card only another seat sees (a private card's run is not in this seat's view)
    draws nothing; the card in play that the view holds draws the same whatever other
    seats' secrets are."""
    from hedgemony_tui.games.hedgemony.engine.game import content_of
    from hedgemony_tui.games.hedgemony.front.render.pending_card import pending_card

    state = us_card_decision()
    content = content_of(state)
    seen = RULES.view(state, "US")
    drawn = plain(pending_card(seen, content), 60)
    for salt in (1, 2, 3):
        other = RULES.vary_secrets(state, "US", salt)
        assert plain(pending_card(RULES.view(other, "US"), content), 60) == drawn
    import attrs

    assert pending_card(attrs.evolve(seen, run=None), content) is None
