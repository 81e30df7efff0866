"""The end of the game: a shell screen that opens once the game is over (and again by
Ctrl+R), saying who won and why, the seed, the game's own report (Hedgemony: each
victory condition with its numbers, the decisive rolls with their odds, the Red
signals against the plays) and charts by turn drawn from a replay of the journal."""

from __future__ import annotations

import io
from typing import cast

import pytest
from rich.console import Console
from textual.widgets import Static

from hedgemony_tui.games.hedgemony.engine.content import content_for
from hedgemony_tui.games.hedgemony.engine.victory import explain_victory
from hedgemony_tui.games.hedgemony.front.end_report import end_report, roll_chance, tracks
from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.games.template import rules as template
from hedgemony_tui.shell.app import build_app
from hedgemony_tui.shell.charts import chart, sample_tracks, spark
from hedgemony_tui.shell.front import Table
from hedgemony_tui.shell.screens.dialogs import ConfirmScreen
from hedgemony_tui.shell.screens.end_game import EndGameScreen
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.table import match
from hedgemony_tui.table.saves import SavedGame
from hedgemony_tui.table.seats import Seats
from hedgemony_tui.table.session import Session
from tests.hedgemony.app_helpers import new_state
from tests.tui.tui_helpers import SIZE

SEED = 5_550_123_456_789_012_345
SOLO = {"NATO": "basic", "RU": "basic", "PRC": "basic", "DPRK": "basic", "IR": "basic", "WHITE": "none"}


def plain(renderable, width: int = 140) -> str:
    console = Console(width=width, record=True, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return console.export_text()


@pytest.fixture(scope="module")
def finished() -> SavedGame:
    """A one-turn game played to its end by the computer, with its journal."""
    start = new_state(seed=SEED, turns=1)
    session = Session(RULES, start)
    policies = match.policies_for(RULES, {s.id: "basic" for s in RULES.seats() if not s.control})
    match.play(
        RULES,
        start,
        policies,
        RULES.control_bot("none"),
        apply=lambda state, seat, choice: session.apply(choice.intent, by="basic", reason=choice.reason),
    )
    assert RULES.pending(session.state).over
    return SavedGame(RULES, session.state, start, tuple(session.journal), Seats.of_specs(RULES.seats(), SOLO))


class Seen:
    """A table stub: the finished state as ``seat`` sees it."""

    def __init__(self, state, seat: str) -> None:
        self.state, self.seat = state, seat

    def seen_state(self):
        return RULES.view(self.state, self.seat)

    def as_table(self) -> Table:
        # end_report takes the shell's whole Table but reads only seen_state.
        return cast(Table, self)


def test_every_victory_condition_is_judged_with_its_numbers(finished):
    state = finished.state
    content = content_for(state.scenario)

    def forces_at(player, location):
        return sum(s.ffs for s in state.stacks if s.owner == player and s.location == location)

    lines = explain_victory(content.scenario, {p.id: p.ip for p in state.players}, forces_at)
    assert {line.player for line in lines} == set(content.scenario.player_ids)
    for player in content.scenario.player_ids:
        tops = [line for line in lines if line.player == player and line.which == "win" and line.depth == 0]
        assert len(tops) == 1
        # A winner's win condition holds; a player whose condition fails has not won.
        assert tops[0].met or player not in state.winners
        assert player not in state.winners or tops[0].met
        assert any(f"{player} has {state.player(player).ip} IP" in line.text for line in lines if line.player == player)


def test_the_report_names_conditions_rolls_with_odds_and_signals(finished):
    sections = dict(end_report(Seen(finished.state, "US").as_table()))
    assert list(sections) == ["Victory conditions", "Decisive rolls", "Red signals and the cards played"]
    victory = plain(sections["Victory conditions"])
    assert "[met]" in victory and "[not met]" in victory and "to win" in victory
    rolls = plain(sections["Decisive rolls"])
    assert "%" in rolls and "Chance before" in rolls
    signals = plain(sections["Red signals and the cards played"])
    assert all(red in signals for red in ("RU", "PRC", "DPRK", "IR"))


def test_roll_chances_agree_with_the_engines_odds_before_the_roll(finished):
    """For each table roll, the chance read from the log equals the share of the ten faces
    that the engine, replayed from the state before the roll, turns into that result."""
    from hedgemony_tui.games.hedgemony.engine.odds import roll_preview

    content = content_for(finished.state.scenario)
    state = finished.start
    checked = 0
    for entry in finished.journal:
        after = RULES.apply(state, entry.intent)
        if state.roll_request is not None and type(entry.intent).__name__ == "RollDie":
            preview = roll_preview(state, content)
            assert preview is not None  # a die is asked for: its odds are known
            for logged in after.log[len(state.log) :]:
                if logged.roll is not None and logged.roll.table == preview.table and logged.roll.result:
                    chance = roll_chance(logged, content)
                    if chance is not None and preview.column == logged.roll.column:
                        expected = sum(1 for f in preview.faces if f.result == logged.roll.result) / len(preview.faces)
                        assert chance == pytest.approx(expected), logged.roll
                        checked += 1
        state = after
    assert checked


def test_the_report_does_not_change_with_another_seats_secrets(finished):
    for salt in (1, 2):
        varied = RULES.vary_secrets(finished.state, "US", salt)
        for (title, body), (_, again) in zip(
            end_report(Seen(finished.state, "US").as_table()), end_report(Seen(varied, "US").as_table())
        ):
            assert plain(body) == plain(again), title


def test_charts_by_turn_are_sampled_by_replay_and_read_without_colour(finished):
    samples = sample_tracks(RULES, finished.start, [e.intent for e in finished.journal], "US", tracks)
    assert [label for label, _ in samples] == ["T1", "end"]
    assert set(samples[0][1]) == {"IP", "RP", "FFs", "Tech Level"}
    start_ip = {p.id: float(p.ip) for p in finished.start.players}
    assert samples[0][1]["IP"] == start_ip
    assert samples[-1][1]["IP"] == {p.id: float(p.ip) for p in finished.state.players}
    text = plain(chart("IP", samples))
    assert "IP by turn" in text and "T1" in text and "end" in text
    for seat, value in start_ip.items():
        assert seat in text and str(int(value)) in text
    assert spark([0, 5, 10], 0, 10) == "▁▅█"


async def test_the_end_screen_opens_once_then_by_key_and_shows_the_seed(finished, tmp_path):
    saved = SavedGame(
        finished.rules, finished.state, finished.start, finished.journal, Seats.of_specs(RULES.seats(), {**SOLO})
    )
    app = build_app(saved, saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(4):
            await pilot.pause()
        assert isinstance(app.screen, EndGameScreen)
        text = " ".join(plain(w.content) for w in app.screen.query(Static))
        assert f"The seed was {SEED}" in text
        assert "Victory conditions" in text and "IP by turn" in text and "Tech Level by turn" in text
        assert "US" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, GameScreen)  # not pushed again by itself
        prompt = plain(app.screen.query_one("#decision-prompt", Static).content)
        assert "Ctrl+R opens the end report again" in prompt  # the board names the key
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, EndGameScreen)


