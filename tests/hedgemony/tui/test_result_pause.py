"""Every roll shown at the table: in a solo game (the U.S. a person, every other seat a
computer player) a result screen, drawn from the U.S. view, stops the game at each roll
of a Red card before play goes on; the pace setting says which rolls stop it; a roll
the person may not see never shows."""

from __future__ import annotations

from typing import cast

import pytest

from hedgemony_tui.games.hedgemony.engine.state import GameState, Phase
from hedgemony_tui.games.hedgemony.front.screens.resolution import ResultScreen, roll_involves, seen_rolls
from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.shell.front import Table
from hedgemony_tui.shell.screens.dialogs import PickScreen
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.shell.screens.result_pause import default_pace
from hedgemony_tui.table.feed import EVERY, NEVER
from tests.hedgemony.app_helpers import app_on, new_state
from tests.tui.tui_helpers import SIZE

RED = ("RU", "PRC", "DPRK", "IR")
SOLO = {"NATO": "basic", "RU": "basic", "PRC": "basic", "DPRK": "basic", "IR": "basic", "WHITE": "random-events"}
US_PLAYER = RULES.policy("basic")


def us_choice(state):
    """What a hurried person at the U.S. seat picks here: end the phase or stop committing
    when allowed (no forces sent: Red cards go through to their roll), else what the
    basic player would do."""
    own = [i for i in RULES.legal(state) if RULES.seat_of(i) == "US"]
    quick = [i for i in own if type(i).__name__ in ("EndInvestments", "EndPhase", "DoneCommitting")]
    if quick:
        return quick[0]
    return US_PLAYER.decide(RULES.view(state, "US"), own).intent


async def play_until(pilot, app, done, *, limit: int = 400) -> list[ResultScreen]:
    """Play the U.S. by hand and close each result screen with **n**, checking that the
    game waits on it; returns the result screens seen."""
    shown: list[ResultScreen] = []
    for _ in range(limit):
        await pilot.pause()
        if done(app.host.state):
            return shown
        screen = app.screen
        if isinstance(screen, ResultScreen):
            held = app.host.state
            await pilot.pause()
            await pilot.pause()
            assert app.host.state is held, "computer play went on under the result screen"
            shown.append(screen)
            await pilot.press("n")
            continue
        if isinstance(screen, GameScreen):
            if app.my_options():
                app.choose(us_choice(app.host.state))
        else:
            await pilot.press("escape")  # another screen of the game (a briefing): back to the board
    raise AssertionError(f"not done after {limit} steps: {RULES.pending(app.host.state).prompt}")


def red_card_rolls(state) -> set[int]:
    """The rolls of Red players the U.S. may see (numbers of their log entries)."""
    seen = RULES.view(state, "US")
    return {e.seq for e in seen.log if e.roll is not None and e.roll.roller in RED and e.phase is Phase.RED}


