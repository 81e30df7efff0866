"""The shell around any game: the title's game picker, the new-game form built from the
rules, the White Cell's mode chosen on it being the one that plays, a computer player
that fails being an error on screen (never another player in its place), save and load
keeping the journal, the seats and undo, and an open-information game's "next player"
regime (a toy game with nothing of Hedgemony's)."""

from __future__ import annotations

import pytest
from textual.widgets import Checkbox, Input, OptionList, Select
from textual.widgets._toast import Toast

from hedgemony_tui.games.hedgemony.engine.game import pending
from hedgemony_tui.games.hedgemony.engine.intents import PayReadiness
from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.shell.app import build_app
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.shell.screens.handover import HandOverScreen
from hedgemony_tui.shell.screens.new_game import NewGameScreen
from hedgemony_tui.shell.screens.title import TitleScreen
from hedgemony_tui.table.saves import read_game
from tests.hedgemony.app_helpers import app_on, new_state
from tests.tui.tui_helpers import SIZE, settle

PLAYERS = ("US", "NATO", "RU", "PRC", "DPRK", "IR")


async def wait_until(pilot, done, limit: int = 400) -> None:
    for _ in range(limit):
        if done():
            return
        await pilot.pause()
    raise AssertionError("the app never got there")


def toasts(app) -> str:
    return "\n".join(str(toast.render()) for toast in app.screen.query(Toast))


# --- the title and the new-game form ------------------------------------------------------------


