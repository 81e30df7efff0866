"""The app's tools by keys: hand (signal), palette, save and load, undo, help, hot seat,
computer seats, a too-small terminal, and the ``hedgemony play`` command's refusals."""

from __future__ import annotations

import shutil

import pytest
from textual.widgets import Input, OptionList

from hedgemony_tui.cli import main
from hedgemony_tui.games.hedgemony.engine.content import content_for
from hedgemony_tui.games.hedgemony.engine.game import pending
from hedgemony_tui.games.hedgemony.engine.intents import EndPhase
from hedgemony_tui.games.hedgemony.engine.setup import new_game, settings_for
from hedgemony_tui.games.hedgemony.engine.state import Phase
from hedgemony_tui.games.hedgemony.front.screens.hand import HandScreen
from hedgemony_tui.shell.app import build_app
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.shell.screens.guide import GuideScreen
from hedgemony_tui.shell.screens.handover import HandOverScreen
from hedgemony_tui.shell.screens.too_small import TooSmallScreen
from hedgemony_tui.table.saves import load_game, read_game
from tests.hedgemony.app_helpers import app_on, decide, human_app
from tests.tui.tui_helpers import SIZE, settle


@pytest.mark.slow
async def test_signal_from_the_hand(tmp_path):
    app = human_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f3")
        await pilot.pause()
        hand = app.screen
        assert isinstance(hand, HandScreen) and hand.player == "RU"
        ids = [card.id for card in hand.cards]
        # Three actions are no signal: refused with the reason, nothing changes.
        for card_id in ("RU-05", "RU-17"):
            hand.query_one("#hand-list", OptionList).highlighted = ids.index(card_id)
            await pilot.press("space")
        hand.query_one("#hand-list", OptionList).highlighted = ids.index("RU-E07")
        await pilot.press("space", "s")
        await pilot.pause()
        assert "RU" not in app.host.state.signals
        # Swap one action for an investment and signal.
        await pilot.press("space")
        hand.query_one("#hand-list", OptionList).highlighted = ids.index("RU-RD")
        await pilot.press("space", "s")
        await pilot.pause()
        assert app.host.state.signals["RU"] == ("RU-05", "RU-17", "RU-RD")
        # The decision passed to China: the hand-over hides Russia's screen.
        assert isinstance(app.screen, HandOverScreen) and "PRC" in app.screen.seat_name


@pytest.mark.slow
async def test_palette_lists_the_pending_decisions(tmp_path):
    app = human_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _seat in ("RU", "PRC", "DPRK", "IR"):
            await decide(pilot, "signal")
        assert pending(app.host.state).kind == "readiness"
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"pays the readiness")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(pilot)
        assert app.host.state.readiness_paid


@pytest.mark.slow
async def test_save_load_and_undo(tmp_path):
    app = human_app(tmp_path)
    target = tmp_path / "mine.toml"
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await decide(pilot, "RU-05 RU-RD RU-E07")
        await settle(pilot)
        # China holds the keyboard now: Russia's decision is not China's to take back.
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert app.host.state.signals["RU"] == ("RU-05", "RU-RD", "RU-E07") and pending(app.host.state).seat == "PRC"
        await pilot.press("ctrl+s")
        await pilot.pause()
        path_input = app.screen.query_one("#path-input", Input)
        path_input.value = str(target)
        await pilot.press("enter")
        await pilot.pause()
        assert target.is_file()
        saved = load_game(target)
        assert saved.signals["RU"] == ("RU-05", "RU-RD", "RU-E07")
        assert read_game(target).seats.human("PRC")
        # A damaged file is refused with a message; the game in play stays.
        bad = tmp_path / "bad.toml"
        bad.write_text("not = [toml")
        assert not app.load_from(str(bad))
        assert app.host.state.signals["RU"] == ("RU-05", "RU-RD", "RU-E07")
        # Saved as mine.toml, the game now saves itself there after every decision: keep a
        # copy of this moment to load back.
        moment = tmp_path / "moment.toml"
        shutil.copyfile(target, moment)
        # Loading by keys.
        await decide(pilot, "signal")  # China signals; the copy does not have it
        await settle(pilot)
        assert load_game(target).signals.get("PRC"), "the game saved as mine.toml keeps saving there"
        await pilot.press("ctrl+o")
        await pilot.pause()
        app.screen.query_one("#path-input", Input).value = str(moment)
        app.screen.query_one("#path-input", Input).focus()
        await pilot.press("enter")
        await settle(pilot)
        assert "PRC" not in app.host.state.signals and pending(app.host.state).seat == "PRC"


