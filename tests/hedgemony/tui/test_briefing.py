"""The Red briefing (front/screens/briefing.py): it opens by itself when the Blue phase
starts for a person holding a Blue seat, shows every Red player's signalled cards once
all are down and none before, draws only the viewer's view (the same when another
seat's secrets change), and is one key away (F12, in the footer). Snapshots in colour
and with NO_COLOR."""

from __future__ import annotations

import attrs

from hedgemony_tui.games.hedgemony.engine.intents import SignalCards
from hedgemony_tui.games.hedgemony.engine.state import Phase
from hedgemony_tui.games.hedgemony.front.render import briefing as draw
from hedgemony_tui.games.hedgemony.front.screens.briefing import BriefingScreen
from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.shell.screens.handover import HandOverScreen
from tests.hedgemony.app_helpers import app_on, new_state
from tests.tui.tui_helpers import SIZE, shown_text

COMPUTER_RED = {"RU": "basic", "PRC": "basic", "DPRK": "basic", "IR": "basic", "NATO": "basic", "WHITE": "none"}


async def _until(pilot, kind, limit: int = 40):
    for _ in range(limit):
        await pilot.pause()
        if isinstance(pilot.app.screen, kind):
            return pilot.app.screen
    raise AssertionError(f"no {kind.__name__}; on {type(pilot.app.screen).__name__}")


def _listed(screen) -> list[str]:
    listing = screen.query_one("#briefing-cards")
    return [option.id for option in listing.options if option.id]


async def test_the_blue_phase_opens_with_every_red_signal_once_a_turn():
    app = app_on(new_state(), COMPUTER_RED, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _until(pilot, BriefingScreen)
        await pilot.pause()
        state = app.host.state
        assert state.phase is Phase.BLUE and app.viewer_seat() == "US"
        expected = [f"{pid}/{card}" for pid in ("RU", "PRC", "DPRK", "IR") for card in state.signals[pid]]
        assert _listed(screen) == expected and len(expected) == 12
        detail = shown_text(screen.query_one("#briefing-detail"), 100)
        pid, card_id = expected[0].split("/")  # the first card is drawn in full: its id, cost and odds
        assert card_id in detail and f"Cost to {pid} now" in detail and "Odds:" in detail
        await pilot.press("down")
        await pilot.pause()
        assert expected[1].split("/")[1] in shown_text(screen.query_one("#briefing-detail"), 100)
        await pilot.press("escape")
        board = await _until(pilot, GameScreen)
        # Once a turn: back on the board it does not come again; F12 brings it back.
        for _ in range(3):
            await pilot.pause()
        assert app.screen is board
        shown = board.active_bindings["f12"].binding  # the footer names it
        assert shown.show and shown.description == "Briefing"
        await pilot.press("f12")
        await _until(pilot, BriefingScreen)


async def test_nothing_shows_before_every_red_player_has_signalled(tmp_path):
    state = RULES.setup(1, {"turns": 2})
    state = RULES.apply(state, SignalCards("RU", ("RU-05", "RU-17", "RU-RD")))
    assert state.phase is Phase.SIGNALING and state.signals.get("RU")
    app = app_on(state, saves_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandOverScreen):  # every seat a person: take the keyboard as the U.S.
            app.pop_screen()
            app.handing_over = False
        app.host.keyboard = "US"
        app.refresh_views()
        await pilot.pause()
        app.push_screen(BriefingScreen())
        screen = await _until(pilot, BriefingScreen)
        await pilot.pause()
        assert _listed(screen) == []
        intro = shown_text(screen.query_one("#briefing-intro"))
        assert "still sealed" in intro and "RU-05" not in intro
        assert "RU-05" not in shown_text(screen.query_one("#briefing-detail"))


def _briefing_text(state, seat: str) -> str:
    """Everything the briefing draws for ``seat`` (its list and every card's detail)."""
    import io

    from rich.console import Console

    from hedgemony_tui.games.hedgemony.engine.content import content_for

    seen = RULES.view(state, seat)
    content = content_for(seen.scenario)
    console = Console(width=120, file=io.StringIO(), record=True)
    signals = draw.signalled(seen, content)
    for pid, cards in signals:
        console.print(draw.player_line(seen, content, pid))
        for card in cards:
            console.print(draw.card_row(seen, content, pid, card))
            console.print(draw.card_detail(seen, content, pid, card))
    if not signals:
        console.print(draw.sealed_notice(seen, content))
    return console.export_text()


def test_the_briefing_is_the_same_when_a_red_hand_is_varied():
    state = new_state()
    while state.phase is not Phase.BLUE:
        state = RULES.apply(state, next(i for i in RULES.legal(state) if isinstance(i, SignalCards)))
    text = _briefing_text(state, "US")
    assert "RU" in text and all(card in text for cards in state.signals.values() for card in cards)
    for salt in (1, 2, 3):
        varied = RULES.vary_secrets(state, "US", salt)
        assert _briefing_text(varied, "US") == text
    # And during the signals: a Red player's sealed choice never reaches the U.S.
    sealed = RULES.apply(new_state(), SignalCards("RU", ("RU-05", "RU-17", "RU-RD")))
    other = attrs.evolve(sealed, signals={"RU": ("RU-03", "RU-17", "RU-RD")})
    assert _briefing_text(sealed, "US") == _briefing_text(other, "US")
    assert "RU-05" not in _briefing_text(sealed, "US")


async def _open_briefing(pilot) -> None:
    await _until(pilot, BriefingScreen)
    for _ in range(3):
        await pilot.pause()


def test_briefing_snapshot(snap_compare):
    app = app_on(new_state(), COMPUTER_RED, bot_delay=0)
    assert snap_compare(app, terminal_size=SIZE, run_before=_open_briefing)


def test_briefing_snapshot_no_color(snap_compare, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")  # read (and removed) when the app is built
    app = app_on(new_state(), COMPUTER_RED, bot_delay=0)
    assert snap_compare(app, terminal_size=(100, 30), run_before=_open_briefing)