@pytest.mark.slow
async def test_every_red_roll_is_shown_to_a_solo_us_player_before_play_goes_on(tmp_path):
    app = app_on(new_state(seed=11, turns=1), SOLO, saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.pace == EVERY  # one person at the table: every roll by default
        shown = await play_until(
            pilot,
            app,
            lambda s: (
                s.phase is not Phase.RED
                and s.turn == 1
                and any(e.phase is Phase.RED for e in s.log)
                or s.phase is Phase.OVER
            ),
        )
        red = red_card_rolls(app.host.state)
        assert red, "no Red card was rolled in this game: pick another seed"
        shown_seqs = {e.seq for screen in shown for e in screen.entries if e.roll is not None}
        assert red <= shown_seqs, f"Red rolls never shown: {sorted(red - shown_seqs)}"
        # Each was drawn from the U.S. view: the seat, and no line the U.S. may not read.
        for screen in shown:
            assert screen.seat == "US"
            assert all(e.visible("US") for e in screen.entries)
        # A Red card's result names the table or bands, the odds before the roll and the changes.
        with_odds = [s for s in shown if s.preview is not None]
        assert with_odds, "no result showed the odds before the roll"


@pytest.mark.slow
async def test_the_pace_none_stops_for_no_computer_roll_and_the_key_changes_it(tmp_path):
    app = app_on(new_state(seed=11, turns=1), SOLO, saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert isinstance(app.screen, PickScreen)
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert app.pace == NEVER
        shown = await play_until(pilot, app, lambda s: bool(red_card_rolls(s)) or s.phase is Phase.OVER)
        # Only the person's own rolls may still show (the U.S. rolls no Red card).
        assert all(any(e.roll.roller == "US" for e in s.entries if e.roll is not None) for s in shown)
        assert red_card_rolls(app.host.state)


def test_the_default_pace_and_who_a_roll_involves():
    assert default_pace() == EVERY  # never by the number of people (issue 28: it changed by itself)
    # A Red card roll that changes the U.S. points involves the U.S.; NATO's untouched seat may not be.
    from hedgemony_tui.table import match

    state = new_state(seed=11, turns=1)
    policies = match.policies_for(RULES, {s: "basic" for s in ("US", *SOLO) if s != "WHITE"})
    control = RULES.control_bot("random-events")
    found = untouched = 0
    for _ in range(600):
        step = match.next_choice(RULES, state, policies, control)
        if step is None:
            break
        after = RULES.apply(state, step[1].intent)
        before_us, after_us = RULES.view(state, "US"), RULES.view(after, "US")
        rolls = seen_rolls(before_us, after_us, "US")
        if rolls and any(e.roll.roller in RED for e in rolls) and state.run is not None:
            found += 1
            touches_us = any(c.player == "US" for e in after_us.log[len(before_us.log) :] for c in e.changes)
            committed = any(c.stack.startswith("US") for c in state.run.blue)
            if touches_us or committed or state.run.actor == "US":
                assert roll_involves(before_us, after_us, "US")
            elif step[0] != "US" and not any(c.player == "US" for e in rolls for c in e.changes):
                untouched += not roll_involves(before_us, after_us, "US")
        state = after
        if state.phase is Phase.OVER:
            break
    assert found and untouched  # some Red rolls concern the U.S., others do not


@pytest.mark.slow
@pytest.mark.parametrize("seat", ["US", "RU"])
def test_a_private_roll_shows_nothing_to_another_seat(seat):
    from hedgemony_tui.games.hedgemony.front.adapter import HedgemonyFront

    class Stub:
        rules = RULES

    table = cast(Table, Stub())  # result_screen reads only the table's rules
    front = HedgemonyFront()
    state = new_state(seed=3, turns=1)
    policies = {s.id: RULES.policy("basic") for s in RULES.seats() if not s.control}
    from hedgemony_tui.table import match

    control = RULES.control_bot("random-events")
    checked = 0
    for _ in range(800):
        step = match.next_choice(RULES, state, policies, control)
        if step is None or state.phase is Phase.OVER:
            break
        after = RULES.apply(state, step[1].intent)
        hidden = [e for e in after.log[len(state.log) :] if e.roll is not None and not e.visible(seat)]
        seen = [e for e in after.log[len(state.log) :] if e.roll is not None and e.visible(seat)]
        if hidden and not seen:
            assert (
                front.result_screen(table, step[1].intent, RULES.view(state, seat), RULES.view(after, seat), seat)
                is None
            )
            # The roller itself sees it.
            roller = hidden[0].roll.roller
            assert (
                front.result_screen(table, step[1].intent, RULES.view(state, roller), RULES.view(after, roller), roller)
                is not None
            )
            checked += 1
        state = after
    assert checked, "no private roll in this game: pick another seed"


@pytest.mark.slow
async def test_the_pace_on_the_new_game_form_never_changes_by_itself(tmp_path):
    from textual.widgets import Select

    from hedgemony_tui.shell.app import build_app
    from hedgemony_tui.shell.screens.new_game import NewGameScreen

    app = build_app(saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        pace = app.screen.query_one("#pace", Select)
        assert pace.value == EVERY  # the U.S. a person, every other seat a computer
        app.screen.query_one("#kind-RU", Select).value = "human"
        await pilot.pause()
        assert pace.value == EVERY  # a second person changes nothing by itself
        pace.value = NEVER
        await pilot.pause()
        app.screen.query_one("#kind-RU", Select).value = "basic"
        await pilot.pause()
        assert pace.value == NEVER  # chosen on the form: kept
        app.screen.action_start()
        for _ in range(3):
            await pilot.pause()
        assert app.session is not None and app.pace == NEVER


# --- snapshots ----------------------------------------------------------------------------


def red_roll() -> tuple[GameState, GameState]:
    """The states around the first Red card roll that changes the U.S. points, all seats basic."""
    from hedgemony_tui.table import match

    state = new_state(seed=11, turns=1)
    policies = match.policies_for(RULES, {s.id: "basic" for s in RULES.seats() if not s.control})
    control = RULES.control_bot("none")
    for _ in range(800):
        found = match.next_choice(RULES, state, policies, control)
        assert found is not None, "a computer seat owes this decision"
        seat, choice = found
        after = RULES.apply(state, choice.intent)
        if (
            seat in RED
            and type(choice.intent).__name__ == "RollDie"
            and state.run is not None
            and any(c.player == "US" for e in after.log[len(state.log) :] for c in e.changes)
        ):
            return state, after
        state = after
    raise AssertionError("no Red roll against the U.S.")


def _harness(before, after):
    from textual.app import App

    class Harness(App[None]):
        def on_mount(self) -> None:
            self.push_screen(ResultScreen(RULES.view(before, "US"), RULES.view(after, "US"), "US"))

    return Harness()


def test_red_roll_result_snapshot(snap_compare):
    before, after = red_roll()
    assert snap_compare(_harness(before, after), terminal_size=SIZE)


def test_red_roll_result_snapshot_no_color(snap_compare, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")  # read (and removed) when the app is built
    before, after = red_roll()
    assert snap_compare(_harness(before, after), terminal_size=(100, 30))


def test_a_red_roll_result_shows_the_us_nothing_more_when_other_secrets_change():
    """The result screen is drawn from the viewer's views: varying what the U.S. may not
    see (other players' hidden capabilities and private lines, the dice's future) in the
    states before and after the roll changes nothing on it."""
    import io

    from rich.console import Console

    from hedgemony_tui.games.hedgemony.front.render import resolution as draw

    def text(before, after) -> str:
        screen = ResultScreen(RULES.view(before, "US"), RULES.view(after, "US"), "US")
        rolls = [e for e in screen.entries if e.roll is not None]
        console = Console(width=120, record=True, file=io.StringIO(), color_system=None)
        for part in (
            screen._title(rolls),
            screen._detail(rolls),
            screen._journal(),
            draw.changes_table([c for e in screen.entries for c in e.changes]),
            draw.odds_table(screen.preview) if screen.preview is not None else "",
        ):
            console.print(part)
        return console.export_text()

    before, after = red_roll()
    shown = text(before, after)
    assert "Odds before the roll" in shown and "US" in shown
    for salt in (1, 2):
        assert text(RULES.vary_secrets(before, "US", salt), RULES.vary_secrets(after, "US", salt)) == shown