@pytest.mark.slow
async def test_help_and_illegal_choice(tmp_path):
    app = human_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await pilot.pause()
        # The guide, at the page on the phase under way (the Red signals here), not the board's.
        assert isinstance(app.screen, GuideScreen) and app.screen.current == "signals"
        await pilot.press("escape")
        await pilot.pause()
        before = app.host.state
        app.choose(EndPhase("US"))  # not the U.S.'s decision: explained, nothing changes
        assert app.host.state is before


async def test_computer_seats_play_and_give_reasons(tmp_path):
    content = content_for("default")
    state = new_game(content, 3, settings_for(content, turns=1))
    kinds = {p: "random" for p in content.scenario.player_ids} | {"US": "human", "WHITE": "random"}
    app = app_on(state, kinds, saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(50):
            await pilot.pause()
            if app.host.state.phase is Phase.BLUE:
                break
        # One person: no hand-over; the computer players signaled and wait on the U.S. The
        # Blue phase opens with the Red briefing (their signals), the board behind it.
        from hedgemony_tui.games.hedgemony.front.screens.briefing import BriefingScreen

        await pilot.pause()
        assert isinstance(app.screen, BriefingScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert pending(app.host.state).seat == "US" and app.host.keyboard == "US"
        bots = [n for n in app.host.notes if n.actor in ("RU", "PRC", "DPRK", "IR")]
        assert len(bots) == 4 and all(" — " in n.text for n in bots)
        # Their reasons are theirs and the White Cell's, not the U.S. player's.
        assert all(n.visible("WHITE") and not n.visible("US") for n in bots)


async def test_too_small_terminal(tmp_path):
    app = build_app(saves_dir=tmp_path)
    async with app.run_test(size=(90, 25)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert not isinstance(app.screen, TooSmallScreen)


def test_play_refuses_a_missing_or_damaged_save(tmp_path, capsys):
    assert main(["play", str(tmp_path / "nothing.toml")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nothing.toml" in err and "Traceback" not in err
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b"\x00\xff garbage")
    assert main(["play", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


async def test_the_title_menu_opens_a_new_game_with_enter(tmp_path):
    from hedgemony_tui.shell.screens.new_game import NewGameScreen
    from hedgemony_tui.shell.screens.title import TitleScreen

    app = build_app(saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        # With several games the picker has the focus: Enter picks the game, then Enter
        # on the menu (where "New game" is highlighted first) opens the form.
        await pilot.press("enter")
        await pilot.pause()
        if not isinstance(app.screen, NewGameScreen):
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)


@pytest.mark.slow
async def test_a_ruled_free_play_action_opens_its_commit_worksheet(tmp_path):
    """A ruled Blue action is a card that exists only in the game: the worksheets find it."""
    from hedgemony_tui.games.hedgemony.engine.game import legal_intents, reduce
    from hedgemony_tui.games.hedgemony.engine.intents import (
        AcceptRuling,
        PayReadiness,
        ProposeAction,
        RuleAction,
        SignalCards,
    )
    from hedgemony_tui.games.hedgemony.front.screens.commit import CommitScreen

    content = content_for("default")
    state = new_game(content, 1)
    while state.phase is Phase.SIGNALING:
        state = reduce(state, next(i for i in legal_intents(state) if isinstance(i, SignalCards)))
    state = reduce(state, PayReadiness("US"))
    # Blue finishes its investments before it acts (a free-play action is an action).
    while ends := [i for i in legal_intents(state) if type(i).__name__ == "EndInvestments"]:
        state = reduce(state, ends[0])
    state = reduce(state, ProposeAction("US", "korean-peninsula", "Patrol off Korea", "presence"))
    state = reduce(state, next(i for i in legal_intents(state) if isinstance(i, RuleAction) and i.opponent == "DPRK"))
    state = reduce(state, AcceptRuling("US"))  # the proposer accepts the ruling it has read
    assert pending(state).kind == "commit" and state.run.card.startswith("FP-")
    kinds = {p: "basic" for p in content.scenario.player_ids} | {"US": "human", "WHITE": "basic"}
    app = app_on(state, kinds, saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f6")
        await pilot.pause()
        assert isinstance(app.screen, CommitScreen)
        assert "Patrol off Korea" in str(app.screen.query_one("#commit-title").render())