async def test_the_picker_lists_hedgemony_and_the_form_follows_the_rules(tmp_path):
    app = build_app(saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        picker = app.screen.query_one("#game-picker", OptionList)
        games = [picker.get_option_at_index(i) for i in range(picker.option_count)]
        from hedgemony_tui.table.registry import game_ids, get_rules

        assert [o.id for o in games] == list(game_ids())
        assert all(o.id is not None and get_rules(o.id).info.title in str(o.prompt) for o in games)
        assert games[0].id == "hedgemony" and picker.highlighted == 0
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        for spec in RULES.seats():
            kinds = form.query_one(f"#kind-{spec.id}", Select)
            offered = {value for _, value in kinds._options}
            names = RULES.control_modes() if spec.control else RULES.policy_names()
            assert offered == {"human", *names}, spec.id
            form.query_one(f"#name-{spec.id}", Input)
        for option in RULES.options():
            widget = form.query_one(f"#option-{option.id}")
            assert isinstance(widget, {"bool": Checkbox, "int": Input, "choice": Select, "text": Input}[option.kind]), (
                option.id
            )
        # A number out of its bounds is refused with the rules' own words; nothing starts.
        form.query_one("#option-turns", Input).value = "99"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and app.session is None
        assert any("turns must be 1-30" in n.message for n in app._notifications)


@pytest.mark.slow
async def test_the_white_cells_mode_chosen_on_the_form_is_the_one_that_plays(tmp_path):
    app = build_app(saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        for seat in PLAYERS:
            form.query_one(f"#kind-{seat}", Select).value = "random"
        form.query_one("#kind-WHITE", Select).value = "directed"
        form.query_one("#option-turns", Input).value = "1"
        await pilot.press("ctrl+s")
        await pilot.pause()
        # The board (a one-turn game of computers may already be over: the end screen on it).
        assert any(isinstance(screen, GameScreen) for screen in app.screen_stack)
        assert app.seats.of("WHITE").kind == "directed"
        assert app.host.players.control_bot.bot.mode == "directed"
        # No person at the table: the White Cell's own decisions (the turn's summary) are
        # taken by the automated White Cell in that mode, and the journal says so.
        await wait_until(pilot, lambda: any(e.seat == "WHITE" for e in app.session.journal), limit=3000)
        white = [e for e in app.session.journal if e.seat == "WHITE"]
        assert white and all(e.by == "directed" for e in white)


# --- a computer player that fails ------------------------------------------------------------------


async def test_a_policy_that_cannot_load_is_an_error_on_screen(tmp_path, monkeypatch):
    def refuse(name: str):
        raise RuntimeError(f"the {name} player is broken")

    monkeypatch.setattr(RULES, "policy", refuse)
    state = new_state()
    kinds = {p: "basic" for p in PLAYERS} | {"US": "human", "WHITE": "human"}
    app = app_on(state, kinds, saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        for _ in range(10):
            await pilot.pause()
        # Russia owes the first decision and has no player: nothing plays in its place.
        assert app.host.state is state and not app.session.journal
        assert "the basic player is broken" in toasts(app)
        assert "computer play is paused" in toasts(app)
        assert "broken" in str(app.screen.query_one("#decision-count").render())


async def test_a_policy_that_fails_while_deciding_falls_back_to_a_legal_option(tmp_path, monkeypatch):
    # Issue 18: a bot's bug does not stop the table; the first legal option is taken and
    # the journal's reason says why (rules._Policy's safety net).
    from hedgemony_tui.games.hedgemony.bots.basic import BasicPolicy

    def fail(self, view, options):
        raise ValueError("no idea what to signal")

    monkeypatch.setattr(BasicPolicy, "decide", fail)
    state = new_state()
    kinds = {p: "basic" for p in PLAYERS} | {"US": "human", "RU": "random", "WHITE": "random-events"}
    app = app_on(state, kinds, saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await wait_until(pilot, lambda: any(e.seat == "PRC" for e in app.session.journal))
        prc = next(e for e in app.session.journal if e.seat == "PRC")
        assert "the basic bot failed (ValueError: no idea what to signal)" in prc.reason
        assert "took the first legal option" in prc.reason
        assert not app.host.stopped


# --- save, load and undo -------------------------------------------------------------------------


@pytest.mark.slow
async def test_a_save_holds_journal_and_seats_and_undo_survives_loading(tmp_path):
    state = new_state()
    kinds = {p: "random" for p in PLAYERS} | {"US": "human", "WHITE": "none"}
    names = {"US": "Ann"}
    target = tmp_path / "mine.toml"
    app = app_on(state, kinds, names, saves_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: pending(app.host.state).seat == "US" and not app._bot_timer)
        await settle(pilot)
        before = app.host.state
        app.choose(PayReadiness("US"))  # a quiet decision: nothing rolled or revealed
        assert app.host.state.readiness_paid
        await pilot.press("ctrl+s")
        await pilot.pause()
        app.screen.query_one("#path-input", Input).value = str(target)
        await pilot.press("enter")
        await pilot.pause()
        journal = list(app.session.journal)
    text = target.read_text()
    assert "[[journal]]" in text and "[seats.US]" in text and "[start" in text
    assert not (tmp_path / "mine.seats.toml").exists()  # one file holds it all
    saved = read_game(target)
    assert saved.seats.of("US").kind == "human" and saved.seats.of("US").name == "Ann"
    assert saved.seats.of("RU").kind == "random" and saved.seats.of("WHITE").kind == "none"
    assert [(e.seat, e.by) for e in saved.journal] == [(e.seat, e.by) for e in journal]
    assert saved.journal[-1].intent == PayReadiness("US") and saved.journal[-1].by == "person"

    again = build_app(saved, saves_dir=tmp_path / "saves", save_path=str(target), bot_delay=0)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert again.seats == saved.seats and again.viewer_seat() == "US"
        assert again.host.state.readiness_paid
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert not again.host.state.readiness_paid and again.host.state == before
        assert len(again.session.journal) == len(journal) - 1
        assert pending(again.host.state).seat == "US"


async def test_a_save_whose_journal_does_not_replay_is_refused(tmp_path):
    import attrs

    from hedgemony_tui.table.saves import SavedGame

    state = new_state()
    app = app_on(state, saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        playing = app.session
        other = attrs.evolve(state, turn=2)  # a state its (empty) journal cannot reach
        assert not app.start_game(SavedGame(RULES, other, state, (), None))
        await pilot.pause()
        assert app.session is playing and app.host.state is state
        assert "cannot open the game" in toasts(app)


# --- an open-information game ----------------------------------------------------------------------


async def test_an_open_game_says_next_player_instead_of_a_hand_over(tmp_path, toy_registered):
    app = build_app(saves_dir=tmp_path, bot_delay=0, game="template")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        picker = app.screen.query_one("#game-picker", OptionList)
        from hedgemony_tui.table.registry import game_ids

        assert [picker.get_option_at_index(i).id for i in range(picker.option_count)] == list(game_ids())
        assert "template" in game_ids()
        title = app.screen
        assert isinstance(title, TitleScreen) and title.picked() == "template"
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        assert [s.id for s in form.rules.seats()] == ["A", "B"]
        assert app.screen.query_one("#kind-A", Select).value == "human"
        app.screen.query_one("#kind-B", Select).value = "human"
        await pilot.press("ctrl+s")
        for _ in range(5):
            await pilot.pause()
        # Two people, nothing hidden: no hand-over, the keyboard simply passes.
        assert isinstance(app.screen, GameScreen) and app.viewer_seat() == "A"
        assert app.screen.query_one("#counter").render() is not None
        app.screen.query_one("#decision-filter").focus()
        await pilot.press("2", "enter")
        await pilot.pause()
        assert app.host.state.total == 2 and not isinstance(app.screen, HandOverScreen)
        assert app.viewer_seat() == "B"
        assert "Next player: Player B" in toasts(app) or "Next player: B" in toasts(app)
        prompt = str(app.screen.query_one("#decision-prompt").render())
        assert "Next player" in prompt
        # A new game's own autosave: the game, the date and a short id (never another game's).
        assert app.autosave_path.name.startswith("template-") and app.autosave_path.name.endswith(".autosave.toml")
        assert app.autosave_path.is_file()


@pytest.mark.slow
async def test_continue_opens_the_newest_autosave_of_any_game(tmp_path, toy_registered):
    saves = tmp_path / "saves"
    first = app_on(new_state(), saves_dir=saves, bot_delay=0)
    async with first.run_test(size=SIZE) as pilot:
        await settle(pilot)
        playing = first.host.state
    assert [p.name.startswith("hedgemony-") for p in saves.glob("*.autosave.toml")] == [True]
    title = build_app(saves_dir=saves, bot_delay=0)
    async with title.run_test(size=SIZE) as pilot:
        await pilot.pause()
        menu = title.screen.query_one("#title-menu", OptionList)
        labels = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert "Continue a recent game" in labels
        await pilot.press("c")
        await pilot.pause()
        picks = title.screen.query_one("#pick-list", OptionList)
        assert picks.option_count == 1 and "Hedgemony · turn 1" in str(picks.get_option_at_index(0).prompt)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(title.screen, GameScreen) and title.rules is RULES
        assert title.host.state == playing


async def test_the_title_picks_the_game_last_played(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / "hex-encounters.autosave.toml").write_text("# any content: only its name and age count here\n")
    title = build_app(saves_dir=saves, bot_delay=0)
    async with title.run_test(size=SIZE) as pilot:
        await pilot.pause()
        first = title.screen
        assert isinstance(first, TitleScreen) and first.picked() == "hex-encounters"
    asked = build_app(saves_dir=saves, bot_delay=0, game="rescue")
    async with asked.run_test(size=SIZE) as pilot:
        await pilot.pause()
        chosen = asked.screen
        assert isinstance(chosen, TitleScreen) and chosen.picked() == "rescue"  # the command line's choice comes first