async def test_d_writes_the_debrief_pack_into_the_saves_folder(finished, tmp_path):
    """Issue 22: a key at the end of a game writes the debrief pack (``hedgemony aar``)."""
    app = build_app(finished, saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        for _ in range(4):
            await pilot.pause()
        assert isinstance(app.screen, EndGameScreen)
        await pilot.press("d")
        await pilot.pause()
        # It asks first, naming the folder; n writes nothing, y writes it.
        assert isinstance(app.screen, ConfirmScreen) and str(tmp_path) in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert not list(tmp_path.glob("hedgemony-debrief-*"))
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        packs = list(tmp_path.glob("hedgemony-debrief-*"))
        assert len(packs) == 1
        assert {p.name for p in packs[0].iterdir()} >= {"report.md", "report.html", "figures.csv", "rolls.csv"}
        assert any("Debrief pack written" in n.message for n in app._notifications)


async def test_a_game_without_a_report_gets_the_shells_frame(tmp_path, toy_registered):
    rules = template.RULES
    state = rules.setup(SEED, {"target": 3})
    app = build_app(
        SavedGame(rules, state, state, (), Seats.of_specs(rules.seats(), {"B": "first"})),
        saves_dir=tmp_path,
        bot_delay=0,
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert str(SEED) not in " ".join(plain(w.content) for w in app.screen.query(Static))
        app.screen.query_one("#decision-filter").focus()
        await pilot.press("2", "enter")
        for _ in range(6):
            await pilot.pause()
        assert rules.pending(app.host.state).over and isinstance(app.screen, EndGameScreen)
        text = " ".join(plain(w.content) for w in app.screen.query(Static))
        assert "The game is over" in text and str(SEED) in text and "WON" in text


def _end_app(finished, tmp_path):
    return build_app(
        SavedGame(
            finished.rules, finished.state, finished.start, finished.journal, Seats.of_specs(RULES.seats(), SOLO)
        ),
        saves_dir=tmp_path,
        bot_delay=0,
    )


async def _settled(pilot) -> None:
    for _ in range(4):
        await pilot.pause()
    pilot.app.clear_notifications()
    await pilot.pause()


def test_end_game_snapshot(snap_compare, finished, tmp_path):
    assert snap_compare(_end_app(finished, tmp_path), terminal_size=SIZE, run_before=_settled)


def test_end_game_snapshot_no_color(snap_compare, finished, tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")  # read (and removed) when the app is built
    assert snap_compare(_end_app(finished, tmp_path), terminal_size=(100, 30), run_before=_settled)
